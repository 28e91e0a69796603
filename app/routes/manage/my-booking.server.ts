import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Locale } from "~/i18n";
import { eventIncludedIn, eventNameIn } from "@server/events/view.server";
import {
  bookerContactSchema,
  contactDetailsSchema,
  isManageIntent,
  replaceParticipantSchema,
  type CancelQuote,
  type ContactDetails,
  type ManageActionData,
  type ManageView,
  type PlaceLine,
  type PlacesView,
} from "~/schemas/manage";
import { participantDeadline } from "~/lib/booking";
import { PARTICIPANT } from "@server/audit/audit.server";
import { openBalanceCheckout } from "@server/booking/balance.server";
import { isApprovedHold, openApprovedCheckout } from "@server/booking/applications.server";
import { cancelBooking, cancellationQuote } from "@server/booking/cancel.server";
import { updateContactDetails } from "@server/booking/changes.server";
import { registrationIdFromManageToken } from "@server/booking/manage-link.server";
import { cancellationRefund, registrationMoney } from "@server/booking/money.server";
import { cancelPlace, placeCancellationQuote, placePriceCents, replaceParticipant, resendInvitation } from "@server/booking/place-changes.server";
import { isCurrentPlace, placeComplete, placePath } from "@server/booking/places.server";
import { now } from "@server/clock.server";
import { activeCrewItems } from "@server/crew/answers.server";
import { db } from "@server/db/client.server";
import { calendarInvite } from "@server/booking/emails.server";
import { bookingPlaces, events, payments, refunds, registrations, type BookingPlace, type Event, type Registration } from "@server/db/schema.server";
import { readForm } from "@server/http/form.server";
import { takeTokenTry, tokenLinkRefusal } from "@server/http/token-link.server";
import { log } from "@server/log.server";
import { RateLimiter } from "@server/security/rate-limit.server";
import { chooseMove, chooseRefund, participantDisruption } from "@server/disruptions/disruptions.server";
import { invoicesOf } from "@server/invoices/issue.server";

/**
 * The participant's page behind their signed link: who may see it (the token, rate-limited per
 * address), in which language, what it shows and what its forms do. The route modules beside it
 * are the HTTP glue.
 */


/** Wrong tokens per client address: a mistyped link or two is fine, a scan is not. */
export const MAX_WRONG_TOKENS = 20;
export const WRONG_TOKEN_WINDOW_MS = 10 * 60_000;
export const manageLinkLimiter = new RateLimiter("manage-link", MAX_WRONG_TOKENS, WRONG_TOKEN_WINDOW_MS);

/** Posts of the page's forms per client address (changes, payments, cancellations). */
export const manageActionLimiter = new RateLimiter("manage-action", 30, 10 * 60_000);

export type Booking = { registration: Registration; event: Event };


/**
 * The booking a token opens, or a thrown 404 (forged, garbled, unknown, or erased), 429 (this
 * address tried too many wrong tokens: then even a right one waits, so guessing stays slow) or
 * 503 (the limit could not be read). Each request takes a try before the check, in the same
 * statement as the decision, so parallel guesses cannot all pass; a right token gives it back,
 * so only wrong tokens count.
 */
export async function requireBooking(token: string | undefined, clientAddress: string): Promise<Booking> {
  await takeTokenTry(manageLinkLimiter, clientAddress, "Manage link");

  const registrationId = registrationIdFromManageToken(token ?? "");
  if (!registrationId) throw tokenLinkRefusal(404);
  const [row] = await db()
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row) throw tokenLinkRefusal(404);
  await manageLinkLimiter.refund(clientAddress);
  return row;
}

/** The booker's contact: the booking's phone and address; a sailing booker's emergency contact is their place's. */
function contactOf(r: Registration, bookerPlace: BookingPlace | undefined): ContactDetails {
  return {
    phoneNumber: r.phoneNumber,
    street: r.street,
    postalCode: r.postalCode,
    city: r.city,
    country: r.country,
    nextOfKinName: bookerPlace?.nextOfKinName ?? null,
    nextOfKinPhone: bookerPlace?.nextOfKinPhone ?? null,
  };
}

/**
 * The group's places for the booker: each current row by number (cancelled ones too), followed by
 * the participants it replaced, with what the booker may do to each.
 */
