import { and, eq, isNull, lte, or } from "drizzle-orm";
import { audit, PARTICIPANT, SYSTEM, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import { now } from "../clock.server";
import { db, type Transaction } from "../db/client.server";
import { events, payments, processedProviderEvents, registrations, type Payment } from "../db/schema.server";
import { registrationMoney } from "./money.server";
import { issueInvoice } from "../invoices/issue.server";
import { placesTakenByEvent } from "../events/queries.server";
import { log } from "../log.server";
import type { PaymentProvider } from "../payments/provider.server";
import { deliverQueuedQuietly } from "../mail/send.server";
import {
  queueBalanceReceived,
  queueBookingConfirmation,
  queuePaymentMismatchAlert,
  queueRefundNotice,
  queueTeamBalanceNotice,
  queueTeamBookingNotice,
  queueUnkeptPaymentNotice,
} from "./emails.server";
import { queueInvitationsOfBooking } from "./invitations.server";
import { executeRefunds, planRefund, type RefundPlan } from "./refunds.server";

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
  /** Who reports it, for the audit trail: by default the provider (with its event id) or, without one, the participant's return. */
  actor?: Actor;
};

export type FulfilResult =
  /** This call confirmed the registration (the e-mails went out). */
  | { outcome: "confirmed"; registrationId: string; late: boolean }
  /** A balance checkout of a confirmed booking was paid (the "payment received" e-mail went out). */
  | { outcome: "balance_paid"; registrationId: string }
  /** Paid before: nothing changed. */
  | { outcome: "already_paid"; registrationId: string }
  /** Paid after the hold ended and the event was full, or paid for a cancelled booking: refunded. */
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
  /** `overpaid`: the refund of what came in above what was still due (a place was cancelled while its checkout was open). */
  | { outcome: "balance_paid"; registrationId: string; emailIds: string[]; overpaid?: RefundPlan }
  | { outcome: "amount_mismatch"; registrationId: string; emailIds: string[] }
  /** `resume`: the refund rows of an earlier delivery, whose provider call may never have happened. */
  | { outcome: "already_paid"; registrationId: string; resume?: RefundPlan }
  /** `late`: paid after the hold, no place left (participant told); otherwise paid for a cancelled booking (team told). */
  | { outcome: "refund"; registrationId: string; plan: RefundPlan; late: boolean }
  | { outcome: "duplicate_event" }
  | { outcome: "unknown_session" };

/** The refund request of a payment that cannot be kept: one per payment, whatever delivers it. */
export function paymentRefundKey(paymentId: string): string {
  return `payment:${paymentId}`;
}

/** The refund of the part of a balance payment above what was still due: one per payment. */
export function overpaidRefundKey(paymentId: string): string {
  return `overpaid:${paymentId}`;
}

/** Who reports the payment: the provider's webhook (by its event id), or the participant's return. */
function actorOf(input: FulfilInput): Actor {
  return input.actor ?? (input.providerEventId ? { type: "provider", eventId: input.providerEventId } : PARTICIPANT);
}

