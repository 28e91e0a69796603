import type { Locale } from "~/i18n";
import type { DisplayStatus, EventView } from "~/lib/events";
import type { Event } from "../db/schema.server";

/**
 * What visitors see as the status: the stored status, but dates win, so demo and real events
 * move from upcoming to live to completed without anyone editing them.
 */
export function displayStatus(event: Pick<Event, "status" | "startDate" | "endDate">, now: Date): DisplayStatus {
  if (event.status === "cancelled") return "cancelled";
  if (event.status === "completed" || event.endDate.getTime() < now.getTime()) return "completed";
  if (event.status === "live" || event.status === "ongoing" || event.startDate.getTime() <= now.getTime()) return "live";
  return "upcoming";
}

/** The event's name in `locale`: the English one where there is one, else the Dutch (the only one). */
export function eventNameIn(event: Pick<Event, "name" | "nameEn">, locale: Locale): string {
  return (locale === "en" && event.nameEn) || event.name;
}

export function toEventView(event: Event, locale: Locale, now: Date, placesTaken = 0): EventView {
  const english = locale === "en";
  return {
    id: event.id,
    slug: event.slug,
    name: eventNameIn(event, locale),
    description: (english && event.descriptionEn) || event.description,
    startDate: event.startDate.toISOString(),
    endDate: event.endDate.toISOString(),
    location: event.location,
    priceCents: event.priceCents,
    included: (english && event.includedEn) || event.included,
    maxParticipants: event.maxParticipants,
    placesLeft: event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - placesTaken),
    status: displayStatus(event, now),
    ended: event.endDate.getTime() < now.getTime(),
    kind: event.kind,
    bookingMode: event.bookingMode,
    depositPercent: event.depositPercent,
    registrationOpensAt: event.registrationOpensAt?.toISOString() ?? null,
    earlyBirdPercent: event.earlyBirdPercent,
    earlyBirdUntil: event.earlyBirdUntil?.toISOString() ?? null,
    documentUrl: event.documentUrl,
    documentName: event.documentName,
    imageUrl: event.imageUrl,
  };
}
