import { and, asc, eq, gt, inArray, isNotNull, lte } from "drizzle-orm";
import { audit, SYSTEM, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import { now } from "../clock.server";
import { db, type DbOrTx } from "../db/client.server";
import { events, payments, registrations, waitlistEntries, waitlistOffers } from "../db/schema.server";
import { offerUse } from "../events/queries.server";
import { log } from "../log.server";
import { offerFreedPlaces } from "../waitlist/offers.server";
import { closeOfferLocked, openOffersLocked } from "../waitlist/settle.server";
import { bookerPlaceLimit } from "./registration.server";

const HOLD_EXPIRY = SYSTEM("hold-expiry");

/**
 * Ends holds whose time is up: their registrations become `expired` and their open checkouts
 * too. Capacity already ignores a lapsed hold (it counts only unexpired ones); this makes the
 * data say so, and closes the test checkout. Balance checkouts past their own end are closed as
 * well (the booking stays confirmed; the participant can open a new one). Payments are updated
 * before registrations, the same order the fulfilment locks them in, so the two never deadlock.
 * Every change gets its audit row in the same transaction.
 */
export async function expireLapsedHolds(at: Date = now()): Promise<number> {
  return db().transaction(async (tx) => {
    const lapsed = tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.status, "pending_payment"), lte(registrations.holdExpiresAt, at)));
    const closedPayments = await tx
      .update(payments)
      .set({ status: "expired" })
      .where(and(eq(payments.status, "open"), inArray(payments.registrationId, lapsed)))
      .returning({ id: payments.id, registrationId: payments.registrationId });
    const closedBalances = await tx
      .update(payments)
      .set({ status: "expired" })
      .where(and(eq(payments.status, "open"), eq(payments.kind, "balance"), lte(payments.expiresAt, at)))
      .returning({ id: payments.id, registrationId: payments.registrationId });
    for (const payment of [...closedPayments, ...closedBalances]) {
      await audit(tx, {
        entityType: "payment",
        entityId: payment.id,
        registrationId: payment.registrationId,
        action: "payment.expired",
        changes: { status: { from: "open", to: "expired" } },
        actor: HOLD_EXPIRY,
        at,
      });
    }
    const expired = await tx
      .update(registrations)
      .set({ status: "expired" })
      .where(and(eq(registrations.status, "pending_payment"), lte(registrations.holdExpiresAt, at)))
      .returning({ id: registrations.id, eventId: registrations.eventId });
    for (const registration of expired) {
      await audit(tx, {
        entityType: "registration",
        entityId: registration.id,
        registrationId: registration.id,
        eventId: registration.eventId,
        action: "registration.expired",
        changes: { status: { from: "pending_payment", to: "expired" } },
        actor: HOLD_EXPIRY,
        reason: REASON.holdExpired,
        at,
      });
    }
    return expired.length;
  });
}

/*
 * What staff see and can do about places held right now (issue: four addresses held all twelve
 * places of an event). A hold is a registration waiting for its payment; an offer holds places
 * for someone on the waiting list. Both count against capacity until they end.
 */

export type HeldPlace =
  | {
      kind: "hold";
      registrationId: string;
      reference: string;
      name: string;
      email: string;
      places: number;
      since: Date;
      expiresAt: Date;
      /** The payment page was opened and its payment is still open: the person may be paying now. */
      paymentInProgress: boolean;
      /** Places held on this event from the same client address (a keyed hash) and the same e-mail address, this one's included. */
      sameClient: number;
      sameEmail: number;
      /**
       * The per-booker limit in places (bookerPlaceLimit, the rule registerLocked applies) is reached by its client address or
       * e-mail address: it can hold no more.
       */
      atLimit: boolean;
    }
  | { kind: "offer"; offerId: string; name: string; email: string; places: number; since: Date; expiresAt: Date };

