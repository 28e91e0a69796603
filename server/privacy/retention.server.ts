import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { auditLog, bookingPlaces, emails, eventInterest, events, newsletterSubscribers, rateLimits, registrations, waitlistEntries } from "../db/schema.server";
import { eraseCrewDataOfEvents, eraseExpiredHealthData, sealOpenAnswers } from "../crew/retention.server";
import { SAFETY_FIELDS, placeSafetyDataErasure, safetyDataErasure, scrubAuditChanges } from "./anonymise.server";

/** The retention periods the privacy policy (app/content/privacy.ts) promises. */
export const RETENTION = {
  /** Date of birth and emergency contact: 12 months after the event. */
  safetyDataMonthsAfterEvent: 12,
  /** Waiting-list entries: 12 months after the event. */
  waitlistMonthsAfterEvent: 12,
  /** Interest sign-ups: 24 months. */
  interestMonths: 24,
  /** The log of e-mails sent: 12 months. */
  emailLogMonths: 12,
  /**
   * Rate-limit rows (keyed hashes of client and e-mail addresses): gone a day after the longest
   * use of one, the 30 days an address stays "known" to the login throttle.
   */
  rateLimitDays: 31,
} as const;

const DAY_MS = 86_400_000;

function monthsBefore(instant: Date, months: number): Date {
  const shifted = new Date(instant);
  shifted.setUTCMonth(shifted.getUTCMonth() - months);
  return shifted;
}

export type RetentionResult = {
  erasedRegistrations: number;
  /** Places (group bookings) whose participant's birth date and emergency contact were erased. */
  erasedPlaces: number;
  erasedClientKeys: number;
  deletedInterest: number;
  deletedEmails: number;
  deletedSubscribers: number;
  deletedRateLimits: number;
  deletedWaitlistEntries: number;
  /** Health answers and files of the crew file erased `healthRetentionDays` after their event (issue 27). */
  erasedHealthAnswers: number;
  erasedHealthFiles: number;
  /** The rest of the crew file (passports, qualifications, sizes) erased with the safety data, 12 months after the event. */
  erasedCrewAnswers: number;
  erasedCrewFiles: number;
  /** Answers stored in the open that are now kept only sealed (a passport given before they were, an item marked as health later). */
  sealedCrewAnswers: number;
};

/**
 * Erases and deletes what the privacy policy says we no longer keep. Registrations and payments
 * themselves stay (7 years of bookkeeping); only their safety data is erased.
 */
export async function applyRetention(database: DbOrTx, at: Date): Promise<RetentionResult> {
  // One transaction: an erasure and its audit rows (and the scrubbed history) commit together.
  return database.transaction(async (tx) => sweep(tx, at));
}

