import { and, eq, inArray, isNull, isNotNull, or, sql, type SQLWrapper } from "drizzle-orm";
import type { CrewAnswerValue } from "~/schemas/crew";
import type { DbOrTx } from "../db/client.server";
import { bookingPlaces, crewAnswers, crewFiles, crewItems, events, registrations } from "../db/schema.server";
import { answerValue, sealedAtRest, storedAnswer, type CrewItem } from "./answers.server";
import { countryName } from "./countries.server";

/**
 * The crew file's personal data over time (issue 27, decision 043): health answers and files are
 * erased `healthRetentionDays` after their event's end (the retention sweep), and a participant's
 * whole crew file goes with a personal-data erasure. Rows stay with `erasedAt` (an answer was
 * given; the file had this type and size), their content goes.
 */

/** Health answers and health files of events that ended more than their `healthRetentionDays` ago. */
export async function eraseExpiredHealthData(tx: DbOrTx, at: Date): Promise<{ answers: number; files: number }> {
  const expiredHealthItems = tx
    .select({ id: crewItems.id })
    .from(crewItems)
    .innerJoin(events, eq(events.id, crewItems.eventId))
    .where(and(eq(crewItems.health, true), sql`${events.endDate} + make_interval(days => ${events.healthRetentionDays}) < ${at.toISOString()}::timestamptz`));
  const answers = await tx
    .update(crewAnswers)
    .set({ value: null, sealed: null, erasedAt: at, updatedAt: at })
    .where(and(isNull(crewAnswers.erasedAt), inArray(crewAnswers.itemId, expiredHealthItems)))
    .returning({ id: crewAnswers.id });
  const files = await tx
    .update(crewFiles)
    .set({ sealedName: null, sealedBytes: null, erasedAt: at })
    .where(and(isNull(crewFiles.erasedAt), inArray(crewFiles.itemId, expiredHealthItems)))
    .returning({ id: crewFiles.id });
  return { answers: answers.length, files: files.length };
}

/**
 * Every crew answer and file (health or not: passports, qualifications, sizes) of these events'
 * places erased: the crew file goes with the participants' safety data, 12 months after the
 * event (the privacy policy's retention; `eventIds` is the retention sweep's list of those events).
 */
export async function eraseCrewDataOfEvents(tx: DbOrTx, eventIds: SQLWrapper, at: Date): Promise<{ answers: number; files: number }> {
  const places = tx
    .select({ id: bookingPlaces.id })
    .from(bookingPlaces)
    .innerJoin(registrations, eq(registrations.id, bookingPlaces.registrationId))
    .where(inArray(registrations.eventId, eventIds));
  return eraseCrewData(tx, places, at);
}

/**
 * Seals the answers still stored in the open whose item is now sealed at rest (`sealedAtRest`):
 * passport answers given before passports were sealed (2026-11-28), and the answers of an item
 * staff marked as health data after it was answered. Idempotent; the value itself is unchanged.
 */
export async function sealOpenAnswers(tx: DbOrTx, at: Date): Promise<number> {
  const rows = await tx
    .select({ id: crewAnswers.id, value: crewAnswers.value, health: crewItems.health, kind: crewItems.kind })
    .from(crewAnswers)
    .innerJoin(crewItems, eq(crewItems.id, crewAnswers.itemId))
    .where(and(isNotNull(crewAnswers.value), isNull(crewAnswers.erasedAt), or(eq(crewItems.health, true), eq(crewItems.kind, "passport"))));
  for (const row of rows) {
    if (!row.value || !sealedAtRest(row)) continue;
    await tx
      .update(crewAnswers)
      .set({ ...storedAnswer(row, row.value), updatedAt: at })
      .where(and(eq(crewAnswers.id, row.id), isNotNull(crewAnswers.value)));
  }
  return rows.length;
}

/** Every crew answer and file of these places erased (a personal-data erasure). */
export async function erasePlacesCrewData(tx: DbOrTx, placeIds: string[], at: Date): Promise<{ answers: number; files: number }> {
  if (placeIds.length === 0) return { answers: 0, files: 0 };
  return eraseCrewData(tx, placeIds, at);
}

