-- The registration form now asks an event's crew-file items marked "asked at registration"
-- (issue 27): the public pages that show the form (calendar, home, private pages) carry them, so
-- a change of crew_items must empty the render cache like a change of the events they belong to
-- (decision 020's triggers, migration 0012). Adds triggers only; changes no row.
CREATE CONSTRAINT TRIGGER page_cache_version_bump AFTER INSERT OR UPDATE OR DELETE ON "crew_items"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_cache_version();--> statement-breakpoint
CREATE TRIGGER page_cache_version_truncate AFTER TRUNCATE ON "crew_items"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_page_cache_version();
