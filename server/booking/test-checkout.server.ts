import { and, eq } from "drizzle-orm";
import type { Locale } from "~/i18n";
import { eventNameIn } from "../events/view.server";
import { amountDue } from "~/lib/booking";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { events, payments, registrations } from "../db/schema.server";
import { balanceDescription, cancelPath, paymentDescription } from "./checkout.server";
import { managePath } from "./manage-link.server";
import { balanceDueDate } from "./money.server";
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
  /** The booking's places and one place's price (what the line is made of), shown when there are several. */
  places: { count: number; placePriceCents: number } | null;
  /** A new booking's place is held until then (its checkout is open): shown as a time. */
  holdExpiresAt: string | null;
  /** A balance checkout (the place is confirmed already) can be paid until then: shown with its date. */
  payUntil: string | null;
  /** What is left after this payment: the balance and its due date (ISO), or nothing (the whole price). */
  afterThis: { kind: "deposit"; balanceCents: number; dueAt: string } | { kind: "full" } | null;
  /** Where "Cancel" leads: the participant's booking for an open balance checkout, else the event in the calendar. */
  backPath: string;
  balance: boolean;
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
  const due = amountDue(event, registration.termsAcceptedAt, registration.places);
  const at = now();
  // A balance checkout belongs to a confirmed booking: it runs to its own end, not a hold's.
  const balance = payment.kind === "balance";
  const openBalance = balance && payment.status === "open" && registration.status === "confirmed" && payment.expiresAt !== null && payment.expiresAt.getTime() > at.getTime();
  const balanceAfter = registration.priceCents - payment.amountCents;
  const afterThis: TestCheckoutView["afterThis"] = balance
    ? null
    : balanceAfter > 0
      ? { kind: "deposit", balanceCents: balanceAfter, dueAt: balanceDueDate(event, registration.termsAcceptedAt).toISOString() }
      : { kind: "full" };
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
    // What the payment row is for (the amount agreed at registration), whatever the event's rules say today.
    description: balance
      ? balanceDescription(event, locale)
      : paymentDescription(event, { ...due, kind: payment.kind === "full" ? "full" : "deposit", priceCents: registration.priceCents, places: registration.places }, locale),
    // The price agreed at booking, per place (the booking's price is places × it).
    places: registration.places > 1 ? { count: registration.places, placePriceCents: Math.round(registration.priceCents / registration.places) } : null,
    holdExpiresAt: payment.status === "open" && !balance ? (registration.holdExpiresAt?.toISOString() ?? null) : null,
    payUntil: openBalance ? payment.expiresAt!.toISOString() : null,
    afterThis,
    // Leaving a balance checkout goes back to the booking, as Stripe's cancel URL does; only while
    // it is open, so an old link never leads to the booking's page.
    backPath: openBalance ? managePath(registration.id) : cancelPath(event),
    balance,
  };
}
