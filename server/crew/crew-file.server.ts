import { and, eq, inArray } from "drizzle-orm";
import type { MessageKey } from "~/i18n";
import { crewItemDeadline, crewItemLocked, crewItemState } from "~/lib/crew";
import { addDays, teamDay, teamDayEnd } from "~/lib/local-time";
import type { CrewAnswerValue, CrewRole } from "~/schemas/crew";
import type { CrewFileCell, CrewFileItem, CrewFileMissing, CrewFileRow, CrewFileView, CrewPlaceView } from "~/schemas/crew-file-view";
import { audit, type Actor } from "../audit/audit.server";
import { now } from "../clock.server";
import { db as database, type DbOrTx } from "../db/client.server";
import { bookingPlaces, crewAnswers, crewFiles, crewItems, events, registrations, type Event } from "../db/schema.server";
import { log } from "../log.server";
import { liveParticipants, placeReference, type ParticipantRow } from "../reports/participants.server";
import { eventCrewItems, type CrewAnswer, type CrewItem } from "./items.server";
import { crewReadiness, type ReadinessParticipant } from "./readiness.server";
import { recordHealthView, type HealthViewer } from "./health-views.server";
import { openBytes, openText } from "./seal.server";

/**
 * The staff's reading of an event's crew file (issue 27, decision 043): one row per live
 * participant with each item's state, the missing lists, a participant's answers, the files;
 * and the staff's two changes, a participant's role aboard and unlocking an item after its
 * deadline. Health items reach only a viewer holding the health permission on the event, and
 * every such view is recorded (health_data_views) before the data leaves the server.
 */

export type CrewViewer = HealthViewer & { health: boolean };

function openAnswer(answer: CrewAnswer): CrewAnswerValue | null {
  if (answer.erasedAt) return null;
  if (answer.sealed) {
    try {
      return JSON.parse(openText(answer.sealed)) as CrewAnswerValue;
    } catch (error) {
      log.error(`A sealed crew answer (${answer.id}) could not be opened`, error);
      return null;
    }
  }
  return answer.value ?? null;
}

function fileItem(item: CrewItem, start: Date): CrewFileItem {
  return {
    id: item.id,
    kind: item.kind,
    labelNl: item.labelNl,
    options: item.options,
    required: item.required,
    health: item.health,
    archived: item.archivedAt !== null,
    lastDay: crewItemDeadline(item, start).lastDay,
  };
}

function cellOf(item: CrewItem, answer: CrewAnswer | undefined, value: CrewAnswerValue | null, start: Date, at: Date): CrewFileCell {
  return {
    state: crewItemState(item, value, start, at),
    value,
    locked: crewItemLocked(item, start, at, answer?.unlockedUntil),
    unlockedUntil: answer?.unlockedUntil?.toISOString() ?? null,
    answeredAt: answer && (answer.value !== null || answer.sealed !== null) ? answer.answeredAt.toISOString() : null,
    erased: answer?.erasedAt != null,
  };
}

async function answersOf(db: DbOrTx, placeIds: string[], itemIds: string[]): Promise<Map<string, CrewAnswer>> {
  if (placeIds.length === 0 || itemIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(crewAnswers)
    .where(and(inArray(crewAnswers.placeId, placeIds), inArray(crewAnswers.itemId, itemIds)));
  return new Map(rows.map((a) => [`${a.placeId}:${a.itemId}`, a]));
}

/** The readiness of the event's live crew under its rule (null without a rule). Opens sealed qualification answers to count them; shows none. */
export async function eventReadiness(db: DbOrTx, event: Pick<Event, "id" | "startDate" | "crewRule">, rows?: ParticipantRow[]) {
  if (!event.crewRule) return null;
  const participants = rows ?? (await liveParticipants(db, { eventId: event.id }, true));
  const items = (await eventCrewItems(db, event.id, { archived: true })).filter((i) => i.kind === "qualification");
  const answers = await answersOf(
    db,
    participants.map((p) => p.place.id),
    items.map((i) => i.id),
  );
  const crew: ReadinessParticipant[] = participants.map(({ place }) => ({
    role: place.crewRole,
    qualifications: items.map((item) => {
      const answer = answers.get(`${place.id}:${item.id}`);
      return { value: answer ? openAnswer(answer) : null, itemQualificationName: item.qualificationName };
    }),
  }));
  return crewReadiness(event.crewRule, event.startDate, crew);
}

async function eventOf(db: DbOrTx, eventId: string): Promise<Event | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return event;
}

