import Stripe from "stripe";
import { env } from "../env.server";
import {
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type RefundAnswer,
  type RefundRequest,
  type SessionState,
} from "./provider.server";

function describeStripeError(error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    // Card and request errors carry a message meant for people; others are internal.
    const forVisitor = error.type === "StripeCardError" || error.type === "StripeInvalidRequestError" ? error.message : undefined;
    return new PaymentProviderError(`Stripe: ${error.type}: ${error.message}`, forVisitor);
  }
  return new PaymentProviderError(`Stripe: ${error instanceof Error ? error.message : String(error)}`);
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** A Checkout Session in Stripe's words, as the booking code needs it. */
export function sessionState(session: Stripe.Checkout.Session): SessionState {
  return {
    sessionId: session.id,
    status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
    paymentStatus: session.payment_status === "paid" ? "paid" : "unpaid",
    paymentId: idOf(session.payment_intent),
    registrationId: session.metadata?.registrationId ?? session.client_reference_id ?? null,
    amountCents: session.amount_total ?? null,
    currency: session.currency ? session.currency.toLowerCase() : null,
  };
}

/**
 * A Stripe refund's status in our three words: succeeded; failed (also canceled); anything else
 * (pending, requires_action) is still under way and confirmed later by a webhook.
 */
export function stripeRefundStatus(status: string | null | undefined): RefundAnswer["status"] {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/**
 * The checkout's one line: `count` × the unit price when the request is of equal units that add
 * up to its amount exactly (5 places paid in full), else 1 × the amount under its description
 * (a deposit, whose share need not divide by the places). Stripe charges the line's total, so
 * it must be the registration's amount to the cent.
 */
export function checkoutLine(request: Pick<CheckoutRequest, "amountCents" | "description" | "quantity">) {
  const count = request.quantity?.count ?? 1;
  if (request.quantity && count > 1 && Number.isInteger(count) && request.amountCents % count === 0) {
    return { quantity: count, price_data: { currency: "eur", unit_amount: request.amountCents / count, product_data: { name: request.quantity.name } } };
  }
  return { quantity: 1, price_data: { currency: "eur", unit_amount: request.amountCents, product_data: { name: request.description } } };
}

/** `httpClient` lets tests see the requests without the network. */
export function createStripeProvider(secretKey: string, httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>): PaymentProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(httpClient ? { httpClient } : {}) });
  return {
    name: "stripe",

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            // This API version filters the methods Stripe finds eligible (the former payment_method_types).
            allowed_payment_method_types: ["card", "ideal", "bancontact"],
            locale: request.locale,
            customer_email: request.registration.customerEmail,
            client_reference_id: request.registration.id,
            metadata: { registrationId: request.registration.id, eventId: request.event.id, reference: request.registration.reference },
            payment_intent_data: {
              description: `${request.description} (${request.registration.reference})`,
              metadata: { registrationId: request.registration.id, reference: request.registration.reference },
            },
            line_items: [checkoutLine(request)],
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          // One payment row, one session: a retried request gets the same session back.
          { idempotencyKey: request.idempotencyKey ?? `checkout-${request.registration.id}` },
        );
        if (!session.url) throw new PaymentProviderError("Stripe returned a session without a URL");
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw error instanceof PaymentProviderError ? error : describeStripeError(error);
      }
    },

    async retrieveSession(sessionId: string): Promise<SessionState> {
      try {
        return sessionState(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        throw describeStripeError(error);
      }
    },

    async refund(request: RefundRequest): Promise<RefundAnswer> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentId,
            amount: request.amountCents,
            // Stripe's own `reason` is a short list of codes; ours goes with the refund as metadata,
            // and the key lets the webhook find our row even before this call's answer is recorded.
            metadata: { idempotency_key: request.idempotencyKey, ...(request.reason ? { reason: request.reason.slice(0, 500) } : {}) },
          },
          // The refund row's key: a double click, a replay or a retry gets this refund back, never a second one.
          { idempotencyKey: request.idempotencyKey },
        );
        return { refundId: refund.id, status: stripeRefundStatus(refund.status) };
      } catch (error) {
        throw describeStripeError(error);
      }
    },
  };
}

/**
 * The webhook event, when its signature (STRIPE_WEBHOOK_SECRET, over the exact raw body) is
 * valid; throws otherwise.
 */
export function verifyStripeWebhook(rawBody: string, signature: string): Stripe.Event {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new PaymentProviderError("STRIPE_WEBHOOK_SECRET is not set");
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}
