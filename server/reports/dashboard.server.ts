import { and, asc, count, desc, eq, gt, inArray, not, or, sql, type SQL } from "drizzle-orm";
import { bookingMoney } from "../booking/money.server";
import type { DbOrTx } from "../db/client.server";
import { eventInterest, events, registrations, type Registration } from "../db/schema.server";
import { placesTakenByEvent } from "../events/queries.server";
import { hasPaidPayment, isLiveBooking, liveBooking } from "./live.server";
import { detailsComplete, liveParticipants, placeReference } from "./participants.server";

/*
 * The dashboard's figures. What counts as a booking is `liveBooking` (./live.server.ts): every
 * tile, list and column here reads it; amounts come from `bookingMoney` (the one sum).
 */

export type PaidRegistrationRow = {
  id: string;
  reference: string;
  eventName: string;
  customerName: string;
  customerEmail: string;
  phoneNumber: string | null;
  status: Registration["status"];
  registeredAt: Date;
  /** The agreed price. */
  priceCents: number;
  /** Paid payments before refunds (deposit, full, balance). */
  amountPaidCents: number;
  refundedCents: number;
  balanceDueCents: number;
  balanceDueAt: Date | null;
  overdue: boolean;
};

/**
 * Paid live bookings (live, with at least one paid payment: the spec's "deposit paid"), newest
 * first, with their money (`bookingMoney`): the dashboard's list, as many as its tile counts.
 */
export async function paidRegistrations(db: DbOrTx, at: Date, limit = 1000): Promise<PaidRegistrationRow[]> {
  return registrationsWithMoney(db, at, and(liveBooking(), hasPaidPayment)!, limit);
}

/**
 * Bookings that took money and are no longer live (cancelled, or a late payment sent back),
 * newest first: listed apart from the live ones, so the team sees where money went back or was
 * kept, without them counting as bookings.
 */
export async function endedPaidRegistrations(db: DbOrTx, at: Date, limit = 1000): Promise<PaidRegistrationRow[]> {
  return registrationsWithMoney(db, at, and(not(liveBooking()), hasPaidPayment)!, limit);
}

