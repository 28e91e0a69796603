// @engine both: capacity counted under the event's lock
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { expireLapsedHolds } from "@server/booking/holds.server";
import { createRegistration, UNOPENED_HOLD_MS } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { payments, registrations } from "@server/db/schema.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { HOLD_DURATION_MS } from "~/lib/booking";
import { WAIVER_VERSION } from "~/content/waiver";
import { useTestDatabase } from "../support/db";
import { insertEvent, participant } from "./booking-fixtures";

describe("booking: capacity", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");

  afterEach(() => setNowForTests(undefined));

  describe("createRegistration: capacity under concurrency", () => {
    it("gives 40 concurrent registrations for 5 places exactly 5 holds and 35 clear refusals", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 5 });
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          createRegistration(database.db(), { eventId: event.id, input: participant(i), locale: "nl", now: NOW }),
        ),
      );
      const held = results.filter((r) => r.outcome === "held");
      const refused = results.filter((r) => r.outcome === "refused");
      expect(held).toHaveLength(5);
      expect(refused).toHaveLength(35);
      for (const r of refused) expect(r).toEqual({ outcome: "refused", reason: "full" });

      const stored = await database.db().select().from(registrations).where(eq(registrations.eventId, event.id));
      expect(stored).toHaveLength(5);
      for (const r of stored) {
        expect(r.status).toBe("pending_payment");
        // A new hold is short until its checkout is opened (decision 008).
        expect(r.holdExpiresAt?.getTime()).toBe(NOW.getTime() + UNOPENED_HOLD_MS);
        expect(r.amountDueCents).toBe(14_750);
        expect(r.waiverVersion).toBe(WAIVER_VERSION);
        expect(r.termsAcceptedAt.getTime()).toBe(NOW.getTime());
        expect(r.locale).toBe("nl");
        expect(r.reference).toMatch(/^OR-[2-9A-HJKMNP-Z]{6}$/);
      }
      expect(new Set(stored.map((r) => r.reference)).size).toBe(5);
    });

    it("frees the place of an expired hold, and the sweep marks it and its open payment expired", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 1 });
      const first = await createRegistration(database.db(), { eventId: event.id, input: participant(1), locale: "en", now: NOW });
      expect(first.outcome).toBe("held");
      if (first.outcome !== "held") return;
      await database.db().insert(payments).values({
        registrationId: first.registration.id,
        provider: "test",
        providerSessionId: "test_capacity_sweep_1",
        kind: "deposit",
        amountCents: first.registration.amountDueCents,
      });

      // Its checkout was never opened: the short hold applies (decision 008).
      const stillHeld = new Date(NOW.getTime() + UNOPENED_HOLD_MS - 1000);
      const whileHeld = await createRegistration(database.db(), { eventId: event.id, input: participant(2), locale: "en", now: stillHeld });
      expect(whileHeld).toEqual({ outcome: "refused", reason: "full" });

      const after = new Date(NOW.getTime() + UNOPENED_HOLD_MS);
      expect((await placesTakenByEvent(database.db(), [event.id], after)).get(event.id) ?? 0).toBe(0);
      expect(await expireLapsedHolds(after)).toBeGreaterThanOrEqual(1);
      const [expired] = await database.db().select().from(registrations).where(eq(registrations.id, first.registration.id));
      expect(expired.status).toBe("expired");
      const [payment] = await database.db().select().from(payments).where(eq(payments.registrationId, first.registration.id));
      expect(payment.status).toBe("expired");

      const second = await createRegistration(database.db(), { eventId: event.id, input: participant(2), locale: "en", now: after });
      expect(second.outcome).toBe("held");
    });

    it("counts confirmed registrations as taken for good", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 1 });
      const first = await createRegistration(database.db(), { eventId: event.id, input: participant(1), locale: "nl", now: NOW });
      if (first.outcome !== "held") throw new Error("expected a hold");
      await database.db().update(registrations).set({ status: "confirmed" }).where(eq(registrations.id, first.registration.id));
      const muchLater = new Date(NOW.getTime() + 5 * HOLD_DURATION_MS);
      const second = await createRegistration(database.db(), { eventId: event.id, input: participant(2), locale: "nl", now: muchLater });
      expect(second).toEqual({ outcome: "refused", reason: "full" });
    });

    it("refuses events that are not bookable, not open yet, finished, live or cancelled", async () => {
      const cases = [
        [{ bookingMode: "interest" as const }, "not_bookable"],
        [{ bookingMode: "waitlist" as const }, "not_bookable"],
        [{ bookingMode: "walk_in" as const }, "not_bookable"],
        [{ registrationOpensAt: new Date(NOW.getTime() + 60_000) }, "not_open"],
        [{ status: "cancelled" as const }, "cancelled"],
        [{ status: "completed" as const }, "finished"],
        [{ status: "live" as const }, "ongoing"],
        [{ startDate: new Date(NOW.getTime() - 3_600_000), endDate: new Date(NOW.getTime() + 3_600_000) }, "ongoing"],
      ] as const;
      const eventIds: string[] = [];
      for (const [overrides, reason] of cases) {
        const event = await insertEvent(NOW, overrides);
        eventIds.push(event.id);
        const result = await createRegistration(database.db(), { eventId: event.id, input: participant(), locale: "nl", now: NOW });
        expect(result, JSON.stringify(overrides)).toEqual({ outcome: "refused", reason });
      }
      const stored = await database.db().select().from(registrations).where(inArray(registrations.eventId, eventIds));
      expect(stored).toHaveLength(0);
    });

    it("opens at registrationOpensAt exactly, and admits a waiting-list event only when told to", async () => {
      const opens = new Date(NOW.getTime() + 60_000);
      const event = await insertEvent(NOW, { registrationOpensAt: opens });
      expect((await createRegistration(database.db(), { eventId: event.id, input: participant(), locale: "nl", now: opens })).outcome).toBe("held");
      const waitlist = await insertEvent(NOW, { bookingMode: "waitlist" });
      const admitted = await createRegistration(database.db(), { eventId: waitlist.id, input: participant(), locale: "en", now: NOW, admitWaitlist: true });
      expect(admitted.outcome).toBe("held");
    });

    it("confirms a free event at once, without a hold", async () => {
      const event = await insertEvent(NOW, { priceCents: 0, depositPercent: 0, maxParticipants: 8 });
      const result = await createRegistration(database.db(), { eventId: event.id, input: participant(), locale: "nl", now: NOW });
      expect(result.outcome).toBe("confirmed");
      if (result.outcome !== "confirmed") return;
      expect(result.registration.status).toBe("confirmed");
      expect(result.registration.holdExpiresAt).toBeNull();
      expect(result.registration.amountDueCents).toBe(0);
      expect(result.registration.confirmedAt?.getTime()).toBe(NOW.getTime());
    });
  });
});