/**
 * The crew file table of an event: its active items (health ones only for the health
 * permission), a row per live participant, what is missing per required item, and the
 * readiness line. Records a "crew-file" view when it shows health answers. With `values: false`
 * (the manifest) only states and counts: no answer leaves, no view is recorded.
 */
export async function eventCrewFile(db: DbOrTx, eventId: string, viewer: CrewViewer, options: { values?: boolean } = {}): Promise<CrewFileView | undefined> {
  const withValues = options.values ?? true;
  const event = await eventOf(db, eventId);
  if (!event) return undefined;
  const at = now();
  const items = (await eventCrewItems(db, event.id)).filter((item) => viewer.health || !item.health);
  const participants = await liveParticipants(db, { eventId: event.id }, true);
  const answers = await answersOf(
    db,
    participants.map((p) => p.place.id),
    items.map((i) => i.id),
  );
  let healthShown = false;
  const rows: CrewFileRow[] = participants.map(({ place, registration }) => {
    const cells: Record<string, CrewFileCell> = {};
    let complete = 0;
    for (const item of items) {
      const answer = answers.get(`${place.id}:${item.id}`);
      const value = answer ? openAnswer(answer) : null;
      if (withValues && item.health && value) healthShown = true;
      const cell = cellOf(item, answer, value, event.startDate, at);
      if (cell.state === "complete") complete += 1;
      cells[item.id] = withValues ? cell : { ...cell, value: null };
    }
    return {
      placeId: place.id,
      registrationId: registration.id,
      reference: placeReference(registration.reference, place.number),
      name: place.name,
      role: place.crewRole,
      cells,
      complete,
      total: items.length,
    };
  });
  rows.sort((a, b) => a.name.localeCompare(b.name, "nl", { sensitivity: "base" }) || a.reference.localeCompare(b.reference));
  const missing: CrewFileMissing[] = items
    .filter((item) => item.required)
    .map((item) => ({
      itemId: item.id,
      label: item.labelNl,
      names: rows.filter((row) => row.cells[item.id]?.state !== "complete").map((row) => row.name),
    }))
    .filter((m) => m.names.length > 0);
  if (healthShown) await recordHealthView(db, viewer, { eventId: event.id, what: "crew-file" });
  return {
    event: { id: event.id, name: event.name, startDate: event.startDate.toISOString(), offshore: event.offshore },
    items: items.map((item) => fileItem(item, event.startDate)),
    rows,
    missing,
    readiness: await eventReadiness(db, event, participants),
    health: viewer.health,
  };
}

/** A live place of the event, with its booking. */
async function livePlaceOf(db: DbOrTx, eventId: string, placeId: string) {
  const [row] = await db
    .select({ place: bookingPlaces, registration: registrations })
    .from(bookingPlaces)
    .innerJoin(registrations, eq(registrations.id, bookingPlaces.registrationId))
    .where(and(eq(bookingPlaces.id, placeId), eq(registrations.eventId, eventId)))
    .limit(1);
  if (!row || row.place.replacedAt || row.place.cancelledAt) return undefined;
  return row;
}

/**
 * One participant's answers, every item (archived ones that hold an answer too); health ones
 * opened only for the health permission, and that view recorded ("place").
 */
export async function placeCrewAnswers(db: DbOrTx, eventId: string, placeId: string, viewer: CrewViewer): Promise<CrewPlaceView | undefined> {
  const event = await eventOf(db, eventId);
  if (!event) return undefined;
  const found = await livePlaceOf(db, eventId, placeId);
  if (!found) return undefined;
  const at = now();
  const items = (await eventCrewItems(db, eventId, { archived: true })).filter((item) => viewer.health || !item.health);
  const answers = await answersOf(
    db,
    [placeId],
    items.map((i) => i.id),
  );
  let healthShown = false;
  const list = items.flatMap((item) => {
    const answer = answers.get(`${placeId}:${item.id}`);
    if (item.archivedAt && !answer) return [];
    const value = answer ? openAnswer(answer) : null;
    if (item.health && value) healthShown = true;
    return [{ item: fileItem(item, event.startDate), cell: cellOf(item, answer, value, event.startDate, at) }];
  });
  if (healthShown) await recordHealthView(db, viewer, { eventId, placeId, what: "place" });
  return {
    placeId,
    reference: placeReference(found.registration.reference, found.place.number),
    name: found.place.name,
    role: found.place.crewRole,
    answers: list,
  };
}

export type CrewFileDownload = { ok: true; name: string; contentType: string; bytes: Buffer } | { ok: false; status: 403 | 404 };

