import { and, eq, inArray, sql } from "drizzle-orm";
import { balanceDueDay, cancellationTerms } from "~/lib/booking";
import { percentOf } from "~/lib/price";
import { addDays, teamDay, teamDayEnd, teamDayStart } from "~/lib/local-time";
import type { DbOrTx } from "../db/client.server";
import { events, payments, refunds, registrations, type Event, type Registration } from "../db/schema.server";

/**
 * What a booking costs, what came in, what went back and what is still due: the one place these
 * are computed (the dashboard, the CSV, the manifest, the e-mails, the participant's page and the
 * admin all read it). Integer cents.
 */
export type Money = {
  /** The price agreed at booking (after any early-bird discount). */
  priceCents: number;
  /** Sum of paid payments (deposit, full, balance), before refunds. */
  paidCents: number;
  /** Sum of refunds the provider confirmed. */
  refundedCents: number;
  /** Refunds asked for and not yet confirmed (or failed: to be done by hand). */
  refundPendingCents: number;
  /** paid − refunded: what the team holds for this booking. */
  netPaidCents: number;
  /** What the participant still owes: price − paid for a confirmed booking, otherwise 0. */
  balanceDueCents: number;
  /** When the balance is due: the end of its day in Amsterdam (null when nothing is due). */
  balanceDueAt: Date | null;
  /** A balance is due and its day has ended. */
  overdue: boolean;
};

type MoneyEvent = Pick<Event, "startDate" | "balanceDueDays">;
type MoneyRegistration = Pick<Registration, "status" | "priceCents" | "confirmedAt" | "createdAt" | "movedAt">;

/**
 * The balance due date: the end (in Amsterdam) of the event's due day (`balanceDueDays` calendar
 * days before the start's day, 30 by default), but never of a day before the booking, or before
 * the booking moved to this event: asked later, the balance is due by the end of that day. A new
 * registration on or after the due day pays the whole price (`amountDue`), so this later day
 * only concerns bookings made before that rule, and moved ones.
 */
export function balanceDueDate(event: MoneyEvent, bookedAt: Date, movedAt?: Date | null): Date {
  const days = [balanceDueDay(event), teamDay(bookedAt), ...(movedAt ? [teamDay(movedAt)] : [])];
  return teamDayEnd(days.reduce((latest, day) => (day > latest ? day : latest)));
}

/** The first balance reminder goes this many days before the due day; the second once the due day has ended unpaid. */
export const REMINDER_DAYS_BEFORE_DUE = 7;

/** When the first balance reminder is due: the start (in Amsterdam) of the day a week before the due day. */
export function firstReminderAt(balanceDueAt: Date): Date {
  return teamDayStart(addDays(teamDay(balanceDueAt), -REMINDER_DAYS_BEFORE_DUE));
}

/** The money of one booking from its sums (pure; `bookingMoney` feeds it from the database). */
export function moneyOf(
  registration: MoneyRegistration,
  event: MoneyEvent,
  sums: { paidCents: number; refundedCents: number; refundPendingCents: number },
  now: Date,
): Money {
  const { paidCents, refundedCents, refundPendingCents } = sums;
  const owing = registration.status === "confirmed" ? Math.max(0, registration.priceCents - paidCents) : 0;
  const balanceDueAt = owing > 0 ? balanceDueDate(event, registration.confirmedAt ?? registration.createdAt, registration.movedAt) : null;
  return {
    priceCents: registration.priceCents,
    paidCents,
    refundedCents,
    refundPendingCents,
    netPaidCents: paidCents - refundedCents,
    balanceDueCents: owing,
    balanceDueAt,
    overdue: balanceDueAt !== null && now.getTime() > balanceDueAt.getTime(),
  };
}

/** Paid payments per registration. */
function paidSums(db: DbOrTx, ids: string[]) {
  return db
    .select({ registrationId: payments.registrationId, cents: sql<number>`cast(coalesce(sum(${payments.amountCents}), 0) as integer)` })
    .from(payments)
    .where(and(inArray(payments.registrationId, ids), eq(payments.status, "paid")))
    .groupBy(payments.registrationId);
}

/** Refunds per registration and status. */
function refundSums(db: DbOrTx, ids: string[]) {
  return db
    .select({
      registrationId: refunds.registrationId,
      status: refunds.status,
      cents: sql<number>`cast(coalesce(sum(${refunds.amountCents}), 0) as integer)`,
    })
    .from(refunds)
    .where(inArray(refunds.registrationId, ids))
    .groupBy(refunds.registrationId, refunds.status);
}

/** The money of each registration in `registrationIds` (unknown ids are left out). */
export async function bookingMoney(db: DbOrTx, registrationIds: string[], now: Date): Promise<Map<string, Money>> {
  const result = new Map<string, Money>();
  const ids = [...new Set(registrationIds)];
  if (ids.length === 0) return result;
  // Three small grouped queries by registration id (indexed), in bounded chunks for long exports.
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const [rows, paid, refunded] = await Promise.all([
      db
        .select({
          id: registrations.id,
          status: registrations.status,
          priceCents: registrations.priceCents,
          confirmedAt: registrations.confirmedAt,
          createdAt: registrations.createdAt,
          movedAt: registrations.movedAt,
          startDate: events.startDate,
          balanceDueDays: events.balanceDueDays,
        })
        .from(registrations)
        .innerJoin(events, eq(events.id, registrations.eventId))
        .where(inArray(registrations.id, chunk)),
      paidSums(db, chunk),
      refundSums(db, chunk),
    ]);
    const paidBy = new Map(paid.map((p) => [p.registrationId, Number(p.cents)]));
    const refundedBy = new Map<string, { done: number; pending: number }>();
    for (const r of refunded) {
      const sums = refundedBy.get(r.registrationId) ?? { done: 0, pending: 0 };
      if (r.status === "succeeded") sums.done += Number(r.cents);
      else sums.pending += Number(r.cents);
      refundedBy.set(r.registrationId, sums);
    }
    for (const row of rows) {
      const refundedSums = refundedBy.get(row.id) ?? { done: 0, pending: 0 };
      result.set(
        row.id,
        moneyOf(row, row, { paidCents: paidBy.get(row.id) ?? 0, refundedCents: refundedSums.done, refundPendingCents: refundedSums.pending }, now),
      );
    }
  }
  return result;
}

/** One registration's money (zeroes when it does not exist). */
export async function registrationMoney(db: DbOrTx, registrationId: string, now: Date): Promise<Money> {
  return (
    (await bookingMoney(db, [registrationId], now)).get(registrationId) ?? {
      priceCents: 0,
      paidCents: 0,
      refundedCents: 0,
      refundPendingCents: 0,
      netPaidCents: 0,
      balanceDueCents: 0,
      balanceDueAt: null,
      overdue: false,
    }
  );
}

export type CancellationPolicy = Pick<Event, "startDate" | "refundUntilDays" | "refundPercent">;

/**
 * What a participant who cancels at `now` gets back under the event's policy: `refundPercent`% of
 * what they paid (net of refunds) until the end of the day `refundUntilDays` days before the
 * start's day (in Amsterdam), nothing after. `deadline` is the end of that last day.
 */
export function cancellationRefund(
  event: CancellationPolicy,
  netPaidCents: number,
  now: Date,
): { refundCents: number; percent: number; deadline: Date; inWindow: boolean } {
  const { deadline, inWindow, percent } = cancellationTerms(event, now);
  return { refundCents: Math.max(0, percentOf(Math.max(0, netPaidCents), percent)), percent, deadline, inWindow };
}
