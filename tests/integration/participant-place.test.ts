// @engine both: a group booking's places and invitations written in the confirming transactions (SQL by hand, row locks, outbox)
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WAIVER_VERSION } from "~/content/waiver";
import { translate } from "~/i18n";
import type { PlaceActionData, PlaceView } from "~/schemas/place";
import { action as placeActionRoute, loader as placeLoader } from "~/routes/place/my-place";
import { loader as placeIcsLoader } from "~/routes/place/calendar-ics";
import { placeActionLimiter, placeLinkLimiter } from "~/routes/place/my-place.server";
import { loader as manageLoader } from "~/routes/manage/my-booking";
import { manageLinkLimiter } from "~/routes/manage/my-booking.server";
import { PARTICIPANT } from "@server/audit/audit.server";
import { openBalanceCheckout } from "@server/booking/balance.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { manageToken } from "@server/booking/manage-link.server";
import { placePath, placeToken } from "@server/booking/places.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, bookingPlaces, emails, registrations, type BookingPlace, type Event } from "@server/db/schema.server";
import { useTestDatabase } from "../support/db";
import { formRequest, routeArgs, testContext } from "../support/forms";
import { httpRequest, startTestApp, type TestApp } from "../support/http-app";
import type * as SchemaModule from "@server/db/schema.server";
import type * as PlacesModule from "@server/booking/places.server";
import { insertEvent, participant, useFakeStripe } from "./booking-fixtures";
import { groupInput, heldGroup, namedParticipant } from "./participant-fixtures";

/**
 * A group booking's participants (issue 26): their invitations at confirmation (once per place,
 * in their own language), and their own page /my-place/<token> through its route functions: who
 * gets in, what it shows (their own place only), what its two forms change.
 */
