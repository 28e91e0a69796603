import { eq } from "drizzle-orm";
import { createElement } from "react";
import { BalanceReminderEmail, balanceReminderSubject, type BalanceReminderKind } from "~/emails/balance-reminder";
import { BookingMovedEmail, bookingMovedSubject } from "~/emails/booking-moved";
import { PaymentLinkEmail, paymentLinkSubject } from "~/emails/payment-link";
import type { Locale } from "~/i18n";
import { formatAmount } from "~/lib/booking";
import { formatDate } from "~/lib/events";
import { now } from "../clock.server";
import type { DbOrTx } from "../db/client.server";
import { events, registrations, type Event, type Registration } from "../db/schema.server";
import { renderEmail } from "../mail/render.server";
import { queueEmail } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { calendarInvite, formatEventTimes } from "./emails.server";
import { manageUrl } from "./manage-link.server";
import type { Money } from "./money.server";

/*
 * The participant's e-mails about the balance and a moved booking, in their language, each with
 * their manage-my-booking link. Like server/booking/emails.server.ts they queue in the caller's
 * transaction (the outbox): the e-mail exists exactly when the change that causes it commits.
 * They return the queued e-mail's id.
 */

function localeOf(registration: Pick<Registration, "locale">): Locale {
  return registration.locale === "en" ? "en" : "nl";
}

function nameIn(event: Pick<Event, "name" | "nameEn">, locale: Locale): string {
  return (locale === "en" && event.nameEn) || event.name;
}

function dueDay(date: Date, locale: Locale): string {
  return formatDate(date.toISOString(), locale, { day: "numeric", month: "long", year: "numeric" });
}

async function loadBooking(tx: DbOrTx, registrationId: string) {
  const [row] = await tx
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row) throw new Error(`Registration ${registrationId} not found`);
  return row;
}

type BalanceMoney = Pick<Money, "balanceDueCents" | "balanceDueAt">;

async function balanceProps(tx: DbOrTx, registrationId: string, money: BalanceMoney) {
  const { registration, event } = await loadBooking(tx, registrationId);
  const locale = localeOf(registration);
  const eventName = nameIn(event, locale);
  return {
    registration,
    props: {
      locale,
      name: registration.customerName,
      reference: registration.reference,
      eventName,
      dates: formatEventTimes(event, locale),
      balance: formatAmount(money.balanceDueCents, locale),
      // Nothing due has no date; callers only send these with a balance, but never print "null".
      dueDate: dueDay(money.balanceDueAt ?? now(), locale),
      manageUrl: manageUrl(registration.id),
      teamEmail: teamAddress(),
    },
  };
}

/** The team's "send the payment link again": the balance, its date and the manage link. */
export async function queuePaymentLinkEmail(tx: DbOrTx, registrationId: string, money: BalanceMoney): Promise<string> {
  const { registration, props } = await balanceProps(tx, registrationId, money);
  const { html, text } = await renderEmail(createElement(PaymentLinkEmail, props));
  return queueEmail(tx, {
    to: registration.customerEmail,
    subject: paymentLinkSubject(props.locale, props.eventName, props.reference),
    template: "payment-link",
    locale: props.locale,
    html,
    text,
    relatedId: registration.id,
  });
}

/** A balance reminder: a week before the due date (`upcoming`) or on it (`due`). */
export async function queueBalanceReminderEmail(tx: DbOrTx, registrationId: string, kind: BalanceReminderKind, money: BalanceMoney): Promise<string> {
  const { registration, props } = await balanceProps(tx, registrationId, money);
  const { html, text } = await renderEmail(createElement(BalanceReminderEmail, { ...props, kind }));
  return queueEmail(tx, {
    to: registration.customerEmail,
    subject: balanceReminderSubject(props.locale, kind, props.eventName, props.reference),
    template: kind === "due" ? "balance-reminder-due" : "balance-reminder",
    locale: props.locale,
    html,
    text,
    relatedId: registration.id,
  });
}

/**
 * The booking now sails on another date: old and new date, and an .ics with the booking's own
 * UID (the one the confirmation used), so a calendar that imported it moves the entry.
 */
export async function queueBookingMovedEmail(tx: DbOrTx, registrationId: string, from: Pick<Event, "name" | "nameEn" | "startDate" | "endDate">): Promise<string> {
  const { registration, event } = await loadBooking(tx, registrationId);
  const locale = localeOf(registration);
  const toName = nameIn(event, locale);
  const { html, text } = await renderEmail(
    createElement(BookingMovedEmail, {
      locale,
      name: registration.customerName,
      reference: registration.reference,
      fromEvent: nameIn(from, locale),
      fromDates: formatEventTimes(from, locale),
      toEvent: toName,
      toDates: formatEventTimes(event, locale),
      location: event.location,
      manageUrl: manageUrl(registration.id),
      teamEmail: teamAddress(),
    }),
  );
  const ics = calendarInvite(registration, event, locale);
  return queueEmail(tx, {
    to: registration.customerEmail,
    subject: bookingMovedSubject(locale, toName, registration.reference),
    template: "booking-moved",
    locale,
    html,
    text,
    attachments: [{ filename: `${event.slug}.ics`, contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics }],
    relatedId: registration.id,
  });
}
