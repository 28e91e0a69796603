import { createElement } from "react";
import { WAIVER_VERSION, waiver, waiverNl } from "~/content/waiver";
import { BookingConfirmationEmail, bookingConfirmationSubject } from "~/emails/booking-confirmation";
import { BookingBalanceReceivedEmail, bookingBalanceReceivedSubject } from "~/emails/booking-balance-received";
import { BookingCancellationEmail, bookingCancellationSubject, type CancellationRefundNote } from "~/emails/booking-cancellation";
import { BookingRefundEmail, bookingRefundSubject } from "~/emails/booking-refund";
import { BookingTeamNotificationEmail, bookingTeamSubject } from "~/emails/booking-team-notification";
import { BookingTeamUpdateEmail, bookingTeamUpdateSubject } from "~/emails/booking-team-update";
import { asLocale, translate, type Locale } from "~/i18n";
import { amountInCurrency, formatAmount } from "~/lib/money-format";
import { formatDate, formatDay, formatEventTimes } from "~/lib/dates";
import { amountDue, cancellationNotice } from "~/lib/booking";
import { dayInstant } from "~/lib/local-time";
import type { Actor } from "../audit/audit.server";
import { staffNames } from "../audit/history.server";
import { reasonText } from "../audit/reasons.server";
import { now } from "../clock.server";
import type { DbOrTx } from "../db/client.server";
import type { Event, Invoice, Registration } from "../db/schema.server";
import { env } from "../env.server";
import { placesTakenByEvent } from "../events/queries.server";
import { eventDescriptionIn, eventIncludedIn, eventLocationIn, eventNameIn } from "../events/view.server";
import { buildIcs } from "../mail/ics.server";
import { queueEmail, queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { manageUrl } from "./manage-link.server";
import { alreadyBookedAs } from "./duplicates.server";
import { placesOf } from "./places.server";
import { firstReminderAt, registrationMoney, type Money } from "./money.server";
import { invoiceAttachments } from "../invoices/download.server";
import { invoicesOf } from "../invoices/issue.server";
import { bookingWithEvent } from "./queries.server";

/** The team reads its notifications in Dutch. */
const TEAM_LOCALE: Locale = "nl";


/**
 * What the booker's confirmation and the team's notice say of a group booking's places (more than
 * one, or a booker who does not sail): their number, the price of one, the live participants'
 * names in place order. Undefined for one place for the booker themselves: those e-mails read as
 * they always did. `booker` is the booker's own place (their birth date and emergency contact
 * live there), when they sail.
 */
async function groupOf(tx: DbOrTx, registration: Registration, locale: Locale) {
  const places = (await placesOf(tx, registration.id)).filter((p) => p.cancelledAt === null);
  const booker = places.find((p) => p.isBooker);
  const count = Math.max(1, registration.places);
  if (count === 1 && registration.bookerSails) return { booker, group: undefined };
  return {
    booker,
    group: {
      places: count,
      // The booking's price is places × the price of one at the moment of booking (integer cents).
      pricePerPlace: formatAmount(Math.round(registration.priceCents / count), locale),
      bookerSails: registration.bookerSails,
      participants: places,
    },
  };
}

async function loadBooking(tx: DbOrTx, registrationId: string) {
  const row = await bookingWithEvent(tx, registrationId);
  // The one money function (decision 014): read in the caller's transaction, so it sees the change being made.
  const money = await registrationMoney(tx, registrationId, now());
  return { ...row, money, paidCents: money.paidCents, balanceCents: money.balanceDueCents };
}

/** A booking that no longer takes a place: its calendar file cancels the entry. */
const CALENDAR_CANCELLED: ReadonlySet<Registration["status"]> = new Set(["cancelled", "refunded", "expired"]);

type InviteRegistration = Pick<Registration, "id" | "reference" | "status" | "moveCount" | "customerName" | "customerEmail">;

/**
 * The revision of a booking's calendar entry (its SEQUENCE): one more for every move to another
 * date (the staff's move and the weather move both go through `moveBooking`, which counts them),
 * and one more again once the booking is cancelled. Each file sent is thus higher than the one
 * before it, and a calendar replaces the old entry, or removes it.
 */
export function icsSequence(registration: Pick<Registration, "status" | "moveCount">): number {
  return registration.moveCount + (CALENDAR_CANCELLED.has(registration.status) ? 1 : 0);
}

/** What the calendar file of a booking in this state does: add or update the entry, or cancel it. */
export function icsMethod(registration: Pick<Registration, "status">): "PUBLISH" | "CANCEL" {
  return CALENDAR_CANCELLED.has(registration.status) ? "CANCEL" : "PUBLISH";
}

/**
 * The booking's calendar entry (.ics): the confirmation's attachment, the moved and cancelled
 * e-mails' and the participant page's download. One UID per registration, so each updates the
 * same entry; the SEQUENCE and METHOD follow from the booking (`icsSequence`, `icsMethod`): a
 * moved booking's file replaces the old date, a cancelled one's (METHOD:CANCEL) removes it.
 */
export function calendarInvite(
  registration: InviteRegistration,
  event: Pick<Event, "startDate" | "endDate" | "name" | "nameEn" | "description" | "descriptionEn" | "location" | "locationEn" | "slug">,
  locale: Locale,
  /** A participant's own entry of a group booking: its own UID (`place-<id>`), so it never replaces the booker's. */
  placeId?: string,
): string {
  const publicUrl = env().publicUrl;
  const method = icsMethod(registration);
  const cancelled = method === "CANCEL";
  const summary = eventNameIn(event, locale);
  return buildIcs(
    {
      uid: `${placeId ? `place-${placeId}` : `registration-${registration.id}`}@${new URL(publicUrl).hostname}`,
      sequence: icsSequence(registration),
      stamp: now(),
      start: event.startDate,
      end: event.endDate,
      summary: cancelled ? `${translate(locale, "booking.lifecycle.ics.cancelled")}: ${summary}` : summary,
      description: `${translate(locale, "booking.email.reference")}: ${registration.reference}\n${eventDescriptionIn(event, locale)}`,
      location: eventLocationIn(event, locale),
      url: `${publicUrl}/calendar?event=${encodeURIComponent(event.slug)}`,
      organizer: { name: translate(locale, "site.name"), email: teamAddress() },
      ...(cancelled ? { status: "CANCELLED" as const, attendee: { name: registration.customerName, email: registration.customerEmail } } : {}),
    },
    method,
  );
}

/** The booking's calendar file as an e-mail attachment (its METHOD in the content type, as mail clients expect). */
export function calendarAttachment(registration: InviteRegistration, event: Parameters<typeof calendarInvite>[1] & Pick<Event, "slug">, locale: Locale) {
  return {
    filename: `${event.slug}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${icsMethod(registration)}`,
    content: calendarInvite(registration, event, locale),
  };
}

/*
 * Each function below renders one message and queues it in the caller's transaction (the outbox,
 * decision 008): it exists exactly when the booking change that causes it commits, and is
 * delivered after the commit (`deliverQueued`) or by the retry worker. They throw on failure, so
 * the transaction rolls back rather than committing a booking whose e-mail was never recorded.
 * They return the queued e-mail's id.
 */

/**
 * The participant's confirmation in their language: reference, event, times, place, what is
 * included, paid and still due, the waiver they agreed to, and an .ics invite.
 */
export async function queueBookingConfirmation(tx: DbOrTx, registrationId: string): Promise<string> {
  const { registration, event, paidCents, balanceCents, money } = await loadBooking(tx, registrationId);
  const locale = asLocale(registration.locale);
  const name = eventNameIn(event, locale);
  const publicUrl = env().publicUrl;
  const at = now();
  const bookedAt = registration.confirmedAt ?? registration.createdAt;
  // The whole price was asked at registration because the balance's due date had come (amountDue's rule).
  const atRegistration = amountDue(event, registration.termsAcceptedAt);
  const balanceWasDue = atRegistration.balanceDueNow && registration.amountDueCents >= registration.priceCents;
  const policy = registration.priceCents > 0 ? cancellationNotice(event, at) : null;
  const { group } = await groupOf(tx, registration, locale);
  // The invoice issued with the first payment (decision 046) travels with the confirmation.
  const documents = await invoicesOf(tx, registrationId);
  return queueRendered(
    tx,
    createElement(BookingConfirmationEmail, {
      group: group && {
        places: group.places,
        pricePerPlace: group.pricePerPlace,
        // The booker's own place reads as "Name (you)"; the others by their names.
        participants: group.participants.map((p) => (p.isBooker ? translate(locale, "place.email.confirm.you", { name: p.name }) : p.name)),
      },
      locale,
      name: registration.customerName,
      reference: registration.reference,
      eventName: name,
      dates: formatEventTimes(event, locale),
      location: eventLocationIn(event, locale),
      included: eventIncludedIn(event, locale),
      amountPaid: paidCents === 0 ? translate(locale, "booking.amount.free") : formatAmount(paidCents, locale),
      balanceDue: balanceCents > 0 ? formatAmount(balanceCents, locale) : null,
      balanceDueDate: balanceCents > 0 && money.balanceDueAt ? formatDay(money.balanceDueAt, locale) : null,
      // Promise the reminder a week before only when that day is still to come (reminders.server.ts).
      reminderWeekBefore: money.balanceDueAt !== null && bookedAt.getTime() < firstReminderAt(money.balanceDueAt).getTime(),
      paidInFull: registration.priceCents > 0 && balanceCents === 0 && paidCents > 0 ? { balanceWasDue: balanceWasDue ? formatDay(dayInstant(atRegistration.balanceDueDay), locale) : null } : null,
      cancellation: policy && {
        key: policy.key,
        date: formatDay(dayInstant(policy.lastDay), locale),
        from: formatDay(dayInstant(policy.firstDayWithout), locale),
        percent: policy.percent,
      },
      manageUrl: manageUrl(registration.id),
      waiverVersion: registration.waiverVersion,
      waiverUrl: `${publicUrl}/servicevoorwaarden#waiver`,
      waiver: registration.waiverVersion === WAIVER_VERSION ? (locale === "en" ? waiver : waiverNl) : null,
      eventUrl: `${publicUrl}/calendar?event=${encodeURIComponent(event.slug)}`,
      teamEmail: teamAddress(),
      documentsNote: documentsNote(documents, locale),
    }),
    {
      to: registration.customerEmail,
      subject: bookingConfirmationSubject(locale, name, registration.reference),
      template: "booking-confirmation",
      locale,
      attachments: [calendarAttachment(registration, event, locale), ...(await invoiceAttachments(documents))],
      relatedId: registration.id,
    },
  );
}

/** To the team: a confirmed booking, or a late payment that had to be refunded. */
export async function queueTeamBookingNotice(tx: DbOrTx, registrationId: string, kind: "confirmed" | "refunded", refundFailed = false): Promise<string> {
  const { registration: r, event, paidCents, balanceCents } = await loadBooking(tx, registrationId);
  const name = eventNameIn(event, TEAM_LOCALE);
  const taken = event.maxParticipants === null ? 0 : ((await placesTakenByEvent(tx, [event.id], now())).get(event.id) ?? 0);
  const { group, booker } = await groupOf(tx, r, TEAM_LOCALE);
  // The booker's safety details live on their own place now; a booking from before group
  // bookings kept them on the registration (legacy columns), which still answer for those.
  const birthDate = booker?.birthDate ?? r.birthDate;
  const kinName = booker ? booker.nextOfKinName : r.nextOfKinName;
  const kinPhone = booker ? booker.nextOfKinPhone : r.nextOfKinPhone;
  return queueRendered(
    tx,
    createElement(BookingTeamNotificationEmail, {
      group: group && {
        places: group.places,
        pricePerPlace: group.pricePerPlace,
        bookerSails: group.bookerSails,
        // A participant already in another live booking of this event: the team sees it at once.
        participants: await Promise.all(
          group.participants.map(async (p) => {
            const other = await alreadyBookedAs(tx, p, event.id, now());
            return other ? translate(TEAM_LOCALE, "place.email.team.alsoBooked", { name: p.name, reference: other }) : p.name;
          }),
        ),
      },
      locale: TEAM_LOCALE,
      kind,
      reference: r.reference,
      eventName: name,
      dates: formatEventTimes(event, TEAM_LOCALE),
      participant: {
        name: r.customerName,
        email: r.customerEmail,
        phone: r.phoneNumber,
        birthDate: birthDate ? formatDate(`${birthDate}T12:00:00Z`, TEAM_LOCALE) : "–",
        address: `${r.street}, ${r.postalCode} ${r.city}, ${r.country}`,
        emergencyContact: kinName ? `${kinName} (${kinPhone ?? "–"})` : "–",
        comments: r.comments,
        locale: asLocale(r.locale),
      },
      amountPaid: formatAmount(kind === "refunded" ? 0 : paidCents, TEAM_LOCALE),
      balanceDue: kind === "refunded" || balanceCents === 0 ? null : formatAmount(balanceCents, TEAM_LOCALE),
      placesLeft: event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - taken),
      refundFailed,
    }),
    {
      to: teamAddress(),
      subject: bookingTeamSubject(TEAM_LOCALE, kind, name, r.customerName),
      template: kind === "refunded" ? "booking-team-refund" : "booking-team",
      locale: TEAM_LOCALE,
      relatedId: r.id,
    },
  );
}