describe("participants of a group booking", () => {
  const database = useTestDatabase();
  const provider = useFakeStripe(database);
  const NOW = new Date("2026-03-02T10:00:00Z");
  type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];
  let visitor = 0;
  const nextAddress = () => `10.0.7.${++visitor}`;

  afterEach(async () => {
    await placeLinkLimiter.reset();
    await placeActionLimiter.reset();
    await manageLinkLimiter.reset();
  });

  /** The pinned clock runs on from where it was set: an instant within a minute of it. */
  const near = (at: Date | null, expected: Date) => at !== null && Math.abs(at.getTime() - expected.getTime()) < 60_000;
  const unique = () => crypto.randomBytes(3).toString("hex");

  /** A free event's confirmed group: the booker (sails), Ann (English) and Bas (Dutch). */
  async function freeGroup(overrides: Partial<Event> = {}) {
    setNowForTests(NOW);
    const event = await insertEvent(NOW, { priceCents: 0, maxParticipants: 20, maxPlacesPerBooking: 8, ...overrides });
    const tag = unique();
    const ann = namedParticipant("Ann Archer", `ann.${tag}@example.com`, "en");
    const bas = namedParticipant("Bas Bakker", `bas.${tag}@example.com`, "nl");
    const created = await createRegistration(database.db(), { eventId: event.id, input: groupInput(1, [ann, bas]), locale: "nl", now: NOW });
    if (created.outcome !== "confirmed") throw new Error(`expected a confirmation, got ${created.outcome}`);
    const places = await database.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, created.registration.id));
    const byName = (name: string) => places.find((p) => p.name === name)!;
    return { event, created, registration: created.registration, booker: places.find((p) => p.isBooker)!, ann: byName("Ann Archer"), bas: byName("Bas Bakker") };
  }

  async function placeRow(id: string): Promise<BookingPlace> {
    const [row] = await database.db().select().from(bookingPlaces).where(eq(bookingPlaces.id, id));
    return row;
  }

  async function actions(registrationId: string, action: string) {
    return database.db().select().from(auditLog).where(and(eq(auditLog.registrationId, registrationId), eq(auditLog.action, action)));
  }

  async function mailsTo(to: string, template?: string) {
    const rows = await database.db().select().from(emails).where(eq(emails.to, to));
    return rows.filter((r) => template === undefined || r.template === template);
  }

  function getRequest(path: string, headers: Record<string, string> = {}) {
    return new Request(`http://localhost${path}`, { headers });
  }

  async function thrown(promise: Promise<unknown>): Promise<{ status: number; body: unknown; headers: Headers }> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof Response) return { status: error.status, body: undefined, headers: error.headers };
      const wrapped = error as { data: unknown; init?: ResponseInit };
      return { status: wrapped.init?.status ?? 500, body: wrapped.data, headers: new Headers(wrapped.init?.headers) };
    }
    throw new Error("expected the loader to throw");
  }

  async function load(token: string, query = "?lang=en") {
    const result = await placeLoader(routeArgs(getRequest(`/my-place/${token}${query}`), { token }, nextAddress()) as unknown as Args<typeof placeLoader>);
    const wrapped = result as unknown as { data: PlaceView; init: ResponseInit | null };
    return { view: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }

  async function post(token: string, fields: Record<string, string>, query = "?lang=en") {
    const request = formRequest(`/my-place/${token}${query}`, fields);
    const result = await placeActionRoute({ request, params: { token }, context: testContext(nextAddress()) } as unknown as Args<typeof placeActionRoute>);
    const wrapped = result as unknown as { data: PlaceActionData; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }

  const detailsForm = (overrides: Record<string, string> = {}) => ({
    intent: "details",
    name: "Ann Archer",
    birthDate: "1991-04-03",
    street: "Quay 5",
    postalCode: "1011 AB",
    city: "Amsterdam",
    country: "Nederland",
    nextOfKinName: "Alex Archer",
    nextOfKinPhone: "+31 6 87654321",
    ...overrides,
  });

  describe("invitations", () => {
    it("a free booking invites each participant once, at registration, in their own language", async () => {
      const { created, registration, ann, bas, booker } = await freeGroup();
      if (created.outcome !== "confirmed") throw new Error("not confirmed");
      const toAnn = await mailsTo(ann.email!, "participant-invitation");
      const toBas = await mailsTo(bas.email!, "participant-invitation");
      expect(toAnn).toHaveLength(1);
      expect(toBas).toHaveLength(1);
      // Queued with the booking and handed back to be delivered after the commit.
      expect(created.emailIds).toEqual(expect.arrayContaining([toAnn[0].id, toBas[0].id]));
      expect(toAnn[0]).toMatchObject({ locale: "en", subject: `Boeker 1 booked you a place: Test sailing day` });
      expect(toBas[0]).toMatchObject({ locale: "nl", subject: `Boeker 1 heeft een plek voor je geboekt: Testzeildag` });
      expect(toAnn[0].text).toContain(`http://localhost:4321${placePath(ann.id)}`);
      expect(toAnn[0].text).toContain("Boeker 1");
      // Her own link only: nothing of the other participant, nor the booker's link.
      expect(toAnn[0].text).not.toContain("Bas Bakker");
      expect(toAnn[0].text).not.toContain(placeToken(bas.id));
      expect(toAnn[0].text).not.toContain(manageToken(registration.id));
      // The booker gets the confirmation, not an invitation.
      expect(await mailsTo(booker.email!, "participant-invitation")).toHaveLength(0);
      expect(near((await placeRow(ann.id)).invitedAt, NOW)).toBe(true);
      expect((await placeRow(booker.id)).invitedAt).toBeNull();
      const invited = await actions(registration.id, "place.invited");
      expect(invited).toHaveLength(2);
      expect(invited.every((row) => row.entityType === "registration" && row.entityId === registration.id)).toBe(true);
    });

    it("a paid booking invites at the first payment, never again at a replayed webhook or the balance", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 20, maxPlacesPerBooking: 8 });
      const tag = unique();
      const ann = namedParticipant("Ann Paid", `ann.paid.${tag}@example.com`, "en");
      const bas = namedParticipant("Bas Paid", `bas.paid.${tag}@example.com`, "nl");
      const { registration, sessionId } = await heldGroup(database.db(), event, groupInput(2, [ann, bas], false), NOW);
      // Held, not paid: nobody is invited yet.
      expect(await mailsTo(ann.email, "participant-invitation")).toHaveLength(0);

      const paymentId = provider.pay(sessionId);
      const deliver = (eventId: string) =>
        fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: paymentId, providerEventId: eventId, providerEventType: "checkout.session.completed" });
      expect((await deliver("evt_group_1")).outcome).toBe("confirmed");
      expect((await deliver("evt_group_1")).outcome).toBe("duplicate_event");
      expect((await deliver("evt_group_2")).outcome).toBe("already_paid");

      // The balance (the booking's whole remaining price) paid online.
      const opened = await openBalanceCheckout(registration.id, PARTICIPANT);
      if (opened.outcome !== "opened") throw new Error(`balance checkout: ${opened.outcome}`);
      const balanceSession = opened.path.split("/").pop()!;
      const balancePayment = provider.pay(balanceSession);
      const balance = await fulfilPayment({ provider: "stripe", sessionId: balanceSession, ...provider.amountOf(balanceSession), providerPaymentId: balancePayment, providerEventId: "evt_group_bal" });
      expect(balance.outcome).toBe("balance_paid");

      expect(await mailsTo(ann.email, "participant-invitation")).toHaveLength(1);
      expect(await mailsTo(bas.email, "participant-invitation")).toHaveLength(1);
      expect((await mailsTo(ann.email, "participant-invitation"))[0].locale).toBe("en");
      expect((await mailsTo(bas.email, "participant-invitation"))[0].locale).toBe("nl");
      expect(await actions(registration.id, "place.invited")).toHaveLength(2);

      // The booker's confirmation and the team's notice show the places, the price of one and who sails.
      const [confirmation] = (await database.db().select().from(emails).where(eq(emails.relatedId, registration.id))).filter((m) => m.template === "booking-confirmation");
      expect(confirmation.to).toBe(registration.customerEmail);
      expect(confirmation.text).toMatch(/Plekken\s+2/);
      expect(confirmation.text).toMatch(/Prijs per plek\s+€\s?295,00/);
      expect(confirmation.text).toContain("Ann Paid");
      expect(confirmation.text).toContain("Bas Paid");
      const [team] = (await database.db().select().from(emails).where(eq(emails.relatedId, registration.id))).filter((m) => m.template === "booking-team");
      expect(team.text).toMatch(/Boeker zeilt mee\s+Nee/);
      expect(team.text).toContain("1. Ann Paid; 2. Bas Paid");
    });

    it("tells a participant who already has their own booking for the event, with its reference", async () => {
      setNowForTests(NOW);
      const event = await insertEvent(NOW, { priceCents: 0, maxParticipants: 20, maxPlacesPerBooking: 8 });
      const own = await createRegistration(database.db(), { eventId: event.id, input: { ...participant(7), customerEmail: "carla@example.com" }, locale: "en", now: NOW });
      if (own.outcome !== "confirmed") throw new Error("own booking not confirmed");
      const group = await createRegistration(database.db(), {
        eventId: event.id,
        input: groupInput(8, [namedParticipant("Carla", "Carla@Example.com", "en")]),
        locale: "nl",
        now: NOW,
      });
      expect(group.outcome).toBe("confirmed");
      const [invitation] = await mailsTo("Carla@Example.com", "participant-invitation");
      expect(invitation.text).toContain(`already booked for this event under reference ${own.registration.reference}`);
      // The team's notice of the group shows it beside her name.
      const [team] = (await database.db().select().from(emails).where(eq(emails.relatedId, group.outcome === "confirmed" ? group.registration.id : ""))).filter((m) => m.template === "booking-team");
      expect(team.text).toContain(`Carla (ook geboekt onder ${own.registration.reference})`);
    });
  });

  describe("/my-place/:token", () => {
    it("shows the participant's own place only: their name, the event, who booked; nobody else's details, no money", async () => {
      const { ann, bas, booker, registration } = await freeGroup();
      const { view, headers } = await load(placeToken(ann.id));
      expect(headers.get("cache-control")).toBe("private, no-store");
      expect(headers.get("x-robots-tag")).toBe("noindex");
      expect(view.details.name).toBe("Ann Archer");
      expect(view.bookerName).toBe("Boeker 1");
      expect(view.event.name).toBe("Test sailing day");
      expect(view.open).toBe(true);
      expect(view.waiver).toBeNull();
      expect(view.missing).toContain("birthDate");
      const shown = JSON.stringify(view);
      for (const secret of [bas.name, bas.email!, booker.email!, registration.reference, booker.street!, "Cents", "price", "amount"]) expect(shown).not.toContain(secret);
    });

    it("refuses forged tokens, a manage token, and a place token on /my-booking, with a bare 404 that changes nothing", async () => {
      const { ann, registration } = await freeGroup();
      const token = placeToken(ann.id);
      const forged = `${token.slice(0, -2)}${token.endsWith("aa") ? "bb" : "aa"}`;
      for (const bad of [forged, "garbled", manageToken(registration.id), placeToken(crypto.randomUUID())]) {
        const loaded = await thrown(placeLoader(routeArgs(getRequest(`/my-place/${bad}?lang=en`), { token: bad }, nextAddress()) as unknown as Args<typeof placeLoader>));
        expect(loaded.status, bad).toBe(404);
        expect(JSON.stringify(loaded.body ?? null)).not.toContain("Ann");
        const posted = await thrown(post(bad, detailsForm({ name: "Mallory" })));
        expect(posted.status, bad).toBe(404);
      }
      const onManage = await thrown(manageLoader(routeArgs(getRequest(`/my-booking/${token}?lang=en`), { token }, nextAddress()) as unknown as Args<typeof manageLoader>));
      expect(onManage.status).toBe(404);
      expect(await placeRow(ann.id)).toMatchObject({ name: "Ann Archer", birthDate: null });
      expect(await actions(registration.id, "place.details_updated")).toHaveLength(0);
    });

    it("a place's token changes that place only, whatever the form says", async () => {
      const { ann, bas, registration } = await freeGroup();
      const answer = await post(placeToken(ann.id), detailsForm({ placeId: bas.id, registrationId: registration.id }));
      expect(answer.status).toBe(200);
      expect((await placeRow(bas.id)).birthDate).toBeNull();
      expect((await placeRow(ann.id)).birthDate).toBe("1991-04-03");
    });

    it("a replaced place's old token answers 410 and changes nothing; so does a cancelled place's", async () => {
      const { ann, bas, registration } = await freeGroup();
      const at = new Date(NOW.getTime() + 3_600_000);
      const [replacement] = await database
        .db()
        .insert(bookingPlaces)
        .values({ registrationId: registration.id, number: 999, name: "Dirk New", email: "dirk@example.com", locale: "en" })
        .returning();
      await database.db().update(bookingPlaces).set({ replacedAt: at, replacedById: replacement.id }).where(eq(bookingPlaces.id, ann.id));
      await database.db().update(bookingPlaces).set({ cancelledAt: at }).where(eq(bookingPlaces.id, bas.id));
      const replaced = await thrown(load(placeToken(ann.id)));
      expect(replaced.status).toBe(410);
      expect(replaced.body).toEqual({ reason: "replaced" });
      expect(replaced.headers.get("cache-control")).toBe("private, no-store");
      const cancelled = await thrown(load(placeToken(bas.id)));
      expect(cancelled).toMatchObject({ status: 410, body: { reason: "cancelled" } });
      expect((await thrown(post(placeToken(ann.id), detailsForm()))).status).toBe(410);
      expect((await thrown(post(placeToken(bas.id), { intent: "waiver", waiverAccepted: "on" }))).status).toBe(410);
      expect(await placeRow(ann.id)).toMatchObject({ birthDate: null, waiverAcceptedAt: null });
      expect(await placeRow(bas.id)).toMatchObject({ waiverAcceptedAt: null });
      // The new participant's own token works.
      expect((await load(placeToken(replacement.id))).view.details.name).toBe("Dirk New");
      // The whole booking cancelled: every place's link says so.
      await database.db().update(registrations).set({ status: "cancelled", cancelledAt: at }).where(eq(registrations.id, registration.id));
      expect(await thrown(load(placeToken(replacement.id)))).toMatchObject({ status: 410, body: { reason: "cancelled" } });
    });

    it("refuses invalid details with 400 and the rules' messages in both languages, changing nothing", async () => {
      const { ann, registration } = await freeGroup();
      for (const lang of ["en", "nl"] as const) {
        const answer = await post(placeToken(ann.id), detailsForm({ name: "", birthDate: "2999-01-01", nextOfKinPhone: "call me" }), `?lang=${lang}`);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ intent: "details", outcome: "invalid" });
        const errors = answer.body.intent === "details" ? answer.body.result?.error : undefined;
        expect(errors?.name).toEqual(["booking.validation.fieldRequired"]);
        expect(errors?.birthDate).toEqual(["booking.validation.invalidBirthDate"]);
        expect(errors?.nextOfKinPhone).toEqual(["booking.validation.invalidPhone"]);
      }
      // What the page shows for them, in each language (the keys are real messages, not echoed keys).
      expect(translate("en", "booking.validation.invalidBirthDate")).not.toBe(translate("nl", "booking.validation.invalidBirthDate"));
      expect(translate("nl", "booking.validation.invalidPhone")).not.toContain("booking.");
      expect(await placeRow(ann.id)).toMatchObject({ name: "Ann Archer", birthDate: null, detailsCompletedAt: null });
      expect(await actions(registration.id, "place.details_updated")).toHaveLength(0);
    });

    it("saves complete details: detailsCompletedAt once, an audit row naming the fields and never their values", async () => {
      const { ann, registration } = await freeGroup();
      const partial = await post(placeToken(ann.id), detailsForm({ nextOfKinName: "", nextOfKinPhone: "" }));
      expect(partial).toMatchObject({ status: 200, body: { intent: "details", outcome: "updated" } });
      expect((await placeRow(ann.id)).detailsCompletedAt).toBeNull();

      const later = new Date(NOW.getTime() + 60_000);
      setNowForTests(later);
      const complete = await post(placeToken(ann.id), detailsForm());
      expect(complete.body).toMatchObject({ outcome: "updated" });
      const row = await placeRow(ann.id);
      expect(row).toMatchObject({ birthDate: "1991-04-03", nextOfKinName: "Alex Archer" });
      expect(near(row.detailsCompletedAt, later)).toBe(true);

      expect((await post(placeToken(ann.id), detailsForm())).body).toMatchObject({ outcome: "unchanged" });
      setNowForTests(new Date(NOW.getTime() + 120_000));
      await post(placeToken(ann.id), detailsForm({ city: "Rotterdam" }));
      expect((await placeRow(ann.id)).detailsCompletedAt).toEqual(row.detailsCompletedAt);

      const trail = await actions(registration.id, "place.details_updated");
      expect(trail).toHaveLength(3);
      expect(trail.every((a) => a.entityType === "registration" && a.entityId === registration.id && a.actorType === "participant")).toBe(true);
      const last = trail.find((a) => JSON.stringify(a.changes).includes("Rotterdam") || (a.changes as Record<string, { to: unknown }>).fields?.to?.toString() === "city");
      expect(last).toBeDefined();
      for (const value of ["1991-04-03", "Alex Archer", "87654321", "Quay 5", "Rotterdam", "Amsterdam"]) expect(JSON.stringify(trail)).not.toContain(value);
      expect((trail[1].changes as Record<string, { to: unknown }>).fields.to).toEqual(["nextOfKinName", "nextOfKinPhone"]);
    });

    it("records the waiver's version and time on the place when the participant accepts it", async () => {
      const { ann, registration } = await freeGroup();
      const unticked = await post(placeToken(ann.id), { intent: "waiver" });
      expect(unticked).toMatchObject({ status: 400, body: { intent: "waiver", outcome: "missing" } });
      expect((await placeRow(ann.id)).waiverAcceptedAt).toBeNull();
      const at = new Date(NOW.getTime() + 5 * 60_000);
      setNowForTests(at);
      expect((await post(placeToken(ann.id), { intent: "waiver", waiverAccepted: "on" })).body).toMatchObject({ outcome: "accepted" });
      const accepted = await placeRow(ann.id);
      expect(accepted.waiverVersion).toBe(WAIVER_VERSION);
      expect(near(accepted.waiverAcceptedAt, at)).toBe(true);
      expect((await post(placeToken(ann.id), { intent: "waiver", waiverAccepted: "on" })).body).toMatchObject({ outcome: "already" });
      expect(await actions(registration.id, "place.waiver_accepted")).toHaveLength(1);
      expect((await load(placeToken(ann.id))).view.waiver).toEqual({ version: WAIVER_VERSION, acceptedAt: accepted.waiverAcceptedAt!.toISOString() });
    });

    it("is read-only once the event has started, and serves the participant's own .ics before", async () => {
      const { ann, event } = await freeGroup();
      const ics = await placeIcsLoader({ request: getRequest(`/my-place/${placeToken(ann.id)}/calendar.ics?lang=en`), params: { token: placeToken(ann.id) }, context: testContext(nextAddress()) } as unknown as Args<
        typeof placeIcsLoader
      >);
      expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(ics.headers.get("cache-control")).toBe("private, no-store");
      const body = await ics.text();
      expect(body).toContain(`UID:place-${ann.id}@localhost`);
      expect(body).toContain("SUMMARY:Test sailing day");

      setNowForTests(new Date(event.startDate.getTime() + 60_000));
      expect((await load(placeToken(ann.id))).view.open).toBe(false);
      expect(await post(placeToken(ann.id), detailsForm())).toMatchObject({ status: 409, body: { outcome: "closed" } });
      expect(await post(placeToken(ann.id), { intent: "waiver", waiverAccepted: "on" })).toMatchObject({ status: 409, body: { outcome: "closed" } });
      expect(await placeRow(ann.id)).toMatchObject({ birthDate: null, waiverAcceptedAt: null });
    });
  });
});

