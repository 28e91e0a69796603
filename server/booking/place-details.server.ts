import { eq } from "drizzle-orm";
import { WAIVER_VERSION } from "~/content/waiver";
import { audit, PARTICIPANT, type Actor } from "../audit/audit.server";
import { now } from "../clock.server";
import { db, type Transaction } from "../db/client.server";
import { bookingPlaces, events, registrations, type BookingPlace, type Event, type Registration } from "../db/schema.server";
import { isCurrentPlace, missingDetails, PARTICIPANT_DETAIL_FIELDS, type ParticipantDetailField } from "./places.server";

/**
 * What a participant does from their own link (issue 26): complete or correct their own details
 * and accept the waiver themselves. Each change is one transaction with the place row locked and
 * its audit row; nothing here reaches another place, the booking or its money.
 */

export type PlaceDetails = { [K in ParticipantDetailField]: string | null };

/** Why a place's page no longer changes anything (or no longer opens). */
export type PlaceClosed = "gone" | "closed";

/**
 * Whether a place is still the participant's to change: the place is current and live, its
 * booking confirmed, and the event has not started (the deadline is when reminders go and staff
 * chase; a participant may still complete missing details until the start).
 */
export function placeEditable(place: Pick<BookingPlace, "replacedAt" | "cancelledAt">, registration: Pick<Registration, "status">, event: Pick<Event, "startDate">, at: Date): boolean {
  return isCurrentPlace(place) && registration.status === "confirmed" && at.getTime() < event.startDate.getTime();
}

async function lockedPlace(tx: Transaction, placeId: string) {
  const [place] = await tx.select().from(bookingPlaces).where(eq(bookingPlaces.id, placeId)).for("update");
  if (!place) return undefined;
  const [row] = await tx
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, place.registrationId))
    .limit(1);
  return row ? { place, ...row } : undefined;
}

export type DetailsResult = { outcome: "updated"; changed: ParticipantDetailField[]; completed: boolean } | { outcome: "unchanged" } | { outcome: PlaceClosed };

/**
 * Saves the participant's own details (already validated by `placeDetailsSchema`; an empty value
 * clears the field). `detailsCompletedAt` is set the first time every required detail is there.
 * The audit row (`place.details_updated`) names the fields that changed, never their values.
 */
export async function updatePlaceDetails(placeId: string, input: PlaceDetails, actor: Actor = PARTICIPANT): Promise<DetailsResult> {
  const at = now();
  return db().transaction(async (tx) => {
    const found = await lockedPlace(tx, placeId);
    if (!found || !isCurrentPlace(found.place)) return { outcome: "gone" };
    const { place, registration, event } = found;
    if (!placeEditable(place, registration, event, at)) return { outcome: "closed" };
    const after = Object.fromEntries(PARTICIPANT_DETAIL_FIELDS.map((field) => [field, clean(input[field])])) as PlaceDetails;
    // The name is required by the schema; never store an empty one whatever the caller passes.
    if (!after.name) return { outcome: "unchanged" };
    const changed = PARTICIPANT_DETAIL_FIELDS.filter((field) => (place[field] ?? null) !== after[field]);
    if (changed.length === 0) return { outcome: "unchanged" };
    const complete = missingDetails({ ...place, ...after, name: after.name }).length === 0;
    const firstComplete = complete && place.detailsCompletedAt === null;
    await tx
      .update(bookingPlaces)
      .set({ ...after, name: after.name, ...(firstComplete ? { detailsCompletedAt: at } : {}), updatedAt: at })
      .where(eq(bookingPlaces.id, place.id));
    await audit(tx, {
      entityType: "registration",
      entityId: registration.id,
      registrationId: registration.id,
      eventId: event.id,
      action: "place.details_updated",
      // The names of the fields only: a participant's birth date or emergency contact stays out of the trail.
      changes: {
        placeId: { from: null, to: place.id },
        number: { from: null, to: place.number },
        fields: { from: null, to: changed },
        ...(firstComplete ? { detailsCompletedAt: { from: null, to: at.toISOString() } } : {}),
      },
      actor,
      reason: changed.join(", "),
      at,
    });
    return { outcome: "updated", changed, completed: complete };
  });
}

export type WaiverResult = { outcome: "accepted" | "already" } | { outcome: PlaceClosed };

/** The participant accepts the current waiver themselves: its version and the time, on their place. */
export async function acceptPlaceWaiver(placeId: string, actor: Actor = PARTICIPANT): Promise<WaiverResult> {
  const at = now();
  return db().transaction(async (tx) => {
    const found = await lockedPlace(tx, placeId);
    if (!found || !isCurrentPlace(found.place)) return { outcome: "gone" };
    const { place, registration, event } = found;
    if (!placeEditable(place, registration, event, at)) return { outcome: "closed" };
    // The same version accepted before: nothing new to record (a double click, a second tab).
    if (place.waiverAcceptedAt !== null && place.waiverVersion === WAIVER_VERSION) return { outcome: "already" };
    await tx.update(bookingPlaces).set({ waiverVersion: WAIVER_VERSION, waiverAcceptedAt: at, updatedAt: at }).where(eq(bookingPlaces.id, place.id));
    await audit(tx, {
      entityType: "registration",
      entityId: registration.id,
      registrationId: registration.id,
      eventId: event.id,
      action: "place.waiver_accepted",
      changes: {
        placeId: { from: null, to: place.id },
        number: { from: null, to: place.number },
        waiverVersion: { from: place.waiverVersion, to: WAIVER_VERSION },
        waiverAcceptedAt: { from: place.waiverAcceptedAt?.toISOString() ?? null, to: at.toISOString() },
      },
      actor,
      at,
    });
    return { outcome: "accepted" };
  });
}

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
