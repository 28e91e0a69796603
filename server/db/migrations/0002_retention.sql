ALTER TABLE "registrations" ALTER COLUMN "birth_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "next_of_kin_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "next_of_kin_phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "personal_data_erased_at" timestamp with time zone;