import { describe, expect, it } from "vitest";
import { eventAction, registrationRefusal, type EventActionKind, type RegistrationRefusal } from "~/lib/event-actions";
import type { BookingMode } from "~/lib/events";
import { eventRefusal } from "@server/booking/registration.server";
import type { Event } from "@server/db/schema.server";
import { toEventView } from "@server/events/view.server";
import { eventRow } from "../support/events";

/**
 * The one availability rule: the action an event shows and the refusal the server gives come
 * from the same function. Every combination of stored status, dates, mode, capacity and opening
 * time is run through both paths (the page's view and the server's check on the stored row).
 */
const NOW = new Date("2025-08-01T12:00:00Z");
const HOUR = 3_600_000;

const REFUSAL_OF: Record<EventActionKind, RegistrationRefusal | undefined> = {
  register: undefined,
  not_open: "not_open",
  fully_booked: "full",
  finished: "finished",
  ongoing: "ongoing",
  cancelled: "cancelled",
  interest: "not_bookable",
  waitlist: "not_bookable",
  walk_in: "not_bookable",
};

const STORED: Event["status"][] = ["upcoming", "live", "ongoing", "completed", "cancelled"];
const DATES = {
  "next month": { startDate: new Date(NOW.getTime() + 30 * 24 * HOUR), endDate: new Date(NOW.getTime() + 30 * 24 * HOUR + 8 * HOUR) },
  "running now": { startDate: new Date(NOW.getTime() - HOUR), endDate: new Date(NOW.getTime() + HOUR) },
  "last week": { startDate: new Date(NOW.getTime() - 7 * 24 * HOUR), endDate: new Date(NOW.getTime() - 6 * 24 * HOUR) },
};
const MODES: BookingMode[] = ["registration", "interest", "waitlist", "walk_in"];
const CAPACITY = { unlimited: { max: null, taken: 0 }, "places left": { max: 10, taken: 3 }, full: { max: 5, taken: 5 }, overfull: { max: 5, taken: 7 } };
const OPENING = { none: null, opened: new Date(NOW.getTime() - HOUR), "opens later": new Date(NOW.getTime() + 24 * HOUR) };

/** A plain bookable event next month (unlimited, no image); each case overrides what it varies. */
function row(overrides: Partial<Event>): Event {
  return eventRow({
    id: "00000000-0000-4000-8000-000000000001",
    slug: "rule",
    maxParticipants: null,
    kind: "event",
    priceCents: 10_000,
    ...DATES["next month"],
    ...overrides,
  });
}

const cases = STORED.flatMap((status) =>
  (Object.keys(DATES) as (keyof typeof DATES)[]).flatMap((dates) =>
    MODES.flatMap((mode) =>
      (Object.keys(CAPACITY) as (keyof typeof CAPACITY)[]).flatMap((capacity) =>
        (Object.keys(OPENING) as (keyof typeof OPENING)[]).map((opening) => ({ status, dates, mode, capacity, opening })),
      ),
    ),
  ),
);

describe("one availability rule: the shown action and the server's refusal agree", () => {
  it.each(cases)("$status / $dates / $mode / $capacity / $opening", ({ status, dates, mode, capacity, opening }) => {
    const { max, taken } = CAPACITY[capacity];
    const event = row({ status, ...DATES[dates], bookingMode: mode, maxParticipants: max, registrationOpensAt: OPENING[opening] });
    const shown = eventAction(toEventView(event, "en", NOW, taken), NOW);
    const refused = eventRefusal(event, NOW, taken);
    expect(refused).toBe(REFUSAL_OF[shown.kind]);
    // 'Register' on the page exactly when the server takes the registration.
    expect(shown.kind === "register").toBe(refused === undefined);
  });

  it("admits a waiting-list event's private-page holders as the page shows it to them", () => {
    const event = row({ bookingMode: "waitlist", maxParticipants: 10 });
    expect(eventRefusal(event, NOW, 3)).toBe("not_bookable");
    expect(eventRefusal(event, NOW, 3, true)).toBeUndefined();
    expect(eventRefusal(event, NOW, 10, true)).toBe("full");
  });

  it("maps every action to its refusal", () => {
    for (const [kind, refusal] of Object.entries(REFUSAL_OF)) {
      const action = kind === "not_open" ? { kind, opensAt: NOW.toISOString() } : { kind };
      expect(registrationRefusal(action as Parameters<typeof registrationRefusal>[0])).toBe(refusal);
    }
  });
});
