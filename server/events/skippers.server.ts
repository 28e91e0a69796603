import { and, asc, eq, gte, inArray, ne, or } from "drizzle-orm";
import { audit, type Actor } from "../audit/audit.server";
import type { DbOrTx } from "../db/client.server";
import { db } from "../db/client.server";
import { events, eventSkippers } from "../db/schema.server";

/**
 * Which events a skipper is assigned to (staff roles, decision 044). The assignments live in
 * `event_skippers`; the rule that uses them is `mayUse` (server/auth/roles.server.ts).
 */

export type SkipperEvent = { id: string; name: string; startDate: Date; endDate: Date; location: string; cancelled: boolean };

const columns = {
  id: events.id,
  name: events.name,
  startDate: events.startDate,
  endDate: events.endDate,
  location: events.location,
  status: events.status,
};

function toSkipperEvent(row: { id: string; name: string; startDate: Date; endDate: Date; location: string; status: string }): SkipperEvent {
  return { id: row.id, name: row.name, startDate: row.startDate, endDate: row.endDate, location: row.location, cancelled: row.status === "cancelled" };
}

/** The events assigned to the user, by start date. */
export async function eventsOfSkipper(database: DbOrTx, userId: string): Promise<SkipperEvent[]> {
  const rows = await database
    .select(columns)
    .from(eventSkippers)
    .innerJoin(events, eq(events.id, eventSkippers.eventId))
    .where(eq(eventSkippers.userId, userId))
    .orderBy(asc(events.startDate), asc(events.name));
  return rows.map(toSkipperEvent);
}

/** Every assignment, per user id (for the users page). */
export async function skipperAssignments(database: DbOrTx): Promise<Map<string, string[]>> {
  const rows = await database.select({ userId: eventSkippers.userId, eventId: eventSkippers.eventId }).from(eventSkippers);
  const byUser = new Map<string, string[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.eventId]);
  return byUser;
}

/**
 * The events a skipper may be assigned to on the users page: those not yet over and not
 * cancelled, and any event already assigned to someone (so the form shows, and keeps, every
 * current assignment, a past one included).
 */
export async function assignableEvents(database: DbOrTx, at: Date): Promise<SkipperEvent[]> {
  const assigned = database.select({ id: eventSkippers.eventId }).from(eventSkippers);
  const rows = await database
    .select(columns)
    .from(events)
    .where(or(and(gte(events.endDate, at), ne(events.status, "cancelled")), inArray(events.id, assigned)))
    .orderBy(asc(events.startDate), asc(events.name));
  return rows.map(toSkipperEvent);
}

export type SetSkipperEventsResult = { ok: true; added: number; removed: number } | { ok: false; reason: "unknown-event" };

/**
 * Makes the user's assignments exactly `eventIds`: adds the new ones, removes the others, and
 * writes an audit row per event (`event.skipper_assigned` / `event.skipper_removed`, the user's
 * id only) in the same transaction. An id that names no event changes nothing.
 */
export async function setSkipperEvents(userId: string, eventIds: readonly string[], actor: Actor): Promise<SetSkipperEventsResult> {
  const wanted = [...new Set(eventIds)];
  return db().transaction(async (tx) => {
    if (wanted.length > 0) {
      const found = await tx.select({ id: events.id }).from(events).where(inArray(events.id, wanted));
      if (found.length !== wanted.length) return { ok: false, reason: "unknown-event" } as const;
    }
    const current = (await tx.select({ eventId: eventSkippers.eventId }).from(eventSkippers).where(eq(eventSkippers.userId, userId))).map((r) => r.eventId);
    const added = wanted.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !wanted.includes(id));
    if (added.length > 0) await tx.insert(eventSkippers).values(added.map((eventId) => ({ eventId, userId })));
    if (removed.length > 0) await tx.delete(eventSkippers).where(and(eq(eventSkippers.userId, userId), inArray(eventSkippers.eventId, removed)));
    await audit(tx, [
      ...added.map((eventId) => ({ entityType: "event" as const, entityId: eventId, eventId, action: "event.skipper_assigned", changes: { skipper: { from: null, to: userId } }, actor })),
      ...removed.map((eventId) => ({ entityType: "event" as const, entityId: eventId, eventId, action: "event.skipper_removed", changes: { skipper: { from: userId, to: null } }, actor })),
    ]);
    return { ok: true, added: added.length, removed: removed.length } as const;
  });
}
