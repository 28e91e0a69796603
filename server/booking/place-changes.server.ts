import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { asLocale, translate, type Locale } from "~/i18n";
import { participantDeadline } from "~/lib/booking";
import { formatDay, formatEventTimes } from "~/lib/dates";
import { formatAmount } from "~/lib/money-format";
import { audit, SYSTEM, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import { db, type DbOrTx, type Transaction } from "../db/client.server";
import { bookingPlaces, events, registrations, type BookingPlace, type Event, type Invoice, type Registration } from "../db/schema.server";
import { eventNameIn } from "../events/view.server";
import { log } from "../log.server";
import { deliverQueuedQuietly, queueEmail, type OutgoingEmail } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { offerFreedPlaces } from "../waitlist/offers.server";
import { documentsNote, queueRefundFailedAlert } from "./emails.server";
import { queueParticipantInvitation } from "./invitations.server";
import { manageUrl } from "./manage-link.server";
import { cancellationRefund, registrationMoney, type Money } from "./money.server";
import { isCurrentPlace } from "./places.server";
import { executeRefunds, planRefund, type RefundPlan, type RefundResult } from "./refunds.server";
import { invoiceAttachments } from "../invoices/download.server";
import { settleInvoices } from "../invoices/issue.server";

/*
 * What the booker changes of one place of a group booking (decision 042): cancel that place,
 * replace its participant, send their invitation again. Each change is one transaction that locks
 * the event row and then the booking, the order registering and cancelling use, so a place change
 * and a registration, an offer or another change of the same booking are applied one after the
 * other; each writes its audit row (`entityType: "registration"`, the booking's id) with it.
 * The booking's money stays the booking's: a cancelled place refunds that place's share of what
 * was paid, under the event's policy, through the refund rows of refunds.server.ts.
 */

/** A participant's invitation is sent again at most once in this long (a mailbox is not a doorbell). */
export const RESEND_INTERVAL_MS = 10 * 60_000;

/** The team reads its notices in Dutch. */
const TEAM_LOCALE: Locale = "nl";

type Locked = { registration: Registration; event: Event };

/** Locks the booking's event row, then the booking (registering's order); undefined for an unknown booking. */
async function lockBooking(tx: Transaction, registrationId: string): Promise<Locked | undefined> {
  const [found] = await tx.select({ eventId: registrations.eventId }).from(registrations).where(eq(registrations.id, registrationId)).limit(1);
  if (!found) return undefined;
  const [event] = await tx.select().from(events).where(eq(events.id, found.eventId)).for("update");
  const [registration] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for("update");
  if (!event || !registration) return undefined;
  return { registration, event };
}

/** Every place row of the booking (replaced and cancelled ones too), locked. */
async function lockPlaces(tx: Transaction, registrationId: string): Promise<BookingPlace[]> {
  return tx.select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, registrationId)).for("update");
}

/** A booking the booker may still change: confirmed, and its event not started. */
function changeable({ registration, event }: Locked, at: Date): boolean {
  return registration.status === "confirmed" && at.getTime() < event.startDate.getTime();
}

// --- Cancelling one place ---------------------------------------------------------------------

/** What cancelling one place gives back now, and what it keeps (integer cents). */
export type PlaceCancelQuote = {
  /** The place's share of what can still be given back: net paid ÷ live places, rounded down. */
  shareCents: number;
  refundCents: number;
  /** The part of the share the team keeps under the policy (it pays for the cancelled place). */
  keptCents: number;
  /** The price of one place of this booking. */
  placePriceCents: number;
  percent: number;
  inWindow: boolean;
  deadline: Date;
};

/**
 * The price of one place of the booking (the price per place when booked, early bird included),
 * from the booking and its place rows: each cancelled place keeps its share of what was paid in
 * the booking's price (`cancelledShareCents`, see `cancelPlace`), so one live place's price is
 * (price − those shares) ÷ places.
 */
