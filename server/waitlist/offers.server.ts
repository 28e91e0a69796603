import { and, asc, eq, inArray, lte, ne } from "drizzle-orm";
import { actorLabel, audit, SYSTEM, type Actor } from "../audit/audit.server";
import { idFromSignedToken, managePath } from "../booking/manage-link.server";
import { eventRefusal } from "../booking/registration.server";
import { now } from "../clock.server";
import { db, type Transaction } from "../db/client.server";
import { events, registrations, waitlistEntries, waitlistOffers, type Event, type WaitlistEntry } from "../db/schema.server";
import { liveRegistration, offerUse, placesTakenByEvent } from "../events/queries.server";
import { deliverQueuedQuietly } from "../mail/send.server";
import { queueWaitlistOffer } from "./emails.server";
import { settleOffersLocked } from "./settle.server";

/** How long an offer holds its places (issue 9: 48 hours). */
export const OFFER_HOURS = 48;
export const OFFER_MS = OFFER_HOURS * 3_600_000;

/** The job's name, also the actor of what it does. */
export const OFFER_JOB = "waitlist-offers";

async function lockEvent(tx: Transaction, eventId: string): Promise<Event | undefined> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  return event;
}

/**
 * Free places of a locked event at `at`: its maximum minus everything taken (confirmed, running
 * holds, places held by open offers). Infinity for an event without a maximum.
 */
async function freePlacesLocked(tx: Transaction, event: Event, at: Date): Promise<number> {
  if (event.maxParticipants === null) return Number.POSITIVE_INFINITY;
  const taken = (await placesTakenByEvent(tx, [event.id], at)).get(event.id) ?? 0;
  return Math.max(0, event.maxParticipants - taken);
}

/**
 * Whether the event could take a registration through an offer at all (not cancelled, finished,
 * running, closed to bookings or not open yet), counting no places: then an offer makes sense.
 */
function acceptsOffers(event: Event, at: Date): boolean {
  return eventRefusal(event, at, 0, true) === undefined;
}

/** Makes one offer to a waiting entry of a locked event: offer row, entry offered, audit, e-mail. */
async function makeOfferLocked(tx: Transaction, event: Event, entry: WaitlistEntry, at: Date, actor: Actor): Promise<{ offerId: string; emailId: string }> {
  const [offer] = await tx
    .insert(waitlistOffers)
    .values({
      entryId: entry.id,
      eventId: event.id,
      places: entry.places,
      status: "open",
      expiresAt: new Date(at.getTime() + OFFER_MS),
      createdBy: actorLabel(actor),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await tx.update(waitlistEntries).set({ status: "offered", updatedAt: at }).where(eq(waitlistEntries.id, entry.id));
  await audit(tx, {
    entityType: "waitlist_offer",
    entityId: offer.id,
    eventId: event.id,
    action: "waitlist_offer.created",
    changes: { status: { from: null, to: "open" }, places: { from: null, to: offer.places }, expiresAt: { from: null, to: offer.expiresAt.toISOString() } },
    actor,
    at,
  });
  await audit(tx, {
    entityType: "waitlist_entry",
    entityId: entry.id,
    eventId: event.id,
    action: "waitlist_entry.offered",
    changes: { status: { from: "waiting", to: "offered" } },
    actor,
    at,
  });
  return { offerId: offer.id, emailId: await queueWaitlistOffer(tx, offer, entry, event) };
}

/**
 * Offers the locked event's free places to the people in line. The rule is "the first person in
 * line whose party fits": entries are read in the order they joined, and one whose party is
 * larger than the places free now is passed over for this round (keeping their place in line)
 * so that a smaller party behind them can have the places. E.g. 1 free place, the first wants 3,
 * the second 1: the second gets the offer; the first gets the next round with 3 free places.
 */
async function offerFreePlacesLocked(tx: Transaction, event: Event, at: Date, actor: Actor): Promise<string[]> {
  // Without a maximum there is nothing that frees up: staff offer by hand.
  if (event.maxParticipants === null || !acceptsOffers(event, at)) return [];
  let free = await freePlacesLocked(tx, event, at);
  if (free <= 0) return [];
  const waiting = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.status, "waiting")))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const emailIds: string[] = [];
  for (const entry of waiting) {
    if (free <= 0) break;
    if (entry.places > free) continue;
    emailIds.push((await makeOfferLocked(tx, event, entry, at, actor)).emailId);
    free -= entry.places;
  }
  return emailIds;
}

