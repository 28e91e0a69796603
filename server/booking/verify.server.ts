import { eq } from "drizzle-orm";
import type { Locale } from "~/i18n";
import { eventNameIn } from "../events/view.server";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { events, payments, registrations, type Event, type Registration } from "../db/schema.server";
import { log } from "../log.server";
import { PaymentProviderError } from "../payments/provider.server";
import { paymentProviderNamed } from "../payments/select.server";
import { closeUnpaidCheckout, fulfilPayment } from "./fulfil.server";
import { linkShowsPersonalData, PAID_LINK_PERSONAL_DATA_MS } from "./link-expiry.server";
import { managePath } from "./manage-link.server";
import { placesOf } from "./places.server";
import { registrationMoney } from "./money.server";
import { registrationIdFromToken } from "./reference.server";

/** What the payment result page shows. */
export type Verification =
  | {
      state: "confirmed";
      free: boolean;
      reference: string;
      eventName: string;
      email: string;
      /** Paid in total (net of refunds). */
      amountPaidCents: number;
      balanceCents: number;
      /** When that balance is due (ISO, the end of its day), or null without one. */
      balanceDueAt: string | null;
      /** The link was a balance checkout: the page says "payment received" for it. */
      balance: boolean;
      /** This payment's amount (for a balance: what just came in). */
      thisPaymentCents: number | null;
      /** The participant's manage-my-booking page. */
      managePath: string;
      /** The places booked (live ones), and how many of them are other people's (each gets their own e-mail). */
      places: number;
      otherParticipants: number;
    }
  /** An application was received (decision 045): the team decides, nothing is paid yet. */
  | { state: "applied"; reference: string; eventName: string; email: string; places: number; managePath: string }
  /** `reference` is null once the link no longer shows personal data. */
  | { state: "pending"; reference: string | null; eventName: string }
  /** Paid (or confirmed), but the link is older than it may show who booked: just that it is done. */
  | { state: "done" }
  /** `message`: the provider's own words, when it gave some; `reason` picks our explanation. */
  | { state: "failed"; reason: "refunded" | "expired" | "unverified"; message: string | null };

const unverified = (message: string | null = null): Verification => ({ state: "failed", reason: "unverified", message });

const SESSION_ID_PATTERN = /^(cs_(test|live)_[A-Za-z0-9]{10,200}|test_[A-Za-z0-9_-]{8,64})$/;

/** `payment`: the checkout the link belongs to (null for a free confirmation link). */
async function bookingState(registrationId: string, locale: Locale, paymentId: string | null): Promise<Verification> {
  const [row] = await db()
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row) return unverified();
  const { registration, event } = row;
  if (registration.status === "refunded") return { state: "failed", reason: "refunded", message: null };
  if (registration.status !== "confirmed") return { state: "failed", reason: "expired", message: null };
  const [payment] = paymentId ? await db().select().from(payments).where(eq(payments.id, paymentId)).limit(1) : [null];
  if (!linkShowsPersonalData(registration, payment ?? null, now())) return { state: "done" };
  // The one money function (decision 014).
  const money = await registrationMoney(db(), registration.id, now());
  const live = (await placesOf(db(), registration.id)).filter((place) => place.cancelledAt === null);
  return {
    state: "confirmed",
    free: registration.amountDueCents === 0 && money.paidCents === 0,
    reference: registration.reference,
    eventName: eventNameIn(event, locale),
    email: registration.customerEmail,
    amountPaidCents: money.netPaidCents,
    balanceCents: money.balanceDueCents,
    balanceDueAt: money.balanceDueAt?.toISOString() ?? null,
    balance: payment?.kind === "balance",
    thisPaymentCents: payment?.status === "paid" ? payment.amountCents : null,
    managePath: managePath(registration.id),
    places: live.length,
    otherParticipants: live.filter((place) => !place.isBooker).length,
  };
}

function pending(registration: Registration, event: Event, locale: Locale, showPersonal: boolean): Verification {
  return { state: "pending", reference: showPersonal ? registration.reference : null, eventName: eventNameIn(event, locale) };
}

