import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { payments, registrations } from "../db/schema.server";
import type { CheckoutRequest, CheckoutSession, PaymentProvider, RefundAnswer, RefundRequest, SessionState } from "./provider.server";

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString("base64url")}`;
}

/** An id made from an idempotency key: the same key gives the same id, as Stripe answers a repeated request. */
function idFromKey(prefix: string, key: string): string {
  return `${prefix}_${crypto.createHash("sha256").update(key).digest("base64url").slice(0, 22)}`;
}

export function isTestSessionId(sessionId: string): boolean {
  return /^test_[A-Za-z0-9_-]{8,64}$/.test(sessionId);
}

/** A payment id for a test checkout that was paid ("pi_"-like, so logs read the same as Stripe's). */
export function newTestPaymentId(): string {
  return randomId("test_pi");
}

/**
 * The built-in test checkout, used when no Stripe key is configured: the "payment page" is
 * /checkout/test/<sessionId> on this server, and no money moves. The session's state is the
 * `payments` row the booking code stores for every checkout.
 */
export const testProvider: PaymentProvider = {
  name: "test",

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    // Like Stripe, a repeated request with the same key (a double click on "pay the balance")
    // gets the same session.
    const sessionId = request.idempotencyKey ? idFromKey("test", request.idempotencyKey) : randomId("test");
    return { sessionId, url: `/checkout/test/${sessionId}` };
  },

  async retrieveSession(sessionId: string): Promise<SessionState> {
    const [row] = await db()
      .select({ payment: payments, holdExpiresAt: registrations.holdExpiresAt })
      .from(payments)
      .innerJoin(registrations, eq(registrations.id, payments.registrationId))
      .where(and(eq(payments.provider, "test"), eq(payments.providerSessionId, sessionId)))
      .limit(1);
    if (!row) return { sessionId, status: "expired", paymentStatus: "unpaid", paymentId: null, registrationId: null, amountCents: null, currency: null };
    const { payment, holdExpiresAt } = row;
    const paid = payment.status === "paid" || payment.status === "refunded";
    // A first checkout lives as long as the registration's hold; a balance checkout (the booking
    // is confirmed, there is no hold) until its own end.
    const endsAt = payment.kind === "balance" ? payment.expiresAt : holdExpiresAt;
    const lapsed = payment.status === "open" && endsAt !== null && endsAt.getTime() <= now().getTime();
    return {
      sessionId,
      status: paid ? "complete" : payment.status === "open" && !lapsed ? "open" : "expired",
      paymentStatus: paid ? "paid" : "unpaid",
      paymentId: payment.providerPaymentId,
      registrationId: payment.registrationId,
      // The test checkout charges exactly what its page shows: the payment row's amount.
      amountCents: payment.amountCents,
      currency: payment.currency,
    };
  },

  async refund(request: RefundRequest): Promise<RefundAnswer> {
    // Nothing was charged, so nothing moves: the refund is recorded as done at once. Its id comes
    // from the idempotency key, so a repeated call answers the same refund, as Stripe does.
    return { refundId: idFromKey("test_re", request.idempotencyKey), status: "succeeded" };
  },
};
