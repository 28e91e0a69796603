import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { audit, actorLabel, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import { now } from "../clock.server";
import { db, type Transaction } from "../db/client.server";
import { payments, refunds, registrations, type Payment, type Refund } from "../db/schema.server";
import { log } from "../log.server";
import type { RefundAnswer } from "../payments/provider.server";
import { paymentProviderNamed } from "../payments/select.server";

/*
 * Refunds as rows (decision 014). A refund is asked for in a transaction (a `pending` row per
 * payment it touches, with its audit row), and only after that commits is the provider called,
 * with the row's `idempotency_key`. The key is `<requestKey>:<payment id>`, and `requestKey` comes
 * from what caused the refund (a cancellation, a staff form's nonce, a late payment), so asking
 * twice finds the rows of the first time instead of refunding again; the provider's own
 * idempotency covers a call repeated with the same key.
 *
 * A payment made by bank transfer (provider `manual`) has no provider to refund through: its
 * refund row is recorded `pending` with a note that the team pays it back by hand, and
 * `confirmManualRefund` marks it succeeded once they did. Until then it shows as a pending refund
 * (money.server.ts), which is the truth: the money has not gone back yet.
 */

export type RefundOutcome = "refunded" | "pending" | "failed" | "nothing_to_refund" | "already_requested";

/**
 * `refundedCents`: what this request gives back, confirmed or still under way (failed rows are
 * left out: they are for a human).
 */
export type RefundResult = { outcome: RefundOutcome; refundedCents: number };

export const MANUAL_REFUND_NOTE = "pay back by bank transfer by hand";

/**
 * A refund row not answered by the provider this long after it was asked for is taken to be one
 * whose call never happened (the process stopped in between) and is called again with the same
 * key. Younger ones are left to the call still under way.
 */
const UNANSWERED_RETRY_MS = 60_000;

type RowWithPayment = { refund: Refund; payment: Payment };

/** What `planRefund` decided, inside the caller's transaction. */
export type RefundPlan =
  /** `manualCents`: the part of `cents` the team pays back by bank transfer. */
  | { kind: "new"; refundIds: string[]; cents: number; manualCents: number }
  | { kind: "existing"; refundIds: string[]; cents: number }
  | { kind: "nothing" };

function throughProvider(payment: Payment): payment is Payment & { provider: "stripe" | "test"; providerPaymentId: string } {
  return payment.provider !== "manual" && payment.providerPaymentId !== null;
}

function requestKeyOf(key: string): string {
  if (!key || key.length > 200) throw new RangeError("A refund's request key must be 1–200 characters");
  return key;
}

/**
 * Asks for a refund of `amountCents` in the caller's transaction: locks the registration, and
 * unless rows of `requestKey` exist already, splits the amount over its paid payments (those a
 * provider can refund first, newest first; bank transfers last) — each at most what is left of it
 * after every refund asked for before (pending, succeeded and failed ones: a failed refund is
 * for the team to do by hand, so it is not offered again) — and inserts one `pending` row per
 * payment with its audit row. Never more than what was paid and not yet refunded.
 */
export async function planRefund(
  tx: Transaction,
  params: { registrationId: string; amountCents: number; reason: string; actor: Actor; requestKey: string },
): Promise<RefundPlan> {
  const requestKey = requestKeyOf(params.requestKey);
  if (!Number.isSafeInteger(params.amountCents)) throw new RangeError("A refund amount is integer cents");
  const [registration] = await tx.select().from(registrations).where(eq(registrations.id, params.registrationId)).for("update");
  if (!registration) return { kind: "nothing" };

  const asked = await tx.select().from(refunds).where(eq(refunds.registrationId, registration.id));
  const mine = asked.filter((r) => r.idempotencyKey.startsWith(`${requestKey}:`));
  if (mine.length > 0) {
    return { kind: "existing", refundIds: mine.map((r) => r.id), cents: mine.filter((r) => r.status !== "failed").reduce((s, r) => s + r.amountCents, 0) };
  }
  if (params.amountCents <= 0) return { kind: "nothing" };

  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.registrationId, registration.id), eq(payments.status, "paid")))
    .orderBy(desc(payments.paidAt), desc(payments.createdAt));
  // Money goes back through the provider where it can, so the team has as little as possible to transfer by hand.
  const ordered = [...paid.filter(throughProvider), ...paid.filter((p) => !throughProvider(p))];
  const at = now();
  let left = params.amountCents;
  const refundIds: string[] = [];
  let cents = 0;
  let manualCents = 0;
  for (const payment of ordered) {
    if (left <= 0) break;
    const claimed = asked.filter((r) => r.paymentId === payment.id).reduce((s, r) => s + r.amountCents, 0);
    const amount = Math.min(left, payment.amountCents - claimed);
    if (amount <= 0) continue;
    const manual = !throughProvider(payment);
    const [row] = await tx
      .insert(refunds)
      .values({
        registrationId: registration.id,
        paymentId: payment.id,
        amountCents: amount,
        currency: payment.currency,
        reason: manual ? `${params.reason} (${MANUAL_REFUND_NOTE})` : params.reason,
        status: "pending",
        idempotencyKey: `${requestKey}:${payment.id}`,
        requestedBy: actorLabel(params.actor),
        // The app clock: how long a row waited for its provider call is judged by it.
        createdAt: at,
      })
      .returning();
    await audit(tx, {
      entityType: "refund",
      entityId: row.id,
      registrationId: registration.id,
      eventId: registration.eventId,
      action: "refund.requested",
      changes: { status: { from: null, to: "pending" }, amountCents: { from: null, to: amount }, paymentId: { from: null, to: payment.id } },
      actor: params.actor,
      reason: row.reason,
      at,
    });
    refundIds.push(row.id);
    cents += amount;
    if (manual) manualCents += amount;
    left -= amount;
  }
  return refundIds.length > 0 ? { kind: "new", refundIds, cents, manualCents } : { kind: "nothing" };
}

