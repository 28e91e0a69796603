-- How often a booking moved to another date, and when it last did (the calendar file's SEQUENCE,
-- and the balance's due date never before the move). Bookings moved before this migration get
-- their count and date from the audit trail, so their next calendar file still replaces the last.
ALTER TABLE "registrations" ADD COLUMN "move_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "moved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "registrations" SET "move_count" = "moves"."n", "moved_at" = "moves"."last"
FROM (
  SELECT "registration_id", count(*)::integer AS "n", max("at") AS "last"
  FROM "audit_log"
  WHERE "action" = 'registration.moved' AND "registration_id" IS NOT NULL
  GROUP BY "registration_id"
) AS "moves"
WHERE "moves"."registration_id" = "registrations"."id";