export function placePriceCents(
  registration: Pick<Registration, "priceCents" | "places">,
  places: readonly { cancelledAt: Date | string | null; cancelledShareCents: number | null }[],
): number {
  const shares = places.reduce((sum, p) => sum + (p.cancelledAt !== null ? (p.cancelledShareCents ?? 0) : 0), 0);
  return Math.floor(Math.max(0, registration.priceCents - shares) / Math.max(1, registration.places));
}

/**
 * One place's share under the policy. The share is of what can still be given back (net paid
 * minus refunds already under way), so two cancellations in a row never give back more than
 * came in.
 */
export function placeCancelQuote(
  event: Pick<Event, "startDate" | "refundUntilDays" | "refundPercent">,
  placePrice: number,
  money: Pick<Money, "netPaidCents" | "refundPendingCents">,
  livePlaces: number,
  at: Date,
): PlaceCancelQuote {
  const refundable = Math.max(0, money.netPaidCents - money.refundPendingCents);
  const shareCents = livePlaces > 0 ? Math.floor(refundable / livePlaces) : 0;
  const policy = cancellationRefund(event, shareCents, at);
  const refundCents = Math.min(policy.refundCents, shareCents, refundable);
  return { shareCents, refundCents, keptCents: shareCents - refundCents, placePriceCents: placePrice, percent: policy.percent, inWindow: policy.inWindow, deadline: policy.deadline };
}

function livePlacesOf(places: BookingPlace[]): BookingPlace[] {
  return places.filter(isCurrentPlace);
}

/** What the booker's page shows before they confirm cancelling a place; undefined when it cannot be cancelled. */
export async function placeCancellationQuote(database: DbOrTx, registrationId: string, placeId: string, at: Date): Promise<PlaceCancelQuote | undefined> {
  const [row] = await database.select({ registration: registrations, event: events }).from(registrations).innerJoin(events, eq(events.id, registrations.eventId)).where(eq(registrations.id, registrationId)).limit(1);
  if (!row) return undefined;
  const places = await database.select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, registrationId));
  const live = livePlacesOf(places);
  if (!live.some((p) => p.id === placeId) || live.length < 2) return undefined;
  const price = placePriceCents(row.registration, places);
  return placeCancelQuote(row.event, price, await registrationMoney(database, registrationId, at), live.length, at);
}

export type PlaceCancelResult =
  | { outcome: "cancelled"; refund: RefundResult; quote: PlaceCancelQuote; places: number }
  /** Cancelled before: nothing more is refunded (a refund call of the first that never answered is retried). */
  | { outcome: "already_cancelled"; refund?: RefundResult }
  /** The only live place left: that is cancelling the booking (`cancelBooking`). */
  | { outcome: "last_place" }
  /** Not a place of this booking, or replaced (its successor is the place now). */
  | { outcome: "not_found" }
  /** The booking is not confirmed, or its event has started. */
  | { outcome: "not_cancellable" };

type CancelDecision =
  | { outcome: "cancelled"; eventId: string; plan: RefundPlan; emailIds: string[]; quote: PlaceCancelQuote; places: number }
  | { outcome: "already_cancelled"; plan: RefundPlan }
  | { outcome: "last_place" | "not_found" | "not_cancellable" };

/**
 * Cancels one place of a live booking of two or more live places. The refund is the place's share
 * of the net paid under the event's policy now (`placeCancelQuote`), asked for with the request key
 * `place-cancel:<place id>` (so a double click, a second tab or a replay finds the first refund's
 * rows and never refunds twice). The booking then holds one place less, and its price goes down by
 * the price of a place less its share (what the policy keeps of it pays for the cancelled place;
 * what it refunds is matched by the refund row), so the balance still due is the remaining places'
 * own: places × price per place − (paid − the share). After the commit: the
 * provider refunds, the e-mails go out (the participant, the booker, the team) and the freed place
 * is offered to the waiting list.
 */
