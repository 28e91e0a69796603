// @engine both: crew-file answers stored in the registration's transaction (health ones sealed), refused answers change nothing
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RegisterActionData } from "~/schemas/registration";
import { registrationAnswerName } from "~/schemas/crew-place";
import { action as registerAction, loader as registerLoader } from "~/routes/booking/register";
import { crewChecklist, placeAnswers, registrationQuestions } from "@server/crew/answers.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, bookingPlaces, crewAnswers, registrations } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { insertEvent } from "./booking-fixtures";
import { insertCrewItems } from "./crew-fixtures";

describe("crew-file questions asked on the registration form", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");

  type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];
  let visitor = 0;

  function unwrap(result: unknown): { status: number; location: string | null; body: RegisterActionData | undefined } {
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: undefined };
    const wrapped = result as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data as RegisterActionData };
  }

  async function register(slug: string, fields: Record<string, string>, lang: "nl" | "en" = "nl") {
    const request = formRequest(`/events/${slug}/register`, fields, { "accept-language": lang === "en" ? "en-GB" : "nl-NL" });
    return unwrap(await registerAction({ request, params: { slug }, context: testContext(`10.0.27.${++visitor}`) } as unknown as Args<typeof registerAction>));
  }

  /** A booker who sails, as the form posts them. */
  function sailingBooker(n: number): Record<string, string> {
    return {
      customerName: `Zeiler ${n}`,
      customerEmail: `zeiler${n}@example.com`,
      phoneNumber: "+31 6 11112222",
      street: "Kade 4",
      postalCode: "2583 AB",
      city: "Den Haag",
      country: "Nederland",
      places: "1",
      bookerSails: "yes",
      birthDate: "1979-11-23",
      nextOfKinName: "Thuisfront",
      nextOfKinPhone: "070 1234567",
      termsAccepted: "on",
    };
  }

  /** An offshore leg asking a passport and a health question (with a follow-up) on the form, an optional number, a file, and one item later. */
  async function offshoreLeg() {
    const event = await insertEvent(NOW, { priceCents: 0, maxParticipants: 12, offshore: true });
    const [passport, health, miles, medical, gear] = await insertCrewItems(database.db(), event.id, [
      { kind: "passport", labelNl: "Paspoort", labelEn: "Passport", asked: "registration" },
      { kind: "yes_no", labelNl: "Medicijnen", labelEn: "Medication", followUpNl: "Welke?", followUpEn: "Which?", health: true, asked: "registration" },
      { kind: "number", labelNl: "Zeemijlen", labelEn: "Sea miles", required: false, asked: "registration" },
      { kind: "file", labelNl: "Medische verklaring", labelEn: "Medical declaration", health: true, asked: "registration", dueDaysBefore: 14 },
      { kind: "choice_one", labelNl: "Maat", labelEn: "Size", options: [{ value: "m", nl: "M", en: "M" }], asked: "later" },
    ]);
    return { event, passport, health, miles, medical, gear };
  }

  const name = registrationAnswerName;
  const answersOf = (itemIds: string[]) => database.db().select().from(crewAnswers).where(inArray(crewAnswers.itemId, itemIds));
  const bookingsOf = (eventId: string) => database.db().select().from(registrations).where(eq(registrations.eventId, eventId));

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
    setNowForTests(NOW);
  });

  it("the form's page carries the items asked at registration, in the visitor's language, and none asked later", async () => {
    const { event, passport, health, miles, medical } = await offshoreLeg();
    const questions = (await registrationQuestions(database.db(), [event], "en")).get(event.id);
    expect(questions?.items.map((q) => [q.id, q.label, q.required, q.health])).toEqual([
      [passport.id, "Passport", true, false],
      [health.id, "Medication", true, true],
      [miles.id, "Sea miles", false, false],
      [medical.id, "Medical declaration", true, true],
    ]);
    expect(questions?.items[1].followUp).toBe("Which?");
    expect(questions?.countries?.find((c) => c.code === "NL")?.name).toBe("Netherlands");
    const page = (await registerLoader({
      request: new Request(`http://localhost/events/${event.slug}/register`, { headers: { "accept-language": "nl-NL" } }),
      params: { slug: event.slug },
    } as unknown as Args<typeof registerLoader>)) as { event: { questions?: { items: { label: string }[] } } };
    expect(page.event.questions?.items.map((q) => q.label)).toEqual(["Paspoort", "Medicijnen", "Zeemijlen", "Medische verklaring"]);
    // An event that asks nothing on its form carries nothing.
    const plain = await insertEvent(NOW, { priceCents: 0 });
    expect((await registrationQuestions(database.db(), [plain], "nl")).has(plain.id)).toBe(false);
  });

  it("refuses a booking whose required answers are missing or wrong, per item and field, and saves nothing", async () => {
    const { event, passport, health, miles, medical } = await offshoreLeg();
    const missing = await register(event.slug, sailingBooker(1));
    expect(missing.status).toBe(400);
    expect(missing.body?.failure?.description).toBe("Controleer je antwoorden op de vragen voor het bemanningsdossier.");
    expect(Object.keys(missing.body?.crewErrors ?? {}).sort()).toEqual([passport.id, health.id].sort());
    // The file is uploaded after booking; the optional number may stay blank.
    expect(missing.body?.crewErrors?.[medical.id]).toBeUndefined();
    expect(missing.body?.crewErrors?.[miles.id]).toBeUndefined();

    const wrong = await register(
      event.slug,
      {
        ...sailingBooker(1),
        [name(passport.id, "nationality")]: "Atlantis",
        [name(passport.id, "passportNumber")]: "NX12345",
        [name(passport.id, "expiresOn")]: "2031-02-30",
        [name(health.id, "yesNo")]: "yes",
        [name(miles.id, "number")]: "veel",
      },
      "en",
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body?.failure?.description).toBe("Please check your answers to the crew file questions.");
    expect(wrong.body?.crewErrors).toEqual({
      [passport.id]: { nationality: "crew.error.country", expiresOn: "crew.error.date" },
      // Yes asks the follow-up.
      [health.id]: { followUp: "crew.error.required" },
      // Begun, an optional item is checked like any other.
      [miles.id]: { number: "crew.error.number" },
    });
    expect(await bookingsOf(event.id)).toEqual([]);
    expect(await answersOf([passport.id, health.id, miles.id])).toEqual([]);
  });

  it("stores the booker's answers on their own place with the booking: a health answer only sealed, one audit row naming the items", async () => {
    const { event, passport, health, miles, medical, gear } = await offshoreLeg();
    const answer = await register(event.slug, {
      ...sailingBooker(2),
      [name(passport.id, "nationality")]: "nl",
      [name(passport.id, "passportNumber")]: "NX12345",
      [name(passport.id, "expiresOn")]: "2031-02-28",
      [name(health.id, "yesNo")]: "yes",
      [name(health.id, "followUp")]: "Insuline, twee keer per dag",
      [name(miles.id, "number")]: "",
      // A field of an item asked later, or of no item: ignored.
      [name(gear.id, "choice")]: "m",
      "crew:not-an-item:text": "x",
    });
    expect(answer.status).toBe(303);
    const [booking] = await bookingsOf(event.id);
    expect(booking.status).toBe("confirmed");
    const [place] = await database.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, booking.id));
    const rows = await database.db().select().from(crewAnswers).where(eq(crewAnswers.placeId, place.id));
    expect(rows.map((r) => r.itemId).sort()).toEqual([passport.id, health.id].sort());
    // A passport and a health answer: only sealed; the raw rows show neither.
    for (const row of rows) {
      expect(row.value).toBeNull();
      expect(row.sealed).toBeTruthy();
    }
    expect(JSON.stringify(rows)).not.toContain("NX12345");
    expect(JSON.stringify(rows)).not.toContain("Insuline");
    expect((await placeAnswers(database.db(), place.id)).get(passport.id)?.value).toEqual({ kind: "passport", nationality: "NL", number: "NX12345", expiresOn: "2031-02-28", file: null });

    // The participant's checklist reads them as answered; the file and the later item are still to do.
    const checklist = await crewChecklist(database.db(), place, event, "nl", NOW);
    const state = (id: string) => checklist?.items.find((i) => i.id === id)?.state;
    expect([state(passport.id), state(health.id), state(medical.id), state(gear.id)]).toEqual(["complete", "complete", "missing", "missing"]);
    expect(checklist?.items.find((i) => i.id === health.id)?.answer).toEqual({ kind: "yes_no", yes: true, followUp: "Insuline, twee keer per dag" });

    const audits = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.registrationId, booking.id), eq(auditLog.action, "place.crew_answered")));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0].changes)).toContain("Paspoort, Medicijnen");
    expect(JSON.stringify(audits[0].changes)).not.toContain("Insuline");
  });

  it("asks nothing of a booker who does not sail: the participants answer on their own page", async () => {
    const { event, passport, health, miles } = await offshoreLeg();
    const answer = await register(event.slug, {
      ...sailingBooker(3),
      places: "2",
      bookerSails: "no",
      "participants[0].name": "Ann Archer",
      "participants[0].email": "ann.crew@example.com",
      "participants[1].name": "Bas Bakker",
      "participants[1].email": "bas.crew@example.com",
    });
    expect(answer.status).toBe(303);
    expect(await bookingsOf(event.id)).toHaveLength(1);
    expect(await answersOf([passport.id, health.id, miles.id])).toEqual([]);
  });
});
