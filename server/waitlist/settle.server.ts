import { and, asc, eq, sql } from "drizzle-orm";
import { audit, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import type { Transaction } from "../db/client.server";
import { registrations, waitlistEntries, waitlistOffers, type Event, type WaitlistOffer } from "../db/schema.server";

/*
 * Closing offers, for callers that already hold the event row's lock (`select … for update` on
 * `events`). Every change of an offer's or entry's status happens under that lock, so two
 * instances (or a job and a registration) never both close or both make the same offer.
 */

/**
 * An open offer of the event with how its places are used right now: `confirmed` the places of its
 * confirmed bookings, `runningHolds` those of its unexpired holds (a booking through an offer of 3
 * may hold all 3 places, decision 042).
 */
export type OfferUse = WaitlistOffer & { confirmed: number; runningHolds: number };

/** The event's open offers, oldest first, with the places their confirmed bookings and running holds take. */
export async function openOffersLocked(tx: Transaction, eventId: string, at: Date): Promise<OfferUse[]> {
  // A string with a cast: the postgres-js driver does not serialise a Date inside raw SQL.
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const rows = await tx
    .select({
      offer: waitlistOffers,
      confirmed: sql<number>`coalesce(sum(${registrations.places}) filter (where ${registrations.status} = 'confirmed'), 0)`,
      runningHolds: sql<number>`coalesce(sum(${registrations.places}) filter (where ${registrations.status} = 'pending_payment' and ${registrations.holdExpiresAt} > ${atSql}), 0)`,
    })
    .from(waitlistOffers)
    .leftJoin(registrations, eq(registrations.waitlistOfferId, waitlistOffers.id))
    .where(and(eq(waitlistOffers.eventId, eventId), eq(waitlistOffers.status, "open")))
    .groupBy(waitlistOffers.id)
    .orderBy(asc(waitlistOffers.createdAt), asc(waitlistOffers.id));
  return rows.map((r) => ({ ...r.offer, confirmed: Number(r.confirmed), runningHolds: Number(r.runningHolds) }));
}

/** Closes one open offer (accepted, lapsed or withdrawn) and moves its entry along, with audit rows. */
export async function closeOfferLocked(
  tx: Transaction,
  offer: WaitlistOffer,
  to: "accepted" | "lapsed" | "withdrawn",
  at: Date,
  actor: Actor,
  reason?: string,
): Promise<void> {
  const [closed] = await tx
    .update(waitlistOffers)
    .set({ status: to, closedAt: at, updatedAt: at })
    .where(and(eq(waitlistOffers.id, offer.id), eq(waitlistOffers.status, "open")))
    .returning({ id: waitlistOffers.id });
  if (!closed) return;
  await audit(tx, {
    entityType: "waitlist_offer",
    entityId: offer.id,
    eventId: offer.eventId,
    action: `waitlist_offer.${to}`,
    changes: { status: { from: "open", to } },
    actor,
    reason: reason ?? null,
    at,
  });
  // Withdrawn: the caller decides what becomes of the entry (removed by staff).
  if (to === "withdrawn") return;
  const entryTo = to === "accepted" ? "booked" : "lapsed";
  const [entry] = await tx
    .update(waitlistEntries)
    .set({ status: entryTo, updatedAt: at })
    .where(and(eq(waitlistEntries.id, offer.entryId), eq(waitlistEntries.status, "offered")))
    .returning({ id: waitlistEntries.id });
  if (entry) {
    await audit(tx, {
      entityType: "waitlist_entry",
      entityId: entry.id,
      eventId: offer.eventId,
      action: `waitlist_entry.${entryTo}`,
      changes: { status: { from: "offered", to: entryTo } },
      actor,
      reason: reason ?? null,
      at,
    });
  }
}

/**
 * Settles the event's open offers at `at`:
 * - every place of the offer is taken by a confirmed registration → accepted, entry booked;
 * - expired, with a registration's hold still running → left open until the hold is paid or runs
 *   out (its place counts as a hold meanwhile; the expired offer itself holds nothing more);
 * - expired with some places booked → accepted (the rest went back to the pool at expiry);
 * - expired with none booked → lapsed, entry lapsed: the next in line can have the places.
 * Returns how many offers lapsed and how many were accepted. `only`: settle that offer alone.
 */
export async function settleOffersLocked(
  tx: Transaction,
  event: Pick<Event, "id">,
  at: Date,
  actor: Actor,
  only?: { offerId: string },
): Promise<{ lapsed: number; accepted: number }> {
  let lapsed = 0;
  let accepted = 0;
  for (const offer of await openOffersLocked(tx, event.id, at)) {
    if (only && offer.id !== only.offerId) continue;
    const expired = offer.expiresAt.getTime() <= at.getTime();
    if (offer.confirmed >= offer.places) {
      await closeOfferLocked(tx, offer, "accepted", at, actor);
      accepted++;
    } else if (!expired || offer.runningHolds > 0) {
      continue;
    } else if (offer.confirmed > 0) {
      await closeOfferLocked(tx, offer, "accepted", at, actor, REASON.offerPartlyBooked);
      accepted++;
    } else {
      await closeOfferLocked(tx, offer, "lapsed", at, actor, REASON.offerNotAnswered);
      lapsed++;
    }
  }
  return { lapsed, accepted };
}
