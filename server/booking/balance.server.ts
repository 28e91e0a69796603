import crypto from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import { asLocale, type Locale } from "~/i18n";
import { audit, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { events, payments, registrations, type Payment } from "../db/schema.server";
import { log } from "../log.server";
import { deliverQueuedQuietly } from "../mail/send.server";
import { paymentProvider, paymentProviderNamed } from "../payments/select.server";
import { balanceDescription, successUrl, visitorCheckoutPath } from "./checkout.server";
import { queueBalanceReceived } from "./emails.server";
import { manageUrl } from "./manage-link.server";
import { registrationMoney } from "./money.server";
import { issueInvoice } from "../invoices/issue.server";

/**
 * How long a balance checkout stays open. Stripe allows at most 24 hours from the session's
 * creation; a few minutes less keeps a request that takes a while (or a clock a little ahead of
 * Stripe's) inside that bound.
 */
export const BALANCE_CHECKOUT_MS = 24 * 3_600_000 - 5 * 60_000;

/** An open balance checkout is handed out again only while this much of it is left to pay in. */
const REUSE_MIN_LEFT_MS = 30 * 60_000;

/** A reserved checkout whose provider call has not been recorded after this long is taken to be stranded, and called again. */
const STRANDED_MS = 60_000;

const RESERVED_PREFIX = "reserved_";

export type OpenBalanceResult =
  | { outcome: "opened"; path: string }
  | { outcome: "nothing_due" | "not_confirmed" | "provider_error" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The provider call's key: one per payment row, so a repeated call for the row gets the same checkout. */
function checkoutKey(payment: Pick<Payment, "id" | "registrationId">): string {
  return `checkout-${payment.registrationId}-balance-${payment.id}`;
}

type Step =
  | { kind: "refused"; outcome: "nothing_due" | "not_confirmed" }
  | { kind: "ready"; payment: Payment }
  /** `mine`: this call reserved the row (so it also closes it when the provider fails). */
  | { kind: "call"; payment: Payment; mine: boolean }
  | { kind: "wait"; paymentId: string };

/**
 * Opens (or hands out again) the checkout for a confirmed booking's balance
 * (`registrationMoney().balanceDueCents`), through the same provider as the deposit: the test
 * checkout offline, Stripe Checkout otherwise. Double clicks and concurrent requests get the same
 * checkout: under the registration's lock an open balance checkout of the same amount is reused,
 * or a payment row is reserved first and the provider called with that row's key (the provider
 * answers a repeated key with the same session). Expires after about 24 hours; the success URL is
 * the payment result page, which says "payment received" for a balance.
 */
export async function openBalanceCheckout(registrationId: string, actor: Actor): Promise<OpenBalanceResult> {
  const configured = await paymentProvider();
  const step = await db().transaction(async (tx): Promise<Step> => {
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for("update");
    if (!registration || registration.status !== "confirmed") return { kind: "refused", outcome: "not_confirmed" };
    const at = now();
    const money = await registrationMoney(tx, registration.id, at);
    if (money.balanceDueCents <= 0) return { kind: "refused", outcome: "nothing_due" };

    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.registrationId, registration.id),
          eq(payments.kind, "balance"),
          eq(payments.status, "open"),
          eq(payments.amountCents, money.balanceDueCents),
          gt(payments.expiresAt, new Date(at.getTime() + REUSE_MIN_LEFT_MS)),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open?.checkoutUrl) return { kind: "ready", payment: open };
    if (open) {
      // Reserved by another request: its call is under way, or it was stranded (the process stopped).
      const stranded = open.createdAt.getTime() <= at.getTime() - STRANDED_MS;
      return stranded ? { kind: "call", payment: open, mine: false } : { kind: "wait", paymentId: open.id };
    }

    // A placeholder session id until the provider answers (the column is unique and required).
    const [reserved] = await tx
      .insert(payments)
      .values({
        registrationId: registration.id,
        provider: configured.name,
        providerSessionId: `${RESERVED_PREFIX}${crypto.randomUUID()}`,
        kind: "balance",
        amountCents: money.balanceDueCents,
        status: "open",
        expiresAt: new Date(at.getTime() + BALANCE_CHECKOUT_MS),
        createdAt: at,
      })
      .returning();
    await audit(tx, {
      entityType: "payment",
      entityId: reserved.id,
      registrationId: registration.id,
      eventId: registration.eventId,
      action: "payment.created",
      changes: { status: { from: null, to: "open" }, kind: { from: null, to: "balance" }, amountCents: { from: null, to: reserved.amountCents } },
      actor,
      reason: REASON.balanceCheckout,
      at,
    });
    return { kind: "call", payment: reserved, mine: true };
  });

  if (step.kind === "refused") return { outcome: step.outcome };
  if (step.kind === "ready") return { outcome: "opened", path: pathOf(step.payment) };
  if (step.kind === "wait") return waitForCheckout(step.paymentId);
  return callProvider(step.payment, step.mine, actor);
}

function pathOf(payment: Payment): string {
  return visitorCheckoutPath(payment.provider === "stripe" ? "stripe" : "test", { sessionId: payment.providerSessionId, url: payment.checkoutUrl ?? "" });
}

/** A double click while the first request still talks to the provider: its checkout, once recorded. */
async function waitForCheckout(paymentId: string): Promise<OpenBalanceResult> {
  for (let i = 0; i < 40; i++) {
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (payment?.checkoutUrl && payment.status === "open") return { outcome: "opened", path: pathOf(payment) };
    if (!payment || payment.status !== "open") return { outcome: "provider_error" };
    await sleep(250);
  }
  return { outcome: "provider_error" };
}