/** Tells a participant their late payment is refunded because the event filled up. */
export async function queueRefundNotice(tx: DbOrTx, registrationId: string, amountCents: number): Promise<string> {
  const { registration, event } = await loadBooking(tx, registrationId);
  const locale = asLocale(registration.locale);
  const name = eventNameIn(event, locale);
  return queueRendered(
    tx,
    createElement(BookingRefundEmail, {
      locale,
      name: registration.customerName,
      reference: registration.reference,
      eventName: name,
      amount: formatAmount(amountCents, locale),
      manageUrl: manageUrl(registration.id),
      teamEmail: teamAddress(),
    }),
    {
      to: registration.customerEmail,
      subject: bookingRefundSubject(locale, name),
      template: "booking-refund",
      locale,
      relatedId: registration.id,
    },
  );
}

/**
 * To the participant: a payment after the first (the balance, online or a bank transfer the team
 * recorded) came in. Queue it in the transaction that records the payment as paid, so it is sent
 * exactly once per paid payment.
 */
export async function queueBalanceReceived(tx: DbOrTx, registrationId: string, amountCents: number, overpaidCents = 0): Promise<string> {
  const { registration, event, money } = await loadBooking(tx, registrationId);
  const locale = asLocale(registration.locale);
  const name = eventNameIn(event, locale);
  return queueRendered(
    tx,
    createElement(BookingBalanceReceivedEmail, {
      locale,
      name: registration.customerName,
      reference: registration.reference,
      eventName: name,
      dates: formatEventTimes(event, locale),
      amount: formatAmount(amountCents, locale),
      // The overpaid part is being refunded (its refund row is pending): not counted as paid.
      totalPaid: formatAmount(money.netPaidCents - overpaidCents, locale),
      overpaid: overpaidCents > 0 ? formatAmount(overpaidCents, locale) : null,
      stillDue:
        money.balanceDueCents > 0 && money.balanceDueAt ? { amount: formatAmount(money.balanceDueCents, locale), date: formatDay(money.balanceDueAt, locale) } : null,
      manageUrl: manageUrl(registration.id),
      teamEmail: teamAddress(),
    }),
    {
      to: registration.customerEmail,
      subject: bookingBalanceReceivedSubject(locale, name, registration.reference),
      template: "booking-balance-received",
      locale,
      relatedId: registration.id,
    },
  );
}