/**
 * After places free up (a cancellation, an expired hold or offer, the admin raising capacity):
 * in one transaction with the event row locked, settles the event's open offers (expired ones
 * lapse, fully booked ones are accepted) and offers the free places to the first people in line
 * whose party fits, each with an e-mail holding the places for 48 hours. The lock and the status
 * transitions make it safe to call from anywhere, any number of times, on any instance: a place
 * is offered once. E-mails are delivered after the commit.
 */
export async function offerFreedPlaces(eventId: string, actor: Actor): Promise<{ offered: number }> {
  const at = now();
  const emailIds = await db().transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) return [];
    await settleOffersLocked(tx, event, at, SYSTEM(OFFER_JOB));
    return offerFreePlacesLocked(tx, event, at, actor);
  });
  await deliverQueuedQuietly(emailIds);
  return { offered: emailIds.length };
}

export type HandOfferResult =
  | { status: "offered"; offerId: string }
  | { status: "refused"; reason: "not_found" | "not_waiting" | "closed" | "no_room"; freePlaces?: number };

/**
 * Staff send an offer to one waiting entry, whatever its place in line, but only when its whole
 * party fits in the places free now (an offer never holds places that are not there).
 */
export async function sendOfferByHand(entryId: string, actor: Actor): Promise<HandOfferResult> {
  const at = now();
  const [found] = await db().select({ eventId: waitlistEntries.eventId }).from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).limit(1);
  if (!found) return { status: "refused", reason: "not_found" };
  const outcome = await db().transaction(async (tx): Promise<{ result: HandOfferResult; emailIds: string[] }> => {
    const event = await lockEvent(tx, found.eventId);
    if (!event) return { result: { status: "refused", reason: "not_found" }, emailIds: [] };
    await settleOffersLocked(tx, event, at, SYSTEM(OFFER_JOB));
    // Read again under the lock: the job or another admin may have made an offer meanwhile.
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
    if (!entry) return { result: { status: "refused", reason: "not_found" }, emailIds: [] };
    if (entry.status !== "waiting") return { result: { status: "refused", reason: "not_waiting" }, emailIds: [] };
    if (!acceptsOffers(event, at)) return { result: { status: "refused", reason: "closed" }, emailIds: [] };
    const free = await freePlacesLocked(tx, event, at);
    if (entry.places > free) return { result: { status: "refused", reason: "no_room", freePlaces: free }, emailIds: [] };
    const made = await makeOfferLocked(tx, event, entry, at, actor);
    return { result: { status: "offered", offerId: made.offerId }, emailIds: [made.emailId] };
  });
  await deliverQueuedQuietly(outcome.emailIds);
  return outcome.result;
}

/**
 * Settles every expired open offer at `at` (one transaction per event, its row locked): lapsed
 * when nothing was booked through it, accepted when something was. Returns how many lapsed.
 */
export async function lapseExpiredOffers(at: Date): Promise<number> {
  const due = await db()
    .selectDistinct({ eventId: waitlistOffers.eventId })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.status, "open"), lte(waitlistOffers.expiresAt, at)));
  let lapsed = 0;
  for (const { eventId } of due) {
    lapsed += await db().transaction(async (tx) => {
      const event = await lockEvent(tx, eventId);
      return event ? (await settleOffersLocked(tx, event, at, SYSTEM(OFFER_JOB))).lapsed : 0;
    });
  }
  return lapsed;
}

/**
 * The recurring job (every minute): lapse expired offers, then, for every event with people in
 * line or open offers, settle its offers (a paid booking through an offer completes it) and offer
 * what is free. Run by one instance per tick; were it run twice, the event lock and the status
 * transitions still make every offer once.
 */
export async function runWaitlistOffers(): Promise<{ lapsed: number; offered: number }> {
  const lapsed = await lapseExpiredOffers(now());
  const waiting = await db()
    .selectDistinct({ eventId: waitlistEntries.eventId })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(and(inArray(waitlistEntries.status, ["waiting", "offered"]), ne(events.status, "cancelled")));
  let offered = 0;
  for (const { eventId } of waiting) offered += (await offerFreedPlaces(eventId, SYSTEM(OFFER_JOB))).offered;
  return { lapsed, offered };
}

