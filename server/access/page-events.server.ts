import { and, asc, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { events, type Event } from "../db/schema.server";
import type { PrivatePageKey } from "./pages.server";

/**
 * The events a private page shows: those linked to it (`privatePageKey`), soonest first.
 * Which event a page shows is data, never an id in code. Cancelled events are left out.
 */
export async function eventsOnPrivatePage(db: DbOrTx, pageKey: PrivatePageKey): Promise<Event[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.privatePageKey, pageKey), ne(events.status, "cancelled")))
    .orderBy(asc(events.startDate));
}

/** One event by its slug (the public special pages: /arc, /sail-out). */
export async function eventBySlug(db: DbOrTx, slug: string): Promise<Event | undefined> {
  const [row] = await db.select().from(events).where(eq(events.slug, slug)).limit(1);
  return row;
}
