// @engine both: booking edge cases: locks, idempotency, money
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RegisterActionData } from "~/schemas/registration";
import { HOLD_DURATION_MS } from "~/lib/booking";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/booking/checkout-test";
import { loader as successLoader } from "~/routes/booking/payment-success";
import { action as registerAction } from "~/routes/booking/register";
import { eventOccupancy } from "@server/reports/dashboard.server";
import { continueToCheckout, openCheckout } from "@server/booking/checkout.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { expireLapsedHolds } from "@server/booking/holds.server";
import { PAID_LINK_PERSONAL_DATA_MS } from "@server/booking/link-expiry.server";
import { registrationLimiter } from "~/routes/booking/register.server";
import { createRegistration, MAX_OPEN_HOLDS_PER_BOOKER, UNOPENED_HOLD_MS } from "@server/booking/registration.server";
import { handleStripeEvent } from "@server/booking/webhook.server";
import { setNowForTests } from "@server/clock.server";
import { emails, payments, registrations, type Event } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { emailCount, FakeProvider, insertEvent, participant, participantForm } from "./booking-fixtures";

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

/** The app clock runs on from the pinned instant, so times set during a test are a few ms later. */
const near = (actual: number, expected: number) => Math.abs(actual - expected) < 5_000;

function unwrap(result: unknown): { status: number; location: string | null; body: unknown } {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: undefined };
  const wrapped = result as { data: unknown; init: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
}

