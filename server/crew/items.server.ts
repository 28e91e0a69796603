import { and, asc, count, eq, isNull, max, sql } from "drizzle-orm";
import type { MessageKey } from "~/i18n";
import { crewItemColumns, crewOptionsText, type CrewItemFormDefaults, type CrewItemFormValues } from "~/schemas/crew-item-form";
import { audit, changesOf, type Actor } from "../audit/audit.server";
import { now } from "../clock.server";
import { db as database, type DbOrTx, type Transaction } from "../db/client.server";
import { crewAnswers, crewFiles, crewItems, events } from "../db/schema.server";

export type CrewItem = typeof crewItems.$inferSelect;
export type CrewAnswer = typeof crewAnswers.$inferSelect;

/**
 * The items of an event's crew file as staff define them (issue 27, decision 043): add, edit,
 * move, archive (an item with answers is never deleted: archived, its answers kept), restore,
 * delete (only an item nobody answered) and copy from another event. Each change is one
 * transaction with its audit row (entity "event", action "crew_item.…").
 */

export type CrewItemChange = { ok: true; item?: CrewItem; copied?: number } | { ok: false; error: MessageKey; status: 400 | 404 | 409 };

const NOT_FOUND = { ok: false, error: "admin.crew.items.notFound", status: 404 } as const;

/** The event's items by position; archived ones only when asked (after the active ones). */
export async function eventCrewItems(db: DbOrTx, eventId: string, options: { archived?: boolean } = {}): Promise<CrewItem[]> {
  const rows = await db
    .select()
    .from(crewItems)
    .where(and(eq(crewItems.eventId, eventId), options.archived ? undefined : isNull(crewItems.archivedAt)))
    .orderBy(asc(crewItems.position), asc(crewItems.createdAt));
  return rows.sort((a, b) => Number(a.archivedAt !== null) - Number(b.archivedAt !== null));
}

/** How many answers (and files) each item of the event has. */
export async function answerCounts(db: DbOrTx, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ itemId: crewAnswers.itemId, n: count() })
    .from(crewAnswers)
    .innerJoin(crewItems, eq(crewItems.id, crewAnswers.itemId))
    .where(and(eq(crewItems.eventId, eventId), isNull(crewAnswers.erasedAt), sql`(${crewAnswers.value} is not null or ${crewAnswers.sealed} is not null)`))
    .groupBy(crewAnswers.itemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.n)]));
}

/** An item as the editor's form shows it. */
export function crewItemFormDefaults(item: CrewItem): CrewItemFormDefaults {
  return {
    kind: item.kind,
    labelNl: item.labelNl,
    labelEn: item.labelEn,
    helpNl: item.helpNl ?? "",
    helpEn: item.helpEn ?? "",
    options: crewOptionsText(item.options),
    followUpNl: item.followUpNl ?? "",
    followUpEn: item.followUpEn ?? "",
    qualificationName: item.qualificationName ?? "",
    asked: item.asked,
    dueDaysBefore: item.dueDaysBefore === null ? "" : String(item.dueDaysBefore),
    required: item.required,
    health: item.health,
  };
}

async function lockedEvent(tx: Transaction, eventId: string): Promise<boolean> {
  // One editor change at a time per event: positions are read and written under this row lock.
  const [row] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
  return Boolean(row);
}

async function itemOf(tx: Transaction, eventId: string, itemId: string): Promise<CrewItem | undefined> {
  const [item] = await tx
    .select()
    .from(crewItems)
    .where(and(eq(crewItems.id, itemId), eq(crewItems.eventId, eventId)))
    .limit(1);
  return item;
}

async function nextPosition(tx: Transaction, eventId: string): Promise<number> {
  const [row] = await tx.select({ last: max(crewItems.position) }).from(crewItems).where(eq(crewItems.eventId, eventId));
  return (row?.last ?? -1) + 1;
}