async function sweep(database: DbOrTx, at: Date): Promise<RetentionResult> {
  const endedEvents = database
    .select({ id: events.id })
    .from(events)
    .where(lt(events.endDate, monthsBefore(at, RETENTION.safetyDataMonthsAfterEvent)));
  // The registration's own birth date and emergency contact are legacy since group bookings
  // (decision 042: no longer written, kept for a rollback) and still erased here.
  const erased = await database
    .update(registrations)
    .set(safetyDataErasure(at))
    .where(and(isNull(registrations.personalDataErasedAt), inArray(registrations.eventId, endedEvents)))
    .returning({ id: registrations.id, eventId: registrations.eventId });
  // Every participant's own: the places of those events (replaced and cancelled ones too).
  const erasedPlaces = await database
    .update(bookingPlaces)
    .set(placeSafetyDataErasure(at))
    .where(
      and(
        isNull(bookingPlaces.personalDataErasedAt),
        inArray(bookingPlaces.registrationId, database.select({ id: registrations.id }).from(registrations).where(inArray(registrations.eventId, endedEvents))),
      ),
    )
    .returning({ registrationId: bookingPlaces.registrationId });
  // A booking whose places were erased now, its own row erased before (a booking migrated
  // erased, or places added later): its history records the erasure too.
  const erasedIds = new Set(erased.map((r) => r.id));
  const placesOnly = [...new Set(erasedPlaces.map((p) => p.registrationId))].filter((id) => !erasedIds.has(id));
  if (placesOnly.length > 0) {
    const rows = await database.select({ id: registrations.id, eventId: registrations.eventId }).from(registrations).where(inArray(registrations.id, placesOnly));
    erased.push(...rows);
  }
  if (erased.length > 0) {
    const ids = erased.map((r) => r.id);
    // The history must not keep what was erased: its from → to of those fields goes too (the
    // only edit the audit trail ever gets), and the erasure itself is recorded, without the data.
    await scrubAuditChanges(database, ids, SAFETY_FIELDS);
    await database.insert(auditLog).values(
      erased.map((r) => ({
        at,
        entityType: "registration" as const,
        entityId: r.id,
        registrationId: r.id,
        eventId: r.eventId,
        action: "registration.safety_data_erased",
        changes: {},
        actorType: "system" as const,
        actorId: "retention",
        reason: `Date of birth and emergency contact erased ${RETENTION.safetyDataMonthsAfterEvent} months after the event (privacy policy)`,
      })),
    );
  }
  // The client-address hash only limits open holds and places per event: not kept past the event.
  const pastEvents = database.select({ id: events.id }).from(events).where(lt(events.endDate, at));
  const clientKeys = await database
    .update(registrations)
    .set({ clientKey: null })
    .where(and(isNotNull(registrations.clientKey), inArray(registrations.eventId, pastEvents)))
    .returning({ id: registrations.id });
  const limits = await database
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(at.getTime() - RETENTION.rateLimitDays * DAY_MS)))
    .returning({ key: rateLimits.key });
  const waitlist = await database
    .delete(waitlistEntries)
    .where(inArray(waitlistEntries.eventId, endedEvents))
    .returning({ id: waitlistEntries.id });
  // Their offers went with them (cascade); so does the history of both, which names the person.
  if (waitlist.length > 0) {
    await database
      .delete(auditLog)
      .where(
        or(
          and(eq(auditLog.entityType, "waitlist_entry"), inArray(auditLog.entityId, waitlist.map((w) => w.id))),
          and(eq(auditLog.entityType, "waitlist_offer"), inArray(auditLog.eventId, endedEvents)),
        ),
      );
  }
  const interest = await database
    .delete(eventInterest)
    .where(lt(eventInterest.createdAt, monthsBefore(at, RETENTION.interestMonths)))
    .returning({ id: eventInterest.id });
  const mail = await database
    .delete(emails)
    .where(lt(emails.createdAt, monthsBefore(at, RETENTION.emailLogMonths)))
    .returning({ id: emails.id });
  // "Until you unsubscribe": an unsubscribed address is not kept.
  const subscribers = await database
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "unsubscribed"))
    .returning({ id: newsletterSubscribers.id });
  // The crew file's health data: erased its event's own number of days after the end (issue 27).
  const health = await eraseExpiredHealthData(database, at);
  // The rest of the crew file goes with the safety data (the same events, 12 months after).
  const crew = await eraseCrewDataOfEvents(database, endedEvents, at);
  const sealed = await sealOpenAnswers(database, at);
  return {
    erasedHealthAnswers: health.answers,
    erasedHealthFiles: health.files,
    erasedCrewAnswers: crew.answers,
    erasedCrewFiles: crew.files,
    sealedCrewAnswers: sealed,
    erasedRegistrations: erased.length - placesOnly.length,
    erasedPlaces: erasedPlaces.length,
    erasedClientKeys: clientKeys.length,
    deletedRateLimits: limits.length,
    deletedInterest: interest.length,
    deletedWaitlistEntries: waitlist.length,
    deletedEmails: mail.length,
    deletedSubscribers: subscribers.length,
  };
}
