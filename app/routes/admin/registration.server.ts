import { placePriceCents } from "@server/booking/place-changes.server";
import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { bankTransferSchema, cancelSchema, decisionSchema, INTENTS, manualRefundSchema, moveSchema, type RegistrationIntent } from "~/schemas/admin-registration";
import type { Feedback } from "~/schemas/feedback";
import { formatPrice } from "~/lib/money-format";
import { formatDate } from "~/lib/dates";
import { approveApplication, declineApplication } from "@server/booking/applications.server";
import { audit, auditTrail, type Actor } from "@server/audit/audit.server";
import { historyContext, historyLine, requestedByWords } from "@server/audit/history.server";
import { reasonText } from "@server/audit/reasons.server";
import type { AdminUser } from "@server/auth/guard.server";
import { recordBankTransfer } from "@server/booking/balance.server";
import { queueBalanceRequest } from "@server/booking/balance-emails.server";
import { cancelBooking, cancellationQuote } from "@server/booking/cancel.server";
import { confirmManualRefund } from "@server/booking/refunds.server";
import { queueBookingConfirmation } from "@server/booking/emails.server";
import { manageUrl } from "@server/booking/manage-link.server";
import { placeUrl } from "@server/booking/places.server";
import { staffPlacesOf } from "@server/reports/participants.server";
import { registrationMoney } from "@server/booking/money.server";
import { moveBooking, type MoveOutcome } from "@server/booking/move.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { events, payments, refunds, registrations } from "@server/db/schema.server";
import { isUuid } from "@server/db/values.server";
import { moveTargets } from "@server/events/admin.server";
import { displayStatus } from "@server/events/view.server";
import { log } from "@server/log.server";
import { deliverQueuedQuietly } from "@server/mail/send.server";
import { invoicesOf } from "@server/invoices/issue.server";

/*
 * The server side of `/admin/registrations/:id`: what the page shows (participant, event,
 * payments, refunds, money, the audit trail) and its actions. Money comes from
 * `registrationMoney` only; every change goes through its domain function, which writes the
 * audit row in its own transaction.
 */

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The page is for staff, in Dutch: the trail and the refunds in Dutch words, staff by name. */
const PAGE_LOCALE = "nl" as const;

