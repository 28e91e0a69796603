import { describe, expect, it } from "vitest";
import { amountDue, balanceDueDay, cancellationNotice, cancellationTerms, HOLD_DURATION_MS } from "~/lib/booking";
import { earlyBirdActive, percentOf, priceAt } from "~/lib/price";
import { addDays, dayInstant, teamDay, teamDayEnd, teamDayStart } from "~/lib/local-time";
import { formatAmount } from "~/lib/money-format";
import { balanceDueDate, cancellationRefund, moneyOf } from "@server/booking/money.server";

const NOW = new Date("2025-08-01T12:00:00Z");
/** Starts on 1 December 2025 (10:00 in Amsterdam): the balance is due by 1 November, long after NOW. */
const base = { priceCents: 29_500, depositPercent: 50, earlyBirdPercent: null, earlyBirdUntil: null, startDate: "2025-12-01T09:00:00Z", balanceDueDays: 30 };

describe("amountDue", () => {
  it("charges the deposit share of the price (50% of €295 is €147.50)", () => {
    expect(amountDue(base, NOW)).toEqual({
      kind: "deposit",
      places: 1,
      placePriceCents: 29_500,
      originalPriceCents: 29_500,
      priceCents: 29_500,
      earlyBirdApplied: false,
      depositPercent: 50,
      amountDueCents: 14_750,
      balanceCents: 14_750,
      balanceDueNow: false,
      balanceDueDay: "2025-11-01",
      // The end of 1 November in Amsterdam (CET, UTC+1).
      balanceDueAt: new Date("2025-11-01T22:59:59.999Z"),
    });
  });

  it("charges a booking of several places for all of them: the deposit and balance of the whole (5 × €295, early bird per place)", () => {
    const due = amountDue(base, NOW, 5);
    expect(due).toMatchObject({ kind: "deposit", places: 5, placePriceCents: 29_500, priceCents: 147_500, amountDueCents: 73_750, balanceCents: 73_750 });
    const early = amountDue({ ...base, earlyBirdPercent: 10, earlyBirdUntil: new Date(NOW.getTime() + 86_400_000) }, NOW, 3);
    expect(early).toMatchObject({ places: 3, placePriceCents: 26_550, priceCents: 79_650, originalPriceCents: 88_500, earlyBirdApplied: true });
    // A count that is no whole number of places is read as at least one.
    expect(amountDue(base, NOW, 0).places).toBe(1);
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
    const arc = { priceCents: 495_000, depositPercent: 50, earlyBirdPercent: 10, earlyBirdUntil: "2025-09-01T00:00:00Z", startDate: "2025-11-23T12:30:00Z", balanceDueDays: 30 };
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
    const due = amountDue({ ...base, priceCents: 9_995, depositPercent: 50, earlyBirdPercent: 10, earlyBirdUntil: "2030-01-01T00:00:00Z" }, NOW);
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

describe("amountDue inside the balance window", () => {
  // "Introduction to ocean racing": Saturday 26 December 2026, 10:00 in Amsterdam (CET); the
  // balance is due 30 days before the start's day, by the end of Thursday 26 November.
  const intro = { ...base, priceCents: 14_500, startDate: "2026-12-26T09:00:00Z", balanceDueDays: 30 };

  it("asks the deposit when booked before the due day, with the balance due by the end of that day", () => {
    const due = amountDue(intro, new Date("2026-11-25T12:00:00Z"));
    expect(due).toMatchObject({ kind: "deposit", amountDueCents: 7_250, balanceCents: 7_250, balanceDueNow: false, balanceDueDay: "2026-11-26" });
    expect(due.balanceDueAt).toEqual(new Date("2026-11-26T22:59:59.999Z"));
  });

  it("asks the whole price when booked on the due day or after it, and leaves no balance", () => {
    for (const at of ["2026-11-26T08:00:00Z", "2026-11-27T15:00:00Z", "2026-12-20T09:00:00Z"]) {
      const due = amountDue(intro, new Date(at));
      expect(due, at).toMatchObject({ kind: "full", amountDueCents: 14_500, balanceCents: 0, balanceDueNow: true, balanceDueDay: "2026-11-26", balanceDueAt: null });
    }
  });

  it("turns at midnight in Amsterdam, not at the start's time of day or in UTC (winter and summer time)", () => {
    // 23:59:59.999 on 25 November in Amsterdam is 22:59:59.999 UTC.
    expect(amountDue(intro, new Date("2026-11-25T22:59:59.999Z")).kind).toBe("deposit");
    expect(amountDue(intro, new Date("2026-11-25T23:00:00Z")).kind).toBe("full");
    // Summer time (CEST, UTC+2): an event on 15 July at 10:00 has its balance due on 15 June.
    const summer = { ...intro, startDate: "2026-07-15T08:00:00Z" };
    expect(amountDue(summer, new Date("2026-06-14T21:59:59.999Z")).kind).toBe("deposit");
    expect(amountDue(summer, new Date("2026-06-14T22:00:00Z")).kind).toBe("full");
    // An event starting at 00:30 on 27 December in Amsterdam (still 26 December in UTC) counts from the 27th.
    expect(balanceDueDay({ startDate: "2026-12-26T23:30:00Z", balanceDueDays: 30 })).toBe("2026-11-27");
    expect(amountDue({ ...intro, startDate: "2026-12-26T23:30:00Z" }, new Date("2026-11-26T12:00:00Z")).kind).toBe("deposit");
  });

  it("counts calendar days across a daylight-saving change", () => {
    // 30 days before 5 April 2026 (CEST) is 6 March (CET): a calendar day, not 30 × 24 hours back.
    expect(balanceDueDay({ startDate: "2026-04-05T08:00:00Z", balanceDueDays: 30 })).toBe("2026-03-06");
    expect(balanceDueDay({ startDate: "2026-04-05T08:00:00Z", balanceDueDays: 0 })).toBe("2026-04-05");
  });

  it("leaves free events free, and a 100% deposit event a full payment, in the window too", () => {
    const inWindow = new Date("2026-12-01T12:00:00Z");
    expect(amountDue({ ...intro, priceCents: 0 }, inWindow)).toMatchObject({ kind: "free", amountDueCents: 0, balanceCents: 0, balanceDueNow: false });
    expect(amountDue({ ...intro, depositPercent: 100 }, inWindow)).toMatchObject({ kind: "full", amountDueCents: 14_500, balanceDueNow: false });
    expect(amountDue({ ...intro, depositPercent: 100 }, new Date("2026-10-01T12:00:00Z"))).toMatchObject({ kind: "full", amountDueCents: 14_500, balanceDueNow: false });
  });

  it("asks the whole price at a 0% deposit too once the balance is due (nothing now before that)", () => {
    expect(amountDue({ ...intro, depositPercent: 0 }, new Date("2026-11-01T12:00:00Z"))).toMatchObject({ kind: "free", amountDueCents: 0, balanceCents: 14_500 });
    expect(amountDue({ ...intro, depositPercent: 0 }, new Date("2026-11-30T12:00:00Z"))).toMatchObject({ kind: "full", amountDueCents: 14_500, balanceCents: 0 });
  });

  it("asks the whole early-bird price in the window", () => {
    const early = { ...intro, earlyBirdPercent: 10, earlyBirdUntil: "2026-12-01T00:00:00Z" };
    expect(amountDue(early, new Date("2026-11-28T12:00:00Z"))).toMatchObject({ kind: "full", priceCents: 13_050, amountDueCents: 13_050, earlyBirdApplied: true, balanceCents: 0 });
    expect(amountDue(early, new Date("2026-12-02T12:00:00Z"))).toMatchObject({ kind: "full", priceCents: 14_500, amountDueCents: 14_500, earlyBirdApplied: false });
  });

  it("gives the price for the price tags without the booking rules (priceAt)", () => {
    expect(priceAt({ priceCents: 14_500, depositPercent: 50, earlyBirdPercent: 10, earlyBirdUntil: "2026-12-01T00:00:00Z" }, new Date("2026-11-28T12:00:00Z"))).toEqual({
      originalPriceCents: 14_500,
      priceCents: 13_050,
      earlyBirdApplied: true,
    });
  });
});

describe("days in Amsterdam", () => {
  it("reads an instant's day there, and each day's first and last moment, in both seasons and on the change days", () => {
    expect(teamDay(new Date("2026-11-25T22:59:59.999Z"))).toBe("2026-11-25");
    expect(teamDay(new Date("2026-11-25T23:00:00Z"))).toBe("2026-11-26");
    expect(teamDay(new Date("2026-06-14T22:00:00Z"))).toBe("2026-06-15");
    expect(teamDayStart("2026-11-26")).toEqual(new Date("2026-11-25T23:00:00Z"));
    expect(teamDayEnd("2026-11-26")).toEqual(new Date("2026-11-26T22:59:59.999Z"));
    // 29 March 2026: clocks go forward at 02:00 (a 23-hour day); 25 October: back at 03:00 (25 hours).
    expect(teamDayStart("2026-03-29")).toEqual(new Date("2026-03-28T23:00:00Z"));
    expect(teamDayEnd("2026-03-29")).toEqual(new Date("2026-03-29T21:59:59.999Z"));
    expect(teamDayStart("2026-10-25")).toEqual(new Date("2026-10-24T22:00:00Z"));
    expect(teamDayEnd("2026-10-25")).toEqual(new Date("2026-10-25T22:59:59.999Z"));
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(teamDay(dayInstant("2026-03-29"))).toBe("2026-03-29");
    expect(() => teamDayStart("26-11-2026")).toThrow(RangeError);
  });
});

describe("the balance's due date and overdue (money.server)", () => {
  const event = { startDate: new Date("2026-12-26T09:00:00Z"), balanceDueDays: 30 };
  const confirmed = { status: "confirmed" as const, priceCents: 14_500, createdAt: new Date("2026-11-01T10:00:00Z"), confirmedAt: new Date("2026-11-01T10:05:00Z"), movedAt: null };
  const deposit = { paidCents: 7_250, refundedCents: 0, refundPendingCents: 0 };

  it("is the end of the due day, and overdue only once that day has ended in Amsterdam", () => {
    expect(balanceDueDate(event, confirmed.confirmedAt)).toEqual(new Date("2026-11-26T22:59:59.999Z"));
    expect(moneyOf(confirmed, event, deposit, new Date("2026-11-26T22:30:00Z"))).toMatchObject({ balanceDueCents: 7_250, overdue: false });
    expect(moneyOf(confirmed, event, deposit, new Date("2026-11-26T23:00:00Z"))).toMatchObject({ balanceDueCents: 7_250, overdue: true });
  });

  it("is never before the day of the booking or of its move (an older booking keeps the deposit it agreed)", () => {
    // Booked on 27 November with a deposit (before the rule): due by the end of that day, not overdue at once.
    const late = { ...confirmed, createdAt: new Date("2026-11-27T15:00:00Z"), confirmedAt: new Date("2026-11-27T15:05:00Z") };
    expect(balanceDueDate(event, late.confirmedAt)).toEqual(new Date("2026-11-27T22:59:59.999Z"));
    expect(moneyOf(late, event, deposit, new Date("2026-11-27T15:10:00Z")).overdue).toBe(false);
    // Moved on 10 December to this date: due by the end of 10 December.
    const moved = { ...confirmed, movedAt: new Date("2026-12-10T09:00:00Z") };
    expect(moneyOf(moved, event, deposit, new Date("2026-12-10T20:00:00Z"))).toMatchObject({ balanceDueAt: new Date("2026-12-10T22:59:59.999Z"), overdue: false });
  });

  it("has no due date and is never overdue when the whole price was paid", () => {
    const money = moneyOf(confirmed, event, { ...deposit, paidCents: 14_500 }, new Date("2026-12-20T12:00:00Z"));
    expect(money).toMatchObject({ balanceDueCents: 0, balanceDueAt: null, overdue: false });
  });
});

describe("the cancellation policy", () => {
  // Free cancellation until 30 days before the start's day: until the end of 26 November.
  const policy = { startDate: "2026-12-26T09:00:00Z", refundUntilDays: 30, refundPercent: 100 };

  it("refunds until the end of the last day in Amsterdam, nothing from the next day", () => {
    expect(cancellationTerms(policy, new Date("2026-11-26T22:59:59.999Z"))).toMatchObject({ lastDay: "2026-11-26", firstDayWithout: "2026-11-27", inWindow: true, percent: 100 });
    expect(cancellationTerms(policy, new Date("2026-11-26T23:00:00Z"))).toMatchObject({ inWindow: false, percent: 0 });
    const refund = cancellationRefund({ ...policy, startDate: new Date(policy.startDate) }, 14_500, new Date("2026-11-26T20:00:00Z"));
    expect(refund).toEqual({ refundCents: 14_500, percent: 100, deadline: new Date("2026-11-26T22:59:59.999Z"), inWindow: true });
    expect(cancellationRefund({ ...policy, startDate: new Date(policy.startDate), refundPercent: 50 }, 14_500, new Date("2026-11-20T20:00:00Z")).refundCents).toBe(7_250);
    expect(cancellationRefund({ ...policy, startDate: new Date(policy.startDate) }, 14_500, new Date("2026-11-27T08:00:00Z")).refundCents).toBe(0);
  });

  it("tells before paying which sentence applies", () => {
    const before = new Date("2026-11-01T12:00:00Z");
    const after = new Date("2026-11-27T12:00:00Z");
    expect(cancellationNotice(policy, before)).toEqual({ key: "booking.policy.full", lastDay: "2026-11-26", firstDayWithout: "2026-11-27", percent: 100 });
    expect(cancellationNotice(policy, after).key).toBe("booking.policy.ended");
    expect(cancellationNotice({ ...policy, refundPercent: 80 }, before).key).toBe("booking.policy.partial");
    expect(cancellationNotice({ ...policy, refundPercent: 80 }, after).key).toBe("booking.policy.endedPartial");
    expect(cancellationNotice({ ...policy, refundPercent: 0 }, before).key).toBe("booking.policy.none");
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
