import { and, eq, inArray, lte } from "drizzle-orm";
import { audit, SYSTEM } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { payments, registrations } from "../db/schema.server";

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
