import type { Locale } from "~/i18n";
import type { Event, Registration } from "../db/schema.server";

/** Everything a provider needs to open a checkout for one registration. */
export type CheckoutRequest = {
  registration: Pick<Registration, "id" | "reference" | "customerEmail" | "customerName">;
  event: Pick<Event, "id" | "slug" | "name" | "nameEn">;
  amountCents: number;
  /** What the line on the payment page says, e.g. "ARC 2025 – 50% deposit". */
  description: string;
  /**
   * A payment of several equal units (the full price of a booking of 5 places): the provider may
   * show one line of `count` × (amountCents / count) named `name`. Only when the amount divides
   * exactly: the line must add up to `amountCents` to the cent, else it is one line (`description`).
   */
  quantity?: { count: number; name: string };
  locale: Locale;
  successUrl: string;
  cancelUrl: string;
  /** The checkout closes when the registration's hold ends (a balance checkout: after 24 hours). */
  expiresAt: Date;
  /**
   * What the provider call carries as its idempotency key: one per payment row, so a retried
   * request gets the same checkout back and a second checkout of one booking (the balance) is a
   * checkout of its own. Default: `checkout-<registration id>` (the booking's first checkout).
   */
  idempotencyKey?: string;
};

export type CheckoutSession = { sessionId: string; url: string };

/** What the provider says about a checkout now. */
export type SessionState = {
  sessionId: string;
  /** open: not finished; complete: the visitor finished (paid, or a slower method is under way); expired. */
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid";
  /** The provider's id of the payment itself (what a refund needs), once there is one. */
  paymentId: string | null;
  registrationId: string | null;
  /** What the session charges (Stripe's amount_total, integer cents) and its currency, lower case. */
  amountCents: number | null;
  currency: string | null;
};

/**
 * The one payment-provider interface: Stripe in production, the built-in test checkout without a
 * Stripe key, and fakes in tests. Booking code never talks to a provider any other way.
 */
export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<SessionState>;
  /**
   * Refunds (part of) a payment. The same `idempotencyKey` must never refund twice: the provider
   * answers a repeated call with the refund it made the first time.
   */
  refund(request: RefundRequest): Promise<RefundAnswer>;
}

export type RefundRequest = {
  /** The provider's id of the payment (a Stripe PaymentIntent). */
  paymentId: string;
  /** Integer cents, at most what is left of the payment. */
  amountCents: number;
  /** The refund row's `idempotency_key`. */
  idempotencyKey: string;
  /** Why, for the provider's dashboard. */
  reason?: string;
};

/** "pending": accepted, money not back yet (a webhook confirms it later). */
export type RefundAnswer = { refundId: string; status: "succeeded" | "pending" | "failed" };

/** A provider refused or failed; `providerMessage` is its own explanation, when it gave one. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    message: string,
    readonly providerMessage?: string,
  ) {
    super(message);
  }
}