function placesView(event: Event, rows: BookingPlace[], at: Date, changeable: boolean, steps: Pick<PlacesView, "cancelQuote" | "replacing">): PlacesView {
  const deadline = participantDeadline(event, at);
  const live = rows.filter(isCurrentPlace);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const line = (p: BookingPlace): PlaceLine => {
    const isLive = isCurrentPlace(p);
    return {
      id: p.id,
      number: p.number,
      name: p.name,
      email: p.email,
      isBooker: p.isBooker,
      state: p.replacedAt ? "replaced" : p.cancelledAt ? "cancelled" : "live",
      replacedBy: p.replacedById ? (byId.get(p.replacedById)?.name ?? null) : null,
      complete: placeComplete(p),
      waiverAccepted: p.waiverAcceptedAt !== null,
      invitedAt: p.invitedAt?.toISOString() ?? null,
      can: {
        resend: changeable && isLive && !p.isBooker && p.email !== null,
        replace: changeable && isLive && deadline.open,
        cancel: changeable && isLive && live.length > 1,
      },
    };
  };
  const lines: PlaceLine[] = [];
  for (const place of rows.filter((p) => p.replacedAt === null).sort((a, b) => a.number - b.number)) {
    lines.push(line(place));
    const earlier = rows.filter((p) => p.number === place.number && p.replacedAt !== null).sort((a, b) => b.replacedAt!.getTime() - a.replacedAt!.getTime());
    lines.push(...earlier.map(line));
  }
  return { total: live.length, complete: live.filter(placeComplete).length, deadline: deadline.deadline.toISOString(), replaceOpen: deadline.open, lines, ...steps };
}

