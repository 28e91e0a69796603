import { describe, expect, it } from "vitest";
import { calendarOrder } from "~/lib/events";
import { formatPrice } from "~/lib/money-format";

const ev = (name: string, status: "upcoming" | "live" | "completed", start: string, end = start) => ({
  name,
  status,
  startDate: `${start}T10:00:00.000Z`,
  endDate: `${end}T18:00:00.000Z`,
});

describe("calendarOrder", () => {
  it("puts live and upcoming events first (soonest first), then finished ones (most recent first)", () => {
    const ordered = calendarOrder([
      ev("old race", "completed", "2024-05-01"),
      ev("next summer", "upcoming", "2027-06-01"),
      ev("last autumn", "completed", "2025-10-01"),
      ev("running now", "live", "2026-11-20", "2026-12-01"),
      ev("next month", "upcoming", "2026-12-15"),
    ]);
    expect(ordered.map((e) => e.name)).toEqual(["running now", "next month", "next summer", "last autumn", "old race"]);
  });
});

describe("formatPrice", () => {
  it("writes the euro sign against the number in both languages", () => {
    expect(formatPrice(17_500, "nl")).toBe("€175");
    expect(formatPrice(17_500, "en")).toBe("€175");
    expect(formatPrice(495_000, "nl")).toBe("€4.950");
    expect(formatPrice(495_000, "en")).toBe("€4,950");
    expect(formatPrice(14_750, "nl")).toBe("€147,50");
  });
});
