import crypto from "node:crypto";
import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import { createElement } from "react";
import { ApplicationApprovedEmail, ApplicationDeclinedEmail, ApplicationReceivedEmail, type ApplicationEmailProps } from "~/emails/application";
import { asLocale, translate, type Locale } from "~/i18n";
import { amountDue, HOLD_DURATION_MS } from "~/lib/booking";
import { formatDate, formatEventTimes } from "~/lib/dates";
import { formatAmount } from "~/lib/money-format";
import { audit, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import { now } from "../clock.server";
import { db, type DbOrTx } from "../db/client.server";
import { events, payments, registrations, type Event, type Payment, type Registration } from "../db/schema.server";
import { env } from "../env.server";
import { placesTakenByEvent } from "../events/queries.server";
import { eventNameIn } from "../events/view.server";
import { log } from "../log.server";
import { deliverQueuedQuietly, queueEmail, queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { paymentProvider, paymentProviderNamed } from "../payments/select.server";
import { BALANCE_CHECKOUT_MS } from "./balance.server";
import { paymentDescription, successUrl, visitorCheckoutPath } from "./checkout.server";
import { queueBookingConfirmation, queueTeamBookingNotice } from "./emails.server";
import { queueInvitationsOfBooking } from "./invitations.server";
import { manageUrl } from "./manage-link.server";
import { eventRefusal } from "./registration.server";

/*
 * Apply, then pay (issue 27, decision 045). On an event that requires approval a registration is
 * an application: status `applied`, its places recorded (booking_places), nothing held, nothing
 * due, no checkout. Staff approve it (the places must be free then, checked under the event lock:
 * it becomes `pending_payment` with a hold of the event's `approvalHoldHours`, its amounts those of
 * a registration made at that moment, and the applicant gets the link to pay) or decline it (it
 * becomes `declined`, nothing is charged). An approved hold that runs out unpaid is released by
 * the ordinary expiry sweep (`expireLapsedHolds`); a checkout that ends before the hold does not
 * release it (`closeUnpaidCheckout` keeps approved holds).
 */

/** The team reads its notices in Dutch. */
const TEAM_LOCALE: Locale = "nl";

/** The longest decision message staff may write (it goes into an e-mail and onto the booking page). */
export const DECISION_MESSAGE_MAX = 2000;

/** An application that staff approved (its hold is the approval's, not a checkout's). */
export function isApprovedHold(registration: Pick<Registration, "status" | "decidedAt">): boolean {
  return registration.status === "pending_payment" && registration.decidedAt !== null;
}

const UNTIL: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" };

/** The hold's end as the applicant reads it: "Tuesday 3 March 2026, 14:00" (team time). */
export function holdEndWords(at: Date, locale: Locale): string {
  return formatDate(at, locale, UNTIL);
}

async function applicationOf(tx: DbOrTx, registrationId: string): Promise<{ registration: Registration; event: Event }> {
  const [row] = await tx
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row) throw new Error(`Registration ${registrationId} not found`);
  return row;
}

function emailProps(registration: Registration, event: Event): ApplicationEmailProps {
  const locale = asLocale(registration.locale);
  return {
    locale,
    name: registration.customerName,
    reference: registration.reference,
    eventName: eventNameIn(event, locale),
    dates: formatEventTimes(event, locale),
    places: registration.places,
    manageUrl: manageUrl(registration.id),
    teamEmail: teamAddress(),
    message: registration.decisionMessage,
  };
}

/** To the applicant: the application is in, the team decides, nothing is charged until then. */
export async function queueApplicationReceived(tx: DbOrTx, registrationId: string): Promise<string> {
  const { registration, event } = await applicationOf(tx, registrationId);
  const props = emailProps(registration, event);
  return queueRendered(tx, createElement(ApplicationReceivedEmail, { ...props, holdHours: event.approvalHoldHours }), {
    to: registration.customerEmail,
    subject: translate(props.locale, "booking.lifecycle.application.received.subject", { event: props.eventName }),
    template: "application-received",
    locale: props.locale,
    relatedId: registration.id,
  });
}

/** To the team: an application waits for its decision (plain text, Dutch, with the link to decide). */
export async function queueTeamApplicationNotice(tx: DbOrTx, registrationId: string): Promise<string> {
  const { registration: r, event } = await applicationOf(tx, registrationId);
  const link = `${env().publicUrl}/admin/registrations/${r.id}`;
  const lines = [
    "Er is een aanmelding binnengekomen die op jullie beoordeling wacht. Er worden nog geen plaatsen vastgehouden en er is niets betaald.",
    "",
    `Evenement: ${eventNameIn(event, TEAM_LOCALE)} (${formatEventTimes(event, TEAM_LOCALE)})`,
    `Referentie: ${r.reference}`,
    `Naam: ${r.customerName}`,
    `E-mail: ${r.customerEmail}`,
    `Plaatsen: ${r.places}`,
    ...(r.comments?.trim() ? [`Opmerkingen: ${r.comments.trim()}`] : []),
    "",
    `Goedkeuren of afwijzen: ${link}`,
  ];
  return queueEmail(tx, {
    to: teamAddress(),
    subject: `Nieuwe aanmelding ter beoordeling: ${eventNameIn(event, TEAM_LOCALE)} (${r.reference})`,
    template: "application-team",
    locale: TEAM_LOCALE,
    html: `<p>${lines.map(escapeHtml).join("<br>")}</p>`,
    text: lines.join("\n"),
    relatedId: r.id,
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

async function queueApplicationApproved(tx: DbOrTx, registrationId: string): Promise<string> {
  const { registration, event } = await applicationOf(tx, registrationId);
  const props = emailProps(registration, event);
  const until = holdEndWords(registration.holdExpiresAt!, props.locale);
  return queueRendered(tx, createElement(ApplicationApprovedEmail, { ...props, amount: formatAmount(registration.amountDueCents, props.locale), until }), {
    to: registration.customerEmail,
    subject: translate(props.locale, "booking.lifecycle.application.approved.subject", { event: props.eventName, until }),
    template: "application-approved",
    locale: props.locale,
    relatedId: registration.id,
  });
}

async function queueApplicationDeclined(tx: DbOrTx, registrationId: string): Promise<string> {
  const { registration, event } = await applicationOf(tx, registrationId);
  const props = emailProps(registration, event);
  return queueRendered(tx, createElement(ApplicationDeclinedEmail, props), {
    to: registration.customerEmail,
    subject: translate(props.locale, "booking.lifecycle.application.declined.subject", { event: props.eventName }),
    template: "application-declined",
    locale: props.locale,
    relatedId: registration.id,
  });
}

function staffId(actor: Actor): string | null {
  return actor.type === "staff" ? actor.userId : null;
}

/** A decision message as stored: trimmed, empty as null. */
function cleanMessage(message: string | undefined | null): string | null {
  const trimmed = message?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

export type ApproveResult =
  /** Held for payment until `holdExpiresAt`; the applicant has the e-mail with the link. */
  | { outcome: "approved"; holdExpiresAt: Date; amountDueCents: number }
  /** A free event: confirmed at once (the ordinary confirmation and invitations). */
  | { outcome: "confirmed" }
  /** Not enough places free now (`left` of the `places` asked). */
  | { outcome: "no_places"; places: number; left: number }
  /** The event takes no registrations any more (cancelled, under way, over, or no longer a registration event). */
  | { outcome: "closed" }
  /** Not an application waiting for a decision (decided before, or another booking). */
  | { outcome: "not_applied" }
  | { outcome: "not_found" };

/**
 * Staff approve an application: in one transaction with the event row locked (the registration's
 * lock order), the places are counted as for a registration (`placesTakenByEvent`, the one rule)
 * and must all be free; the booking then holds them for the event's `approvalHoldHours`, owes what
 * a registration made now would owe (`amountDue`: price, early-bird, deposit or the whole price
 * once the balance's due day has come) and records the decision, with its audit row and the
 * applicant's e-mail (the link to pay, the hold's end) in the same transaction. A free event's
 * application is confirmed at once instead.
 */
export async function approveApplication(params: { registrationId: string; actor: Actor; message?: string | null; at?: Date }): Promise<ApproveResult> {
  const at = params.at ?? now();
  const message = cleanMessage(params.message);
  const decided = await db().transaction(async (tx) => {
    const [found] = await tx.select({ eventId: registrations.eventId }).from(registrations).where(eq(registrations.id, params.registrationId)).limit(1);
    if (!found) return { result: { outcome: "not_found" } as ApproveResult, emailIds: [] as string[] };
    const [event] = await tx.select().from(events).where(eq(events.id, found.eventId)).for("update");
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, params.registrationId)).for("update");
    if (registration.status !== "applied") return { result: { outcome: "not_applied" } as ApproveResult, emailIds: [] };
    const taken = event.maxParticipants === null ? 0 : ((await placesTakenByEvent(tx, [event.id], at)).get(event.id) ?? 0);
    // The event's own availability (the one rule), as a registration now would meet it; a full
    // event is told apart from a closed one, since freeing places makes approval possible again.
    // Staff may approve before an opening moved later, or on an event since turned waiting-list only.
    const refusal = eventRefusal(event, at, taken, true);
    if (refusal === "cancelled" || refusal === "finished" || refusal === "ongoing" || refusal === "not_bookable") return { result: { outcome: "closed" } as ApproveResult, emailIds: [] };
    const left = event.maxParticipants === null ? Number.POSITIVE_INFINITY : Math.max(0, event.maxParticipants - taken);
    if (registration.places > left) return { result: { outcome: "no_places", places: registration.places, left } as ApproveResult, emailIds: [] };

    const due = amountDue(event, at, registration.places);
    const free = due.kind === "free";
    const holdExpiresAt = free ? null : new Date(at.getTime() + Math.max(1, event.approvalHoldHours) * 3_600_000);
    const status = free ? ("confirmed" as const) : ("pending_payment" as const);
    await tx
      .update(registrations)
      .set({
        status,
        holdExpiresAt,
        priceCents: due.priceCents,
        amountDueCents: due.amountDueCents,
        confirmedAt: free ? at : null,
        decidedAt: at,
        decidedBy: staffId(params.actor),
        decisionMessage: message,
        updatedAt: at,
      })
      .where(eq(registrations.id, registration.id));
    await audit(tx, {
      entityType: "registration",
      entityId: registration.id,
      registrationId: registration.id,
      eventId: event.id,
      action: "registration.approved",
      changes: {
        status: { from: "applied", to: status },
        holdExpiresAt: { from: null, to: holdExpiresAt?.toISOString() ?? null },
        priceCents: { from: registration.priceCents, to: due.priceCents },
        amountDueCents: { from: registration.amountDueCents, to: due.amountDueCents },
      },
      actor: params.actor,
      reason: message,
      at,
    });
    if (free) {
      const emailIds = [
        await queueBookingConfirmation(tx, registration.id),
        await queueTeamBookingNotice(tx, registration.id, "confirmed"),
        ...(await queueInvitationsOfBooking(tx, registration.id)),
      ];
      return { result: { outcome: "confirmed" } as ApproveResult, emailIds };
    }
    return {
      result: { outcome: "approved", holdExpiresAt: holdExpiresAt!, amountDueCents: due.amountDueCents } as ApproveResult,
      emailIds: [await queueApplicationApproved(tx, registration.id)],
    };
  });
  await deliverQueuedQuietly(decided.emailIds);
  return decided.result;
}

export type DeclineResult = { outcome: "declined" | "not_applied" | "not_found" | "message_required" };

/**
 * Staff decline an application with a message (required: the applicant is owed a word): it
 * becomes `declined` (it never held a place nor took money, so nothing is freed or refunded),
 * with its audit row and the applicant's e-mail in the same transaction.
 */
export async function declineApplication(params: { registrationId: string; actor: Actor; message: string; at?: Date }): Promise<DeclineResult> {
  const at = params.at ?? now();
  const message = cleanMessage(params.message);
  if (!message) return { outcome: "message_required" };
  const decided = await db().transaction(async (tx) => {
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, params.registrationId)).for("update");
    if (!registration) return { outcome: "not_found" as const, emailIds: [] as string[] };
    if (registration.status !== "applied") return { outcome: "not_applied" as const, emailIds: [] };
    await tx
      .update(registrations)
      .set({ status: "declined", decidedAt: at, decidedBy: staffId(params.actor), decisionMessage: message, updatedAt: at })
      .where(eq(registrations.id, registration.id));
    await audit(tx, {
      entityType: "registration",
      entityId: registration.id,
      registrationId: registration.id,
      eventId: registration.eventId,
      action: "registration.declined",
      changes: { status: { from: "applied", to: "declined" } },
      actor: params.actor,
      reason: message,
      at,
    });
    return { outcome: "declined" as const, emailIds: [await queueApplicationDeclined(tx, registration.id)] };
  });
  await deliverQueuedQuietly(decided.emailIds);
  return { outcome: decided.outcome };
}

/** An application waiting for its decision, for the staff's lists. */
export type OpenApplication = { id: string; reference: string; eventId: string; eventName: string; customerName: string; customerEmail: string; places: number; createdAt: Date };

/** Applications waiting for a decision, oldest first (all events, or one). */
export async function openApplications(database: DbOrTx, eventId?: string): Promise<OpenApplication[]> {
  return database
    .select({
      id: registrations.id,
      reference: registrations.reference,
      eventId: registrations.eventId,
      eventName: events.name,
      customerName: registrations.customerName,
      customerEmail: registrations.customerEmail,
      places: registrations.places,
      createdAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(eq(registrations.status, "applied"), eventId ? eq(registrations.eventId, eventId) : undefined))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
}

// ---------------------------------------------------------------------------------------------
// Paying an approved application (the booking page's "Pay" while the approval's hold runs)
// ---------------------------------------------------------------------------------------------

export type OpenApprovedResult = { outcome: "opened"; path: string } | { outcome: "not_payable" | "provider_error" };

/** An open checkout is handed out again only while this much of it is left to pay in. */
const REUSE_MIN_LEFT_MS = 30 * 60_000;
/** A reserved checkout whose provider call has not been recorded after this long is stranded, and called again. */
const STRANDED_MS = 60_000;
const RESERVED_PREFIX = "reserved_";

/**
 * When an approved hold's checkout ends: with the hold, but within what a provider allows from
 * now (Stripe: at least 30 minutes, at most 24 hours). A checkout that outlives a hold about to
 * end extends it once opened (`markCheckoutOpened`, never shortening it); one that ends before
 * the hold leaves the hold alone (`closeUnpaidCheckout`), and the page opens a new one.
 */
export function approvedCheckoutEnd(holdExpiresAt: Date, at: Date): Date {
  const earliest = at.getTime() + HOLD_DURATION_MS;
  const latest = at.getTime() + BALANCE_CHECKOUT_MS;
  return new Date(Math.min(latest, Math.max(earliest, holdExpiresAt.getTime())));
}

type Step = { kind: "refused" } | { kind: "ready"; payment: Payment } | { kind: "call"; payment: Payment; mine: boolean } | { kind: "wait"; paymentId: string };

function checkoutKey(payment: Pick<Payment, "id" | "registrationId">): string {
  return `checkout-${payment.registrationId}-approved-${payment.id}`;
}

function pathOf(payment: Payment): string {
  return visitorCheckoutPath(payment.provider === "stripe" ? "stripe" : "test", { sessionId: payment.providerSessionId, url: payment.checkoutUrl ?? "" });
}

/**
 * Opens (or hands out again) the checkout of an approved application while its hold runs: the
 * amount fixed at approval, through the configured provider. Double clicks and concurrent
 * requests get the same checkout: under the registration's lock an open first-payment checkout
 * with time left is reused, or a payment row is reserved first and the provider called with that
 * row's key. A provider failure closes the reserved row and keeps the hold (the applicant may try
 * again until the hold ends).
 */
export async function openApprovedCheckout(registrationId: string, actor: Actor): Promise<OpenApprovedResult> {
  const configured = await paymentProvider();
  const step = await db().transaction(async (tx): Promise<Step> => {
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for("update");
    const at = now();
    if (!registration || !isApprovedHold(registration) || !registration.holdExpiresAt || registration.holdExpiresAt.getTime() <= at.getTime()) {
      return { kind: "refused" };
    }
    if (registration.amountDueCents <= 0) return { kind: "refused" };
    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.registrationId, registration.id),
          inArray(payments.kind, ["deposit", "full"]),
          eq(payments.status, "open"),
          eq(payments.amountCents, registration.amountDueCents),
          gt(payments.expiresAt, new Date(at.getTime() + REUSE_MIN_LEFT_MS)),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open?.checkoutUrl) return { kind: "ready", payment: open };
    if (open) {
      const stranded = open.createdAt.getTime() <= at.getTime() - STRANDED_MS;
      return stranded ? { kind: "call", payment: open, mine: false } : { kind: "wait", paymentId: open.id };
    }
    const kind = registration.amountDueCents >= registration.priceCents ? ("full" as const) : ("deposit" as const);
    const [reserved] = await tx
      .insert(payments)
      .values({
        registrationId: registration.id,
        provider: configured.name,
        providerSessionId: `${RESERVED_PREFIX}${crypto.randomUUID()}`,
        kind,
        amountCents: registration.amountDueCents,
        status: "open",
        expiresAt: approvedCheckoutEnd(registration.holdExpiresAt, at),
        createdAt: at,
      })
      .returning();
    await audit(tx, {
      entityType: "payment",
      entityId: reserved.id,
      registrationId: registration.id,
      eventId: registration.eventId,
      action: "payment.created",
      changes: { status: { from: null, to: "open" }, kind: { from: null, to: kind }, amountCents: { from: null, to: reserved.amountCents } },
      actor,
      at,
    });
    return { kind: "call", payment: reserved, mine: true };
  });
  if (step.kind === "refused") return { outcome: "not_payable" };
  if (step.kind === "ready") return { outcome: "opened", path: pathOf(step.payment) };
  if (step.kind === "wait") return waitForCheckout(step.paymentId);
  return callProvider(step.payment, step.mine, actor);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForCheckout(paymentId: string): Promise<OpenApprovedResult> {
  for (let i = 0; i < 40; i++) {
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (payment?.checkoutUrl && payment.status === "open") return { outcome: "opened", path: pathOf(payment) };
    if (!payment || payment.status !== "open") return { outcome: "provider_error" };
    await sleep(250);
  }
  return { outcome: "provider_error" };
}

async function callProvider(payment: Payment, mine: boolean, actor: Actor): Promise<OpenApprovedResult> {
  const { registration, event } = await applicationOf(db(), payment.registrationId);
  const locale = asLocale(registration.locale);
  try {
    if (payment.provider === "manual") throw new Error("a manual payment has no checkout");
    const provider = await paymentProviderNamed(payment.provider);
    const kind = payment.kind === "full" ? ("full" as const) : ("deposit" as const);
    const session = await provider.createCheckout({
      registration,
      event,
      amountCents: payment.amountCents,
      description: paymentDescription(event, { kind, depositPercent: event.depositPercent, priceCents: registration.priceCents, places: registration.places }, locale),
      locale,
      successUrl: successUrl(event.id),
      // Leaving the payment page leads back to the applicant's booking page.
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
    log.error(`Registration ${registration.reference}: the checkout of an approved application could not be opened; the hold stays`, error);
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
        .catch((closeError: unknown) => log.error("Closing the failed checkout failed too", closeError));
    }
    return { outcome: "provider_error" };
  }
}
