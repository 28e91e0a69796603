CREATE TABLE "booking_places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"is_booker" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"locale" text DEFAULT 'nl' NOT NULL,
	"birth_date" date,
	"street" text,
	"city" text,
	"postal_code" text,
	"country" text,
	"next_of_kin_name" text,
	"next_of_kin_phone" text,
	"waiver_version" text,
	"waiver_accepted_at" timestamp with time zone,
	"details_completed_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_share_cents" integer,
	"replaced_at" timestamp with time zone,
	"replaced_by_id" uuid,
	"personal_data_erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_places_per_booking" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "participant_deadline_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "places" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "booker_sails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "participants_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_places" ADD CONSTRAINT "booking_places_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_places_registration_idx" ON "booking_places" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "booking_places_email_idx" ON "booking_places" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "booking_places_number_uq" ON "booking_places" USING btree ("registration_id","number") WHERE "booking_places"."replaced_at" is null;--> statement-breakpoint
-- Every booking so far is one place whose booker sails (decision 042): place 1 gets the
-- registration's own participant, with the values it had. Nothing in "registrations" changes: its
-- birth date and emergency contact stay as they were (read no more, erased with the person, and
-- dropped by a later migration), so going back to the previous release loses nothing.
INSERT INTO "booking_places" (
  "registration_id", "number", "is_booker", "name", "email", "locale", "birth_date", "street", "city",
  "postal_code", "country", "next_of_kin_name", "next_of_kin_phone", "waiver_version", "waiver_accepted_at",
  "details_completed_at", "invited_at", "personal_data_erased_at", "created_at", "updated_at"
)
SELECT "id", 1, true, "customer_name", "customer_email", "locale", "birth_date", "street", "city",
  "postal_code", "country", "next_of_kin_name", "next_of_kin_phone", "waiver_version", "terms_accepted_at",
  "created_at", null, "personal_data_erased_at", "created_at", "updated_at"
FROM "registrations";
