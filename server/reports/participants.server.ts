import type { OtherBooking, StaffPlace } from "~/schemas/admin-registration";
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { bookingPlaces, registrations, type BookingPlace, type Registration } from "../db/schema.server";
import { missingDetails, placeComplete, type ParticipantDetailField } from "../booking/places.server";
import { participantDeadline } from "~/lib/booking";
import { liveBooking } from "./live.server";

/*
 * The staff's view of who sails (group bookings, decision 042): one row per participant, read
 * from `booking_places` only (the registration's own birth date and emergency contact are legacy
 * columns, never read). The manifest, the CSV export, the booking page and the event page's list
 * of incomplete places all take their participants from here, so "who sails" has one meaning:
 * the current place (not replaced) that is not cancelled, of a live booking.
 */

/** A current, live place: not replaced by another participant and not cancelled on its own. */
export function livePlace(): SQL {
  return and(isNull(bookingPlaces.replacedAt), isNull(bookingPlaces.cancelledAt))!;
}

/** The participant's reference: the booking's reference and the place number ("OR-7K3M9Q-2"). */
export function placeReference(reference: string, number: number): string {
  return `${reference}-${number}`;
}

/** The participant's waiver in the staff's words: "geaccepteerd (versie 2026-1)" or "nog niet". */
export function waiverWords(place: Pick<BookingPlace, "waiverAcceptedAt" | "waiverVersion">): string {
  return place.waiverAcceptedAt ? `geaccepteerd (versie ${place.waiverVersion ?? "?"})` : "nog niet";
}

/** Whether the participant's required details are all there (an erased place was complete). */
export function detailsComplete(place: Pick<BookingPlace, ParticipantDetailField | "personalDataErasedAt">): boolean {
  return place.personalDataErasedAt !== null || missingDetails(place).length === 0;
}

export type ParticipantRow = {
  place: BookingPlace;
  registration: Registration;
};

/**
 * The live places of the given bookings (or of an event's live bookings), by booking then number.
 * With `liveBookingsOnly` only bookings that go ahead (`liveBooking`) count.
 */
export async function liveParticipants(db: DbOrTx, where: { eventId?: string; registrationIds?: string[] }, liveBookingsOnly: boolean): Promise<ParticipantRow[]> {
  if (where.registrationIds && where.registrationIds.length === 0) return [];
  return db
    .select({ place: bookingPlaces, registration: registrations })
    .from(bookingPlaces)
    .innerJoin(registrations, eq(registrations.id, bookingPlaces.registrationId))
    .where(
      and(
        livePlace(),
        where.eventId ? eq(registrations.eventId, where.eventId) : undefined,
        where.registrationIds ? inArray(registrations.id, where.registrationIds) : undefined,
        liveBookingsOnly ? liveBooking() : undefined,
      ),
    )
    .orderBy(asc(registrations.createdAt), asc(registrations.id), asc(bookingPlaces.number));
}

/**
 * For each e-mail address (lower-cased), the OTHER live bookings of the event it is in, as booker
 * or as participant of a live place: the staff see a participant who also booked themselves
 * (issue 26: "a participant who has their own booking for the same event … the staff see it").
 */
export async function otherBookingsByEmail(db: DbOrTx, eventId: string, registrationId: string, emails: string[]): Promise<Map<string, OtherBooking[]>> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const found = new Map<string, OtherBooking[]>();
  if (wanted.length === 0) return found;
  const add = (email: string, other: OtherBooking) => {
    const key = email.trim().toLowerCase();
    const list = found.get(key) ?? [];
    if (!list.some((o) => o.registrationId === other.registrationId)) list.push(other);
    found.set(key, list);
  };
  const others = and(eq(registrations.eventId, eventId), ne(registrations.id, registrationId), liveBooking());
  const [asBooker, asParticipant] = await Promise.all([
    db
      .select({ email: registrations.customerEmail, registrationId: registrations.id, reference: registrations.reference })
      .from(registrations)
      .where(and(others, inArray(sql`lower(trim(${registrations.customerEmail}))`, wanted))),
    db
      .select({ email: bookingPlaces.email, registrationId: registrations.id, reference: registrations.reference })
      .from(bookingPlaces)
      .innerJoin(registrations, eq(registrations.id, bookingPlaces.registrationId))
      .where(and(others, livePlace(), inArray(sql`lower(trim(${bookingPlaces.email}))`, wanted))),
  ]);
  for (const row of [...asBooker, ...asParticipant]) if (row.email) add(row.email, { registrationId: row.registrationId, reference: row.reference });
  return found;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function staffPlace(place: BookingPlace, reference: string, alsoBooked: OtherBooking[]): StaffPlace {
  const address = [place.street, `${place.postalCode ?? ""} ${place.city ?? ""}`.trim(), place.country].filter(Boolean).join(", ");
  return {
    id: place.id,
    number: place.number,
    reference: placeReference(reference, place.number),
    isBooker: place.isBooker,
    name: place.name,
    email: place.email,
    locale: place.locale,
    birthDate: place.birthDate,
    address: address || null,
    nextOfKinName: place.nextOfKinName,
    nextOfKinPhone: place.nextOfKinPhone,
    detailsComplete: detailsComplete(place),
    missing: place.personalDataErasedAt ? [] : missingDetails(place),
    waiverVersion: place.waiverVersion,
    waiverAcceptedAt: iso(place.waiverAcceptedAt),
    invitedAt: iso(place.invitedAt),
    reminderSentAt: iso(place.reminderSentAt),
    cancelledAt: iso(place.cancelledAt),
    cancelledShareCents: place.cancelledShareCents,
    replacedAt: iso(place.replacedAt),
    erased: place.personalDataErasedAt !== null,
    alsoBooked,
    replaced: [],
  };
}

