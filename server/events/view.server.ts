import type { Locale } from "~/i18n";
import { fallbackOf, hasText, pickList, pickText } from "~/lib/content-language";
import type { DisplayStatus, EventView } from "~/lib/events";
import type { RegistrationQuestions } from "~/schemas/crew-place";
import { writtenLanguages } from "~/lib/seo";
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
  return pickText(locale, event.name, event.nameEn).value;
}

/**
 * The event's place in `locale`: its English name where it has one ("Scheveningen, 3rd harbour"),
 * else the one name (most places are called the same in both languages). Like the name, a
 * missing English place is not a missing translation. Cards, dialogs, e-mails and the .ics all
 * take it from here, so a place has one name per language everywhere.
 */
export function eventLocationIn(event: Pick<Event, "location" | "locationEn">, locale: Locale): string {
  return pickText(locale, event.location, event.locationEn).value;
}

/** The event's description in `locale` (e-mails, the .ics): English where written, else Dutch. */
export function eventDescriptionIn(event: Pick<Event, "description" | "descriptionEn">, locale: Locale): string {
  return pickText(locale, event.description, event.descriptionEn).value;
}

/** The event's included items in `locale` (e-mails and views): English where written, else Dutch. */
export function eventIncludedIn(event: Pick<Event, "included" | "includedEn">, locale: Locale): string[] {
  return pickList(locale, event.included, event.includedEn).value;
}

/**
 * The event in `locale`. The Dutch texts are required, the English ones optional; a missing
 * English description or list of included items shows the Dutch one, and `fallback` says so.
 * A missing English name is not a missing translation (names such as "ARC 2025" are the same in
 * both languages), except on an event with no English text at all: then its name is Dutch too.
 */
export function toEventView(event: Event, locale: Locale, now: Date, placesTaken = 0, form: { questions?: RegistrationQuestions; asksOnForm?: boolean } = {}): EventView {
  const english = locale === "en";
  const description = pickText(locale, event.description, event.descriptionEn);
  const included = pickList(locale, event.included, event.includedEn);
  const name = pickText(locale, event.name, event.nameEn);
  const untranslated = english && !hasText(event.nameEn) && description.fellBack;
  return {
    id: event.id,
    slug: event.slug,
    name: name.value,
    description: description.value,
    startDate: event.startDate.toISOString(),
    endDate: event.endDate.toISOString(),
    location: eventLocationIn(event, locale),
    priceCents: event.priceCents,
    included: included.value,
    maxParticipants: event.maxParticipants,
    maxPlacesPerBooking: event.maxPlacesPerBooking,
    placesLeft: event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - placesTaken),
    status: displayStatus(event, now),
    ended: event.endDate.getTime() < now.getTime(),
    kind: event.kind,
    bookingMode: event.bookingMode,
    requiresApproval: event.requiresApproval,
    depositPercent: event.depositPercent,
    balanceDueDays: event.balanceDueDays,
    refundUntilDays: event.refundUntilDays,
    refundPercent: event.refundPercent,
    participantDeadlineDays: event.participantDeadlineDays,
    registrationOpensAt: event.registrationOpensAt?.toISOString() ?? null,
    earlyBirdPercent: event.earlyBirdPercent,
    earlyBirdUntil: event.earlyBirdUntil?.toISOString() ?? null,
    documentUrl: event.documentUrl,
    documentName: event.documentName,
    imageUrl: event.imageUrl,
    fallback: fallbackOf(locale, { name: { fellBack: english ? untranslated : name.fellBack }, description, included }),
    languages: writtenLanguages({ nl: [event.description], en: [event.descriptionEn] }),
    cancellationMessage: event.status === "cancelled" ? (english && event.cancellationMessageEn) || event.cancellationMessage || null : null,
    ...(form.questions ? { questions: form.questions, asksOnForm: true } : form.asksOnForm ? { asksOnForm: true } : {}),
  };
}
