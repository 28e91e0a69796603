import { and, asc, eq, gt, inArray, isNull, ne, or, isNotNull } from "drizzle-orm";
import { createElement } from "react";
import { CrewReminderEmail, crewReminderSubject } from "~/emails/crew-reminder";
import { asLocale } from "~/i18n";
import { crewAnswerComplete, crewItemDeadline } from "~/lib/crew";
import { formatDay } from "~/lib/dates";
import { teamDay, teamDayEnd } from "~/lib/local-time";
import { audit, SYSTEM } from "../audit/audit.server";
import { placeUrl } from "../booking/places.server";
import { db, type DbOrTx } from "../db/client.server";
import { bookingPlaces, crewItems, crewReminders, events, registrations, type BookingPlace, type Event, type Registration } from "../db/schema.server";
import { eventNameIn } from "../events/view.server";
import { log } from "../log.server";
import { deliverQueuedQuietly, queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { activeCrewItems, placeAnswers, type CrewItem } from "./answers.server";

/** The job they run on: the hourly balance and participant reminders (server/jobs/schedule.server.ts). */
export const CREW_REMINDER_JOB = "crew-reminders";

/** Reminders go this many days before an item's last day, each once per participant and deadline. */
export const CREW_REMINDER_STAGES = [21, 14, 7] as const;
export type CrewReminderStage = (typeof CREW_REMINDER_STAGES)[number];

const DAY_MS = 86_400_000;

/** Whole days from `today` to `day` (both YYYY-MM-DD). */
function daysUntil(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * The stage due on `today` for a deadline on `lastDay`: the latest stage reached (7 once 7 days
 * or fewer remain, 14 from 14, 21 from 21), none before 21 days and none after the last day.
 * Only the latest: a stage missed (the job did not run) is not sent late once a later one is due.
 */
export function crewReminderStage(today: string, lastDay: string): CrewReminderStage | undefined {
  const left = daysUntil(today, lastDay);
  if (left < 0) return undefined;
  return [...CREW_REMINDER_STAGES].reverse().find((stage) => left <= stage);
}

type Candidate = { place: BookingPlace; registration: Registration; event: Event };

/** Live places with an address (the booker's own place: the booker's) in confirmed bookings of events to come that ask required items. */
async function candidates(at: Date): Promise<Candidate[]> {
  const withRequiredItems = db()
    .select({ id: crewItems.eventId })
    .from(crewItems)
    .where(and(eq(crewItems.required, true), isNull(crewItems.archivedAt)));
  return db()
    .select({ place: bookingPlaces, registration: registrations, event: events })
    .from(bookingPlaces)
    .innerJoin(registrations, eq(registrations.id, bookingPlaces.registrationId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        eq(registrations.status, "confirmed"),
        ne(events.status, "cancelled"),
        gt(events.startDate, at),
        inArray(events.id, withRequiredItems),
        isNull(bookingPlaces.replacedAt),
        isNull(bookingPlaces.cancelledAt),
        isNull(bookingPlaces.personalDataErasedAt),
        or(isNotNull(bookingPlaces.email), eq(bookingPlaces.isBooker, true)),
      ),
    )
    .orderBy(asc(registrations.id), asc(bookingPlaces.number));
}

/** The required items of a place still incomplete, by their last day. */
async function missingByDeadline(database: DbOrTx, placeId: string, items: CrewItem[], event: Event): Promise<Map<string, CrewItem[]>> {
  const answers = await placeAnswers(database, placeId);
  const byDay = new Map<string, CrewItem[]>();
  for (const item of items) {
    if (!item.required || crewAnswerComplete(item.kind, answers.get(item.id)?.value)) continue;
    const { lastDay } = crewItemDeadline(item, event.startDate);
    byDay.set(lastDay, [...(byDay.get(lastDay) ?? []), item]);
  }
  return byDay;
}

/** Thrown inside a claim's transaction to roll it back: the items were completed meanwhile. */
class NothingMissing extends Error {}

/**
 * The crew-file reminders due at `at`: for every live place of a confirmed booking of an event to
 * come, its incomplete required items grouped by last day; 21, 14 and 7 days before each last day
 * one e-mail per participant listing what is missing, in their language, with their link. Each is
 * claimed by inserting (place, day, stage) into `crew_reminders` (its primary key) in the
 * transaction that queues the e-mail, with what is missing read again under the claim: two
 * instances, a retry or a restart never send one twice. Never after the last day; a stage missed
 * is not sent late once a later one is due. Delivery follows the commit.
 */
export async function sendCrewReminders(at: Date): Promise<{ crewReminders: number }> {
  const today = teamDay(at);
  const rows = await candidates(at);
  const itemsByEvent = new Map<string, CrewItem[]>();
  let sent = 0;
  for (const candidate of rows) {
    const { place, event } = candidate;
    let items = itemsByEvent.get(event.id);
    if (!items) {
      items = await activeCrewItems(db(), event.id);
      itemsByEvent.set(event.id, items);
    }
    const missing = await missingByDeadline(db(), place.id, items, event);
    for (const lastDay of missing.keys()) {
      const stage = crewReminderStage(today, lastDay);
      if (!stage || at.getTime() > teamDayEnd(lastDay).getTime()) continue;
      try {
        const emailId = await db().transaction(async (tx) => {
          const [claimed] = await tx
            .insert(crewReminders)
            .values({ placeId: place.id, dueOn: lastDay, stage, sentAt: at })
            .onConflictDoNothing()
            .returning({ placeId: crewReminders.placeId });
          if (!claimed) return undefined; // Another run (or instance) sent it.
          // Read again under the claim: what is missing now.
          const [current] = await tx.select().from(bookingPlaces).where(eq(bookingPlaces.id, place.id)).limit(1);
          if (!current || current.replacedAt || current.cancelledAt || current.personalDataErasedAt) throw new NothingMissing();
          const open = (await missingByDeadline(tx, place.id, items, event)).get(lastDay) ?? [];
          if (open.length === 0) throw new NothingMissing();
          const id = await queueCrewReminder(tx, { ...candidate, place: current }, open, lastDay);
          if (!id) throw new NothingMissing();
          await audit(tx, {
            entityType: "registration",
            entityId: candidate.registration.id,
            registrationId: candidate.registration.id,
            eventId: event.id,
            action: "place.crew_reminded",
            changes: {
              placeId: { from: null, to: place.id },
              number: { from: null, to: place.number },
              stage: { from: null, to: stage },
              dueOn: { from: null, to: lastDay },
              items: { from: null, to: open.length },
            },
            actor: SYSTEM(CREW_REMINDER_JOB),
            at,
          });
          return id;
        });
        if (!emailId) continue;
        sent += 1;
        await deliverQueuedQuietly([emailId]);
      } catch (error) {
        if (error instanceof NothingMissing) continue;
        // Rolled back: neither claimed nor queued, so the next run tries again.
        log.error(`Crew reminder for place ${place.id} (${lastDay}, ${stage}) could not be queued`, error);
      }
    }
  }
  return { crewReminders: sent };
}

/** The participant's reminder in their own language (the booker's own place: to the booker). */
async function queueCrewReminder(tx: DbOrTx, { place, registration, event }: Candidate, items: CrewItem[], lastDay: string): Promise<string | undefined> {
  const to = place.email ?? (place.isBooker ? registration.customerEmail : null);
  if (!to) return undefined;
  const locale = asLocale(place.isBooker && !place.email ? registration.locale : place.locale);
  const eventName = eventNameIn(event, locale);
  const deadline = formatDay(teamDayEnd(lastDay), locale);
  return queueRendered(
    tx,
    createElement(CrewReminderEmail, {
      locale,
      name: place.name,
      eventName,
      deadline,
      items: items.map((item) => (locale === "en" ? item.labelEn || item.labelNl : item.labelNl || item.labelEn)),
      placeUrl: placeUrl(place.id),
      teamEmail: teamAddress(),
    }),
    { to, subject: crewReminderSubject(locale, eventName, deadline), template: "crew-reminder", locale, relatedId: registration.id },
  );
}