export async function cancelPlace(
  database: DbOrTx,
  params: { registrationId: string; placeId: string; actor: Actor; now: Date },
): Promise<PlaceCancelResult> {
  const at = params.now;
  const requestKey = `place-cancel:${params.placeId}`;
  const reason = params.actor.type === "participant" ? REASON.cancelledByParticipant : REASON.cancelled;

  const decision = await database.transaction(async (tx): Promise<CancelDecision> => {
    const locked = await lockBooking(tx, params.registrationId);
    if (!locked) return { outcome: "not_found" };
    const { registration, event } = locked;
    const places = await lockPlaces(tx, registration.id);
    const place = places.find((p) => p.id === params.placeId);
    if (!place || place.replacedAt !== null) return { outcome: "not_found" };
    if (place.cancelledAt !== null) {
      // Finds the first cancellation's refund rows (amount 0: never a new refund).
      return { outcome: "already_cancelled", plan: await planRefund(tx, { registrationId: registration.id, amountCents: 0, reason, actor: params.actor, requestKey }) };
    }
    if (!changeable(locked, at)) return { outcome: "not_cancellable" };
    const live = livePlacesOf(places);
    if (live.length < 2) return { outcome: "last_place" };

    const money = await registrationMoney(tx, registration.id, at);
    const quote = placeCancelQuote(event, placePriceCents(registration, places), money, live.length, at);
    const nextPlaces = registration.places - 1;
    // The booking's money counts payments and refunds apart (money.server.ts: balance = price −
    // paid), so the place's whole share stays in the price: refunded, it is matched by its refund
    // row; kept, it pays for the cancelled place. Either way the balance left is the remaining
    // places' own: their price less what was paid for them (paid − the share).
    const nextPrice = Math.max(0, registration.priceCents - (quote.placePriceCents - quote.shareCents));
    const bookerLeaves = place.isBooker;

    await tx.update(bookingPlaces).set({ cancelledAt: at, cancelledShareCents: quote.shareCents, updatedAt: at }).where(eq(bookingPlaces.id, place.id));
    await tx
      .update(registrations)
      .set({ places: nextPlaces, priceCents: nextPrice, ...(bookerLeaves ? { bookerSails: false } : {}), updatedAt: at })
      .where(eq(registrations.id, registration.id));
    await audit(tx, {
      entityType: "registration",
      entityId: registration.id,
      registrationId: registration.id,
      eventId: event.id,
      action: "place.cancelled",
      changes: {
        place: { from: null, to: place.number },
        participant: { from: place.name, to: null },
        cancelledAt: { from: null, to: at.toISOString() },
        places: { from: registration.places, to: nextPlaces },
        priceCents: { from: registration.priceCents, to: nextPrice },
        shareCents: { from: null, to: quote.shareCents },
        refundCents: { from: null, to: quote.refundCents },
        ...(bookerLeaves ? { bookerSails: { from: true, to: false } } : {}),
      },
      actor: params.actor,
      reason,
      at,
    });

    const plan = quote.refundCents > 0 ? await planRefund(tx, { registrationId: registration.id, amountCents: quote.refundCents, reason, actor: params.actor, requestKey }) : ({ kind: "nothing" } as const);
    const refundCents = plan.kind === "nothing" ? 0 : plan.cents;
    // One place less to pay for (its refunded share, or the unpaid rest of it): the credit note (decision 046).
    const creditNote = await settleInvoices(tx, registration.id, at, "place_cancelled");
    const after = { ...registration, places: nextPlaces, priceCents: nextPrice };
    const afterMoney = await registrationMoney(tx, registration.id, at);
    const emailIds = [
      ...(place.email && !place.isBooker ? [await queuePlaceCancelledToParticipant(tx, place, after, event)] : []),
      await queuePlaceCancelledToBooker(tx, place, after, event, { refundCents, quote, balanceDueCents: afterMoney.balanceDueCents, documents: creditNote ? [creditNote] : [] }),
      await queuePlaceCancelledToTeam(tx, place, after, event, { refundCents, actor: params.actor }),
    ];
    return { outcome: "cancelled", eventId: event.id, plan, emailIds, quote: { ...quote, refundCents }, places: nextPlaces };
  });

  if (decision.outcome === "already_cancelled") {
    if (decision.plan.kind === "nothing") return { outcome: "already_cancelled" };
    return { outcome: "already_cancelled", refund: await executeRefunds(decision.plan, params.actor) };
  }
  if (decision.outcome !== "cancelled") return { outcome: decision.outcome };

  const refund = await executeRefunds(decision.plan, params.actor);
  const emailIds = [...decision.emailIds];
  if (refund.outcome === "failed") {
    log.error(`Registration ${params.registrationId}: the refund of a cancelled place failed; the team is told to refund by hand`);
    emailIds.push(await db().transaction((tx) => queueRefundFailedAlert(tx, params.registrationId)));
  }
  await deliverQueuedQuietly(emailIds);
  try {
    // The place is free now: the waiting list's first in line whose party fits gets the offer
    // (the waiting-list job does it too, so a failure here only delays it).
    await offerFreedPlaces(decision.eventId, SYSTEM("cancellation"));
  } catch (error) {
    log.error(`Event ${decision.eventId}: offering a place freed by a place cancellation failed; the waiting-list job retries`, error);
  }
  return { outcome: "cancelled", refund, quote: decision.quote, places: decision.places };
}

