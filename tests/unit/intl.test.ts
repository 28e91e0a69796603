import { describe, expect, it, vi } from "vitest";
import { formatArticleDate, formatDate, formatDateRange } from "~/lib/dates";
import { formatAmount, formatPrice } from "~/lib/money-format";
import { dateTimeFormat, FORMAT_SEED_ID, formatSeedElement, listFormat, numberFormat, setFormatRecorder, type Formatted, type FormatRecord } from "~/lib/intl";

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

// A browser hydrates with the strings the server formatted, without building Intl (decision 031).
describe("formats recorded by the server render and seeded in the browser", () => {
  it("records each call the render makes, and nothing outside a render", () => {
    const recorded: FormatRecord = new Map();
    const results = () => [...recorded.values()].flatMap((calls) => [...calls.values()]);
    let rendering = false;
    setFormatRecorder(() => (rendering ? recorded : undefined));
    try {
      formatDate("2031-03-04T10:00:00Z", "nl");
      expect(results()).toHaveLength(0);
      rendering = true;
      const date = formatDate("2031-03-05T10:00:00Z", "nl");
      const price = formatAmount(1_234_500, "en");
      const range = formatDateRange("2031-03-05T08:00:00Z", "2031-03-07T16:00:00Z", "en");
      const parts = dateTimeFormat("en-GB", { timeZone: "Europe/Amsterdam", hour: "2-digit", minute: "2-digit" }).formatToParts(new Date("2031-03-05T10:00:00Z"));
      const list = listFormat("nl-NL", { type: "conjunction" }).format(["titel", "tekst"]);
      const values = results();
      expect(values).toContain(date);
      // The recorded string is Intl's; formatAmount presses the euro sign against the number.
      expect(values.some((value) => typeof value === "string" && value.replace(/€[\s\u00a0\u202f]*/, "€") === price)).toBe(true);
      // formatDateRange writes Intl's thin and no-break spaces as plain ones.
      expect(values.some((value) => typeof value === "string" && value.replace(/[\u2009\u202f\u00a0]/g, " ") === range)).toBe(true);
      expect(values).toContainEqual(parts);
      expect(values).toContain(list);
      expect(list).toBe("titel en tekst");
      // "Now" is never recorded: the browser's now is another instant.
      const before = results().length;
      dateTimeFormat("nl-NL", { year: "numeric" }).format();
      dateTimeFormat("nl-NL", { year: "numeric" }).formatToParts();
      expect(results()).toHaveLength(before);
    } finally {
      setFormatRecorder(() => undefined);
    }
  });

  it("answers a seeded call with the server's string without building Intl, and builds it for any other", async () => {
    const recorded: FormatRecord = new Map();
    setFormatRecorder(() => recorded);
    const options: Intl.DateTimeFormatOptions = { timeZone: "Europe/Amsterdam", day: "numeric", month: "long", year: "2-digit" };
    const date = new Date("2032-01-02T10:00:00Z");
    dateTimeFormat("nl-NL", options).format(date);
    numberFormat("nl-NL", { maximumFractionDigits: 3 }).format(1.5);
    setFormatRecorder(() => undefined);
    // What the page's data block carries, as a browser reads it back; the strings are marked so
    // that the test sees they come from the seed.
    const marked: FormatRecord = new Map([...recorded].map(([formatter, calls]) => [formatter, new Map([...calls].map(([call, value]) => [call, `seeded ${String(value)}`]))]));
    const element = formatSeedElement(marked);
    expect(element.startsWith(`<script type="application/json" id="${FORMAT_SEED_ID}">`)).toBe(true);
    // The browser: another instance of the module, which has built no formatter yet.
    vi.resetModules();
    const browser = await import("~/lib/intl");
    browser.seedFormats(JSON.parse(element.replace(/^<script[^>]*>|<\/script>$/g, "")) as Record<string, Record<string, Formatted>>);

    const expected = `seeded ${new Intl.DateTimeFormat("nl-NL", options).format(date)}`;
    const Original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct: (target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        built++;
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(browser.dateTimeFormat("nl-NL", options).format(date)).toBe(expected);
      expect(built).toBe(0);
      // Another date with the same options: only now is Intl built.
      expect(browser.dateTimeFormat("nl-NL", options).format(new Date("2032-01-03T10:00:00Z"))).toBe(new Original("nl-NL", options).format(new Date("2032-01-03T10:00:00Z")));
      expect(built).toBe(1);
    } finally {
      Intl.DateTimeFormat = Original;
    }
    expect(browser.numberFormat("nl-NL", { maximumFractionDigits: 3 }).format(1.5)).toBe("seeded 1,5");
    expect(browser.numberFormat("nl-NL", { maximumFractionDigits: 3 }).format(2.5)).toBe("2,5");
  });

  it("escapes the data block so that no string can close the script element", () => {
    const element = formatSeedElement(new Map([["formatter", new Map([["call", "</script><script>alert(1)</script>"]])]]));
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(element.replace(/^<script[^>]*>|<\/script>$/g, ""))).toEqual({ formatter: { call: "</script><script>alert(1)</script>" } });
  });
});
