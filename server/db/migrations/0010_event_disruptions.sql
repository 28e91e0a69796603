CREATE TYPE "public"."disruption_choice" AS ENUM('pending', 'moved', 'refunded', 'closed');--> statement-breakpoint
CREATE TYPE "public"."disruption_kind" AS ENUM('cancelled', 'moved');--> statement-breakpoint
CREATE TABLE "disruption_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"disruption_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"choice" "disruption_choice" DEFAULT 'pending' NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"target_event_id" uuid,
	"reminder_sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disruption_responses_registration_id_unique" UNIQUE("registration_id")
);
--> statement-breakpoint
CREATE TABLE "event_disruptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" "disruption_kind" NOT NULL,
	"new_event_id" uuid,
	"created_by" text NOT NULL,
	"announced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_disruptions_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_message" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_message_en" text;--> statement-breakpoint
ALTER TABLE "disruption_responses" ADD CONSTRAINT "disruption_responses_disruption_id_event_disruptions_id_fk" FOREIGN KEY ("disruption_id") REFERENCES "public"."event_disruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_responses" ADD CONSTRAINT "disruption_responses_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_responses" ADD CONSTRAINT "disruption_responses_target_event_id_events_id_fk" FOREIGN KEY ("target_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_disruptions" ADD CONSTRAINT "event_disruptions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_disruptions" ADD CONSTRAINT "event_disruptions_new_event_id_events_id_fk" FOREIGN KEY ("new_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disruption_responses_pending_idx" ON "disruption_responses" USING btree ("choice","disruption_id");