/** To the team: a payment after the first came in (`method`: online, or a bank transfer recorded by hand). */
export async function queueTeamBalanceNotice(tx: DbOrTx, registrationId: string, amountCents: number, method: "online" | "manual"): Promise<string> {
  const { registration: r, event, money } = await loadBooking(tx, registrationId);
  const name = eventNameIn(event, TEAM_LOCALE);
  return queueRendered(
    tx,
    createElement(BookingTeamUpdateEmail, {
      locale: TEAM_LOCALE,
      reference: r.reference,
      eventName: name,
      dates: formatEventTimes(event, TEAM_LOCALE),
      name: r.customerName,
      email: r.customerEmail,
      update: {
        kind: "balance",
        amount: formatAmount(amountCents, TEAM_LOCALE),
        method,
        totalPaid: formatAmount(money.netPaidCents, TEAM_LOCALE),
        stillDue: money.balanceDueCents > 0 ? formatAmount(money.balanceDueCents, TEAM_LOCALE) : null,
      },
    }),
    {
      to: teamAddress(),
      subject: bookingTeamUpdateSubject(TEAM_LOCALE, "balance", name, r.customerName),
      template: "booking-team-balance",
      locale: TEAM_LOCALE,
      relatedId: r.id,
    },
  );
}

/** The refund a cancellation gives, in the participant's words (see `BookingCancellationEmail`). */
function cancellationRefundNote(
  args: { refundCents: number; manualRefundCents: number; mode: "policy" | "full" | "partial" | "none"; policy: { percent: number; deadline: Date; inWindow: boolean } },
  money: Money,
  locale: Locale,
): CancellationRefundNote {
  if (args.refundCents > 0) {
    return {
      kind: "refund",
      amount: formatAmount(args.refundCents, locale),
      byHand: args.manualRefundCents > 0 ? formatAmount(args.manualRefundCents, locale) : null,
      percent: args.mode === "policy" ? args.policy.percent : null,
    };
  }
  if (money.netPaidCents <= 0) return { kind: "nothing_paid" };
  if (args.mode === "policy" && !args.policy.inWindow) return { kind: "late", deadline: formatDay(args.policy.deadline, locale) };
  return { kind: "none" };
}

