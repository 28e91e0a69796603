// @engine both: a migration on a database full of bookings, run by Drizzle's migrator on each engine
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelBooking } from "@server/booking/cancel.server";
import { setNowForTests } from "@server/clock.server";
import { migrationsFolder, openDatabase, setDatabase, type Database, type DatabaseHandle } from "@server/db/client.server";
import { setEnvForTests } from "@server/env.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { FakeProvider } from "./booking-fixtures";

/*
 * Migration 0016 (group bookings, decision 042) on a database that has lived: bookings confirmed
 * with a deposit and a balance, cancelled with a refund, an expired hold, a running hold, a moved
 * booking after a weather move, bookings through a waiting-list offer, an open offer, an erased
 * person, audit rows and e-mails. The database is migrated up to 0015 only (the committed
 * migrations with the journal cut after 0015), filled in SQL as the release before wrote it, and
 * every table is read in full; then it is migrated to the head and read again. Nothing that was
 * there changes; the new columns have their defaults; every registration gets exactly one place
 * with its own participant; and the migrated bookings still count and cancel as before.
 */

const NOW = new Date("2026-03-02T10:00:00Z");
const DAY = 86_400_000;
const iso = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const EVENT = { main: id(1), movedFrom: id(2), movedTo: id(3), waitlist: id(4), past: id(5) };
const REG = { paid: id(11), refunded: id(12), expired: id(13), moved: id(14), offerA: id(15), offerB: id(16), erased: id(17), held: id(18) };