async function registrationsWithMoney(db: DbOrTx, at: Date, where: SQL, limit: number): Promise<PaidRegistrationRow[]> {
  const rows = await db
    .select({
      id: registrations.id,
      reference: registrations.reference,
      eventName: events.name,
      customerName: registrations.customerName,
      customerEmail: registrations.customerEmail,
      phoneNumber: registrations.phoneNumber,
      status: registrations.status,
      registeredAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(where)
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(limit);
  const money = await bookingMoney(db, rows.map((r) => r.id), at);
  return rows.map((row) => {
    const m = money.get(row.id);
    return {
      ...row,
      priceCents: m?.priceCents ?? 0,
      amountPaidCents: m?.paidCents ?? 0,
      refundedCents: m?.refundedCents ?? 0,
      balanceDueCents: m?.balanceDueCents ?? 0,
      balanceDueAt: m?.balanceDueAt ?? null,
      overdue: m?.overdue ?? false,
    };
  });
}

export type DashboardCounts = {
  /** Live bookings with a paid payment: what the list of paid bookings shows. */
  paidBookings: number;
  /** Every live booking, paid or free (a booking may hold several places, decision 042). */
  liveBookings: number;
  /** The places of those bookings: the places sold. */
  livePlaces: number;
  /** The places of unpaid holds still running: they lapse unless paid, never counted as sold. */
  heldPlaces: number;
  /** The people behind the paid live bookings, once per e-mail address. */
  uniqueCustomers: number;
  interestSignups: number;
};

/**
 * The dashboard's tiles, all over live bookings only (`liveBooking`). A customer is someone with
 * a paid live booking, counted once per e-mail address whatever its capitals or surrounding
 * spaces; a booking whose address was erased on request (an event long past) counts as a
 * customer of its own, since who it was is no longer known.
 */
export async function dashboardCounts(db: DbOrTx, at: Date): Promise<DashboardCounts> {
  const email = sql`lower(trim(${registrations.customerEmail}))`;
  const [[bookingCounts], [interestCount]] = await Promise.all([
    db
      .select({
        liveBookings: sql<number>`cast(count(*) filter (where ${liveBooking()}) as integer)`,
        livePlaces: sql<number>`cast(coalesce(sum(${registrations.places}) filter (where ${liveBooking()}), 0) as integer)`,
        paidBookings: sql<number>`cast(count(*) filter (where ${and(liveBooking(), hasPaidPayment)}) as integer)`,
        heldPlaces: sql<number>`cast(coalesce(sum(${registrations.places}) filter (where ${and(eq(registrations.status, "pending_payment"), gt(registrations.holdExpiresAt, at))}), 0) as integer)`,
        namedCustomers: sql<number>`cast(count(distinct ${email}) filter (where ${and(liveBooking(), hasPaidPayment)} and ${email} <> '') as integer)`,
        erasedCustomers: sql<number>`cast(count(*) filter (where ${and(liveBooking(), hasPaidPayment)} and ${email} = '') as integer)`,
      })
      .from(registrations)
      .where(or(liveBooking(), eq(registrations.status, "pending_payment"))),
    db.select({ interestSignups: count() }).from(eventInterest),
  ]);
  return {
    paidBookings: Number(bookingCounts?.paidBookings ?? 0),
    liveBookings: Number(bookingCounts?.liveBookings ?? 0),
    livePlaces: Number(bookingCounts?.livePlaces ?? 0),
    heldPlaces: Number(bookingCounts?.heldPlaces ?? 0),
    uniqueCustomers: Number(bookingCounts?.namedCustomers ?? 0) + Number(bookingCounts?.erasedCustomers ?? 0),
    interestSignups: Number(interestCount?.interestSignups ?? 0),
  };
}

export type InterestRow = {
  id: string;
  eventName: string;
  name: string;
  email: string;
  message: string | null;
  createdAt: Date;
};

/** Interest sign-ups with their messages, newest first. */
export async function interestSignups(db: DbOrTx, limit = 1000): Promise<InterestRow[]> {
  return db
    .select({
      id: eventInterest.id,
      eventName: events.name,
      name: eventInterest.name,
      email: eventInterest.email,
      message: eventInterest.message,
      createdAt: eventInterest.createdAt,
    })
    .from(eventInterest)
    .innerJoin(events, eq(events.id, eventInterest.eventId))
    .orderBy(desc(eventInterest.createdAt), desc(eventInterest.id))
    .limit(limit);
}

export type EventOccupancyRow = {
  id: string;
  name: string;
  startDate: Date;
  status: string;
  capacity: number | null;
  /** Live bookings, running holds and places held by open waiting-list offers: what the calendar counts as gone. */
  placesTaken: number;
  /** Of those, the ones merely held while someone may still pay (not sold; they lapse if unpaid). */
  placesHeld: number;
  /** The places of the live bookings: the places sold (or free and confirmed). */
  placesSold: number;
  /** The live bookings those places are in (a group booking is one). */
  bookingsSold: number;
  /** Expected revenue: the agreed prices of the live bookings. */
  expectedCents: number;
  /** Received for the live bookings: paid minus refunded. */
  receivedCents: number;
  /** Kept of bookings no longer live: what a cancelled booking paid and did not get back. */
  keptCents: number;
  /** Outstanding: the balances the live bookings still owe. */
  outstandingCents: number;
};

/**
 * Every event with its places taken of capacity, split into sold and held, so the team never
 * mistakes an unpaid hold for a sale, and its money (all from `bookingMoney`).
 */
export async function eventOccupancy(db: DbOrTx, at: Date): Promise<EventOccupancyRow[]> {
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      status: events.status,
      capacity: events.maxParticipants,
    })
    .from(events)
    .orderBy(asc(events.startDate), asc(events.name));
  const ids = rows.map((r) => r.id);
  const [taken, counted, withMoney] = await Promise.all([
    placesTakenByEvent(db, ids, at),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            eventId: registrations.eventId,
            // The comparison through gt(): the column encodes the Date for either driver (postgres.js takes no bare Date).
            held: sql<number>`cast(coalesce(sum(${registrations.places}) filter (where ${and(eq(registrations.status, "pending_payment"), gt(registrations.holdExpiresAt, at))}), 0) as integer)`,
            sold: sql<number>`cast(coalesce(sum(${registrations.places}) filter (where ${liveBooking()}), 0) as integer)`,
            bookings: sql<number>`cast(count(*) filter (where ${liveBooking()}) as integer)`,
          })
          .from(registrations)
          .where(inArray(registrations.eventId, ids))
          .groupBy(registrations.eventId),
    // The bookings that carry money: live ones (a price, maybe a balance) and any with a paid payment.
    db
      .select({ id: registrations.id, eventId: registrations.eventId, status: registrations.status })
      .from(registrations)
      .where(or(liveBooking(), hasPaidPayment)),
  ]);
  const money = await bookingMoney(db, withMoney.map((r) => r.id), at);
  const empty = () => ({ expectedCents: 0, receivedCents: 0, keptCents: 0, outstandingCents: 0 });
  const sums = new Map<string, ReturnType<typeof empty>>();
  for (const { id, eventId, status } of withMoney) {
    const m = money.get(id);
    if (!m) continue;
    const sum = sums.get(eventId) ?? empty();
    if (isLiveBooking(status)) {
      sum.expectedCents += m.priceCents;
      sum.receivedCents += m.netPaidCents;
      sum.outstandingCents += m.balanceDueCents;
    } else {
      sum.keptCents += m.netPaidCents;
    }
    sums.set(eventId, sum);
  }
  const countsByEvent = new Map(counted.map((r) => [r.eventId, { held: Number(r.held), sold: Number(r.sold), bookings: Number(r.bookings) }]));
  return rows.map((r) => {
    const c = countsByEvent.get(r.id) ?? { held: 0, sold: 0, bookings: 0 };
    return {
      ...r,
      placesTaken: taken.get(r.id) ?? 0,
      placesHeld: c.held,
      placesSold: c.sold,
      bookingsSold: c.bookings,
      ...(sums.get(r.id) ?? empty()),
    };
  });
}

