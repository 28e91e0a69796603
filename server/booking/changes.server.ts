import { eq } from "drizzle-orm";
import { createElement } from "react";
import { BookingDetailsChangedEmail, bookingDetailsChangedSubject } from "~/emails/booking-details-changed";
import { translate, type Locale, type MessageKey } from "~/i18n";
import { CONTACT_FIELDS, type ContactDetails, type ContactField } from "~/schemas/manage";
import { audit, changesOf, type Actor } from "../audit/audit.server";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { events, registrations } from "../db/schema.server";
import { deliverQueuedQuietly, queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { formatEventTimes } from "~/lib/dates";

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

/**
 * A participant corrects their phone number, address or emergency contact. One transaction with
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

    const changes = changesOf(registration, after);
    const changed = CONTACT_FIELDS.filter((key) => key in changes);
    if (changed.length === 0) return { answer: { outcome: "unchanged" } as const, emailIds: [] };

    const update = Object.fromEntries(changed.map((key) => [key, after[key] ?? null])) as Partial<ContactDetails>;
    await tx
      .update(registrations)
      .set({ ...update, updatedAt: at })
      .where(eq(registrations.id, registrationId));
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
