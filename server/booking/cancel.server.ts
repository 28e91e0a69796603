import { and, eq } from "drizzle-orm";
import type { Locale } from "~/i18n";
import { audit, SYSTEM, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import { now } from "../clock.server";
import { db, type Transaction } from "../db/client.server";
import { bookingPlaces, events, payments, registrations, type Event } from "../db/schema.server";
import { log } from "../log.server";
import { deliverQueuedQuietly } from "../mail/send.server";
import { offerFreedPlaces } from "../waitlist/offers.server";
import { queueCancellationNotice, queueRefundFailedAlert, queueTeamCancellationNotice } from "./emails.server";
import { cancellationRefund, registrationMoney, type Money } from "./money.server";
import { queuePlaceCancelledToParticipant } from "./place-changes.server";
import { isCurrentPlace } from "./places.server";
import { executeRefunds, planRefund, type RefundPlan } from "./refunds.server";
import { settleInvoices } from "../invoices/issue.server";

export type CancelRefund = { mode: "policy" } | { mode: "full" } | { mode: "partial"; amountCents: number } | { mode: "none" };

export type CancelResult = {
  outcome: "cancelled" | "already_cancelled" | "not_cancellable";
  refund?: { outcome: string; refundedCents: number };
};

export type CancellationQuote = {
  /** What cancelling at `now` gives back under the event's policy (integer cents). */
  refundCents: number;
  percent: number;
  /** Until when the policy refunds: the end of the day `refundUntilDays` before the start's day (Amsterdam). */
  deadline: Date;
  inWindow: boolean;
  /** Paid minus refunded so far. */
  netPaidCents: number;
};

/**
 * What can still be given back: paid minus refunded, minus refunds already asked for and not
 * confirmed (they will give that money back already).
 */
function refundableCents(money: Money): number {
  return Math.max(0, money.netPaidCents - money.refundPendingCents);
}

function policyQuote(event: Pick<Event, "startDate" | "refundUntilDays" | "refundPercent">, money: Money, at: Date): CancellationQuote {
  const policy = cancellationRefund(event, refundableCents(money), at);
  return { ...policy, netPaidCents: money.netPaidCents };
}

/**
 * What the participant's page shows before they confirm a cancellation: the same numbers
 * `cancelBooking` with `{ mode: "policy" }` uses. Undefined for an unknown registration.
 */
export async function cancellationQuote(registrationId: string, at: Date): Promise<CancellationQuote | undefined> {
  const [row] = await db()
    .select({ startDate: events.startDate, refundUntilDays: events.refundUntilDays, refundPercent: events.refundPercent })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row) return undefined;
  return policyQuote(row, await registrationMoney(db(), registrationId, at), at);
}

function refundAmount(refund: CancelRefund, event: Event, money: Money, at: Date): number {
  switch (refund.mode) {
    case "policy":
      return policyQuote(event, money, at).refundCents;
    case "full":
      return refundableCents(money);
    case "partial":
      if (!Number.isSafeInteger(refund.amountCents) || refund.amountCents < 0) throw new RangeError("A partial refund is a whole number of cents, 0 or more");
      // Never more than is left to give back (planRefund caps it too; capping here keeps the e-mail right).
      return Math.min(refund.amountCents, refundableCents(money));
    case "none":
      return 0;
  }
}

type Decision =
  | { outcome: "not_cancellable" }
  | { outcome: "already_cancelled"; plan: RefundPlan }
  | { outcome: "cancelled"; eventId: string; plan: RefundPlan; emailIds: string[] };

/**
 * Cancels a booking (confirmed, or still waiting for its payment) in one transaction that locks
 * the event row and then the registration, the order registering uses, so a cancellation and a
 * registration or offer for the same event are counted one after the other: the registration
 * becomes `cancelled` (audit row), its open checkouts are closed (a payment that still arrives is
 * refunded by the fulfilment), the refund is asked for (refund rows keyed by `requestKey`,
 * default `cancel:<id>`), and the participant's and the team's e-mails are queued (the outbox).
 * After the commit: the provider refunds, the e-mails go out, and the freed place is offered to
 * the waiting list. Cancelling again answers "already_cancelled" and refunds nothing more (it
 * only retries a refund call of the first cancellation that failed or never answered).
 */
