import { createElement } from "react";
import { BalanceRequestEmail, balanceRequestSubject, type BalanceRequestKind } from "~/emails/balance-request";
import { BookingMovedEmail, bookingMovedSubject } from "~/emails/booking-moved";
import { asLocale, type Locale } from "~/i18n";
import { formatAmount } from "~/lib/money-format";
import { formatDay, formatEventTimes } from "~/lib/dates";
import { now } from "../clock.server";
import type { DbOrTx } from "../db/client.server";
import type { Event } from "../db/schema.server";
import { queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { calendarAttachment } from "./emails.server";
import { bookingWithEvent } from "./queries.server";
import { eventLocationIn, eventNameIn } from "../events/view.server";
import { manageUrl } from "./manage-link.server";
import { registrationMoney, type Money } from "./money.server";

/*
 * The participant's e-mails about the balance and a moved booking, in their language, each with
 * their manage-my-booking link. Like server/booking/emails.server.ts they queue in the caller's
 * transaction (the outbox): the e-mail exists exactly when the change that causes it commits.
 * They return the queued e-mail's id.
 */

type BalanceMoney = Pick<Money, "balanceDueCents" | "balanceDueAt">;

/** The outbox's template name of each kind (the e-mail log and tests tell them apart by it). */
const TEMPLATE: Record<BalanceRequestKind, string> = { link: "payment-link", upcoming: "balance-reminder", due: "balance-reminder-due" };

/**
 * Asks the participant for the balance (`money`, read by the caller in its transaction): the
 * team's "send the payment link again" (`link`) or a reminder (`upcoming`, `due`).
 */
export async function queueBalanceRequest(tx: DbOrTx, registrationId: string, kind: BalanceRequestKind, money: BalanceMoney): Promise<string> {
  const { registration, event } = await bookingWithEvent(tx, registrationId);
  const locale = asLocale(registration.locale);
  const eventName = eventNameIn(event, locale);
  return queueRendered(
    tx,
    createElement(BalanceRequestEmail, {
      locale,
      kind,
      name: registration.customerName,
      reference: registration.reference,
      eventName,
      dates: formatEventTimes(event, locale),
      balance: formatAmount(money.balanceDueCents, locale),
      // Nothing due has no date; callers only send these with a balance, but never print "null".
      dueDate: formatDay(money.balanceDueAt ?? now(), locale),
      manageUrl: manageUrl(registration.id),
      teamEmail: teamAddress(),
    }),
    {
      to: registration.customerEmail,
      subject: balanceRequestSubject(locale, kind, eventName, registration.reference),
      template: TEMPLATE[kind],
      locale,
      relatedId: registration.id,
    },
  );
}

/**
 * The booking now sails on another date: old and new date, and an .ics with the booking's own
 * UID (the one the confirmation used), so a calendar that imported it moves the entry.
 */
export async function queueBookingMovedEmail(
  tx: DbOrTx,
  registrationId: string,
  from: Pick<Event, "name" | "nameEn" | "startDate" | "endDate">,
  /** Why it moved, in the participant's language, instead of the usual opening (`moveBooking`'s `emailIntro`). */
  intro?: (locale: Locale, to: Event) => string,
): Promise<string> {
  const { registration, event } = await bookingWithEvent(tx, registrationId);
  const locale = asLocale(registration.locale);
  const toName = eventNameIn(event, locale);
  // Read in the move's transaction: the new date's due day (never before the move).
  const money = await registrationMoney(tx, registrationId, now());

  return queueRendered(
    tx,
    createElement(BookingMovedEmail, {
      locale,
      name: registration.customerName,
      reference: registration.reference,
      fromEvent: eventNameIn(from, locale),
      fromDates: formatEventTimes(from, locale),
      toEvent: toName,
      toDates: formatEventTimes(event, locale),
      intro: intro?.(locale, event),
      location: eventLocationIn(event, locale),
      balance: money.balanceDueCents > 0 && money.balanceDueAt ? { amount: formatAmount(money.balanceDueCents, locale), date: formatDay(money.balanceDueAt, locale) } : null,
      manageUrl: manageUrl(registration.id),
      teamEmail: teamAddress(),
    }),
    {
      to: registration.customerEmail,
      subject: bookingMovedSubject(locale, toName, registration.reference),
      template: "booking-moved",
      locale,
      // The booking's own UID with one more SEQUENCE than before the move: calendars replace the old date.
      attachments: [calendarAttachment(registration, event, locale)],
      relatedId: registration.id,
    },
  );
}
