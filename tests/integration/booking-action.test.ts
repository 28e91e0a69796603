// @engine both: registration and checkout: places counted and money held in transactions
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RegisterActionData } from "~/schemas/registration";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/booking/checkout-test";
import { loader as successLoader } from "~/routes/booking/payment-success";
import { action as registerAction, loader as registerLoader } from "~/routes/booking/register";
import { setAccessCodes, storedCodeHashes } from "@server/access/store.server";
import { unlockCookie } from "@server/access/unlock.server";
import { registrationLimiter } from "~/routes/booking/register.server";
import { setNowForTests } from "@server/clock.server";
import { emails, payments, registrations } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { insertEvent, participantForm } from "./booking-fixtures";

describe("booking: the registration action, test checkout and result page", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");

  type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];
  let visitor = 0;
  const nextAddress = () => `10.0.2.${++visitor}`;

  function unwrap(result: unknown): { status: number; location: string | null; body: unknown } {
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: undefined };
    const wrapped = result as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  }

  async function register(slug: string, fields: Record<string, string>, options: { address?: string; lang?: "nl" | "en" } = {}) {
    const request = formRequest(`/events/${slug}/register`, fields, { "accept-language": options.lang === "en" ? "en-GB" : "nl-NL" });
    const result = await registerAction({ request, params: { slug }, context: testContext(options.address ?? nextAddress()) } as unknown as Args<typeof registerAction>);
    const answer = unwrap(result);
    return { ...answer, body: answer.body as RegisterActionData | undefined };
  }

  async function thrownStatus(promise: Promise<unknown>): Promise<number> {
    try {
      await promise;
      return 200;
    } catch (error) {
      const thrown = error as { init?: ResponseInit; status?: number };
      return thrown.init?.status ?? thrown.status ?? 500;
    }
  }

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
    setNowForTests(NOW);
  });
  afterEach(() => setNowForTests(NOW));

  async function registrationsOf(eventId: string) {
    return database.db().select().from(registrations).where(eq(registrations.eventId, eventId));
  }

  describe("POST /events/:slug/register", () => {
    it("answers an invalid form with 400 and the messages, and stores nothing", async () => {
      const event = await insertEvent(NOW);
      const answer = await register(event.slug, participantForm(1, { customerEmail: "not-an-address", city: "  ", termsAccepted: "" }));
      expect(answer.status).toBe(400);
      const errors = answer.body!.result.error!;
      expect(errors.customerEmail).toEqual(["booking.validation.invalidEmail"]);
      expect(errors.city).toEqual(["booking.validation.fieldRequired"]);
      expect(errors.termsAccepted).toEqual(["booking.validation.termsText"]);
      // The visitor's values come back to refill the form (without JavaScript).
      expect((answer.body!.result.initialValue as Record<string, string>).customerName).toBe("Deelnemer 1");
      expect(await registrationsOf(event.id)).toHaveLength(0);
    });

    it("registers, holds a place and answers 303 to the test checkout", async () => {
      const event = await insertEvent(NOW);
      const answer = await register(event.slug, { ...participantForm(2), locale: "en", comments: "  Vegetarian  " });
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/checkout\/test\/test_[A-Za-z0-9_-]+$/);
      const [stored] = await registrationsOf(event.id);
      expect(stored).toMatchObject({ status: "pending_payment", locale: "en", comments: "Vegetarian", amountDueCents: 14_750, priceCents: 29_500 });
      const [payment] = await database.db().select().from(payments).where(eq(payments.registrationId, stored.id));
      expect(payment).toMatchObject({ provider: "test", status: "open", amountCents: 14_750, providerSessionId: answer.location!.split("/").pop() });
    });

    it("pays through the test checkout, lands confirmed, and a second payment changes nothing", async () => {
      const event = await insertEvent(NOW);
      const registered = await register(event.slug, participantForm(3), { lang: "en" });
      const sessionId = registered.location!.split("/").pop()!;
      const checkoutRequest = (method = "GET") =>
        method === "GET"
          ? new Request(`http://localhost/checkout/test/${sessionId}`, { headers: { "accept-language": "en-GB" } })
          : formRequest(`/checkout/test/${sessionId}`, { intent: "pay" }, { "accept-language": "en-GB" });

      const page = (await checkoutLoader({ request: checkoutRequest(), params: { sessionId } } as unknown as Args<typeof checkoutLoader>)) as Awaited<ReturnType<typeof checkoutLoader>>;
      expect(page.state).toBe("open");
      expect(page.checkout).toMatchObject({ amountCents: 14_750, personal: { customerName: "Deelnemer 3" }, eventName: "Test sailing day" });

      const paid = unwrap(await checkoutAction({ request: checkoutRequest("POST"), params: { sessionId } } as unknown as Args<typeof checkoutAction>));
      expect(paid.status).toBe(303);
      expect(paid.location).toBe(`/payment-success?session_id=${sessionId}&event_id=${event.id}`);
      const again = unwrap(await checkoutAction({ request: checkoutRequest("POST"), params: { sessionId } } as unknown as Args<typeof checkoutAction>));
      expect(again.location).toBe(paid.location);

      const [stored] = await registrationsOf(event.id);
      expect(stored.status).toBe("confirmed");
      const mails = await database.db().select().from(emails).where(eq(emails.relatedId, stored.id));
      expect(mails.filter((m) => m.template === "booking-confirmation")).toHaveLength(1);
      expect(mails.filter((m) => m.template === "booking-team")).toHaveLength(1);

      const success = await successLoader({ request: new Request(`http://localhost${paid.location}`) } as unknown as Args<typeof successLoader>);
      expect(await success.verification).toMatchObject({ state: "confirmed", reference: stored.reference, amountPaidCents: 14_750 });
      const wrongEvent = await successLoader({ request: new Request(`http://localhost/payment-success?session_id=${sessionId}&event_id=${crypto.randomUUID()}`) } as unknown as Args<typeof successLoader>);
      expect(await wrongEvent.verification).toEqual({ state: "failed", reason: "unverified", message: null });
    });

    it("refuses a test payment once the hold has ended", async () => {
      const event = await insertEvent(NOW);
      const registered = await register(event.slug, participantForm(4));
      const sessionId = registered.location!.split("/").pop()!;
      setNowForTests(new Date(NOW.getTime() + 40 * 60_000));
      const paid = unwrap(await checkoutAction({ request: formRequest(`/checkout/test/${sessionId}`, { intent: "pay" }), params: { sessionId } } as unknown as Args<typeof checkoutAction>));
      expect(paid.status).toBe(409);
      const [stored] = await registrationsOf(event.id);
      expect(stored.status).toBe("pending_payment");
    });

    it("says 'Fully Booked' for a full event and 'Registration not open yet' before the opening", async () => {
      const full = await insertEvent(NOW, { maxParticipants: 1 });
      expect((await register(full.slug, participantForm(5))).status).toBe(303);
      const refused = await register(full.slug, participantForm(6), { lang: "en" });
      expect(refused.status).toBe(409);
      expect(refused.body!.failure).toEqual({ title: "Registration failed", description: "Fully Booked" });

      const later = await insertEvent(NOW, { registrationOpensAt: new Date(NOW.getTime() + 86_400_000) });
      const early = await register(later.slug, participantForm(7), { lang: "en" });
      expect(early.status).toBe(409);
      expect(early.body!.failure?.description).toBe("Registration not open yet");
      const earlyNl = await register(later.slug, participantForm(7), { lang: "nl" });
      expect(earlyNl.body!.failure).toEqual({ title: "Inschrijving mislukt", description: "Inschrijving nog niet geopend" });
      expect(await registrationsOf(later.id)).toHaveLength(0);
    });

    it("confirms a free event at once and sends the confirmation", async () => {
      const event = await insertEvent(NOW, { priceCents: 0, depositPercent: 0 });
      const answer = await register(event.slug, participantForm(8));
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/payment-success\?confirmed=.+&event_id=/);
      const [stored] = await registrationsOf(event.id);
      expect(stored.status).toBe("confirmed");
      const mails = await database.db().select().from(emails).where(eq(emails.relatedId, stored.id));
      expect(mails.map((m) => m.template).sort()).toEqual(["booking-confirmation", "booking-team"]);
      const success = await successLoader({ request: new Request(`http://localhost${answer.location}`) } as unknown as Args<typeof successLoader>);
      expect(await success.verification).toMatchObject({ state: "confirmed", free: true, reference: stored.reference });
      const forged = await successLoader({ request: new Request(`http://localhost/payment-success?confirmed=${stored.id}.forged`) } as unknown as Args<typeof successLoader>);
      expect((await forged.verification).state).toBe("failed");
    });

    it("hides events of a private page until it is unlocked, and 404s unknown events", async () => {
      const hidden = await insertEvent(NOW, { listed: false, privatePageKey: null });
      // Unlisted without a page (e.g. the Sail-Out) is public.
      expect((await register(hidden.slug, participantForm(9))).status).toBe(303);
      expect((await register("no-such-event", participantForm(9))).status).toBe(404);
      expect(await thrownStatus(registerLoader({ request: new Request("http://localhost/events/no-such-event/register"), params: { slug: "no-such-event" } } as unknown as Args<typeof registerLoader>))).toBe(404);
    });

    it("registers for a private page's event only with that page unlocked, and a waiting list only where the page admits it", async () => {
      await setAccessCodes("vwdtp", ["test-code-vwdtp"]);
      await setAccessCodes("arc-registration", ["test-code-arc"]);
      const vwdtp = await insertEvent(NOW, { listed: false, privatePageKey: "vwdtp", depositPercent: 100, priceCents: 17_500 });
      const arc = await insertEvent(NOW, { bookingMode: "waitlist", privatePageKey: "arc-registration" });
      const cookie = async (page: "vwdtp" | "arc-registration") => {
        const header = await unlockCookie(page, await storedCodeHashes(page), new Request("http://localhost/"));
        return header.split(";")[0];
      };
      const post = async (slug: string, headers: Record<string, string> = {}) => {
        const request = formRequest(`/events/${slug}/register`, participantForm(11), { "accept-language": "en-GB", ...headers });
        return unwrap(await registerAction({ request, params: { slug }, context: testContext(nextAddress()) } as unknown as Args<typeof registerAction>));
      };
      expect((await post(vwdtp.slug)).status).toBe(404);
      expect((await post(vwdtp.slug, { cookie: await cookie("vwdtp") })).status).toBe(303);
      const [held] = await registrationsOf(vwdtp.id);
      expect(held.amountDueCents).toBe(17_500);

      const publicArc = await post(arc.slug);
      expect(publicArc.status).toBe(409);
      expect((publicArc.body as RegisterActionData).failure?.description).toBe("This event does not take registrations.");
      expect((await post(arc.slug, { cookie: await cookie("arc-registration") })).status).toBe(303);
    });

    it("rate-limits registration posts per client address (429 with a translated message)", async () => {
      await registrationLimiter.reset();
      const event = await insertEvent(NOW);
      const address = "10.9.9.9";
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await register(event.slug, { customerName: "" }, { address })).status);
      expect(statuses.every((s) => s === 400)).toBe(true);
      const limited = await register(event.slug, participantForm(10), { address, lang: "en" });
      expect(limited.status).toBe(429);
      expect(limited.body!.failure?.description).toBe("Too many registration attempts. Please wait a few minutes and try again.");
      expect((await register(event.slug, participantForm(10), { address: "10.9.9.10" })).status).toBe(303);
    });

    it("shows the form's page with the amount due, or why registering is not possible", async () => {
      const open = await insertEvent(NOW);
      const page = await registerLoader({ request: new Request(`http://localhost/events/${open.slug}/register`, { headers: { "accept-language": "en" } }), params: { slug: open.slug } } as unknown as Args<typeof registerLoader>);
      expect(page.unavailable).toBeNull();
      expect(page.event).toMatchObject({ slug: open.slug, priceCents: 29_500, depositPercent: 50 });
      const interest = await insertEvent(NOW, { bookingMode: "interest" });
      const refused = await registerLoader({ request: new Request(`http://localhost/events/${interest.slug}/register`, { headers: { "accept-language": "en" } }), params: { slug: interest.slug } } as unknown as Args<typeof registerLoader>);
      expect(refused.unavailable).toBe("This event does not take registrations.");
      const ids = [open.id, interest.id];
      expect(await database.db().select().from(registrations).where(inArray(registrations.eventId, ids))).toHaveLength(0);
    });
  });
});
