// @engine both: visitors' changes to bookings: money and places in transactions
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { WAIVER_VERSION } from "~/content/waiver";
import { teamDay, teamDayEnd } from "~/lib/local-time";
import type { ManageActionData, ManageView } from "~/schemas/manage";
import { action as manageActionRoute, headers as manageHeaders, loader as manageLoader } from "~/routes/manage/my-booking";
import { loader as icsLoader } from "~/routes/manage/calendar-ics";
import { manageActionLimiter, manageLinkLimiter, MAX_WRONG_TOKENS } from "~/routes/manage/my-booking.server";
import { auditTrail } from "@server/audit/audit.server";
import { manageToken } from "@server/booking/manage-link.server";
import { makeReference } from "@server/booking/reference.server";
import { setNowForTests } from "@server/clock.server";
import { bookingPlaces, emails, payments, refunds, registrations, type NewEvent } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { formRequest, routeArgs, testContext } from "../support/forms";
import { insertEvent } from "./booking-fixtures";

/**
 * The participant's page /my-booking/<token> through its route functions (loader, action, the
 * .ics route), on a real database: what it shows, who gets in, what its forms change.
 */
describe("manage my booking: /my-booking/:token", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const DAY = 86_400_000;

  type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];
  let visitor = 0;
  const nextAddress = () => `10.0.9.${++visitor}`;

  beforeAll(() => {
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SMTP_URL: undefined,
      STRIPE_SECRET_KEY: undefined,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://localhost:4321",
      TEAM_EMAIL: "team@example.com",
    });
    setNowForTests(NOW);
  });
  afterEach(async () => {
    setNowForTests(NOW);
    await manageLinkLimiter.reset();
    await manageActionLimiter.reset();
  });

  /** A confirmed booking with its deposit (50% of €295) paid through the test checkout two days ago. */
  async function booking(options: { event?: Partial<NewEvent>; locale?: "nl" | "en"; depositPaid?: boolean } = {}) {
    // 45 days out by default: inside the free cancellation period, balance due in 15 days.
    const start = new Date(NOW.getTime() + 45 * DAY);
    const event = await insertEvent(NOW, { startDate: start, endDate: new Date(start.getTime() + 8 * 3_600_000), ...options.event });
    const [registration] = await database
      .db()
      .insert(registrations)
      .values({
        reference: makeReference(),
        eventId: event.id,
        customerName: "Sanne de Vries",
        customerEmail: `sanne.${crypto.randomBytes(4).toString("hex")}@example.com`,
        phoneNumber: "+31 6 11111111",
        birthDate: "1990-05-17",
        street: "Havenstraat 1",
        city: "Den Haag",
        postalCode: "2583 AB",
        country: "Nederland",
        nextOfKinName: "Joris de Vries",
        nextOfKinPhone: "+31 6 12345678",
        locale: options.locale ?? "en",
        status: "confirmed",
        priceCents: event.priceCents,
        amountDueCents: event.priceCents / 2,
        termsAcceptedAt: new Date(NOW.getTime() - 2 * DAY),
        waiverVersion: WAIVER_VERSION,
        confirmedAt: new Date(NOW.getTime() - 2 * DAY),
        createdAt: new Date(NOW.getTime() - 2 * DAY),
      })
      .returning();
    // Place 1, the booker's own, as every booking has it since migration 0016 (decision 042): the
    // participant's emergency contact lives there.
    await database.db().insert(bookingPlaces).values({
      registrationId: registration.id,
      number: 1,
      isBooker: true,
      name: registration.customerName,
      email: registration.customerEmail,
      locale: registration.locale,
      birthDate: registration.birthDate,
      street: registration.street,
      city: registration.city,
      postalCode: registration.postalCode,
      country: registration.country,
      nextOfKinName: registration.nextOfKinName,
      nextOfKinPhone: registration.nextOfKinPhone,
      waiverVersion: registration.waiverVersion,
      waiverAcceptedAt: registration.termsAcceptedAt,
      detailsCompletedAt: registration.createdAt,
    });
    if (options.depositPaid !== false && event.priceCents > 0) {
      await database
        .db()
        .insert(payments)
        .values({
          registrationId: registration.id,
          provider: "test",
          providerSessionId: `test_${crypto.randomBytes(9).toString("base64url")}`,
          providerPaymentId: `test_pi_${crypto.randomBytes(9).toString("base64url")}`,
          kind: "deposit",
          amountCents: event.priceCents / 2,
          status: "paid",
          paidAt: new Date(NOW.getTime() - 2 * DAY),
        });
    }
    return { event, registration, token: manageToken(registration.id) };
  }

  function getRequest(path: string, headers: Record<string, string> = {}) {
    return new Request(`http://localhost${path}`, { headers });
  }

  async function load(token: string, options: { query?: string; address?: string; headers?: Record<string, string> } = {}) {
    const result = await manageLoader(routeArgs(getRequest(`/my-booking/${token}${options.query ?? "?lang=en"}`, options.headers), { token }, options.address ?? nextAddress()) as unknown as Args<typeof manageLoader>);
    const wrapped = result as unknown as { data: ManageView; init: ResponseInit | null };
    return { view: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }

  /** What a loader threw: a Response (redirect) or React Router's data() with its status. */
  async function thrown(promise: Promise<unknown>): Promise<{ status: number; headers: Headers; body: unknown; location: string | null }> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof Response) return { status: error.status, headers: error.headers, body: undefined, location: error.headers.get("location") };
      const wrapped = error as { data: unknown; init?: ResponseInit };
      return { status: wrapped.init?.status ?? 500, headers: new Headers(wrapped.init?.headers), body: wrapped.data, location: null };
    }
    throw new Error("expected the loader to throw");
  }

  async function post(token: string, fields: Record<string, string>, options: { address?: string; query?: string } = {}) {
    const request = formRequest(`/my-booking/${token}${options.query ?? "?lang=en"}`, fields);
    const result = await manageActionRoute({ request, params: { token }, context: testContext(options.address ?? nextAddress()) } as unknown as Args<
      typeof manageActionRoute
    >);
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: undefined, headers: result.headers };
    const wrapped = result as unknown as { data: ManageActionData; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }

  const contactForm = (overrides: Record<string, string> = {}) => ({
    intent: "details",
    phoneNumber: "+31 6 11111111",
    street: "Havenstraat 1",
    postalCode: "2583 AB",
    city: "Den Haag",
    country: "Nederland",
    nextOfKinName: "Joris de Vries",
    nextOfKinPhone: "+31 6 12345678",
    ...overrides,
  });

  /** The booking as stored, with the booker's emergency contact read where it lives: their place (decision 042). */
  async function stored(id: string) {
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, id));
    const [place] = await database
      .db()
      .select()
      .from(bookingPlaces)
      .where(and(eq(bookingPlaces.registrationId, id), eq(bookingPlaces.isBooker, true)));
    return { ...row, nextOfKinName: place?.nextOfKinName ?? null, nextOfKinPhone: place?.nextOfKinPhone ?? null, legacyNextOfKinName: row.nextOfKinName };
  }

  async function teamNotices(id: string) {
    return database
      .db()
      .select()
      .from(emails)
      .where(and(eq(emails.relatedId, id), eq(emails.template, "booking-details-changed-team")));
  }

  describe("the page", () => {
    it("shows the event in the booking's language, the reference, payments, balance, policy and contact details", async () => {
      const { registration, token, event } = await booking({ locale: "en" });
      const { view, headers } = await load(token);
      expect(view).toMatchObject({
        reference: registration.reference,
        status: "confirmed",
        name: "Sanne de Vries",
        event: { name: "Test sailing day", location: "Scheveningen, 3e haven", included: ["Lunch"], started: false },
        money: { priceCents: 29_500, paidCents: 14_750, refundedCents: 0, balanceDueCents: 14_750, overdue: false },
        payments: [{ kind: "deposit", amountCents: 14_750 }],
        refunds: [],
        // The end, in Amsterdam (CET), of the day 30 days before the start's day (16 April 2026).
        policy: { percent: 100, deadline: "2026-03-17T22:59:59.999Z" },
        contact: { nextOfKinName: "Joris de Vries", phoneNumber: "+31 6 11111111" },
        can: { payBalance: true, changeDetails: true, cancel: true },
        cancelQuote: null,
      });
      // The balance is due by the end (in Amsterdam) of the day 30 days before the start's day (the event's default rule).
      expect(view.money.balanceDueAt).toBe(teamDayEnd(teamDay(new Date(event.startDate.getTime() - 30 * DAY))).toISOString());
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(headers.get("Referrer-Policy")).toBe("same-origin");
      expect(headers.get("X-Robots-Tag")).toBe("noindex");
    });

    it("marks a balance whose date has passed as overdue", async () => {
      // Starts in 20 days: the 30-day rule falls before the booking, so the balance was due at once.
      const { token } = await booking({ event: { startDate: new Date(NOW.getTime() + 20 * DAY), endDate: new Date(NOW.getTime() + 20 * DAY + 8 * 3_600_000) } });
      const { view } = await load(token);
      expect(view.money.balanceDueCents).toBe(14_750);
      expect(view.money.overdue).toBe(true);
    });

    it("opens in the booking's language for a visitor who never chose one, and in the visitor's choice otherwise", async () => {
      const { token } = await booking({ locale: "en" });
      // No ?lang and no stored choice (a Dutch browser): sent once to ?lang=en, keeping the step.
      const redirected = await thrown(
        manageLoader(routeArgs(getRequest(`/my-booking/${token}?step=cancel`, { "accept-language": "nl-NL" }), { token }, nextAddress()) as unknown as Args<typeof manageLoader>),
      );
      expect(redirected.status).toBe(302);
      expect(redirected.location).toBe(`/my-booking/${token}?step=cancel&lang=en`);
      expect(redirected.headers.get("Cache-Control")).toBe("private, no-store");
      expect(redirected.headers.get("Referrer-Policy")).toBe("same-origin");

      // A stored choice of Dutch wins over the booking's English: the Dutch event name.
      const { view } = await load(token, { query: "", headers: { cookie: "lang=nl" } });
      expect(view.event.name).toBe("Testzeildag");
    });

    it("answers a forged, garbled or unknown token with a bare 404 and no booking data", async () => {
      const { token, registration } = await booking();
      const forged = `${token.slice(0, 30)}${token[30] === "A" ? "B" : "A"}${token.slice(31)}`;
      const otherId = manageToken(crypto.randomUUID());
      for (const bad of [forged, token.slice(0, 43), `${token}x`, "not-a-token", registration.reference, registration.id, otherId]) {
        const answer = await thrown(manageLoader(routeArgs(getRequest(`/my-booking/${bad}`), { token: bad }, nextAddress()) as unknown as Args<typeof manageLoader>));
        expect(answer.status, bad).toBe(404);
        expect(answer.body, bad).toBeNull();
        expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
        expect(answer.headers.get("Referrer-Policy")).toBe("same-origin");
        // The route's headers() keeps them on the rendered error page.
        const rendered = manageHeaders({ errorHeaders: answer.headers, loaderHeaders: new Headers(), actionHeaders: new Headers(), parentHeaders: new Headers() } as never);
        expect(rendered.get("X-Robots-Tag")).toBe("noindex");
      }
      // A forged token posts nothing either.
      const request = formRequest(`/my-booking/${forged}`, contactForm({ street: "Forged 1" }));
      const posted = await thrown(manageActionRoute({ request, params: { token: forged }, context: testContext(nextAddress()) } as unknown as Args<typeof manageActionRoute>));
      expect(posted.status).toBe(404);
      expect((await stored(registration.id)).street).toBe("Havenstraat 1");
    });

    it(`limits wrong tokens per client address: after ${MAX_WRONG_TOKENS}, even the right one waits`, async () => {
      const { token, registration } = await booking();
      const address = "10.0.77.1";
      // Right tokens do not count.
      for (let i = 0; i < 3; i++) expect((await load(token, { address })).view.reference).toBe(registration.reference);
      const bad = manageToken(crypto.randomUUID());
      for (let i = 0; i < MAX_WRONG_TOKENS; i++) {
        expect((await thrown(manageLoader(routeArgs(getRequest(`/my-booking/${bad}`), { token: bad }, address) as unknown as Args<typeof manageLoader>))).status).toBe(404);
      }
      const limited = await thrown(manageLoader(routeArgs(getRequest(`/my-booking/${token}?lang=en`), { token }, address) as unknown as Args<typeof manageLoader>));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(limited.body).toEqual({ retryAfterSeconds: expect.any(Number) });
      // The calendar file is behind the same limit.
      expect((await thrown(icsLoader({ request: getRequest(`/my-booking/${token}/calendar.ics`), params: { token }, context: testContext(address) } as unknown as Args<typeof icsLoader>))).status).toBe(429);
      // Another address is not affected; after the window the address may try again.
      expect((await load(token, { address: "10.0.77.2" })).view.reference).toBe(registration.reference);
      setNowForTests(new Date(NOW.getTime() + 11 * 60_000));
      expect((await load(token, { address })).view.reference).toBe(registration.reference);
    });

    it("serves the booking's calendar file with the private headers", async () => {
      const { token, registration } = await booking({ locale: "nl" });
      const response = (await icsLoader({ request: getRequest(`/my-booking/${token}/calendar.ics`), params: { token }, context: testContext(nextAddress()) } as unknown as Args<
        typeof icsLoader
      >)) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
      const ics = await response.text();
      expect(ics).toContain("BEGIN:VCALENDAR\r\n");
      expect(ics).toContain("SUMMARY:Testzeildag\r\n");
      // The same UID as the confirmation e-mail's invite: importing both updates one entry.
      expect(ics).toContain(`UID:registration-${registration.id}@localhost`);
      expect(ics).toContain(`Referentie: ${registration.reference}`);
    });
  });

  describe("correcting contact details", () => {
    it("saves the changes, writes one audit row from → to by the participant, and tells nobody when the event is weeks away", async () => {
      const { token, registration } = await booking();
      const answer = await post(token, contactForm({ nextOfKinName: "Noor de Vries", nextOfKinPhone: "+31 6 99999999", city: "  Leiden  " }));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ intent: "details", outcome: "updated" });
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await stored(registration.id)).toMatchObject({ nextOfKinName: "Noor de Vries", nextOfKinPhone: "+31 6 99999999", city: "Leiden", street: "Havenstraat 1" });
      // The registration's own emergency columns are legacy (kept for a rollback): no longer written.
      expect((await stored(registration.id)).legacyNextOfKinName).toBe("Joris de Vries");

      const trail = (await auditTrail(database.db(), registration.id)).filter((row) => row.action === "registration.details_changed");
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({ actorType: "participant", entityType: "registration", entityId: registration.id });
      expect(trail[0].changes).toEqual({
        city: { from: "Den Haag", to: "Leiden" },
        nextOfKinName: { from: "Joris de Vries", to: "Noor de Vries" },
        nextOfKinPhone: { from: "+31 6 12345678", to: "+31 6 99999999" },
      });
      expect(await teamNotices(registration.id)).toHaveLength(0);
    });

    it("within 7 days of the start, queues one Dutch notice to the team listing what changed", async () => {
      const start = new Date(NOW.getTime() + 6 * DAY);
      const { token, registration } = await booking({ event: { startDate: start, endDate: new Date(start.getTime() + 8 * 3_600_000) } });
      const answer = await post(token, contactForm({ nextOfKinPhone: "+31 6 22222222", phoneNumber: "" }));
      expect(answer.body).toEqual({ intent: "details", outcome: "updated" });
      // An emptied (optional) phone number is cleared.
      expect((await stored(registration.id)).phoneNumber).toBeNull();
      const notices = await teamNotices(registration.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ to: "team@example.com", locale: "nl", subject: "Gegevens gewijzigd: Sanne de Vries voor Testzeildag" });
      expect(notices[0].text).toContain("+31 6 12345678 → +31 6 22222222");
      expect(notices[0].text).toContain("+31 6 11111111 → –");
      expect(notices[0].text).toContain(registration.reference);
      expect(notices[0].text).not.toContain("Havenstraat"); // unchanged fields are not listed
    });

    it("answers the same details with 'unchanged' and writes nothing", async () => {
      const { token, registration } = await booking({ event: { startDate: new Date(NOW.getTime() + 3 * DAY), endDate: new Date(NOW.getTime() + 4 * DAY) } });
      const answer = await post(token, contactForm());
      expect(answer.body).toEqual({ intent: "details", outcome: "unchanged" });
      expect((await auditTrail(database.db(), registration.id)).filter((r) => r.action === "registration.details_changed")).toHaveLength(0);
      expect(await teamNotices(registration.id)).toHaveLength(0);
    });

    it("refuses invalid input with 400 and the field messages, changing nothing", async () => {
      const { token, registration } = await booking();
      const answer = await post(token, contactForm({ nextOfKinPhone: "call me", street: "   ", city: "x".repeat(500) }));
      expect(answer.status).toBe(400);
      const body = answer.body as Extract<ManageActionData, { outcome: "invalid" }>;
      expect(body.outcome).toBe("invalid");
      expect(body.result.error).toMatchObject({
        nextOfKinPhone: ["booking.validation.invalidPhone"],
        street: ["booking.validation.fieldRequired"],
        city: ["booking.validation.tooLong"],
      });
      expect(await stored(registration.id)).toMatchObject({ street: "Havenstraat 1", nextOfKinPhone: "+31 6 12345678", city: "Den Haag" });
      expect(await auditTrail(database.db(), registration.id)).toHaveLength(0);
    });

    it("refuses changes once the event has started", async () => {
      const start = new Date(NOW.getTime() + 2 * DAY);
      const { token, registration } = await booking({ event: { startDate: start, endDate: new Date(start.getTime() + 2 * DAY) } });
      setNowForTests(new Date(start.getTime() + 60_000));
      const answer = await post(token, contactForm({ nextOfKinName: "Too Late" }));
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ intent: "details", outcome: "event_started" });
      expect((await stored(registration.id)).nextOfKinName).toBe("Joris de Vries");
      const { view } = await load(token);
      expect(view.can).toEqual({ payBalance: true, changeDetails: false, cancel: false });
    });

    it("answers a post without a known intent with 400, and a body that is not a form with 415", async () => {
      const { token, registration } = await booking();
      expect((await post(token, { intent: "delete-everything" })).status).toBe(400);
      expect((await post(token, {})).body).toEqual({ intent: null, outcome: "bad_request" });
      const json = new Request(`http://localhost/my-booking/${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      const refused = await thrown(manageActionRoute({ request: json, params: { token }, context: testContext(nextAddress()) } as unknown as Args<typeof manageActionRoute>));
      expect(refused.status).toBe(415);
      expect((await stored(registration.id)).updatedAt.getTime()).toBe(registration.updatedAt.getTime());
    });

    it("limits the page's posts per client address", async () => {
      const { token } = await booking();
      const address = "10.0.78.1";
      for (let i = 0; i < 30; i++) expect((await post(token, contactForm(), { address })).status).toBe(200);
      const limited = await post(token, contactForm(), { address });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ intent: null, outcome: "too_many" });
      expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    });
  });

  describe("paying the balance", () => {
    it("sends the participant to the checkout for what is still due", async () => {
      const { token, registration } = await booking();
      const answer = await post(token, { intent: "pay" });
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/checkout\/test\/test_[\w-]+$/);
      expect(answer.headers.get("Referrer-Policy")).toBe("same-origin");
      const open = await database.db().select().from(payments).where(and(eq(payments.registrationId, registration.id), eq(payments.kind, "balance")));
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ amountCents: 14_750, status: "open" });
    });

    it("says there is nothing to pay once everything is paid", async () => {
      const { token, registration } = await booking({ event: { depositPercent: 100 }, depositPaid: false });
      await database.db().insert(payments).values({
        registrationId: registration.id,
        provider: "test",
        providerSessionId: `test_${crypto.randomBytes(9).toString("base64url")}`,
        kind: "full",
        amountCents: 29_500,
        status: "paid",
        paidAt: NOW,
      });
      const { view } = await load(token);
      expect(view.can.payBalance).toBe(false);
      expect(view.payments).toEqual([expect.objectContaining({ kind: "full", amountCents: 29_500 })]);
      const answer = await post(token, { intent: "pay" });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ intent: "pay", outcome: "nothing_due" });
    });
  });

  describe("cancelling", () => {
    it("shows what the policy gives back, cancels on confirmation, refunds it, and then offers no actions", async () => {
      const { token, registration } = await booking();
      const { view } = await load(token, { query: "?lang=en&step=cancel" });
      expect(view.cancelQuote).toMatchObject({ refundCents: 14_750, percent: 100, inWindow: true, netPaidCents: 14_750 });

      const answer = await post(token, { intent: "cancel" }, { query: "?lang=en&step=cancel" });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ intent: "cancel", outcome: "cancelled", refundedCents: 14_750 });
      expect((await stored(registration.id)).status).toBe("cancelled");
      const rows = await database.db().select().from(refunds).where(eq(refunds.registrationId, registration.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amountCents: 14_750, requestedBy: "participant" });

      const after = (await load(token, { query: "?lang=en&step=cancel" })).view;
      expect(after.status).toBe("cancelled");
      expect(after.can).toEqual({ payBalance: false, changeDetails: false, cancel: false });
      expect(after.cancelQuote).toBeNull();
      expect(after.refunds).toEqual([expect.objectContaining({ amountCents: 14_750 })]);
      expect(after.money.refundedCents + after.money.refundPendingCents).toBe(14_750);

      // A second submit (another tab, a double click) cancels and refunds nothing more.
      const again = await post(token, { intent: "cancel" });
      expect(again.body).toEqual({ intent: "cancel", outcome: "already_cancelled" });
      expect(await database.db().select().from(refunds).where(eq(refunds.registrationId, registration.id))).toHaveLength(1);
      // Details of a cancelled booking stay as they were.
      expect((await post(token, contactForm({ street: "Elders 2" }))).body).toMatchObject({ outcome: "not_changeable" });
    });

    it("after the free cancellation period: says no refund and the date it ended, and cancels without one", async () => {
      const start = new Date(NOW.getTime() + 10 * DAY);
      const { token, registration } = await booking({ event: { startDate: start, endDate: new Date(start.getTime() + DAY) } });
      const { view } = await load(token, { query: "?lang=en&step=cancel" });
      // The free period ended with the day 30 days before the start's day (in Amsterdam, CET).
      expect(view.cancelQuote).toMatchObject({ refundCents: 0, inWindow: false, deadline: teamDayEnd(teamDay(new Date(start.getTime() - 30 * DAY))).toISOString() });
      const answer = await post(token, { intent: "cancel" });
      expect(answer.body).toEqual({ intent: "cancel", outcome: "cancelled", refundedCents: 0 });
      expect(await database.db().select().from(refunds).where(eq(refunds.registrationId, registration.id))).toHaveLength(0);
    });

    it("offers no cancel step once the event has started", async () => {
      const start = new Date(NOW.getTime() + DAY);
      const { token, registration } = await booking({ event: { startDate: start, endDate: new Date(start.getTime() + 3 * DAY) } });
      setNowForTests(new Date(start.getTime() + 3_600_000));
      const { view } = await load(token, { query: "?lang=en&step=cancel" });
      expect(view.can.cancel).toBe(false);
      expect(view.cancelQuote).toBeNull();
      // A hand-made post does not get past it either.
      const answer = await post(token, { intent: "cancel" });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ intent: "cancel", outcome: "not_cancellable" });
      expect((await stored(registration.id)).status).toBe("confirmed");
    });
  });
});