describe("booking hardening (issue 12)", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const TEAM_EMAIL = "team@oceanracing.test";

  beforeAll(() => {
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SMTP_URL: undefined,
      STRIPE_SECRET_KEY: undefined,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://localhost:4321",
      TEAM_EMAIL,
    });
    setNowForTests(NOW);
  });
  afterEach(async () => {
    setNowForTests(NOW);
    setPaymentProviderForTests(undefined);
    await registrationLimiter.reset();
  });
  afterAll(() => setPaymentProviderForTests(undefined));

  async function register(slug: string, fields: Record<string, string>, address: string, lang: "nl" | "en" = "nl") {
    const request = formRequest(`/events/${slug}/register`, fields, { "accept-language": lang === "en" ? "en-GB" : "nl-NL" });
    const answer = unwrap(await registerAction({ request, params: { slug }, context: testContext(address) } as unknown as Args<typeof registerAction>));
    return { ...answer, body: answer.body as RegisterActionData | undefined };
  }

  async function registrationsOf(eventId: string) {
    return database.db().select().from(registrations).where(eq(registrations.eventId, eventId));
  }

  async function openTestCheckout(sessionId: string) {
    const request = new Request(`http://localhost/checkout/test/${sessionId}`, { headers: { "accept-language": "en-GB" } });
    return (await checkoutLoader({ request, params: { sessionId } } as unknown as Args<typeof checkoutLoader>)) as Awaited<ReturnType<typeof checkoutLoader>>;
  }

  async function payTestCheckout(sessionId: string) {
    const request = formRequest(`/checkout/test/${sessionId}`, { intent: "pay" }, { "accept-language": "en-GB" });
    return unwrap(await checkoutAction({ request, params: { sessionId } } as unknown as Args<typeof checkoutAction>));
  }

  describe("place squatting", () => {
    it(`refuses a ${MAX_OPEN_HOLDS_PER_BOOKER + 1}th open hold per e-mail address, with a message in the visitor's language, and stores nothing`, async () => {
      const event = await insertEvent(NOW, { maxParticipants: 12 });
      const email = "squatter@example.com";
      for (let i = 0; i < MAX_OPEN_HOLDS_PER_BOOKER; i++) {
        // Another address each time: the e-mail address alone is limited.
        const held = await register(event.slug, participantForm(i, { customerEmail: i % 2 ? email.toUpperCase() : email }), `10.9.1.${i}`);
        expect(held.status).toBe(303);
      }
      const refusedNl = await register(event.slug, participantForm(9, { customerEmail: email }), "10.9.1.99");
      expect(refusedNl.status).toBe(409);
      expect(refusedNl.body?.failure?.description).toContain(`ten hoogste ${MAX_OPEN_HOLDS_PER_BOOKER} tegelijk wachten`);
      const refusedEn = await register(event.slug, participantForm(9, { customerEmail: email }), "10.9.1.98", "en");
      expect(refusedEn.body?.failure?.description).toContain(`at most ${MAX_OPEN_HOLDS_PER_BOOKER} places may wait`);
      expect(await registrationsOf(event.id)).toHaveLength(MAX_OPEN_HOLDS_PER_BOOKER);
      // Someone else still gets a place: the boat is not "full".
      expect((await register(event.slug, participantForm(20), "10.9.1.50")).status).toBe(303);
    });

    it("refuses more open holds per client address, whatever the e-mail addresses; another address still registers", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 12 });
      const address = "10.9.2.1";
      for (let i = 0; i < MAX_OPEN_HOLDS_PER_BOOKER; i++) {
        expect((await register(event.slug, participantForm(30 + i), address)).status).toBe(303);
      }
      const refused = await register(event.slug, participantForm(40), address);
      expect(refused.status).toBe(409);
      expect(await registrationsOf(event.id)).toHaveLength(MAX_OPEN_HOLDS_PER_BOOKER);
      expect((await register(event.slug, participantForm(41), "10.9.2.2")).status).toBe(303);
      // The client address itself is never stored, only a keyed hash of it.
      const stored = await registrationsOf(event.id);
      for (const r of stored) expect(r.clientKey).not.toContain("10.9.2");
    });

    it("on a free event (confirmed at once) one client address cannot take more than its share of the boat", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 12, priceCents: 0 });
      const address = "10.9.4.1";
      for (let i = 0; i < MAX_OPEN_HOLDS_PER_BOOKER; i++) {
        expect((await register(event.slug, participantForm(60 + i), address)).status).toBe(303);
      }
      const refused = await register(event.slug, participantForm(70), address, "en");
      expect(refused.status).toBe(409);
      expect(refused.body?.failure?.description).toContain(`already booked ${MAX_OPEN_HOLDS_PER_BOOKER} places`);
      const stored = await registrationsOf(event.id);
      expect(stored).toHaveLength(MAX_OPEN_HOLDS_PER_BOOKER);
      expect(stored.every((r) => r.status === "confirmed")).toBe(true);
      expect((await register(event.slug, participantForm(71), "10.9.4.2")).status).toBe(303);
    });

    it("counts only open holds: once a hold lapses or is paid, the booker may register again", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 12 });
      for (let i = 0; i < MAX_OPEN_HOLDS_PER_BOOKER; i++) {
        const created = await createRegistration(database.db(), { eventId: event.id, input: participant(50 + i), locale: "nl", now: NOW, clientAddress: "10.9.3.1" });
        expect(created.outcome).toBe("held");
      }
      const later = new Date(NOW.getTime() + UNOPENED_HOLD_MS);
      const again = await createRegistration(database.db(), { eventId: event.id, input: participant(60), locale: "nl", now: later, clientAddress: "10.9.3.1" });
      expect(again.outcome).toBe("held");
    });

    it("lets a hold whose checkout was never opened lapse within minutes; opening the checkout keeps the full 30-minute hold", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 2 });
      const unopened = await register(event.slug, participantForm(70), "10.9.4.1");
      const opened = await register(event.slug, participantForm(71), "10.9.4.2");
      const openedSession = opened.location!.split("/").pop()!;
      const page = await openTestCheckout(openedSession);
      expect(page.state).toBe("open");
      expect(near(Date.parse(page.checkout.holdExpiresAt!), NOW.getTime() + HOLD_DURATION_MS)).toBe(true);
      expect(UNOPENED_HOLD_MS).toBeLessThanOrEqual(10 * 60_000);

      const afterShortHold = new Date(NOW.getTime() + UNOPENED_HOLD_MS + 5_000);
      expect(await expireLapsedHolds(afterShortHold)).toBeGreaterThanOrEqual(1);
      const rows = await registrationsOf(event.id);
      const bySession = async (location: string | null) => {
        const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, location!.split("/").pop()!));
        return rows.find((r) => r.id === payment.registrationId)!;
      };
      expect((await bySession(unopened.location)).status).toBe("expired");
      expect((await bySession(opened.location)).status).toBe("pending_payment");

      // The freed place is someone else's; the opened checkout can still be paid 25 minutes in.
      setNowForTests(afterShortHold);
      expect((await register(event.slug, participantForm(72), "10.9.4.3")).status).toBe(303);
      setNowForTests(new Date(NOW.getTime() + 25 * 60_000));
      expect((await payTestCheckout(openedSession)).status).toBe(303);
      expect((await bySession(opened.location)).id).toBeTruthy();
      const [paid] = await database.db().select().from(registrations).where(eq(registrations.id, (await bySession(opened.location)).id));
      expect(paid.status).toBe("confirmed");
    });

    it("a hold without any checkout (a crash between the two steps) is released by the sweep within minutes", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 1 });
      const created = await createRegistration(database.db(), { eventId: event.id, input: participant(80), locale: "nl", now: NOW });
      expect(created.outcome).toBe("held");
      expect(await expireLapsedHolds(new Date(NOW.getTime() + UNOPENED_HOLD_MS))).toBeGreaterThanOrEqual(1);
      const [released] = await database.db().select().from(registrations).where(eq(registrations.id, created.outcome === "held" ? created.registration.id : ""));
      expect(released.status).toBe("expired");
      const next = await createRegistration(database.db(), { eventId: event.id, input: participant(81), locale: "nl", now: new Date(NOW.getTime() + UNOPENED_HOLD_MS) });
      expect(next.outcome).toBe("held");
    });

    it("Stripe: the hop to the hosted page notes the opening and extends the hold to the session's end", async () => {
      const provider = new FakeProvider("stripe");
      setPaymentProviderForTests(provider);
      const event = await insertEvent(NOW);
      const answer = await register(event.slug, participantForm(90), "10.9.5.1");
      expect(answer.location).toMatch(/^\/checkout\/continue\/cs_test_[0-9a-f]+$/);
      const sessionId = answer.location!.split("/").pop()!;
      const [before] = await registrationsOf(event.id);
      expect(near(before.holdExpiresAt!.getTime(), NOW.getTime() + UNOPENED_HOLD_MS)).toBe(true);
      expect(await continueToCheckout(sessionId)).toBe(`https://checkout.example.test/${sessionId}`);
      const [after] = await registrationsOf(event.id);
      expect(after.holdExpiresAt?.getTime()).toBe(provider.checkouts.at(-1)!.expiresAt.getTime());
      expect(near(after.holdExpiresAt!.getTime(), NOW.getTime() + HOLD_DURATION_MS)).toBe(true);
      expect(await continueToCheckout("cs_test_doesnotexist00")).toBeUndefined();
    });

    it("the admin dashboard shows held places apart from sold ones", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 6, name: "Dashboard held vs sold" });
      const a = await register(event.slug, participantForm(100), "10.9.6.1");
      await register(event.slug, participantForm(101), "10.9.6.2");
      await payTestCheckout(a.location!.split("/").pop()!);
      const row = (await eventOccupancy(database.db(), NOW)).find((r) => r.id === event.id)!;
      expect(row).toMatchObject({ placesTaken: 2, placesSold: 1, placesHeld: 1 });
    });
  });

  describe("webhook amount", () => {
    let provider: FakeProvider;
    beforeAll(() => {
      provider = new FakeProvider("stripe");
    });

    async function hold(event: Event, n: number) {
      setPaymentProviderForTests(provider);
      const created = await createRegistration(database.db(), { eventId: event.id, input: participant(n), locale: "nl", now: NOW });
      if (created.outcome !== "held") throw new Error("expected a hold");
      const { sessionId } = await openCheckout(created.registration, created.event, created.due);
      return { registration: created.registration, sessionId };
    }

    function completed(id: string, sessionId: string, amountTotal: number, currency: string): Stripe.Event {
      return {
        id,
        object: "event",
        type: "checkout.session.completed",
        data: {
          object: { id: sessionId, object: "checkout.session", status: "complete", payment_status: "paid", payment_intent: `pi_${id}`, amount_total: amountTotal, currency, metadata: {} },
        },
      } as unknown as Stripe.Event;
    }

    it("never confirms a signed event for another amount: records it on the payment and tells the team, once", async () => {
      const event = await insertEvent(NOW, { priceCents: 10_000, depositPercent: 50 });
      const { registration, sessionId } = await hold(event, 110);
      const result = await handleStripeEvent(completed("evt_cent_1", sessionId, 1, "eur"));
      expect(result.outcome).toBe("amount_mismatch");
      const [stored] = await database.db().select().from(registrations).where(eq(registrations.id, registration.id));
      expect(stored.status).toBe("pending_payment");
      const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
      expect(payment).toMatchObject({ status: "failed", amountCents: 5_000, receivedAmountCents: 1, receivedCurrency: "eur", providerPaymentId: "pi_evt_cent_1" });
      expect(payment.failureReason).toMatch(/mismatch/i);
      const alerts = await database.db().select().from(emails).where(and(eq(emails.template, "payment-mismatch-team"), eq(emails.relatedId, registration.id)));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ to: TEAM_EMAIL, status: "sent" });
      expect(alerts[0].text).toContain("0.01 EUR");
      expect(alerts[0].text).toContain("50.00 EUR");
      expect(await emailCount("booking-confirmation", registration.customerEmail)).toBe(0);

      // A redelivery, and the return page's own check, change nothing and alert nobody again.
      expect((await handleStripeEvent(completed("evt_cent_1", sessionId, 1, "eur"))).outcome).toBe("duplicate_event");
      expect((await fulfilPayment({ provider: "stripe", sessionId, providerPaymentId: "pi_evt_cent_1", amountCents: 1, currency: "eur" })).outcome).toBe("amount_mismatch");
      expect(await emailCount("payment-mismatch-team")).toBe(1);
    });

    it("never confirms the right number in another currency", async () => {
      const event = await insertEvent(NOW, { priceCents: 10_000, depositPercent: 50 });
      const { registration, sessionId } = await hold(event, 111);
      expect((await handleStripeEvent(completed("evt_usd_1", sessionId, 5_000, "usd"))).outcome).toBe("amount_mismatch");
      const [stored] = await database.db().select().from(registrations).where(eq(registrations.id, registration.id));
      expect(stored.status).toBe("pending_payment");
      const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
      expect(payment).toMatchObject({ status: "failed", receivedAmountCents: 5_000, receivedCurrency: "usd" });
    });

    it("confirms the exact amount and currency (Stripe's upper-case currency too)", async () => {
      const event = await insertEvent(NOW, { priceCents: 10_000, depositPercent: 50 });
      const { registration, sessionId } = await hold(event, 112);
      expect((await handleStripeEvent(completed("evt_ok_1", sessionId, 5_000, "EUR"))).outcome).toBe("confirmed");
      const [stored] = await database.db().select().from(registrations).where(eq(registrations.id, registration.id));
      expect(stored.status).toBe("confirmed");
    });
  });

  describe("payment links expire", () => {
    it("the result page and the test checkout show who booked for a day after the payment, then only that it is done", async () => {
      const event = await insertEvent(NOW);
      const answer = await register(event.slug, participantForm(120, { customerName: "Privé Persoon", customerEmail: "prive@example.com" }), "10.9.7.1");
      const sessionId = answer.location!.split("/").pop()!;
      await openTestCheckout(sessionId);
      const paid = await payTestCheckout(sessionId);
      const resultUrl = `http://localhost${paid.location}`;
      const result = async () => {
        const loaded = await successLoader({ request: new Request(resultUrl) } as unknown as Args<typeof successLoader>);
        return loaded.verification;
      };

      expect(await result()).toMatchObject({ state: "confirmed", email: "prive@example.com" });
      expect((await openTestCheckout(sessionId)).checkout.personal).toMatchObject({ customerName: "Privé Persoon", customerEmail: "prive@example.com" });

      setNowForTests(new Date(NOW.getTime() + PAID_LINK_PERSONAL_DATA_MS + 60_000));
      const later = await result();
      expect(later).toEqual({ state: "done" });
      const page = await openTestCheckout(sessionId);
      expect(page.state).toBe("complete");
      expect(page.checkout.personal).toBeNull();
      const serialised = JSON.stringify([later, page]);
      expect(serialised).not.toContain("prive@example.com");
      expect(serialised).not.toContain("Privé Persoon");
    });

    it("an unpaid checkout link shows nobody once its hold has ended", async () => {
      const event = await insertEvent(NOW);
      const answer = await register(event.slug, participantForm(121, { customerName: "Nooit Betaald", customerEmail: "nooit@example.com" }), "10.9.7.2");
      const sessionId = answer.location!.split("/").pop()!;
      expect((await openTestCheckout(sessionId)).checkout.personal?.customerName).toBe("Nooit Betaald");
      setNowForTests(new Date(NOW.getTime() + HOLD_DURATION_MS + 60_000));
      const page = await openTestCheckout(sessionId);
      expect(page.state).toBe("expired");
      expect(JSON.stringify(page)).not.toContain("nooit@example.com");
      expect(JSON.stringify(page)).not.toContain("Nooit Betaald");
    });

    it("a free confirmation link shows the booking for a day, then only that it is done", async () => {
      const event = await insertEvent(NOW, { priceCents: 0, depositPercent: 0 });
      const answer = await register(event.slug, participantForm(122, { customerEmail: "gratis@example.com" }), "10.9.7.3");
      expect(answer.location).toMatch(/^\/payment-success\?confirmed=/);
      const load = async () =>
        (await successLoader({ request: new Request(`http://localhost${answer.location}`) } as unknown as Args<typeof successLoader>)).verification;
      expect(await load()).toMatchObject({ state: "confirmed", email: "gratis@example.com" });
      setNowForTests(new Date(NOW.getTime() + PAID_LINK_PERSONAL_DATA_MS + 60_000));
      expect(await load()).toEqual({ state: "done" });
    });
  });
});
