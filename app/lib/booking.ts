import { addDays, teamDay, teamDayEnd } from "~/lib/local-time";
import { clampPercent, percentOf, priceAt, type PricedEvent } from "~/lib/price";

/**
 * Booking rules shared by the browser (the dialog shows what is due) and the server (which
 * charges it). Pure functions; money in integer cents.
 */

/** How long a registration holds a place while the visitor pays. */
export const HOLD_MINUTES = 30;
/**
 * Stripe refuses a Checkout Session that expires in less than 30 minutes, and the clock starts
 * before the request reaches it: holds (and the checkout that expires with them) get this much
 * extra, so the two always agree.
 */
export const HOLD_MARGIN_SECONDS = 120;
export const HOLD_DURATION_MS = HOLD_MINUTES * 60_000 + HOLD_MARGIN_SECONDS * 1000;

/** The event's dates and money rules that decide what is due at registration (decision 038). */
export type BookedEvent = PricedEvent & {
  /** ISO instant or Date. */
  startDate: string | Date;
  /** The balance is due this many calendar days before the start's day. */
  balanceDueDays: number;
};

export type AmountDue = {
  /** "free": nothing to pay now, confirmed at once; "full": the whole price; "deposit": a share. */
  kind: "free" | "deposit" | "full";
  /** How many places the booking holds, and the price of one (after any early-bird discount). */
  places: number;
  placePriceCents: number;
  /** The list price (of all places). */
  originalPriceCents: number;
  /** The price of all places after an early-bird discount (equal to the list price without one). */
  priceCents: number;
  earlyBirdApplied: boolean;
  /** The event's share due at registration, 0–100 (the whole price is due anyway when `balanceDueNow`). */
  depositPercent: number;
  /** Due now. */
  amountDueCents: number;
  /** Still due after this payment. */
  balanceCents: number;
  /**
   * The balance's due date had come when registering (today or earlier, in Amsterdam), so the
   * whole price is due now instead of a deposit: a balance due at once would be overdue at once.
   */
  balanceDueNow: boolean;
  /** The Amsterdam day the balance is (or was) due, "yyyy-mm-dd" (the event's rule). */
  balanceDueDay: string;
  /** The end of that day (the deadline "by <day>"), when a balance is left after this payment. */
  balanceDueAt: Date | null;
};

// --- The event's rules ------------------------------------------------------------------------

/** The day the balance is due: `balanceDueDays` calendar days before the day the event starts. */
export function balanceDueDay(event: Pick<BookedEvent, "startDate" | "balanceDueDays">): string {
  return addDays(teamDay(new Date(event.startDate)), -Math.max(0, Math.trunc(event.balanceDueDays)));
}

/**
 * What a participant pays at registration: the deposit share (50% by default, 100 = in full,
 * 0 = nothing now) of the price after any early-bird discount, in whole cents; but the whole
 * price when the balance's due date is today or past (in Amsterdam) at `now`, so nobody is asked
 * for a balance that is due, or overdue, the moment they have booked. One rule for the form's
 * summary (browser), the server's charge, the checkout and the e-mails.
 */
export function amountDue(event: BookedEvent, now: Date, places = 1): AmountDue {
  // A booking of several places pays for all of them: the deposit and balance are the whole
  // booking's (decision 042); the price per place is the event's price now.
  const count = Math.max(1, Math.trunc(places));
  const perPlace = priceAt(event, now);
  const { earlyBirdApplied } = perPlace;
  const originalPriceCents = perPlace.originalPriceCents * count;
  const priceCents = perPlace.priceCents * count;
  const depositPercent = clampPercent(event.depositPercent);
  const dueDay = balanceDueDay(event);
  const balanceDueNow = priceCents > 0 && depositPercent < 100 && teamDay(now) >= dueDay;
  const amountDueCents = priceCents === 0 ? 0 : balanceDueNow ? priceCents : percentOf(priceCents, depositPercent);
  const kind = amountDueCents === 0 ? "free" : depositPercent >= 100 || balanceDueNow ? "full" : "deposit";
  const balanceCents = priceCents - amountDueCents;
  return {
    kind,
    places: count,
    placePriceCents: perPlace.priceCents,
    originalPriceCents,
    priceCents,
    earlyBirdApplied,
    depositPercent,
    amountDueCents,
    balanceCents,
    balanceDueNow,
    balanceDueDay: dueDay,
    balanceDueAt: balanceCents > 0 ? teamDayEnd(dueDay) : null,
  };
}

/** The event's cancellation policy (decision 014). */
export type CancellationTerms = {
  startDate: string | Date;
  /** A refund until this many calendar days before the start's day (that day included). */
  refundUntilDays: number;
  /** The share of what was paid that a cancellation in time gives back, 0–100. */
  refundPercent: number;
};

/**
 * The cancellation policy at `now`: the last day a cancellation gives money back (`lastDay`,
 * `refundUntilDays` calendar days before the start's day), the end of that day (`deadline`), the
 * share given back by a cancellation now, and whether `now` is still on or before that day.
 */
export function cancellationTerms(
  event: CancellationTerms,
  now: Date,
): { lastDay: string; deadline: Date; firstDayWithout: string; inWindow: boolean; percent: number; policyPercent: number } {
  const lastDay = addDays(teamDay(new Date(event.startDate)), -Math.max(0, Math.trunc(event.refundUntilDays)));
  const inWindow = teamDay(now) <= lastDay;
  const policyPercent = clampPercent(event.refundPercent);
  return { lastDay, deadline: teamDayEnd(lastDay), firstDayWithout: addDays(lastDay, 1), inWindow, percent: inWindow ? policyPercent : 0, policyPercent };
}

/** Which of the policy's sentences a booking made at `now` reads (the form before paying, the confirmation e-mail). */
export type CancellationNotice = {
  key: "booking.policy.full" | "booking.policy.partial" | "booking.policy.ended" | "booking.policy.endedPartial" | "booking.policy.none";
  /** The last day with a refund (Amsterdam), "yyyy-mm-dd". */
  lastDay: string;
  /** The first day without one. */
  firstDayWithout: string;
  percent: number;
};

/**
 * What cancelling will give back, said before paying: until which day money comes back and from
 * which day it no longer does, or that the period already ended (`cancellationRefund`'s rule).
 */
export function cancellationNotice(event: CancellationTerms, now: Date): CancellationNotice {
  const terms = cancellationTerms(event, now);
  const base = { lastDay: terms.lastDay, firstDayWithout: terms.firstDayWithout, percent: terms.policyPercent };
  if (terms.policyPercent === 0) return { key: "booking.policy.none", ...base };
  const full = terms.policyPercent >= 100;
  if (!terms.inWindow) return { key: full ? "booking.policy.ended" : "booking.policy.endedPartial", ...base };
  return { key: full ? "booking.policy.full" : "booking.policy.partial", ...base };
}

/**
 * The participants' deadline of a group booking (decision 042): missing details are due, and the
 * booker may replace a participant, until the end of the Amsterdam day `participantDeadlineDays`
 * calendar days before the start's day.
 */
export function participantDeadline(
  event: { startDate: string | Date; participantDeadlineDays: number },
  now: Date,
): { lastDay: string; deadline: Date; open: boolean } {
  const lastDay = addDays(teamDay(new Date(event.startDate)), -Math.max(0, Math.trunc(event.participantDeadlineDays)));
  return { lastDay, deadline: teamDayEnd(lastDay), open: teamDay(now) <= lastDay };
}
