import { and, eq } from "drizzle-orm";
import { now } from "../clock.server";
import { db, type Transaction } from "../db/client.server";
import { events, payments, processedProviderEvents, registrations, type Payment } from "../db/schema.server";
import { placesTakenByEvent } from "../events/queries.server";
import { log } from "../log.server";
import type { PaymentProvider } from "../payments/provider.server";
import { paymentProviderNamed } from "../payments/select.server";
import { deliverQueuedQuietly } from "../mail/send.server";
import { queueBookingConfirmation, queuePaymentMismatchAlert, queueRefundNotice, queueTeamBookingNotice } from "./emails.server";

type ProviderName = PaymentProvider["name"];

export type FulfilInput = {
  provider: ProviderName;
  sessionId: string;
  /** The provider's id of the payment (a Stripe PaymentIntent); what a refund needs. */
  providerPaymentId: string | null;
  /**
   * What the provider says was paid, in integer cents and its currency: checked against what the
   * checkout was opened for, and a booking is confirmed only when both match.
   */
  amountCents: number | null;
  currency: string | null;
  /** A webhook delivery's event id: each one is handled once. */
  providerEventId?: string;
  providerEventType?: string;
};

export type FulfilResult =
  /** This call confirmed the registration (the e-mails went out). */
  | { outcome: "confirmed"; registrationId: string; late: boolean }
  /** Paid before: nothing changed. */
  | { outcome: "already_paid"; registrationId: string }
  /** Paid after the hold ended, and the event was full: refunded. */
  | { outcome: "refunded"; registrationId: string }
  /** The amount or currency paid differs from the checkout's: recorded, team told, not confirmed. */
  | { outcome: "amount_mismatch"; registrationId: string }
  /** This webhook event id was handled before. */
  | { outcome: "duplicate_event" }
  /** No checkout with this session id. */
  | { outcome: "unknown_session" };

/** Records a webhook event id; false when it was recorded before (a redelivery). */
async function claimProviderEvent(tx: Transaction, provider: ProviderName, id: string, type: string): Promise<boolean> {
  const inserted = await tx
    .insert(processedProviderEvents)
    .values({ id, provider, type, processedAt: now() })
    .onConflictDoNothing({ target: processedProviderEvents.id })
    .returning({ id: processedProviderEvents.id });
  return inserted.length > 0;
}

async function findPayment(provider: ProviderName, sessionId: string): Promise<Payment | undefined> {
  const [payment] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, sessionId)))
    .limit(1);
  return payment;
}

type Decision =
  | { outcome: "confirmed"; registrationId: string; late: boolean; emailIds: string[] }
  | { outcome: "amount_mismatch"; registrationId: string; emailIds: string[] }
  | { outcome: "already_paid"; registrationId: string }
  | { outcome: "refund"; registrationId: string; paymentRowId: string; providerPaymentId: string | null; amountCents: number }
  | { outcome: "duplicate_event" }
  | { outcome: "unknown_session" };

/**
 * Confirms the registration behind a paid checkout: the one function the webhook, the return
 * page and the test checkout all call. Idempotent: the first call confirms, records the payment
 * and sends the participant's confirmation and the team notification; every later call (another
 * webhook delivery, a reload) changes nothing. A payment that arrives after its hold ended is
 * accepted while a place is free, otherwise refunded and the participant told.
 *
 * Locks in the same order as registering (event row, then payment, then registration), so the
 * capacity decision is serialised with new registrations and never overbooks.
 */