describe("/my-place/:token over HTTP", () => {
  let app: TestApp;
  let annToken = "";
  let goneToken = "";

  beforeAll(async () => {
    app = await startTestApp();
    const { events, registrations: bookings, bookingPlaces: places } = await app.load<typeof SchemaModule>("/server/db/schema.server.ts");
    const { placeToken: tokenOf } = await app.load<typeof PlacesModule>("/server/booking/places.server.ts");
    const start = new Date(Date.now() + 45 * 86_400_000);
    const [event] = await app.db
      .insert(events)
      .values({ slug: `place-http-${crypto.randomBytes(3).toString("hex")}`, name: "Groepszeildag", nameEn: "Group sailing day", startDate: start, endDate: new Date(start.getTime() + 8 * 3_600_000), location: "Scheveningen", priceCents: 29_500 })
      .returning();
    const [registration] = await app.db
      .insert(bookings)
      .values({
        reference: `OR-PL${crypto.randomBytes(2).toString("hex").toUpperCase()}`,
        eventId: event.id,
        customerName: "Hanna Booker",
        customerEmail: "hanna@example.com",
        street: "Kade 2",
        city: "Amsterdam",
        postalCode: "1011 AA",
        country: "Nederland",
        locale: "nl",
        status: "confirmed",
        places: 3,
        bookerSails: false,
        priceCents: 88_500,
        amountDueCents: 44_250,
        termsAcceptedAt: new Date(),
        waiverVersion: "2025-01",
        confirmedAt: new Date(),
      })
      .returning();
    const rows = await app.db
      .insert(places)
      .values([
        { registrationId: registration.id, number: 1, name: "Ann Visible", email: "ann.visible@example.com", locale: "en" },
        { registrationId: registration.id, number: 2, name: "Bas Hidden", email: "bas.hidden@example.com", locale: "nl", birthDate: "1980-01-01", nextOfKinName: "Kin Hidden" },
        { registrationId: registration.id, number: 3, name: "Cas Gone", email: "cas.gone@example.com", locale: "nl", cancelledAt: new Date() },
      ])
      .returning();
    annToken = tokenOf(rows[0].id);
    goneToken = tokenOf(rows[2].id);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it("renders the participant's own name in the page's HTML and nothing of the others or of money", async () => {
    const first = await httpRequest(`${app.url}/my-place/${annToken}`);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(`/my-place/${annToken}?lang=en`);
    for (const lang of ["en", "nl"]) {
      const page = await httpRequest(`${app.url}/my-place/${annToken}?lang=${lang}`);
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.text).toContain(`<html lang="${lang}"`);
      expect(page.text).toContain('<meta name="robots" content="noindex"');
      expect(page.text).toContain("Ann Visible");
      expect(page.text).toContain("Hanna Booker");
      // The page speaks the language asked for (the switcher's ?lang=), its own texts included.
      expect(page.text).toContain(lang === "en" ? "Booked by Hanna Booker" : "Geboekt door Hanna Booker");
      expect(page.text).toContain(lang === "en" ? "Accept the waiver" : "Vrijwaring accepteren");
      for (const secret of ["Bas Hidden", "bas.hidden@example.com", "Kin Hidden", "Cas Gone", "hanna@example.com", "€", "885", "442"]) expect(page.text, `${lang}: ${secret}`).not.toContain(secret);
    }
  });

  it("answers a cancelled place's token with a 410 page that says so", async () => {
    const page = await httpRequest(`${app.url}/my-place/${goneToken}?lang=en`);
    expect(page.status).toBe(410);
    expect(page.text).toContain("This link is no longer valid");
    expect(page.text).not.toContain("Cas Gone");
  });
});
