import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { REASON } from "../audit/reasons.server";
import type Stripe from "stripe";
import { now } from "../clock.server";
import { db, type Transaction } from "../db/client.server";
import { payments, processedProviderEvents, refunds } from "../db/schema.server";
import { log } from "../log.server";
import { sessionState, stripeRefundStatus } from "../payments/stripe.server";
import { closeUnpaidCheckout, fulfilPayment } from "./fulfil.server";
import { confirmRefund } from "./refunds.server";

export type WebhookOutcome = { handled: boolean; outcome: string };

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Claims the event id in `tx`: false for a redelivery (handled before). */
async function claim(tx: Transaction, event: Stripe.Event): Promise<boolean> {
  const inserted = await tx
    .insert(processedProviderEvents)
    .values({ id: event.id, provider: "stripe", type: event.type, processedAt: now() })
    .onConflictDoNothing({ target: processedProviderEvents.id })
    .returning({ id: processedProviderEvents.id });
  return inserted.length > 0;
}

/**
 * A refund's news from Stripe (`refund.*`, or a refund listed in `charge.refunded`): confirms our
 * refund row, found by Stripe's refund id or, when the webhook beat the API answer, by the
 * idempotency key the call put in the refund's metadata. Refunds made elsewhere (the Stripe
 * dashboard) have no row and are left alone.
 */
async function confirmStripeRefunds(event: Stripe.Event, list: Stripe.Refund[]): Promise<string> {
  return db().transaction(async (tx) => {
    if (!(await claim(tx, event))) return "duplicate_event";
    const actor = { type: "provider" as const, eventId: event.id };
    const outcomes = [];
    for (const refund of list) {
      outcomes.push(await confirmRefund(refund.id, stripeRefundStatus(refund.status), actor, { idempotencyKey: refund.metadata?.idempotency_key ?? null, tx }));
    }
    if (outcomes.includes("confirmed")) return "refund_confirmed";
    return outcomes.length > 0 && outcomes.every((o) => o === "unknown_refund") ? "unknown_refund" : "unchanged";
  });
}

/**
 * `charge.refunded` without its refund list (recent API versions do not include it): the
 * refunds Stripe accepted for this payment intent that we still hold as pending are done once
 * the charge's refunded amount covers them and every refund we confirmed before.
 */
async function confirmByChargeTotal(event: Stripe.Event, charge: Stripe.Charge): Promise<string> {
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent) return "ignored";
  return db().transaction(async (tx) => {
    if (!(await claim(tx, event))) return "duplicate_event";
    const rows = await tx
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(payments.provider, "stripe"), eq(payments.providerPaymentId, paymentIntent), inArray(refunds.status, ["pending", "succeeded"]), isNotNull(refunds.providerRefundId)));
    const covered = rows.reduce((sum, r) => sum + r.refund.amountCents, 0) <= charge.amount_refunded;
    const pending = rows.filter((r) => r.refund.status === "pending");
    if (!covered || pending.length === 0) return pending.length === 0 && rows.length === 0 ? "unknown_refund" : "unchanged";
    const actor = { type: "provider" as const, eventId: event.id };
    for (const { refund } of pending) await confirmRefund(refund.providerRefundId!, "succeeded", actor, { tx });
    return "refund_confirmed";
  });
}

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
        reason: event.type === "checkout.session.expired" ? REASON.checkoutExpired : REASON.asyncPaymentFailed,
        providerEventId: event.id,
        providerEventType: event.type,
      });
      return { handled: true, outcome };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const listed = charge.refunds?.data;
      const outcome = listed && listed.length > 0 ? await confirmStripeRefunds(event, listed) : await confirmByChargeTotal(event, charge);
      return { handled: true, outcome };
    }
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
      return { handled: true, outcome: await confirmStripeRefunds(event, [event.data.object]) };
    default:
      return { handled: false, outcome: "ignored" };
  }
}