export type ManifestRow = {
  /** The place's id; `registrationId` is its booking's. */
  id: string;
  registrationId: string;
  /** The booking's reference and the place number: "OR-7K3M9Q-2". */
  reference: string;
  number: number;
  name: string;
  /** The booker, when it is someone else than this participant. */
  bookerName: string | null;
  /** Null once erased by the retention sweep (12 months after the event). */
  birthDate: string | null;
  /** The booking's phone number, for the booker's own place only (a participant gives none). */
  phoneNumber: string | null;
  nextOfKinName: string | null;
  nextOfKinPhone: string | null;
  waiverAccepted: boolean;
  waiverVersion: string | null;
  detailsComplete: boolean;
  /** What the booking still has to pay, and whether its date has passed (`bookingMoney`). */
  balanceDueCents: number;
  overdue: boolean;
};

/**
 * Who sails: one row per current live participant of the event's live bookings (cancelled and
 * replaced places left out), by name, with their emergency contacts, their waiver and whether
 * their details are complete, and their booking's open balance.
 */
export async function eventManifest(
  db: DbOrTx,
  eventId: string,
  at: Date,
): Promise<{ event: { id: string; name: string; startDate: Date; location: string }; participants: ManifestRow[] } | undefined> {
  const [event] = await db
    .select({ id: events.id, name: events.name, startDate: events.startDate, location: events.location })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) return undefined;
  const rows = await liveParticipants(db, { eventId }, true);
  const money = await bookingMoney(db, [...new Set(rows.map((r) => r.registration.id))], at);
  const participants = rows
    .map(({ place, registration: r }) => ({
      id: place.id,
      registrationId: r.id,
      reference: placeReference(r.reference, place.number),
      number: place.number,
      name: place.name,
      bookerName: place.isBooker ? null : r.customerName,
      birthDate: place.birthDate,
      phoneNumber: place.isBooker ? r.phoneNumber : null,
      nextOfKinName: place.nextOfKinName,
      nextOfKinPhone: place.nextOfKinPhone,
      waiverAccepted: place.waiverAcceptedAt !== null,
      waiverVersion: place.waiverVersion,
      detailsComplete: detailsComplete(place),
      balanceDueCents: money.get(r.id)?.balanceDueCents ?? 0,
      overdue: money.get(r.id)?.overdue ?? false,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "nl", { sensitivity: "base" }) || a.reference.localeCompare(b.reference));
  return { event, participants };
}