/** The committed migrations up to and including `lastIdx`, in a folder of their own. */
function migrationsUpTo(lastIdx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-migrations-"));
  fs.cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  expect(journal.entries.at(-1)?.tag).toBe("0015_two-factor-step-and-english-location");
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** An empty, unmigrated database on this test's engine (PGlite in memory, or a new one on DATABASE_URL). */
async function emptyDatabase(): Promise<DatabaseHandle & { migrateFrom: (folder: string) => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ inMemory: true, migrate: false });
    return { ...handle, migrateFrom: (folder) => migratePglite(handle.db as never, { migrationsFolder: folder }) };
  }
  const name = `t_mig_${crypto.randomBytes(5).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  return {
    ...handle,
    migrateFrom: (folder) => migratePostgres(handle.db as never, { migrationsFolder: folder }),
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Rows of a raw statement on either driver (PGlite answers `{ rows }`, postgres-js an array). */
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** Every table of the public schema, each as its rows (all columns, as JSON), sorted. */
async function snapshot(db: Database): Promise<Map<string, Record<string, unknown>[]>> {
  const tables = await rows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const all = new Map<string, Record<string, unknown>[]>();
  for (const { name } of tables) {
    const found = await rows<{ j: string }>(db, sql`select to_jsonb(t)::text as j from ${sql.identifier(name)} t`);
    all.set(name, found.map((r) => JSON.parse(r.j) as Record<string, unknown>).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
  }
  return all;
}

/** The life of a small season, written in SQL as the release before (schema 0015) stored it. */
async function fill(db: Database): Promise<void> {
  const event = (eventId: string, slug: string, start: number, extra: Record<string, string> = {}) => {
    const values: Record<string, string> = {
      id: `'${eventId}'`,
      slug: `'${slug}'`,
      name: `'Zeildag ${slug}'`,
      name_en: `'Sailing day ${slug}'`,
      start_date: `'${iso(start)}'`,
      end_date: `'${iso(start + 0.3)}'`,
      price_cents: "29500",
      deposit_percent: "50",
      max_participants: "10",
      kind: "'sailing'",
      ...extra,
    };
    return sql.raw(`insert into events (${Object.keys(values).join(", ")}) values (${Object.values(values).join(", ")})`);
  };
  await db.execute(event(EVENT.main, "main", 60));
  await db.execute(event(EVENT.movedFrom, "moved-from", 20, { status: "'cancelled'", cancellation_message: "'Te veel wind.'" }));
  await db.execute(event(EVENT.movedTo, "moved-to", 27));
  await db.execute(event(EVENT.waitlist, "waitlist", 45, { booking_mode: "'waitlist'" }));
  await db.execute(event(EVENT.past, "past", -400, { status: "'completed'" }));

  const registration = (
    regId: string,
    eventId: string,
    reference: string,
    status: string,
    extra: Record<string, string> = {},
  ) => {
    const values: Record<string, string> = {
      id: `'${regId}'`,
      reference: `'${reference}'`,
      event_id: `'${eventId}'`,
      customer_name: `'Deelnemer ${reference}'`,
      customer_email: `'${reference.toLowerCase()}@example.com'`,
      phone_number: "'+31 6 12345678'",
      birth_date: "'1988-04-12'",
      street: "'Havenstraat 1'",
      city: "'Den Haag'",
      postal_code: "'2583 AB'",
      country: "'Nederland'",
      next_of_kin_name: "'Familie'",
      next_of_kin_phone: "'+31 6 87654321'",
      locale: "'en'",
      status: `'${status}'`,
      price_cents: "29500",
      amount_due_cents: "14750",
      terms_accepted: "true",
      terms_accepted_at: `'${iso(-10)}'`,
      waiver_version: "'2026-01'",
      client_key: "'abcdef'",
      created_at: `'${iso(-10)}'`,
      updated_at: `'${iso(-9)}'`,
      ...extra,
    };
    return sql.raw(`insert into registrations (${Object.keys(values).join(", ")}) values (${Object.values(values).join(", ")})`);
  };
  await db.execute(registration(REG.paid, EVENT.main, "PAID01", "confirmed", { confirmed_at: `'${iso(-10)}'`, practical_info_sent_at: `'${iso(-1)}'`, balance_reminder_sent_at: `'${iso(-3)}'` }));
  await db.execute(registration(REG.refunded, EVENT.main, "REFD02", "cancelled", { locale: "'nl'", confirmed_at: `'${iso(-10)}'`, cancelled_at: `'${iso(-2)}'`, amount_due_cents: "29500", comments: "'Vegetarisch'" }));
  await db.execute(registration(REG.expired, EVENT.main, "EXPD03", "expired", { hold_expires_at: `'${iso(-5)}'` }));
  await db.execute(registration(REG.held, EVENT.main, "HELD08", "pending_payment", { hold_expires_at: `'${new Date(NOW.getTime() + 20 * 60_000).toISOString()}'` }));
  await db.execute(registration(REG.moved, EVENT.movedTo, "MOVD04", "confirmed", { confirmed_at: `'${iso(-10)}'`, move_count: "1", moved_at: `'${iso(-1)}'` }));
  await db.execute(registration(REG.erased, EVENT.past, "ERAS07", "confirmed", {
    customer_name: "''",
    customer_email: "''",
    phone_number: "null",
    birth_date: "null",
    street: "''",
    city: "''",
    postal_code: "''",
    country: "''",
    next_of_kin_name: "null",
    next_of_kin_phone: "null",
    client_key: "null",
    confirmed_at: `'${iso(-420)}'`,
    personal_data_erased_at: `'${iso(-20)}'`,
  }));

  // The waiting list: an offer of 2 taken by two bookings (accepted), and an open offer of 1.
  await db.execute(sql.raw(`insert into waitlist_entries (id, event_id, name, email, places, locale, status) values
    ('${id(21)}', '${EVENT.waitlist}', 'Wachtende A', 'wa@example.com', 2, 'nl', 'booked'),
    ('${id(22)}', '${EVENT.waitlist}', 'Wachtende B', 'wb@example.com', 1, 'en', 'offered')`));
  await db.execute(sql.raw(`insert into waitlist_offers (id, entry_id, event_id, places, status, expires_at, created_by, closed_at) values
    ('${id(31)}', '${id(21)}', '${EVENT.waitlist}', 2, 'accepted', '${iso(1)}', 'system:waitlist', '${iso(-1)}'),
    ('${id(32)}', '${id(22)}', '${EVENT.waitlist}', 1, 'open', '${iso(2)}', 'system:waitlist', null)`));
  await db.execute(registration(REG.offerA, EVENT.waitlist, "OFFA05", "confirmed", { confirmed_at: `'${iso(-1)}'`, waitlist_offer_id: `'${id(31)}'` }));
  await db.execute(registration(REG.offerB, EVENT.waitlist, "OFFB06", "confirmed", { confirmed_at: `'${iso(-1)}'`, waitlist_offer_id: `'${id(31)}'`, client_key: "null" }));

  // The weather move: the team moved "moved-from" to "moved-to"; the booking chose the new date.
  await db.execute(sql.raw(`insert into event_disruptions (id, event_id, kind, new_event_id, created_by, announced_at) values
    ('${id(41)}', '${EVENT.movedFrom}', 'moved', '${EVENT.movedTo}', 'staff:user-7', '${iso(-2)}')`));
  await db.execute(sql.raw(`insert into disruption_responses (id, disruption_id, registration_id, choice, automatic, target_event_id, answered_at) values
    ('${id(42)}', '${id(41)}', '${REG.moved}', 'moved', false, '${EVENT.movedTo}', '${iso(-1)}')`));

  // Money: a deposit and a balance; a full payment refunded; an expired checkout; the moved booking's payment.
  await db.execute(sql.raw(`insert into payments (id, registration_id, provider, provider_session_id, provider_payment_id, kind, amount_cents, status, paid_at, received_amount_cents, received_currency, expires_at, opened_at) values
    ('${id(51)}', '${REG.paid}', 'stripe', 'cs_1', 'pi_1', 'deposit', 14750, 'paid', '${iso(-10)}', 14750, 'eur', '${iso(-9)}', '${iso(-10)}'),
    ('${id(52)}', '${REG.paid}', 'stripe', 'cs_2', 'pi_2', 'balance', 14750, 'paid', '${iso(-3)}', 14750, 'eur', '${iso(-2)}', '${iso(-3)}'),
    ('${id(53)}', '${REG.refunded}', 'stripe', 'cs_3', 'pi_3', 'full', 29500, 'refunded', '${iso(-10)}', 29500, 'eur', '${iso(-9)}', '${iso(-10)}'),
    ('${id(54)}', '${REG.expired}', 'stripe', 'cs_4', null, 'deposit', 14750, 'expired', null, null, null, '${iso(-5)}', null),
    ('${id(55)}', '${REG.moved}', 'test', 'cs_5', 'pi_5', 'full', 29500, 'paid', '${iso(-10)}', 29500, 'eur', '${iso(-9)}', '${iso(-10)}')`));
  await db.execute(sql.raw(`insert into refunds (id, registration_id, payment_id, amount_cents, reason, status, provider_refund_id, idempotency_key, requested_by, succeeded_at) values
    ('${id(61)}', '${REG.refunded}', '${id(53)}', 29500, 'Cancelled by the participant', 'succeeded', 're_1', 'cancel:${REG.refunded}:1', 'participant', '${iso(-2)}')`));

  // The audit trail of it all, and an e-mail in the outbox.
  const audits: [string, string, string | null, string, string, string][] = [
    [id(71), "registration", REG.paid, EVENT.main, "registration.created", '{"status":{"from":null,"to":"pending_payment"}}'],
    [id(72), "registration", REG.paid, EVENT.main, "registration.confirmed", '{"status":{"from":"pending_payment","to":"confirmed"}}'],
    [id(73), "registration", REG.refunded, EVENT.main, "registration.cancelled", '{"status":{"from":"confirmed","to":"cancelled"}}'],
    [id(74), "registration", REG.expired, EVENT.main, "registration.expired", '{"status":{"from":"pending_payment","to":"expired"}}'],
    [id(75), "registration", REG.moved, EVENT.movedTo, "registration.moved", `{"eventId":{"from":"${EVENT.movedFrom}","to":"${EVENT.movedTo}"}}`],
    [id(76), "registration", REG.erased, EVENT.past, "registration.personal_data_erased", "{}"],
    [id(77), "waitlist_offer", null, EVENT.waitlist, "waitlist_offer.accepted", '{"status":{"from":"open","to":"accepted"}}'],
  ];
  for (const [auditId, entityType, registrationId, eventId, action, changes] of audits) {
    await db.execute(sql.raw(`insert into audit_log (id, at, entity_type, entity_id, registration_id, event_id, action, changes, actor_type, actor_id)
      values ('${auditId}', '${iso(-1)}', '${entityType}', '${registrationId ?? id(31)}', ${registrationId ? `'${registrationId}'` : "null"}, '${eventId}', '${action}', '${changes}'::jsonb, 'system', 'test')`));
  }
  await db.execute(sql.raw(`insert into emails (id, "to", subject, template, locale, html, text, related_id) values
    ('${id(81)}', 'paid01@example.com', 'Bevestiging', 'booking-confirmation', 'en', '<p>Hi</p>', 'Hi', '${REG.paid}')`));
}

/** Places taken per event by the rule of the release before: one per live registration, plus open offers' unused places. */
async function placesTakenBefore(db: Database): Promise<Map<string, number>> {
  const at = sql.raw(`'${NOW.toISOString()}'::timestamptz`);
  const live = await rows<{ event_id: string; n: number }>(
    db,
    sql`select event_id, count(*)::int as n from registrations where status = 'confirmed' or (status = 'pending_payment' and hold_expires_at > ${at}) group by event_id`,
  );
  const offers = await rows<{ event_id: string; held: number }>(
    db,
    sql`select o.event_id, (o.places - count(r.id))::int as held from waitlist_offers o
      left join registrations r on r.waitlist_offer_id = o.id and (r.status = 'confirmed' or (r.status = 'pending_payment' and r.hold_expires_at > ${at}))
      where o.status = 'open' and o.expires_at > ${at} group by o.id`,
  );
  const taken = new Map(live.map((r) => [r.event_id, Number(r.n)]));
  for (const o of offers) if (o.held > 0) taken.set(o.event_id, (taken.get(o.event_id) ?? 0) + Number(o.held));
  return taken;
}

describe("migration 0016 (group bookings) on a database full of bookings", () => {
  let handle: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: Map<string, Record<string, unknown>[]>;
  let after: Map<string, Record<string, unknown>[]>;
  let takenBefore: Map<string, number>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-migration-"));
  const provider = new FakeProvider("stripe");

  beforeAll(async () => {
    setEnvForTests({ DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL, APP_NOW: undefined, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
    handle = await emptyDatabase();
    const upTo15 = migrationsUpTo(15);
    await handle.migrateFrom(upTo15);
    fs.rmSync(upTo15, { recursive: true, force: true });
    await fill(handle.db);
    before = await snapshot(handle.db);
    takenBefore = await placesTakenBefore(handle.db);
    await handle.migrateFrom(migrationsFolder());
    after = await snapshot(handle.db);
    setDatabase(handle);
    setPaymentProviderForTests(provider);
  }, 120_000);

  afterAll(async () => {
    setPaymentProviderForTests(undefined);
    setNowForTests(undefined);
    setDatabase(undefined);
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts from a database that has lived (every kind of row the test means to keep)", () => {
    expect(before.has("booking_places")).toBe(false);
    expect(before.get("registrations")).toHaveLength(8);
    expect(before.get("payments")).toHaveLength(5);
    expect(before.get("refunds")).toHaveLength(1);
    expect(before.get("audit_log")).toHaveLength(7);
    expect(before.get("waitlist_offers")).toHaveLength(2);
    expect(before.get("disruption_responses")).toHaveLength(1);
  });

  it("changes no row that was there: same tables, same rows, same values; the new columns at their defaults", () => {
    // 0016 (group bookings), 0017 (crew file, approval) 0019 (invoices: the event's VAT rate) and 0020 (company bookings) add these columns; every other value stays.
    const NEW_COLUMNS: Record<string, Record<string, unknown>> = {
      registrations: { places: 1, booker_sails: true, participants_reminder_sent_at: null, decided_at: null, decided_by: null, decision_message: null, company_name: null, company_vat_number: null, company_po_reference: null, invoice_address: null },
      events: { max_places_per_booking: 8, participant_deadline_days: 7, requires_approval: false, approval_hold_hours: 72, offshore: false, crew_rule: null, health_retention_days: 30, vat_basis_points: 2100 },
    };
    // The tables they add start empty, except booking_places (one per registration, checked below).
    const NEW_TABLES = ["booking_places", "crew_answers", "crew_files", "crew_items", "crew_reminders", "event_skippers", "health_data_views", "invoice_sequences", "invoices"];
    expect([...after.keys()].filter((t) => !NEW_TABLES.includes(t))).toEqual([...before.keys()]);
    for (const table of NEW_TABLES.filter((t) => t !== "booking_places")) expect(after.get(table), table).toEqual([]);
    for (const [table, rowsBefore] of before) {
      const added = NEW_COLUMNS[table] ?? {};
      const rowsAfter = after.get(table)!;
      expect(rowsAfter, table).toHaveLength(rowsBefore.length);
      for (const row of rowsAfter) expect(row, table).toMatchObject(added);
      const withoutNew = rowsAfter
        .map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !(column in added))))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect(withoutNew, table).toEqual(rowsBefore);
    }
  });

  it("gives every registration exactly one place: its own participant, as the booker who sails", () => {
    const registrationsBefore = before.get("registrations")!;
    const places = after.get("booking_places")!;
    expect(places).toHaveLength(registrationsBefore.length);
    for (const r of registrationsBefore) {
      const own = places.filter((p) => p.registration_id === r.id);
      expect(own, String(r.reference)).toHaveLength(1);
      expect(own[0], String(r.reference)).toMatchObject({
        number: 1,
        crew_role: "crew",
        is_booker: true,
        name: r.customer_name,
        email: r.customer_email,
        locale: r.locale,
        birth_date: r.birth_date,
        street: r.street,
        city: r.city,
        postal_code: r.postal_code,
        country: r.country,
        next_of_kin_name: r.next_of_kin_name,
        next_of_kin_phone: r.next_of_kin_phone,
        waiver_version: r.waiver_version,
        waiver_accepted_at: r.terms_accepted_at,
        personal_data_erased_at: r.personal_data_erased_at,
        replaced_at: null,
        replaced_by_id: null,
        cancelled_at: null,
        invited_at: null,
      });
    }
    // The erased person stays erased on their place: no name, no birth date, no emergency contact.
    const erased = places.find((p) => p.registration_id === REG.erased)!;
    expect(erased).toMatchObject({ name: "", email: "", birth_date: null, next_of_kin_name: null, next_of_kin_phone: null });
    expect(erased.personal_data_erased_at).not.toBeNull();
  });

  it("counts the same places taken as before, per event", async () => {
    const events = Object.values(EVENT);
    const taken = await placesTakenByEvent(handle.db, events, NOW);
    for (const eventId of events) expect(taken.get(eventId) ?? 0, eventId).toBe(takenBefore.get(eventId) ?? 0);
    // The rule by hand: the paid booking and the running hold; the moved booking; two bookings
    // through the accepted offer and the open offer's place; the erased person's (past) booking.
    expect(Object.fromEntries(events.map((e) => [e, taken.get(e) ?? 0]))).toEqual({
      [EVENT.main]: 2,
      [EVENT.movedFrom]: 0,
      [EVENT.movedTo]: 1,
      [EVENT.waitlist]: 3,
      [EVENT.past]: 1,
    });
  });

  it("cancels and refunds a migrated booking (deposit and balance) as any other: whole refund, audit rows, place freed", async () => {
    setNowForTests(NOW);
    const result = await cancelBooking({ registrationId: REG.paid, actor: { type: "staff", userId: "user-7" }, refund: { mode: "full" }, reason: "Boot kapot" });
    expect(result).toMatchObject({ outcome: "cancelled", refund: { outcome: "refunded", refundedCents: 29_500 } });
    // One refund per payment, each of what it took.
    expect(provider.refundRequests.map((r) => [r.paymentId, r.amountCents]).sort()).toEqual([
      ["pi_1", 14_750],
      ["pi_2", 14_750],
    ]);
    const refunds = await rows<{ payment_id: string; amount_cents: number; status: string }>(
      handle.db,
      sql.raw(`select payment_id, amount_cents, status from refunds where registration_id = '${REG.paid}' order by payment_id`),
    );
    expect(refunds).toEqual([
      { payment_id: id(51), amount_cents: 14_750, status: "succeeded" },
      { payment_id: id(52), amount_cents: 14_750, status: "succeeded" },
    ]);
    const actions = await rows<{ action: string }>(handle.db, sql.raw(`select action from audit_log where registration_id = '${REG.paid}' order by at, action`));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["registration.created", "registration.confirmed", "registration.cancelled", "refund.requested", "refund.succeeded"]));
    expect((await placesTakenByEvent(handle.db, [EVENT.main], NOW)).get(EVENT.main)).toBe(1);
  });
});