/**
 * A file of the event's crew file, opened for staff: a health item's file only for the health
 * permission, and that view recorded ("file"). A file of a place no longer live stays readable
 * to staff until the retention sweep erases it.
 */
export async function crewFileForStaff(db: DbOrTx, eventId: string, fileId: string, viewer: CrewViewer): Promise<CrewFileDownload> {
  const [row] = await db
    .select({ file: crewFiles, health: crewItems.health })
    .from(crewFiles)
    .innerJoin(crewItems, eq(crewItems.id, crewFiles.itemId))
    .where(and(eq(crewFiles.id, fileId), eq(crewItems.eventId, eventId)))
    .limit(1);
  if (!row || row.file.erasedAt || !row.file.sealedBytes || !row.file.sealedName) return { ok: false, status: 404 };
  if (row.health && !viewer.health) return { ok: false, status: 403 };
  let name: string;
  let bytes: Buffer;
  try {
    name = openText(row.file.sealedName);
    bytes = openBytes(Buffer.from(row.file.sealedBytes));
  } catch (error) {
    log.error(`A crew file (${fileId}) could not be opened`, error);
    return { ok: false, status: 404 };
  }
  if (row.health) await recordHealthView(db, viewer, { eventId, placeId: row.file.placeId, what: "file" });
  return { ok: true, name, contentType: row.file.contentType, bytes };
}

export type CrewChange = { ok: true } | { ok: false; error: MessageKey; status: 400 | 404 };

/** Sets a participant's role aboard (skipper, mate, watch leader, crew), with its audit row. */
export async function setCrewRole(eventId: string, placeId: string, role: CrewRole, actor: Actor): Promise<CrewChange> {
  return database().transaction(async (tx) => {
    const found = await livePlaceOf(tx, eventId, placeId);
    if (!found) return { ok: false, error: "admin.crew.file.placeNotFound", status: 404 };
    if (found.place.crewRole === role) return { ok: true };
    await tx.update(bookingPlaces).set({ crewRole: role }).where(eq(bookingPlaces.id, placeId));
    await audit(tx, {
      entityType: "registration",
      entityId: found.registration.id,
      registrationId: found.registration.id,
      eventId,
      action: "place.crew_role",
      actor,
      changes: { place: { from: placeId, to: placeId }, crewRole: { from: found.place.crewRole, to: role } },
    });
    return { ok: true };
  });
}

export const MAX_UNLOCK_DAYS = 60;

/**
 * Opens an item again for one participant until the end of the Amsterdam day `days` days from
 * today, with an audit row naming the staff member. An item not yet answered gets an answer row
 * without a value (value and sealed null) that carries the unlock.
 */
export async function unlockCrewItem(eventId: string, placeId: string, itemId: string, days: number, actor: Actor): Promise<CrewChange & { until?: Date }> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_UNLOCK_DAYS) return { ok: false, error: "admin.crew.file.unlockDays.invalid", status: 400 };
  return database().transaction(async (tx) => {
    const found = await livePlaceOf(tx, eventId, placeId);
    if (!found) return { ok: false, error: "admin.crew.file.placeNotFound", status: 404 };
    const [item] = await tx
      .select()
      .from(crewItems)
      .where(and(eq(crewItems.id, itemId), eq(crewItems.eventId, eventId)))
      .limit(1);
    if (!item || item.archivedAt) return { ok: false, error: "admin.crew.items.notFound", status: 404 };
    const at = now();
    const until = teamDayEnd(addDays(teamDay(at), days));
    const [before] = await tx
      .select({ unlockedUntil: crewAnswers.unlockedUntil })
      .from(crewAnswers)
      .where(and(eq(crewAnswers.placeId, placeId), eq(crewAnswers.itemId, itemId)))
      .limit(1);
    await tx
      .insert(crewAnswers)
      .values({ placeId, itemId, value: null, sealed: null, answeredAt: at, unlockedUntil: until })
      .onConflictDoUpdate({ target: [crewAnswers.placeId, crewAnswers.itemId], set: { unlockedUntil: until } });
    await audit(tx, {
      entityType: "registration",
      entityId: found.registration.id,
      registrationId: found.registration.id,
      eventId,
      action: "crew_item.unlocked",
      actor,
      changes: { place: { from: placeId, to: placeId }, item: { from: itemId, to: itemId }, unlockedUntil: { from: before?.unlockedUntil?.toISOString() ?? null, to: until.toISOString() } },
    });
    return { ok: true, until };
  });
}
