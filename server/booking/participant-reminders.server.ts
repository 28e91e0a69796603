import { and, asc, eq, gt, isNull, ne } from "drizzle-orm";
import { createElement } from "react";
import {
  ParticipantReminderEmail,
  participantReminderSubject,
  ParticipantsIncompleteEmail,
  participantsIncompleteSubject,
} from "~/emails/participant-invitation";
import { asLocale } from "~/i18n";
import { participantDeadline } from "~/lib/booking";
import { formatDay, formatEventTimes } from "~/lib/dates";
import { addDays, teamDayStart } from "~/lib/local-time";
import { audit, SYSTEM } from "../audit/audit.server";
import { db, type Transaction } from "../db/client.server";
import { bookingPlaces, events, registrations, type BookingPlace, type Event, type Registration } from "../db/schema.server";
import { eventLocationIn, eventNameIn } from "../events/view.server";
import { log } from "../log.server";
import { deliverQueuedQuietly, queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { manageUrl } from "./manage-link.server";
import { bookingWithEvent } from "./queries.server";
import { missingDetails, PARTICIPANT_PLACE_WITH_EMAIL, participantPlacesWithEmail, placeComplete, placeUrl } from "./places.server";

/** The job that sends them (it runs with the balance reminders, hourly: server/jobs/schedule.server.ts). */
export const PARTICIPANT_REMINDER_JOB = "participant-reminders";

/** The reminders go this many days before the participants' deadline (from the start of that day). */
export const PARTICIPANT_REMINDER_DAYS_BEFORE = 3;

/** When the reminders of an event's places become due: the start of the Amsterdam day 3 days before the deadline's day. */
export function participantReminderAt(event: Pick<Event, "startDate" | "participantDeadlineDays">): Date {
  const { lastDay } = participantDeadline(event, event.startDate);
  return teamDayStart(addDays(lastDay, -PARTICIPANT_REMINDER_DAYS_BEFORE));
}

/**
 * Whether a booking's places are due for their reminders at `now` (pure): from the reminder day
 * until the event starts, for a booking confirmed before the reminder day (a booking made later
 * just had its invitations, with the deadline in them: a reminder at once says nothing more).
 */
export function participantRemindersDue(event: Pick<Event, "startDate" | "participantDeadlineDays">, confirmedAt: Date, now: Date): boolean {
  const at = participantReminderAt(event).getTime();
  return now.getTime() >= at && now.getTime() < event.startDate.getTime() && confirmedAt.getTime() < at;
}

type Candidate = { place: BookingPlace; registration: Registration; event: Event };

/** Current, live places of a participant (not the booker) with an e-mail, in confirmed bookings of events still to start. */
async function candidates(now: Date): Promise<Candidate[]> {
  return db()
    .select({ place: bookingPlaces, registration: registrations, event: events })
    .from(bookingPlaces)
    .innerJoin(registrations, eq(registrations.id, bookingPlaces.registrationId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        eq(registrations.status, "confirmed"),
        ne(events.status, "cancelled"),
        gt(events.startDate, now),
        PARTICIPANT_PLACE_WITH_EMAIL,
        isNull(bookingPlaces.personalDataErasedAt),
      ),
    )
    .orderBy(asc(registrations.id), asc(bookingPlaces.number));
}

/** Thrown inside a claim's transaction to roll the claim back: the place or booking was completed meanwhile. */
class NothingMissing extends Error {}

/**
 * The participants' reminders due at `now`: once the deadline is 3 days away, ONE reminder to each
 * participant whose place is still incomplete (`reminderSentAt`, audit `place.reminded`) and ONE
 * e-mail to the booker listing their incomplete places (`participantsReminderSentAt`, audit
 * `booking.participants_reminded`). Each is claimed by a conditional update (`… where … is null
 * returning`) in one transaction with its queued e-mail and audit row, the state read again under
 * that claim: two instances, a retry or a restart never send one twice, and a crash never leaves a
 * claim without its e-mail. Delivery follows the commit.
 */
export async function sendParticipantReminders(now: Date): Promise<{ participants: number; bookers: number }> {
  const rows = (await candidates(now)).filter(
    (c) => participantRemindersDue(c.event, c.registration.confirmedAt ?? c.registration.createdAt, now) && !placeComplete(c.place),
  );
  let participants = 0;
  let bookers = 0;
  const actor = SYSTEM(PARTICIPANT_REMINDER_JOB);

  for (const { place } of rows.filter((c) => c.place.reminderSentAt === null)) {
    try {
      const emailId = await db().transaction(async (tx) => {
        const [claimed] = await tx
          .update(bookingPlaces)
          .set({ reminderSentAt: now })
          .where(and(eq(bookingPlaces.id, place.id), isNull(bookingPlaces.reminderSentAt), isNull(bookingPlaces.replacedAt), isNull(bookingPlaces.cancelledAt)))
          .returning();
        if (!claimed) return undefined; // Another run (or instance) sent it, or the place changed hands.
        if (placeComplete(claimed)) throw new NothingMissing();
        const booking = await bookingWithEvent(tx, claimed.registrationId);
        if (booking.registration.status !== "confirmed") throw new NothingMissing();
        const id = await queueParticipantReminder(tx, claimed, booking.registration, booking.event, now);
        await audit(tx, {
          entityType: "registration",
          entityId: booking.registration.id,
          registrationId: booking.registration.id,
          eventId: booking.event.id,
          action: "place.reminded",
          changes: { placeId: { from: null, to: claimed.id }, number: { from: null, to: claimed.number }, reminderSentAt: { from: null, to: now.toISOString() } },
          actor,
          at: now,
        });
        return id;
      });
      if (!emailId) continue;
      participants += 1;
      await deliverQueuedQuietly([emailId]);
    } catch (error) {
      if (error instanceof NothingMissing) continue;
      // Rolled back: neither claimed nor queued, so the next run tries again.
      log.error(`Participant reminder for place ${place.id} could not be queued`, error);
    }
  }

  const bookings = [...new Set(rows.filter((c) => c.registration.participantsReminderSentAt === null).map((c) => c.registration.id))];
  for (const registrationId of bookings) {
    try {
      const emailId = await db().transaction(async (tx) => {
        const [claimed] = await tx
          .update(registrations)
          .set({ participantsReminderSentAt: now })
          .where(and(eq(registrations.id, registrationId), isNull(registrations.participantsReminderSentAt), eq(registrations.status, "confirmed")))
          .returning({ id: registrations.id });
        if (!claimed) return undefined;
        const booking = await bookingWithEvent(tx, registrationId);
        // Read again under the claim: the places incomplete now.
        const places = await tx.select().from(bookingPlaces).where(participantPlacesWithEmail(registrationId)).orderBy(asc(bookingPlaces.number));
        const incomplete = places.filter((p) => !placeComplete(p));
        if (incomplete.length === 0) throw new NothingMissing();
        const id = await queueBookerReminder(tx, booking.registration, booking.event, incomplete, now);
        await audit(tx, {
          entityType: "registration",
          entityId: registrationId,
          registrationId,
          eventId: booking.event.id,
          action: "booking.participants_reminded",
          changes: {
            participantsReminderSentAt: { from: null, to: now.toISOString() },
            incompletePlaces: { from: null, to: incomplete.map((p) => p.number) },
          },
          actor,
          at: now,
        });
        return id;
      });
      if (!emailId) continue;
      bookers += 1;
      await deliverQueuedQuietly([emailId]);
    } catch (error) {
      if (error instanceof NothingMissing) continue;
      log.error(`Participants reminder for booking ${registrationId} could not be queued`, error);
    }
  }
  return { participants, bookers };
}

/** The participant's reminder, in their own language, with their own link. */
async function queueParticipantReminder(tx: Transaction, place: BookingPlace, registration: Registration, event: Event, now: Date): Promise<string> {
  const locale = asLocale(place.locale);
  const eventName = eventNameIn(event, locale);
  return queueRendered(
    tx,
    createElement(ParticipantReminderEmail, {
      locale,
      name: place.name,
      bookerName: registration.customerName,
      eventName,
      dates: formatEventTimes(event, locale),
      location: eventLocationIn(event, locale),
      placeUrl: placeUrl(place.id),
      deadline: formatDay(participantDeadline(event, now).deadline, locale),
      missingDetails: missingDetails(place).length > 0,
      missingWaiver: place.waiverAcceptedAt === null,
      teamEmail: teamAddress(),
    }),
    { to: place.email!, subject: participantReminderSubject(locale, eventName), template: "participant-reminder", locale, relatedId: registration.id },
  );
}

/** The booker's one e-mail: which places are still incomplete, with their manage link. */
async function queueBookerReminder(tx: Transaction, registration: Registration, event: Event, incomplete: BookingPlace[], now: Date): Promise<string> {
  const locale = asLocale(registration.locale);
  const eventName = eventNameIn(event, locale);
  return queueRendered(
    tx,
    createElement(ParticipantsIncompleteEmail, {
      locale,
      name: registration.customerName,
      reference: registration.reference,
      eventName,
      deadline: formatDay(participantDeadline(event, now).deadline, locale),
      places: incomplete.map((p) => ({ number: p.number, name: p.name })),
      manageUrl: manageUrl(registration.id),
    }),
    {
      to: registration.customerEmail,
      subject: participantsIncompleteSubject(locale, eventName),
      template: "participants-incomplete",
      locale,
      relatedId: registration.id,
    },
  );
}
