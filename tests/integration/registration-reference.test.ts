// @engine both: a reference clash retried inside the transaction
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRegistration } from "@server/booking/registration.server";
import type * as ReferenceModule from "@server/booking/reference.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, registrations } from "@server/db/schema.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, participant } from "./booking-fixtures";

// References are random: when one drawn for a batch is taken, that registration draws another,
// and the batch's single insert-with-audit statement writes an audit row only for rows inserted
// (decision 035). On PGlite and on PostgreSQL.
const drawn: string[] = [];
vi.mock("@server/booking/reference.server", async (original) => {
  const actual = await original<typeof ReferenceModule>();
  return { ...actual, makeReference: () => drawn.shift() ?? actual.makeReference() };
});

describe("a registration whose reference is taken", () => {
  const database = useTestDatabase();
  afterEach(() => void (drawn.length = 0));

  it("draws another and is audited once, under the reference it got", async () => {
    const at = new Date("2026-03-01T10:00:00Z");
    setNowForTests(at);
    const event = await insertEvent(at, { maxParticipants: 10 });
    drawn.push("OR-TAKEN2");
    const first = await createRegistration(database.db(), { eventId: event.id, input: participant(1), locale: "nl", now: at });
    expect(first.outcome).toBe("held");
    // The next batch: the first draw clashes with the registration above, the second is free.
    drawn.push("OR-TAKEN2", "OR-FREE33", "OR-OTHER4");
    const [second, third] = await Promise.all([
      createRegistration(database.db(), { eventId: event.id, input: participant(2), locale: "nl", now: at }),
      createRegistration(database.db(), { eventId: event.id, input: participant(3), locale: "nl", now: at }),
    ]);
    if (second.outcome !== "held" || third.outcome !== "held") throw new Error("expected holds");
    const references = [second.registration.reference, third.registration.reference].sort();
    expect(references).not.toContain("OR-TAKEN2");
    expect(new Set(references).size).toBe(2);

    const rows = await database.db().select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(rows).toHaveLength(3);
    const trail = await database.db().select().from(auditLog).where(eq(auditLog.eventId, event.id));
    // One "registration.created" per registration, each about a row that exists.
    expect(trail.filter((r) => r.action === "registration.created").map((r) => r.entityId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(trail.find((r) => r.entityId === second.registration.id)).toMatchObject({
      registrationId: second.registration.id,
      changes: { status: { from: null, to: "pending_payment" }, places: { from: null, to: 1 } },
      actorType: "participant",
    });
  });
});
