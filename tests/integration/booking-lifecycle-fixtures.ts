import { eq } from "drizzle-orm";
import { openCheckout } from "@server/booking/checkout.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import type { Database } from "@server/db/client.server";
import { auditLog, emails, payments, refunds, type Event } from "@server/db/schema.server";
import { newTestPaymentId } from "@server/payments/test-provider.server";
import { participant } from "./booking-fixtures";

/**
 * A booking with its first payment made: registers participant `n` at `at`, opens the checkout
 * through whichever provider is installed and pays it (the test provider's way, or a FakeProvider
 * through `pay`). Returns the registration and the first payment's provider ids.
 */
export async function paidBooking(
  database: Database,
  event: Event,
  n: number,
  at: Date,
  options: { locale?: "nl" | "en"; pay?: (sessionId: string) => string } = {},
) {
  setNowForTests(at);
  const created = await createRegistration(database, { eventId: event.id, input: participant(n), locale: options.locale ?? "nl", now: at });
  if (created.outcome !== "held") throw new Error(`expected a hold, got ${created.outcome}`);
  const session = await openCheckout(created.registration, created.event, created.due);
  const providerPaymentId = options.pay ? options.pay(session.sessionId) : newTestPaymentId();
  const result = await fulfilPayment({
    provider: session.provider,
    sessionId: session.sessionId,
    providerPaymentId,
    amountCents: created.registration.amountDueCents,
    currency: "eur",
  });
  if (result.outcome !== "confirmed") throw new Error(`expected a confirmation, got ${result.outcome}`);
  return { registration: created.registration, sessionId: session.sessionId, providerPaymentId };
}

export async function refundRowsOf(database: Database, registrationId: string) {
  return database.select().from(refunds).where(eq(refunds.registrationId, registrationId));
}

export async function paymentRowsOf(database: Database, registrationId: string) {
  return database.select().from(payments).where(eq(payments.registrationId, registrationId));
}

export async function auditActionsOf(database: Database, registrationId: string): Promise<string[]> {
  const rows = await database.select().from(auditLog).where(eq(auditLog.registrationId, registrationId));
  return rows.map((r) => r.action);
}

export async function mailsOf(database: Database, registrationId: string, template: string) {
  const rows = await database.select().from(emails).where(eq(emails.relatedId, registrationId));
  return rows.filter((r) => r.template === template);
}
