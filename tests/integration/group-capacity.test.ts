// @engine both: 60 group bookings of mixed sizes racing for places: row locks, a pool, places summed in SQL
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as registerAction } from "~/routes/booking/register";
import { setEnvForTests } from "@server/env.server";
import { benchForm, benchPlaces, BENCH_MAX_PLACES } from "../../bench/booking";
import { formRequest, testContext } from "../support/forms";
import { createRegistration, type CreateRegistrationResult } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import type { Database } from "@server/db/client.server";
import { bookingPlaces, registrations } from "@server/db/schema.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, sailingGroup } from "./booking-fixtures";

/*
 * Capacity counts places (decision 042). Bookings of 1–6 places arrive together; each is decided
 * as if alone, one after the other, so the places free only ever go down. That gives an exact
 * check without knowing the order: a booking refused for its size saw fewer places free than it
 * asked, and the places free at the end are at most what it saw; so at the end every refused size
 * is larger than the places left, and the accepted bookings never exceed the capacity.
 */

/** A small seeded generator (mulberry32): the same sizes on every run and both engines. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A booking of `places` places whose booker sails, with their own participants' names and addresses. */

describe("group bookings: capacity in places under contention", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const CAPACITY = 100;
  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
  });
  afterEach(() => setNowForTests(undefined));

  /** Checks the outcome of one race exactly (see the comment at the top) and returns the places booked. */
  async function checkRace(eventId: string, sizes: number[], results: CreateRegistrationResult[]): Promise<number> {
    const acceptedIds: string[] = [];
    let acceptedPlaces = 0;
    const refused: { size: number; reason: string; left?: number }[] = [];
    results.forEach((result, i) => {
      if (result.outcome === "held") {
        expect(result.registration.places).toBe(sizes[i]);
        acceptedIds.push(result.registration.id);
        acceptedPlaces += sizes[i];
      } else {
        expect(result.outcome).toBe("refused");
        if (result.outcome === "refused") refused.push({ size: sizes[i], reason: result.reason, left: result.left });
      }
    });
    expect(acceptedPlaces).toBeLessThanOrEqual(CAPACITY);
    const leftAtEnd = CAPACITY - acceptedPlaces;
    for (const r of refused) {
      // Refused only for want of places: "full" when none were left, else the places left then.
      expect(["places_left", "full"]).toContain(r.reason);
      if (r.reason === "places_left") {
        expect(r.left).toBeLessThan(r.size);
        // Places free only go down: what it saw is at least what is left at the end.
        expect(r.left).toBeGreaterThanOrEqual(leftAtEnd);
      } else {
        expect(leftAtEnd).toBe(0);
      }
      // No refused booking would fit in the places still free.
      expect(r.size).toBeGreaterThan(leftAtEnd);
    }
    // The race must really have filled the boat: something was refused and the rest is smaller
    // than the smallest refused size (checked above), so the test proves the refusals were right.
    expect(refused.length).toBeGreaterThan(0);

    // What is stored agrees: the bookings, their places, and one place row per place.
    const stored = await database.db().select().from(registrations).where(eq(registrations.eventId, eventId));
    expect(new Set(stored.map((r) => r.id))).toEqual(new Set(acceptedIds));
    expect(stored.reduce((sum, r) => sum + r.places, 0)).toBe(acceptedPlaces);
    const [placeRows] = await database
      .db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookingPlaces)
      .where(inArray(bookingPlaces.registrationId, acceptedIds.length ? acceptedIds : ["00000000-0000-0000-0000-000000000000"]));
    expect(placeRows.n).toBe(acceptedPlaces);
    expect((await placesTakenByEvent(database.db(), [eventId], NOW)).get(eventId) ?? 0).toBe(acceptedPlaces);
    return acceptedPlaces;
  }

  const sizesFor = (seed: number) => {
    const random = seeded(seed);
    return Array.from({ length: 60 }, () => 1 + Math.floor(random() * 6));
  };

  it("60 bookings of 1–6 places racing for 100 places: never over capacity, never a booking refused that fits", async () => {
    const event = await insertEvent(NOW, { maxParticipants: CAPACITY, maxPlacesPerBooking: 6 });
    const sizes = sizesFor(26);
    // More asked than there is: the race has losers.
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(CAPACITY);
    const results = await Promise.all(
      sizes.map((size, i) =>
        createRegistration(database.db(), { eventId: event.id, input: sailingGroup(10_000 + i, size), locale: "nl", now: NOW, clientAddress: `198.51.100.${i}` }),
      ),
    );
    const booked = await checkRace(event.id, sizes, results);
    expect(booked).toBeGreaterThan(CAPACITY - 6);
  });

  it("the same across three instances (separate waiting lines, one row lock)", async () => {
    const event = await insertEvent(NOW, { maxParticipants: CAPACITY, maxPlacesPerBooking: 6 });
    const dbs: Database[] = [database.db(), Object.create(database.db()) as Database, Object.create(database.db()) as Database];
    const sizes = sizesFor(42);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(CAPACITY);
    const results = await Promise.all(
      sizes.map((size, i) =>
        createRegistration(dbs[i % 3], { eventId: event.id, input: sailingGroup(20_000 + i, size), locale: "en", now: NOW, clientAddress: `203.0.113.${i}` }),
      ),
    );
    await checkRace(event.id, sizes, results);
  });

  it("a booking larger than the event's maximum per booking is refused whatever is free", async () => {
    const event = await insertEvent(NOW, { maxParticipants: CAPACITY, maxPlacesPerBooking: 6 });
    const result = await createRegistration(database.db(), { eventId: event.id, input: sailingGroup(30_000, 7), locale: "nl", now: NOW });
    expect(result).toEqual({ outcome: "refused", reason: "too_many_places_per_booking", max: 6 });
    expect(await database.db().select().from(registrations).where(eq(registrations.eventId, event.id))).toHaveLength(0);
  });

  it("the per-booker limit counts places: 6 unpaid places on an event of at most 6 per booking leave that booker none, another booker some", async () => {
    const event = await insertEvent(NOW, { maxParticipants: CAPACITY, maxPlacesPerBooking: 6 });
    const booker = (n: number, places: number) => ({ ...sailingGroup(n, places), customerEmail: "groep@example.com" });
    const six = await createRegistration(database.db(), { eventId: event.id, input: booker(40_000, 6), locale: "nl", now: NOW, clientAddress: "192.0.2.10" });
    expect(six.outcome).toBe("held");
    // The same e-mail address from elsewhere, and the same client address with another e-mail.
    const again = await createRegistration(database.db(), { eventId: event.id, input: booker(40_001, 1), locale: "nl", now: NOW, clientAddress: "192.0.2.11" });
    expect(again).toEqual({ outcome: "refused", reason: "too_many_holds", max: 6 });
    const sameClient = await createRegistration(database.db(), { eventId: event.id, input: sailingGroup(40_002, 1), locale: "nl", now: NOW, clientAddress: "192.0.2.10" });
    expect(sameClient).toEqual({ outcome: "refused", reason: "too_many_holds", max: 6 });
    const other = await createRegistration(database.db(), { eventId: event.id, input: sailingGroup(40_003, 6), locale: "nl", now: NOW, clientAddress: "192.0.2.12" });
    expect(other.outcome).toBe("held");
    // Split in two: 4 + 2 is the limit too, 4 + 3 is not.
    const four = await createRegistration(database.db(), { eventId: event.id, input: { ...sailingGroup(40_004, 4), customerEmail: "split@example.com" }, locale: "nl", now: NOW });
    expect(four.outcome).toBe("held");
    const three = await createRegistration(database.db(), { eventId: event.id, input: { ...sailingGroup(40_005, 3), customerEmail: "split@example.com" }, locale: "nl", now: NOW });
    expect(three).toEqual({ outcome: "refused", reason: "too_many_holds", max: 6 });
    const two = await createRegistration(database.db(), { eventId: event.id, input: { ...sailingGroup(40_006, 2), customerEmail: "split@example.com" }, locale: "nl", now: NOW });
    expect(two.outcome).toBe("held");
  });

  it("takes the bench's own form posts (npm run bench): every size 1–6, each a hold of its places with a 303 to the checkout", async () => {
    setNowForTests(NOW);
    const event = await insertEvent(NOW, { maxParticipants: 600, maxPlacesPerBooking: BENCH_MAX_PLACES });
    const sizes = new Set<number>();
    for (let n = 1; n <= 6; n++) {
      sizes.add(benchPlaces(n));
      const request = formRequest(`/events/${event.slug}/register`, benchForm(n), { "accept-language": "nl-NL" });
      const answer = await registerAction({ request, params: { slug: event.slug }, context: testContext(`2001:db8::${n}`) } as never);
      expect(answer instanceof Response && answer.status).toBe(303);
      expect((answer as Response).headers.get("location")).toMatch(/checkout|pay|betal/i);
    }
    expect([...sizes].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const stored = await database.db().select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(stored.map((r) => r.places).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const [placeRows] = await database
      .db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookingPlaces)
      .where(inArray(bookingPlaces.registrationId, stored.map((r) => r.id)));
    expect(placeRows.n).toBe(21);
  });
});
