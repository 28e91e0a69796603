import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { eventInterest, events, payments, privatePages, registrations, type Event } from "../db/schema.server";
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
  paidCents: number;
  createdAt: Date;
};

/** An event's registrations, newest first, with what each has actually paid. */
export async function eventRegistrations(db: DbOrTx, eventId: string): Promise<AdminRegistration[]> {
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
  if (rows.length === 0) return [];
  const paid = await db
    .select({ registrationId: payments.registrationId, cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(and(inArray(payments.registrationId, rows.map((r) => r.id)), eq(payments.status, "paid")))
    .groupBy(payments.registrationId);
  const paidById = new Map(paid.map((p) => [p.registrationId, Number(p.cents)]));
  return rows.map((row) => ({ ...row, paidCents: paidById.get(row.id) ?? 0 }));
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
