import { describe, expect, it } from "vitest";
import { formatArticleDate } from "~/lib/articles";
import { formatAmount } from "~/lib/booking";
import { formatDate, formatDateRange, formatPrice } from "~/lib/events";
import { dateTimeFormat, numberFormat } from "~/lib/intl";

// Formatters are built once per locale and options (building one costs far more than using it).

describe("Intl formatter cache", () => {
  it("returns the same formatter for the same locale and options, another for others", () => {
    const a = dateTimeFormat("nl-NL", { timeZone: "Europe/Amsterdam", day: "numeric", month: "long" });
    expect(dateTimeFormat("nl-NL", { timeZone: "Europe/Amsterdam", day: "numeric", month: "long" })).toBe(a);
    expect(dateTimeFormat("en-GB", { timeZone: "Europe/Amsterdam", day: "numeric", month: "long" })).not.toBe(a);
    expect(dateTimeFormat("nl-NL", { timeZone: "Europe/Amsterdam", day: "numeric", month: "short" })).not.toBe(a);
    const n = numberFormat("nl-NL", { minimumFractionDigits: 2 });
    expect(numberFormat("nl-NL", { minimumFractionDigits: 2 })).toBe(n);
    expect(numberFormat("nl-NL", { minimumFractionDigits: 0 })).not.toBe(n);
  });

  it("formats exactly as a formatter built on the spot", () => {
    const options: Intl.DateTimeFormatOptions = { timeZone: "Europe/Amsterdam", weekday: "long", day: "numeric", month: "long", year: "numeric" };
    const date = new Date("2026-06-12T08:30:00Z");
    for (const locale of ["nl-NL", "en-GB", "en-US"]) {
      expect(dateTimeFormat(locale, options).format(date)).toBe(new Intl.DateTimeFormat(locale, options).format(date));
    }
    expect(numberFormat("nl-NL", { style: "currency", currency: "EUR" }).format(1250.5)).toBe(
      new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" }).format(1250.5),
    );
  });

  it("keeps the app's formatters' answers, cents or not, called again and again", () => {
    for (let i = 0; i < 3; i++) {
      expect(formatPrice(125000, "nl")).toBe("€1.250");
      expect(formatPrice(17550, "en")).toBe("€175.50");
      expect(formatAmount(14750, "nl")).toBe("€147,50");
      expect(formatDate("2026-06-12T08:30:00Z", "nl")).toBe("12 juni 2026");
      expect(formatDateRange("2026-06-12T08:00:00Z", "2026-06-14T16:00:00Z", "en")).toMatch(/^12 ?– ?14 Jun 2026$/);
      expect(formatArticleDate("2026-06-12T08:30:00Z", "en")).toBe("June 12, 2026");
    }
  });
});
