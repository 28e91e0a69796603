// @engine both: webhooks applied once under concurrency
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as webhookAction } from "~/routes/booking/stripe-webhook";
import { openCheckout } from "@server/booking/checkout.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { emails, payments, processedProviderEvents, registrations, type Event } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { useTestDatabase } from "../support/db";
import { FakeProvider, insertEvent, participant } from "./booking-fixtures";

describe("booking: Stripe webhook", () => {
  const database = useTestDatabase();
  const NOW = new Date();
  const SECRET = "whsec_test_booking_secret";
  const provider = new FakeProvider("stripe");

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent", STRIPE_WEBHOOK_SECRET: SECRET });
    setPaymentProviderForTests(provider);
  });
  afterAll(() => {
    setPaymentProviderForTests(undefined);
    setNowForTests(undefined);
  });

  type Args = Parameters<typeof webhookAction>[0];

  /** A Stripe event as Stripe posts it, signed with `secret`. */
  async function deliver(event: Record<string, unknown>, secret = SECRET, tamper = false) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const request = new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: tamper ? payload.replace('"paid"', '"unpaid"') : payload,
    });
    const response = (await webhookAction({ request, params: {}, context: {} } as unknown as Args)) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** A Checkout Session event; Stripe always sends amount_total and currency (default: the 50% deposit of the test event). */
  function sessionEvent(id: string, type: string, sessionId: string, paymentStatus: "paid" | "unpaid", paymentIntent: string | null, amountTotal = 14_750, currency = "eur") {
    return {
      id,
      object: "event",
      type,
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          status: type === "checkout.session.expired" ? "expired" : "complete",
          payment_status: paymentStatus,
          payment_intent: paymentIntent,
          amount_total: amountTotal,
          currency,
          client_reference_id: null,
          metadata: {},
        },
      },
    };
  }

  async function hold(event: Event, n: number) {
    const created = await createRegistration(database.db(), { eventId: event.id, input: participant(n), locale: "nl", now: NOW });
    if (created.outcome !== "held") throw new Error("expected a hold");
    const { sessionId } = await openCheckout(created.registration, created.event, created.due);
    return { registration: created.registration, sessionId };
  }

  async function status(registrationId: string) {
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, registrationId));
    return row.status;
  }

  describe("POST /api/stripe/webhook", () => {
    it("rejects a missing, wrong or stale signature, and a body changed after signing, with 400", async () => {
      const event = await insertEvent(NOW);
      const { registration, sessionId } = await hold(event, 1);
      const paid = sessionEvent("evt_sig_1", "checkout.session.completed", sessionId, "paid", "pi_sig_1");

      expect((await deliver(paid, "whsec_someone_else")).status).toBe(400);
      expect((await deliver(paid, SECRET, true)).status).toBe(400);
      const unsigned = await webhookAction({
        request: new Request("http://localhost/api/stripe/webhook", { method: "POST", body: JSON.stringify(paid) }),
        params: {},
        context: {},
      } as unknown as Args);
      expect((unsigned as Response).status).toBe(400);
      const stale = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(paid), secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
      const staleResponse = await webhookAction({
        request: new Request("http://localhost/api/stripe/webhook", { method: "POST", headers: { "stripe-signature": stale }, body: JSON.stringify(paid) }),
        params: {},
        context: {},
      } as unknown as Args);
      expect((staleResponse as Response).status).toBe(400);

      expect(await status(registration.id)).toBe("pending_payment");
      expect(await database.db().select().from(processedProviderEvents)).toHaveLength(0);
    });

    it("confirms on checkout.session.completed (paid), once per event id, with one confirmation", async () => {
      const event = await insertEvent(NOW);
      const { registration, sessionId } = await hold(event, 2);
      const paid = sessionEvent("evt_paid_1", "checkout.session.completed", sessionId, "paid", "pi_paid_1");
      const first = await deliver(paid);
      const again = await deliver(paid);
      expect(first).toEqual({ status: 200, body: { received: true, handled: true, outcome: "confirmed" } });
      expect(again.body.outcome).toBe("duplicate_event");
      expect(await status(registration.id)).toBe("confirmed");
      const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
      expect(payment).toMatchObject({ status: "paid", providerPaymentId: "pi_paid_1" });
      const mails = await database.db().select().from(emails).where(eq(emails.relatedId, registration.id));
      expect(mails.filter((m) => m.template === "booking-confirmation")).toHaveLength(1);
    });

    it("waits for a slower method: completed but unpaid changes nothing; async success confirms", async () => {
      const event = await insertEvent(NOW);
      const { registration, sessionId } = await hold(event, 3);
      const completed = await deliver(sessionEvent("evt_async_1", "checkout.session.completed", sessionId, "unpaid", "pi_async"));
      expect(completed.body.outcome).toBe("recorded");
      expect(await status(registration.id)).toBe("pending_payment");
      const succeeded = await deliver(sessionEvent("evt_async_2", "checkout.session.async_payment_succeeded", sessionId, "paid", "pi_async"));
      expect(succeeded.body.outcome).toBe("confirmed");
      expect(await status(registration.id)).toBe("confirmed");
    });

    it("releases the hold when the slower payment fails or the session expires", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 2 });
      const failed = await hold(event, 4);
      const expired = await hold(event, 5);
      expect((await deliver(sessionEvent("evt_fail_1", "checkout.session.async_payment_failed", failed.sessionId, "unpaid", null))).body.outcome).toBe("closed");
      expect((await deliver(sessionEvent("evt_exp_1", "checkout.session.expired", expired.sessionId, "unpaid", null))).body.outcome).toBe("closed");
      expect((await deliver(sessionEvent("evt_exp_1", "checkout.session.expired", expired.sessionId, "unpaid", null))).body.outcome).toBe("duplicate_event");
      expect(await status(failed.registration.id)).toBe("expired");
      expect(await status(expired.registration.id)).toBe("expired");
      const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, failed.sessionId));
      expect(payment.status).toBe("failed");
      // Both places are free again.
      const next = await createRegistration(database.db(), { eventId: event.id, input: participant(6), locale: "nl", now: NOW });
      expect(next.outcome).toBe("held");
    });

    it("acknowledges other event types without acting on them", async () => {
      const other = await deliver({ id: "evt_other", object: "event", type: "customer.created", data: { object: { id: "cus_1", object: "customer" } } });
      expect(other).toEqual({ status: 200, body: { received: true, handled: false, outcome: "ignored" } });
    });
  });
});
