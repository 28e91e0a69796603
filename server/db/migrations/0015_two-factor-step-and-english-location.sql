-- The last TOTP time step a staff account signed in with: a step is taken once (a code replayed
-- within its window is refused).
ALTER TABLE "two_factor" ADD COLUMN "last_totp_step" integer;--> statement-breakpoint
-- An event's place name in English, optional like its English name.
ALTER TABLE "events" ADD COLUMN "location_en" text;--> statement-breakpoint
-- The demo's home harbour was seeded as "Scheveningen, Derde Haven" in both languages; every other
-- text of the site calls it "Scheveningen, 3e haven" / "Scheveningen, 3rd harbour". Only rows
-- holding exactly the seed's text change.
UPDATE "events" SET "location" = 'Scheveningen, 3e haven', "location_en" = 'Scheveningen, 3rd harbour' WHERE "location" = 'Scheveningen, Derde Haven';
