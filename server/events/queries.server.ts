import { and, asc, count, eq, gt, inArray, ne, or } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { events, registrations, type Event } from "../db/schema.server";
import type { PrivatePageKey } from "../access/pages.server";

/**
 * Places taken per event: confirmed registrations plus holds that have not expired.
 * The same rule the booking transaction uses, so lists and bookings agree.
 */
export async function placesTakenByEvent(db: DbOrTx, eventIds: string[], now: Date): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: registrations.eventId, taken: count() })
    .from(registrations)
    .where(
      and(
        inArray(registrations.eventId, eventIds),
        or(
          eq(registrations.status, "confirmed"),
          and(eq(registrations.status, "pending_payment"), gt(registrations.holdExpiresAt, now)),
        ),
      ),
    )
    .groupBy(registrations.eventId);
  return new Map(rows.map((r) => [r.eventId, Number(r.taken)]));
}

/** Listed, not cancelled events that have not ended, soonest first (the home page's list). */
export async function upcomingListedEvents(db: DbOrTx, now: Date, limit: number): Promise<Event[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.listed, true), ne(events.status, "cancelled"), ne(events.status, "completed"), gt(events.endDate, now)))
    .orderBy(asc(events.startDate))
    .limit(limit);
}

/** Every listed, not cancelled event, by start date: the calendar. Private pages' events never appear. */
export async function listedEvents(db: DbOrTx): Promise<Event[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.listed, true), ne(events.status, "cancelled")))
    .orderBy(asc(events.startDate), asc(events.name));
}

/** One listed, not cancelled event; undefined for unknown slugs and for private pages' events. */
export async function listedEventBySlug(db: DbOrTx, slug: string): Promise<Event | undefined> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.slug, slug), eq(events.listed, true), ne(events.status, "cancelled")))
    .limit(1);
  return event;
}

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
