CREATE TYPE "public"."crew_item_asked" AS ENUM('registration', 'later');--> statement-breakpoint
CREATE TYPE "public"."crew_item_kind" AS ENUM('short_text', 'long_text', 'choice_one', 'choice_many', 'yes_no', 'date', 'number', 'country', 'file', 'qualification', 'passport');--> statement-breakpoint
CREATE TYPE "public"."crew_role" AS ENUM('skipper', 'mate', 'watch_leader', 'crew');--> statement-breakpoint
ALTER TYPE "public"."registration_status" ADD VALUE 'applied';--> statement-breakpoint
ALTER TYPE "public"."registration_status" ADD VALUE 'declined';--> statement-breakpoint
CREATE TABLE "crew_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"value" jsonb,
	"sealed" text,
	"answered_at" timestamp with time zone NOT NULL,
	"unlocked_until" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crew_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sealed_name" text,
	"sealed_bytes" "bytea",
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crew_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" "crew_item_kind" NOT NULL,
	"label_nl" text NOT NULL,
	"label_en" text NOT NULL,
	"help_nl" text,
	"help_en" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"follow_up_nl" text,
	"follow_up_en" text,
	"qualification_name" text,
	"asked" "crew_item_asked" DEFAULT 'later' NOT NULL,
	"due_days_before" integer,
	"required" boolean DEFAULT true NOT NULL,
	"health" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crew_reminders" (
	"place_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"stage" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crew_reminders_place_id_due_on_stage_pk" PRIMARY KEY("place_id","due_on","stage")
);
--> statement-breakpoint
CREATE TABLE "event_skippers" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_skippers_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "health_data_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"user_email" text NOT NULL,
	"event_id" uuid NOT NULL,
	"place_id" uuid,
	"what" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_places" ADD COLUMN "crew_role" "crew_role" DEFAULT 'crew' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "approval_hold_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "offshore" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "crew_rule" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "health_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "decision_message" text;--> statement-breakpoint
ALTER TABLE "crew_answers" ADD CONSTRAINT "crew_answers_place_id_booking_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."booking_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_answers" ADD CONSTRAINT "crew_answers_item_id_crew_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."crew_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_files" ADD CONSTRAINT "crew_files_place_id_booking_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."booking_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_files" ADD CONSTRAINT "crew_files_item_id_crew_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."crew_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_items" ADD CONSTRAINT "crew_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_reminders" ADD CONSTRAINT "crew_reminders_place_id_booking_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."booking_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_skippers" ADD CONSTRAINT "event_skippers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_skippers" ADD CONSTRAINT "event_skippers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crew_answers_place_item_uq" ON "crew_answers" USING btree ("place_id","item_id");--> statement-breakpoint
CREATE INDEX "crew_answers_item_idx" ON "crew_answers" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "crew_files_place_idx" ON "crew_files" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "crew_items_event_idx" ON "crew_items" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "event_skippers_user_idx" ON "event_skippers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "health_data_views_event_idx" ON "health_data_views" USING btree ("event_id","viewed_at");