import { describe, expect, it } from "vitest";
import { euroNumber, timeOf, timeRange } from "~/components/private/format";
import { formatDay, formatEventTimes, formatUntil } from "~/lib/dates";
import { amountInCurrency, centsToEuros, csvEuros, decimalEuros, formatAmount, formatPrice } from "~/lib/money-format";

// The homes of money and dates (app/lib/money-format.ts, app/lib/dates.ts): one meaning per
// function, the same text on every page that shows it.

describe("money, one meaning per function", () => {
  it("writes a price without cents unless it has some, an amount to pay always with cents", () => {
    expect([formatPrice(14_500, "nl"), formatPrice(14_500, "en"), formatPrice(14_750, "nl"), formatPrice(125_000, "en")]).toEqual(["€145", "€145", "€147,50", "€1,250"]);
    expect([formatAmount(14_500, "nl"), formatAmount(125_000, "nl"), formatAmount(0, "en")]).toEqual(["€145,00", "€1.250,00", "€0.00"]);
  });

  it("writes the number alone for texts that carry their own euro sign", () => {
    expect([euroNumber(17_500, "nl"), euroNumber(445_550, "nl"), euroNumber(445_550, "en")]).toEqual(["175", "4.455,50", "4,455.50"]);
  });

  it("writes plain digits for machines, spreadsheets, the admin's amount fields and the team's alerts", () => {
    expect([decimalEuros(14_750), decimalEuros(125_000), decimalEuros(5)]).toEqual(["147.50", "1250.00", "0.05"]);
    expect([centsToEuros(125_000), centsToEuros(4_950), centsToEuros(5)]).toEqual(["1250", "49,50", "0,05"]);
    expect([csvEuros(-125_005), csvEuros(undefined)]).toEqual(["-1250,05", ""]);
    expect(amountInCurrency(14_750, "usd")).toBe("147.50 USD");
  });
});

describe("dates in the team's time zone, whatever the server's", () => {
  it("writes an e-mail's event times across the autumn change with each end in its own offset", () => {
    const times = { startDate: new Date("2026-10-24T07:30:00Z"), endDate: new Date("2026-10-25T16:00:00Z") };
    expect(formatEventTimes(times, "en").replace(/[\u2009\u202f]/g, " ")).toBe("Saturday, 24 October 2026 at 09:30 – Sunday, 25 October 2026 at 17:00");
  });

  it("writes an offer's end, a day and the times of a private page's evening", () => {
    expect(formatUntil(new Date("2026-03-29T16:30:00Z"), "nl")).toBe("zondag 29 maart 2026 om 18:30");
    expect(formatDay(new Date("2026-03-28T23:30:00Z"), "en")).toBe("29 March 2026");
    expect(timeOf("2026-03-28T23:30:00Z", "en")).toBe("00:30");
    expect(timeRange("2026-07-01T16:30:00Z", "2026-07-01T19:30:00Z", "nl")).toBe("18:30 - 21:30");
  });
});
