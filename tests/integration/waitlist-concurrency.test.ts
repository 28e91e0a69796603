// @engine both: waiting-list places under concurrency: row locks
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM } from "@server/audit/audit.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { events, registrations, waitlistEntries, waitlistOffers } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { liveRegistration, placesTakenByEvent } from "@server/events/queries.server";
import { offerFreedPlaces } from "@server/waitlist/offers.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, participant } from "./booking-fixtures";

const NOW = new Date("2026-03-02T10:00:00Z");
const MAX = 10;

/*
 * 60 concurrent attempts on one event: registrations from outside the list, registrations through
 * two open offers, cancellations that free places (each followed by offerFreedPlaces, as the
 * cancellation code does) and the offer job running meanwhile. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL where the transactions really overlap.
 */
describe("waiting list: capacity under concurrency", () => {
  const database = useTestDatabase();

  beforeEach(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent", TEAM_EMAIL: "team@oceanracing.test" });
    setNowForTests(NOW);
  });
  afterEach(() => setNowForTests(undefined));

  it("never exceeds capacity when registrations, offer acceptances, cancellations and offers race", async () => {
    const event = await insertEvent(NOW, { maxParticipants: MAX });
    const confirmed: string[] = [];
    for (let i = 0; i < 6; i++) {
      const made = await createRegistration(database.db(), { eventId: event.id, input: participant(500 + i), locale: "nl", now: NOW });
      if (made.outcome !== "held") throw new Error("expected a hold");
      confirmed.push(made.registration.id);
    }
    await database.db().update(registrations).set({ status: "confirmed", holdExpiresAt: null }).where(inArray(registrations.id, confirmed));
    // Four people in line (joining is tested in waitlist.test.ts): two parties of 2 get the 4 free
    // places as offers; a party of 1 and one of 3 keep waiting.
    for (const [i, places] of [2, 2, 1, 3].entries()) {
      await database
        .db()
        .insert(waitlistEntries)
        .values({ eventId: event.id, name: `W${i}`, email: `w${i}@example.com`, places, createdAt: new Date(NOW.getTime() - (10 - i) * 60_000) });
    }
    await offerFreedPlaces(event.id, SYSTEM("test"));
    const offers = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.eventId, event.id));
    expect(offers.map((o) => o.places).sort()).toEqual([2, 2]);
    expect((await placesTakenByEvent(database.db(), [event.id], NOW)).get(event.id)).toBe(MAX);
    const [offerA, offerB] = offers;

    let n = 0;
    const attempts: (() => Promise<unknown>)[] = [];
    for (let i = 0; i < 30; i++) {
      const input = participant(600 + n++);
      attempts.push(() => createRegistration(database.db(), { eventId: event.id, input, locale: "nl", now: NOW }));
    }
    for (const offer of [offerA, offerB]) {
      for (let i = 0; i < 10; i++) {
        const input = participant(600 + n++);
        attempts.push(() => createRegistration(database.db(), { eventId: event.id, input, locale: "en", now: NOW, offerId: offer.id }));
      }
    }
    for (const id of confirmed.slice(0, 5)) {
      attempts.push(async () => {
        // A cancellation frees the place under the event lock, then hands it to the list.
        await database.db().transaction(async (tx) => {
          await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for("update");
          await tx.update(registrations).set({ status: "cancelled" }).where(eq(registrations.id, id));
        });
        return offerFreedPlaces(event.id, SYSTEM("cancellation"));
      });
    }
    for (let i = 0; i < 5; i++) attempts.push(() => offerFreedPlaces(event.id, SYSTEM("waitlist-offers")));
    expect(attempts).toHaveLength(60);

    // Interleave the kinds, then start them all at once.
    const shuffled = attempts.map((run, i) => ({ run, key: (i * 37) % 61 })).sort((a, b) => a.key - b.key);
    const results = await Promise.allSettled(shuffled.map(({ run }) => run()));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);

    const live = await database.db().select().from(registrations).where(and(eq(registrations.eventId, event.id), liveRegistration(NOW)));
    expect(live.length).toBeLessThanOrEqual(MAX);
    const taken = (await placesTakenByEvent(database.db(), [event.id], NOW)).get(event.id) ?? 0;
    expect(taken).toBeLessThanOrEqual(MAX);

    // Every offer admitted at most its places, and the two first offers were used in full.
    const allOffers = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.eventId, event.id));
    for (const offer of allOffers) {
      expect(live.filter((r) => r.waitlistOfferId === offer.id).length, offer.id).toBeLessThanOrEqual(offer.places);
    }
    expect(live.filter((r) => r.waitlistOfferId === offerA.id)).toHaveLength(2);
    expect(live.filter((r) => r.waitlistOfferId === offerB.id)).toHaveLength(2);
    // Each person got one offer, however many instances offered at once.
    const perEntry = new Map<string, number>();
    for (const offer of allOffers) perEntry.set(offer.entryId, (perEntry.get(offer.entryId) ?? 0) + 1);
    expect([...perEntry.values()].every((count) => count === 1)).toBe(true);
    // The first freed place went to the party of 1: outsiders are refused while someone in line
    // fits. (The party of 3 gets an offer only if 3 places were free at once: it depends on the race.)
    const [single] = await database.db().select().from(waitlistEntries).where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.places, 1)));
    expect(allOffers.some((o) => o.entryId === single.id)).toBe(true);
  });
});
