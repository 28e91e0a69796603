import { and, asc, desc, eq, gt, ne, notInArray } from "drizzle-orm";
import { bookingMoney } from "../booking/money.server";
import { now } from "../clock.server";
import type { DbOrTx } from "../db/client.server";
import { eventAction, registrationRefusal } from "~/lib/event-actions";
import { priceAt } from "~/lib/price";
import { eventDisruptions, eventInterest, events, privatePages, registrations, type Event } from "../db/schema.server";
import { placesTakenByEvent } from "./queries.server";
import { displayStatus } from "./view.server";
import { isUuid } from "../db/values.server";

export type AdminEventRow = {
  event: Event;
  displayStatus: ReturnType<typeof displayStatus>;
  placesTaken: number;
  ended: boolean;
};

/**
 * Every event for the admin list: those that have not ended first (soonest first), then the
 * finished ones (most recent first), each with the places taken by the booking rule.
 */
export async function adminEventList(db: DbOrTx, now: Date): Promise<AdminEventRow[]> {
  const rows = await db.select().from(events).orderBy(asc(events.startDate));
  const taken = await placesTakenByEvent(db, rows.map((e) => e.id), now);
  const withStatus = rows.map((event) => ({
    event,
    displayStatus: displayStatus(event, now),
    placesTaken: taken.get(event.id) ?? 0,
    ended: event.endDate.getTime() < now.getTime(),
  }));
  const coming = withStatus.filter((row) => !row.ended);
  const past = withStatus.filter((row) => row.ended).reverse();
  return [...coming, ...past];
}

export async function eventById(db: DbOrTx, id: string): Promise<Event | undefined> {
  if (!isUuid(id)) return undefined;
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return event;
}

export type AdminRegistration = {
  id: string;
  reference: string;
  customerName: string;
  customerEmail: string;
  phoneNumber: string | null;
  status: "pending_payment" | "confirmed" | "expired" | "cancelled" | "refunded" | "applied" | "declined";
  amountDueCents: number;
  /** Paid payments before refunds, refunds, and the balance still due (`bookingMoney`). */
  paidCents: number;
  refundedCents: number;
  balanceDueCents: number;
  balanceDueAt: Date | null;
  overdue: boolean;
  createdAt: Date;
};

/** An event's registrations, newest first, with what each has paid and still owes. */
export async function eventRegistrations(db: DbOrTx, eventId: string, at: Date = now()): Promise<AdminRegistration[]> {
  const rows = await db
    .select({
      id: registrations.id,
      reference: registrations.reference,
      customerName: registrations.customerName,
      customerEmail: registrations.customerEmail,
      phoneNumber: registrations.phoneNumber,
      status: registrations.status,
      amountDueCents: registrations.amountDueCents,
      createdAt: registrations.createdAt,
    })
    .from(registrations)
    .where(eq(registrations.eventId, eventId))
    .orderBy(desc(registrations.createdAt));
  const money = await bookingMoney(db, rows.map((r) => r.id), at);
  return rows.map((row) => {
    const m = money.get(row.id);
    return {
      ...row,
      paidCents: m?.paidCents ?? 0,
      refundedCents: m?.refundedCents ?? 0,
      balanceDueCents: m?.balanceDueCents ?? 0,
      balanceDueAt: m?.balanceDueAt ?? null,
      overdue: m?.overdue ?? false,
    };
  });
}

export async function eventInterestList(db: DbOrTx, eventId: string) {
  return db
    .select({ id: eventInterest.id, name: eventInterest.name, email: eventInterest.email, message: eventInterest.message, createdAt: eventInterest.createdAt })
    .from(eventInterest)
    .where(eq(eventInterest.eventId, eventId))
    .orderBy(desc(eventInterest.createdAt));
}

/** The private pages an event can be shown on (for the form's select). */
export async function privatePageOptions(db: DbOrTx): Promise<{ key: string; title: string }[]> {
  return db.select({ key: privatePages.key, title: privatePages.title }).from(privatePages).orderBy(asc(privatePages.title));
}

export type MoveTarget = {
  id: string;
  name: string;
  nameEn: string | null;
  startDate: Date;
  endDate: Date;
  placesLeft: number | null;
  /** The price a new booking pays for it now; the moved booking keeps its own agreed price. */
  priceNowCents: number;
  /** The new date the team gave the booking's own date when it moved it (decision 015). */
  replacement: boolean;
};

/** Why a booking may not move to an event (`moveRefusal`). */
export type MoveRefusal =
  /** The booking is on it already. */
  | "same_event"
  /** Another kind of event (`events.kind`: a race is not a training). */
  | "different_kind"
  /** Not taken by registration now: interest-only, waiting list, walk-in, not open yet, or only on another private page. */
  | "not_bookable"
  /** Cancelled, under way or over. */
  | "target_closed"
  /** No place left for the booking. */
  | "full"
  /** It costs more now than the price the booking agreed. */
  | "dearer";

type MoveFrom = Pick<Event, "id" | "kind" | "listed" | "privatePageKey">;
type MoveTo = Pick<
  Event,
  "id" | "kind" | "status" | "startDate" | "endDate" | "bookingMode" | "registrationOpensAt" | "maxParticipants" | "priceCents" | "depositPercent" | "earlyBirdPercent" | "earlyBirdUntil" | "listed" | "privatePageKey"
>;

