import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, lte, ne, not, or, sql, type SQL } from "drizzle-orm";
import type { Locale } from "~/i18n";
import type { DbOrTx } from "../db/client.server";
import { events, registrations, waitlistOffers, type Event } from "../db/schema.server";
import type { PrivatePageKey } from "../access/pages.server";

/** A booking that holds its places: confirmed, or a hold that has not expired. */
export function liveRegistration(now: Date): SQL {
  return or(eq(registrations.status, "confirmed"), and(eq(registrations.status, "pending_payment"), gt(registrations.holdExpiresAt, now)))!;
}

/**
 * Places taken per event: confirmed registrations, holds that have not expired, and the places
 * open, unexpired waiting-list offers still hold (an offer's places minus the live registrations
 * made through it, which are counted as registrations already). The same rule the booking
 * transaction uses, so lists and bookings agree (decision 014).
 *
 * `excludeOfferId`: leave that offer's held places out, for a registration made through it (the
 * places it holds are the ones this registration may take).
 */
export async function placesTakenByEvent(
  db: DbOrTx,
  eventIds: string[],
  now: Date,
  options: { excludeOfferId?: string } = {},
): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  // A booking takes its places (decision 042).
  const rows = await db
    .select({ eventId: registrations.eventId, taken: sql<number>`coalesce(sum(${registrations.places}), 0)`.mapWith(Number) })
    .from(registrations)
    .where(and(inArray(registrations.eventId, eventIds), liveRegistration(now)))
    .groupBy(registrations.eventId);
  const taken = new Map(rows.map((r) => [r.eventId, Number(r.taken)]));
  for (const offer of await offerUse(db, eventIds, now)) {
    if (offer.offerId === options.excludeOfferId) continue;
    const held = Math.max(0, offer.places - offer.used);
    if (held > 0) taken.set(offer.eventId, (taken.get(offer.eventId) ?? 0) + held);
  }
  return taken;
}

/**
 * The open, unexpired waiting-list offers of these events with how many of their places live
 * registrations already use (`used`).
 */
export async function offerUse(
  db: DbOrTx,
  eventIds: string[],
  now: Date,
): Promise<{ offerId: string; eventId: string; places: number; used: number }[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({ offerId: waitlistOffers.id, eventId: waitlistOffers.eventId, places: waitlistOffers.places, used: sql<number>`coalesce(sum(${registrations.places}), 0)`.mapWith(Number) })
    .from(waitlistOffers)
    .leftJoin(registrations, and(eq(registrations.waitlistOfferId, waitlistOffers.id), liveRegistration(now)))
    .where(and(inArray(waitlistOffers.eventId, eventIds), eq(waitlistOffers.status, "open"), gt(waitlistOffers.expiresAt, now)))
    .groupBy(waitlistOffers.id);
  return rows.map((r) => ({ ...r, used: Number(r.used) }));
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

/** What the calendar can filter on: the display status (`displayStatus()`), computed in SQL. */
export type CalendarFilter = "all" | "upcoming" | "live" | "completed";

// A date the team cancelled or moved with a message (decision 015) stays on, shown as cancelled.
const onCalendar = and(eq(events.listed, true), or(ne(events.status, "cancelled"), isNotNull(events.cancellationMessage)))!;

/**
 * The calendar's two runs, as `displayStatus()` splits them. Finished: marked completed or past
 * its end. Active (live or upcoming): neither. Written as plain comparisons on indexed columns so
 * each run is read in order from an index (`events_start_date_idx`, `events_calendar_end_idx`
 * backwards) and a page stops after its rows.
 */
function finished(now: Date): SQL {
  return or(eq(events.status, "completed"), lt(events.endDate, now))!;
}
function active(now: Date): SQL {
  return and(ne(events.status, "completed"), gte(events.endDate, now))!;
}
function live(now: Date): SQL {
  return or(eq(events.status, "live"), eq(events.status, "ongoing"), lte(events.startDate, now))!;
}

/** How many calendar events each filter shows (one scan of the listed events, no rows sent). */
export async function calendarCounts(db: DbOrTx, now: Date): Promise<Record<CalendarFilter, number>> {
  const [row] = await db
    .select({
      all: count(),
      completed: count(sql`case when ${finished(now)} then 1 end`),
      live: count(sql`case when ${and(active(now), live(now))} then 1 end`),
    })
    .from(events)
    .where(onCalendar);
  const all = Number(row?.all ?? 0);
  const completed = Number(row?.completed ?? 0);
  const liveCount = Number(row?.live ?? 0);
  return { all, completed, live: liveCount, upcoming: all - completed - liveCount };
}

/**
 * One page of the calendar in its order (`calendarOrder()` in ~/lib/events): live and upcoming
 * events soonest first, then finished ones most recent first; the name in the visitor's
 * language, then the id, break ties, so pages never overlap or leave a gap. `offset`/`limit`
 * count across both runs; `counts` (from `calendarCounts`) says where the active run ends.
 */
export async function calendarEvents(
  db: DbOrTx,
  now: Date,
  locale: Locale,
  { filter, limit, offset = 0, counts }: { filter: CalendarFilter; limit: number; offset?: number; counts: Record<CalendarFilter, number> },
): Promise<Event[]> {
  const name = locale === "en" ? sql`coalesce(nullif(${events.nameEn}, ''), ${events.name})` : sql`${events.name}`;
  const activeCount = filter === "completed" ? 0 : filter === "all" ? counts.all - counts.completed : counts[filter];
  const rows: Event[] = [];
  if (filter !== "completed" && offset < activeCount) {
    const which = filter === "live" ? live(now) : filter === "upcoming" ? not(live(now)) : undefined;
    rows.push(
      ...(await db
        .select()
        .from(events)
        .where(and(onCalendar, active(now), which))
        .orderBy(asc(events.startDate), asc(name), asc(events.id))
        .limit(limit)
        .offset(offset)),
    );
  }
  const left = limit - rows.length;
  if ((filter === "all" || filter === "completed") && left > 0) {
    rows.push(
      ...(await db
        .select()
        .from(events)
        .where(and(onCalendar, finished(now)))
        .orderBy(desc(events.endDate), asc(name), asc(events.id))
        .limit(left)
        .offset(Math.max(0, offset - activeCount))),
    );
  }
  return rows;
}

/** One event the calendar shows (its dialog by a shared link): listed, and not cancelled unless with the team's message. */
export async function calendarEventBySlug(db: DbOrTx, slug: string): Promise<Event | undefined> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.slug, slug), onCalendar))
    .limit(1);
  return event;
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
