import { and, asc, isNull, sql } from "drizzle-orm";
import { createElement } from "react";
import { asLocale } from "~/i18n";
import { participantInvitationSubject, ParticipantInvitationEmail } from "~/emails/participant-invitation";
import { participantDeadline } from "~/lib/booking";
import { formatDay, formatEventTimes } from "~/lib/dates";
import { changedWithAudit, SYSTEM, type Actor } from "../audit/audit.server";
import { now } from "../clock.server";
import type { DbOrTx } from "../db/client.server";
import { bookingPlaces, type BookingPlace, type Event, type Registration } from "../db/schema.server";
import { eventLocationIn, eventNameIn } from "../events/view.server";
import { queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { bookingWithEvent } from "./queries.server";
import { alreadyBookedAs } from "./duplicates.server";
import { missingDetails, participantPlacesWithEmail, placeById, placeUrl } from "./places.server";

/**
 * A participant's invitation to their own place (issue 26): the one e-mail that carries their
 * link. Queued in the caller's transaction (the outbox, decision 008) together with `invitedAt`
 * and the `place.invited` audit row, so the three exist together or not at all.
 */

export type InvitationKind = "invitation" | "replacement" | "resend";

/**
 * Queues the invitation of one place in its participant's language and marks the place invited
 * (`invitedAt`, audit `place.invited`). Answers the queued e-mail's id, or undefined when the place
 * has no e-mail address (or does not exist). `kind`: the first invitation, one to someone who
 * replaces another participant, or the same invitation sent again (the booker's "resend").
 */
export async function queueParticipantInvitation(tx: DbOrTx, placeId: string, kind: InvitationKind, actor: Actor = SYSTEM("invitation")): Promise<string | undefined> {
  const place = await placeById(tx, placeId);
  if (!place?.email) return undefined;
  return queueInvitation(tx, { ...place, email: place.email }, await bookingWithEvent(tx, place.registrationId), kind, actor);
}

/** The invitation of a place already read, with its booking and event (read once for a whole booking). */
async function queueInvitation(
  tx: DbOrTx,
  place: BookingPlace & { email: string },
  { registration, event }: { registration: Registration; event: Event },
  kind: InvitationKind,
  actor: Actor,
): Promise<string> {
  const at = now();
  const locale = asLocale(place.locale);
  const eventName = eventNameIn(event, locale);
  const deadline = participantDeadline(event, at);
  const emailId = await queueRendered(
    tx,
    createElement(ParticipantInvitationEmail, {
      locale,
      kind,
      name: place.name,
      bookerName: registration.customerName,
      eventName,
      dates: formatEventTimes(event, locale),
      location: eventLocationIn(event, locale),
      placeUrl: placeUrl(place.id),
      deadline: formatDay(deadline.deadline, locale),
      detailsComplete: missingDetails(place).length === 0,
      alreadyBooked: await alreadyBookedAs(tx, place, event.id, at),
      teamEmail: teamAddress(),
    }),
    {
      to: place.email,
      subject: participantInvitationSubject(locale, kind, registration.customerName, eventName),
      template: kind === "replacement" ? "participant-replacement" : "participant-invitation",
      locale,
      relatedId: registration.id,
    },
  );
  await changedWithAudit(
    tx,
    // The trail is the booking's (entity: the registration); the changed row answers its booking's id.
    // (Drizzle's returning alias is JS-only: the column is named `id` in the SQL itself.)
    sql`update ${bookingPlaces} set invited_at = ${at.toISOString()}, updated_at = ${at.toISOString()}
        where ${bookingPlaces.id} = ${place.id} returning ${bookingPlaces.registrationId} as id`,
    [
      {
        entityType: "registration",
        entityId: registration.id,
        registrationId: registration.id,
        eventId: event.id,
        action: "place.invited",
        // Which place and how; never the address itself (the e-mail row holds it).
        changes: { placeId: { from: null, to: place.id }, number: { from: null, to: place.number }, invitedAt: { from: place.invitedAt?.toISOString() ?? null, to: at.toISOString() } },
        actor,
        reason: kind,
        at,
      },
    ],
  );
  return emailId;
}

/**
 * The invitations of a booking just confirmed: one for every current, live place of a participant
 * other than the booker that has an e-mail address and was not invited yet. The "not yet" makes it
 * safe where a confirmation could run twice (a webhook replayed, a retry): each place gets its
 * invitation once; sending one again is the booker's explicit "resend".
 */
export async function queueInvitationsOfBooking(tx: DbOrTx, registrationId: string): Promise<string[]> {
  const places = await tx
    .select()
    .from(bookingPlaces)
    .where(and(participantPlacesWithEmail(registrationId), isNull(bookingPlaces.invitedAt)))
    .orderBy(asc(bookingPlaces.number));
  if (places.length === 0) return [];
  const booking = await bookingWithEvent(tx, registrationId);
  const ids: string[] = [];
  for (const place of places) ids.push(await queueInvitation(tx, { ...place, email: place.email! }, booking, "invitation", SYSTEM("invitation")));
  return ids;
}
