import { describe, expect, it } from "vitest";
import { buildIcs, escapeIcsText, foldIcsLine, formatIcsDate } from "@server/mail/ics.server";

const invite = {
  uid: "registration-123@oceanracing.test",
  stamp: new Date("2025-08-01T12:00:00.123Z"),
  start: new Date("2025-11-14T08:30:00Z"),
  end: new Date("2025-11-14T16:00:00Z"),
  summary: "Zakelijke zeildag; Noordzee, 65 ft",
  description: "Referentie: OR-ABC234\nNeem zeilkleding mee \\ laarzen",
  location: "Scheveningen, 3e haven",
  url: "https://example.test/calendar?event=zakelijke-zeildag",
  organizer: { name: "Ocean Racing Team", email: "team@oceanracing.test" },
};

/** Unfolds content lines (§3.1) so tests can read properties whole. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n");
}

describe("formatIcsDate", () => {
  it("writes UTC date-times without separators or milliseconds", () => {
    expect(formatIcsDate(new Date("2025-11-14T08:30:00.999Z"))).toBe("20251114T083000Z");
  });
  it("refuses an invalid date", () => {
    expect(() => formatIcsDate(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("escapeIcsText", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeIcsText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
});

describe("foldIcsLine", () => {
  it("leaves short lines alone", () => {
    expect(foldIcsLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  it("folds at 75 octets with CRLF + space, and unfolds to the original", () => {
    const line = `DESCRIPTION:${"x".repeat(200)}`;
    const folded = foldIcsLine(line);
    const pieces = folded.split("\r\n");
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) expect(Buffer.byteLength(piece, "utf8")).toBeLessThanOrEqual(75);
    for (const piece of pieces.slice(1)) expect(piece.startsWith(" ")).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("counts octets, not characters, and never splits a multi-byte character", () => {
    const line = `SUMMARY:${"é".repeat(60)}🌊${"ü".repeat(40)}`;
    const folded = foldIcsLine(line);
    for (const piece of folded.split("\r\n")) {
      expect(Buffer.byteLength(piece, "utf8")).toBeLessThanOrEqual(75);
      expect(piece).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });
});

describe("buildIcs", () => {
  const ics = buildIcs(invite);

  it("uses CRLF everywhere and ends with one", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("wraps one VEVENT in a VCALENDAR with version, product id and method", () => {
    const lines = unfold(ics);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("PRODID:-//Ocean Racing Team//Booking//EN");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.filter((l) => l === "END:VEVENT")).toHaveLength(1);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("has UID, DTSTAMP, DTSTART and DTEND in UTC", () => {
    const lines = unfold(ics);
    expect(lines).toContain("UID:registration-123@oceanracing.test");
    expect(lines).toContain("DTSTAMP:20250801T120000Z");
    expect(lines).toContain("DTSTART:20251114T083000Z");
    expect(lines).toContain("DTEND:20251114T160000Z");
  });

  it("escapes text values and keeps the organizer as a mailto", () => {
    const lines = unfold(ics);
    expect(lines).toContain("SUMMARY:Zakelijke zeildag\\; Noordzee\\, 65 ft");
    expect(lines).toContain("DESCRIPTION:Referentie: OR-ABC234\\nNeem zeilkleding mee \\\\ laarzen");
    expect(lines).toContain("LOCATION:Scheveningen\\, 3e haven");
    expect(lines).toContain('ORGANIZER;CN="Ocean Racing Team":mailto:team@oceanracing.test');
  });

  it("keeps every physical line within 75 octets", () => {
    const long = buildIcs({ ...invite, description: "Lange beschrijving met één heleboel tekens. ".repeat(20) });
    for (const line of long.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  });

  it("refuses an event that ends before it starts", () => {
    expect(() => buildIcs({ ...invite, end: invite.start })).toThrow(RangeError);
  });

  it("carries the revision (SEQUENCE, 0 by default) and a confirmed status", () => {
    expect(unfold(ics)).toContain("SEQUENCE:0");
    expect(unfold(ics)).toContain("STATUS:CONFIRMED");
    expect(unfold(buildIcs({ ...invite, sequence: 2 }))).toContain("SEQUENCE:2");
    expect(() => buildIcs({ ...invite, sequence: -1 })).toThrow(RangeError);
    expect(() => buildIcs({ ...invite, sequence: 1.5 })).toThrow(RangeError);
  });

  it("cancels an entry with METHOD:CANCEL, STATUS:CANCELLED and the attendee, and only cancelled entries", () => {
    const lines = unfold(buildIcs({ ...invite, sequence: 1, status: "CANCELLED", attendee: { name: "Sanne de Vries", email: "sanne@example.com" } }, "CANCEL"));
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("SEQUENCE:1");
    expect(lines).toContain('ATTENDEE;CN="Sanne de Vries";ROLE=REQ-PARTICIPANT:mailto:sanne@example.com');
    expect(lines).not.toContain("METHOD:PUBLISH");
    expect(() => buildIcs(invite, "CANCEL")).toThrow(RangeError);
  });
});
