import { and, eq } from "drizzle-orm";
import type { Locale } from "~/i18n";
import { eventNameIn } from "../events/view.server";
import { amountDue } from "~/lib/booking";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { events, payments, registrations } from "../db/schema.server";
import { balanceDescription, paymentDescription } from "./checkout.server";
import { linkShowsPersonalData } from "./link-expiry.server";

export type TestCheckoutView = {
  sessionId: string;
  eventId: string;
  eventSlug: string;
  eventName: string;
  startDate: string;
  endDate: string;
  /** Who booked: null once the link no longer shows personal data (decision 008). */
  personal: { customerName: string; customerEmail: string; reference: string } | null;
  amountCents: number;
  description: string;
  holdExpiresAt: string | null;
};

/** What the test checkout page shows for one of its sessions, in the visitor's language. */
export async function testCheckout(sessionId: string, locale: Locale): Promise<TestCheckoutView | undefined> {
  const [row] = await db()
    .select({ payment: payments, registration: registrations, event: events })
    .from(payments)
    .innerJoin(registrations, eq(registrations.id, payments.registrationId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(eq(payments.provider, "test"), eq(payments.providerSessionId, sessionId)))
    .limit(1);
  if (!row) return undefined;
  const { payment, registration, event } = row;
  const due = amountDue(event, registration.termsAcceptedAt);
  const at = now();
  // A balance checkout belongs to a confirmed booking: it runs to its own end, not a hold's.
  const balance = payment.kind === "balance";
  const openBalance = balance && payment.status === "open" && registration.status === "confirmed" && payment.expiresAt !== null && payment.expiresAt.getTime() > at.getTime();
  return {
    sessionId,
    eventId: event.id,
    eventSlug: event.slug,
    eventName: eventNameIn(event, locale),
    startDate: event.startDate.toISOString(),
    endDate: event.endDate.toISOString(),
    personal: openBalance || linkShowsPersonalData(registration, payment, at)
      ? { customerName: registration.customerName, customerEmail: registration.customerEmail, reference: registration.reference }
      : null,
    amountCents: payment.amountCents,
    description: balance ? balanceDescription(event, locale) : paymentDescription(event, { ...due, priceCents: registration.priceCents }, locale),
    holdExpiresAt: payment.status !== "open" ? null : balance ? (payment.expiresAt?.toISOString() ?? null) : (registration.holdExpiresAt?.toISOString() ?? null),
  };
}
