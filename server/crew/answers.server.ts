import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Locale, MessageKey } from "~/i18n";
import { crewItemDeadline, crewItemLocked, crewItemState } from "~/lib/crew";
import type { CrewAnswerValue, CrewFileRef } from "~/schemas/crew";
import {
  CREW_FIELDS,
  CREW_LIMITS,
  registrationAnswerName,
  type CrewChecklistView,
  type CrewField,
  type RegistrationAnswerErrors,
  type RegistrationQuestions,
  type RegistrationQuestion,
} from "~/schemas/crew-place";
import { audit, PARTICIPANT, type Actor } from "../audit/audit.server";
import { placeEditable } from "../booking/place-details.server";
import { now } from "../clock.server";
import type { Database, DbOrTx, Transaction } from "../db/client.server";
import { bookingPlaces, crewAnswers, crewItems, events, registrations, type BookingPlace, type Event } from "../db/schema.server";
import { countryCode, countryOptions } from "./countries.server";
import { checkCrewFile, eraseCrewFiles, formFile, otherFilesOfItem, storeCrewFile, type CheckedCrewFile } from "./files.server";
import { openText, sealText } from "./seal.server";

/**
 * A participant's answers to their event's crew file (issue 27, decision 043): the items asked,
 * each answer checked by its item's kind, saved on the participant's own link until the item's
 * deadline (then locked, unless staff opened it again), with an audit row that names the item and
 * never the answer. A health or passport answer is stored only sealed (`sealed`, `value` null).
 */

export type CrewItem = typeof crewItems.$inferSelect;
export type CrewAnswerRow = typeof crewAnswers.$inferSelect;

/** An event's items still asked (not archived), in their order. */
export async function activeCrewItems(database: DbOrTx, eventId: string): Promise<CrewItem[]> {
  return database
    .select()
    .from(crewItems)
    .where(and(eq(crewItems.eventId, eventId), isNull(crewItems.archivedAt)))
    .orderBy(asc(crewItems.position), asc(crewItems.createdAt));
}

/**
 * Whether an item's answers are stored only sealed (AES-256-GCM, `HEALTH_DATA_KEY`): health data,
 * and a passport (an identity document's number has no place in a database dump either). Sealing
 * is about the dump; who may *see* an answer is decided by the item's `health` flag alone.
 */
export function sealedAtRest(item: Pick<CrewItem, "health" | "kind">): boolean {
  return item.health || item.kind === "passport";
}

/** An answer as stored: sealed, or in the open (`sealedAtRest`). */
export function storedAnswer(item: Pick<CrewItem, "health" | "kind">, value: CrewAnswerValue): { value: CrewAnswerValue | null; sealed: string | null } {
  return sealedAtRest(item) ? { value: null, sealed: sealText(JSON.stringify(value)) } : { value, sealed: null };
}

/** An answer row's value, a sealed one opened (null once erased). */
export function answerValue(row: Pick<CrewAnswerRow, "value" | "sealed" | "erasedAt">): CrewAnswerValue | null {
  if (row.erasedAt) return null;
  if (row.sealed) return JSON.parse(openText(row.sealed)) as CrewAnswerValue;
  return row.value ?? null;
}

export type PlaceAnswer = { row: CrewAnswerRow; value: CrewAnswerValue | null };

/** A place's answers by item id, opened (the participant sees their own health answers). */
export async function placeAnswers(database: DbOrTx, placeId: string): Promise<Map<string, PlaceAnswer>> {
  const rows = await database.select().from(crewAnswers).where(eq(crewAnswers.placeId, placeId));
  return new Map(rows.map((row) => [row.itemId, { row, value: answerValue(row) }]));
}

const label = (item: Pick<CrewItem, "labelNl" | "labelEn">, locale: Locale) => (locale === "en" ? item.labelEn || item.labelNl : item.labelNl || item.labelEn);