// --- Replacing a participant ------------------------------------------------------------------

export type ReplaceResult =
  | { outcome: "replaced"; placeId: string }
  /** The participants' deadline has passed: `lastDay` was the last day (Amsterdam, yyyy-mm-dd). */
  | { outcome: "deadline_passed"; lastDay: string }
  /** Another current participant of this booking has this address. */
  | { outcome: "duplicate_email" }
  | { outcome: "not_found" }
  /** The booking is not confirmed, its event has started, or the place is cancelled. */
  | { outcome: "not_changeable" };

/**
 * Gives a place to another person until the participants' deadline. The replaced row stays (its
 * `replacedAt`, `replacedById`) for the history and its link then says so; the new row has the
 * same number and nothing of the old person's details, and its participant gets an invitation
 * with their own link. Replacing the booker's own place is allowed (the booker then no longer
 * sails, and stays the booking's contact): someone else takes the seat they paid for.
 */
export async function replaceParticipant(
  database: DbOrTx,
  params: { registrationId: string; placeId: string; name: string; email: string; locale: Locale; actor: Actor; now: Date },
): Promise<ReplaceResult> {
  const at = params.now;
  const name = params.name.trim();
  const email = params.email.trim();
  const result = await database.transaction(async (tx): Promise<{ answer: ReplaceResult; emailIds: string[] }> => {
    const locked = await lockBooking(tx, params.registrationId);
    if (!locked) return { answer: { outcome: "not_found" }, emailIds: [] };
    const { registration, event } = locked;
    const places = await lockPlaces(tx, registration.id);
    const place = places.find((p) => p.id === params.placeId);
    if (!place || place.replacedAt !== null) return { answer: { outcome: "not_found" }, emailIds: [] };
    if (place.cancelledAt !== null || !changeable(locked, at)) return { answer: { outcome: "not_changeable" }, emailIds: [] };
    const deadline = participantDeadline(event, at);
    if (!deadline.open) return { answer: { outcome: "deadline_passed", lastDay: deadline.lastDay }, emailIds: [] };
    const taken = livePlacesOf(places).some((p) => p.id !== place.id && p.email !== null && p.email.trim().toLowerCase() === email.toLowerCase());
    if (taken) return { answer: { outcome: "duplicate_email" }, emailIds: [] };

    const newId = crypto.randomUUID();
    // The old row first: one current row per number (booking_places_number_uq).
    await tx.update(bookingPlaces).set({ replacedAt: at, replacedById: newId, updatedAt: at }).where(eq(bookingPlaces.id, place.id));
    await tx.insert(bookingPlaces).values({ id: newId, registrationId: registration.id, number: place.number, isBooker: false, name, email, locale: params.locale, createdAt: at, updatedAt: at });
    if (place.isBooker) await tx.update(registrations).set({ bookerSails: false, updatedAt: at }).where(eq(registrations.id, registration.id));
    await audit(tx, {
      entityType: "registration",
      entityId: registration.id,
      registrationId: registration.id,
      eventId: event.id,
      action: "place.replaced",
      changes: {
        place: { from: place.number, to: place.number },
        participant: { from: place.name, to: name },
        placeId: { from: place.id, to: newId },
        ...(place.isBooker ? { bookerSails: { from: true, to: false } } : {}),
      },
      actor: params.actor,
      at,
    });
    const invitation = await queueParticipantInvitation(tx, newId, "replacement");
    return { answer: { outcome: "replaced", placeId: newId }, emailIds: invitation ? [invitation] : [] };
  });
  if (result.emailIds.length > 0) await deliverQueuedQuietly(result.emailIds);
  return result.answer;
}