/** The page's data for one booking, in `locale`. `step` is the query's `step` (the cancel step). */
export async function manageView({ registration: r, event }: Booking, locale: Locale, step: string | null, stepPlace: string | null = null): Promise<ManageView> {
  const at = now();
  const [money, paid, refunded, placeRows, documents] = await Promise.all([
    registrationMoney(db(), r.id, at),
    db()
      .select({ id: payments.id, paidAt: payments.paidAt, createdAt: payments.createdAt, kind: payments.kind, amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.registrationId, r.id), eq(payments.status, "paid")))
      .orderBy(asc(payments.paidAt), asc(payments.createdAt)),
    db()
      .select({ id: refunds.id, createdAt: refunds.createdAt, succeededAt: refunds.succeededAt, amountCents: refunds.amountCents, status: refunds.status })
      .from(refunds)
      .where(eq(refunds.registrationId, r.id))
      .orderBy(asc(refunds.createdAt)),
    db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, r.id)),
    invoicesOf(db(), r.id),
  ]);
  const bookerPlace = placeRows.find((p) => p.isBooker && isCurrentPlace(p));
  // The state comes from the booking and the date it is on now: after a move that is the new
  // date, whose normal rules apply. A date the team cancelled has not "started", whatever its
  // start; details follow the server's own rule (until the start of the booking's date).
  const beforeStart = at.getTime() < event.startDate.getTime();
  const started = event.status !== "cancelled" && !beforeStart;
  const confirmed = r.status === "confirmed";
  const disruption = await participantDisruption(db(), r.id, at);
  // While the choice after a cancelled or moved date is open, it replaces paying and cancelling.
  const choosing = disruption?.choice === "pending";
  // An application (decision 045): under review, declined, or approved and held for its payment.
  const approvedHold = isApprovedHold(r) && r.holdExpiresAt !== null && r.holdExpiresAt.getTime() > at.getTime();
  const application: ManageView["application"] =
    r.status === "applied" || r.status === "declined" || r.decidedAt !== null
      ? {
          state: r.status === "applied" ? "review" : r.status === "declined" ? "declined" : approvedHold ? "approved" : "decided",
          message: r.decisionMessage,
          decidedAt: r.decidedAt?.toISOString() ?? null,
          holdExpiresAt: r.holdExpiresAt?.toISOString() ?? null,
          amountDueCents: r.amountDueCents,
        }
      : null;
  const can = {
    payBalance: confirmed && money.balanceDueCents > 0 && !choosing,
    changeDetails: confirmed && beforeStart,
    cancel: confirmed && beforeStart && !choosing,
    // Only a booking that was an application has the approval's payment step.
    ...(application ? { payApproved: approvedHold && r.amountDueCents > 0 } : {}),
  };
  const policy = cancellationRefund(event, 0, at);
  let cancelQuote: CancelQuote | null = null;
  if (step === "cancel" && can.cancel) {
    const quote = await cancellationQuote(r.id, at);
    cancelQuote = quote ? { ...quote, deadline: quote.deadline.toISOString() } : null;
  }
  // A group (or a booker who does not sail) gets the participants' section; one place whose
  // booker sails looks as it always did.
  let places: PlacesView | null = null;
  if (r.places > 1 || !r.bookerSails || placeRows.some((p) => !p.isBooker)) {
    const stepRow = stepPlace ? placeRows.find((p) => p.id === stepPlace && isCurrentPlace(p)) : undefined;
    let cancelPlaceQuote: PlacesView["cancelQuote"] = null;
    if (step === "cancel-place" && stepRow && can.cancel) {
      const q = await placeCancellationQuote(db(), r.id, stepRow.id, at);
      if (q) {
        cancelPlaceQuote = { placeId: stepRow.id, number: stepRow.number, name: stepRow.name, refundCents: q.refundCents, shareCents: q.shareCents, percent: q.percent, inWindow: q.inWindow, deadline: q.deadline.toISOString() };
      }
    }
    places = placesView(event, placeRows, at, can.changeDetails && !choosing, { cancelQuote: cancelPlaceQuote, replacing: step === "replace" && stepRow ? stepRow.id : null });
  }
  // A booker who sails answers the crew file (decision 043) on their own place's page, like every
  // participant: the booking page links to it once the booking is confirmed.
  const crewFilePath =
    bookerPlace && confirmed && (await activeCrewItems(db(), event.id)).length > 0
      ? placePath(bookerPlace.id)
      : null;
  return {
    reference: r.reference,
    status: r.status,
    crewFilePath,
    name: r.customerName,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    event: {
      name: eventNameIn(event, locale),
      slug: event.slug,
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      location: event.location,
      included: eventIncludedIn(event, locale),
      started,
      calendarPath: event.listed ? `/calendar?event=${encodeURIComponent(event.slug)}` : null,
    },
    money: { ...money, balanceDueAt: money.balanceDueAt?.toISOString() ?? null },
    payments: paid.map((p) => ({ id: p.id, at: (p.paidAt ?? p.createdAt).toISOString(), kind: p.kind, amountCents: p.amountCents })),
    refunds: refunded.map((x) => ({ id: x.id, at: (x.succeededAt ?? x.createdAt).toISOString(), amountCents: x.amountCents, status: x.status })),
    invoices: documents.map((d) => ({ number: d.number, kind: d.kind, issuedOn: d.document.issuedOn, totalCents: d.totalCents, file: `${d.number}.pdf` })),
    policy: { percent: Math.min(100, Math.max(0, event.refundPercent)), deadline: policy.deadline.toISOString() },
    contact: contactOf(r, bookerPlace),
    bookerSails: bookerPlace !== undefined,
    placeCount: r.places,
    placePriceCents: placePriceCents(r, placeRows),
    places,
    can,
    cancelQuote,
    application,
    disruption: disruption
      ? {
          kind: disruption.kind,
          choice: disruption.choice,
          automatic: disruption.automatic,
          message: (locale === "en" && disruption.event.cancellationMessageEn) || disruption.event.cancellationMessage || "",
          from: { startDate: disruption.event.startDate.toISOString(), endDate: disruption.event.endDate.toISOString() },
          announcedAt: disruption.announcedAt.toISOString(),
          newDate: disruption.newEvent ? { startDate: disruption.newEvent.startDate.toISOString(), endDate: disruption.newEvent.endDate.toISOString() } : null,
          dates: disruption.targets.map((d) => ({
            id: d.id,
            name: eventNameIn(d, locale),
            startDate: d.startDate.toISOString(),
            endDate: d.endDate.toISOString(),
            placesLeft: d.placesLeft,
            replacement: d.replacement,
          })),
          resolveAt: disruption.resolveAt.toISOString(),
          fallback: disruption.fallback,
          refundCents: Math.max(0, money.netPaidCents - money.refundPendingCents),
          priceCents: r.priceCents,
          movedTo: disruption.movedTo
            ? { name: eventNameIn(disruption.movedTo, locale), startDate: disruption.movedTo.startDate.toISOString(), endDate: disruption.movedTo.endDate.toISOString() }
            : null,
        }
      : null,
    now: at.toISOString(),
  };
}

type ActionAnswer = { kind: "redirect"; location: string } | { kind: "data"; status: number; body: ManageActionData; headers?: Record<string, string> };

function answer(status: number, body: ManageActionData, headers?: Record<string, string>): ActionAnswer {
  return { kind: "data", status, body, headers };
}

