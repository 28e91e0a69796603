import { and, desc, eq } from "drizzle-orm";
import { now } from "../clock.server";
import type { DbOrTx } from "../db/client.server";
import { bookingPlaces, healthDataViews, registrations } from "../db/schema.server";

/**
 * The log of every time staff saw health data of the crew file (decision 043): who, which event,
 * which participant (null for the event's table), what and when. Written before the data leaves
 * the server: a view that could not be recorded is not shown.
 */

export type HealthViewWhat = "crew-file" | "place" | "file" | "export";

export type HealthViewer = { id: string; email: string };

export async function recordHealthView(db: DbOrTx, viewer: HealthViewer, view: { eventId: string; placeId?: string | null; what: HealthViewWhat }): Promise<void> {
  await db.insert(healthDataViews).values({
    userId: viewer.id,
    userEmail: viewer.email,
    eventId: view.eventId,
    placeId: view.placeId ?? null,
    what: view.what,
    viewedAt: now(),
  });
}

export type HealthViewRow = { id: string; userEmail: string; what: string; viewedAt: Date; placeName: string | null; reference: string | null };

/** The event's log, newest first (at most `limit` rows), with the participant's name and reference. */
export async function healthViewsOfEvent(db: DbOrTx, eventId: string, limit = 200): Promise<HealthViewRow[]> {
  const rows = await db
    .select({
      id: healthDataViews.id,
      userEmail: healthDataViews.userEmail,
      what: healthDataViews.what,
      viewedAt: healthDataViews.viewedAt,
      placeName: bookingPlaces.name,
      number: bookingPlaces.number,
      bookingReference: registrations.reference,
    })
    .from(healthDataViews)
    .leftJoin(bookingPlaces, eq(bookingPlaces.id, healthDataViews.placeId))
    .leftJoin(registrations, and(eq(registrations.id, bookingPlaces.registrationId)))
    .where(eq(healthDataViews.eventId, eventId))
    .orderBy(desc(healthDataViews.viewedAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    userEmail: r.userEmail,
    what: r.what,
    viewedAt: r.viewedAt,
    placeName: r.placeName,
    reference: r.bookingReference && r.number !== null ? `${r.bookingReference}-${r.number}` : null,
  }));
}
