import type Stripe from "stripe";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { processedProviderEvents } from "../db/schema.server";
import { log } from "../log.server";
import { sessionState } from "../payments/stripe.server";
import { closeUnpaidCheckout, fulfilPayment } from "./fulfil.server";

export type WebhookOutcome = { handled: boolean; outcome: string };

/** Marks an event id as seen for events that change nothing, so redeliveries are recognisable. */
async function recordOnly(event: Stripe.Event): Promise<string> {
  const inserted = await db()
    .insert(processedProviderEvents)
    .values({ id: event.id, provider: "stripe", type: event.type, processedAt: now() })
    .onConflictDoNothing({ target: processedProviderEvents.id })
    .returning({ id: processedProviderEvents.id });
  return inserted.length > 0 ? "recorded" : "duplicate_event";
}

/**
 * One verified Stripe event. Every event id is handled once (`processed_provider_events`, in
 * the same transaction as its effect). Throws only on our own failures, so Stripe retries.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = sessionState(event.data.object);
      if (session.paymentStatus !== "paid") {
        // Completed with a slower method: the money follows in async_payment_succeeded (or failed).
        log.info(`Stripe session ${session.sessionId} completed, payment still pending`);
        return { handled: true, outcome: await recordOnly(event) };
      }
      const result = await fulfilPayment({
        provider: "stripe",
        sessionId: session.sessionId,
        providerPaymentId: session.paymentId,
        amountCents: session.amountCents,
        currency: session.currency,
        providerEventId: event.id,
        providerEventType: event.type,
      });
      return { handled: true, outcome: result.outcome };
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = event.data.object;
      const outcome = await closeUnpaidCheckout({
        provider: "stripe",
        sessionId: session.id,
        status: event.type === "checkout.session.expired" ? "expired" : "failed",
        reason: event.type === "checkout.session.expired" ? "Checkout expired" : "Asynchronous payment failed",
        providerEventId: event.id,
        providerEventType: event.type,
      });
      return { handled: true, outcome };
    }
    default:
      return { handled: false, outcome: "ignored" };
  }
}