export async function fulfilPayment(input: FulfilInput): Promise<FulfilResult> {
  const found = await findPayment(input.provider, input.sessionId);
  if (!found) {
    log.warn(`Payment for unknown ${input.provider} session ${input.sessionId}`);
    return { outcome: "unknown_session" };
  }

  const decision = await db().transaction(async (tx): Promise<Decision> => {
    if (input.providerEventId && !(await claimProviderEvent(tx, input.provider, input.providerEventId, input.providerEventType ?? "payment"))) {
      return { outcome: "duplicate_event" };
    }
    const at = now();
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, found.registrationId)).limit(1);
    if (!registration) return { outcome: "unknown_session" };
    const [event] = await tx.select().from(events).where(eq(events.id, registration.eventId)).for("update");
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
    if (payment.status === "paid" || payment.status === "refunded") return { outcome: "already_paid", registrationId: registration.id };

    const [current] = await tx.select().from(registrations).where(eq(registrations.id, registration.id)).for("update");

    // The money must be what the checkout was opened for. A signed event for a different amount
    // (or currency) never confirms: it is recorded on the payment, with what arrived, and the team
    // is told in the same transaction. Recorded once: a redelivery finds it and changes nothing.
    const receivedCurrency = input.currency?.toLowerCase() ?? null;
    if (input.amountCents !== payment.amountCents || receivedCurrency !== payment.currency.toLowerCase()) {
      if (payment.status === "failed" && payment.receivedAmountCents !== null) return { outcome: "amount_mismatch", registrationId: current.id, emailIds: [] };
      const expected = `${payment.amountCents} ${payment.currency}`;
      const received = `${input.amountCents ?? "?"} ${receivedCurrency ?? "?"}`;
      log.error(`Registration ${current.reference}: payment ${payment.id} amount mismatch (expected ${expected}, provider reports ${received}); not confirmed`);
      await tx
        .update(payments)
        .set({
          status: "failed",
          providerPaymentId: input.providerPaymentId ?? payment.providerPaymentId,
          receivedAmountCents: input.amountCents ?? -1,
          receivedCurrency: receivedCurrency ?? "unknown",
          failureReason: `Amount mismatch: checkout for ${expected}, provider reported ${received}; not confirmed, check with the provider`,
        })
        .where(eq(payments.id, payment.id));
      const alert = await queuePaymentMismatchAlert(tx, {
        registrationId: current.id,
        paymentId: payment.id,
        provider: input.provider,
        expectedCents: payment.amountCents,
        expectedCurrency: payment.currency,
        receivedCents: input.amountCents ?? 0,
        receivedCurrency: receivedCurrency ?? "?",
      });
      return { outcome: "amount_mismatch", registrationId: current.id, emailIds: [alert] };
    }

    const markPaid = { status: "paid" as const, paidAt: at, providerPaymentId: input.providerPaymentId ?? payment.providerPaymentId };

    if (current.status === "confirmed") {
      // Paid twice for one place (should not happen: one checkout per registration). Keep the record.
      log.warn(`Registration ${current.reference}: a second payment ${payment.id} arrived for a confirmed booking`);
      await tx.update(payments).set(markPaid).where(eq(payments.id, payment.id));
      return { outcome: "already_paid", registrationId: current.id };
    }

    const holdValid = current.status === "pending_payment" && current.holdExpiresAt !== null && current.holdExpiresAt.getTime() > at.getTime();
    let placeFree = holdValid;
    if (!holdValid && current.status !== "cancelled" && current.status !== "refunded") {
      // The hold ended, so this registration is not among the places taken: is one still free?
      const taken = (await placesTakenByEvent(tx, [event.id], at)).get(event.id) ?? 0;
      placeFree = event.maxParticipants === null || taken < event.maxParticipants;
    }

    if (placeFree) {
      await tx.update(payments).set(markPaid).where(eq(payments.id, payment.id));
      await tx.update(registrations).set({ status: "confirmed", confirmedAt: at }).where(eq(registrations.id, current.id));
      // The outbox: the e-mails commit with the confirmation, or not at all.
      const emailIds = [await queueBookingConfirmation(tx, current.id), await queueTeamBookingNotice(tx, current.id, "confirmed")];
      return { outcome: "confirmed", registrationId: current.id, late: !holdValid, emailIds };
    }

    await tx
      .update(payments)
      .set({ ...markPaid, failureReason: "Paid after the hold ended; no place left: refunding" })
      .where(eq(payments.id, payment.id));
    await tx.update(registrations).set({ status: "refunded", cancelledAt: at }).where(eq(registrations.id, current.id));
    return {
      outcome: "refund",
      registrationId: current.id,
      paymentRowId: payment.id,
      providerPaymentId: markPaid.providerPaymentId,
      amountCents: payment.amountCents,
    };
  });

  // Deliveries and refunds only after the commit: a rolled-back decision must not have told anyone.
  switch (decision.outcome) {
    case "confirmed":
      if (decision.late) log.info(`Registration ${decision.registrationId}: late payment accepted (a place was still free)`);
      await deliverQueuedQuietly(decision.emailIds);
      return { outcome: "confirmed", registrationId: decision.registrationId, late: decision.late };
    case "amount_mismatch":
      await deliverQueuedQuietly(decision.emailIds);
      return { outcome: "amount_mismatch", registrationId: decision.registrationId };
    case "refund":
      await refundLatePayment(input.provider, decision);
      return { outcome: "refunded", registrationId: decision.registrationId };
    default:
      return decision;
  }
}

