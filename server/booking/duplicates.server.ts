import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { bookingPlaces, registrations, type BookingPlace } from "../db/schema.server";
import { liveRegistration } from "../events/queries.server";

/**
 * The reference of another live booking of the same event this address is already in (as a
 * booker who sails, or as a participant of another place), or null: the participant is told, so a
 * double booking is noticed before the day (their invitation says so, and the team's notice of
 * the booking shows it beside their name).
 */
export async function alreadyBookedAs(tx: DbOrTx, place: Pick<BookingPlace, "id" | "email" | "registrationId">, eventId: string, at: Date): Promise<string | null> {
  if (!place.email) return null;
  const [other] = await tx
    .select({ reference: registrations.reference })
    .from(bookingPlaces)
    .innerJoin(registrations, eq(registrations.id, bookingPlaces.registrationId))
    .where(
      and(
        eq(registrations.eventId, eventId),
        liveRegistration(at),
        sql`lower(${bookingPlaces.email}) = ${place.email.trim().toLowerCase()}`,
        ne(bookingPlaces.id, place.id),
        isNull(bookingPlaces.replacedAt),
        isNull(bookingPlaces.cancelledAt),
      ),
    )
    // Another booking first (most likely their own); a second place in this same booking after it.
    .orderBy(sql`case when ${registrations.id} = ${place.registrationId} then 1 else 0 end`, asc(registrations.createdAt))
    .limit(1);
  return other?.reference ?? null;
}

