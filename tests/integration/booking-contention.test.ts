// @engine both: concurrent registrations for the last places: row locks and a pool
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createRegistration, MAX_OPEN_HOLDS_PER_BOOKER, type CreateRegistrationResult } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import type { Database } from "@server/db/client.server";
import { auditLog, emails, registrations, waitlistEntries } from "@server/db/schema.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, participant } from "./booking-fixtures";

/*
 * Registrations of one event arriving together are decided in shared transactions (decision 021):
 * within a process they wait for the running transaction and the next one decides them one after
 * the other; between processes the event's row lock orders them. "Instances" here are separate
 * Database objects over the same pool (each has its own waiting line), so on PostgreSQL their
 * transactions really overlap and only the row lock keeps the count exact.
 */
describe("booking: registrations under contention", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const instances = (): Database[] => [database.db(), Object.create(database.db()) as Database, Object.create(database.db()) as Database];

  afterEach(() => setNowForTests(undefined));

  const outcomes = (results: CreateRegistrationResult[]) => results.map((r) => (r.outcome === "refused" ? r.reason : r.outcome));

  it("never overbooks when 45 registrations from three instances race for 7 places, and audits each one it takes", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 7 });
    const dbs = instances();
    const results = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        createRegistration(dbs[i % 3], { eventId: event.id, input: participant(1000 + i), locale: "nl", now: NOW, clientAddress: `198.51.100.${i}` }),
      ),
    );
    const counted = outcomes(results);
    expect(counted.filter((o) => o === "held")).toHaveLength(7);
    expect(counted.filter((o) => o === "full")).toHaveLength(38);

    const stored = await database.db().select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(stored).toHaveLength(7);
    expect(new Set(stored.map((r) => r.reference)).size).toBe(7);
    const heldIds = results.flatMap((r) => (r.outcome === "held" ? [r.registration.id] : []));
    expect(new Set(heldIds)).toEqual(new Set(stored.map((r) => r.id)));
    const audited = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.created"), inArray(auditLog.registrationId, heldIds)));
    expect(audited).toHaveLength(7);
    for (const row of audited) expect(row.changes).toEqual({ status: { from: null, to: "pending_payment" }, places: { from: null, to: 1 } });
  });

  it("counts one booker's holds one after the other inside a shared transaction", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 100 });
    const sameEmail = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        createRegistration(database.db(), {
          eventId: event.id,
          input: { ...participant(2000 + i), customerEmail: i % 2 ? "Same.Booker@example.com" : "same.booker@example.com" },
          locale: "en",
          now: NOW,
          clientAddress: `203.0.113.${i}`,
        }),
      ),
    );
    expect(outcomes(sameEmail).filter((o) => o === "held")).toHaveLength(MAX_OPEN_HOLDS_PER_BOOKER);
    expect(outcomes(sameEmail).filter((o) => o === "too_many_holds")).toHaveLength(9 - MAX_OPEN_HOLDS_PER_BOOKER);

    const sameClient = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        createRegistration(database.db(), { eventId: event.id, input: participant(3000 + i), locale: "en", now: NOW, clientAddress: "192.0.2.77" }),
      ),
    );
    expect(outcomes(sameClient).filter((o) => o === "held")).toHaveLength(MAX_OPEN_HOLDS_PER_BOOKER);
    expect(outcomes(sameClient).filter((o) => o === "too_many_holds")).toHaveLength(9 - MAX_OPEN_HOLDS_PER_BOOKER);
  });

  it("leaves the places a waiting party fits in to the waiting list, also for registrations decided together", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 6 });
    const [entry] = await database
      .db()
      .insert(waitlistEntries)
      .values({ eventId: event.id, name: "W", email: "w@example.com", places: 3, createdAt: NOW })
      .returning();
    const attempt = (from: number) =>
      Promise.all(Array.from({ length: 10 }, (_, i) => createRegistration(database.db(), { eventId: event.id, input: participant(from + i), locale: "nl", now: NOW })));
    // A party of 3 fits in the 6 free places: nobody from outside the list takes them.
    expect(outcomes(await attempt(4000))).toEqual(Array(10).fill("full"));
    expect(await database.db().select().from(registrations).where(eq(registrations.eventId, event.id))).toHaveLength(0);
    // A party of 7 does not fit: the places go to the first six.
    await database.db().update(waitlistEntries).set({ places: 7 }).where(eq(waitlistEntries.id, entry.id));
    const counted = outcomes(await attempt(4100));
    expect(counted.filter((o) => o === "held")).toHaveLength(6);
    expect(counted.filter((o) => o === "full")).toHaveLength(4);
  });

  it("confirms a free event's registrations together with their own e-mails, within capacity", async () => {
    const event = await insertEvent(NOW, { priceCents: 0, depositPercent: 0, maxParticipants: 4 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createRegistration(database.db(), { eventId: event.id, input: participant(5000 + i), locale: "nl", now: NOW })),
    );
    const confirmed = results.filter((r) => r.outcome === "confirmed");
    expect(confirmed).toHaveLength(4);
    const emailIds = confirmed.flatMap((r) => r.emailIds);
    expect(new Set(emailIds).size).toBe(8);
    expect(await database.db().select().from(emails).where(inArray(emails.id, emailIds))).toHaveLength(8);
  });

  it("one registration's database error fails only that one: the others of its transaction are decided again alone", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        createRegistration(database.db(), {
          eventId: event.id,
          // Not a date: the shared insert fails in the database.
          input: i === 3 ? { ...participant(6000 + i), birthDate: "not a date" } : participant(6000 + i),
          locale: "nl",
          now: NOW,
        }),
      ),
    );
    expect(results[3].status).toBe("rejected");
    const fine = results.filter((r, i) => i !== 3);
    for (const r of fine) expect(r.status === "fulfilled" && r.value.outcome).toBe("held");
    expect(await database.db().select().from(registrations).where(eq(registrations.eventId, event.id))).toHaveLength(5);
  });
});
