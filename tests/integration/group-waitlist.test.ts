// @engine both: waiting-list offers of several places turned into one booking: places summed in SQL under the event lock
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { action as joinAction } from "~/routes/waitlist/join";
import type { WaitlistActionData } from "~/components/waitlist-form";
import { translate } from "~/i18n";
import { SYSTEM } from "@server/audit/audit.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { bookingPlaces, registrations, waitlistEntries, waitlistOffers, type Event } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { joinWaitlist } from "@server/waitlist/entries.server";
import { offerFreedPlaces, runWaitlistOffers } from "@server/waitlist/offers.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { insertEvent, sailingGroup } from "./booking-fixtures";

const NOW = new Date("2026-03-02T10:00:00Z");
const JOB = SYSTEM("test");

/** A booking of `places` places whose booker sails, naming the other participants. */

/**
 * The waiting list with group bookings (decision 042): a party is 1 … the event's maximum per
 * booking, and an offer of N places becomes one booking of up to N places, after which the offer
 * is accepted (its places counted, not its bookings).
 */
describe("group bookings: the waiting list", () => {
  const database = useTestDatabase();
  let address = 0;

  beforeEach(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent", TEAM_EMAIL: "team@oceanracing.test" });
    setNowForTests(NOW);
  });
  afterEach(() => setNowForTests(undefined));

  /** An event of `max` places, all taken by one confirmed booking; `overrides` for the rest. */
  async function fullEvent(max: number, overrides: Parameters<typeof insertEvent>[1] = {}): Promise<{ event: Event; fillerId: string }> {
    const event = await insertEvent(NOW, { maxParticipants: max, maxPlacesPerBooking: 6, ...overrides });
    const [filler] = await database
      .db()
      .insert(registrations)
      .values({
        reference: `F${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
        eventId: event.id,
        customerName: "Vol",
        customerEmail: "vol@example.com",
        street: "Havenstraat 1",
        city: "Den Haag",
        postalCode: "2583 AB",
        country: "Nederland",
        status: "confirmed",
        places: max,
        priceCents: 0,
        amountDueCents: 0,
        termsAcceptedAt: NOW,
        waiverVersion: "test",
      })
      .returning();
    return { event, fillerId: filler.id };
  }

  async function postJoin(slug: string, fields: Record<string, string>, lang: "nl" | "en") {
    const request = formRequest(`/events/${slug}/waitlist`, fields, { "accept-language": lang === "en" ? "en-GB" : "nl-NL" });
    const result = await joinAction({ request, params: { slug }, context: testContext(`10.26.0.${++address}`) } as unknown as Parameters<typeof joinAction>[0]);
    if (result instanceof Response) return { status: result.status, body: undefined };
    const init = result as unknown as { data: WaitlistActionData; init: ResponseInit | null };
    return { status: init.init?.status ?? 200, body: init.data };
  }

  it("takes a party of 6 on an event of at most 6 per booking, and refuses 7 with a message in both languages", async () => {
    const { event } = await fullEvent(10);
    const six = await postJoin(event.slug, { name: "Zes", email: "zes@example.com", places: "6" }, "nl");
    expect(six.status).toBe(303);
    const [entry] = await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, event.id));
    expect(entry).toMatchObject({ places: 6, status: "waiting" });

    for (const lang of ["nl", "en"] as const) {
      const seven = await postJoin(event.slug, { name: "Zeven", email: `zeven-${lang}@example.com`, places: "7" }, lang);
      expect(seven.status).toBe(400);
      expect(seven.body?.reply?.error).toEqual({ places: ["waitlist.form.tooManyPlaces"] });
    }
    // The message exists in both languages, each its own.
    const nl = translate("nl", "waitlist.form.tooManyPlaces");
    const en = translate("en", "waitlist.form.tooManyPlaces");
    expect(nl).toMatch(/plaatsen/);
    expect(en).toMatch(/places/);
    // Nothing was stored for the refused parties.
    expect(await database.db().$count(waitlistEntries, eq(waitlistEntries.eventId, event.id))).toBe(1);
    // The domain refuses it too, whatever form posted it.
    expect(await joinWaitlist(database.db(), { event, input: { name: "X", email: "x@example.com", phone: undefined, places: 7, message: undefined }, locale: "en", now: NOW })).toEqual({
      status: "too_many_places",
      max: 6,
    });
  });

  it("an offer of 3 on a free event becomes one booking of 3 places; the offer is then accepted and the entry booked", async () => {
    const { event, fillerId } = await fullEvent(6, { priceCents: 0, depositPercent: 0 });
    const joined = await joinWaitlist(database.db(), { event, input: { name: "Drie", email: "drie@example.com", phone: undefined, places: 3, message: undefined }, locale: "nl", now: NOW });
    if (joined.status !== "joined") throw new Error(joined.status);
    // Three places come free: the filler's booking shrinks to 3.
    await database.db().update(registrations).set({ places: 3 }).where(eq(registrations.id, fillerId));
    expect(await offerFreedPlaces(event.id, JOB)).toEqual({ offered: 1 });
    const [offer] = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.eventId, event.id));
    expect(offer.places).toBe(3);

    // More than the offer holds is refused, with the places it has.
    expect(await createRegistration(database.db(), { eventId: event.id, input: sailingGroup(1, 4), locale: "nl", now: NOW, offerId: offer.id })).toEqual({
      outcome: "refused",
      reason: "places_left",
      left: 3,
    });
    const booking = await createRegistration(database.db(), { eventId: event.id, input: sailingGroup(2, 3), locale: "nl", now: NOW, offerId: offer.id });
    expect(booking.outcome).toBe("confirmed");
    if (booking.outcome !== "confirmed") return;
    expect(booking.registration).toMatchObject({ places: 3, waitlistOfferId: offer.id });
    expect(await database.db().$count(bookingPlaces, eq(bookingPlaces.registrationId, booking.registration.id))).toBe(3);
    const [closed] = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offer.id));
    expect(closed.status).toBe("accepted");
    const [entry] = await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.id, joined.entry.id));
    expect(entry.status).toBe("booked");
    expect((await placesTakenByEvent(database.db(), [event.id], NOW)).get(event.id)).toBe(6);
    // Used up: nothing more through it.
    expect(await createRegistration(database.db(), { eventId: event.id, input: sailingGroup(3, 1), locale: "nl", now: NOW, offerId: offer.id })).toEqual({
      outcome: "refused",
      reason: "offer_invalid",
    });
  });

  it("a paid offer of 3 booked as one hold of 3: open while the hold runs, accepted once it is paid (places, not bookings, counted)", async () => {
    const { event, fillerId } = await fullEvent(5);
    const joined = await joinWaitlist(database.db(), { event, input: { name: "Drie", email: "drie2@example.com", phone: undefined, places: 3, message: undefined }, locale: "en", now: NOW });
    if (joined.status !== "joined") throw new Error(joined.status);
    await database.db().update(registrations).set({ places: 2 }).where(eq(registrations.id, fillerId));
    await offerFreedPlaces(event.id, JOB);
    const [offer] = await database.db().select().from(waitlistOffers).where(and(eq(waitlistOffers.eventId, event.id), eq(waitlistOffers.status, "open")));
    const held = await createRegistration(database.db(), { eventId: event.id, input: sailingGroup(4, 3), locale: "en", now: NOW, offerId: offer.id });
    expect(held.outcome).toBe("held");
    if (held.outcome !== "held") return;
    await runWaitlistOffers();
    expect((await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offer.id)))[0].status).toBe("open");
    await database.db().update(registrations).set({ status: "confirmed", confirmedAt: NOW }).where(eq(registrations.id, held.registration.id));
    await runWaitlistOffers();
    expect((await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offer.id)))[0].status).toBe("accepted");
    expect((await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.id, joined.entry.id)))[0].status).toBe("booked");
  });
});