/** An event's running holds and open waiting-list offers (with the places each still holds), oldest first. */
export async function heldPlaces(database: DbOrTx, eventId: string, at: Date): Promise<HeldPlace[]> {
  const running = await database
    .select({ registration: registrations })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.status, "pending_payment"), gt(registrations.holdExpiresAt, at)))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
  const ids = running.map((r) => r.registration.id);
  const opened = ids.length
    ? await database
        .select({ registrationId: payments.registrationId })
        .from(payments)
        .where(and(inArray(payments.registrationId, ids), eq(payments.status, "open"), isNotNull(payments.openedAt)))
    : [];
  const paying = new Set(opened.map((p) => p.registrationId));
  // The per-booker limit counts places (decision 042), so the same-booker figures do too.
  const count = (key: (r: (typeof running)[number]["registration"]) => string | null) => {
    const counts = new Map<string, number>();
    for (const { registration } of running) {
      const k = key(registration);
      if (k) counts.set(k, (counts.get(k) ?? 0) + registration.places);
    }
    return (r: (typeof running)[number]["registration"]) => {
      const k = key(r);
      return k ? (counts.get(k) ?? r.places) : r.places;
    };
  };
  const [limits] = await database.select({ maxPlacesPerBooking: events.maxPlacesPerBooking }).from(events).where(eq(events.id, eventId));
  const bookerLimit = bookerPlaceLimit(limits?.maxPlacesPerBooking ?? 0);
  const byClient = count((r) => r.clientKey);
  const byEmail = count((r) => r.customerEmail.trim().toLowerCase() || null);
  const holds: HeldPlace[] = running.map(({ registration: r }) => ({
    kind: "hold",
    registrationId: r.id,
    reference: r.reference,
    name: r.customerName,
    email: r.customerEmail,
    places: r.places,
    since: r.createdAt,
    expiresAt: r.holdExpiresAt!,
    paymentInProgress: paying.has(r.id),
    sameClient: byClient(r),
    sameEmail: byEmail(r),
    atLimit: byClient(r) >= bookerLimit || byEmail(r) >= bookerLimit,
  }));

  const use = new Map((await offerUse(database, [eventId], at)).map((o) => [o.offerId, o]));
  const offers = use.size
    ? await database
        .select({ offer: waitlistOffers, name: waitlistEntries.name, email: waitlistEntries.email })
        .from(waitlistOffers)
        .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
        .where(inArray(waitlistOffers.id, [...use.keys()]))
        .orderBy(asc(waitlistOffers.createdAt), asc(waitlistOffers.id))
    : [];
  const offered: HeldPlace[] = offers
    .map(({ offer, name, email }) => {
      const u = use.get(offer.id)!;
      return { kind: "offer" as const, offerId: offer.id, name, email, places: Math.max(0, u.places - u.used), since: offer.createdAt, expiresAt: offer.expiresAt };
    })
    // An offer whose places are all taken by registrations holds nothing more (those show as holds or bookings).
    .filter((o) => o.places > 0);
  return [...holds, ...offered];
}

export type ReleaseResult = { outcome: "released"; offered: number } | { outcome: "not_held" };

/**
 * Staff end a hold now: the registration becomes `expired` and its open checkouts are closed,
 * exactly as when the hold runs out (`expireLapsedHolds`), in one transaction under the event's
 * lock, with audit rows naming the staff member. Locks in the order of the fulfilment (event,
 * payments, registration), so a payment arriving at the same moment waits or goes first.
 *
 * No money is lost: a payment the provider still takes afterwards (its checkout page stays open
 * until its own end) is a late payment (decisions 005 and 009): the booking is confirmed if a
 * place is still free, otherwise refunded in full and the person told. The freed place then goes
 * to the waiting list as usual (the waiting-list job does the same within a minute if this fails).
 */
export async function releaseHeldRegistration(eventId: string, registrationId: string, actor: Actor, at: Date = now()): Promise<ReleaseResult> {
  const released = await db().transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
    if (!event) return false;
    const open = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.registrationId, registrationId), eq(payments.status, "open")))
      .for("update");
    const [registration] = await tx
      .select()
      .from(registrations)
      .where(and(eq(registrations.id, registrationId), eq(registrations.eventId, eventId)))
      .for("update");
    if (!registration || registration.status !== "pending_payment") return false;
    const trail = { registrationId, eventId, actor, reason: REASON.holdReleased, at };
    if (open.length) {
      await tx
        .update(payments)
        .set({ status: "expired" })
        .where(
          and(
            inArray(
              payments.id,
              open.map((p) => p.id),
            ),
            eq(payments.status, "open"),
          ),
        );
      await audit(
        tx,
        open.map((p) => ({ ...trail, entityType: "payment" as const, entityId: p.id, action: "payment.expired", changes: { status: { from: "open", to: "expired" } } })),
      );
    }
    await tx.update(registrations).set({ status: "expired", holdExpiresAt: at, updatedAt: at }).where(eq(registrations.id, registrationId));
    await audit(tx, {
      ...trail,
      entityType: "registration",
      entityId: registrationId,
      action: "registration.hold_released",
      changes: { status: { from: "pending_payment", to: "expired" }, holdExpiresAt: { from: registration.holdExpiresAt?.toISOString() ?? null, to: at.toISOString() } },
    });
    return true;
  });
  if (!released) return { outcome: "not_held" };
  return { outcome: "released", offered: await offerFreedPlacesQuietly(eventId, actor) };
}

/**
 * Staff end a waiting-list offer now, under the event's lock: it closes as when its time runs out
 * (accepted if some of its places were booked, otherwise lapsed, and the person's turn with it),
 * with audit rows naming the staff member; its free places go to the next in line.
 */
export async function releaseOffer(eventId: string, offerId: string, actor: Actor, at: Date = now()): Promise<ReleaseResult> {
  const released = await db().transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
    if (!event) return false;
    const offer = (await openOffersLocked(tx, eventId, at)).find((o) => o.id === offerId);
    if (!offer || offer.expiresAt.getTime() <= at.getTime()) return false;
    await closeOfferLocked(tx, offer, offer.confirmed > 0 ? "accepted" : "lapsed", at, actor, REASON.holdReleased);
    return true;
  });
  if (!released) return { outcome: "not_held" };
  return { outcome: "released", offered: await offerFreedPlacesQuietly(eventId, actor) };
}

/** The freed places to the first in line; a failure is left to the waiting-list job (every minute). */
async function offerFreedPlacesQuietly(eventId: string, actor: Actor): Promise<number> {
  try {
    return (await offerFreedPlaces(eventId, actor)).offered;
  } catch (error) {
    log.error(`Event ${eventId}: offering places freed by staff failed; the waiting-list job retries`, error);
    return 0;
  }
}