/** Everything the page shows, or undefined for an unknown id. */
export async function registrationPage(id: string, at: Date) {
  if (!isUuid(id)) return undefined;
  const [row] = await db()
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, id))
    .limit(1);
  if (!row) return undefined;
  const { registration: r, event } = row;
  const [paymentRows, refundRows, trail, money, quote, targets, places] = await Promise.all([
    db().select().from(payments).where(eq(payments.registrationId, r.id)).orderBy(asc(payments.createdAt)),
    db()
      .select({ refund: refunds, provider: payments.provider })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.registrationId, r.id))
      .orderBy(asc(refunds.createdAt)),
    auditTrail(db(), r.id),
    registrationMoney(db(), r.id, at),
    cancellationQuote(r.id, at),
    r.status === "confirmed" ? moveTargets(db(), { event, priceCents: r.priceCents, places: r.places }, at) : Promise.resolve([]),
    staffPlacesOf(db(), r),
  ]);

  // The trail in words (one function for this page, /admin/privacy and a person's export); the
  // refunds' "asked by" are actors too, so their staff are named from the same context.
  const refundStaff = refundRows.filter(({ refund: f }) => f.requestedBy.startsWith("staff:")).map(({ refund: f }) => f.requestedBy.slice("staff:".length));
  const context = await historyContext(db(), trail, "staff", refundStaff);
  const staffName = (id: string) => requestedByWords(`staff:${id}`, PAGE_LOCALE, context);

  return {
    registration: {
      id: r.id,
      reference: r.reference,
      status: r.status,
      customerName: r.customerName,
      customerEmail: r.customerEmail,
      phoneNumber: r.phoneNumber,
      // The booker's contact only: the participants' birth dates and emergency contacts are on
      // their places (the registration's own columns are legacy, never read, decision 042).
      street: r.street,
      postalCode: r.postalCode,
      city: r.city,
      country: r.country,
      comments: r.comments,
      places: r.places,
      bookerSails: r.bookerSails,
      /** The price of one place: the booking's price is places × this (app/lib/booking.ts). */
      // The booking's price keeps each cancelled place's share (decision 042): the one rule for a place's price.
      pricePerPlaceCents: placePriceCents(r, places),
      locale: r.locale,
      createdAt: r.createdAt.toISOString(),
      confirmedAt: iso(r.confirmedAt),
      cancelledAt: iso(r.cancelledAt),
      holdExpiresAt: iso(r.holdExpiresAt),
      balanceReminderSentAt: iso(r.balanceReminderSentAt),
      balanceDueReminderSentAt: iso(r.balanceDueReminderSentAt),
      manageUrl: manageUrl(r.id),
      // A company booking (decision 046): what its invoices name.
      company: r.companyName ? { name: r.companyName, vatNumber: r.companyVatNumber, poReference: r.companyPoReference, invoiceAddress: r.invoiceAddress } : null,
      // An application's decision (decision 045).
      decidedAt: iso(r.decidedAt),
      decisionMessage: r.decisionMessage,
    },
    event: {
      id: event.id,
      name: event.name,
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      location: event.location,
      displayStatus: displayStatus(event, at),
      balanceDueDays: event.balanceDueDays,
      refundUntilDays: event.refundUntilDays,
      refundPercent: event.refundPercent,
      requiresApproval: event.requiresApproval,
      approvalHoldHours: event.approvalHoldHours,
    },
    // The booking's invoices and credit notes (decision 046), each a PDF below the page.
    invoices: (await invoicesOf(db(), r.id)).map((d) => ({
      number: d.number,
      kind: d.kind,
      issuedAt: d.issuedAt.toISOString(),
      totalCents: d.totalCents,
      vatCents: d.vatCents,
      href: `/admin/registrations/${r.id}/invoices/${d.number}.pdf`,
      reason: d.document.reason,
    })),
    payments: paymentRows.map((p) => ({
      id: p.id,
      kind: p.kind,
      provider: p.provider,
      amountCents: p.amountCents,
      status: p.status,
      providerPaymentId: p.providerPaymentId,
      at: (p.paidAt ?? p.createdAt).toISOString(),
    })),
    refunds: refundRows.map(({ refund: f, provider }) => ({
      id: f.id,
      // A bank transfer is paid back by hand; the page offers to mark it done while pending.
      byHand: provider === "manual" && f.status !== "succeeded",
      amountCents: f.amountCents,
      reason: reasonText(f.reason, PAGE_LOCALE, staffName),
      status: f.status,
      providerRefundId: f.providerRefundId,
      failureReason: f.failureReason ? reasonText(f.failureReason, PAGE_LOCALE) : null,
      requestedBy: requestedByWords(f.requestedBy, PAGE_LOCALE, context),
      at: f.createdAt.toISOString(),
      succeededAt: iso(f.succeededAt),
    })),
    places: places.map((place) => ({ ...place, pageUrl: placeUrl(place.id) })),
    money: { ...money, balanceDueAt: iso(money.balanceDueAt) },
    policy: quote ? { refundCents: quote.refundCents, percent: quote.percent, deadline: quote.deadline.toISOString(), inWindow: quote.inWindow } : null,
    trail: trail.map((a) => historyLine(a, PAGE_LOCALE, context)),
    moveTargets: targets.map((t) => ({ ...t, startDate: t.startDate.toISOString(), endDate: t.endDate.toISOString() })),
    /** A fresh nonce per page load: the request key of the forms that move money. */
    nonce: crypto.randomUUID(),
  };
}

export type RegistrationPageData = NonNullable<Awaited<ReturnType<typeof registrationPage>>>;

/** An action's answer: its intent, what to tell the admin, and for a confirmation step the fields to send again. */
export type RegistrationActionData = {
  intent: RegistrationIntent | "confirm-cancel" | "confirm-move" | null;
  feedback?: Feedback;
  /** For the no-JavaScript confirmation step: the fields of the first submission. */
  echo?: Record<string, string>;
  fieldErrors?: Record<string, string[] | null | undefined>;
};

function answer(body: RegistrationActionData, status = 200) {
  return data(body, { status });
}

const error = (intent: RegistrationActionData["intent"], title: Feedback["title"], message?: Feedback["message"], params?: Feedback["params"], status = 400) =>
  answer({ intent, feedback: { kind: "error", title, message, params } }, status);

const success = (intent: RegistrationIntent, title: Feedback["title"], params?: Feedback["params"]) => answer({ intent, feedback: { kind: "success", title, params } });

function echoOf(form: FormData, names: string[]): Record<string, string> {
  const echo: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") echo[name] = value;
  }
  return echo;
}

const MOVE_MESSAGES: Record<Exclude<MoveOutcome, "moved">, Feedback["title"]> = {
  not_found: "admin.bookings.result.notFound",
  not_movable: "admin.bookings.move.notMovable",
  same_event: "admin.bookings.move.sameEvent",
  target_not_found: "admin.bookings.move.targetNotFound",
  different_kind: "admin.bookings.move.differentKind",
  not_bookable: "admin.bookings.move.notBookable",
  dearer: "admin.bookings.move.dearer",
  target_closed: "admin.bookings.move.targetClosed",
  full: "admin.bookings.move.full",
};