/**
 * Confirms the registration behind a paid checkout: the one function the webhook, the return
 * page and the test checkout all call. Idempotent: the first call confirms, records the payment
 * and sends the participant's confirmation and the team notification; every later call (another
 * webhook delivery, a reload) changes nothing. A payment that arrives after its hold ended is
 * accepted while a place is free, otherwise refunded (a refund row, decision 014) and the
 * participant told. A paid balance checkout of a confirmed booking is recorded with one "payment
 * received" e-mail to the participant and a notice to the team; one for a booking cancelled in the
 * meantime is refunded. Every change has its audit row in the same transaction.
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
  const actor = actorOf(input);

  const decision = await db().transaction(async (tx): Promise<Decision> => {
    if (input.providerEventId && !(await claimProviderEvent(tx, input.provider, input.providerEventId, input.providerEventType ?? "payment"))) {
      return { outcome: "duplicate_event" };
    }
    const at = now();
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, found.registrationId)).limit(1);
    if (!registration) return { outcome: "unknown_session" };
    const [event] = await tx.select().from(events).where(eq(events.id, registration.eventId)).for("update");
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
    const trail = { registrationId: registration.id, eventId: event.id, actor, at };
    if (payment.status === "paid" || payment.status === "refunded") {
      // A later delivery: if this payment was being refunded, make sure the refund was asked of the provider.
      // (A balance's overpaid part has its own key: amount 0 finds its rows and never asks anew.)
      const resume =
        registration.status === "refunded" || registration.status === "cancelled"
          ? await planRefund(tx, { registrationId: registration.id, amountCents: 0, reason: "", actor, requestKey: paymentRefundKey(payment.id) })
          : payment.kind === "balance"
            ? await planRefund(tx, { registrationId: registration.id, amountCents: 0, reason: "", actor, requestKey: overpaidRefundKey(payment.id) })
            : undefined;
      return { outcome: "already_paid", registrationId: registration.id, resume };
    }

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
      const failureReason = `Amount mismatch: checkout for ${expected}, provider reported ${received}; not confirmed, check with the provider`;
      await tx
        .update(payments)
        .set({
          status: "failed",
          providerPaymentId: input.providerPaymentId ?? payment.providerPaymentId,
          receivedAmountCents: input.amountCents ?? -1,
          receivedCurrency: receivedCurrency ?? "unknown",
          failureReason,
        })
        .where(eq(payments.id, payment.id));
      await audit(tx, {
        ...trail,
        entityType: "payment",
        entityId: payment.id,
        action: "payment.amount_mismatch",
        changes: { status: { from: payment.status, to: "failed" }, receivedAmountCents: { from: null, to: input.amountCents ?? -1 } },
        reason: failureReason,
      });
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
    const recordPaid = async (reason?: string) => {
      await tx.update(payments).set(markPaid).where(eq(payments.id, payment.id));
      await audit(tx, {
        ...trail,
        entityType: "payment",
        entityId: payment.id,
        action: "payment.paid",
        changes: { status: { from: payment.status, to: "paid" }, providerPaymentId: { from: payment.providerPaymentId, to: markPaid.providerPaymentId } },
        reason: reason ?? null,
      });
    };
    /** The money came in but cannot be kept: refund rows now (with the payment), the provider call after the commit. */
    const refundWhole = (reason: string) =>
      planRefund(tx, { registrationId: current.id, amountCents: payment.amountCents, reason, actor: SYSTEM("fulfilment"), requestKey: paymentRefundKey(payment.id) });

    if (payment.kind === "balance") {
      if (current.status === "confirmed") {
        // A balance checkout is opened for what was due then; a place cancelled while it was open
        // lowers what is due. What came in above what is due now goes back at once (once per
        // payment: its request key), so a booking never holds more than its price.
        const dueBefore = (await registrationMoney(tx, current.id, at)).balanceDueCents;
        const overpaidCents = Math.max(0, payment.amountCents - dueBefore);
        await recordPaid(overpaidCents > 0 ? REASON.balanceOverpaid : REASON.balancePaid);
        const overpaid =
          overpaidCents > 0
            ? await planRefund(tx, { registrationId: current.id, amountCents: overpaidCents, reason: REASON.balanceOverpaid, actor: SYSTEM("fulfilment"), requestKey: overpaidRefundKey(payment.id) })
            : undefined;
        // A booking confirmed before invoices existed gets its invoice with its next payment (decision 046).
        await issueInvoice(tx, current.id, at);
        // The outbox: one "payment received" e-mail per paid balance, committed with the payment.
        const emailIds = [
          await queueBalanceReceived(tx, current.id, payment.amountCents, overpaidCents),
          await queueTeamBalanceNotice(tx, current.id, payment.amountCents, "online"),
        ];
        return { outcome: "balance_paid", registrationId: current.id, emailIds, overpaid };
      }
      log.warn(`Registration ${current.reference}: a balance payment ${payment.id} arrived for a booking that is ${current.status}; refunding it`);
      await recordPaid(`Balance paid for a ${current.status} booking: refunding`);
      return { outcome: "refund", registrationId: current.id, plan: await refundWhole(`Balance paid after the booking was ${current.status}`), late: false };
    }

    if (current.status === "confirmed") {
      // Paid twice for one place (should not happen: one checkout per registration). Keep the record.
      log.warn(`Registration ${current.reference}: a second payment ${payment.id} arrived for a confirmed booking`);
      await recordPaid(REASON.secondPayment);
      return { outcome: "already_paid", registrationId: current.id };
    }

    if (current.status === "cancelled") {
      // Cancelled while the checkout was still open (its row was closed, the provider's page was not).
      await recordPaid(REASON.paidForCancelled);
      return { outcome: "refund", registrationId: current.id, plan: await refundWhole(REASON.paidAfterCancelled), late: false };
    }

    const holdValid = current.status === "pending_payment" && current.holdExpiresAt !== null && current.holdExpiresAt.getTime() > at.getTime();
    let placeFree = holdValid;
    if (!holdValid && current.status !== "refunded") {
      // The hold ended, so this booking is not among the places taken: are all its places still free?
      const taken = (await placesTakenByEvent(tx, [event.id], at)).get(event.id) ?? 0;
      placeFree = event.maxParticipants === null || taken + current.places <= event.maxParticipants;
    }

    if (placeFree) {
      await recordPaid(holdValid ? undefined : REASON.paidLatePlaceFree);
      await tx.update(registrations).set({ status: "confirmed", confirmedAt: at }).where(eq(registrations.id, current.id));
      await audit(tx, {
        ...trail,
        entityType: "registration",
        entityId: current.id,
        action: "registration.confirmed",
        changes: { status: { from: current.status, to: "confirmed" }, confirmedAt: { from: null, to: at.toISOString() } },
      });
      // The first payment: the booking's invoice, numbered in this transaction (decision 046); the
      // confirmation below carries it.
      await issueInvoice(tx, current.id, at);
      // The outbox: the e-mails commit with the confirmation, or not at all. The participants'
      // invitations go with the first payment only (this branch runs once per booking; a balance,
      // a replayed event or a retry never reaches it), and each place is invited once anyway.
      const emailIds = [
        await queueBookingConfirmation(tx, current.id),
        await queueTeamBookingNotice(tx, current.id, "confirmed"),
        ...(await queueInvitationsOfBooking(tx, current.id)),
      ];
      return { outcome: "confirmed", registrationId: current.id, late: !holdValid, emailIds };
    }

    await recordPaid(REASON.paidLateNoPlace);
    await tx.update(registrations).set({ status: "refunded", cancelledAt: at }).where(eq(registrations.id, current.id));
    await audit(tx, {
      ...trail,
      entityType: "registration",
      entityId: current.id,
      action: "registration.refunded",
      changes: { status: { from: current.status, to: "refunded" }, cancelledAt: { from: current.cancelledAt?.toISOString() ?? null, to: at.toISOString() } },
      reason: REASON.paidLateEventFull,
    });
    return { outcome: "refund", registrationId: current.id, plan: await refundWhole(REASON.paidLateNoPlace), late: true };
  });

  // Deliveries and refunds only after the commit: a rolled-back decision must not have told anyone.
  switch (decision.outcome) {
    case "confirmed":
      if (decision.late) log.info(`Registration ${decision.registrationId}: late payment accepted (a place was still free)`);
      await deliverQueuedQuietly(decision.emailIds);
      return { outcome: "confirmed", registrationId: decision.registrationId, late: decision.late };
    case "balance_paid":
      if (decision.overpaid && decision.overpaid.kind !== "nothing") {
        const result = await executeRefunds(decision.overpaid, SYSTEM("fulfilment"));
        if (result.outcome === "failed") log.error(`Registration ${decision.registrationId}: REFUND FAILED for an overpaid balance; refund by hand`);
      }
      await deliverQueuedQuietly(decision.emailIds);
      return { outcome: "balance_paid", registrationId: decision.registrationId };
    case "amount_mismatch":
      await deliverQueuedQuietly(decision.emailIds);
      return { outcome: "amount_mismatch", registrationId: decision.registrationId };
    case "refund":
      await refundUnkeptPayment(decision);
      return { outcome: "refunded", registrationId: decision.registrationId };
    case "already_paid":
      if (decision.resume && decision.resume.kind !== "nothing") await executeRefunds(decision.resume, SYSTEM("fulfilment"));
      return { outcome: "already_paid", registrationId: decision.registrationId };
    default:
      return decision;
  }
}

