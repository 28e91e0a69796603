import { describe, expect, it } from "vitest";
import { amountDue, earlyBirdActive, HOLD_DURATION_MS, percentOf } from "~/lib/booking";
import { formatAmount } from "~/lib/money-format";

const NOW = new Date("2025-08-01T12:00:00Z");
const base = { priceCents: 29_500, depositPercent: 50, earlyBirdPercent: null, earlyBirdUntil: null };

describe("amountDue", () => {
  it("charges the deposit share of the price (50% of €295 is €147.50)", () => {
    expect(amountDue(base, NOW)).toEqual({
      kind: "deposit",
      originalPriceCents: 29_500,
      priceCents: 29_500,
      earlyBirdApplied: false,
      depositPercent: 50,
      amountDueCents: 14_750,
      balanceCents: 14_750,
    });
  });

  it("charges the full price at 100% (the VWDTP Challenge) and leaves no balance", () => {
    const due = amountDue({ ...base, priceCents: 17_500, depositPercent: 100 }, NOW);
    expect(due.kind).toBe("full");
    expect(due.amountDueCents).toBe(17_500);
    expect(due.balanceCents).toBe(0);
  });

  it("is free when the price is 0, whatever the deposit share", () => {
    for (const depositPercent of [0, 50, 100]) {
      const due = amountDue({ ...base, priceCents: 0, depositPercent }, NOW);
      expect(due.kind).toBe("free");
      expect(due.amountDueCents).toBe(0);
      expect(due.balanceCents).toBe(0);
    }
  });

  it("asks nothing now at a 0% deposit; the whole price stays due", () => {
    const due = amountDue({ ...base, depositPercent: 0 }, NOW);
    expect(due.kind).toBe("free");
    expect(due.amountDueCents).toBe(0);
    expect(due.balanceCents).toBe(29_500);
  });

  it("applies the ARC early bird (10% until 2025-09-01T00:00Z) before the deposit", () => {
    const arc = { priceCents: 495_000, depositPercent: 50, earlyBirdPercent: 10, earlyBirdUntil: "2025-09-01T00:00:00Z" };
    const before = amountDue(arc, new Date("2025-08-31T23:59:59.999Z"));
    expect(before.earlyBirdApplied).toBe(true);
    expect(before.priceCents).toBe(445_500);
    expect(before.amountDueCents).toBe(222_750);
    expect(before.balanceCents).toBe(222_750);
    expect(before.originalPriceCents).toBe(495_000);

    const at = amountDue(arc, new Date("2025-09-01T00:00:00Z"));
    expect(at.earlyBirdApplied).toBe(false);
    expect(at.priceCents).toBe(495_000);
    expect(at.amountDueCents).toBe(247_500);
  });

  it("accepts the early-bird end as a Date too, and ignores a discount without an end or of 0%", () => {
    expect(earlyBirdActive({ earlyBirdPercent: 10, earlyBirdUntil: new Date("2025-09-01T00:00:00Z") }, NOW)).toBe(true);
    expect(earlyBirdActive({ earlyBirdPercent: 10, earlyBirdUntil: null }, NOW)).toBe(false);
    expect(earlyBirdActive({ earlyBirdPercent: 0, earlyBirdUntil: "2030-01-01T00:00:00Z" }, NOW)).toBe(false);
  });

  it("rounds to whole cents, half up (price × 0.9 to two decimals, then the share)", () => {
    // €99.95 × 0.9 = €89.955 → €89.96; 50% of that = €44.98.
    const due = amountDue({ priceCents: 9_995, depositPercent: 50, earlyBirdPercent: 10, earlyBirdUntil: "2030-01-01T00:00:00Z" }, NOW);
    expect(due.priceCents).toBe(8_996);
    expect(due.amountDueCents).toBe(4_498);
    expect(due.balanceCents).toBe(4_498);
    // 50% of €0.05 = 2.5 cents → 3 cents; 33% of €1.01 = 33.33 cents → 33 cents.
    expect(amountDue({ ...base, priceCents: 5 }, NOW).amountDueCents).toBe(3);
    expect(amountDue({ ...base, priceCents: 101, depositPercent: 33 }, NOW).amountDueCents).toBe(33);
    expect(Number.isInteger(amountDue({ ...base, priceCents: 12_345, depositPercent: 37 }, NOW).amountDueCents)).toBe(true);
  });

  it("keeps the deposit share between 0 and 100", () => {
    expect(amountDue({ ...base, depositPercent: 150 }, NOW).amountDueCents).toBe(29_500);
    expect(amountDue({ ...base, depositPercent: -5 }, NOW).kind).toBe("free");
  });

  it("computes percentages in integers", () => {
    expect(percentOf(29_500, 50)).toBe(14_750);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(1, 49)).toBe(0);
  });
});

describe("formatAmount", () => {
  it("writes the euro sign against the amount, with cents, per language", () => {
    expect(formatAmount(14_750, "en")).toBe("€147.50");
    expect(formatAmount(14_750, "nl")).toBe("€147,50");
    expect(formatAmount(17_500, "en")).toBe("€175.00");
    expect(formatAmount(445_500, "en")).toBe("€4,455.00");
    expect(formatAmount(445_500, "nl")).toBe("€4.455,00");
  });
});

describe("hold duration", () => {
  it("is 30 minutes plus a margin, so a Stripe checkout expiring with it is accepted (≥ 30 min)", () => {
    expect(HOLD_DURATION_MS).toBeGreaterThan(30 * 60_000);
    expect(HOLD_DURATION_MS).toBeLessThanOrEqual(35 * 60_000);
  });
});