async function callProvider(payment: Payment, mine: boolean, actor: Actor): Promise<OpenBalanceResult> {
  const [row] = await db()
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, payment.registrationId))
    .limit(1);
  const { registration, event } = row;
  const locale: Locale = asLocale(registration.locale);
  try {
    if (payment.provider === "manual") throw new Error("a manual payment has no checkout");
    const provider = await paymentProviderNamed(payment.provider);
    const session = await provider.createCheckout({
      registration,
      event,
      amountCents: payment.amountCents,
      description: balanceDescription(event, locale),
      locale,
      successUrl: successUrl(event.id),
      // Leaving the payment page leads back to the participant's own booking page.
      cancelUrl: manageUrl(registration.id),
      expiresAt: payment.expiresAt!,
      idempotencyKey: checkoutKey(payment),
    });
    await db().transaction(async (tx) => {
      const [updated] = await tx
        .update(payments)
        .set({ providerSessionId: session.sessionId, checkoutUrl: session.url })
        .where(and(eq(payments.id, payment.id), eq(payments.providerSessionId, payment.providerSessionId)))
        .returning({ id: payments.id });
      // Another request for the same row recorded the same session first: nothing to add.
      if (!updated) return;
      await audit(tx, {
        entityType: "payment",
        entityId: payment.id,
        registrationId: registration.id,
        eventId: event.id,
        action: "payment.checkout_opened",
        changes: { providerSessionId: { from: null, to: session.sessionId } },
        actor,
      });
    });
    return { outcome: "opened", path: visitorCheckoutPath(provider.name, session) };
  } catch (error) {
    log.error(`Registration ${registration.reference}: the balance checkout could not be opened`, error);
    if (mine || payment.createdAt.getTime() <= now().getTime() - STRANDED_MS) {
      await db()
        .transaction(async (tx) => {
          const [closed] = await tx
            .update(payments)
            .set({ status: "failed", failureReason: `Checkout could not be opened: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) })
            .where(and(eq(payments.id, payment.id), eq(payments.status, "open"), eq(payments.providerSessionId, payment.providerSessionId)))
            .returning({ id: payments.id });
          if (!closed) return;
          await audit(tx, {
            entityType: "payment",
            entityId: payment.id,
            registrationId: registration.id,
            eventId: event.id,
            action: "payment.failed",
            changes: { status: { from: "open", to: "failed" } },
            actor,
            reason: REASON.providerCheckoutFailed,
          });
        })
        .catch((closeError: unknown) => log.error("Closing the failed balance checkout failed too", closeError));
    }
    return { outcome: "provider_error" };
  }
}

/**
 * The team received (part of) the balance by bank transfer and records it: a `manual` payment,
 * paid, of kind balance, with its audit row and the participant's "payment received" e-mail.
 * `requestKey` (the admin form's nonce) makes a double submit a "duplicate". Only for a confirmed
 * booking and at most the balance due ("invalid_amount" otherwise: more would be a refund to
 * handle, and a deposit by bank transfer is not something this records).
 */
export async function recordBankTransfer(params: {
  registrationId: string;
  amountCents: number;
  actor: Actor;
  note?: string;
  requestKey: string;
}): Promise<{ outcome: "recorded" | "duplicate" | "invalid_amount" }> {
  if (!params.requestKey || params.requestKey.length > 200) throw new RangeError("A bank transfer's request key must be 1–200 characters");
  const sessionId = `manual_${params.requestKey}`;
  const result = await db().transaction(async (tx) => {
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, params.registrationId)).for("update");
    if (!registration) throw new Error(`Registration ${params.registrationId} not found`);
    const [seen] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.providerSessionId, sessionId)).limit(1);
    if (seen) return { outcome: "duplicate" as const };
    if (!Number.isSafeInteger(params.amountCents) || params.amountCents <= 0) return { outcome: "invalid_amount" as const };
    const at = now();
    const money = await registrationMoney(tx, registration.id, at);
    if (registration.status !== "confirmed" || params.amountCents > money.balanceDueCents) return { outcome: "invalid_amount" as const };
    const [payment] = await tx
      .insert(payments)
      .values({
        registrationId: registration.id,
        provider: "manual",
        providerSessionId: sessionId,
        kind: "balance",
        amountCents: params.amountCents,
        status: "paid",
        paidAt: at,
      })
      .onConflictDoNothing({ target: payments.providerSessionId })
      .returning();
    if (!payment) return { outcome: "duplicate" as const };
    await audit(tx, {
      entityType: "payment",
      entityId: payment.id,
      registrationId: registration.id,
      eventId: registration.eventId,
      action: "payment.paid",
      changes: { status: { from: null, to: "paid" }, provider: { from: null, to: "manual" }, amountCents: { from: null, to: params.amountCents } },
      actor: params.actor,
      reason: params.note?.trim() || REASON.bankTransferRecorded,
      at,
    });
    // A booking confirmed before invoices existed gets its invoice with its next payment (decision 046).
    await issueInvoice(tx, registration.id, at, params.actor);
    return { outcome: "recorded" as const, emailIds: [await queueBalanceReceived(tx, registration.id, params.amountCents)] };
  });
  if (result.outcome !== "recorded") return { outcome: result.outcome };
  await deliverQueuedQuietly(result.emailIds);
  return { outcome: "recorded" };
}