export async function cancelBooking(params: {
  registrationId: string;
  actor: Actor;
  refund: CancelRefund;
  reason?: string;
  requestKey?: string;
  /**
   * Runs in the cancellation's transaction right after the booking is marked cancelled (event
   * and registration locked), before the refund is planned: a caller's own record of the
   * cancellation commits with it. Throwing rolls everything back and reaches the caller.
   */
  within?: (tx: Transaction) => Promise<void>;
  /** Why it was cancelled, in the participant's language, after the e-mail's opening (a refund after a cancelled date). */
  emailNote?: (locale: Locale) => string;
}): Promise<CancelResult> {
  const requestKey = params.requestKey ?? `cancel:${params.registrationId}`;
  const reason = params.reason?.trim() || (params.actor.type === "participant" ? REASON.cancelledByParticipant : REASON.cancelled);

  const decision = await db().transaction(async (tx: Transaction): Promise<Decision> => {
    const [found] = await tx.select({ eventId: registrations.eventId }).from(registrations).where(eq(registrations.id, params.registrationId)).limit(1);
    if (!found) return { outcome: "not_cancellable" };
    const [event] = await tx.select().from(events).where(eq(events.id, found.eventId)).for("update");
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, params.registrationId)).for("update");
    if (registration.status === "cancelled") {
      // Finds the first cancellation's refund rows (amount 0: never a new refund).
      return { outcome: "already_cancelled", plan: await planRefund(tx, { registrationId: registration.id, amountCents: 0, reason, actor: params.actor, requestKey }) };
    }
    if (registration.status !== "confirmed" && registration.status !== "pending_payment") return { outcome: "not_cancellable" };

    const at = now();
    const money = await registrationMoney(tx, registration.id, at);
    const amount = refundAmount(params.refund, event, money, at);

    await tx.update(registrations).set({ status: "cancelled", cancelledAt: at }).where(eq(registrations.id, registration.id));
    await audit(tx, {
      entityType: "registration",
      entityId: registration.id,
      registrationId: registration.id,
      eventId: event.id,
      action: "registration.cancelled",
      changes: { status: { from: registration.status, to: "cancelled" }, cancelledAt: { from: registration.cancelledAt?.toISOString() ?? null, to: at.toISOString() } },
      actor: params.actor,
      reason: params.refund.mode === "policy" ? reason : `${reason} (refund: ${params.refund.mode}, ${amount} cents)`,
      at,
    });
    if (params.within) await params.within(tx);

    // An open checkout (the deposit of a held booking, a balance) must not take money for a cancelled booking.
    const closed = await tx
      .update(payments)
      .set({ status: "expired", failureReason: "Booking cancelled" })
      .where(and(eq(payments.registrationId, registration.id), eq(payments.status, "open")))
      .returning({ id: payments.id });
    for (const payment of closed) {
      await audit(tx, {
        entityType: "payment",
        entityId: payment.id,
        registrationId: registration.id,
        eventId: event.id,
        action: "payment.expired",
        changes: { status: { from: "open", to: "expired" } },
        actor: params.actor,
        reason: REASON.bookingCancelled,
        at,
      });
    }

    const plan = amount > 0 ? await planRefund(tx, { registrationId: registration.id, amountCents: amount, reason, actor: params.actor, requestKey }) : ({ kind: "nothing" } as const);
    const refundCents = plan.kind === "nothing" ? 0 : plan.cents;
    // What the booker finally pays changed (the refund, and no balance owed any more): the credit note (decision 046).
    const creditNote = await settleInvoices(tx, registration.id, at, "cancelled");
    const policy = policyQuote(event, money, at);
    const emailIds = [
      await queueCancellationNotice(tx, registration.id, {
        refundCents,
        manualRefundCents: plan.kind === "new" ? plan.manualCents : 0,
        policy,
        mode: params.refund.mode,
        wasConfirmed: registration.status === "confirmed",
        note: params.emailNote,
        documents: creditNote ? [creditNote] : [],
      }),
      await queueTeamCancellationNotice(tx, registration.id, { refundCents, actor: params.actor, reason, previousStatus: registration.status }),
    ];
    // A group booking ends with all its places (decision 042): each participant the booker named
    // with an address of their own is told (their own link then says the booking is cancelled).
    // The refund is the whole booking's, above; only a confirmed booking's participants were invited.
    if (registration.status === "confirmed") {
      const places = await tx.select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, registration.id));
      for (const place of places.filter((p) => isCurrentPlace(p) && !p.isBooker && p.email)) {
        emailIds.push(await queuePlaceCancelledToParticipant(tx, place, registration, event, true));
      }
    }
    return { outcome: "cancelled", eventId: event.id, plan, emailIds };
  });

  if (decision.outcome === "not_cancellable") return { outcome: "not_cancellable" };
  if (decision.outcome === "already_cancelled") {
    if (decision.plan.kind === "nothing") return { outcome: "already_cancelled" };
    return { outcome: "already_cancelled", refund: await executeRefunds(decision.plan, params.actor) };
  }

  const refund = await executeRefunds(decision.plan, params.actor);
  const emailIds = [...decision.emailIds];
  if (refund.outcome === "failed") {
    log.error(`Registration ${params.registrationId}: the cancellation's refund failed; the team is told to refund by hand`);
    emailIds.push(await db().transaction((tx) => queueRefundFailedAlert(tx, params.registrationId)));
  }
  await deliverQueuedQuietly(emailIds);
  try {
    // The place is free now: the first in line whose party fits gets the offer. Also done by the
    // waiting-list job, so a failure here only delays the offer.
    await offerFreedPlaces(decision.eventId, SYSTEM("cancellation"));
  } catch (error) {
    log.error(`Event ${decision.eventId}: offering the place freed by a cancellation failed; the waiting-list job retries`, error);
  }
  return { outcome: "cancelled", refund };
}