/** Runs one of the page's actions for `admin` on registration `id`. Bad input changes nothing and answers 400. */
export async function registrationAction(form: FormData, admin: AdminUser, id: string) {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !(INTENTS as readonly string[]).includes(intent)) return error(null, "admin.bookings.result.unknownAction");
  const typed = intent as RegistrationIntent;
  if (!isUuid(id)) return error(typed, "admin.bookings.result.notFound", undefined, undefined, 404);
  const [registration] = await db().select().from(registrations).where(eq(registrations.id, id)).limit(1);
  if (!registration) return error(typed, "admin.bookings.result.notFound", undefined, undefined, 404);
  const actor: Actor = { type: "staff", userId: admin.id };
  const at = now();

  try {
    switch (typed) {
      case "payment-link": {
        if (registration.status !== "confirmed") return error(typed, "admin.bookings.paymentLink.failed", "admin.bookings.result.notConfirmed", undefined, 409);
        const emailId = await db().transaction(async (tx) => {
          // Read inside the transaction: the balance the e-mail states is the one at this moment.
          const money = await registrationMoney(tx, registration.id, at);
          if (money.balanceDueCents <= 0) return undefined;
          const queued = await queueBalanceRequest(tx, registration.id, "link", money);
          await audit(tx, {
            entityType: "registration",
            entityId: registration.id,
            registrationId: registration.id,
            eventId: registration.eventId,
            action: "registration.payment_link_sent",
            changes: { balanceDueCents: { from: null, to: money.balanceDueCents } },
            actor,
            at,
          });
          return queued;
        });
        if (!emailId) return error(typed, "admin.bookings.paymentLink.failed", "admin.bookings.paymentLink.nothingDue", undefined, 409);
        await deliverQueuedQuietly([emailId]);
        return success(typed, "admin.bookings.paymentLink.sent", { email: registration.customerEmail });
      }

      case "resend-confirmation": {
        if (registration.status !== "confirmed") return error(typed, "admin.bookings.resend.failed", "admin.bookings.result.notConfirmed", undefined, 409);
        const emailId = await db().transaction(async (tx) => {
          const queued = await queueBookingConfirmation(tx, registration.id);
          await audit(tx, {
            entityType: "registration",
            entityId: registration.id,
            registrationId: registration.id,
            eventId: registration.eventId,
            action: "registration.confirmation_resent",
            actor,
            at,
          });
          return queued;
        });
        await deliverQueuedQuietly([emailId]);
        return success(typed, "admin.bookings.resend.sent", { email: registration.customerEmail });
      }

      case "bank-transfer": {
        const submission = parseWithZod(form, { schema: bankTransferSchema });
        if (submission.status !== "success") {
          return answer({ intent: typed, feedback: { kind: "error", title: "admin.bookings.transfer.failed", message: "admin.bookings.validation.fix" }, fieldErrors: submission.error ?? {} }, 400);
        }
        const { amount, note, nonce } = submission.value;
        const result = await recordBankTransfer({ registrationId: registration.id, amountCents: amount, actor, note, requestKey: `staff-transfer:${nonce}` });
        if (result.outcome === "recorded") return success(typed, "admin.bookings.transfer.recorded", { amount: formatPrice(amount, "nl") });
        if (result.outcome === "duplicate") return success(typed, "admin.bookings.transfer.duplicate", { amount: formatPrice(amount, "nl") });
        return error(typed, "admin.bookings.transfer.failed", "admin.bookings.transfer.invalidAmount");
      }

      case "cancel": {
        const submission = parseWithZod(form, { schema: cancelSchema });
        if (submission.status !== "success") {
          return answer({ intent: typed, feedback: { kind: "error", title: "admin.bookings.cancel.failed", message: "admin.bookings.validation.fix" }, fieldErrors: submission.error ?? {} }, 400);
        }
        const { refund, reason, nonce } = submission.value;
        // (A repeated submit of a cancellation that went through is answered by cancelBooking below.)
        if (refund.mode === "partial" && registration.status !== "cancelled") {
          // More than was paid (and not yet given back) is a typo: refuse it rather than cap it quietly.
          const money = await registrationMoney(db(), registration.id, at);
          const refundable = Math.max(0, money.netPaidCents - money.refundPendingCents);
          if (refund.amountCents > refundable) {
            return error(typed, "admin.bookings.cancel.failed", "admin.bookings.cancel.tooMuch", { amount: formatPrice(refundable, "nl") });
          }
        }
        // Destructive: only with the confirmation (the dialog, or the page's step without JavaScript).
        if (form.get("confirmed") !== "yes") return answer({ intent: "confirm-cancel", echo: echoOf(form, ["refund", "amount", "reason", "nonce"]) });
        const result = await cancelBooking({ registrationId: registration.id, actor, refund, reason, requestKey: `staff-cancel:${nonce}` });
        if (result.outcome === "not_cancellable") return error(typed, "admin.bookings.cancel.failed", "admin.bookings.cancel.notCancellable", undefined, 409);
        if (result.outcome === "already_cancelled") return success(typed, "admin.bookings.cancel.already");
        const refunded = result.refund?.refundedCents ?? 0;
        return success(typed, refunded > 0 ? "admin.bookings.cancel.doneRefund" : "admin.bookings.cancel.done", {
          amount: formatPrice(refunded, "nl"),
          refundOutcome: result.refund?.outcome ?? "",
        });
      }

      case "manual-refund-done": {
        const submission = parseWithZod(form, { schema: manualRefundSchema });
        if (submission.status !== "success") return error(typed, "admin.bookings.manualRefund.failed", "admin.bookings.validation.refund");
        const [refund] = await db().select({ registrationId: refunds.registrationId }).from(refunds).where(eq(refunds.id, submission.value.refundId)).limit(1);
        // Only a refund of this registration (a refund id of another booking is a bad request here).
        if (refund?.registrationId !== registration.id) return error(typed, "admin.bookings.manualRefund.failed", "admin.bookings.validation.refund", undefined, 404);
        const outcome = await confirmManualRefund(submission.value.refundId, actor);
        if (outcome === "not_found") return error(typed, "admin.bookings.manualRefund.failed", "admin.bookings.manualRefund.notManual", undefined, 409);
        return success(typed, outcome === "confirmed" ? "admin.bookings.manualRefund.done" : "admin.bookings.manualRefund.already");
      }

      case "approve":
      case "decline": {
        const submission = parseWithZod(form, { schema: decisionSchema });
        const failedTitle = "admin.bookings.application.failed" as const;
        if (submission.status !== "success") {
          return answer({ intent: typed, feedback: { kind: "error", title: failedTitle, message: "admin.bookings.validation.fix" }, fieldErrors: submission.error ?? {} }, 400);
        }
        const message = submission.value.message;
        if (typed === "decline") {
          if (!message) {
            return answer(
              { intent: typed, feedback: { kind: "error", title: failedTitle, message: "admin.bookings.application.messageRequired" }, fieldErrors: { message: ["admin.bookings.application.messageRequired"] } },
              400,
            );
          }
          const declined = await declineApplication({ registrationId: registration.id, actor, message, at });
          if (declined.outcome === "declined") return success(typed, "admin.bookings.application.declinedDone", { name: registration.customerName });
          return error(typed, failedTitle, "admin.bookings.application.notApplied", undefined, 409);
        }
        const approved = await approveApplication({ registrationId: registration.id, actor, message, at });
        switch (approved.outcome) {
          case "approved":
            return success(typed, "admin.bookings.application.approved", {
              name: registration.customerName,
              until: formatDate(approved.holdExpiresAt, "nl", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }),
            });
          case "confirmed":
            return success(typed, "admin.bookings.application.approvedFree");
          case "no_places":
            return error(typed, failedTitle, "admin.bookings.application.noPlaces", { places: approved.places, left: approved.left }, 409);
          case "closed":
            return error(typed, failedTitle, "admin.bookings.application.closed", undefined, 409);
          case "not_found":
            return error(typed, "admin.bookings.result.notFound", undefined, undefined, 404);
          default:
            return error(typed, failedTitle, "admin.bookings.application.notApplied", undefined, 409);
        }
      }

      case "move": {
        const submission = parseWithZod(form, { schema: moveSchema });
        if (submission.status !== "success") {
          return answer({ intent: typed, feedback: { kind: "error", title: "admin.bookings.move.failed", message: "admin.bookings.validation.fix" }, fieldErrors: submission.error ?? {} }, 400);
        }
        if (form.get("confirmed") !== "yes") return answer({ intent: "confirm-move", echo: echoOf(form, ["toEventId", "reason"]) });
        const result = await moveBooking({ registrationId: registration.id, toEventId: submission.value.toEventId, actor, reason: submission.value.reason });
        if (result.outcome !== "moved") return error(typed, "admin.bookings.move.failed", MOVE_MESSAGES[result.outcome], undefined, result.outcome === "not_found" ? 404 : 409);
        const [target] = await db().select({ name: events.name }).from(events).where(eq(events.id, result.toEventId!));
        return success(typed, "admin.bookings.move.moved", { event: target?.name ?? "" });
      }
    }
  } catch (failure) {
    // A fault below (the database, a provider): nothing half-done stays (each step is one
    // transaction, and the request keys make a retry safe), so the admin is told to try again.
    log.error(`Admin action ${typed} on registration ${registration.reference} failed`, failure);
    return error(typed, "admin.bookings.result.failed", "admin.bookings.result.tryAgain", undefined, 503);
  }
}