/** What a participant reads of an item in `locale`: the participant's page and the registration form alike. */
function itemText(item: CrewItem, locale: Locale, start: Date): RegistrationQuestion {
  return {
    id: item.id,
    kind: item.kind,
    label: label(item, locale),
    help: (locale === "en" ? item.helpEn || item.helpNl : item.helpNl || item.helpEn) || null,
    options: item.options.map((o) => ({ value: o.value, label: locale === "en" ? o.en || o.nl : o.nl || o.en })),
    followUp: item.kind === "yes_no" ? (locale === "en" ? item.followUpEn || item.followUpNl : item.followUpNl || item.followUpEn) || null : null,
    required: item.required,
    health: item.health,
    lastDay: crewItemDeadline(item, start).lastDay,
  };
}

const asksCountry = (items: Pick<CrewItem, "kind">[]) => items.some((i) => i.kind === "country" || i.kind === "passport");

/** The participant's checklist in `locale`, or null when the event asks nothing. */
export async function crewChecklist(database: DbOrTx, place: Pick<BookingPlace, "id">, event: Pick<Event, "id" | "startDate">, locale: Locale, at: Date): Promise<CrewChecklistView | null> {
  const items = await activeCrewItems(database, event.id);
  if (items.length === 0) return null;
  const answers = await placeAnswers(database, place.id);
  return {
    countries: asksCountry(items) ? countryOptions(locale) : null,
    items: items.map((item) => {
      const answer = answers.get(item.id);
      const unlockedUntil = answer?.row.unlockedUntil ?? null;
      return {
        ...itemText(item, locale, event.startDate),
        state: crewItemState(item, answer?.value, event.startDate, at),
        locked: crewItemLocked(item, event.startDate, at, unlockedUntil),
        unlockedUntil: unlockedUntil && unlockedUntil.getTime() > at.getTime() ? unlockedUntil.toISOString() : null,
        answer: answer?.value ?? null,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Checking an answer

type Errors = Partial<Record<CrewField, MessageKey>>;
/** A checked answer: its value, except the file, which the save adds (a new one, or the one kept). */
type Parsed = { value: CrewAnswerValue; fileField: boolean };

const text = (form: FormData, field: CrewField) => {
  const value = form.get(field);
  return typeof value === "string" ? value.trim() : "";
};

function isoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2200) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dateField(form: FormData, field: CrewField, errors: Errors): string {
  const value = text(form, field);
  if (!value) errors[field] = "crew.error.required";
  else if (!isoDate(value)) errors[field] = "crew.error.date";
  return value;
}

function countryField(form: FormData, field: CrewField, errors: Errors): string {
  const value = text(form, field);
  const code = countryCode(value);
  if (!value) errors[field] = "crew.error.required";
  else if (!code) errors[field] = "crew.error.country";
  return code ?? "";
}

function textField(form: FormData, field: CrewField, max: number, errors: Errors, required = true): string {
  const value = text(form, field);
  if (!value && required) errors[field] = "crew.error.required";
  else if (value.length > max) errors[field] = max <= CREW_LIMITS.shortText ? "crew.error.tooLongShort" : "crew.error.tooLongLong";
  return value;
}

/**
 * Checks a posted answer against its item's kind (pure, files aside). The messages are keys: the
 * page shows them in the participant's language.
 */
export function parseCrewAnswer(item: Pick<CrewItem, "kind" | "options" | "followUpNl" | "followUpEn">, form: FormData): { ok: true; parsed: Parsed } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  let value: CrewAnswerValue;
  let fileField = false;
  switch (item.kind) {
    case "short_text":
      value = { kind: "text", text: textField(form, CREW_FIELDS.text, CREW_LIMITS.shortText, errors) };
      break;
    case "long_text":
      value = { kind: "text", text: textField(form, CREW_FIELDS.text, CREW_LIMITS.longText, errors) };
      break;
    case "choice_one":
    case "choice_many": {
      const picked = [...new Set(form.getAll(CREW_FIELDS.choice).filter((v): v is string => typeof v === "string"))];
      const allowed = new Set(item.options.map((o) => o.value));
      if (picked.length === 0) errors.choice = "crew.error.choose";
      else if (picked.some((v) => !allowed.has(v))) errors.choice = "crew.error.choiceUnknown";
      else if (item.kind === "choice_one" && picked.length > 1) errors.choice = "crew.error.chooseOne";
      value = { kind: "choice", values: item.options.map((o) => o.value).filter((v) => picked.includes(v)) };
      break;
    }
    case "yes_no": {
      const answer = text(form, CREW_FIELDS.yesNo);
      if (answer !== "yes" && answer !== "no") errors.yesNo = "crew.error.yesNo";
      const asksFollowUp = Boolean(item.followUpNl || item.followUpEn);
      const yes = answer === "yes";
      const followUp = yes && asksFollowUp ? textField(form, CREW_FIELDS.followUp, CREW_LIMITS.followUp, errors) : "";
      value = { kind: "yes_no", yes, followUp: followUp || null };
      break;
    }
    case "date":
      value = { kind: "date", date: dateField(form, CREW_FIELDS.date, errors) };
      break;
    case "number": {
      const raw = text(form, CREW_FIELDS.number).replace(",", ".");
      const number = Number(raw);
      if (!raw) errors.number = "crew.error.required";
      else if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(raw) || !Number.isFinite(number)) errors.number = "crew.error.number";
      value = { kind: "number", number };
      break;
    }
    case "country":
      value = { kind: "country", country: countryField(form, CREW_FIELDS.country, errors) };
      break;
    case "file":
      fileField = true;
      value = { kind: "file", file: { fileId: "", name: "", contentType: "", byteSize: 0 } };
      break;
    case "qualification":
      fileField = true;
      value = {
        kind: "qualification",
        name: textField(form, CREW_FIELDS.certName, CREW_LIMITS.certName, errors),
        number: textField(form, CREW_FIELDS.certNumber, CREW_LIMITS.docNumber, errors),
        expiresOn: dateField(form, CREW_FIELDS.expiresOn, errors),
        file: null,
      };
      break;
    case "passport":
      fileField = true;
      value = {
        kind: "passport",
        nationality: countryField(form, CREW_FIELDS.nationality, errors),
        number: textField(form, CREW_FIELDS.passportNumber, CREW_LIMITS.docNumber, errors),
        expiresOn: dateField(form, CREW_FIELDS.expiresOn, errors),
        file: null,
      };
      break;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, parsed: { value, fileField } };
}

/** The file an answer refers to, if any. */
export function answerFile(value: CrewAnswerValue | null | undefined): CrewFileRef | null {
  if (!value) return null;
  if (value.kind === "file") return value.file;
  if (value.kind === "qualification" || value.kind === "passport") return value.file;
  return null;
}

function withFile(value: CrewAnswerValue, file: CrewFileRef | null): CrewAnswerValue {
  if (value.kind === "file") return file ? { ...value, file } : value;
  if (value.kind === "qualification" || value.kind === "passport") return { ...value, file };
  return value;
}

// ---------------------------------------------------------------------------------------------
// Saving

export type SaveCrewAnswerResult =
  | { outcome: "saved"; answerId: string }
  | { outcome: "invalid"; errors: Errors }
  | { outcome: "locked"; lastDay: string }
  | { outcome: "closed" }
  | { outcome: "unknown" };

/**
 * Saves a participant's answer to one item: checked by kind (files by their bytes, before the
 * transaction), then in one transaction under the place's row lock: the place still sails and the
 * event has not started, the item is the event's and still asked, it is not locked; the answer
 * upserted (a health one only sealed), a replaced file's bytes erased, and an audit row that names
 * the item, never the answer. A qualification or passport keeps its file when no new one is given.
 */
export async function saveCrewAnswer(database: Database, placeId: string, itemId: string, form: FormData, actor: Actor = PARTICIPANT): Promise<SaveCrewAnswerResult> {
  if (!/^[0-9a-f-]{36}$/i.test(itemId)) return { outcome: "unknown" };
  const [item] = await database.select().from(crewItems).where(eq(crewItems.id, itemId)).limit(1);
  if (!item || item.archivedAt) return { outcome: "unknown" };
  const parsed = parseCrewAnswer(item, form);
  if (!parsed.ok) return { outcome: "invalid", errors: parsed.errors };
  let upload: CheckedCrewFile | undefined;
  const file = parsed.parsed.fileField ? formFile(form.get(CREW_FIELDS.file)) : undefined;
  if (file) {
    const checked = await checkCrewFile(file);
    if (!checked.ok) return { outcome: "invalid", errors: { file: checked.error } };
    upload = checked.file;
  }

  const at = now();
  return database.transaction(async (tx): Promise<SaveCrewAnswerResult> => {
    const [place] = await tx.select().from(bookingPlaces).where(eq(bookingPlaces.id, placeId)).for("update");
    if (!place || place.personalDataErasedAt) return { outcome: "closed" };
    const [booking] = await tx
      .select({ registration: registrations, event: events })
      .from(registrations)
      .innerJoin(events, eq(events.id, registrations.eventId))
      .where(eq(registrations.id, place.registrationId))
      .limit(1);
    if (!booking || booking.event.id !== item.eventId) return { outcome: "unknown" };
    if (!placeEditable(place, booking.registration, booking.event, at)) return { outcome: "closed" };
    const [existing] = await tx
      .select()
      .from(crewAnswers)
      .where(and(eq(crewAnswers.placeId, placeId), eq(crewAnswers.itemId, itemId)))
      .limit(1);
    if (crewItemLocked(item, booking.event.startDate, at, existing?.unlockedUntil)) {
      return { outcome: "locked", lastDay: crewItemDeadline(item, booking.event.startDate).lastDay };
    }
    const previousFile = existing ? answerFile(answerValue(existing)) : null;
    let fileRef = previousFile;
    if (upload) fileRef = await storeCrewFile(tx, placeId, itemId, upload);
    if (item.kind === "file" && !fileRef) return { outcome: "invalid", errors: { file: "crew.error.fileMissing" } };
    const value = withFile(parsed.parsed.value, fileRef);
    const stored = storedAnswer(item, value);
    const [saved] = await tx
      .insert(crewAnswers)
      .values({ placeId, itemId, ...stored, answeredAt: at })
      .onConflictDoUpdate({
        target: [crewAnswers.placeId, crewAnswers.itemId],
        set: { ...stored, answeredAt: at, erasedAt: null, updatedAt: at },
      })
      .returning({ id: crewAnswers.id });
    // A new file replaces the item's earlier ones: their bytes go at once.
    if (upload && fileRef) await eraseCrewFiles(tx, await otherFilesOfItem(tx, placeId, itemId, [fileRef.fileId]), at);
    await audit(tx, {
      entityType: "registration",
      entityId: booking.registration.id,
      registrationId: booking.registration.id,
      eventId: booking.event.id,
      action: existing ? "place.crew_answer_changed" : "place.crew_answered",
      // The item's label only: never the answer (health data above all).
      changes: {
        placeId: { from: null, to: place.id },
        number: { from: null, to: place.number },
        item: { from: null, to: item.labelNl },
        ...(upload ? { file: { from: previousFile ? "replaced" : null, to: "uploaded" } } : {}),
      },
      actor,
      at,
    });
    return { outcome: "saved", answerId: saved.id };
  });
}

// ---------------------------------------------------------------------------------------------
// Asked on the registration form

/** The kinds the registration form asks (it posts no files: a file item is answered on the participant's page). */
const askedOnForm = (item: Pick<CrewItem, "kind">) => item.kind !== "file";

/** The items of these events asked on the registration form (`asked` = registration, still asked), in their order. */
async function registrationItems(database: DbOrTx, eventIds: string[]): Promise<CrewItem[]> {
  if (eventIds.length === 0) return [];
  return database
    .select()
    .from(crewItems)
    .where(and(inArray(crewItems.eventId, eventIds), eq(crewItems.asked, "registration"), isNull(crewItems.archivedAt)))
    .orderBy(asc(crewItems.position), asc(crewItems.createdAt));
}

/**
 * What the registration form of each event asks of a booker who sails, in `locale` (events
 * without such items are absent): one query for a page's events. The pages that show the form
 * (the calendar, the home page, private pages, the form's own page, a waiting-list offer) pass it
 * to `toEventView`.
 */
export async function registrationQuestions(database: DbOrTx, events: Pick<Event, "id" | "startDate" | "healthRetentionDays">[], locale: Locale): Promise<Map<string, RegistrationQuestions>> {
  const items = await registrationItems(database, events.map((e) => e.id));
  const result = new Map<string, RegistrationQuestions>();
  for (const event of events) {
    const own = items.filter((i) => i.eventId === event.id);
    if (own.length === 0) continue;
    result.set(event.id, {
      items: own.map((item) => itemText(item, locale, event.startDate)),
      countries: asksCountry(own) ? countryOptions(locale) : null,
      healthRetentionDays: event.healthRetentionDays,
    });
  }
  return result;
}

/** Which of these events ask crew-file items on their registration form (the lists carry only that). */
export async function eventsAskingOnForm(database: DbOrTx, events: Pick<Event, "id">[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await database
    .selectDistinct({ eventId: crewItems.eventId })
    .from(crewItems)
    .where(and(inArray(crewItems.eventId, events.map((e) => e.id)), eq(crewItems.asked, "registration"), isNull(crewItems.archivedAt)));
  return new Set(rows.map((r) => r.eventId));
}

/** A checked answer from the registration form, stored with the booking (`storeRegistrationAnswers`). */
export type RegistrationAnswer = { item: Pick<CrewItem, "id" | "eventId" | "labelNl" | "health" | "kind">; value: CrewAnswerValue };

/** One item's fields of the registration form, as the item's own form would post them. */
function itemFields(form: FormData, itemId: string): FormData {
  const fields = new FormData();
  for (const field of Object.values(CREW_FIELDS)) {
    for (const value of form.getAll(registrationAnswerName(itemId, field))) if (typeof value === "string") fields.append(field, value);
  }
  return fields;
}

const blank = (fields: FormData) => [...fields.values()].every((v) => typeof v !== "string" || v.trim() === "");

/**
 * Checks the crew-file answers posted with a registration of `eventId` (fields
 * `crew:<item id>:<field>`) by the same rules as the participant's page. Asked only of a booker
 * who sails: otherwise none are read. A required item must be answered; an optional one left
 * wholly blank is not answered. Posted fields of other items are ignored.
 */
export async function parseRegistrationAnswers(
  database: DbOrTx,
  eventId: string,
  form: FormData,
  bookerSails: boolean,
): Promise<{ ok: true; answers: RegistrationAnswer[] } | { ok: false; errors: RegistrationAnswerErrors }> {
  if (!bookerSails) return { ok: true, answers: [] };
  // Asked of the database even when nothing was posted: a required item must be refused unanswered.
  const posted = [...form.keys()].some((key) => key.startsWith("crew:"));
  const items = (await registrationItems(database, [eventId])).filter(askedOnForm);
  if (items.length === 0) return { ok: true, answers: [] };
  const answers: RegistrationAnswer[] = [];
  const errors: RegistrationAnswerErrors = {};
  for (const item of items) {
    const fields = posted ? itemFields(form, item.id) : new FormData();
    if (!item.required && blank(fields)) continue;
    const parsed = parseCrewAnswer(item, fields);
    if (!parsed.ok) errors[item.id] = parsed.errors;
    else answers.push({ item, value: parsed.parsed.value });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/**
 * Stores a new booking's registration-form answers on the booker's own place, in the
 * registration's transaction (a health answer only sealed), with one audit row that names the
 * items, never the answers.
 */
export async function storeRegistrationAnswers(tx: Transaction, registration: { id: string; eventId: string }, answers: RegistrationAnswer[], at: Date): Promise<void> {
  const own = answers.filter((a) => a.item.eventId === registration.eventId);
  if (own.length === 0) return;
  const [place] = await tx
    .select({ id: bookingPlaces.id, number: bookingPlaces.number })
    .from(bookingPlaces)
    .where(and(eq(bookingPlaces.registrationId, registration.id), eq(bookingPlaces.isBooker, true)))
    .limit(1);
  if (!place) return;
  await tx.insert(crewAnswers).values(
    own.map(({ item, value }) => ({
      placeId: place.id,
      itemId: item.id,
      ...storedAnswer(item, value),
      answeredAt: at,
    })),
  );
  await audit(tx, {
    entityType: "registration",
    entityId: registration.id,
    registrationId: registration.id,
    eventId: registration.eventId,
    action: "place.crew_answered",
    changes: { placeId: { from: null, to: place.id }, number: { from: null, to: place.number }, items: { from: null, to: own.map((a) => a.item.labelNl).join(", ") } },
    actor: PARTICIPANT,
    at,
  });
}