export type ValidOffer = { offerId: string; event: Event; expiresAt: Date; places: number; placesLeft: number };

/**
 * The offer behind a link, if it can still be used at `at`: the token's MAC checks, the offer is
 * open and unexpired, and not all its places are used. Anything else is undefined, with no hint
 * which (a forged, an expired and a used token look the same).
 */
export async function usableOfferByToken(token: string, at: Date): Promise<ValidOffer | undefined> {
  const offerId = idFromSignedToken("offer", token);
  if (!offerId) return undefined;
  const [row] = await db()
    .select({ offer: waitlistOffers, event: events })
    .from(waitlistOffers)
    .innerJoin(events, eq(events.id, waitlistOffers.eventId))
    .where(eq(waitlistOffers.id, offerId))
    .limit(1);
  if (!row || row.offer.status !== "open") return undefined;
  const use = (await offerUse(db(), [row.event.id], at)).find((o) => o.offerId === offerId);
  if (!use || use.used >= use.places) return undefined;
  return { offerId, event: row.event, expiresAt: row.offer.expiresAt, places: row.offer.places, placesLeft: use.places - use.used };
}

/** The offer a token names (any status), with its event: only for the registration to check under its lock. */
export async function offerByToken(token: string): Promise<{ offerId: string; eventId: string; eventSlug: string } | undefined> {
  const offerId = idFromSignedToken("offer", token);
  if (!offerId) return undefined;
  const [row] = await db()
    .select({ offerId: waitlistOffers.id, eventId: waitlistOffers.eventId, eventSlug: events.slug })
    .from(waitlistOffers)
    .innerJoin(events, eq(events.id, waitlistOffers.eventId))
    .where(eq(waitlistOffers.id, offerId))
    .limit(1);
  return row;
}

/** A booking made through an offer, as the offer's link shows it: a way to the participant's own page. */
export type OfferBooking = { reference: string; status: "confirmed" | "pending_payment"; managePath: string };

export type OfferLink =
  /**
   * The offer holds places now. `person`: who the offer is for (as they joined the line), to fill
   * in the first registration; null once one was made through it (the next is for someone else).
   */
  | { kind: "usable"; offer: ValidOffer; person: Pick<WaitlistEntry, "name" | "email" | "phone"> | null; bookings: OfferBooking[] }
  /** Not usable any more, but booked through: the bookings, so the link leads to them. */
  | { kind: "booked"; event: Event; bookings: OfferBooking[] }
  /** Forged, unknown, lapsed or withdrawn without a booking: nothing to show. */
  | { kind: "invalid" };

/**
 * What an offer's link leads to at `at`: the offer while it holds places, the bookings made
 * through it once it does not (the link's holder made them: it is only ever sent to them), or
 * nothing, without saying why.
 */
export async function offerLinkByToken(token: string, at: Date): Promise<OfferLink> {
  const offerId = idFromSignedToken("offer", token);
  if (!offerId) return { kind: "invalid" };
  const [row] = await db()
    .select({ event: events, name: waitlistEntries.name, email: waitlistEntries.email, phone: waitlistEntries.phone })
    .from(waitlistOffers)
    .innerJoin(events, eq(events.id, waitlistOffers.eventId))
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(eq(waitlistOffers.id, offerId))
    .limit(1);
  if (!row) return { kind: "invalid" };
  const booked = await db()
    .select({ id: registrations.id, reference: registrations.reference, status: registrations.status })
    .from(registrations)
    .where(and(eq(registrations.waitlistOfferId, offerId), liveRegistration(at)))
    .orderBy(asc(registrations.createdAt));
  const bookings = booked.map((b) => ({ reference: b.reference, status: b.status === "confirmed" ? ("confirmed" as const) : ("pending_payment" as const), managePath: managePath(b.id) }));
  const offer = await usableOfferByToken(token, at);
  if (offer) return { kind: "usable", offer, person: bookings.length === 0 ? { name: row.name, email: row.email, phone: row.phone } : null, bookings };
  if (bookings.length > 0) return { kind: "booked", event: row.event, bookings };
  return { kind: "invalid" };
}