async function hasAnswers(tx: Transaction, itemId: string): Promise<boolean> {
  const [answer] = await tx.select({ id: crewAnswers.id }).from(crewAnswers).where(eq(crewAnswers.itemId, itemId)).limit(1);
  if (answer) return true;
  const [file] = await tx.select({ id: crewFiles.id }).from(crewFiles).where(eq(crewFiles.itemId, itemId)).limit(1);
  return Boolean(file);
}

const auditItem = (tx: Transaction, eventId: string, action: string, actor: Actor, changes: Record<string, { from: unknown; to: unknown }> = {}) =>
  audit(tx, { entityType: "event", entityId: eventId, eventId, action, actor, changes });

export async function createCrewItem(eventId: string, values: CrewItemFormValues, actor: Actor): Promise<CrewItemChange> {
  return database().transaction(async (tx) => {
    if (!(await lockedEvent(tx, eventId))) return NOT_FOUND;
    const columns = crewItemColumns(values);
    const [item] = await tx
      .insert(crewItems)
      .values({ eventId, position: await nextPosition(tx, eventId), ...columns })
      .returning();
    await auditItem(tx, eventId, "crew_item.created", actor, { item: { from: null, to: item.id }, label: { from: null, to: item.labelNl } });
    return { ok: true, item };
  });
}

/**
 * Changes an item. Its kind stays once someone answered it: the stored answers are of that kind.
 * A choice keeps the values its answers hold.
 */
export async function updateCrewItem(eventId: string, itemId: string, values: CrewItemFormValues, actor: Actor): Promise<CrewItemChange> {
  return database().transaction(async (tx) => {
    if (!(await lockedEvent(tx, eventId))) return NOT_FOUND;
    const before = await itemOf(tx, eventId, itemId);
    if (!before) return NOT_FOUND;
    const columns = crewItemColumns(values);
    if (columns.kind !== before.kind && (await hasAnswers(tx, itemId))) return { ok: false, error: "admin.crew.items.kindLocked", status: 409 };
    if (before.health !== columns.health && (await hasAnswers(tx, itemId))) return { ok: false, error: "admin.crew.items.healthLocked", status: 409 };
    const [item] = await tx.update(crewItems).set(columns).where(eq(crewItems.id, itemId)).returning();
    await auditItem(tx, eventId, "crew_item.updated", actor, { item: { from: itemId, to: itemId }, ...changesOf(before as Record<string, unknown>, columns) });
    return { ok: true, item };
  });
}

/** Swaps the item with its active neighbour above or below (positions renumbered 0…n-1). */
export async function moveCrewItem(eventId: string, itemId: string, direction: "up" | "down", actor: Actor): Promise<CrewItemChange> {
  return database().transaction(async (tx) => {
    if (!(await lockedEvent(tx, eventId))) return NOT_FOUND;
    const active = await eventCrewItems(tx, eventId);
    const index = active.findIndex((item) => item.id === itemId);
    if (index < 0) return NOT_FOUND;
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= active.length) return { ok: true };
    const order = [...active];
    [order[index], order[other]] = [order[other], order[index]];
    for (const [position, item] of order.entries()) {
      if (item.position !== position) await tx.update(crewItems).set({ position }).where(eq(crewItems.id, item.id));
    }
    await auditItem(tx, eventId, "crew_item.moved", actor, { item: { from: itemId, to: itemId }, position: { from: index, to: other } });
    return { ok: true };
  });
}

/** Archives an item: no longer asked nor counted; its answers stay for the staff. */
export async function archiveCrewItem(eventId: string, itemId: string, actor: Actor): Promise<CrewItemChange> {
  return database().transaction(async (tx) => {
    if (!(await lockedEvent(tx, eventId))) return NOT_FOUND;
    const before = await itemOf(tx, eventId, itemId);
    if (!before) return NOT_FOUND;
    if (before.archivedAt) return { ok: true, item: before };
    const [item] = await tx.update(crewItems).set({ archivedAt: now() }).where(eq(crewItems.id, itemId)).returning();
    await auditItem(tx, eventId, "crew_item.archived", actor, { item: { from: itemId, to: itemId } });
    return { ok: true, item };
  });
}