// --- Sending an invitation again ---------------------------------------------------------------

export type ResendResult =
  | { outcome: "sent" }
  /** Sent less than `RESEND_INTERVAL_MS` ago: it may be sent again after `retryAfterSeconds`. */
  | { outcome: "too_soon"; retryAfterSeconds: number }
  /** The place has no e-mail address (the booker entered all its details), or is the booker's own. */
  | { outcome: "no_email" }
  | { outcome: "not_found" }
  | { outcome: "not_changeable" };

/** Sends a participant's invitation (their own link) again, at most once per 10 minutes per place. */
export async function resendInvitation(
  database: DbOrTx,
  params: { registrationId: string; placeId: string; actor: Actor; now: Date },
): Promise<ResendResult> {
  const at = params.now;
  const result = await database.transaction(async (tx): Promise<{ answer: ResendResult; emailIds: string[] }> => {
    const locked = await lockBooking(tx, params.registrationId);
    if (!locked) return { answer: { outcome: "not_found" }, emailIds: [] };
    const [place] = await tx
      .select()
      .from(bookingPlaces)
      .where(and(eq(bookingPlaces.id, params.placeId), eq(bookingPlaces.registrationId, locked.registration.id), isNull(bookingPlaces.replacedAt)))
      .for("update");
    if (!place) return { answer: { outcome: "not_found" }, emailIds: [] };
    if (place.cancelledAt !== null || !changeable(locked, at)) return { answer: { outcome: "not_changeable" }, emailIds: [] };
    if (place.isBooker || !place.email) return { answer: { outcome: "no_email" }, emailIds: [] };
    if (place.invitedAt) {
      const wait = place.invitedAt.getTime() + RESEND_INTERVAL_MS - at.getTime();
      if (wait > 0) return { answer: { outcome: "too_soon", retryAfterSeconds: Math.ceil(wait / 1000) }, emailIds: [] };
    }
    const id = await queueParticipantInvitation(tx, place.id, "resend");
    return { answer: id ? { outcome: "sent" } : { outcome: "no_email" }, emailIds: id ? [id] : [] };
  });
  if (result.emailIds.length > 0) await deliverQueuedQuietly(result.emailIds);
  return result.answer;
}

