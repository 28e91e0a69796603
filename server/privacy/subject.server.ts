import crypto from "node:crypto";
import { and, asc, eq, inArray, or, sql, type Column } from "drizzle-orm";
import type { DbOrTx, Transaction } from "../db/client.server";
import {
  auditLog,
  bookingPlaces,
  emails,
  eventInterest,
  events,
  newsletterSubscribers,
  payments,
  rateLimits,
  refunds,
  registrations,
  waitlistEntries,
  waitlistOffers,
  type AuditChanges,
  type AuditRow,
  type BookingPlace,
  type EmailRow,
  type NewsletterSubscriber,
  type Payment,
  type Refund,
  type Registration,
  type WaitlistEntry,
  type WaitlistOffer,
} from "../db/schema.server";
import { audit, type Actor } from "../audit/audit.server";
import { limitKey } from "../security/rate-limit.server";
import { erasePlacesCrewData, placesCrewAnswers, type SubjectCrewAnswer } from "../crew/retention.server";
import { AUDIT_PERSONAL_KEYS, ERASED_NAME, personalDataErasure, placePersonalDataErasure, scrubAuditChanges } from "./anonymise.server";

/**
 * A person's data on request (GDPR art. 15 and 17; decision 018): everything the site holds
 * under one e-mail address, and its erasure. The address is compared trimmed and
 * case-insensitively. Rows are found by the address itself (registrations, waiting list,
 * interest, newsletter, e-mails to it) and by their ids (payments, refunds, offers, the audit
 * trail, the team's e-mails about them through `emails.related_id`).
 */

/** The rate-limit buckets whose key is an e-mail address (the staff login's account throttle). */
const EMAIL_KEYED_LIMIT_BUCKETS = ["login-account"] as const;

/** The address as the site compares it: trimmed, lower case. Null when it is not an address. */
export function normaliseSubjectEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  if (email.length < 3 || email.length > 254) return null;
  // One @, something either side, no spaces or control characters: what every form here takes.
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return null;
  return email;
}

/** An event as the export names it: both names, so each reader gets theirs (`nameEn` when written). */
type EventRef = { id: string; name: string; nameEn: string | null; startDate: string; endDate: string };

export type SubjectRegistration = {
  registration: Registration;
  event: EventRef | null;
  payments: Payment[];
  refunds: Refund[];
  /**
   * The places of the booking they made (group bookings, decision 042): as the booker they see who
   * they booked for (name and e-mail address), never those participants' own safety details.
   */
  places: BookingPlace[];
};

/**
 * A place the person sails in (by its e-mail address), in anyone's booking: their own details on
 * it, and of the booking only its reference and state (not its booker, money or other places).
 */
export type SubjectPlace = {
  place: BookingPlace;
  booking: Pick<Registration, "id" | "reference" | "status" | "eventId">;
  event: EventRef | null;
};

export type SubjectWaitlistEntry = { entry: WaitlistEntry; event: EventRef | null; offers: WaitlistOffer[] };
export type SubjectInterest = { interest: typeof eventInterest.$inferSelect; event: EventRef | null };

/** Everything the site holds about one address (the export, and what an erasure works on). */
export type SubjectData = {
  email: string;
  registrations: SubjectRegistration[];
  places: SubjectPlace[];
  waitlist: SubjectWaitlistEntry[];
  interest: SubjectInterest[];
  newsletter: NewsletterSubscriber[];
  emails: EmailRow[];
  audit: AuditRow[];
  /** Rows of the rate limits keyed by a keyed hash of this address (they hold nothing else). */
  rateLimitRows: number;
  /** The crew-file answers of the places they sail in (issue 27), health answers opened: their own. */
  crewAnswers: SubjectCrewAnswer[];
};

export function isEmptySubject(data: SubjectData): boolean {
  return (
    data.registrations.length +
      data.places.length +
      data.waitlist.length +
      data.interest.length +
      data.newsletter.length +
      data.emails.length +
      data.audit.length +
      data.rateLimitRows ===
    0
  );
}

