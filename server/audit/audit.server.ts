import { asc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { now } from "../clock.server";
import { executeRows, type DbOrTx, type Transaction } from "../db/client.server";
import { insertRecordsSql, jsonRecords } from "../db/json-records.server";
import { auditLog, type AuditChanges, type AuditRow } from "../db/schema.server";

/**
 * Who made a change: the participant (through their manage-my-booking link or a form), a staff
 * member (by account id), the payment provider (by its event id) or a job of the system (by name).
 */
export type Actor =
  | { type: "participant" }
  | { type: "staff"; userId: string }
  | { type: "provider"; eventId?: string | null }
  | { type: "system"; job: string };

export const SYSTEM = (job: string): Actor => ({ type: "system", job });
export const PARTICIPANT: Actor = { type: "participant" };

function actorId(actor: Actor): string | null {
  switch (actor.type) {
    case "staff":
      return actor.userId;
    case "provider":
      return actor.eventId ?? null;
    case "system":
      return actor.job;
    default:
      return null;
  }
}

/** The actor as the `requestedBy`/`createdBy` text of refunds and offers: "participant", "system", "staff:<id>". */
export function actorLabel(actor: Actor): string {
  return actor.type === "staff" ? `staff:${actor.userId}` : actor.type;
}

export type AuditEntry = {
  entityType: AuditRow["entityType"];
  entityId: string;
  registrationId?: string | null;
  eventId?: string | null;
  /** What happened, noun.verb: "registration.cancelled", "payment.paid", "refund.succeeded", … */
  action: string;
  changes?: AuditChanges;
  actor: Actor;
  reason?: string | null;
  at?: Date;
};

/**
 * Writes one row of the audit trail. Takes a transaction on purpose: the row commits with the
 * change it describes, or neither does.
 */
export async function audit(tx: Transaction, entries: AuditEntry | AuditEntry[]): Promise<void> {
  // Several at once (a batch of registrations, decision 021): one insert.
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  // One statement text for any number of entries (decision 035).
  await tx.execute(insertRecordsSql(auditLog, list.map(auditRow)));
}

/** The row an entry becomes (its defaults: now, no registration or event, no changes, no reason). */
function auditRow(entry: AuditEntry) {
  return {
    at: entry.at ?? now(),
    entityType: entry.entityType,
    entityId: entry.entityId,
    registrationId: entry.registrationId ?? null,
    eventId: entry.eventId ?? null,
    action: entry.action,
    changes: entry.changes ?? {},
    actorType: entry.actor.type,
    actorId: actorId(entry.actor),
    reason: entry.reason ?? null,
  };
}

/**
 * A change of one or more rows and their audit rows in a single statement: the change (an insert
 * or update returning at least the `id` of each row it changed) runs as a data-modifying CTE, and
 * each entry is written only when the row it is about (its `entityId`) was changed. Atomic
 * without a transaction, in one round trip instead of the four of BEGIN, change, audit, COMMIT
 * (or, inside a transaction, one instead of two): for the registration's hot path, where those
 * round trips queue behind each other under a burst (issue 13). The entries must not depend on
 * the changed rows (give each row its id up front). Answers what the change returned, a row for
 * each row changed (and audited).
 */
export async function changedWithAudit(database: DbOrTx, change: SQLWrapper, entries: AuditEntry[]): Promise<Record<string, unknown>[]> {
  if (entries.length === 0) throw new Error("changedWithAudit needs an audit entry");
  const { columns, records } = jsonRecords(auditLog, entries.map(auditRow));
  return executeRows<Record<string, unknown>>(
    database,
    sql`with changed as (${change.getSQL()}),
        audited as (
          insert into ${auditLog} (${columns})
          select ${columns} from ${records} as entry
          where entry.entity_id in (select id::text from changed)
        )
        select * from changed`,
  );
}

/** `changedWithAudit`, answering the ids of the rows changed (and audited). */
export async function changesWithAudit(database: DbOrTx, change: SQLWrapper, entries: AuditEntry[]): Promise<Set<string>> {
  return new Set((await changedWithAudit(database, change, entries)).map((row) => String(row.id)));
}

/**
 * The fields that differ between `before` and `after` (only the keys of `after`), as from → to.
 * Dates compare by instant and are written as ISO strings.
 */
export function changesOf<T extends Record<string, unknown>>(before: T, after: Partial<T>): AuditChanges {
  const changes: AuditChanges = {};
  const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
  for (const key of Object.keys(after)) {
    const from = plain(before[key]);
    const to = plain(after[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/** A registration's trail, oldest first (the admin's registration page). */
export async function auditTrail(db: DbOrTx, registrationId: string): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(eq(auditLog.registrationId, registrationId)).orderBy(asc(auditLog.at), asc(auditLog.id));
}
