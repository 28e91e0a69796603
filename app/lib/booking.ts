import type { Locale } from "~/i18n";
import { dateTimeFormat, numberFormat } from "~/lib/intl";

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

export type PricedEvent = {
  priceCents: number;
  depositPercent: number;
  earlyBirdPercent: number | null;
  /** ISO instant or Date; the discount applies strictly before it. */
  earlyBirdUntil: string | Date | null;
};

/** The event's dates and money rules that decide what is due at registration (decision 037). */
export type BookedEvent = PricedEvent & {
  /** ISO instant or Date. */
  startDate: string | Date;
  /** The balance is due this many calendar days before the start's day. */
  balanceDueDays: number;
};

export type AmountDue = {
  /** "free": nothing to pay now, confirmed at once; "full": the whole price; "deposit": a share. */
  kind: "free" | "deposit" | "full";
  /** The list price. */
  originalPriceCents: number;
  /** The price after an early-bird discount (equal to the list price without one). */
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

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.trunc(value)));
}

/** `cents × percent / 100`, rounded half up to whole cents (integer arithmetic: no float drift). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

export function earlyBirdActive(event: Pick<PricedEvent, "earlyBirdPercent" | "earlyBirdUntil">, now: Date): boolean {
  if (!event.earlyBirdPercent || event.earlyBirdPercent <= 0 || !event.earlyBirdUntil) return false;
  return now.getTime() < new Date(event.earlyBirdUntil).getTime();
}

/** The price per person charged at `now`: the list price, less an early-bird discount while it runs. */
export function priceAt(event: PricedEvent, now: Date): { originalPriceCents: number; priceCents: number; earlyBirdApplied: boolean } {
  const originalPriceCents = Math.max(0, Math.trunc(event.priceCents));
  const earlyBirdApplied = earlyBirdActive(event, now);
  const priceCents = earlyBirdApplied ? percentOf(originalPriceCents, 100 - clampPercent(event.earlyBirdPercent ?? 0)) : originalPriceCents;
  return { originalPriceCents, priceCents, earlyBirdApplied };
}

// --- Days on the team's calendar ----------------------------------------------------------------
// Deadlines are days in Amsterdam ("due by 26 November" means until that day ends there), so the
// date a participant reads is the date the rules apply, whatever the event's start time or the
// time of day something is asked.

const TEAM_ZONE = "Europe/Amsterdam";
const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Amsterdam's wall clock at an instant, through the seeded formatter (decision 031): the browser
 * answers the calls the server's render made from the page's seed, without setting Intl up while
 * hydrating. So nothing here is cached: a cache on the server would skip calls the browser, with
 * an empty cache, then makes unseeded. A call costs microseconds (`amountDue` makes three or four).
 */
function wallClock(at: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = dateTimeFormat("en-GB", {
    timeZone: TEAM_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute") };
}

function parseDay(day: string): [number, number, number] {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The Amsterdam calendar day of an instant, "yyyy-mm-dd" (days compare as strings). */
export function teamDay(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError("Invalid date");
  const c = wallClock(at);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parseDay(day);
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Amsterdam's offset from UTC at an instant, in ms. */
function offsetAt(ms: number): number {
  const c = wallClock(new Date(ms));
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute) - Math.floor(ms / 60_000) * 60_000;
}

/** The first instant of an Amsterdam day (midnight there; the clocks never change at midnight). */
export function teamDayStart(day: string): Date {
  const [y, m, d] = parseDay(day);
  const wall = Date.UTC(y, m - 1, d);
  // Two passes settle the offset on either side of a daylight-saving change.
  return new Date(wall - offsetAt(wall - offsetAt(wall)));
}

/** The last millisecond of an Amsterdam day: the deadline "by <day>". */
export function teamDayEnd(day: string): Date {
  return new Date(teamDayStart(addDays(day, 1)).getTime() - 1);
}

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
export function amountDue(event: BookedEvent, now: Date): AmountDue {
  const { originalPriceCents, priceCents, earlyBirdApplied } = priceAt(event, now);
  const depositPercent = clampPercent(event.depositPercent);
  const dueDay = balanceDueDay(event);
  const balanceDueNow = priceCents > 0 && depositPercent < 100 && teamDay(now) >= dueDay;
  const amountDueCents = priceCents === 0 ? 0 : balanceDueNow ? priceCents : percentOf(priceCents, depositPercent);
  const kind = amountDueCents === 0 ? "free" : depositPercent >= 100 || balanceDueNow ? "full" : "deposit";
  const balanceCents = priceCents - amountDueCents;
  return {
    kind,
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

/** An Amsterdam day as an instant inside it (noon there), for the date formatters. */
export function dayInstant(day: string): Date {
  return new Date(teamDayStart(day).getTime() + DAY_MS / 2);
}

/**
 * An amount to pay, always with cents and the euro sign against the number, as on a payment
 * button: "€147.50" / "€147,50", "€1,250.00" / "€1.250,00".
 */
export function formatAmount(cents: number, locale: Locale): string {
  const number = numberFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  }).format(cents / 100);
  return `€${number}`;
}