/** The column compared as the site compares addresses (the lower() indexes of the tables). */
const byEmail = (column: Column) => (email: string) => sql`lower(${column}) = ${email}`;

/** Everything held about `email` (already normalised), read in one snapshot when given a transaction. */
export async function findSubject(database: DbOrTx, email: string): Promise<SubjectData> {
  const regs = await database
    .select()
    .from(registrations)
    .where(byEmail(registrations.customerEmail)(email))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
  const entries = await database
    .select()
    .from(waitlistEntries)
    .where(byEmail(waitlistEntries.email)(email))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const interest = await database
    .select()
    .from(eventInterest)
    .where(byEmail(eventInterest.email)(email))
    .orderBy(asc(eventInterest.createdAt), asc(eventInterest.id));
  const newsletter = await database.select().from(newsletterSubscribers).where(byEmail(newsletterSubscribers.email)(email));
  const ownPlaces = await database
    .select({ place: bookingPlaces, booking: { id: registrations.id, reference: registrations.reference, status: registrations.status, eventId: registrations.eventId } })
    .from(bookingPlaces)
    .innerJoin(registrations, eq(registrations.id, bookingPlaces.registrationId))
    .where(byEmail(bookingPlaces.email)(email))
    .orderBy(asc(bookingPlaces.createdAt), asc(bookingPlaces.id));

  const registrationIds = regs.map((r) => r.id);
  const entryIds = entries.map((e) => e.id);
  const [pays, refs, offers, bookedPlaces] = await Promise.all([
    registrationIds.length ? database.select().from(payments).where(inArray(payments.registrationId, registrationIds)).orderBy(asc(payments.createdAt)) : [],
    registrationIds.length ? database.select().from(refunds).where(inArray(refunds.registrationId, registrationIds)).orderBy(asc(refunds.createdAt)) : [],
    entryIds.length ? database.select().from(waitlistOffers).where(inArray(waitlistOffers.entryId, entryIds)).orderBy(asc(waitlistOffers.createdAt)) : [],
    registrationIds.length
      ? database
          .select()
          .from(bookingPlaces)
          .where(inArray(bookingPlaces.registrationId, registrationIds))
          // By number, a replaced participant before the one who took the place.
          .orderBy(asc(bookingPlaces.number), sql`${bookingPlaces.replacedAt} is null`, asc(bookingPlaces.createdAt))
      : [],
  ]);

  const relatedIds = [...registrationIds, ...ownPlaces.map((p) => p.place.id), ...entryIds, ...offers.map((o) => o.id), ...interest.map((i) => i.id), ...newsletter.map((s) => s.id)];
  const mail = await database
    .select()
    .from(emails)
    .where(relatedIds.length ? or(byEmail(emails.to)(email), inArray(emails.relatedId, relatedIds)) : byEmail(emails.to)(email))
    .orderBy(asc(emails.createdAt), asc(emails.id));

  const entityIds = [...entryIds, ...offers.map((o) => o.id), ...pays.map((p) => p.id), ...refs.map((r) => r.id)];
  const trailConditions = [
    registrationIds.length ? inArray(auditLog.registrationId, registrationIds) : undefined,
    registrationIds.length ? inArray(auditLog.entityId, registrationIds) : undefined,
    entityIds.length ? inArray(auditLog.entityId, entityIds) : undefined,
  ].filter((c) => c !== undefined);
  const ownTrail = trailConditions.length
    ? await database
        .select()
        .from(auditLog)
        .where(or(...trailConditions))
        .orderBy(asc(auditLog.at), asc(auditLog.id))
    : [];
  // Of a booking they only sail in: the history of their own place, nothing of the others'.
  const placeTrail = await placeAuditRows(
    database,
    ownPlaces.filter(({ booking }) => !registrationIds.includes(booking.id)).map(({ place }) => place),
  );
  const trail = [...ownTrail, ...placeTrail].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));

  const limitRows = await database
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(or(...EMAIL_KEYED_LIMIT_BUCKETS.map((bucket) => and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, limitKey(bucket, email))))));

  const eventIds = [...new Set([...regs.map((r) => r.eventId), ...ownPlaces.map((p) => p.booking.eventId), ...entries.map((e) => e.eventId), ...interest.map((i) => i.eventId)])];
  const eventRows = eventIds.length
    ? await database
        .select({ id: events.id, name: events.name, nameEn: events.nameEn, startDate: events.startDate, endDate: events.endDate })
        .from(events)
        .where(inArray(events.id, eventIds))
    : [];
  const eventById = new Map<string, EventRef>(
    eventRows.map((e) => [e.id, { id: e.id, name: e.name, nameEn: e.nameEn, startDate: e.startDate.toISOString(), endDate: e.endDate.toISOString() }]),
  );

  return {
    email,
    registrations: regs.map((registration) => ({
      registration,
      event: eventById.get(registration.eventId) ?? null,
      payments: pays.filter((p) => p.registrationId === registration.id),
      refunds: refs.filter((r) => r.registrationId === registration.id),
      places: bookedPlaces.filter((p) => p.registrationId === registration.id),
    })),
    places: ownPlaces.map(({ place, booking }) => ({ place, booking, event: eventById.get(booking.eventId) ?? null })),
    waitlist: entries.map((entry) => ({ entry, event: eventById.get(entry.eventId) ?? null, offers: offers.filter((o) => o.entryId === entry.id) })),
    interest: interest.map((row) => ({ interest: row, event: eventById.get(row.eventId) ?? null })),
    newsletter,
    emails: mail,
    audit: trail,
    rateLimitRows: limitRows.length,
    crewAnswers: await placesCrewAnswers(database, ownPlaces.map((p) => p.place.id)),
  };
}

