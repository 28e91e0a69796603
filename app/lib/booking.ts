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

export type AmountDue = {
  /** "free": nothing to pay now, confirmed at once; "full": the whole price; "deposit": a share. */
  kind: "free" | "deposit" | "full";
  /** The list price. */
  originalPriceCents: number;
  /** The price after an early-bird discount (equal to the list price without one). */
  priceCents: number;
  earlyBirdApplied: boolean;
  /** The share due at registration, 0–100. */
  depositPercent: number;
  /** Due now. */
  amountDueCents: number;
  /** Still due after this payment. */
  balanceCents: number;
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

/**
 * What a participant pays at registration: the deposit share (50% by default, 100 = in full,
 * 0 = nothing now) of the price after any early-bird discount, in whole cents.
 */
export function amountDue(event: PricedEvent, now: Date): AmountDue {
  const originalPriceCents = Math.max(0, Math.trunc(event.priceCents));
  const earlyBirdApplied = earlyBirdActive(event, now);
  const priceCents = earlyBirdApplied
    ? percentOf(originalPriceCents, 100 - clampPercent(event.earlyBirdPercent ?? 0))
    : originalPriceCents;
  const depositPercent = clampPercent(event.depositPercent);
  const amountDueCents = priceCents === 0 ? 0 : percentOf(priceCents, depositPercent);
  const kind = amountDueCents === 0 ? "free" : depositPercent >= 100 ? "full" : "deposit";
  return {
    kind,
    originalPriceCents,
    priceCents,
    earlyBirdApplied,
    depositPercent,
    amountDueCents,
    balanceCents: priceCents - amountDueCents,
  };
}

// Kept while app/routes/manage/ (being split) still imports it from here: the home of money
// formatting is ~/lib/money-format; new code imports it from there.
export { formatAmount } from "~/lib/money-format";
