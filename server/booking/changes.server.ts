import { and, eq, isNull } from "drizzle-orm";
import { createElement } from "react";
import { BookingDetailsChangedEmail, bookingDetailsChangedSubject } from "~/emails/booking-details-changed";
import { translate, type Locale, type MessageKey } from "~/i18n";
import { CONTACT_FIELDS, type ContactDetails, type ContactField } from "~/schemas/manage";
import { audit, changesOf, type Actor } from "../audit/audit.server";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { bookingPlaces, events, registrations } from "../db/schema.server";
import { deliverQueuedQuietly, queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { formatEventTimes } from "~/lib/dates";
import { missingDetails } from "./places.server";

/** Within this long before the start the team is told of every change (their lists are printed by then). */
export const TEAM_NOTICE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The team reads its notices in Dutch. */
const TEAM_LOCALE: Locale = "nl";

/** How the team's e-mail names each field. */
const FIELD_LABELS: Record<ContactField, MessageKey> = {
  phoneNumber: "booking.email.team.phone",
  street: "booking.field.street",
  postalCode: "booking.field.postalCode",
  city: "booking.field.city",
  country: "booking.field.country",
  nextOfKinName: "booking.field.nextOfKinName",
  nextOfKinPhone: "booking.field.nextOfKinPhone",
};

export type ContactChangeResult =
  | { outcome: "updated"; changed: ContactField[]; teamNotified: boolean }
  | { outcome: "unchanged" }
  /** The event has started (or is over): details are frozen, the crew lists are in use. */
  | { outcome: "event_started" }
  /** Not a booking that is on: pending, expired or cancelled (or gone). */
  | { outcome: "not_changeable" };

/** The input as stored: the phone number is optional, kept as null when empty. */
function normalise(fields: { [K in ContactField]?: string | null | undefined }): Partial<ContactDetails> {
  const values: Partial<ContactDetails> = {};
  for (const key of CONTACT_FIELDS) {
    if (!(key in fields)) continue;
    const value = fields[key];
    (values as Record<string, string | null>)[key] = value === undefined || value === null || value === "" ? null : value;
  }
  return values;
}

function shown(value: unknown): string {
  return typeof value === "string" && value !== "" ? value : "–";
}

/** The booking's own fields (the booker's contact); the emergency contact is the sailing booker's place's. */
const BOOKING_FIELDS = ["phoneNumber", "street", "postalCode", "city", "country"] as const satisfies readonly ContactField[];
const ADDRESS_FIELDS = ["street", "postalCode", "city", "country"] as const;
const EMERGENCY_FIELDS = ["nextOfKinName", "nextOfKinPhone"] as const;

/**
 * The booker corrects their phone number, address or (when they sail) emergency contact. The phone
 * and address are the booking's; a sailing booker's address and emergency contact are also their
 * place's (place 1, `booking_places`: the manifest reads the participant there; the registration's
 * own emergency columns are legacy, no longer written, decision 042). A booker who does not sail
 * has no emergency contact here: those fields are ignored. One transaction with
 * the registration row locked (so two posts at once are applied one after the other, each with
 * its own audit row of what it changed), refused once the event has started. Within 7 days of
 * the start the team gets a Dutch notice listing what changed, queued in the same transaction
 * (the outbox) and delivered after the commit. `fields` must already be validated
 * (`contactDetailsSchema`); fields left out are not touched.
 */
export async function updateContactDetails(
  registrationId: string,
  fields: { [K in ContactField]?: string | null | undefined },
  actor: Actor,
): Promise<ContactChangeResult> {
  const at = now();
  const after = normalise(fields);
  const result = await db().transaction(async (tx) => {
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for("update");
    if (!registration || registration.status !== "confirmed") return { answer: { outcome: "not_changeable" } as const, emailIds: [] };
    const [event] = await tx.select().from(events).where(eq(events.id, registration.eventId));
    if (!event) return { answer: { outcome: "not_changeable" } as const, emailIds: [] };
    if (at.getTime() >= event.startDate.getTime()) return { answer: { outcome: "event_started" } as const, emailIds: [] };

    const [bookerPlace] = await tx
      .select()
      .from(bookingPlaces)
      .where(and(eq(bookingPlaces.registrationId, registrationId), eq(bookingPlaces.isBooker, true), isNull(bookingPlaces.replacedAt), isNull(bookingPlaces.cancelledAt)))
      .for("update");
    if (!bookerPlace) for (const key of EMERGENCY_FIELDS) delete after[key];
    const before = {
      ...Object.fromEntries(BOOKING_FIELDS.map((key) => [key, registration[key]])),
      nextOfKinName: bookerPlace?.nextOfKinName ?? null,
      nextOfKinPhone: bookerPlace?.nextOfKinPhone ?? null,
    } as ContactDetails;
    const changes = changesOf(before, after);
    const changed = CONTACT_FIELDS.filter((key) => key in changes);
    if (changed.length === 0) return { answer: { outcome: "unchanged" } as const, emailIds: [] };

    const valueOf = (key: ContactField) => after[key] ?? null;
    const bookingUpdate = Object.fromEntries(BOOKING_FIELDS.filter((key) => changed.includes(key)).map((key) => [key, valueOf(key)]));
    if (Object.keys(bookingUpdate).length > 0) {
      await tx
        .update(registrations)
        .set({ ...bookingUpdate, updatedAt: at })
        .where(eq(registrations.id, registrationId));
    }
    if (bookerPlace) {
      const placeUpdate = Object.fromEntries([...ADDRESS_FIELDS, ...EMERGENCY_FIELDS].filter((key) => changed.includes(key)).map((key) => [key, valueOf(key)]));
      if (Object.keys(placeUpdate).length > 0) {
        const complete = missingDetails({ ...bookerPlace, ...placeUpdate }).length === 0;
        await tx
          .update(bookingPlaces)
          .set({ ...placeUpdate, ...(complete && !bookerPlace.detailsCompletedAt ? { detailsCompletedAt: at } : {}), updatedAt: at })
          .where(eq(bookingPlaces.id, bookerPlace.id));
      }
    }
    await audit(tx, {
      entityType: "registration",
      entityId: registrationId,
      registrationId,
      eventId: event.id,
      action: "registration.details_changed",
      changes,
      actor,
      at,
    });

    const emailIds: string[] = [];
    const soon = event.startDate.getTime() - at.getTime() <= TEAM_NOTICE_WINDOW_MS;
    if (soon) {
      const eventName = event.name;
      emailIds.push(
        await queueRendered(
          tx,
          createElement(BookingDetailsChangedEmail, {
            locale: TEAM_LOCALE,
            reference: registration.reference,
            participantName: registration.customerName,
            eventName,
            dates: formatEventTimes(event, TEAM_LOCALE),
            changes: changed.map((key) => ({
              label: translate(TEAM_LOCALE, FIELD_LABELS[key]),
              from: shown(changes[key].from),
              to: shown(changes[key].to),
            })),
          }),
          {
            to: teamAddress(),
            subject: bookingDetailsChangedSubject(TEAM_LOCALE, registration.customerName, eventName),
            template: "booking-details-changed-team",
            locale: TEAM_LOCALE,
            relatedId: registrationId,
          },
        ),
      );
    }
    return { answer: { outcome: "updated", changed, teamNotified: soon } as const, emailIds };
  });
  // After the commit; a failed delivery is retried by the worker (the row is in the outbox).
  if (result.emailIds.length > 0) await deliverQueuedQuietly(result.emailIds);
  return result.answer;
}
