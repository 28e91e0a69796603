import { translate, type Locale, type MessageKey } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import { erasedMarksIn } from "../privacy/anonymise.server";

/*
 * Why something happened, as the audit trail and the refunds store it. The code writes a reason
 * code (`REASON.*`), never a sentence: the sentence is chosen when it is shown, in the reader's
 * language (the admin and the team's e-mails in Dutch, a person's export in theirs). What staff
 * type themselves (a cancellation's or a move's reason) is stored and shown as typed.
 *
 * Rows written before the codes hold English sentences; `LEGACY` and `PATTERNS` map every one the
 * code ever wrote to the same texts, so old rows read like new ones.
 */

export const REASON = {
  cancelledByParticipant: "cancelled_by_participant",
  cancelled: "cancelled",
  bookingCancelled: "booking_cancelled",
  holdExpired: "hold_expired",
  holdReleased: "hold_released",
  checkoutNotOpened: "checkout_not_opened",
  checkoutPageOpened: "checkout_page_opened",
  checkoutExpired: "checkout_expired",
  checkoutFailed: "checkout_failed",
  asyncPaymentFailed: "async_payment_failed",
  providerCheckoutFailed: "provider_checkout_failed",
  balanceCheckout: "balance_checkout",
  balancePaid: "balance_paid",
  balanceOverpaid: "balance_overpaid",
  bankTransferRecorded: "bank_transfer_recorded",
  paidBackByTransfer: "paid_back_by_transfer",
  secondPayment: "second_payment",
  paidForCancelled: "paid_for_cancelled",
  paidAfterCancelled: "paid_after_cancelled",
  paidLatePlaceFree: "paid_late_place_free",
  paidLateNoPlace: "paid_late_no_place",
  paidLateEventFull: "paid_late_event_full",
  teamAskedMoveOrRefund: "team_asked_move_or_refund",
  teamCancelledDate: "team_cancelled_date",
  noLongerConfirmed: "no_longer_confirmed",
  offerPartlyBooked: "offer_partly_booked",
  offerNotAnswered: "offer_not_answered",
  removedFromWaitlist: "removed_from_waitlist",
  privacyErased: "privacy_erased",
  providerRefundFailed: "provider_refund_failed",
} as const;

export type ReasonName = keyof typeof REASON;
export type ReasonCode = (typeof REASON)[ReasonName];

const BY_CODE = new Map<string, ReasonName>(Object.entries(REASON).map(([name, code]) => [code, name as ReasonName]));

/** The English sentences rows held before the codes (and a few modules outside the admin still write). */
const LEGACY: Record<string, ReasonName> = {
  "Cancelled by the participant": "cancelledByParticipant",
  Cancelled: "cancelled",
  "Booking cancelled": "bookingCancelled",
  "The hold ran out without a payment": "holdExpired",
  "The checkout could not be opened": "checkoutNotOpened",
  "The checkout page was opened": "checkoutPageOpened",
  "Checkout expired": "checkoutExpired",
  "Checkout failed": "checkoutFailed",
  "Asynchronous payment failed": "asyncPaymentFailed",
  "The provider could not open the checkout": "providerCheckoutFailed",
  "Balance checkout": "balanceCheckout",
  "Balance paid": "balancePaid",
  "Bank transfer recorded by hand": "bankTransferRecorded",
  "Paid back by bank transfer": "paidBackByTransfer",
  "A second payment for a confirmed booking": "secondPayment",
  "Paid for a cancelled booking: refunding": "paidForCancelled",
  "Paid after the booking was cancelled": "paidAfterCancelled",
  "Paid after the hold ended; a place was still free": "paidLatePlaceFree",
  "Paid after the hold ended; no place left: refunding": "paidLateNoPlace",
  "Paid after the hold ended; no place left": "paidLateNoPlace",
  "Paid after the hold ended; the event was full": "paidLateEventFull",
  "The team asked the participant to move or take a refund": "teamAskedMoveOrRefund",
  "The team cancelled the event date": "teamCancelledDate",
  "The booking was no longer confirmed": "noLongerConfirmed",
  "offer ended with some of its places booked": "offerPartlyBooked",
  "not answered within the offer's time": "offerNotAnswered",
  "removed from the waiting list": "removedFromWaitlist",
  "Personal data erased on request (GDPR art. 17); bookkeeping fields kept 7 years": "privacyErased",
  "The provider reported the refund failed": "providerRefundFailed",
};

const KEY: Record<ReasonName, MessageKey> = Object.fromEntries(
  (Object.keys(REASON) as ReasonName[]).map((name) => [name, `admin.bookings.reason.${name}` as MessageKey]),
) as Record<ReasonName, MessageKey>;