/**
 * The return from a checkout (`/payment-success?session_id&event_id`). For Stripe it asks Stripe
 * and fulfils through the same idempotent `fulfilPayment()` as the webhook, so whichever comes
 * first confirms and the other changes nothing; for the test checkout it reads the stored state.
 * Never throws: anything unexpected is "unverified".
 */
export async function verifyCheckoutReturn(sessionId: string | null, eventId: string | null, locale: Locale): Promise<Verification> {
  if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) return unverified();
  try {
    const [row] = await db()
      .select({ payment: payments, registration: registrations, event: events })
      .from(payments)
      .innerJoin(registrations, eq(registrations.id, payments.registrationId))
      .innerJoin(events, eq(events.id, registrations.eventId))
      .where(eq(payments.providerSessionId, sessionId))
      .limit(1);
    if (!row || (eventId && row.event.id !== eventId)) return unverified();
    const { payment, registration, event } = row;

    if (payment.provider === "test") {
      if (payment.status === "paid" || payment.status === "refunded") return bookingState(registration.id, locale, payment.id);
      if (payment.status === "expired" || payment.status === "failed") return { state: "failed", reason: "expired", message: null };
      return unverified();
    }

    const provider = await paymentProviderNamed("stripe");
    const session = await provider.retrieveSession(sessionId);
    if (session.paymentStatus === "paid") {
      await fulfilPayment({ provider: "stripe", sessionId, providerPaymentId: session.paymentId, amountCents: session.amountCents, currency: session.currency });
      return bookingState(registration.id, locale, payment.id);
    }
    // Completed without the money yet: a slower method (e.g. a bank debit) is under way.
    if (session.status === "complete") return pending(registration, event, locale, linkShowsPersonalData(registration, payment, now()));
    if (session.status === "expired") {
      await closeUnpaidCheckout({ provider: "stripe", sessionId, status: "expired" });
      return { state: "failed", reason: "expired", message: null };
    }
    return unverified();
  } catch (error) {
    log.error(`Payment verification for session ${sessionId} failed`, error);
    return unverified(error instanceof PaymentProviderError ? (error.providerMessage ?? null) : null);
  }
}

/** The free-event confirmation view (`/payment-success?confirmed=<signed id>`). */
export async function verifyFreeConfirmation(token: string | null, eventId: string | null, locale: Locale): Promise<Verification> {
  const registrationId = token ? registrationIdFromToken(token) : undefined;
  if (!registrationId) return unverified();
  try {
    const [row] = await db().select({ eventId: registrations.eventId }).from(registrations).where(eq(registrations.id, registrationId)).limit(1);
    if (!row || (eventId && row.eventId !== eventId)) return unverified();
    return await bookingState(registrationId, locale, null);
  } catch (error) {
    log.error(`Free confirmation ${registrationId} could not be read`, error);
    return unverified();
  }
}

/**
 * The page after an application (`/payment-success?applied=<signed id>`, decision 045): received,
 * the team decides. It shows who applied for a day after the application, like a free
 * confirmation's link; later, or once decided, only that it is done.
 */
export async function verifyApplication(token: string | null, eventId: string | null, locale: Locale): Promise<Verification> {
  const registrationId = token ? registrationIdFromToken(token) : undefined;
  if (!registrationId) return unverified();
  try {
    const [row] = await db()
      .select({ registration: registrations, event: events })
      .from(registrations)
      .innerJoin(events, eq(events.id, registrations.eventId))
      .where(eq(registrations.id, registrationId))
      .limit(1);
    if (!row || (eventId && row.event.id !== eventId)) return unverified();
    const { registration, event } = row;
    if (registration.status !== "applied" || now().getTime() >= registration.createdAt.getTime() + PAID_LINK_PERSONAL_DATA_MS) return { state: "done" };
    return {
      state: "applied",
      reference: registration.reference,
      eventName: eventNameIn(event, locale),
      email: registration.customerEmail,
      places: registration.places,
      managePath: managePath(registration.id),
    };
  } catch (error) {
    log.error(`Application ${registrationId} could not be read`, error);
    return unverified();
  }
}
