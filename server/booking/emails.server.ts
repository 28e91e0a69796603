import { and, eq, inArray } from "drizzle-orm";
import { createElement } from "react";
import { WAIVER_VERSION, waiver, waiverNl } from "~/content/waiver";
import { BookingConfirmationEmail, bookingConfirmationSubject } from "~/emails/booking-confirmation";
import { BookingRefundEmail, bookingRefundSubject } from "~/emails/booking-refund";
import { BookingTeamNotificationEmail, bookingTeamSubject } from "~/emails/booking-team-notification";
import { translate, type Locale } from "~/i18n";
import { formatAmount } from "~/lib/booking";
import { formatDate, TEAM_TIME_ZONE } from "~/lib/events";
import { dateTimeFormat } from "~/lib/intl";
import { now } from "../clock.server";
import type { DbOrTx } from "../db/client.server";
import { events, payments, registrations, type Event, type Registration } from "../db/schema.server";
import { env } from "../env.server";
import { placesTakenByEvent } from "../events/queries.server";
import { buildIcs } from "../mail/ics.server";
import { renderEmail } from "../mail/render.server";
import { queueEmail } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";

/** The team reads its notifications in Dutch. */
const TEAM_LOCALE: Locale = "nl";

function localeOf(registration: Pick<Registration, "locale">): Locale {
  return registration.locale === "en" ? "en" : "nl";
}

function eventName(event: Pick<Event, "name" | "nameEn">, locale: Locale): string {
  return (locale === "en" && event.nameEn) || event.name;
}

/** "Friday 14 November 2025, 09:30 – Saturday 15 November 2025, 17:00" in the team's time zone. */
export function formatEventTimes(event: Pick<Event, "startDate" | "endDate">, locale: Locale): string {
  const options: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" };
  const format = dateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { timeZone: TEAM_TIME_ZONE, ...options });
  return format.formatRange(event.startDate, event.endDate);
}

async function loadBooking(tx: DbOrTx, registrationId: string) {
  const [row] = await tx
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row) throw new Error(`Registration ${registrationId} not found`);
  const paid = await tx
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.registrationId, registrationId), inArray(payments.status, ["paid"])));
  const paidCents = paid.reduce((sum, p) => sum + p.amountCents, 0);
  return { ...row, paidCents, balanceCents: Math.max(0, row.registration.priceCents - paidCents) };
}

function calendarInvite(registration: Registration, event: Event, locale: Locale): string {
  const publicUrl = env().publicUrl;
  return buildIcs({
    uid: `registration-${registration.id}@${new URL(publicUrl).hostname}`,
    stamp: now(),
    start: event.startDate,
    end: event.endDate,
    summary: eventName(event, locale),
    description: `${translate(locale, "booking.email.reference")}: ${registration.reference}\n${(locale === "en" && event.descriptionEn) || event.description}`,
    location: event.location,
    url: `${publicUrl}/calendar?event=${encodeURIComponent(event.slug)}`,
    organizer: { name: translate(locale, "site.name"), email: teamAddress() },
  });
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
  const { registration, event, paidCents, balanceCents } = await loadBooking(tx, registrationId);
  const locale = localeOf(registration);
  const name = eventName(event, locale);
  const publicUrl = env().publicUrl;
  const { html, text } = await renderEmail(
    createElement(BookingConfirmationEmail, {
      locale,
      name: registration.customerName,
      reference: registration.reference,
      eventName: name,
      dates: formatEventTimes(event, locale),
      location: event.location,
      included: (locale === "en" && event.includedEn) || event.included,
      amountPaid: paidCents === 0 ? translate(locale, "booking.amount.free") : formatAmount(paidCents, locale),
      balanceDue: balanceCents > 0 ? formatAmount(balanceCents, locale) : null,
      waiverVersion: registration.waiverVersion,
      waiverUrl: `${publicUrl}/servicevoorwaarden#waiver`,
      waiver: registration.waiverVersion === WAIVER_VERSION ? (locale === "en" ? waiver : waiverNl) : null,
      eventUrl: `${publicUrl}/calendar?event=${encodeURIComponent(event.slug)}`,
      teamEmail: teamAddress(),
    }),
  );
  return queueEmail(tx, {
    to: registration.customerEmail,
    subject: bookingConfirmationSubject(locale, name, registration.reference),
    template: "booking-confirmation",
    locale,
    html,
    text,
    attachments: [
      {
        filename: `${event.slug}.ics`,
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: calendarInvite(registration, event, locale),
      },
    ],
    relatedId: registration.id,
  });
}

/** To the team: a confirmed booking, or a late payment that had to be refunded. */
export async function queueTeamBookingNotice(tx: DbOrTx, registrationId: string, kind: "confirmed" | "refunded", refundFailed = false): Promise<string> {
  const { registration: r, event, paidCents, balanceCents } = await loadBooking(tx, registrationId);
  const name = eventName(event, TEAM_LOCALE);
  const taken = event.maxParticipants === null ? 0 : ((await placesTakenByEvent(tx, [event.id], now())).get(event.id) ?? 0);
  const { html, text } = await renderEmail(
    createElement(BookingTeamNotificationEmail, {
      locale: TEAM_LOCALE,
      kind,
      reference: r.reference,
      eventName: name,
      dates: formatEventTimes(event, TEAM_LOCALE),
      participant: {
        name: r.customerName,
        email: r.customerEmail,
        phone: r.phoneNumber,
        birthDate: r.birthDate ? formatDate(`${r.birthDate}T12:00:00Z`, TEAM_LOCALE) : "–",
        address: `${r.street}, ${r.postalCode} ${r.city}, ${r.country}`,
        emergencyContact: `${r.nextOfKinName} (${r.nextOfKinPhone})`,
        comments: r.comments,
        locale: localeOf(r),
      },
      amountPaid: formatAmount(kind === "refunded" ? 0 : paidCents, TEAM_LOCALE),
      balanceDue: kind === "refunded" || balanceCents === 0 ? null : formatAmount(balanceCents, TEAM_LOCALE),
      placesLeft: event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - taken),
      refundFailed,
    }),
  );
  return queueEmail(tx, {
    to: teamAddress(),
    subject: bookingTeamSubject(TEAM_LOCALE, kind, name, r.customerName),
    template: kind === "refunded" ? "booking-team-refund" : "booking-team",
    locale: TEAM_LOCALE,
    html,
    text,
    relatedId: r.id,
  });
}

/** Tells a participant their late payment is refunded because the event filled up. */
export async function queueRefundNotice(tx: DbOrTx, registrationId: string, amountCents: number): Promise<string> {
  const { registration, event } = await loadBooking(tx, registrationId);
  const locale = localeOf(registration);
  const name = eventName(event, locale);
  const { html, text } = await renderEmail(
    createElement(BookingRefundEmail, {
      locale,
      name: registration.customerName,
      reference: registration.reference,
      eventName: name,
      amount: formatAmount(amountCents, locale),
      teamEmail: teamAddress(),
    }),
  );
  return queueEmail(tx, {
    to: registration.customerEmail,
    subject: bookingRefundSubject(locale, name),
    template: "booking-refund",
    locale,
    html,
    text,
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
  const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  const lines = [
    "Een betaling wijkt af van het bedrag van de checkout; de boeking is NIET bevestigd.",
    "",
    `Evenement: ${eventName(event, TEAM_LOCALE)}`,
    `Referentie: ${registration.reference}`,
    `Verwacht: ${money(args.expectedCents, args.expectedCurrency)}`,
    `Ontvangen volgens ${args.provider}: ${money(args.receivedCents, args.receivedCurrency)}`,
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