/**
 * Refunds a payment that cannot be kept (its refund rows committed with the decision) and tells
 * people: for a late payment the participant and the team; for a payment on a cancelled booking
 * the team (the participant had the cancellation e-mail). A failed refund stays visible on its
 * row and the team is told to refund by hand.
 */
async function refundUnkeptPayment(decision: Extract<Decision, { outcome: "refund" }>): Promise<void> {
  const result = await executeRefunds(decision.plan, SYSTEM("fulfilment"));
  const refundFailed = result.outcome === "failed";
  if (refundFailed) log.error(`Registration ${decision.registrationId}: REFUND FAILED for a payment that cannot be kept; refund by hand`);
  else log.warn(`Registration ${decision.registrationId}: a payment that cannot be kept was refunded (${result.outcome})`);
  const refundCents = decision.plan.kind === "nothing" ? 0 : decision.plan.cents;
  const emailIds = await db().transaction(async (tx) => {
    if (decision.late) {
      return [await queueRefundNotice(tx, decision.registrationId, refundCents), await queueTeamBookingNotice(tx, decision.registrationId, "refunded", refundFailed)];
    }
    return [
      await queueUnkeptPaymentNotice(tx, decision.registrationId, refundCents, refundFailed),
    ];
  });
  await deliverQueuedQuietly(emailIds);
}

