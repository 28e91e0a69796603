import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { eventInterest, events, payments, registrations } from "../db/schema.server";
import { placesTakenByEvent } from "../events/queries.server";

/** Money received per registration: the sum of its paid payments (refunded ones no longer count). */
function paidPerRegistration(db: DbOrTx) {
  return db
    .select({
      registrationId: payments.registrationId,
      amountPaidCents: sql<number>`cast(sum(${payments.amountCents}) as integer)`.as("amount_paid_cents"),
    })
    .from(payments)
    .where(eq(payments.status, "paid"))
    .groupBy(payments.registrationId)
    .as("paid");
}

export type PaidRegistrationRow = {
  id: string;
  reference: string;
  eventName: string;
  customerName: string;
  customerEmail: string;
  phoneNumber: string | null;
  status: string;
  registeredAt: Date;
  amountPaidCents: number;
};

/** Registrations with at least one paid payment (the spec's "deposit paid"), newest first. */
export async function paidRegistrations(db: DbOrTx, limit = 1000): Promise<PaidRegistrationRow[]> {
  const paid = paidPerRegistration(db);
  return db
    .select({
      id: registrations.id,
      reference: registrations.reference,
      eventName: events.name,
      customerName: registrations.customerName,
      customerEmail: registrations.customerEmail,
      phoneNumber: registrations.phoneNumber,
      status: registrations.status,
      registeredAt: registrations.createdAt,
      amountPaidCents: paid.amountPaidCents,
    })
    .from(registrations)
    .innerJoin(paid, eq(paid.registrationId, registrations.id))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(limit);
}

export type DashboardCounts = { paidRegistrations: number; interestSignups: number; uniqueCustomers: number };

/**
 * The three counts. A customer is someone with a paid registration, counted once per e-mail
 * address whatever its capitals or surrounding spaces.
 */
export async function dashboardCounts(db: DbOrTx): Promise<DashboardCounts> {
  const paid = paidPerRegistration(db);
  const [[registrationCounts], [interestCount]] = await Promise.all([
    db
      .select({
        paidRegistrations: count(),
        uniqueCustomers: sql<number>`cast(count(distinct lower(trim(${registrations.customerEmail}))) as integer)`,
      })
      .from(registrations)
      .innerJoin(paid, eq(paid.registrationId, registrations.id)),
    db.select({ interestSignups: count() }).from(eventInterest),
  ]);
  return {
    paidRegistrations: Number(registrationCounts?.paidRegistrations ?? 0),
    uniqueCustomers: Number(registrationCounts?.uniqueCustomers ?? 0),
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
  /** Confirmed places plus live holds: what the calendar counts as gone. */
  placesTaken: number;
  /** Of those, the ones merely held while someone may still pay (not sold; they lapse if unpaid). */
  placesHeld: number;
  /** Confirmed places: sold (or free and confirmed). */
  placesSold: number;
  receivedCents: number;
};

/**
 * Every event with its places taken (confirmed + live holds) of capacity, split into sold and
 * held, so the team never mistakes an unpaid hold for a sale, and the money received.
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
  const [taken, held, received] = await Promise.all([
    placesTakenByEvent(db, ids, at),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ eventId: registrations.eventId, held: count() })
          .from(registrations)
          .where(and(inArray(registrations.eventId, ids), eq(registrations.status, "pending_payment"), gt(registrations.holdExpiresAt, at)))
          .groupBy(registrations.eventId),
    db
      .select({
        eventId: registrations.eventId,
        receivedCents: sql<number>`cast(coalesce(sum(${payments.amountCents}), 0) as integer)`,
      })
      .from(payments)
      .innerJoin(registrations, eq(registrations.id, payments.registrationId))
      .where(eq(payments.status, "paid"))
      .groupBy(registrations.eventId),
  ]);
  const receivedByEvent = new Map(received.map((r) => [r.eventId, Number(r.receivedCents)]));
  const heldByEvent = new Map(held.map((r) => [r.eventId, Number(r.held)]));
  return rows.map((r) => {
    const placesTaken = taken.get(r.id) ?? 0;
    const placesHeld = heldByEvent.get(r.id) ?? 0;
    return { ...r, placesTaken, placesHeld, placesSold: placesTaken - placesHeld, receivedCents: receivedByEvent.get(r.id) ?? 0 };
  });
}

export type ManifestRow = {
  reference: string;
  customerName: string;
  /** Null once erased by the retention sweep (12 months after the event). */
  birthDate: string | null;
  phoneNumber: string | null;
  nextOfKinName: string | null;
  nextOfKinPhone: string | null;
};

/** Who sails: the event's confirmed participants by name, with their emergency contacts. */
export async function eventManifest(
  db: DbOrTx,
  eventId: string,
): Promise<{ event: { id: string; name: string; startDate: Date; location: string }; participants: ManifestRow[] } | undefined> {
  const [event] = await db
    .select({ id: events.id, name: events.name, startDate: events.startDate, location: events.location })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) return undefined;
  const participants = await db
    .select({
      reference: registrations.reference,
      customerName: registrations.customerName,
      birthDate: registrations.birthDate,
      phoneNumber: registrations.phoneNumber,
      nextOfKinName: registrations.nextOfKinName,
      nextOfKinPhone: registrations.nextOfKinPhone,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.status, "confirmed")))
    .orderBy(asc(sql`lower(${registrations.customerName})`));
  return { event, participants };
}
