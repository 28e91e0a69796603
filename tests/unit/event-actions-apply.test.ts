import { describe, expect, it } from "vitest";
import { eventAction, eventActionLabel, registrationRefusal } from "~/lib/event-actions";
import type { EventView } from "~/lib/events";
import { eventView } from "../support/events";

const NOW = new Date("2026-03-02T10:00:00Z");

/** An upcoming event with places free that requires approval (decision 045); `overrides` set what a case is about. */
function event(overrides: Partial<EventView> = {}): EventView {
  return eventView({ slug: "arc-leg", name: "ARC leg", startDate: "2026-11-20T10:00:00Z", endDate: "2026-12-10T10:00:00Z", priceCents: 250_000, placesLeft: 4, requiresApproval: true, ...overrides });
}

describe("eventAction: an event that requires approval offers the same action, worded Apply", () => {
  it("says Apply / Aanmelden ter beoordeling where an ordinary event says Register, and the server takes it", () => {
    const action = eventAction(event(), NOW);
    expect(action).toEqual({ kind: "register", apply: true });
    expect(eventActionLabel(action, "en")).toBe("Apply");
    expect(eventActionLabel(action, "nl")).toBe("Aanmelden ter beoordeling");
    expect(registrationRefusal(action)).toBeUndefined();
  });

  it("keeps Register for an event without approval (absent or false)", () => {
    for (const requiresApproval of [false, undefined]) {
      const action = eventAction(event({ requiresApproval }), NOW);
      expect(action).toEqual({ kind: "register", apply: false });
      expect(eventActionLabel(action, "en")).toBe("Register");
      expect(eventActionLabel(action, "nl")).toBe("Inschrijven");
    }
  });

  it("follows the one availability rule otherwise: full, not open, finished, cancelled and other modes show as for any event", () => {
    const cases: [Partial<EventView>, string][] = [
      [{ placesLeft: 0 }, "Fully Booked"],
      [{ registrationOpensAt: "2026-04-01T08:00:00Z" }, "Registration opens Apr 1 10:00"],
      [{ status: "completed" }, "Event Finished"],
      [{ status: "cancelled" }, "Cancelled"],
      [{ bookingMode: "interest" }, "Show Interest"],
    ];
    for (const [overrides, en] of cases) expect(eventActionLabel(eventAction(event(overrides), NOW), "en")).toBe(en);
    expect(registrationRefusal(eventAction(event({ placesLeft: 0 }), NOW))).toBe("full");
  });
});