/**
 * To the participant: their booking is cancelled, with what is refunded and why (the policy, or
 * the team's choice). Queued in the cancelling transaction; `refundCents` is what was asked for.
 */
export async function queueCancellationNotice(
  tx: DbOrTx,
  registrationId: string,
  args: {
    refundCents: number;
    manualRefundCents?: number;
    mode: "policy" | "full" | "partial" | "none";
    policy: { percent: number; deadline: Date; inWindow: boolean };
    /** The booking was confirmed (it had a calendar entry to remove); a held place never had one. */
    wasConfirmed?: boolean;
    /** Why it was cancelled, in the participant's language (`cancelBooking`'s `emailNote`). */
    note?: (locale: Locale) => string;
    /** The credit note the cancellation issued (decision 046): attached and named. */
    documents?: Invoice[];
  },
): Promise<string> {
  const { registration, event, money } = await loadBooking(tx, registrationId);
  const locale = asLocale(registration.locale);
  const name = eventNameIn(event, locale);
  // The confirmation put the booking in the participant's calendar: the cancellation takes it out
  // (the same UID, METHOD:CANCEL, a higher SEQUENCE). Read in this transaction, the booking is
  // already cancelled, so calendarInvite makes the cancelling file.
  const calendar = args.wasConfirmed === true;
  return queueRendered(
    tx,
    createElement(BookingCancellationEmail, {
      locale,
      name: registration.customerName,
      reference: registration.reference,
      eventName: name,
      dates: formatEventTimes(event, locale),
      note: args.note?.(locale),
      refund: cancellationRefundNote({ ...args, manualRefundCents: args.manualRefundCents ?? 0 }, money, locale),
      calendar,
      manageUrl: manageUrl(registration.id),
      teamEmail: teamAddress(),
      documentsNote: documentsNote(args.documents ?? [], locale),
    }),
    {
      to: registration.customerEmail,
      subject: bookingCancellationSubject(locale, name, registration.reference),
      template: "booking-cancellation",
      locale,
      attachments: [...(calendar ? [calendarAttachment(registration, event, locale)] : []), ...(await invoiceAttachments(args.documents ?? []))],
      relatedId: registration.id,
    },
  );
}