/** Puts an archived item back, at the end of the list. */
export async function restoreCrewItem(eventId: string, itemId: string, actor: Actor): Promise<CrewItemChange> {
  return database().transaction(async (tx) => {
    if (!(await lockedEvent(tx, eventId))) return NOT_FOUND;
    const before = await itemOf(tx, eventId, itemId);
    if (!before) return NOT_FOUND;
    if (!before.archivedAt) return { ok: true, item: before };
    const [item] = await tx
      .update(crewItems)
      .set({ archivedAt: null, position: await nextPosition(tx, eventId) })
      .where(eq(crewItems.id, itemId))
      .returning();
    await auditItem(tx, eventId, "crew_item.restored", actor, { item: { from: itemId, to: itemId } });
    return { ok: true, item };
  });
}

/** Deletes an item nobody answered (a mistake); one with answers is refused: archive it. */
export async function deleteCrewItem(eventId: string, itemId: string, actor: Actor): Promise<CrewItemChange> {
  return database().transaction(async (tx) => {
    if (!(await lockedEvent(tx, eventId))) return NOT_FOUND;
    const before = await itemOf(tx, eventId, itemId);
    if (!before) return NOT_FOUND;
    if (await hasAnswers(tx, itemId)) return { ok: false, error: "admin.crew.items.hasAnswers", status: 409 };
    await tx.delete(crewItems).where(eq(crewItems.id, itemId));
    await auditItem(tx, eventId, "crew_item.deleted", actor, { item: { from: itemId, to: null }, label: { from: before.labelNl, to: null } });
    return { ok: true };
  });
}

/** Copies every active item of another event (new ids), appended after this event's items. */
export async function copyCrewItems(eventId: string, fromEventId: string, actor: Actor): Promise<CrewItemChange> {
  if (eventId === fromEventId) return { ok: false, error: "admin.crew.items.copySame", status: 400 };
  return database().transaction(async (tx) => {
    if (!(await lockedEvent(tx, eventId))) return NOT_FOUND;
    const [source] = await tx.select({ id: events.id }).from(events).where(eq(events.id, fromEventId)).limit(1);
    if (!source) return { ok: false, error: "admin.crew.items.copyNotFound", status: 404 };
    const items = await eventCrewItems(tx, fromEventId);
    if (items.length === 0) return { ok: false, error: "admin.crew.items.copyEmpty", status: 400 };
    const start = await nextPosition(tx, eventId);
    await tx.insert(crewItems).values(
      items.map((item, index) => ({
        eventId,
        position: start + index,
        kind: item.kind,
        labelNl: item.labelNl,
        labelEn: item.labelEn,
        helpNl: item.helpNl,
        helpEn: item.helpEn,
        options: item.options,
        followUpNl: item.followUpNl,
        followUpEn: item.followUpEn,
        qualificationName: item.qualificationName,
        asked: item.asked,
        dueDaysBefore: item.dueDaysBefore,
        required: item.required,
        health: item.health,
      })),
    );
    await auditItem(tx, eventId, "crew_item.copied", actor, { fromEvent: { from: null, to: fromEventId }, items: { from: null, to: items.length } });
    return { ok: true, copied: items.length };
  });
}

/** Other events with active items, newest first: where "copy from" can take a list. */
export async function eventsWithCrewItems(db: DbOrTx, exceptEventId: string): Promise<{ id: string; name: string; startDate: Date; items: number }[]> {
  const rows = await db
    .select({ id: events.id, name: events.name, startDate: events.startDate, items: count(crewItems.id) })
    .from(events)
    .innerJoin(crewItems, and(eq(crewItems.eventId, events.id), isNull(crewItems.archivedAt)))
    .where(sql`${events.id} <> ${exceptEventId}`)
    .groupBy(events.id, events.name, events.startDate)
    .orderBy(sql`${events.startDate} desc`);
  return rows.map((r) => ({ ...r, items: Number(r.items) }));
}