/** Which place a `place.*` audit row is about: its id when it says it, else its number. */
function placeOfRow(row: AuditRow): { id?: unknown; number?: unknown } {
  const c = row.changes;
  return { id: c.placeId?.to ?? c.placeId?.from, number: c.number?.to ?? c.place?.to ?? c.number?.from ?? c.place?.from };
}

/**
 * The audit rows of these places (`place.*` rows of their bookings naming the place by its id, or
 * by its number and the participant's name where a row names no id). A row about the replacement
 * of a place tells who came in: it is the booking's, not the replaced participant's.
 */
async function placeAuditRows(database: DbOrTx, places: BookingPlace[]): Promise<AuditRow[]> {
  if (places.length === 0) return [];
  const rows = await database
    .select()
    .from(auditLog)
    .where(and(inArray(auditLog.registrationId, [...new Set(places.map((p) => p.registrationId))]), sql`${auditLog.action} like 'place.%'`))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return rows.filter((row) => {
    if (row.action === "place.replaced") return false;
    const about = placeOfRow(row);
    return places.some(
      (p) => p.registrationId === row.registrationId && (about.id === p.id || (about.id === undefined && about.number === p.number && row.changes.participant?.from === p.name)),
    );
  });
}

/** Why an erasure is refused: something still running that the staff must settle first. */
export type ErasureRefusal =
  | { reason: "live_booking"; references: string[] }
  | { reason: "refund_pending"; references: string[] }
  | { reason: "open_offer"; events: string[] };

/** What an erasure did, per table: counts only (this is also the audit row's content). */
export type ErasureCounts = {
  registrationsAnonymised: number;
  /** Places the person sails in (their own or someone else's booking): their fields erased, the place kept. */
  placesAnonymised: number;
  paymentsKept: number;
  refundsKept: number;
  refundReasonsScrubbed: number;
  auditRowsKept: number;
  auditRowsScrubbed: number;
  auditRowsDeleted: number;
  waitlistEntriesDeleted: number;
  waitlistOffersDeleted: number;
  interestDeleted: number;
  newsletterDeleted: number;
  emailsDeleted: number;
  rateLimitRowsDeleted: number;
  /** Crew-file answers and files of their places whose content was erased (issue 27). */
  crewAnswersErased: number;
  crewFilesErased: number;
};

