import { and, eq, inArray, lte } from "drizzle-orm";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { payments, registrations } from "../db/schema.server";

/**
 * Ends holds whose time is up: their registrations become `expired` and their open checkouts
 * too. Capacity already ignores a lapsed hold (it counts only unexpired ones); this makes the
 * data say so, and closes the test checkout. Payments are updated before registrations, the
 * same order the fulfilment locks them in, so the two never deadlock.
 */
export async function expireLapsedHolds(at: Date = now()): Promise<number> {
  return db().transaction(async (tx) => {
    const lapsed = tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.status, "pending_payment"), lte(registrations.holdExpiresAt, at)));
    await tx
      .update(payments)
      .set({ status: "expired" })
      .where(and(eq(payments.status, "open"), inArray(payments.registrationId, lapsed)));
    const expired = await tx
      .update(registrations)
      .set({ status: "expired" })
      .where(and(eq(registrations.status, "pending_payment"), lte(registrations.holdExpiresAt, at)))
      .returning({ id: registrations.id });
    return expired.length;
  });
}