/**
 * Every place of a booking for its staff page, by number: the current participant of each number
 * (cancelled ones included, marked) with the participants it replaced under it, and for each the
 * other live bookings of the same event their address is in.
 */
export async function staffPlacesOf(db: DbOrTx, registration: Pick<Registration, "id" | "eventId" | "reference">): Promise<StaffPlace[]> {
  const rows = await db
    .select()
    .from(bookingPlaces)
    .where(eq(bookingPlaces.registrationId, registration.id))
    .orderBy(asc(bookingPlaces.number), asc(bookingPlaces.createdAt));
  const liveEmails = rows.filter((p) => p.replacedAt === null && p.cancelledAt === null && p.email).map((p) => p.email!);
  const others = await otherBookingsByEmail(db, registration.eventId, registration.id, liveEmails);
  const current = new Map<number, StaffPlace>();
  const replaced: BookingPlace[] = [];
  for (const place of rows) {
    if (place.replacedAt !== null) {
      replaced.push(place);
      continue;
    }
    const live = place.cancelledAt === null;
    current.set(place.number, staffPlace(place, registration.reference, live && place.email ? (others.get(place.email.trim().toLowerCase()) ?? []) : []));
  }
  for (const place of replaced) current.get(place.number)?.replaced.push(staffPlace(place, registration.reference, []));
  return [...current.values()].sort((a, b) => a.number - b.number);
}

export type IncompletePlace = {
  registrationId: string;
  reference: string;
  number: number;
  name: string;
  email: string | null;
  bookerName: string;
  missing: ParticipantDetailField[];
  waiverAccepted: boolean;
  invitedAt: string | null;
};

/**
 * The event's live places that still lack details or the waiver, with the participants' deadline
 * (the event's setting): what the team chases before the start.
 */
export async function incompletePlaces(
  db: DbOrTx,
  event: { id: string; startDate: Date; participantDeadlineDays: number },
  at: Date,
): Promise<{ deadline: string; lastDay: string; open: boolean; places: IncompletePlace[] }> {
  const rows = await liveParticipants(db, { eventId: event.id }, true);
  const places = rows
    .filter(({ place }) => !placeComplete(place))
    .map(({ place, registration }) => ({
      registrationId: registration.id,
      reference: placeReference(registration.reference, place.number),
      number: place.number,
      name: place.name,
      email: place.email,
      bookerName: registration.customerName,
      missing: missingDetails(place),
      waiverAccepted: place.waiverAcceptedAt !== null,
      invitedAt: iso(place.invitedAt),
    }));
  const { deadline, lastDay, open } = participantDeadline(event, at);
  return { deadline: deadline.toISOString(), lastDay, open, places };
}

/** The places of each booking (`registrations.places`), for lists that show bookings. */
export async function placesOfBookings(db: DbOrTx, registrationIds: string[]): Promise<Map<string, number>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await db.select({ id: registrations.id, places: registrations.places }).from(registrations).where(inArray(registrations.id, registrationIds));
  return new Map(rows.map((r) => [r.id, r.places]));
}

/** An event's live bookings and the places in them ("12 plaatsen in 4 boekingen"). */
export async function soldPlacesAndBookings(db: DbOrTx, eventId: string): Promise<{ places: number; bookings: number }> {
  const [row] = await db
    .select({
      places: sql<number>`cast(coalesce(sum(${registrations.places}), 0) as integer)`,
      bookings: sql<number>`cast(count(*) as integer)`,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), liveBooking()));
  return { places: Number(row?.places ?? 0), bookings: Number(row?.bookings ?? 0) };
}