/** The rows of a plan, in the plan's order (the order the amount was split in). */
async function rowsOf(refundIds: string[]): Promise<RowWithPayment[]> {
  if (refundIds.length === 0) return [];
  const rows = await db().select({ refund: refunds, payment: payments }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(inArray(refunds.id, refundIds));
  return rows.sort((a, b) => refundIds.indexOf(a.refund.id) - refundIds.indexOf(b.refund.id));
}

/** Whether a row still needs its provider call: never answered (and not in flight), or failed (retried with the same key). */
function needsCall({ refund, payment }: RowWithPayment, at: Date, fresh: boolean): boolean {
  if (!throughProvider(payment)) return false;
  if (refund.status === "failed") return !fresh;
  if (refund.status !== "pending" || refund.providerRefundId !== null) return false;
  return fresh || refund.createdAt.getTime() <= at.getTime() - UNANSWERED_RETRY_MS;
}

/** Writes the provider's answer to a row, with its audit row. A later answer never undoes a confirmed success. */
async function recordAnswer(row: RowWithPayment, answer: RefundAnswer, actor: Actor): Promise<void> {
  await db().transaction(async (tx) => {
    const at = now();
    const set =
      answer.status === "succeeded"
        ? { status: "succeeded" as const, providerRefundId: answer.refundId, succeededAt: at, failureReason: null }
        : answer.status === "failed"
          ? { status: "failed" as const, providerRefundId: answer.refundId, failureReason: "The provider refused the refund" }
          : { status: "pending" as const, providerRefundId: answer.refundId, failureReason: null };
    // A refused refund only fails a row still waiting; a success or acceptance also repairs a failed one.
    const from = answer.status === "failed" ? (["pending"] as const) : (["pending", "failed"] as const);
    const [before] = await tx.select().from(refunds).where(eq(refunds.id, row.refund.id)).for("update");
    if (!before || !(from as readonly string[]).includes(before.status)) return;
    if (before.status === set.status && before.providerRefundId === set.providerRefundId) return;
    await tx.update(refunds).set(set).where(eq(refunds.id, before.id));
    await audit(tx, {
      entityType: "refund",
      entityId: before.id,
      registrationId: before.registrationId,
      action: answer.status === "succeeded" ? "refund.succeeded" : answer.status === "failed" ? "refund.failed" : "refund.submitted",
      changes: {
        ...(before.status !== set.status ? { status: { from: before.status, to: set.status } } : {}),
        providerRefundId: { from: before.providerRefundId, to: answer.refundId },
      },
      actor,
      at,
    });
  });
}

async function recordCallFailure(row: RowWithPayment, error: unknown, actor: Actor): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(refunds).where(eq(refunds.id, row.refund.id)).for("update");
    // Only a row nobody has an answer for: a concurrent call with the same key may have had one.
    if (!before || before.status !== "pending" || before.providerRefundId !== null) return;
    await tx.update(refunds).set({ status: "failed", failureReason: message }).where(eq(refunds.id, before.id));
    await audit(tx, {
      entityType: "refund",
      entityId: before.id,
      registrationId: before.registrationId,
      action: "refund.failed",
      changes: { status: { from: "pending", to: "failed" } },
      actor,
      reason: message,
    });
  });
}

/**
 * Calls the provider for the rows of a committed plan that need it (after the commit: a
 * rolled-back request must not have moved money) and records each answer. `fresh`: the rows were
 * just inserted by this caller, so every one is called; otherwise only those whose call never
 * answered long enough ago, and failed ones. Never throws for a provider's failure (the row says it).
 */
