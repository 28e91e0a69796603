import { and, asc, desc, eq, gt, ne, notInArray } from "drizzle-orm";
import { bookingMoney } from "../booking/money.server";
import { now } from "../clock.server";
import type { DbOrTx } from "../db/client.server";
import { eventInterest, events, privatePages, registrations, type Event } from "../db/schema.server";
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
  status: "pending_payment" | "confirmed" | "expired" | "cancelled" | "refunded";
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

export type MoveTarget = { id: string; name: string; nameEn: string | null; startDate: Date; endDate: Date; placesLeft: number | null };

/**
 * The dates a booking of `from` can move to: other events of the same kind that have not
 * started and are not cancelled or finished, soonest first, with their places left (by the
 * booking rule). `moveBooking` checks all of it again with the rows locked.
 */
export async function moveTargets(db: DbOrTx, from: Pick<Event, "id" | "kind">, at: Date): Promise<MoveTarget[]> {
  const rows = await db
    .select({ id: events.id, name: events.name, nameEn: events.nameEn, startDate: events.startDate, endDate: events.endDate, status: events.status, maxParticipants: events.maxParticipants })
    .from(events)
    .where(and(eq(events.kind, from.kind), ne(events.id, from.id), gt(events.startDate, at), notInArray(events.status, ["cancelled", "completed", "live", "ongoing"])))
    .orderBy(asc(events.startDate));
  const taken = await placesTakenByEvent(db, rows.map((r) => r.id), at);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    nameEn: r.nameEn,
    startDate: r.startDate,
    endDate: r.endDate,
    placesLeft: r.maxParticipants === null ? null : Math.max(0, r.maxParticipants - (taken.get(r.id) ?? 0)),
  }));
}