/** The content of every crew answer and file of these places gone; the rows stay with `erasedAt`. Once: erased rows are not counted again. */
async function eraseCrewData(tx: DbOrTx, places: string[] | SQLWrapper, at: Date): Promise<{ answers: number; files: number }> {
  const answers = await tx
    .update(crewAnswers)
    .set({ value: null, sealed: null, erasedAt: at, updatedAt: at })
    .where(and(inArray(crewAnswers.placeId, places), or(isNull(crewAnswers.erasedAt), isNotNull(crewAnswers.value), isNotNull(crewAnswers.sealed))))
    .returning({ id: crewAnswers.id });
  const files = await tx
    .update(crewFiles)
    .set({ sealedName: null, sealedBytes: null, erasedAt: at })
    .where(and(inArray(crewFiles.placeId, places), or(isNull(crewFiles.erasedAt), isNotNull(crewFiles.sealedBytes))))
    .returning({ id: crewFiles.id });
  return { answers: answers.length, files: files.length };
}

/** One crew answer as the personal-data export shows it (health answers opened: they are the person's own). */
export type SubjectCrewAnswer = {
  placeId: string;
  eventId: string;
  item: { labelNl: string; labelEn: string; kind: string; health: boolean };
  value: CrewAnswerValue | null;
  /** The answer in words, in each language (choices by their labels, countries by name). */
  summary: { nl: string; en: string } | null;
  answeredAt: string;
  erasedAt: string | null;
};

/** The crew answers of these places (their own, for the export). */
export async function placesCrewAnswers(database: DbOrTx, placeIds: string[]): Promise<SubjectCrewAnswer[]> {
  if (placeIds.length === 0) return [];
  const rows = await database
    .select({ answer: crewAnswers, item: crewItems, eventId: registrations.eventId })
    .from(crewAnswers)
    .innerJoin(crewItems, eq(crewItems.id, crewAnswers.itemId))
    .innerJoin(bookingPlaces, eq(bookingPlaces.id, crewAnswers.placeId))
    .innerJoin(registrations, eq(registrations.id, bookingPlaces.registrationId))
    .where(inArray(crewAnswers.placeId, placeIds))
    .orderBy(crewAnswers.placeId, crewItems.position);
  return rows.map(({ answer, item, eventId }) => ({
    placeId: answer.placeId,
    eventId,
    item: { labelNl: item.labelNl, labelEn: item.labelEn, kind: item.kind, health: item.health },
    value: answerValue(answer),
    summary: summaries(answerValue(answer), item),
    answeredAt: answer.answeredAt.toISOString(),
    erasedAt: answer.erasedAt?.toISOString() ?? null,
  }));
}

function summaries(value: CrewAnswerValue | null, item: CrewItem): SubjectCrewAnswer["summary"] {
  return value ? { nl: crewAnswerSummary(value, item, "nl"), en: crewAnswerSummary(value, item, "en") } : null;
}

/** An answer in words (the export, a read-only line): choices by their labels, countries by name, a file by its name. */
export function crewAnswerSummary(value: CrewAnswerValue, item: Pick<CrewItem, "options">, locale: "nl" | "en"): string {
  const file = (f: { name: string } | null) => (f ? ` [${f.name}]` : "");
  switch (value.kind) {
    case "text":
      return value.text;
    case "choice":
      return value.values.map((v) => item.options.find((o) => o.value === v)?.[locale] ?? v).join(", ");
    case "yes_no":
      return `${value.yes ? (locale === "en" ? "Yes" : "Ja") : locale === "en" ? "No" : "Nee"}${value.followUp ? `: ${value.followUp}` : ""}`;
    case "date":
      return value.date;
    case "number":
      return String(value.number);
    case "country":
      return countryName(value.country, locale);
    case "file":
      return value.file.name;
    case "qualification":
      return `${value.name} ${value.number} (${value.expiresOn})${file(value.file)}`;
    case "passport":
      return `${countryName(value.nationality, locale)} ${value.number} (${value.expiresOn})${file(value.file)}`;
  }
}