/**
 * A checkout ended without payment (expired, or the slower payment method failed): the payment
 * is closed and, if the registration still waited for it, its place is released (an approved
 * application's hold only once its own end has passed). Idempotent.
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
  // The provider said so: through its webhook (by event id) or its answer to the return page.
  const actor: Actor = { type: "provider", eventId: input.providerEventId ?? null };
  return db().transaction(async (tx) => {
    if (input.providerEventId && !(await claimProviderEvent(tx, input.provider, input.providerEventId, input.providerEventType ?? input.status))) {
      return "duplicate_event";
    }
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
    if (payment.status !== "open") return "unchanged";
    const at = now();
    await tx
      .update(payments)
      .set({ status: input.status, failureReason: input.reason ?? null })
      .where(eq(payments.id, payment.id));
    await audit(tx, {
      entityType: "payment",
      entityId: payment.id,
      registrationId: payment.registrationId,
      action: `payment.${input.status}`,
      changes: { status: { from: "open", to: input.status } },
      actor,
      reason: input.reason ?? null,
      at,
    });
    // An approved application's hold (decision 045) outlives its checkouts: it stays until its own
    // end (the expiry sweep releases it then), and the applicant may open a new checkout meanwhile.
    const released = await tx
      .update(registrations)
      .set({ status: "expired" })
      .where(
        and(
          eq(registrations.id, payment.registrationId),
          eq(registrations.status, "pending_payment"),
          or(isNull(registrations.decidedAt), lte(registrations.holdExpiresAt, at)),
        ),
      )
      .returning({ id: registrations.id, eventId: registrations.eventId });
    for (const registration of released) {
      await audit(tx, {
        entityType: "registration",
        entityId: registration.id,
        registrationId: registration.id,
        eventId: registration.eventId,
        action: "registration.expired",
        changes: { status: { from: "pending_payment", to: "expired" } },
        actor,
        reason: input.reason ?? (input.status === "expired" ? REASON.checkoutExpired : REASON.checkoutFailed),
        at,
      });
    }
    return "closed";
  });
}