/**
 * To the team: a booking was cancelled (by whom, why, what is refunded, places now free). In
 * Dutch, like every team e-mail: the reason (a code, or what staff typed) in Dutch words, and a
 * staff member by name.
 */
export async function queueTeamCancellationNotice(
  tx: DbOrTx,
  registrationId: string,
  args: { refundCents: number; actor: Actor; reason: string; previousStatus?: string },
): Promise<string> {
  const { registration: r, event } = await loadBooking(tx, registrationId);
  const name = eventNameIn(event, TEAM_LOCALE);
  const taken = event.maxParticipants === null ? 0 : ((await placesTakenByEvent(tx, [event.id], now())).get(event.id) ?? 0);
  const staffName = args.actor.type === "staff" ? ((await staffNames(tx, [args.actor.userId])).get(args.actor.userId) ?? null) : null;
  const reason = reasonText(args.reason, TEAM_LOCALE);
  return queueRendered(
    tx,
    createElement(BookingTeamUpdateEmail, {
      locale: TEAM_LOCALE,
      reference: r.reference,
      eventName: name,
      dates: formatEventTimes(event, TEAM_LOCALE),
      name: r.customerName,
      email: r.customerEmail,
      update: {
        kind: "cancelled",
        who: args.actor.type,
        staffName,
        reason: args.previousStatus === "pending_payment" ? translate(TEAM_LOCALE, "booking.lifecycle.email.team.reasonUnpaid", { reason }) : reason,
        refund: args.refundCents > 0 ? formatAmount(args.refundCents, TEAM_LOCALE) : null,
        placesLeft: event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - taken),
      },
    }),
    {
      to: teamAddress(),
      subject: bookingTeamUpdateSubject(TEAM_LOCALE, "cancelled", name, r.customerName),
      template: "booking-team-cancelled",
      locale: TEAM_LOCALE,
      relatedId: r.id,
    },
  );
}

