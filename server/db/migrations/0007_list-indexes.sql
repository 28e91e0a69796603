DROP INDEX "blog_posts_published_date_idx";--> statement-breakpoint
CREATE INDEX "blog_posts_published_list_idx" ON "blog_posts" USING btree ("date","created_at","id") WHERE "blog_posts"."published";--> statement-breakpoint
CREATE INDEX "events_calendar_end_idx" ON "events" USING btree ("end_date","status") WHERE "events"."listed" and "events"."status" <> 'cancelled';