// --- E-mails of a cancelled place --------------------------------------------------------------

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A short message of paragraphs, as text and as the same escaped HTML (queued in the caller's transaction). */
function queueParagraphs(
  tx: DbOrTx,
  message: { to: string; subject: string; template: string; locale: Locale; relatedId: string; paragraphs: string[]; attachments?: OutgoingEmail["attachments"] },
): Promise<string> {
  return queueEmail(tx, {
    to: message.to,
    subject: message.subject,
    template: message.template,
    locale: message.locale,
    text: message.paragraphs.join("\n\n"),
    html: message.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n"),
    relatedId: message.relatedId,
    attachments: message.attachments,
  });
}

type Booked = Pick<Registration, "id" | "reference" | "customerName" | "customerEmail" | "locale" | "places" | "priceCents">;

/**
 * To the participant whose place was cancelled: what, and that the booker is the one to ask.
 * Also sent, by `cancelBooking`, to every participant of a booking cancelled as a whole.
 */
export function queuePlaceCancelledToParticipant(tx: DbOrTx, place: Pick<BookingPlace, "name" | "email" | "locale">, registration: Booked, event: Event, whole = false): Promise<string> {
  const locale = asLocale(place.locale);
  const eventName = eventNameIn(event, locale);
  return queueParagraphs(tx, {
    to: place.email ?? "",
    subject: translate(locale, "manage.placeMail.participant.subject", { event: eventName, reference: registration.reference }),
    template: "place-cancelled-participant",
    locale,
    relatedId: registration.id,
    paragraphs: [
      translate(locale, "manage.placeMail.greeting", { name: place.name }),
      translate(locale, whole ? "manage.placeMail.participant.wholeBody" : "manage.placeMail.participant.body", {
        event: eventName,
        dates: formatEventTimes(event, locale),
        booker: registration.customerName,
        reference: registration.reference,
      }),
      translate(locale, "manage.placeMail.participant.questions", { booker: registration.customerName, email: teamAddress() }),
    ],
  });
}

async function queuePlaceCancelledToBooker(
  tx: DbOrTx,
  place: BookingPlace,
  registration: Booked,
  event: Event,
  args: { refundCents: number; quote: PlaceCancelQuote; balanceDueCents: number; documents?: Invoice[] },
): Promise<string> {
  const locale = asLocale(registration.locale);
  const eventName = eventNameIn(event, locale);
  const refund =
    args.refundCents > 0
      ? translate(locale, "manage.placeMail.booker.refund", { amount: formatAmount(args.refundCents, locale) })
      : args.quote.shareCents === 0
        ? translate(locale, "manage.placeMail.booker.nothingPaid")
        : translate(locale, "manage.placeMail.booker.noRefund", { date: formatDay(args.quote.deadline, locale) });
  return queueParagraphs(tx, {
    to: registration.customerEmail,
    subject: translate(locale, "manage.placeMail.booker.subject", { number: place.number, reference: registration.reference }),
    template: "place-cancelled-booker",
    locale,
    relatedId: registration.id,
    paragraphs: [
      translate(locale, "manage.placeMail.greeting", { name: registration.customerName }),
      translate(locale, "manage.placeMail.booker.body", { number: place.number, name: place.name, event: eventName, dates: formatEventTimes(event, locale) }),
      refund,
      translate(locale, "manage.placeMail.booker.now", {
        places: registration.places,
        price: formatAmount(registration.priceCents, locale),
        balance: formatAmount(args.balanceDueCents, locale),
      }),
      translate(locale, "manage.placeMail.booker.link", { url: manageUrl(registration.id) }),
      ...(documentsNote(args.documents ?? [], locale) ? [documentsNote(args.documents ?? [], locale)!] : []),
    ],
    attachments: await invoiceAttachments(args.documents ?? []),
  });
}

function queuePlaceCancelledToTeam(tx: DbOrTx, place: BookingPlace, registration: Booked, event: Event, args: { refundCents: number; actor: Actor }): Promise<string> {
  const who = args.actor.type === "participant" ? "de boeker" : args.actor.type === "staff" ? "het team" : "het systeem";
  const lines = [
    `Plaats ${place.number} (${place.name}) van boeking ${registration.reference} is geannuleerd door ${who}.`,
    `Evenement: ${eventNameIn(event, TEAM_LOCALE)}, ${formatEventTimes(event, TEAM_LOCALE)}`,
    `Boeker: ${registration.customerName} (${registration.customerEmail})`,
    `Terugbetaling: ${args.refundCents > 0 ? formatAmount(args.refundCents, TEAM_LOCALE) : "geen"}`,
    `De boeking heeft nu ${registration.places} plaats(en), prijs ${formatAmount(registration.priceCents, TEAM_LOCALE)}.`,
  ];
  return queueEmail(tx, {
    to: teamAddress(),
    subject: `Plaats geannuleerd: ${registration.reference} (${eventNameIn(event, TEAM_LOCALE)})`,
    template: "place-cancelled-team",
    locale: TEAM_LOCALE,
    text: lines.join("\n"),
    html: `<p>${lines.map(escapeHtml).join("<br>")}</p>`,
    relatedId: registration.id,
  });
}
