import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, toCsv } from "@server/reports/csv.server";
import { csvDateTime } from "~/lib/dates";
import { csvEuros } from "~/lib/money-format";

describe("CSV for Dutch Excel", () => {
  it("starts with a UTF-8 byte-order mark and ends every line with CRLF", () => {
    const csv = toCsv(["Naam", "Plaats"], [["Jeroen van Ærlé-Dückers", "Zürich"]]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe("\uFEFFNaam;Plaats\r\nJeroen van Ærlé-Dückers;Zürich\r\n");
    // The bytes Excel reads: the BOM, then the diacritics as UTF-8.
    const bytes = Buffer.from(csv, "utf8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from("Ærlé-Dückers", "utf8"))).toBe(true);
  });

  it("quotes cells with the separator, quotes or line breaks, doubling inner quotes", () => {
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('De "Zeeleeuw"')).toBe('"De ""Zeeleeuw"""');
    expect(csvCell("regel 1\nregel 2")).toBe('"regel 1\nregel 2"');
    expect(csvCell("regel 1\r\nregel 2")).toBe('"regel 1\r\nregel 2"');
    expect(csvCell(" spatie")).toBe('" spatie"');
    expect(csvCell("gewoon")).toBe("gewoon");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it("keeps formulas as text (CSV injection)", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("+31 6 1234 5678")).toBe("'+31 6 1234 5678");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("Jan = Piet")).toBe("Jan = Piet");
  });

  it("a quoted multi-line cell stays one record when parsed back", () => {
    const csv = toCsv(["Opmerking", "Naam"], [["Allergie;\n\"noten\"", "Ærlé"]]);
    const body = csv.slice(1);
    expect(body.split("\r\n")).toHaveLength(3); // header, one record, trailing empty
  });

  it("writes euros with a decimal comma and times in Amsterdam", () => {
    expect(csvEuros(125_000)).toBe("1250,00");
    expect(csvEuros(5)).toBe("0,05");
    expect(csvEuros(null)).toBe("");
    expect(csvDateTime(new Date("2026-06-12T12:30:00Z"))).toBe("2026-06-12 14:30");
    expect(csvDateTime(new Date("2026-01-12T12:30:00Z"))).toBe("2026-01-12 13:30");
  });

  it("answers as an attachment that is never cached", () => {
    const response = csvResponse("\uFEFFa\r\n", "inschrijvingen-2026-06-12.csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="inschrijvingen-2026-06-12.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
