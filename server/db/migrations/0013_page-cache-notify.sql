-- As 0012, and where the session asked for it (page_cache.notify = on, set by the render cache on
-- the embedded database, which has one process), a NOTIFY at the same commit: PGlite delivers it
-- to that process before the committing call returns, so its render cache need not read the
-- version on every request (decision 022). PostgreSQL sessions never set it: instances there read
-- the version each time, and no commit takes the notification queue's lock.
CREATE OR REPLACE FUNCTION "bump_page_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('page_cache.bumped', true), '') <> 'on' THEN
    UPDATE "page_cache_version" SET "version" = "version" + 1 WHERE "id" = 1;
    PERFORM set_config('page_cache.bumped', 'on', true);
    IF coalesce(current_setting('page_cache.notify', true), '') = 'on' THEN
      PERFORM pg_notify('page_cache_version', '');
    END IF;
  END IF;
  RETURN NULL;
END
$$;