export async function executeRefunds(plan: RefundPlan, actor: Actor): Promise<RefundResult> {
  if (plan.kind === "nothing") return { outcome: "nothing_to_refund", refundedCents: 0 };
  const at = now();
  const fresh = plan.kind === "new";
  for (const row of await rowsOf(plan.refundIds)) {
    if (!needsCall(row, at, fresh)) continue;
    const { refund, payment } = row;
    try {
      const provider = await paymentProviderNamed(payment.provider as "stripe" | "test");
      const answer = await provider.refund({ paymentId: payment.providerPaymentId!, amountCents: refund.amountCents, idempotencyKey: refund.idempotencyKey, reason: refund.reason });
      await recordAnswer(row, answer, actor);
    } catch (error) {
      log.error(`Refund ${refund.id} of payment ${payment.id}: the provider call failed; retried on the next request with the same key, or refund by hand`, error);
      await recordCallFailure(row, error, actor);
    }
  }
  const rows = await rowsOf(plan.refundIds);
  const refundedCents = rows.filter((r) => r.refund.status !== "failed").reduce((s, r) => s + r.refund.amountCents, 0);
  if (!fresh) return { outcome: "already_requested", refundedCents };
  const outcome: RefundOutcome = rows.some((r) => r.refund.status === "failed") ? "failed" : rows.some((r) => r.refund.status === "pending") ? "pending" : "refunded";
  return { outcome, refundedCents };
}

/**
 * Refunds `amountCents` of a registration's payments (see `planRefund` for how it is split and
 * capped). Calling it again with the same `requestKey` — a double click, a concurrent request, a
 * retry — finds the first call's rows and refunds nothing more ("already_requested"); it only
 * calls the provider again, with the same keys, for rows whose call failed or never answered.
 */
export async function refundBooking(params: {
  registrationId: string;
  amountCents: number;
  reason: string;
  actor: Actor;
  requestKey: string;
}): Promise<{ outcome: RefundOutcome; refundedCents: number }> {
  const plan = await db().transaction((tx) => planRefund(tx, params));
  return executeRefunds(plan, params.actor);
}

export type ConfirmRefundOutcome = "confirmed" | "unchanged" | "unknown_refund";

/**
 * The provider's word on a refund (its webhook): the row found by the provider's refund id (or,
 * when the webhook came before the refund call's answer was recorded, by the idempotency key the
 * call carried) takes the status. Idempotent: the same word twice changes nothing. A success is
 * final unless the provider later reports the refund failed (a bank can return it).
 */
export async function confirmRefund(
  providerRefundId: string,
  status: "succeeded" | "pending" | "failed",
  actor: Actor,
  options: { idempotencyKey?: string | null; tx?: Transaction } = {},
): Promise<ConfirmRefundOutcome> {
  const work = async (tx: Transaction): Promise<ConfirmRefundOutcome> => {
    const match = options.idempotencyKey
      ? or(eq(refunds.providerRefundId, providerRefundId), and(eq(refunds.idempotencyKey, options.idempotencyKey), isNull(refunds.providerRefundId)))
      : eq(refunds.providerRefundId, providerRefundId);
    const [before] = await tx.select().from(refunds).where(match).limit(1).for("update");
    if (!before) return "unknown_refund";
    if (status === "pending" || before.status === status) {
      if (before.providerRefundId === providerRefundId) return "unchanged";
    }
    const at = now();
    const next = status === "pending" ? before.status : status;
    await tx
      .update(refunds)
      .set({
        status: next,
        providerRefundId,
        ...(next === "succeeded" && before.status !== "succeeded" ? { succeededAt: at, failureReason: null } : {}),
        ...(next === "failed" && before.status !== "failed" ? { failureReason: "The provider reported the refund failed" } : {}),
      })
      .where(eq(refunds.id, before.id));
    await audit(tx, {
      entityType: "refund",
      entityId: before.id,
      registrationId: before.registrationId,
      action: next === "succeeded" ? "refund.succeeded" : next === "failed" ? "refund.failed" : "refund.submitted",
      changes: {
        ...(before.status !== next ? { status: { from: before.status, to: next } } : {}),
        ...(before.providerRefundId !== providerRefundId ? { providerRefundId: { from: before.providerRefundId, to: providerRefundId } } : {}),
      },
      actor,
      at,
    });
    return "confirmed";
  };
  return options.tx ? work(options.tx) : db().transaction(work);
}

/**
 * The team paid a refund of a bank-transfer payment back by hand: the pending row becomes
 * succeeded. Idempotent; only for refunds of manual payments (a provider's refunds are confirmed
 * by the provider).
 */
export async function confirmManualRefund(refundId: string, actor: Actor, note?: string): Promise<"confirmed" | "unchanged" | "not_found"> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ refund: refunds, provider: payments.provider })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.id, refundId))
      .for("update", { of: refunds });
    if (!row || row.provider !== "manual") return "not_found";
    if (row.refund.status === "succeeded") return "unchanged";
    const at = now();
    await tx.update(refunds).set({ status: "succeeded", succeededAt: at, failureReason: null }).where(eq(refunds.id, refundId));
    await audit(tx, {
      entityType: "refund",
      entityId: refundId,
      registrationId: row.refund.registrationId,
      action: "refund.succeeded",
      changes: { status: { from: row.refund.status, to: "succeeded" } },
      actor,
      reason: note ?? REASON.paidBackByTransfer,
      at,
    });
    return "confirmed";
  });
}
