/**
 * The price of a place at a moment: the list price, less an early-bird discount while it runs.
 * Apart from the booking rules (app/lib/booking.ts) because every page shows prices: this module
 * goes into the chunk a first visit loads (scripts/client-chunks.ts), and the due dates and
 * deadlines, with the Amsterdam day arithmetic they need, stay in the booking pages' chunks.
 * Pure functions; money in integer cents.
 */

export type PricedEvent = {
  priceCents: number;
  depositPercent: number;
  earlyBirdPercent: number | null;
  /** ISO instant or Date; the discount applies strictly before it. */
  earlyBirdUntil: string | Date | null;
};

/** A percentage as a whole number from 0 to 100. */
export function clampPercent(value: number): number {
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

