import { describe, expect, it } from "vitest";
import { eventAction, eventActionLabel, formatOpening, showsPrice, type EventActionKind } from "~/lib/event-actions";
import type { BookingMode, DisplayStatus, EventView } from "~/lib/events";
import { eventView } from "../support/events";

const NOW = new Date("2025-08-01T12:00:00Z");
const SAIL_OUT_OPENS = "2025-08-12T09:00:00+02:00";

/** An upcoming event a month after NOW with places free; `overrides` set what a case is about. */
function event(overrides: Partial<EventView> = {}): EventView {
  return eventView({ slug: "test-event", name: "Test event", startDate: "2025-09-01T08:00:00Z", endDate: "2025-09-01T16:00:00Z", priceCents: 10_000, placesLeft: 5, kind: "event", ...overrides });
}

const STATUSES: DisplayStatus[] = ["upcoming", "live", "completed", "cancelled"];
const MODES: BookingMode[] = ["registration", "interest", "waitlist", "walk_in"];
const CAPACITIES = { unlimited: null, "places free": 3, "one place": 1, full: 0 } as const;
const OPENINGS = {
  "no opening time": null,
  "opened yesterday": "2025-07-31T12:00:00Z",
  "opens this instant": NOW.toISOString(),
  "opens in 11 days": SAIL_OUT_OPENS,
} as const;

type Capacity = keyof typeof CAPACITIES;
type Opening = keyof typeof OPENINGS;

/**
 * The table, written as a decision list: the state of the event decides first
 * (cancelled, completed); a walk-in event stays a walk-in while it runs; a running event is
 * ongoing; then the booking mode; only bookable registration events look at capacity and then at
 * the opening time.
 */
function expected(status: DisplayStatus, mode: BookingMode, capacity: Capacity, opening: Opening): EventActionKind {
  if (status === "cancelled") return "cancelled";
  if (status === "completed") return "finished";
  if (mode === "walk_in") return "walk_in";
  if (status === "live") return "ongoing";
  if (mode === "waitlist") return "waitlist";
  if (mode === "interest") return "interest";
  if (capacity === "full") return "fully_booked";
  if (opening === "opens in 11 days") return "not_open";
  return "register";
}

const combinations = STATUSES.flatMap((status) =>
  MODES.flatMap((mode) =>
    (Object.keys(CAPACITIES) as Capacity[]).flatMap((capacity) =>
      (Object.keys(OPENINGS) as Opening[]).map((opening) => ({ status, mode, capacity, opening })),
    ),
  ),
);

describe("eventAction: every combination of status, mode, capacity and opening time", () => {
  it("covers all 256 combinations", () => {
    expect(combinations).toHaveLength(STATUSES.length * MODES.length * 4 * 4);
  });

  it.each(combinations)("$status / $mode / $capacity / $opening", ({ status, mode, capacity, opening }) => {
    const e = event({ status, bookingMode: mode, placesLeft: CAPACITIES[capacity], registrationOpensAt: OPENINGS[opening] });
    const action = eventAction(e, NOW);
    expect(action.kind).toBe(expected(status, mode, capacity, opening));
    if (action.kind === "not_open") expect(action.opensAt).toBe(SAIL_OUT_OPENS);
  });
});

describe("eventAction: the opening instant", () => {
  it("opens exactly at registrationOpensAt, by the clock it is given", () => {
    const e = event({ registrationOpensAt: SAIL_OUT_OPENS });
    expect(eventAction(e, new Date(new Date(SAIL_OUT_OPENS).getTime() - 1)).kind).toBe("not_open");
    expect(eventAction(e, new Date(SAIL_OUT_OPENS)).kind).toBe("register");
  });

  it("ignores the machine's clock (only the `now` passed in counts)", () => {
    // Far in the past relative to the machine: the event must not look open.
    expect(eventAction(event({ registrationOpensAt: SAIL_OUT_OPENS }), new Date("2000-01-01T00:00:00Z")).kind).toBe("not_open");
  });
});

describe("labels", () => {
  const cases: [Partial<EventView>, string, string][] = [
    [{}, "Register", "Inschrijven"],
    [{ placesLeft: 0 }, "Fully Booked", "Volgeboekt"],
    [{ status: "completed" }, "Event Finished", "Evenement afgelopen"],
    [{ status: "live" }, "Event Ongoing", "Evenement bezig"],
    [{ bookingMode: "interest" }, "Show Interest", "Interesse tonen"],
    [{ bookingMode: "waitlist" }, "Sold out – join the waiting list", "Vol – schrijf je in voor de wachtlijst"],
    [{ bookingMode: "walk_in" }, "Free walk-in", "Gratis vrije inloop"],
    [{ status: "cancelled" }, "Cancelled", "Geannuleerd"],
    [{ registrationOpensAt: SAIL_OUT_OPENS }, "Registration opens Aug 12 09:00", "Inschrijving opent 12 aug 09:00"],
  ];
  it.each(cases)("%j → %s / %s", (overrides, en, nl) => {
    const action = eventAction(event(overrides), NOW);
    expect(eventActionLabel(action, "en")).toBe(en);
    expect(eventActionLabel(action, "nl")).toBe(nl);
  });
});

describe("formatOpening", () => {
  it("shows Amsterdam time whatever the instant's offset (summer time)", () => {
    expect(formatOpening("2025-08-12T07:00:00Z", "en")).toBe("Aug 12 09:00");
    expect(formatOpening("2025-08-12T07:00:00Z", "nl")).toBe("12 aug 09:00");
  });

  it("shows Amsterdam time in winter (UTC+1) and pads single digits", () => {
    expect(formatOpening("2026-01-05T08:05:00Z", "en")).toBe("Jan 5 09:05");
    expect(formatOpening("2026-03-02T08:05:00Z", "nl")).toBe("2 mrt 09:05");
  });

  it("uses the Amsterdam date across midnight UTC", () => {
    expect(formatOpening("2025-08-11T22:30:00Z", "en")).toBe("Aug 12 00:30");
  });
});

describe("showsPrice", () => {
  it("hides the price of interest events only", () => {
    expect(MODES.filter((mode) => !showsPrice({ bookingMode: mode }))).toEqual(["interest"]);
  });
});
