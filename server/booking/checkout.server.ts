import { and, eq } from "drizzle-orm";
import { translate, type Locale } from "~/i18n";
import { formatAmount, type AmountDue } from "~/lib/booking";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { payments, registrations, type Event, type Registration } from "../db/schema.server";
import { env } from "../env.server";
import { log } from "../log.server";
import { paymentProvider, type CheckoutSession } from "../payments/provider.server";

/** Stripe fills in the session id; the test checkout replaces the same placeholder itself. */
export const SESSION_ID_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

export function successUrl(eventId: string, sessionId = SESSION_ID_PLACEHOLDER): string {
  return `${env().publicUrl}/payment-success?session_id=${sessionId}&event_id=${encodeURIComponent(eventId)}`;
}

/** Where a visitor who leaves the payment page goes: back to the event, which they can share. */
export function cancelPath(event: Pick<Event, "slug">): string {
  return `/calendar?event=${encodeURIComponent(event.slug)}`;
}

export function cancelUrl(event: Pick<Event, "slug">): string {
  return `${env().publicUrl}${cancelPath(event)}`;
}

export function paymentDescription(event: Pick<Event, "name" | "nameEn">, due: Pick<AmountDue, "kind" | "depositPercent" | "priceCents">, locale: Locale): string {
  const name = (locale === "en" && event.nameEn) || event.name;
  const what =
    due.kind === "full"
      ? translate(locale, "booking.amount.full")
      : translate(locale, "booking.amount.deposit", { percent: due.depositPercent, price: formatAmount(due.priceCents, locale) });
  return `${name} – ${what}`;
}

/** Ends a hold early (the checkout could not be opened, the session expired, the payment failed). */
export async function releaseHold(registrationId: string): Promise<void> {
  await db()
    .update(registrations)
    .set({ status: "expired" })
    .where(and(eq(registrations.id, registrationId), eq(registrations.status, "pending_payment")));
}

/**
 * Opens the payment provider's checkout for a held registration, expiring with the hold, and
 * records it as an open payment. If the provider fails, the hold is released at once so the
 * place is free again, and the error goes to the caller.
 */
export async function openCheckout(registration: Registration, event: Event, due: AmountDue): Promise<CheckoutSession> {
  const locale: Locale = registration.locale === "en" ? "en" : "nl";
  const expiresAt = registration.holdExpiresAt ?? new Date(now().getTime());
  try {
    const provider = await paymentProvider();
    const session = await provider.createCheckout({
      registration,
      event,
      amountCents: registration.amountDueCents,
      description: paymentDescription(event, due, locale),
      locale,
      successUrl: successUrl(event.id),
      cancelUrl: cancelUrl(event),
      expiresAt,
    });
    await db()
      .insert(payments)
      .values({
        registrationId: registration.id,
        provider: provider.name,
        providerSessionId: session.sessionId,
        checkoutUrl: session.url,
        kind: due.kind === "full" ? "full" : "deposit",
        amountCents: registration.amountDueCents,
        status: "open",
      })
      // Stripe answers a retried request (same idempotency key) with the same session.
      .onConflictDoNothing({ target: payments.providerSessionId });
    return session;
  } catch (error) {
    log.error(`Registration ${registration.reference}: checkout could not be opened; releasing the hold`, error);
    await releaseHold(registration.id).catch((releaseError: unknown) => log.error("Releasing the hold failed too", releaseError));
    throw error;
  }
}
