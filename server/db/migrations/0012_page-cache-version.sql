CREATE TABLE "page_cache_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_cache_version" ADD CONSTRAINT "page_cache_version_one_row" CHECK ("id" = 1);--> statement-breakpoint
INSERT INTO "page_cache_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Raises the version once per transaction. Called by deferred constraint triggers, so it runs at
-- commit, after every other lock the transaction takes: the row is held only for the commit
-- itself and cannot be part of a deadlock. A page cache that reads the new version therefore
-- also reads the committed data (decision 020).
CREATE FUNCTION "bump_page_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('page_cache.bumped', true), '') <> 'on' THEN
    UPDATE "page_cache_version" SET "version" = "version" + 1 WHERE "id" = 1;
    PERFORM set_config('page_cache.bumped', 'on', true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every table whose rows a public page shows (content, dates, places left, codes, pictures).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['events', 'private_pages', 'registrations', 'payments', 'refunds', 'waitlist_entries', 'waitlist_offers',
                           'event_disruptions', 'disruption_responses', 'event_interest', 'blog_posts', 'uploads', 'stored_files'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER page_cache_version_bump AFTER INSERT OR UPDATE OR DELETE ON %I '
                   'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_cache_version()', t);
    EXECUTE format('CREATE TRIGGER page_cache_version_truncate AFTER TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION bump_page_cache_version()', t);
  END LOOP;
END
$$;