/** Who removed someone from the waiting list, for the old "removed by staff:<id>" reasons. */
export type StaffNamer = (userId: string) => string;

type Pattern = { match: RegExp; text: (m: RegExpExecArray, locale: Locale, staffName: StaffNamer) => string };

const status = (locale: Locale, value: string) => {
  const key = `admin.events.regStatus.${value}` as MessageKey;
  const text = translate(locale, key);
  return (text === key ? value : text).toLowerCase();
};

/** Reasons the code wrote with values in them (a few still are: their values are what they say). */
const PATTERNS: Pattern[] = [
  {
    // A cancellation with a refund other than the policy's (server/booking/cancel.server.ts).
    match: /^([\s\S]*) \(refund: (policy|full|partial|none), (-?\d+) cents\)$/,
    text: (m, locale, staffName) =>
      translate(locale, "admin.bookings.reason.withRefund", {
        reason: reasonText(m[1], locale, staffName),
        refund: translate(locale, `admin.bookings.reason.refundMode.${m[2]}` as MessageKey, { amount: formatPrice(Number(m[3]), locale) }),
      }),
  },
  {
    // A refund of a bank transfer (server/booking/refunds.server.ts, MANUAL_REFUND_NOTE).
    match: /^([\s\S]*) \(pay back by bank transfer by hand\)$/,
    text: (m, locale, staffName) => translate(locale, "admin.bookings.reason.byHand", { reason: reasonText(m[1], locale, staffName) }),
  },
  {
    match: /^Balance paid for a (\w+) booking: refunding$/,
    text: (m, locale) => translate(locale, "admin.bookings.reason.balanceForClosed", { status: status(locale, m[1]) }),
  },
  {
    match: /^Balance paid after the booking was (\w+)$/,
    text: (m, locale) => translate(locale, "admin.bookings.reason.balanceAfterClosed", { status: status(locale, m[1]) }),
  },
  {
    // A balance reminder (server/booking/reminders.server.ts): "25000 cents due 2026-05-01T…".
    match: /^(-?\d+) cents due ?(\S*)$/,
    text: (m, locale) =>
      m[2]
        ? translate(locale, "admin.bookings.reason.amountDueBy", { amount: formatPrice(Number(m[1]), locale), date: formatDate(m[2], locale) })
        : translate(locale, "admin.bookings.reason.amountDue", { amount: formatPrice(Number(m[1]), locale) }),
  },
  {
    match: /^No answer within (\d+) days$/,
    text: (m, locale) => translate(locale, "admin.bookings.reason.noAnswerWithin", { days: m[1] }),
  },
  {
    match: /^removed by staff:(.+)$/,
    text: (m, locale, staffName) => translate(locale, "admin.bookings.reason.removedBy", { who: staffName(m[1]) }),
  },
  {
    match: /^Date of birth and emergency contact erased (\d+) months after the event \(privacy policy\)$/,
    text: (m, locale) => translate(locale, "admin.bookings.reason.safetyDataErased", { months: m[1] }),
  },
  {
    match: /^Amount mismatch: checkout for (-?\d+) (\w+), provider reported (\S+) (\S+); not confirmed, check with the provider$/,
    text: (m, locale) =>
      translate(locale, "admin.bookings.reason.amountMismatch", {
        expected: `${m[1]} ${m[2]}`.replace(/^(-?\d+) eur$/i, (_, cents: string) => formatPrice(Number(cents), locale)),
        received: /^-?\d+$/.test(m[3]) && m[4].toLowerCase() === "eur" ? formatPrice(Number(m[3]), locale) : `${m[3]} ${m[4]}`,
      }),
  },
];

/**
 * A stored reason in `locale`: a code's sentence, an old English sentence's translation, or a
 * text staff typed, as typed. Marks of erased data ("[verwijderd]") read in the language too.
 * `staffName` names a staff member an old reason refers to by account id.
 */
export function reasonText(stored: string, locale: Locale, staffName: StaffNamer = () => translate(locale, "admin.bookings.actor.staffGone")): string {
  const text = stored.trim();
  const name = BY_CODE.get(text) ?? LEGACY[text];
  if (name) return translate(locale, KEY[name]);
  for (const pattern of PATTERNS) {
    const m = pattern.match.exec(text);
    if (m) return pattern.text(m, locale, staffName);
  }
  return erasedMarksIn(stored, locale);
}

/** Whether a stored reason is one the code wrote (a code or an old sentence), not a text staff typed. */
export function isKnownReason(stored: string): boolean {
  const text = stored.trim();
  return BY_CODE.has(text) || text in LEGACY || PATTERNS.some((p) => p.match.test(text));
}