export type ErasureResult =
  | { status: "erased"; counts: ErasureCounts; references: string[]; auditId: string }
  | { status: "nothing_found" }
  | { status: "refused"; refusal: ErasureRefusal };

/** An offer that still holds places: erasing its entry would free them without offering them on. */
function offerHolds(offer: WaitlistOffer, at: Date): boolean {
  return offer.status === "open" && offer.expiresAt.getTime() > at.getTime();
}

/** A registration still running: its event has not ended and it holds or has a place. */
function isLive(registration: Registration, event: EventRef | null, at: Date): boolean {
  if (registration.status !== "confirmed" && registration.status !== "pending_payment") return false;
  return !event || new Date(event.endDate).getTime() > at.getTime();
}

/** A place that still sails: not cancelled or replaced, in a booking that goes ahead, before the event's end. */
function isLivePlace({ place, booking, event }: SubjectPlace, at: Date): boolean {
  if (place.cancelledAt !== null || place.replacedAt !== null) return false;
  if (booking.status !== "confirmed" && booking.status !== "pending_payment") return false;
  return !event || new Date(event.endDate).getTime() > at.getTime();
}

/** The free texts that may name the person: their name, address and phone, replaced in reasons. */
function identifiersOf(data: SubjectData): string[] {
  const values = new Set<string>([data.email]);
  for (const { place: p } of data.places) for (const v of [p.name, p.email, p.nextOfKinName, p.nextOfKinPhone, p.street]) if (v && v.trim().length >= 3) values.add(v.trim());
  for (const { registration: r } of data.registrations) {
    for (const v of [r.customerName, r.customerEmail, r.phoneNumber, r.nextOfKinName, r.nextOfKinPhone, r.street]) if (v && v.trim().length >= 3) values.add(v.trim());
  }
  for (const { entry } of data.waitlist) for (const v of [entry.name, entry.phone]) if (v && v.trim().length >= 3) values.add(v.trim());
  for (const { interest } of data.interest) if (interest.name.trim().length >= 3) values.add(interest.name.trim());
  // Longest first, so a name inside a longer value is not replaced first.
  return [...values].sort((a, b) => b.length - a.length);
}

/** The mark a name or contact detail leaves in a free text (shown in the reader's language, `erasedMarksIn`). */
export const SCRUBBED_MARK = ERASED_NAME;

