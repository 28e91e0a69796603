import type { EventView } from "~/lib/events";
import { decimalEuros } from "~/lib/money-format";

export type EventJsonLdOptions = {
  /** The event's own public address (e.g. /calendar?event=slug, or a private page). */
  url: string;
  organizerName: string;
  organizerUrl: string;
  /** The offer's price when it differs from the event price (e.g. an early-bird discount). */
  offerPriceCents?: number;
};

type JsonLd = Record<string, unknown>;

/** An ended event's offer: no longer available. */
export const ENDED_AVAILABILITY = "https://schema.org/Discontinued";

/** The event is over (its end has passed by the server's clock). */
export function eventOver(event: Pick<EventView, "ended" | "status">): boolean {
  return event.ended || event.status === "completed";
}

const STATUS: Record<EventView["status"], string> = {
  upcoming: "https://schema.org/EventScheduled",
  live: "https://schema.org/EventScheduled",
  completed: "https://schema.org/EventScheduled",
  cancelled: "https://schema.org/EventCancelled",
};

function absolute(pathOrUrl: string, base: string): string {
  try {
    return new URL(pathOrUrl, base).toString();
  } catch {
    return pathOrUrl;
  }
}

function offer(event: EventView, options: EventJsonLdOptions): JsonLd | undefined {
  // Interest events have no price yet, and walk-in events no ticket.
  if (event.bookingMode === "interest" || event.bookingMode === "walk_in") return undefined;
  const cents = options.offerPriceCents ?? event.priceCents;
  const soldOut = event.bookingMode === "waitlist" || event.placesLeft === 0;
  return {
    "@type": "Offer",
    url: options.url,
    price: decimalEuros(cents),
    priceCurrency: "EUR",
    availability: eventOver(event) ? ENDED_AVAILABILITY : soldOut ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    ...(event.registrationOpensAt ? { validFrom: event.registrationOpensAt } : {}),
  };
}

/** schema.org Event data for search engines, for one event as visitors see it. */
export function eventJsonLd(event: EventView, options: EventJsonLdOptions): JsonLd {
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.name,
    description: event.description,
    startDate: event.startDate,
    endDate: event.endDate,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    eventStatus: STATUS[event.status],
    url: options.url,
    location: { "@type": "Place", name: event.location, address: event.location },
    organizer: { "@type": "Organization", name: options.organizerName, url: options.organizerUrl },
  };
  if (event.imageUrl) data.image = [absolute(event.imageUrl, options.organizerUrl)];
  if (event.maxParticipants !== null) data.maximumAttendeeCapacity = event.maxParticipants;
  const offers = offer(event, options);
  if (offers) data.offers = offers;
  return data;
}

/**
 * JSON for an inline `<script type="application/ld+json">`. `<` is escaped so no value can close
 * the script element; the line separators so old parsers treat it as valid JavaScript too.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
