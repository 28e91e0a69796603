import { describe, expect, it } from "vitest";
import { eventJsonLd, serializeJsonLd } from "~/lib/event-jsonld";
import { durationDays, type EventView } from "~/lib/events";
import type { Event } from "@server/db/schema.server";
import { eventRow } from "../support/events";
import { calendarInvite } from "@server/booking/emails.server";
import { displayStatus, eventLocationIn, toEventView } from "@server/events/view.server";

describe("durationDays (rounded up)", () => {
  it.each([
    ["a three-hour evening", "2025-06-05T16:30:00Z", "2025-06-05T19:30:00Z", 1],
    ["exactly 24 hours", "2025-06-05T08:00:00Z", "2025-06-06T08:00:00Z", 1],
    ["one minute over a day", "2025-06-05T08:00:00Z", "2025-06-06T08:01:00Z", 2],
    ["a weekend, Saturday 09:00 to Sunday 17:00", "2025-06-07T07:00:00Z", "2025-06-08T15:00:00Z", 2],
    ["ARC 2025", "2025-11-23T12:30:00Z", "2025-12-14T22:00:00Z", 22],
    ["start equals end", "2025-06-05T08:00:00Z", "2025-06-05T08:00:00Z", 1],
  ])("%s → %i", (_label, start, end, days) => {
    expect(durationDays(start, end)).toBe(days);
  });
});

const NOW = new Date("2025-08-01T12:00:00Z");

function row(overrides: Partial<Event> = {}): Event {
  return eventRow({ createdAt: NOW, updatedAt: NOW, ...overrides });
}

describe("displayStatus", () => {
  it("shows a stored 'ongoing' as live", () => {
    expect(displayStatus(row({ status: "ongoing" }), NOW)).toBe("live");
  });
  it("lets the dates move an event from upcoming to live to completed", () => {
    const e = row({ startDate: new Date("2025-08-01T10:00:00Z"), endDate: new Date("2025-08-01T14:00:00Z") });
    expect(displayStatus(e, new Date("2025-08-01T09:59:00Z"))).toBe("upcoming");
    expect(displayStatus(e, new Date("2025-08-01T10:00:00Z"))).toBe("live");
    expect(displayStatus(e, new Date("2025-08-01T14:01:00Z"))).toBe("completed");
  });
  it("keeps cancelled and completed as stored", () => {
    expect(displayStatus(row({ status: "cancelled" }), NOW)).toBe("cancelled");
    expect(displayStatus(row({ status: "completed" }), NOW)).toBe("completed");
  });
});

describe("toEventView", () => {
  it("localizes and counts places left, never below zero", () => {
    const en = toEventView(row(), "en", NOW, 4);
    expect(en.name).toBe("Corporate sailing day");
    expect(en.included).toEqual(["Lunch on board"]);
    expect(en.placesLeft).toBe(8);
    expect(toEventView(row(), "nl", NOW, 15).placesLeft).toBe(0);
    expect(toEventView(row({ maxParticipants: null }), "nl", NOW, 3).placesLeft).toBeNull();
  });
  it("names the place in the visitor's language where it has an English name, else the one name, also in the .ics", () => {
    const harbour = row({ location: "Scheveningen, 3e haven", locationEn: "Scheveningen, 3rd harbour" });
    expect(toEventView(harbour, "en", NOW).location).toBe("Scheveningen, 3rd harbour");
    expect(toEventView(harbour, "nl", NOW).location).toBe("Scheveningen, 3e haven");
    expect(eventLocationIn(harbour, "en")).toBe("Scheveningen, 3rd harbour");
    // Most places are called the same in both: no English name is no missing translation.
    expect(toEventView(row(), "en", NOW)).toMatchObject({ location: "Scheveningen", fallback: null });
    const booking = { id: "00000000-0000-4000-8000-000000000009", reference: "OR-TEST", status: "confirmed" as const, moveCount: 0, customerName: "Jan", customerEmail: "jan@example.com" };
    expect(calendarInvite(booking, harbour, "en")).toContain("LOCATION:Scheveningen\\, 3rd harbour");
    expect(calendarInvite(booking, harbour, "nl")).toContain("LOCATION:Scheveningen\\, 3e haven");
  });
  it("marks an event ended only after its end date", () => {
    expect(toEventView(row(), "nl", NOW).ended).toBe(false);
    expect(toEventView(row({ endDate: new Date("2025-07-31T00:00:00Z") }), "nl", NOW).ended).toBe(true);
  });
});

describe("eventJsonLd", () => {
  const base = toEventView(row(), "en", NOW, 2);
  const options = { url: "https://example.test/calendar?event=zakelijke-zeildag", organizerName: "Ocean Racing Team", organizerUrl: "https://example.test/" };

  it("describes a schema.org Event with place, organizer and an offer in EUR", () => {
    const data = eventJsonLd(base, options);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Corporate sailing day",
      startDate: "2025-09-05T07:30:00.000Z",
      endDate: "2025-09-05T15:00:00.000Z",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place", name: "Scheveningen" },
      organizer: { "@type": "Organization", name: "Ocean Racing Team", url: "https://example.test/" },
      offers: { "@type": "Offer", price: "295.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
      image: ["https://example.test/images/corporate-1280.webp"],
    });
  });

  it("takes an explicit offer price (early bird) and marks full or waiting-list events sold out", () => {
    expect(eventJsonLd(base, { ...options, offerPriceCents: 445_500 }).offers).toMatchObject({ price: "4455.00" });
    expect(eventJsonLd({ ...base, placesLeft: 0 }, options).offers).toMatchObject({ availability: "https://schema.org/SoldOut" });
    expect(eventJsonLd({ ...base, bookingMode: "waitlist" }, options).offers).toMatchObject({ availability: "https://schema.org/SoldOut" });
  });

  it("has no offer for interest events, whose price is hidden", () => {
    const interest: EventView = { ...base, bookingMode: "interest" };
    expect(eventJsonLd(interest, options).offers).toBeUndefined();
  });

  it("serializes so that no value can close the script element", () => {
    const hostile: EventView = { ...base, name: "</script><script>alert(1)</script>" };
    const json = serializeJsonLd(eventJsonLd(hostile, options));
    expect(json).not.toContain("<");
    expect(JSON.parse(json).name).toBe(hostile.name);
  });
});