/**
 * The page's forms: `intent` = pay | pay-approved | details | cancel | place-cancel | place-replace | place-resend. Every outcome is an answer the page shows
 * in the visitor's language; bad input changes nothing and is answered 400, never thrown.
 */
export async function manageAction(request: Request, booking: Booking, clientAddress: string): Promise<ActionAnswer> {
  const form = await readForm(request);
  const limit = await manageActionLimiter.consume(clientAddress).catch((error: unknown) => {
    log.error("Manage booking: the rate limit could not be read", error);
    return undefined;
  });
  if (!limit) return answer(503, { intent: null, outcome: "unavailable" });
  if (!limit.allowed) return answer(429, { intent: null, outcome: "too_many" }, { "Retry-After": String(limit.retryAfterSeconds) });

  const intent = form.get("intent");
  if (!isManageIntent(intent)) return answer(400, { intent: null, outcome: "bad_request" });
  const id = booking.registration.id;
  try {
    if (intent === "disruption-move" || intent === "disruption-refund" || (intent === "cancel" && (await participantDisruption(db(), id, now()))?.choice === "pending")) {
      // After the team cancelled or moved the date, cancelling is the full refund, never the policy's.
      const chosen =
        intent === "disruption-move"
          ? await chooseMove({ registrationId: id, toEventId: String(form.get("toEventId") ?? ""), actor: PARTICIPANT })
          : await chooseRefund({ registrationId: id, actor: PARTICIPANT });
      const status = { moved: 200, refunded: 200, already_answered: 200, bad_target: 400, full: 409, target_closed: 409, not_live: 409, no_disruption: 409 }[chosen.outcome];
      const choiceIntent = intent === "disruption-move" ? "disruption-move" : "disruption-refund";
      return answer(status, { intent: choiceIntent, outcome: chosen.outcome, refundedCents: chosen.refundedCents });
    }
    if (intent === "pay-approved") {
      const opened = await openApprovedCheckout(id, PARTICIPANT);
      if (opened.outcome === "opened") return { kind: "redirect", location: opened.path };
      return answer(opened.outcome === "provider_error" ? 502 : 409, { intent, outcome: opened.outcome });
    }
    if (intent === "pay") {
      const opened = await openBalanceCheckout(id, PARTICIPANT);
      if (opened.outcome === "opened") return { kind: "redirect", location: opened.path };
      return answer(opened.outcome === "provider_error" ? 502 : 409, { intent, outcome: opened.outcome });
    }

    if (intent === "place-cancel" || intent === "place-replace" || intent === "place-resend") return await placeAction(intent, form, booking);

    if (intent === "details") {
      form.delete("intent");
      // A booker who does not sail has no emergency contact on this form (their participants give theirs).
      const [sailing] = await db()
        .select({ id: bookingPlaces.id })
        .from(bookingPlaces)
        .where(and(eq(bookingPlaces.registrationId, id), eq(bookingPlaces.isBooker, true), isNull(bookingPlaces.replacedAt), isNull(bookingPlaces.cancelledAt)))
        .limit(1);
      const submission = sailing ? parseWithZod(form, { schema: contactDetailsSchema }) : parseWithZod(form, { schema: bookerContactSchema });
      if (submission.status !== "success") return answer(400, { intent, outcome: "invalid", result: submission.reply() });
      const v: { nextOfKinName?: string; nextOfKinPhone?: string } & (typeof submission)["value"] = submission.value;
      // Every field is posted, so an emptied (optional) phone number is cleared, not left as it was.
      const changed = await updateContactDetails(
        id,
        {
          phoneNumber: v.phoneNumber ?? null,
          street: v.street,
          postalCode: v.postalCode,
          city: v.city,
          country: v.country,
          ...(sailing ? { nextOfKinName: v.nextOfKinName, nextOfKinPhone: v.nextOfKinPhone } : {}),
        },
        PARTICIPANT,
      );
      if (changed.outcome === "updated" || changed.outcome === "unchanged") return answer(200, { intent, outcome: changed.outcome });
      return answer(409, { intent, outcome: changed.outcome, result: submission.reply() });
    }

    // Online, a booking is cancelled before its event starts (the page offers it only then).
    // A cancelled one goes on to cancelBooking, which answers "already cancelled" (and retries
    // a refund call of the first cancellation that never answered).
    const { status } = booking.registration;
    const started = now().getTime() >= booking.event.startDate.getTime();
    if ((status === "confirmed" && started) || status === "pending_payment" || status === "expired") {
      return answer(409, { intent, outcome: "not_cancellable" });
    }
    // No request key of our own: the default (one per booking) makes a double submit, a second
    // tab or a retry find the first cancellation's refund instead of asking for another.
    const cancelled = await cancelBooking({ registrationId: id, actor: PARTICIPANT, refund: { mode: "policy" } });
    if (cancelled.outcome === "cancelled") return answer(200, { intent, outcome: "cancelled", refundedCents: cancelled.refund?.refundedCents ?? 0 });
    return answer(cancelled.outcome === "already_cancelled" ? 200 : 409, { intent, outcome: cancelled.outcome });
  } catch (error) {
    log.error(`Manage booking: ${intent} for registration ${id} failed`, error);
    if (intent === "disruption-move" || intent === "disruption-refund") return answer(503, { intent, outcome: "failed" });
    if (intent === "place-cancel" || intent === "place-replace" || intent === "place-resend") return answer(503, { intent, outcome: "failed" });
    return answer(503, intent === "cancel" ? { intent, outcome: "failed" } : { intent: null, outcome: "unavailable" });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The booker's changes of one place (`placeId` posted with the intent). The domain looks the place
 * up within this booking, so a place of another booking (or anything else) is "not_found" and
 * changes nothing; a value that is not an id never reaches the database.
 */
async function placeAction(intent: "place-cancel" | "place-replace" | "place-resend", form: FormData, booking: Booking): Promise<ActionAnswer> {
  const registrationId = booking.registration.id;
  const placeId = String(form.get("placeId") ?? "").trim();
  const wellFormed = UUID.test(placeId);
  const at = now();
  if (intent === "place-cancel") {
    if (!wellFormed) return answer(404, { intent, outcome: "not_found" });
    const [place] = await db()
      .select({ number: bookingPlaces.number })
      .from(bookingPlaces)
      .where(and(eq(bookingPlaces.id, placeId), eq(bookingPlaces.registrationId, registrationId)))
      .limit(1);
    const done = await cancelPlace(db(), { registrationId, placeId, actor: PARTICIPANT, now: at });
    if (done.outcome === "cancelled") return answer(200, { intent, outcome: "cancelled", number: place?.number ?? 0, refundedCents: done.refund.refundedCents });
    return answer({ already_cancelled: 200, last_place: 409, not_found: 404, not_cancellable: 409 }[done.outcome], { intent, outcome: done.outcome });
  }
  if (intent === "place-resend") {
    if (!wellFormed) return answer(404, { intent, outcome: "not_found" });
    const sent = await resendInvitation(db(), { registrationId, placeId, actor: PARTICIPANT, now: at });
    if (sent.outcome === "too_soon") return answer(429, { intent, outcome: "too_soon", retryAfterSeconds: sent.retryAfterSeconds }, { "Retry-After": String(sent.retryAfterSeconds) });
    return answer({ sent: 200, no_email: 409, not_found: 404, not_changeable: 409 }[sent.outcome], { intent, outcome: sent.outcome });
  }
  form.delete("intent");
  const submission = parseWithZod(form, { schema: replaceParticipantSchema });
  if (submission.status !== "success") return answer(400, { intent, outcome: "invalid", placeId: wellFormed ? placeId : undefined, result: submission.reply() });
  if (!wellFormed) return answer(404, { intent, outcome: "not_found" });
  const v = submission.value;
  const replaced = await replaceParticipant(db(), { registrationId, placeId, name: v.name, email: v.email, locale: v.locale, actor: PARTICIPANT, now: at });
  switch (replaced.outcome) {
    case "replaced":
      return answer(200, { intent, outcome: "replaced" });
    case "deadline_passed":
      return answer(409, { intent, outcome: "deadline_passed", lastDay: replaced.lastDay, placeId, result: submission.reply() });
    case "duplicate_email":
      return answer(409, { intent, outcome: "duplicate_email", placeId, result: submission.reply({ fieldErrors: { email: ["booking.validation.duplicateEmail"] } }) });
    default:
      return answer(replaced.outcome === "not_found" ? 404 : 409, { intent, outcome: replaced.outcome });
  }
}

/**
 * The booking's calendar file, as attached to the confirmation e-mail (same UID, so importing
 * both updates one entry rather than adding two), in the page's language.
 */
export function bookingIcs({ registration, event }: Booking, locale: Locale): string {
  return calendarInvite(registration, event, locale);
}
