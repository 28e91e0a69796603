import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalDateInput, toLocalInput } from "~/lib/local-time";

// The admin's Amsterdam wall-clock time ⇄ UTC instants, across both daylight-saving changes:
// in 2026 the clocks go 02:00 → 03:00 on Sunday 29 March (01:00 UTC) and 03:00 → 02:00 on
// Sunday 25 October (01:00 UTC).

const utc = (iso: string) => new Date(iso).toISOString();
const from = (value: string) => fromLocalInput(value)?.toISOString();

describe("fromLocalInput: Amsterdam wall-clock time to the instant", () => {
  it("uses winter time (UTC+1) and summer time (UTC+2) on ordinary days", () => {
    expect(from("2026-01-15T12:00")).toBe(utc("2026-01-15T11:00:00Z"));
    expect(from("2026-07-15T12:00")).toBe(utc("2026-07-15T10:00:00Z"));
  });

  it("takes the last minutes before the spring change in winter time and the first after it in summer time", () => {
    expect(from("2026-03-29T01:59")).toBe(utc("2026-03-29T00:59:00Z"));
    expect(from("2026-03-29T03:00")).toBe(utc("2026-03-29T01:00:00Z"));
    expect(from("2026-03-29T03:01")).toBe(utc("2026-03-29T01:01:00Z"));
  });

  it("reads a time in the skipped hour with the offset before the gap (RFC 5545): 02:30 is 03:30 summer time", () => {
    expect(from("2026-03-29T02:00")).toBe(utc("2026-03-29T01:00:00Z"));
    expect(from("2026-03-29T02:30")).toBe(utc("2026-03-29T01:30:00Z"));
    expect(from("2026-03-29T02:59")).toBe(utc("2026-03-29T01:59:00Z"));
    expect(toLocalInput(fromLocalInput("2026-03-29T02:30"))).toBe("2026-03-29T03:30");
  });

  it("reads a time in the repeated autumn hour as its first occurrence, in summer time (RFC 5545)", () => {
    expect(from("2026-10-25T02:00")).toBe(utc("2026-10-25T00:00:00Z"));
    expect(from("2026-10-25T02:30")).toBe(utc("2026-10-25T00:30:00Z"));
    expect(from("2026-10-25T02:59")).toBe(utc("2026-10-25T00:59:00Z"));
  });

  it("takes the minutes around the repeated hour in the right offset", () => {
    expect(from("2026-10-25T01:59")).toBe(utc("2026-10-24T23:59:00Z"));
    expect(from("2026-10-25T03:00")).toBe(utc("2026-10-25T02:00:00Z"));
  });

  it("gives midnight of the change days and the days around them", () => {
    expect(from("2026-03-28")).toBe(utc("2026-03-27T23:00:00Z"));
    expect(from("2026-03-29")).toBe(utc("2026-03-28T23:00:00Z"));
    expect(from("2026-03-30T00:00")).toBe(utc("2026-03-29T22:00:00Z"));
    expect(from("2026-10-25")).toBe(utc("2026-10-24T22:00:00Z"));
    expect(from("2026-10-26T00:00")).toBe(utc("2026-10-25T23:00:00Z"));
    expect(from("2026-10-25T23:59")).toBe(utc("2026-10-25T22:59:00Z"));
  });

  it("refuses what is not a real date and time", () => {
    for (const value of ["", "2026-02-29", "2026-13-01", "2026-04-31", "2026-03-29T24:00", "2026-03-29T12:60", "29-03-2026", "2026-03-29 12:00", "0050-01-01"]) {
      expect(fromLocalInput(value), value).toBeUndefined();
    }
    expect(from(" 2028-02-29 ")).toBe(utc("2028-02-28T23:00:00Z"));
  });
});

describe("toLocalInput: the instant as Amsterdam clocks show it", () => {
  it("shows the hour before and after the spring change", () => {
    expect(toLocalInput(new Date("2026-03-29T00:59:00Z"))).toBe("2026-03-29T01:59");
    expect(toLocalInput(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29T03:00");
  });

  it("shows the repeated hour twice in autumn", () => {
    expect(toLocalInput(new Date("2026-10-25T00:30:00Z"))).toBe("2026-10-25T02:30");
    expect(toLocalInput(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-25T02:30");
    expect(toLocalInput(new Date("2026-10-25T02:00:00Z"))).toBe("2026-10-25T03:00");
  });

  it("gives the Amsterdam day of an instant near midnight, also on the change days", () => {
    expect(toLocalDateInput(new Date("2026-03-28T23:00:00Z"))).toBe("2026-03-29");
    expect(toLocalDateInput(new Date("2026-03-28T22:59:00Z"))).toBe("2026-03-28");
    expect(toLocalDateInput(new Date("2026-10-24T22:00:00Z"))).toBe("2026-10-25");
    expect(toLocalDateInput(new Date("2026-10-25T22:59:00Z"))).toBe("2026-10-25");
    expect(toLocalDateInput(new Date("2026-10-25T23:00:00Z"))).toBe("2026-10-26");
    expect(toLocalInput(null)).toBe("");
    expect(toLocalDateInput(undefined)).toBe("");
  });

  it("turns every quarter hour of both change days back into the instant it came from, except the repeated hour's second pass", () => {
    for (const day of ["2026-03-28T12:00:00Z", "2026-10-24T12:00:00Z"]) {
      const start = new Date(day).getTime();
      for (let at = start; at < start + 36 * 3_600_000; at += 15 * 60_000) {
        const shown = toLocalInput(new Date(at));
        const back = fromLocalInput(shown)!.getTime();
        // 01:00–01:59 UTC on 25 October shows 02:00–02:59 a second time: that reads as the first pass.
        const secondPass = at >= Date.parse("2026-10-25T01:00:00Z") && at < Date.parse("2026-10-25T02:00:00Z");
        expect(back, `${new Date(at).toISOString()} shown as ${shown}`).toBe(secondPass ? at - 3_600_000 : at);
      }
    }
  });
});
