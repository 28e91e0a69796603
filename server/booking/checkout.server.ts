import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { asLocale, translate, type Locale } from "~/i18n";
import { eventNameIn } from "../events/view.server";
import { HOLD_DURATION_MS, type AmountDue } from "~/lib/booking";
import { formatAmount } from "~/lib/money-format";
import { audit, changesWithAudit, PARTICIPANT, SYSTEM, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import { now } from "../clock.server";
import { batchedWrites } from "../db/batched-writes.server";
import { db, preparedStatement, type Database } from "../db/client.server";
import { columnList, insertRecordsSql } from "../db/json-records.server";
import { payments, registrations, type Event, type Registration } from "../db/schema.server";
import { env } from "../env.server";
import { log } from "../log.server";
import type { CheckoutSession } from "../payments/provider.server";
import { paymentProvider } from "../payments/select.server";

/** Stripe fills in the session id; the test checkout replaces the same placeholder itself. */
export const SESSION_ID_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

export function successUrl(eventId: string, sessionId = SESSION_ID_PLACEHOLDER): string {
  return `${env().publicUrl}/payment-success?session_id=${sessionId}&event_id=${encodeURIComponent(eventId)}`;
}

/** Where a visitor who leaves the payment page goes: back to the event, which they can share. */
export function cancelPath(event: Pick<Event, "slug">): string {
  return `/calendar?event=${encodeURIComponent(event.slug)}`;
}

export function cancelUrl(event: Pick<Event, "slug">): string {
  return `${env().publicUrl}${cancelPath(event)}`;
}

/**
 * What a booking's first payment is for, on the payment page and the provider's records:
 * "ARC 2026 – 50% deposit of €590" for one place; with more, the places are named ("Deposit for
 * 5 places (50% of €1.475)", "Full payment for 5 places"). `priceCents` is the whole booking's.
 */
export function paymentDescription(
  event: Pick<Event, "name" | "nameEn">,
  due: Pick<AmountDue, "kind" | "depositPercent" | "priceCents"> & { places?: number },
  locale: Locale,
): string {
  const name = eventNameIn(event, locale);
  const places = due.places ?? 1;
  const price = formatAmount(due.priceCents, locale);
  const what =
    places > 1
      ? due.kind === "full"
        ? translate(locale, "booking.checkout.lineFull", { places })
        : translate(locale, "booking.checkout.lineDeposit", { places, percent: due.depositPercent, price })
      : due.kind === "full"
        ? translate(locale, "booking.amount.full")
        : translate(locale, "booking.amount.deposit", { percent: due.depositPercent, price });
  return `${name} – ${what}`;
}

/**
 * A full payment of several places as a quantity line ("ARC 2026 – Place", 5 × €295) when the
 * amount is exactly places × one place's price; a deposit stays one line (its share of the
 * whole need not divide by the places).
 */
export function paymentQuantity(
  event: Pick<Event, "name" | "nameEn">,
  kind: AmountDue["kind"],
  places: number,
  amountCents: number,
  locale: Locale,
): { count: number; name: string } | undefined {
  if (kind !== "full" || places <= 1 || amountCents % places !== 0) return undefined;
  return { count: places, name: `${eventNameIn(event, locale)} – ${translate(locale, "booking.checkout.linePlace")}` };
}

/** The line on the payment page of a balance checkout: "ARC 2026 – Balance". */
export function balanceDescription(event: Pick<Event, "name" | "nameEn">, locale: Locale): string {
  const name = eventNameIn(event, locale);
  return `${name} – ${translate(locale, "booking.lifecycle.checkout.balance")}`;
}

/**
 * Where the visitor goes after registering: the test checkout's own page (its loader notes the
 * opening), or for Stripe our /checkout/continue hop, which notes it and then redirects to Stripe.
 */
export function visitorCheckoutPath(providerName: "stripe" | "test", session: CheckoutSession): string {
  return providerName === "test" ? session.url : `/checkout/continue/${encodeURIComponent(session.sessionId)}`;
}

/**
 * The hop to Stripe: notes the opening and answers the stored checkout URL, or the result page
 * when the checkout is no longer open (paid, expired). Undefined for an unknown session.
 */
export async function continueToCheckout(sessionId: string): Promise<string | undefined> {
  if (!/^cs_(test|live)_[A-Za-z0-9]{10,200}$/.test(sessionId)) return undefined;
  const [row] = await db()
    .select({ payment: payments, eventId: registrations.eventId })
    .from(payments)
    .innerJoin(registrations, eq(registrations.id, payments.registrationId))
    .where(and(eq(payments.provider, "stripe"), eq(payments.providerSessionId, sessionId)))
    .limit(1);
  if (!row) return undefined;
  if (row.payment.status !== "open" || !row.payment.checkoutUrl) return successUrl(row.eventId, sessionId);
  await markCheckoutOpened("stripe", sessionId);
  return row.payment.checkoutUrl;
}

/** Ends a hold early (the checkout could not be opened, the session expired, the payment failed). */
export async function releaseHold(registrationId: string, actor: Actor = SYSTEM("checkout"), reason: string = REASON.checkoutNotOpened): Promise<void> {
  await db().transaction(async (tx) => {
    const [released] = await tx
      .update(registrations)
      .set({ status: "expired" })
      .where(and(eq(registrations.id, registrationId), eq(registrations.status, "pending_payment")))
      .returning({ id: registrations.id, eventId: registrations.eventId });
    if (!released) return;
    await audit(tx, {
      entityType: "registration",
      entityId: released.id,
      registrationId: released.id,
      eventId: released.eventId,
      action: "registration.expired",
      changes: { status: { from: "pending_payment", to: "expired" } },
      actor,
      reason,
    });
  });
}

type OpenPayment = Pick<typeof payments.$inferInsert, "id" | "registrationId" | "provider" | "providerSessionId" | "checkoutUrl" | "kind" | "amountCents" | "expiresAt"> & {
  id: string;
  eventId: string;
};

/**
 * Records open payments with their audit rows, in one statement for the checkouts opened together
 * (a registration burst: every registration of a batch opens its checkout at once, decision 028).
 * No transaction's extra round trips: the insert and the audit rows are one statement.
 */
const recordOpenPayment = (database: Database) =>
  preparedStatement(database, "checkout.record-open-payment", (d) =>
    batchedWrites(async (open: OpenPayment[]) => {
      await changesWithAudit(
        d,
        // One statement text for any number of checkouts (decision 035). Stripe answers a
        // retried request (same idempotency key) with the same session: nothing is inserted.
        insertRecordsSql(
          payments,
          open.map(({ eventId: _eventId, ...payment }) => ({ ...payment, status: "open" as const })),
          sql`on conflict (${columnList(payments.providerSessionId)}) do nothing returning ${columnList(payments.id)}`,
        ),
        open.map((payment) => ({
          entityType: "payment" as const,
          entityId: payment.id,
          registrationId: payment.registrationId,
          eventId: payment.eventId,
          action: "payment.created",
          changes: { status: { from: null, to: "open" }, kind: { from: null, to: payment.kind }, amountCents: { from: null, to: payment.amountCents } },
          actor: PARTICIPANT,
        })),
      );
      return open.map(() => undefined);
    }),
  );

/**
 * Opens the payment provider's checkout for a held registration, expiring with the hold, and
 * records it as an open payment. If the provider fails, the hold is released at once so the
 * place is free again, and the error goes to the caller.
 */
export async function openCheckout(
  registration: Registration,
  event: Event,
  due: AmountDue,
): Promise<CheckoutSession & { provider: "stripe" | "test" }> {
  const locale: Locale = asLocale(registration.locale);
  // The checkout lasts the full hold (Stripe's 30-minute minimum plus margin) counted from the
  // registration (termsAcceptedAt is its app-clock time); the registration's own hold stays short
  // until the visitor opens the page (markCheckoutOpened extends it to exactly this end).
  const expiresAt = new Date(registration.termsAcceptedAt.getTime() + HOLD_DURATION_MS);
  try {
    const provider = await paymentProvider();
    const session = await provider.createCheckout({
      registration,
      event,
      amountCents: registration.amountDueCents,
      description: paymentDescription(event, { ...due, places: registration.places }, locale),
      quantity: paymentQuantity(event, due.kind, registration.places, registration.amountDueCents, locale),
      locale,
      successUrl: successUrl(event.id),
      cancelUrl: cancelUrl(event),
      expiresAt,
    });
    const kind = due.kind === "full" ? ("full" as const) : ("deposit" as const);
    await recordOpenPayment(db())({
      id: crypto.randomUUID(),
      registrationId: registration.id,
      eventId: event.id,
      provider: provider.name,
      providerSessionId: session.sessionId,
      checkoutUrl: session.url,
      kind,
      amountCents: registration.amountDueCents,
      expiresAt,
    });
    return { ...session, provider: provider.name };
  } catch (error) {
    log.error(`Registration ${registration.reference}: checkout could not be opened; releasing the hold`, error);
    await releaseHold(registration.id).catch((releaseError: unknown) => log.error("Releasing the hold failed too", releaseError));
    throw error;
  }
}

/**
 * The visitor opened the checkout page: the hold, still short (UNOPENED_HOLD_MS), is extended to
 * the checkout's own end, so paying within the checkout's time always finds the place held.
 * Only a hold that is still running is extended (a lapsed one may already be someone else's
 * place), and only once. Idempotent; returns whether the hold now runs to the checkout's end.
 */
export async function markCheckoutOpened(provider: "stripe" | "test", sessionId: string): Promise<boolean> {
  const at = now();
  return db().transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ openedAt: at })
      .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, sessionId), eq(payments.status, "open"), isNull(payments.openedAt)))
      .returning();
    if (!payment) return false;
    await audit(tx, {
      entityType: "payment",
      entityId: payment.id,
      registrationId: payment.registrationId,
      action: "payment.opened",
      changes: { openedAt: { from: null, to: at.toISOString() } },
      actor: PARTICIPANT,
      at,
    });
    if (!payment.expiresAt) return false;
    const [before] = await tx.select({ holdExpiresAt: registrations.holdExpiresAt }).from(registrations).where(eq(registrations.id, payment.registrationId));
    const extended = await tx
      .update(registrations)
      .set({ holdExpiresAt: payment.expiresAt })
      .where(
        and(
          eq(registrations.id, payment.registrationId),
          eq(registrations.status, "pending_payment"),
          gt(registrations.holdExpiresAt, at),
          lt(registrations.holdExpiresAt, payment.expiresAt),
        ),
      )
      .returning({ id: registrations.id, eventId: registrations.eventId });
    if (extended.length === 0) return false;
    await audit(tx, {
      entityType: "registration",
      entityId: extended[0].id,
      registrationId: extended[0].id,
      eventId: extended[0].eventId,
      action: "registration.hold_extended",
      changes: { holdExpiresAt: { from: before?.holdExpiresAt?.toISOString() ?? null, to: payment.expiresAt.toISOString() } },
      actor: PARTICIPANT,
      reason: REASON.checkoutPageOpened,
      at,
    });
    return true;
  });
}