async function refundLatePayment(
  providerName: ProviderName,
  decision: Extract<Decision, { outcome: "refund" }>,
): Promise<void> {
  let refundFailed = false;
  let refundId: string | undefined;
  let refundError = "";
  try {
    if (!decision.providerPaymentId) throw new Error("the provider gave no payment id to refund");
    const provider = await paymentProviderNamed(providerName);
    refundId = await provider.refund(decision.providerPaymentId);
  } catch (error) {
    refundFailed = true;
    log.error(`Registration ${decision.registrationId}: REFUND FAILED for a late payment; refund by hand`, error);
    refundError = error instanceof Error ? error.message : String(error);
  }
  // The refund's outcome and its two e-mails commit together (the outbox).
  const emailIds = await db().transaction(async (tx) => {
    if (refundId) {
      await tx
        .update(payments)
        .set({ status: "refunded", refundedAt: now(), failureReason: `Paid after the hold ended; no place left: refunded (${refundId})` })
        .where(eq(payments.id, decision.paymentRowId));
    } else {
      await tx
        .update(payments)
        .set({ failureReason: `Paid after the hold ended; no place left: REFUND FAILED, refund by hand (${refundError})` })
        .where(eq(payments.id, decision.paymentRowId));
    }
    return [
      await queueRefundNotice(tx, decision.registrationId, decision.amountCents),
      await queueTeamBookingNotice(tx, decision.registrationId, "refunded", refundFailed),
    ];
  });
  if (refundId) log.warn(`Registration ${decision.registrationId}: late payment refunded (${refundId}); the event was full`);
  await deliverQueuedQuietly(emailIds);
}

/**
 * A checkout ended without payment (expired, or the slower payment method failed): the payment
 * is closed and, if the registration still waited for it, its place is released. Idempotent.
 */
export async function closeUnpaidCheckout(input: {
  provider: ProviderName;
  sessionId: string;
  status: "expired" | "failed";
  reason?: string;
  providerEventId?: string;
  providerEventType?: string;
}): Promise<"closed" | "duplicate_event" | "unknown_session" | "unchanged"> {
  const found = await findPayment(input.provider, input.sessionId);
  if (!found) return "unknown_session";
  return db().transaction(async (tx) => {
    if (input.providerEventId && !(await claimProviderEvent(tx, input.provider, input.providerEventId, input.providerEventType ?? input.status))) {
      return "duplicate_event";
    }
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
    if (payment.status !== "open") return "unchanged";
    await tx
      .update(payments)
      .set({ status: input.status, failureReason: input.reason ?? null })
      .where(eq(payments.id, payment.id));
    await tx
      .update(registrations)
      .set({ status: "expired" })
      .where(and(eq(registrations.id, payment.registrationId), eq(registrations.status, "pending_payment")));
    return "closed";
  });
}
