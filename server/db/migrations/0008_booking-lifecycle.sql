CREATE TYPE "public"."audit_actor" AS ENUM('participant', 'staff', 'provider', 'system');--> statement-breakpoint
CREATE TYPE "public"."waitlist_offer_status" AS ENUM('open', 'accepted', 'lapsed', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."waitlist_status" AS ENUM('waiting', 'offered', 'booked', 'lapsed', 'removed');--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'manual';--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"registration_id" uuid,
	"event_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_type" "audit_actor" NOT NULL,
	"actor_id" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"reason" text NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"requested_by" text NOT NULL,
	"failure_reason" text,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"places" integer DEFAULT 1 NOT NULL,
	"message" text,
	"locale" text DEFAULT 'nl' NOT NULL,
	"status" "waitlist_status" DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"places" integer NOT NULL,
	"status" "waitlist_offer_status" DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "balance_due_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_until_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waitlist_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "balance_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "balance_due_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_registration_idx" ON "audit_log" USING btree ("registration_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_event_idx" ON "audit_log" USING btree ("event_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "refunds_registration_idx" ON "refunds" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_event_idx" ON "waitlist_entries" USING btree ("event_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_event_email_uq" ON "waitlist_entries" USING btree ("event_id",lower("email")) WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_offers_event_status_idx" ON "waitlist_offers" USING btree ("event_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_entry_idx" ON "waitlist_offers" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "registrations_offer_idx" ON "registrations" USING btree ("waitlist_offer_id");--> statement-breakpoint
-- Refunds become rows of their own: every payment refunded so far gets its refund row (the id is
-- read from the note the old code wrote), and the payment itself stays "paid" (money: paid minus refunded).
INSERT INTO "refunds" ("registration_id", "payment_id", "amount_cents", "currency", "reason", "status", "provider_refund_id", "idempotency_key", "requested_by", "succeeded_at", "created_at", "updated_at")
SELECT "registration_id", "id", "amount_cents", "currency", coalesce("failure_reason", 'Refunded'), 'succeeded',
       substring("failure_reason" from '\(((?:test_)?re_[A-Za-z0-9_-]+)\)'), 'migrated-' || "id", 'system',
       coalesce("refunded_at", "updated_at"), coalesce("refunded_at", "updated_at"), coalesce("refunded_at", "updated_at")
FROM "payments" WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "payments" SET "status" = 'paid' WHERE "status" = 'refunded';
