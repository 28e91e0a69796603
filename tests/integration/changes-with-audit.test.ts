// @engine both: one statement for a change and its audit row: SQL written by hand
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changesWithAudit, PARTICIPANT } from "@server/audit/audit.server";
import { openCheckout } from "@server/booking/checkout.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, payments } from "@server/db/schema.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, participant } from "./booking-fixtures";

// The single-statement change + audit of the registration's hot path (issue 13, decision 028):
// atomic, written once, and each audit row only when its row was changed. On PGlite and on
// PostgreSQL.
describe("changesWithAudit", () => {
  const database = useTestDatabase();

  async function heldRegistration(n: number) {
    const at = new Date("2026-03-01T10:00:00Z");
    setNowForTests(at);
    const event = await insertEvent(at, { maxParticipants: 20 });
    const created = await createRegistration(database.db(), { eventId: event.id, input: participant(n), locale: "nl", now: at });
    if (created.outcome !== "held") throw new Error(`expected a hold, got ${created.outcome}`);
    return created;
  }

  const openPayment = (registrationId: string, sessionId: string, id = crypto.randomUUID()) =>
    database
      .db()
      .insert(payments)
      .values({ id, registrationId, provider: "test", providerSessionId: sessionId, kind: "deposit", amountCents: 14_750, status: "open" })
      .onConflictDoNothing({ target: payments.providerSessionId })
      .returning({ id: payments.id });

  const auditOf = (entityId: string) => database.db().select().from(auditLog).where(eq(auditLog.entityId, entityId));

  it("writes the change and each audit entry, with every field as given", async () => {
    const { registration, event } = await heldRegistration(1);
    const id = crypto.randomUUID();
    const at = new Date("2026-03-01T10:00:05.123Z");
    const changed = await changesWithAudit(database.db(), openPayment(registration.id, `sess_${id}`, id), [
      {
        entityType: "payment",
        entityId: id,
        registrationId: registration.id,
        eventId: event.id,
        action: "payment.created",
        changes: { status: { from: null, to: "open" }, amountCents: { from: null, to: 14_750 } },
        actor: PARTICIPANT,
        reason: "a reason",
        at,
      },
    ]);
    expect([...changed]).toEqual([id]);
    expect(await database.db().select({ id: payments.id }).from(payments).where(eq(payments.id, id))).toHaveLength(1);
    const [row] = await auditOf(id);
    expect(row).toMatchObject({
      entityType: "payment",
      registrationId: registration.id,
      eventId: event.id,
      action: "payment.created",
      changes: { status: { from: null, to: "open" }, amountCents: { from: null, to: 14_750 } },
      actorType: "participant",
      actorId: null,
      reason: "a reason",
    });
    expect(row.at.toISOString()).toBe(at.toISOString());
  });

  it("writes no audit row when the change changed nothing (a retried checkout's same session)", async () => {
    const { registration } = await heldRegistration(2);
    const first = crypto.randomUUID();
    const entry = (entityId: string) => ({ entityType: "payment" as const, entityId, registrationId: registration.id, action: "payment.created", actor: PARTICIPANT });
    expect([...(await changesWithAudit(database.db(), openPayment(registration.id, "sess_same", first), [entry(first)]))]).toEqual([first]);
    const retry = crypto.randomUUID();
    expect((await changesWithAudit(database.db(), openPayment(registration.id, "sess_same", retry), [entry(retry)])).size).toBe(0);
    expect(await database.db().select().from(payments).where(eq(payments.providerSessionId, "sess_same"))).toHaveLength(1);
    expect(await auditOf(retry)).toHaveLength(0);
    expect(await auditOf(first)).toHaveLength(1);
  });

  it("of several rows, audits exactly the rows changed: a row that conflicted gets no audit row", async () => {
    const { registration } = await heldRegistration(5);
    const taken = crypto.randomUUID();
    const entry = (entityId: string) => ({ entityType: "payment" as const, entityId, registrationId: registration.id, action: "payment.created", actor: PARTICIPANT });
    await changesWithAudit(database.db(), openPayment(registration.id, "sess_taken", taken), [entry(taken)]);
    const [a, b, again] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const row = (id: string, sessionId: string) => ({ id, registrationId: registration.id, provider: "test" as const, providerSessionId: sessionId, kind: "deposit" as const, amountCents: 100, status: "open" as const });
    const changed = await changesWithAudit(
      database.db(),
      database
        .db()
        .insert(payments)
        .values([row(a, "sess_a"), row(again, "sess_taken"), row(b, "sess_b")])
        .onConflictDoNothing({ target: payments.providerSessionId })
        .returning({ id: payments.id }),
      [entry(a), entry(again), entry(b)],
    );
    expect([...changed].sort()).toEqual([a, b].sort());
    expect(await auditOf(a)).toHaveLength(1);
    expect(await auditOf(b)).toHaveLength(1);
    expect(await auditOf(again)).toHaveLength(0);
    expect(await auditOf(taken)).toHaveLength(1);
  });

  it("is one statement: when an audit row cannot be written, the change is not kept either", async () => {
    const { registration } = await heldRegistration(3);
    const id = crypto.randomUUID();
    await expect(
      changesWithAudit(database.db(), openPayment(registration.id, `sess_${id}`, id), [
        // Not a uuid: the audit insert fails inside the statement.
        { entityType: "payment", entityId: id, registrationId: "not-a-uuid", action: "payment.created", actor: PARTICIPANT },
      ]),
    ).rejects.toThrow();
    expect(await database.db().select().from(payments).where(eq(payments.id, id))).toHaveLength(0);
    expect(await auditOf(id)).toHaveLength(0);
  });

  it("opening a checkout records the open payment with its audit row, once", async () => {
    const created = await heldRegistration(4);
    const session = await openCheckout(created.registration, created.event, created.due);
    const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, session.sessionId));
    expect(payment).toMatchObject({ status: "open", kind: "deposit", amountCents: created.registration.amountDueCents, registrationId: created.registration.id });
    const rows = await auditOf(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "payment.created",
      eventId: created.event.id,
      changes: { status: { from: null, to: "open" }, kind: { from: null, to: "deposit" }, amountCents: { from: null, to: created.registration.amountDueCents } },
    });
  });

  it("checkouts opened together are recorded together, each payment with its one audit row; one that fails fails alone", async () => {
    const at = new Date("2026-03-01T10:00:00Z");
    setNowForTests(at);
    const event = await insertEvent(at, { maxParticipants: 20 });
    const held = await Promise.all(
      [11, 12, 13, 14].map(async (n) => {
        const created = await createRegistration(database.db(), { eventId: event.id, input: participant(n), locale: "nl", now: at });
        if (created.outcome !== "held") throw new Error(`expected a hold, got ${created.outcome}`);
        return created;
      }),
    );
    // A registration that is not in the database: its payment row breaks the shared insert.
    const ghost = { ...held[0].registration, id: crypto.randomUUID(), reference: "GHOST" };
    const opened = await Promise.allSettled([
      ...held.map((h) => openCheckout(h.registration, h.event, h.due)),
      openCheckout(ghost, held[0].event, held[0].due),
    ]);
    expect(opened.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled", "rejected"]);
    for (const h of held) {
      const rows = await database.db().select().from(payments).where(eq(payments.registrationId, h.registration.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "open", amountCents: h.registration.amountDueCents });
      expect(await auditOf(rows[0].id)).toHaveLength(1);
    }
    expect(await database.db().select().from(payments).where(eq(payments.registrationId, ghost.id))).toHaveLength(0);
  });
});
