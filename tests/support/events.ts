import type { Event } from "@server/db/schema.server";
import type { EventView } from "~/lib/events";

const AT = new Date("2025-08-01T12:00:00Z");

/**
 * A stored event row (the `events` table's shape) for unit tests of pure rules: a paid corporate
 * sailing day with 12 places next month; `overrides` set what a test is about.
 */
export function eventRow(overrides: Partial<Event> = {}): Event {
  return {
    id: "00000000-0000-4000-8000-000000000002",
    slug: "zakelijke-zeildag",
    name: "Zakelijke zeildag",
    nameEn: "Corporate sailing day",
    description: "Teambuilding op de Noordzee",
    descriptionEn: "Team building on the North Sea",
    startDate: new Date("2025-09-05T07:30:00Z"),
    endDate: new Date("2025-09-05T15:00:00Z"),
    location: "Scheveningen",
    locationEn: null,
    priceCents: 29_500,
    status: "upcoming",
    included: ["Lunch aan boord"],
    includedEn: ["Lunch on board"],
    maxParticipants: 12,
    documentUrl: null,
    documentName: null,
    imageUrl: "/images/corporate-1280.webp",
    kind: "corporate",
    bookingMode: "registration",
    depositPercent: 50,
    registrationOpensAt: null,
    earlyBirdPercent: null,
    earlyBirdUntil: null,
    listed: true,
    privatePageKey: null,
    balanceDueDays: 30,
    refundUntilDays: 30,
    refundPercent: 100,
    maxPlacesPerBooking: 8,
    participantDeadlineDays: 7,
    requiresApproval: false,
    approvalHoldHours: 72,
    offshore: false,
    crewRule: null,
    healthRetentionDays: 30,
    vatBasisPoints: 2100,
    cancellationMessage: null,
    cancellationMessageEn: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** An event as pages show it (`EventView`): an upcoming sailing day with places left; `overrides` set the rest. */
export function eventView(overrides: Partial<EventView> = {}): EventView {
  return {
    id: "e1",
    slug: "zeildag",
    name: "Sailing day",
    description: "A day at sea.",
    startDate: "2030-06-01T08:00:00.000Z",
    endDate: "2030-06-01T16:00:00.000Z",
    location: "Scheveningen",
    priceCents: 29_500,
    included: [],
    maxParticipants: 10,
    placesLeft: 4,
    maxPlacesPerBooking: 8,
    participantDeadlineDays: 7,
    status: "upcoming",
    ended: false,
    kind: "sailing",
    bookingMode: "registration",
    depositPercent: 50,
    balanceDueDays: 30,
    refundUntilDays: 30,
    refundPercent: 100,
    registrationOpensAt: null,
    earlyBirdPercent: null,
    earlyBirdUntil: null,
    documentUrl: null,
    documentName: null,
    imageUrl: null,
    ...overrides,
  };
}
