// @engine both: batch inserts as one JSON parameter: SQL written by hand
import crypto from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { audit, PARTICIPANT } from "@server/audit/audit.server";
import { executeRows, type Database } from "@server/db/client.server";
import { insertRecordsSql, rowsOf } from "@server/db/json-records.server";
import { auditLog, registrations } from "@server/db/schema.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, registrationRow } from "./booking-fixtures";

// Rows of a batch as one JSON parameter (decision 035): the same statement text for any number
// of rows, and the rows written and answered exactly as Drizzle's own insert would. On PGlite and
// on PostgreSQL.
/** The rows inserted, as Drizzle's insert … returning() answers them. */
async function insertRecords(database: Database, rows: (typeof registrations.$inferInsert)[], onConflict = sql``) {
  return rowsOf(registrations, await executeRows<Record<string, unknown>>(database, insertRecordsSql(registrations, rows, sql`${onConflict} returning *`)));
}

describe("insertRecordsSql and rowsOf", () => {
  const database = useTestDatabase();
  const at = new Date("2026-03-01T10:00:00.123Z");

  // Every nullable column given (as null) so that a row lacking one is a lacking row.
  const row = (eventId: string, n: number, overrides: Partial<typeof registrations.$inferInsert> = {}) =>
    registrationRow(eventId, {
      reference: `JR-${crypto.randomBytes(4).toString("hex")}`,
      customerName: `Deelnemer ${n}`,
      customerEmail: `deelnemer${n}@example.com`,
      phoneNumber: null,
      comments: null,
      locale: "nl",
      holdExpiresAt: new Date(at.getTime() + 7 * 60_000),
      clientKey: null,
      termsAccepted: true,
      termsAcceptedAt: at,
      confirmedAt: null,
      waitlistOfferId: null,
      ...overrides,
    });

  const statementOf = (rows: ReturnType<typeof row>[]) => new PgDialect().sqlToQuery(insertRecordsSql(registrations, rows, sql`returning *`));

  it("builds one statement text with one parameter for one row or fifty", async () => {
    const event = await insertEvent(at);
    const one = statementOf([row(event.id, 1)]);
    const fifty = statementOf(Array.from({ length: 50 }, (_, n) => row(event.id, n)));
    expect(fifty.sql).toBe(one.sql);
    expect(one.params).toHaveLength(1);
    expect(fifty.params).toHaveLength(1);
  });

  it("answers the inserted rows as Drizzle reads them back, the columns not given at their defaults", async () => {
    const event = await insertEvent(at);
    const given = [row(event.id, 1), row(event.id, 2, { phoneNumber: "+31 70 1234567", comments: "Vegetarisch" })];
    const inserted = await insertRecords(database.db(), given);
    const read = await database
      .db()
      .select()
      .from(registrations)
      .where(inArray(registrations.reference, given.map((g) => g.reference)));
    expect(inserted).toHaveLength(2);
    for (const answered of inserted) {
      const stored = read.find((r) => r.id === answered.id);
      expect(answered).toEqual(stored);
      // Not given: the database's defaults (a random id, the time of the insert).
      expect(answered.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(answered.createdAt).toBeInstanceOf(Date);
    }
    const second = inserted.find((r) => r.reference === given[1].reference)!;
    expect(second).toMatchObject({ phoneNumber: "+31 70 1234567", comments: "Vegetarisch", status: "pending_payment", priceCents: 29_500, birthDate: "1990-05-17" });
    expect(second.holdExpiresAt?.toISOString()).toBe(given[1].holdExpiresAt?.toISOString());
    expect(second.termsAcceptedAt.toISOString()).toBe(at.toISOString());
  });

  it("keeps every character of the text as given (quotes, backslashes, accents, emoji, new lines)", async () => {
    const event = await insertEvent(at);
    const name = `Zoë "Zee" O'Brien \\ 🚤 Ærø\nTweede regel {"a":1} $1 ::json`;
    const [inserted] = await insertRecords(database.db(), [row(event.id, 3, { customerName: name })]);
    expect(inserted.customerName).toBe(name);
    const [stored] = await database.db().select({ name: registrations.customerName }).from(registrations).where(eq(registrations.id, inserted.id));
    expect(stored.name).toBe(name);
  });

  it("skips the rows an on-conflict clause skips, and answers only those inserted", async () => {
    const event = await insertEvent(at);
    const [first] = await insertRecords(database.db(), [row(event.id, 4)]);
    const again = row(event.id, 5, { reference: first.reference });
    const other = row(event.id, 6);
    const inserted = await insertRecords(database.db(), [again, other], sql`on conflict (reference) do nothing`);
    expect(inserted.map((r) => r.reference)).toEqual([other.reference]);
  });

  it("refuses a batch whose later row lacks a column the first row gives, writing nothing", async () => {
    const event = await insertEvent(at);
    const complete = row(event.id, 7);
    const { phoneNumber: _left, ...lacking } = row(event.id, 8);
    await expect(insertRecords(database.db(), [complete, lacking as typeof complete])).rejects.toThrow(/phone_number/);
    expect(await database.db().select().from(registrations).where(eq(registrations.reference, complete.reference))).toHaveLength(0);
  });

  it("writes audit entries with their changes as JSON and their instants to the millisecond", async () => {
    const event = await insertEvent(at);
    const entityId = crypto.randomUUID();
    const changes = { status: { from: null, to: "open" }, note: { from: "a \"b\"", to: "ü 🚤" }, amountCents: { from: 0, to: 14_750 } };
    await database.db().transaction((tx) =>
      audit(tx, [
        { entityType: "payment", entityId, eventId: event.id, action: "payment.created", changes, actor: PARTICIPANT, at },
        { entityType: "payment", entityId, eventId: event.id, action: "payment.opened", actor: { type: "staff", userId: "u1" }, reason: "bij de balie", at },
      ]),
    );
    const rows = await database.db().select().from(auditLog).where(eq(auditLog.entityId, entityId));
    expect(rows.map((r) => r.action).sort()).toEqual(["payment.created", "payment.opened"]);
    const created = rows.find((r) => r.action === "payment.created")!;
    expect(created).toMatchObject({ changes, actorType: "participant", actorId: null, reason: null, registrationId: null, eventId: event.id });
    expect(created.at.toISOString()).toBe(at.toISOString());
    expect(rows.find((r) => r.action === "payment.opened")).toMatchObject({ changes: {}, actorType: "staff", actorId: "u1", reason: "bij de balie" });
  });
});
