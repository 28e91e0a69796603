import { and, asc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { isLocale, type Locale } from "~/i18n";
import type { ParticipantInput, RegistrationInput } from "~/schemas/registration";
import type { DbOrTx } from "../db/client.server";
import { env } from "../env.server";
import { bookingPlaces, type BookingPlace } from "../db/schema.server";
import { idFromSignedToken, signedIdToken } from "./manage-link.server";

/**
 * The places of a booking and their participants (decision 042): one home for who sails in a
 * booking, what of them is still missing, and the participant's own link. A participant's link
 * (`place:<place id>`) opens that one place only; the booker's link stays `manage:<booking id>`.
 */

export const PLACE_TOKEN_PURPOSE = "place";

export function placeToken(placeId: string): string {
  return signedIdToken(PLACE_TOKEN_PURPOSE, placeId);
}

/** The place id in a participant's link, or undefined for anything else (a manage or offer token too). */
export function placeIdFromToken(token: string): string | undefined {
  return idFromSignedToken(PLACE_TOKEN_PURPOSE, token);
}

/** The participant's own page (`/my-place/<token>`). */
export function placePath(placeId: string): string {
  return `/my-place/${placeToken(placeId)}`;
}

export function placeUrl(placeId: string): string {
  return `${env().publicUrl}${placePath(placeId)}`;
}

/** The details a participant must have before the deadline (the manifest's safety fields). */
export const PARTICIPANT_DETAIL_FIELDS = ["name", "birthDate", "street", "city", "postalCode", "country", "nextOfKinName", "nextOfKinPhone"] as const;
export type ParticipantDetailField = (typeof PARTICIPANT_DETAIL_FIELDS)[number];

type PlaceDetails = Pick<BookingPlace, ParticipantDetailField>;

/** The required details this participant still lacks (none, once complete). */
export function missingDetails(place: PlaceDetails): ParticipantDetailField[] {
  return PARTICIPANT_DETAIL_FIELDS.filter((field) => {
    const value = place[field];
    return value === null || value === undefined || String(value).trim() === "";
  });
}

/** A place is complete when its participant's details are all there and they accepted the waiver. */
export function placeComplete(place: PlaceDetails & Pick<BookingPlace, "waiverAcceptedAt" | "personalDataErasedAt">): boolean {
  // After the retention sweep the details are gone on purpose: the place was complete.
  if (place.personalDataErasedAt) return true;
  return place.waiverAcceptedAt !== null && missingDetails(place).length === 0;
}

/** A place that counts: not cancelled and not replaced (a replacement is its own row). */
export function isCurrentPlace(place: Pick<BookingPlace, "cancelledAt" | "replacedAt">): boolean {
  return place.cancelledAt === null && place.replacedAt === null;
}

export type NewPlace = typeof bookingPlaces.$inferInsert;

/**
 * The place rows of a new booking from the form: place 1 is the booker's own when they sail
 * (their details and their waiver, accepted on the form); every other place is a participant the
 * booker named, with what the booker already knew of them. The waiver is the participant's own
 * to accept, from their link.
 */
export function placesFromInput(
  registrationId: string,
  input: RegistrationInput,
  locale: Locale,
  now: Date,
  waiverVersion: string,
): NewPlace[] {
  const rows: NewPlace[] = [];
  if (input.bookerSails) {
    const place: NewPlace = {
      registrationId,
      number: 1,
      isBooker: true,
      name: input.customerName,
      email: input.customerEmail,
      locale,
      birthDate: input.birthDate ?? null,
      street: input.street,
      city: input.city,
      postalCode: input.postalCode,
      country: input.country,
      nextOfKinName: input.nextOfKinName ?? null,
      nextOfKinPhone: input.nextOfKinPhone ?? null,
      waiverVersion,
      waiverAcceptedAt: now,
    };
    rows.push({ ...place, detailsCompletedAt: missingDetails(place as PlaceDetails).length === 0 ? now : null });
  }
  input.participants.forEach((participant: ParticipantInput) => {
    const place: NewPlace = {
      registrationId,
      number: rows.length + 1,
      isBooker: false,
      name: participant.name,
      email: participant.email,
      locale: isLocale(participant.locale) ? participant.locale : locale,
      birthDate: participant.birthDate ?? null,
      street: participant.street ?? null,
      city: participant.city ?? null,
      postalCode: participant.postalCode ?? null,
      country: participant.country ?? null,
      nextOfKinName: participant.nextOfKinName ?? null,
      nextOfKinPhone: participant.nextOfKinPhone ?? null,
      waiverVersion: null,
      waiverAcceptedAt: null,
    };
    rows.push({ ...place, detailsCompletedAt: missingDetails(place as PlaceDetails).length === 0 ? now : null });
  });
  return rows;
}

/** The current places of a booking (not replaced; cancelled ones included), by number. */
export async function placesOf(db: DbOrTx, registrationId: string): Promise<BookingPlace[]> {
  return db
    .select()
    .from(bookingPlaces)
    .where(and(eq(bookingPlaces.registrationId, registrationId), isNull(bookingPlaces.replacedAt)))
    .orderBy(asc(bookingPlaces.number));
}

/**
 * A place whose participant is someone other than the booker, current and live, with an e-mail
 * address: the places that get an invitation and reminders.
 */
export const PARTICIPANT_PLACE_WITH_EMAIL: SQL = and(
  eq(bookingPlaces.isBooker, false),
  isNull(bookingPlaces.replacedAt),
  isNull(bookingPlaces.cancelledAt),
  isNotNull(bookingPlaces.email),
)!;

/** Those places of one booking. */
export function participantPlacesWithEmail(registrationId: string): SQL {
  return and(eq(bookingPlaces.registrationId, registrationId), PARTICIPANT_PLACE_WITH_EMAIL)!;
}

/** One place by id (any state); undefined when there is none. */
export async function placeById(db: DbOrTx, placeId: string): Promise<BookingPlace | undefined> {
  const [place] = await db.select().from(bookingPlaces).where(eq(bookingPlaces.id, placeId)).limit(1);
  return place;
}