/**
 * To the team: a refund the provider did not accept (or a payment that came in for a booking
 * that no longer exists), to be handled by hand. Plain text: an operational alert.
 */
export async function queueRefundFailedAlert(tx: DbOrTx, registrationId: string, detail?: string): Promise<string> {
  const { registration, event, money } = await loadBooking(tx, registrationId);
  const lines = [
    "Een terugbetaling is NIET gelukt bij de betaalprovider; maak het bedrag met de hand over of probeer het opnieuw in de beheeromgeving.",
    "",
    `Evenement: ${eventNameIn(event, TEAM_LOCALE)}`,
    `Referentie: ${registration.reference}`,
    `Terugbetaling nog open of mislukt: ${formatAmount(money.refundPendingCents, TEAM_LOCALE)}`,
    ...(detail ? ["", detail] : []),
  ];
  return queueEmail(tx, {
    to: teamAddress(),
    subject: `Terugbetaling mislukt voor ${registration.reference}: met de hand afhandelen`,
    template: "refund-failed-team",
    locale: TEAM_LOCALE,
    html: `<p>${lines.map(escapeHtml).join("<br>")}</p>`,
    text: lines.join("\n"),
    relatedId: registration.id,
  });
}

/**
 * To the team: money came in for a booking that no longer takes it (a balance or deposit paid
 * after the booking was cancelled), and was refunded, or the refund failed. Plain text.
 */
