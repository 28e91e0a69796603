import { and, eq, inArray } from "drizzle-orm";
import { createElement } from "react";
import { WAIVER_VERSION, waiver, waiverNl } from "~/content/waiver";
import { BookingConfirmationEmail, bookingConfirmationSubject } from "~/emails/booking-confirmation";
import { BookingRefundEmail, bookingRefundSubject } from "~/emails/booking-refund";
import { BookingTeamNotificationEmail, bookingTeamSubject } from "~/emails/booking-team-notification";
import { translate, type Locale } from "~/i18n";
import { formatAmount } from "~/lib/booking";
import { formatDate, TEAM_TIME_ZONE } from "~/lib/events";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { events, payments, registrations, type Event, type Registration } from "../db/schema.server";
import { env } from "../env.server";
import { placesTakenByEvent } from "../events/queries.server";
import { log } from "../log.server";
import { buildIcs } from "../mail/ics.server";
import { renderEmail } from "../mail/render.server";
import { sendEmail } from "../mail/send.server";
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
  const format = new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { timeZone: TEAM_TIME_ZONE, ...options });
  return format.formatRange(event.startDate, event.endDate);
}

async function loadBooking(registrationId: string) {
  const [row] = await db()
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row) throw new Error(`Registration ${registrationId} not found`);
  const paid = await db()
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

/**
 * The participant's confirmation in their language: reference, event, times, place, what is
 * included, paid and still due, the waiver they agreed to, and an .ics invite.
 */
export async function sendBookingConfirmation(registrationId: string): Promise<"sent" | "failed"> {
  try {
    const { registration, event, paidCents, balanceCents } = await loadBooking(registrationId);
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
    const result = await sendEmail({
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
    if (result.status === "failed") log.warn(`Registration ${registration.reference}: confirmation not delivered yet (e-mail ${result.id} will be retried)`);
    return result.status;
  } catch (error) {
    log.error(`Registration ${registrationId}: confirmation e-mail could not be recorded`, error);
    return "failed";
  }
}

/** To the team: a confirmed booking, or a late payment that had to be refunded. */
export async function notifyTeamOfBooking(registrationId: string, kind: "confirmed" | "refunded", refundFailed = false): Promise<"sent" | "failed"> {
  try {
    const { registration: r, event, paidCents, balanceCents } = await loadBooking(registrationId);
    const name = eventName(event, TEAM_LOCALE);
    const taken = event.maxParticipants === null ? 0 : ((await placesTakenByEvent(db(), [event.id], now())).get(event.id) ?? 0);
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
    const result = await sendEmail({
      to: teamAddress(),
      subject: bookingTeamSubject(TEAM_LOCALE, kind, name, r.customerName),
      template: kind === "refunded" ? "booking-team-refund" : "booking-team",
      locale: TEAM_LOCALE,
      html,
      text,
      relatedId: r.id,
    });
    return result.status;
  } catch (error) {
    log.error(`Registration ${registrationId}: team notification could not be recorded`, error);
    return "failed";
  }
}

/** Tells a participant their late payment is refunded because the event filled up. */
export async function sendRefundNotice(registrationId: string, amountCents: number): Promise<"sent" | "failed"> {
  try {
    const { registration, event } = await loadBooking(registrationId);
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
    const result = await sendEmail({
      to: registration.customerEmail,
      subject: bookingRefundSubject(locale, name),
      template: "booking-refund",
      locale,
      html,
      text,
      relatedId: registration.id,
    });
    return result.status;
  } catch (error) {
    log.error(`Registration ${registrationId}: refund notice could not be recorded`, error);
    return "failed";
  }
}
