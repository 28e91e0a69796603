ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_currency" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "client_key" text;