/** `text` with every identifier of the person replaced (case-insensitively), or null when none occurs. */
export function scrubText(text: string, identifiers: string[]): string | null {
  let out = text;
  for (const id of identifiers) {
    const pattern = new RegExp(id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
    out = out.replace(pattern, SCRUBBED_MARK);
  }
  return out === text ? null : out;
}

/**
 * Erases everything held about `email` except what bookkeeping law requires us to keep (7 years):
 * in one transaction, with one audit row that holds counts only (no address, no hash, no
 * reference). Registrations keep id, reference, event, price, amounts, statuses, dates, terms and
 * waiver acceptance and language; payments and refunds keep amounts, dates and provider ids.
 * Refused, changing nothing, while a booking is live, a refund pending or an offer holds places.
 */
export async function eraseSubject(database: DbOrTx, email: string, actor: Actor, at: Date): Promise<ErasureResult> {
  return database.transaction(async (tx) => {
    // The person's registrations locked first: a change racing the erasure waits for it, and then
    // finds the row anonymised (and nothing under the old address).
    await tx.select({ id: registrations.id }).from(registrations).where(byEmail(registrations.customerEmail)(email)).for("update");
    const data = await findSubject(tx, email);
    if (isEmptySubject(data)) return { status: "nothing_found" as const };

    // A place they sail in counts as their booking: the team needs their details until it has sailed.
    const live = [
      ...data.registrations.filter((r) => isLive(r.registration, r.event, at)).map((r) => r.registration.reference),
      ...data.places.filter((p) => isLivePlace(p, at)).map((p) => `${p.booking.reference}-${p.place.number}`),
    ];
    if (live.length) return { status: "refused" as const, refusal: { reason: "live_booking" as const, references: live } };
    const pending = data.registrations.filter((r) => r.refunds.some((f) => f.status === "pending")).map((r) => r.registration.reference);
    if (pending.length) return { status: "refused" as const, refusal: { reason: "refund_pending" as const, references: pending } };
    const openOffers = data.waitlist.filter((w) => w.offers.some((o) => offerHolds(o, at)));
    if (openOffers.length) return { status: "refused" as const, refusal: { reason: "open_offer" as const, events: openOffers.map((w) => w.event?.name ?? "") } };

    return { status: "erased" as const, ...(await erase(tx, data, actor, at)) };
  });
}

async function erase(tx: Transaction, data: SubjectData, actor: Actor, at: Date) {
  const identifiers = identifiersOf(data);
  const registrationIds = data.registrations.map((r) => r.registration.id);
  const entryIds = data.waitlist.map((w) => w.entry.id);
  const offerIds = data.waitlist.flatMap((w) => w.offers.map((o) => o.id));

  if (registrationIds.length) await tx.update(registrations).set(personalDataErasure(at)).where(inArray(registrations.id, registrationIds));
  // Their places, in their own bookings and in others': the participant's fields go, the place and
  // its booking (money, the other places) stay. The booker's erasure leaves the places of the
  // people they booked for as they are: those are their data, not the booker's.
  const placeIds = data.places.map((p) => p.place.id);
  if (placeIds.length) await tx.update(bookingPlaces).set(placePersonalDataErasure(at)).where(inArray(bookingPlaces.id, placeIds));
  // Their crew file (issue 27): answers and files erased, the rows kept (that an answer was given).
  const crew = await erasePlacesCrewData(tx, placeIds, at);

  // Refund reasons explain a booking entry and stay, without the person's name or contact in them.
  let refundReasonsScrubbed = 0;
  for (const refund of data.registrations.flatMap((r) => r.refunds)) {
    const reason = scrubText(refund.reason, identifiers);
    if (reason !== null) {
      await tx.update(refunds).set({ reason }).where(eq(refunds.id, refund.id));
      refundReasonsScrubbed++;
    }
  }

  // The waiting list's rows and their history go (as the retention sweep does); offers cascade.
  let auditRowsDeleted = 0;
  if (entryIds.length) {
    const deletedTrail = await tx
      .delete(auditLog)
      .where(
        or(
          and(eq(auditLog.entityType, "waitlist_entry"), inArray(auditLog.entityId, entryIds)),
          offerIds.length ? and(eq(auditLog.entityType, "waitlist_offer"), inArray(auditLog.entityId, offerIds)) : undefined,
        ),
      )
      .returning({ id: auditLog.id });
    auditRowsDeleted = deletedTrail.length;
    await tx.delete(waitlistEntries).where(inArray(waitlistEntries.id, entryIds));
  }

  // The booking's history stays with the booking, without the person's values in it: the shared
  // rule drops the personal fields' from → to; then names and contact in free texts are replaced.
  await scrubAuditChanges(tx, registrationIds, AUDIT_PERSONAL_KEYS);
  const scrubbedIds = new Set<string>();
  const deletedIds = new Set(data.audit.filter((row) => row.entityType === "waitlist_entry" || row.entityType === "waitlist_offer").map((row) => row.id));
  for (const row of data.audit) {
    if (deletedIds.has(row.id)) continue;
    const reason = row.reason === null ? null : scrubText(row.reason, identifiers);
    const changes = scrubChangeValues(row.changes, identifiers);
    if (reason === null && changes === null) continue;
    await tx
      .update(auditLog)
      .set({ ...(reason !== null ? { reason } : {}), ...(changes !== null ? { changes } : {}) })
      .where(eq(auditLog.id, row.id));
    scrubbedIds.add(row.id);
  }

  const interestIds = data.interest.map((i) => i.interest.id);
  if (interestIds.length) await tx.delete(eventInterest).where(inArray(eventInterest.id, interestIds));
  const subscriberIds = data.newsletter.map((s) => s.id);
  if (subscriberIds.length) await tx.delete(newsletterSubscribers).where(inArray(newsletterSubscribers.id, subscriberIds));
  const emailIds = data.emails.map((m) => m.id);
  if (emailIds.length) await tx.delete(emails).where(inArray(emails.id, emailIds));
  const limits = await tx
    .delete(rateLimits)
    .where(or(...EMAIL_KEYED_LIMIT_BUCKETS.map((bucket) => and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, limitKey(bucket, data.email))))))
    .returning({ key: rateLimits.key });

  // The history of a booking they only sailed in stays the booking's; their name and contact go
  // from its values and reasons (the other keys, the booker's included, stay as they are).
  const sharedBookings = [...new Set(data.places.map((p) => p.booking.id))].filter((id) => !registrationIds.includes(id));
  if (sharedBookings.length) {
    const shared = await tx.select().from(auditLog).where(inArray(auditLog.registrationId, sharedBookings));
    for (const row of shared) {
      if (scrubbedIds.has(row.id)) continue;
      const reason = row.reason === null ? null : scrubText(row.reason, identifiers);
      const changes = scrubChangeValues(row.changes, identifiers, false);
      if (reason === null && changes === null) continue;
      await tx
        .update(auditLog)
        .set({ ...(reason !== null ? { reason } : {}), ...(changes !== null ? { changes } : {}) })
        .where(eq(auditLog.id, row.id));
      scrubbedIds.add(row.id);
    }
  }

  const counts: ErasureCounts = {
    registrationsAnonymised: registrationIds.length,
    placesAnonymised: placeIds.length,
    paymentsKept: data.registrations.reduce((n, r) => n + r.payments.length, 0),
    refundsKept: data.registrations.reduce((n, r) => n + r.refunds.length, 0),
    refundReasonsScrubbed,
    auditRowsKept: data.audit.filter((row) => !deletedIds.has(row.id)).length,
    auditRowsScrubbed: scrubbedIds.size,
    auditRowsDeleted,
    waitlistEntriesDeleted: entryIds.length,
    waitlistOffersDeleted: offerIds.length,
    interestDeleted: interestIds.length,
    newsletterDeleted: subscriberIds.length,
    emailsDeleted: emailIds.length,
    rateLimitRowsDeleted: limits.length,
    crewAnswersErased: crew.answers,
    crewFilesErased: crew.files,
  };
  // The erasure's own record: counts only. No address, no hash of it (guessable), no reference
  // or registration id (they would tie the erasure back to the person's booking).
  const auditId = crypto.randomUUID();
  await audit(tx, {
    entityType: "privacy_request",
    entityId: auditId,
    action: "privacy.erased",
    changes: Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, { from: null, to: n }])) satisfies AuditChanges,
    actor,
    reason: "Personal data erased on request (GDPR art. 17); bookkeeping fields kept 7 years",
    at,
  });
  return { counts, references: [...data.registrations.map((r) => r.registration.reference), ...data.places.map((p) => `${p.booking.reference}-${p.place.number}`)], auditId };
}

/**
 * A change's from → to with every personal value replaced, or null when it held none. With
 * `dropPersonalKeys` (the person's own bookings) the personal fields' changes go whole; without
 * (a booking they only sailed in) only their identifiers are replaced.
 */
function scrubChangeValues(changes: AuditChanges, identifiers: string[], dropPersonalKeys = true): AuditChanges | null {
  let touched = false;
  const out: AuditChanges = {};
  for (const [key, change] of Object.entries(changes)) {
    if (dropPersonalKeys && AUDIT_PERSONAL_KEYS.includes(key)) {
      touched = true;
      continue;
    }
    const scrub = (value: unknown) => {
      if (typeof value !== "string") return value;
      const next = scrubText(value, identifiers);
      if (next === null) return value;
      touched = true;
      return next;
    };
    out[key] = { from: scrub(change.from), to: scrub(change.to) };
  }
  return touched ? out : null;
}