/**
 * The one rule for where a booking may move (a participant's choice after a cancelled or moved
 * date, the follow-up job's automatic move, and a staff move on the registration page): the
 * list a page shows (`moveTargets`) and the check `moveBooking` makes with both events locked
 * both call it, so a target posted by hand is refused exactly when it is not offered.
 *
 * - The same kind of event (`events.kind`). Dates are separate event rows with no series id;
 *   a moved date is a copy with the same kind, so kind is what "another date of this" can mean.
 * - Bookable now, as a registration would be (`eventAction`/`registrationRefusal`, the one
 *   availability rule): not cancelled, started or over; taking registrations (not interest-only,
 *   waiting list or walk-in, registration open); a place left. And seen by the same people: a
 *   public date, or a date on the booking's own private page.
 * - Not dearer: its price now (after any early-bird discount) at most the booking's agreed
 *   price. The booking keeps its agreed price and its payments, so a dearer date would be the
 *   difference given away; a cheaper one is the participant's choice, at the price agreed.
 *
 * `replacement`: `to` is the new date the team gave the booking's own date (a copy of it): the
 * same event, so its price, booking mode and opening do not count; it must still be open and
 * have a place.
 *
 * A booking moves as a whole (decision 042): `places` is how many it holds, and the target needs
 * that many free, counted as the booking transaction counts them.
 */
export function moveRefusal(args: {
  from: MoveFrom;
  to: MoveTo;
  agreedPriceCents: number;
  places: number;
  placesTaken: number;
  replacement: boolean;
  at: Date;
}): MoveRefusal | undefined {
  const { from, to, replacement, at } = args;
  if (to.id === from.id) return "same_event";
  if (to.kind !== from.kind) return "different_kind";
  if (!replacement && !to.listed && (to.privatePageKey === null || to.privatePageKey !== from.privatePageKey)) return "not_bookable";
  const action = eventAction(
    {
      status: displayStatus(to, at),
      bookingMode: replacement ? "registration" : to.bookingMode,
      placesLeft: to.maxParticipants === null ? null : to.maxParticipants - args.placesTaken,
      registrationOpensAt: replacement ? null : (to.registrationOpensAt?.toISOString() ?? null),
    },
    at,
  );
  switch (registrationRefusal(action)) {
    case undefined:
      break;
    case "full":
      return "full";
    case "cancelled":
    case "finished":
    case "ongoing":
      return "target_closed";
    default:
      return "not_bookable";
  }
  // A place left is not enough for a group: all its places go together, or none.
  if (to.maxParticipants !== null && to.maxParticipants - args.placesTaken < args.places) return "full";
  if (!replacement && priceAt(to, at).priceCents > args.agreedPriceCents) return "dearer";
  return undefined;
}

/** The new date the team gave event `fromId` when it moved it (decision 015), if any. */
export async function replacementOf(db: DbOrTx, fromId: string): Promise<string | null> {
  const [row] = await db.select({ newEventId: eventDisruptions.newEventId }).from(eventDisruptions).where(eq(eventDisruptions.eventId, fromId)).limit(1);
  return row?.newEventId ?? null;
}

/**
 * Whether a booking of `places` places on `from` at `agreedPriceCents` may move to `to` now
 * (`moveRefusal`), counting the places taken on `to` in `db` (the caller's transaction, with `to`
 * locked, for a move).
 */
export async function moveRefusalFor(
  db: DbOrTx,
  args: { from: MoveFrom; to: MoveTo; agreedPriceCents: number; places: number; at: Date },
): Promise<MoveRefusal | undefined> {
  const taken = args.to.maxParticipants === null ? 0 : ((await placesTakenByEvent(db, [args.to.id], args.at)).get(args.to.id) ?? 0);
  const replacement = (await replacementOf(db, args.from.id)) === args.to.id;
  return moveRefusal({ ...args, placesTaken: taken, replacement });
}

/**
 * The dates a booking on `from` at its agreed price can move to now (`moveRefusal`), soonest
 * first, with their places left (by the booking rule). `moveBooking` checks again with the rows
 * locked.
 */
export async function moveTargets(db: DbOrTx, booking: { event: MoveFrom; priceCents: number; places: number }, at: Date): Promise<MoveTarget[]> {
  const from = booking.event;
  // Cheap filters first (the rule decides): same kind, another event, not started, not cancelled or finished.
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.kind, from.kind), ne(events.id, from.id), gt(events.startDate, at), notInArray(events.status, ["cancelled", "completed", "live", "ongoing"])))
    .orderBy(asc(events.startDate));
  const [taken, replacement] = await Promise.all([placesTakenByEvent(db, rows.map((r) => r.id), at), replacementOf(db, from.id)]);
  return rows
    .map((to) => ({ to, taken: taken.get(to.id) ?? 0, replacement: to.id === replacement }))
    .filter(({ to, taken, replacement }) => moveRefusal({ from, to, agreedPriceCents: booking.priceCents, places: booking.places, placesTaken: taken, replacement, at }) === undefined)
    .map(({ to, taken, replacement }) => ({
      id: to.id,
      name: to.name,
      nameEn: to.nameEn,
      startDate: to.startDate,
      endDate: to.endDate,
      placesLeft: to.maxParticipants === null ? null : Math.max(0, to.maxParticipants - taken),
      priceNowCents: priceAt(to, at).priceCents,
      replacement,
    }));
}
