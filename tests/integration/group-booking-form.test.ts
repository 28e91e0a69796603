// @engine both: a group's places are counted and its money and place rows written in one transaction, under the event's lock
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RegisterActionData } from "~/schemas/registration";
import { WAIVER_VERSION } from "~/content/waiver";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/booking/checkout-test";
import { loader as successLoader } from "~/routes/booking/payment-success";
import { action as registerAction } from "~/routes/booking/register";
import { setNowForTests } from "@server/clock.server";
import { bookingPlaces, payments, registrations } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { insertEvent } from "./booking-fixtures";

describe("group bookings through the registration form", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");

  type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];
  let visitor = 0;
  const nextAddress = () => `10.0.26.${++visitor}`;

  function unwrap(result: unknown): { status: number; location: string | null; body: unknown } {
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: undefined };
    const wrapped = result as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  }

  async function register(slug: string, fields: Record<string, string>, lang: "nl" | "en" = "nl") {
    const request = formRequest(`/events/${slug}/register`, fields, { "accept-language": lang === "en" ? "en-GB" : "nl-NL" });
    const answer = unwrap(await registerAction({ request, params: { slug }, context: testContext(nextAddress()) } as unknown as Args<typeof registerAction>));
    return { ...answer, body: answer.body as RegisterActionData | undefined };
  }

  /** The booker's contact block, as the form posts it. */
  function booker(n: number): Record<string, string> {
    return {
      customerName: `Boeker ${n}`,
      customerEmail: `boeker${n}@example.com`,
      phoneNumber: "+31 6 11112222",
      street: "Kade 4",
      postalCode: "2583 AB",
      city: "Den Haag",
      country: "Nederland",
      termsAccepted: "on",
    };
  }

  /** Other participants as the form names them (Conform's nested names): just a name and an e-mail each. */
  function others(count: number, prefix: string): Record<string, string> {
    const fields: Record<string, string> = {};
    for (let i = 0; i < count; i++) {
      fields[`participants[${i}].name`] = `Collega ${i + 1}`;
      fields[`participants[${i}].email`] = `${prefix}.${i + 1}@example.com`;
    }
    return fields;
  }

  const registrationsOf = (eventId: string) => database.db().select().from(registrations).where(eq(registrations.eventId, eventId));
  const placesOfBooking = (registrationId: string) =>
    database.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, registrationId)).orderBy(asc(bookingPlaces.number));

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
    setNowForTests(NOW);
  });

  it("a booker who does not sail books 5 places on a priced event: 5 places of others, the price of 5, a deposit of the whole", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 12, maxPlacesPerBooking: 8, priceCents: 29_500, depositPercent: 50 });
    const fields = {
      ...booker(1),
      places: "5",
      bookerSails: "no",
      ...others(5, "hr"),
      // One participant whose details the booker already knows, in English.
      "participants[1].locale": "en",
      "participants[1].birthDate": "1988-04-02",
      "participants[1].street": "Dorpsstraat 9",
      "participants[1].postalCode": "1234 AB",
      "participants[1].city": "Leiden",
      "participants[1].country": "Nederland",
      "participants[1].nextOfKinName": "Partner",
      "participants[1].nextOfKinPhone": "+31 6 99998888",
    };
    const answer = await register(event.slug, fields, "en");
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/checkout\/test\/test_[A-Za-z0-9_-]+$/);

    const [stored] = await registrationsOf(event.id);
    expect(stored).toMatchObject({ status: "pending_payment", places: 5, bookerSails: false, priceCents: 5 * 29_500, amountDueCents: (5 * 29_500) / 2, customerEmail: "boeker1@example.com" });
    // The participant's safety details live only on the places now.
    expect(stored.birthDate).toBeNull();
    const places = await placesOfBooking(stored.id);
    expect(places.map((p) => p.number)).toEqual([1, 2, 3, 4, 5]);
    expect(places.every((p) => !p.isBooker && p.email !== "boeker1@example.com" && p.waiverAcceptedAt === null)).toBe(true);
    expect(places.map((p) => p.email)).toEqual(["hr.1@example.com", "hr.2@example.com", "hr.3@example.com", "hr.4@example.com", "hr.5@example.com"]);
    expect(places[1]).toMatchObject({ locale: "en", birthDate: "1988-04-02", city: "Leiden", nextOfKinPhone: "+31 6 99998888" });
    // Without a language of their own, a participant's invitation is in the booking's.
    expect(places[0]).toMatchObject({ locale: "en", birthDate: null });

    const [payment] = await database.db().select().from(payments).where(eq(payments.registrationId, stored.id));
    expect(payment).toMatchObject({ status: "open", kind: "deposit", amountCents: 73_750 });

    // The test checkout names the places and the price per place; the amount is the registration's.
    const sessionId = answer.location!.split("/").pop()!;
    const request = new Request(`http://localhost/checkout/test/${sessionId}`, { headers: { "accept-language": "en-GB" } });
    const page = (await checkoutLoader({ request, params: { sessionId } } as unknown as Args<typeof checkoutLoader>)) as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(page.checkout).toMatchObject({ amountCents: 73_750, places: { count: 5, placePriceCents: 29_500 } });
    expect(page.checkout!.description).toMatch(/^Test sailing day – Deposit for 5 places \(50% of €1,475(\.00)?\)$/);

    const paid = unwrap(
      await checkoutAction({ request: formRequest(`/checkout/test/${sessionId}`, { intent: "pay" }, { "accept-language": "en-GB" }), params: { sessionId } } as unknown as Args<
        typeof checkoutAction
      >),
    );
    expect(paid.status).toBe(303);
    const success = await successLoader({ request: new Request(`http://localhost${paid.location}`) } as unknown as Args<typeof successLoader>);
    expect(await success.verification).toMatchObject({ state: "confirmed", amountPaidCents: 73_750, balanceCents: 73_750, places: 5, otherParticipants: 5 });
  });

  it("a sailing booker books 3 places on a free event: confirmed, place 1 is the booker with the waiver accepted, places 2–3 without", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 10, maxPlacesPerBooking: 8, priceCents: 0, depositPercent: 0 });
    const fields = {
      ...booker(2),
      places: "3",
      bookerSails: "yes",
      birthDate: "1979-11-23",
      nextOfKinName: "Thuisfront",
      nextOfKinPhone: "070 1234567",
      ...others(2, "vriend"),
    };
    const answer = await register(event.slug, fields);
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/payment-success\?confirmed=.+&event_id=/);

    const [stored] = await registrationsOf(event.id);
    expect(stored).toMatchObject({ status: "confirmed", places: 3, bookerSails: true, priceCents: 0, amountDueCents: 0 });
    const places = await placesOfBooking(stored.id);
    expect(places).toHaveLength(3);
    expect(places[0]).toMatchObject({ number: 1, isBooker: true, name: "Boeker 2", email: "boeker2@example.com", birthDate: "1979-11-23", nextOfKinName: "Thuisfront", waiverVersion: WAIVER_VERSION });
    expect(places[0].waiverAcceptedAt).not.toBeNull();
    expect(places.slice(1).map((p) => ({ number: p.number, isBooker: p.isBooker, email: p.email, waiver: p.waiverAcceptedAt }))).toEqual([
      { number: 2, isBooker: false, email: "vriend.1@example.com", waiver: null },
      { number: 3, isBooker: false, email: "vriend.2@example.com", waiver: null },
    ]);

    const success = await successLoader({ request: new Request(`http://localhost${answer.location}`) } as unknown as Args<typeof successLoader>);
    expect(await success.verification).toMatchObject({ state: "confirmed", free: true, places: 3, otherParticipants: 2 });
  });

  it("refuses more places than the event takes in one booking, in Dutch and English, and stores nothing", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 20, maxPlacesPerBooking: 4 });
    const fields = { ...booker(3), places: "5", bookerSails: "no", ...others(5, "team") };
    const en = await register(event.slug, fields, "en");
    expect(en.status).toBe(409);
    expect(en.body!.failure).toEqual({ title: "Registration failed", description: "One booking takes at most 4 places." });
    const nl = await register(event.slug, fields, "nl");
    expect(nl.status).toBe(409);
    expect(nl.body!.failure).toEqual({ title: "Inschrijving mislukt", description: "Eén boeking heeft ten hoogste 4 plaatsen." });
    expect(await registrationsOf(event.id)).toHaveLength(0);
  });

  it("refuses more places than are left, in Dutch and English, and stores nothing", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 3, maxPlacesPerBooking: 8 });
    const fields = { ...booker(4), places: "4", bookerSails: "yes", birthDate: "1990-01-01", nextOfKinName: "Iemand", nextOfKinPhone: "06 12345678", ...others(3, "crew") };
    const en = await register(event.slug, fields, "en");
    expect(en.status).toBe(409);
    expect(en.body!.failure?.description).toBe("Only 3 places are left: choose fewer places.");
    const nl = await register(event.slug, fields, "nl");
    expect(nl.body!.failure?.description).toBe("Er zijn nog maar 3 plaatsen vrij: kies minder plaatsen.");
    expect(await registrationsOf(event.id)).toHaveLength(0);
  });

  it("answers a malformed participants post with 400 and the field errors, and stores nothing", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 20, maxPlacesPerBooking: 8 });
    const placesBefore = (await database.db().select().from(bookingPlaces)).length;
    const fields: Record<string, string> = { ...booker(5), places: "3", bookerSails: "no", ...others(3, "fout") };
    delete fields["participants[1].email"];
    fields["participants[2].birthDate"] = "1990-02-30";
    const answer = await register(event.slug, fields, "en");
    expect(answer.status).toBe(400);
    const errors = answer.body!.result.error!;
    expect(errors["participants[1].email"]).toEqual(["booking.validation.fieldRequired"]);
    expect(errors["participants[2].birthDate"]).toEqual(["booking.validation.invalidBirthDate"]);
    // A booker who does not sail is not asked for their own date of birth or emergency contact.
    expect(errors.birthDate).toBeUndefined();
    expect(errors.nextOfKinName).toBeUndefined();

    // A participant missing for a place, and one e-mail address for two people.
    const short = await register(event.slug, { ...booker(6), places: "3", bookerSails: "no", ...others(2, "kort") }, "nl");
    expect(short.status).toBe(400);
    expect(short.body!.result.error!.places).toEqual(["booking.validation.participantCount"]);
    const twice = await register(event.slug, { ...booker(7), places: "2", bookerSails: "no", ...others(2, "dubbel"), "participants[1].email": "DUBBEL.1@example.com" }, "nl");
    expect(twice.status).toBe(400);
    expect(twice.body!.result.error!["participants[1].email"]).toEqual(["booking.validation.duplicateEmail"]);
    expect(await registrationsOf(event.id)).toHaveLength(0);
    expect(await database.db().select().from(bookingPlaces)).toHaveLength(placesBefore);
  });
});
