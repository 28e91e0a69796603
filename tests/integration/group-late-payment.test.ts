// @engine both: a late group payment decided under the event lock, places summed in SQL
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openCheckout } from "@server/booking/checkout.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { heldPlaces } from "@server/booking/holds.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { registrations, type Event } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { HOLD_DURATION_MS } from "~/lib/booking";
import type { RegistrationInput } from "~/schemas/registration";
import { useTestDatabase } from "../support/db";
import { FakeProvider, insertEvent, sailingGroup } from "./booking-fixtures";

function group(n: number, places: number, email = `groep${n}@example.com`): RegistrationInput {
  return { ...sailingGroup(n, places), customerEmail: email };
}

/**
 * A payment that arrives after its hold ended keeps the booking only when all its places are
 * still free (decision 042: a booking is whole or not at all); the staff's list of held places
 * shows each hold's places and the same booker's places against the per-booker limit.
 */
describe("group bookings: late payments and held places", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const LATER = new Date(NOW.getTime() + HOLD_DURATION_MS + 60_000);
  let provider: FakeProvider;

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent" });
    provider = new FakeProvider("stripe");
    setPaymentProviderForTests(provider);
  });
  afterAll(() => setPaymentProviderForTests(undefined));
  afterEach(() => setNowForTests(undefined));

  async function hold(event: Event, n: number, places: number, at = NOW, email?: string, clientAddress?: string) {
    setNowForTests(at);
    const created = await createRegistration(database.db(), { eventId: event.id, input: group(n, places, email), locale: "nl", now: at, clientAddress });
    if (created.outcome !== "held") throw new Error(`expected a hold, got ${JSON.stringify(created)}`);
    const session = await openCheckout(created.registration, created.event, created.due);
    return { registration: created.registration, sessionId: session.sessionId };
  }

  const statusOf = async (id: string) => (await database.db().select().from(registrations).where(eq(registrations.id, id)))[0].status;

  it("refunds a late payment for 3 places when only 2 are free, though a place is", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 5, maxPlacesPerBooking: 6 });
    const late = await hold(event, 1, 3);
    // After the hold ran out, another booking took 3 of the 5 places: 2 left.
    const other = await hold(event, 2, 3, LATER);
    expect(other.registration.places).toBe(3);
    setNowForTests(new Date(LATER.getTime() + 60_000));
    const result = await fulfilPayment({ provider: "stripe", sessionId: late.sessionId, ...provider.amountOf(late.sessionId), providerPaymentId: provider.pay(late.sessionId) });
    expect(result).toEqual({ outcome: "refunded", registrationId: late.registration.id });
    expect(await statusOf(late.registration.id)).toBe("refunded");
  });

  it("keeps a late payment for 3 places when 3 are still free", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 5, maxPlacesPerBooking: 6 });
    const late = await hold(event, 3, 3);
    await hold(event, 4, 2, LATER);
    setNowForTests(new Date(LATER.getTime() + 60_000));
    const result = await fulfilPayment({ provider: "stripe", sessionId: late.sessionId, ...provider.amountOf(late.sessionId), providerPaymentId: provider.pay(late.sessionId) });
    expect(result).toEqual({ outcome: "confirmed", registrationId: late.registration.id, late: true });
    expect(await statusOf(late.registration.id)).toBe("confirmed");
  });

  it("lists each hold with its places, and the same booker's places against the limit", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 40, maxPlacesPerBooking: 6 });
    await hold(event, 5, 4, NOW, "zelfde@example.com", "192.0.2.50");
    await hold(event, 6, 2, NOW, "zelfde@example.com", "192.0.2.51");
    await hold(event, 7, 3, NOW, "ander@example.com", "192.0.2.52");
    const held = (await heldPlaces(database.db(), event.id, NOW)).flatMap((h) => (h.kind === "hold" ? [h] : []));
    expect(held.map((h) => [h.email, h.places, h.sameEmail, h.atLimit])).toEqual([
      ["zelfde@example.com", 4, 6, true],
      ["zelfde@example.com", 2, 6, true],
      ["ander@example.com", 3, 3, false],
    ]);
  });
});