export async function queueUnkeptPaymentNotice(tx: DbOrTx, registrationId: string, refundCents: number, refundFailed: boolean): Promise<string> {
  const { registration, event } = await loadBooking(tx, registrationId);
  const lines = [
    `Er kwam een betaling binnen voor een boeking met status "${translate(TEAM_LOCALE, `admin.events.regStatus.${registration.status}`).toLowerCase()}".`,
    refundFailed
      ? `De automatische terugbetaling van ${formatAmount(refundCents, TEAM_LOCALE)} is NIET gelukt: maak het bedrag met de hand over.`
      : `Het bedrag (${formatAmount(refundCents, TEAM_LOCALE)}) is automatisch terugbetaald; er hoeft niets te gebeuren.`,
    "",
    `Evenement: ${eventNameIn(event, TEAM_LOCALE)}`,
    `Referentie: ${registration.reference}`,
  ];
  return queueEmail(tx, {
    to: teamAddress(),
    subject: `${refundFailed ? "Terugbetaling mislukt" : "Betaling terugbetaald"} voor ${registration.reference}`,
    template: refundFailed ? "refund-failed-team" : "payment-refunded-team",
    locale: TEAM_LOCALE,
    html: `<p>${lines.map(escapeHtml).join("<br>")}</p>`,
    text: lines.join("\n"),
    relatedId: registration.id,
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/**
 * To the team: a provider reported a payment whose amount or currency differs from what the
 * checkout was opened for. The booking was not confirmed; someone must look (refund, or ask for
 * the rest). Plain text on purpose: an operational alert, no template needed.
 */
export async function queuePaymentMismatchAlert(
  tx: DbOrTx,
  args: { registrationId: string; paymentId: string; provider: string; expectedCents: number; expectedCurrency: string; receivedCents: number; receivedCurrency: string },
): Promise<string> {
  const { registration, event } = await loadBooking(tx, args.registrationId);
  const lines = [
    "Een betaling wijkt af van het bedrag van de checkout; de boeking is NIET bevestigd.",
    "",
    `Evenement: ${eventNameIn(event, TEAM_LOCALE)}`,
    `Referentie: ${registration.reference}`,
    `Verwacht: ${amountInCurrency(args.expectedCents, args.expectedCurrency)}`,
    `Ontvangen volgens ${args.provider}: ${amountInCurrency(args.receivedCents, args.receivedCurrency)}`,
    `Betaling: ${args.paymentId}`,
    "",
    "Controleer de betaling bij de betaalprovider en neem contact op met de deelnemer.",
  ];
  const text = lines.join("\n");
  const html = `<p>${lines.map(escapeHtml).join("<br>")}</p>`;
  return queueEmail(tx, {
    to: teamAddress(),
    subject: `Afwijkende betaling voor ${registration.reference}: niet bevestigd`,
    template: "payment-mismatch-team",
    locale: TEAM_LOCALE,
    html,
    text,
    relatedId: registration.id,
  });
}

/** "Invoice 2026-000001 is attached (PDF)": the sentence naming the documents attached to an e-mail, or null. */
export function documentsNote(documents: Pick<Invoice, "kind" | "number">[], locale: Locale): string | null {
  if (documents.length === 0) return null;
  return documents
    .map((d) => translate(locale, d.kind === "invoice" ? "invoice.email.invoiceAttached" : "invoice.email.creditNoteAttached", { number: d.number }))
    .join(" ");
}
