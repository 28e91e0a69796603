// @engine both: payment fulfilment: idempotent under concurrent webhooks, SQL written by hand
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openCheckout } from "@server/booking/checkout.server";
import { closeUnpaidCheckout, fulfilPayment } from "@server/booking/fulfil.server";
import { createRegistration } from "@server/booking/registration.server";
import { verifyCheckoutReturn } from "@server/booking/verify.server";
import { setNowForTests } from "@server/clock.server";
import { emails, payments, refunds, registrations, type Event } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { HOLD_DURATION_MS } from "~/lib/booking";
import { useTestDatabase } from "../support/db";
import { emailCount, FakeProvider, insertEvent, participant } from "./booking-fixtures";

describe("booking: fulfilment", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  let provider: FakeProvider;

  beforeAll(() => {
    // Some cases fail on purpose (provider down, refund refused): keep their error logs out of the run.
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent" });
    provider = new FakeProvider("stripe");
    setPaymentProviderForTests(provider);
  });
  afterAll(() => setPaymentProviderForTests(undefined));
  afterEach(() => setNowForTests(undefined));

  /** Registers participant n and opens their checkout (through the fake provider). */
  async function hold(event: Event, n: number, at = NOW) {
    setNowForTests(at);
    const created = await createRegistration(database.db(), { eventId: event.id, input: participant(n), locale: n % 2 ? "en" : "nl", now: at });
    if (created.outcome !== "held") throw new Error(`expected a hold, got ${created.outcome}`);
    const session = await openCheckout(created.registration, created.event, created.due);
    return { registration: created.registration, sessionId: session.sessionId };
  }

  async function registrationStatus(id: string) {
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, id));
    return row.status;
  }

  describe("openCheckout", () => {
    it("asks the provider for the amount due, expiring with the hold, and records an open payment", async () => {
      const event = await insertEvent(NOW);
      const { registration, sessionId } = await hold(event, 1);
      const request = provider.checkouts.at(-1)!;
      expect(request.amountCents).toBe(14_750);
      expect(request.expiresAt.getTime()).toBe(NOW.getTime() + HOLD_DURATION_MS);
      expect(request.locale).toBe("en");
      expect(request.registration.id).toBe(registration.id);
      expect(request.successUrl).toMatch(/\/payment-success\?session_id=\{CHECKOUT_SESSION_ID\}&event_id=/);
      const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
      expect(payment).toMatchObject({ status: "open", provider: "stripe", amountCents: 14_750, kind: "deposit" });
    });

    it("releases the hold at once when the provider fails", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 1 });
      const failing = new FakeProvider("stripe");
      failing.createCheckout = async () => {
        throw new Error("provider down");
      };
      setPaymentProviderForTests(failing);
      try {
        const created = await createRegistration(database.db(), { eventId: event.id, input: participant(1), locale: "nl", now: NOW });
        if (created.outcome !== "held") throw new Error("expected a hold");
        await expect(openCheckout(created.registration, created.event, created.due)).rejects.toThrow("provider down");
        expect(await registrationStatus(created.registration.id)).toBe("expired");
        const again = await createRegistration(database.db(), { eventId: event.id, input: participant(2), locale: "nl", now: NOW });
        expect(again.outcome).toBe("held");
      } finally {
        setPaymentProviderForTests(provider);
      }
    });
  });

  describe("fulfilPayment", () => {
    it("confirms once with one confirmation, whatever the order and number of deliveries", async () => {
      const event = await insertEvent(NOW);
      const { registration, sessionId } = await hold(event, 2);
      const paymentId = provider.pay(sessionId);
      const before = await emailCount("booking-confirmation", registration.customerEmail);

      // Webhook first, then its redelivery, then the return page, then a different event id for the same session.
      const first = await fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: paymentId, providerEventId: "evt_1", providerEventType: "checkout.session.completed" });
      const redelivered = await fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: paymentId, providerEventId: "evt_1" });
      const returnPage = await verifyCheckoutReturn(sessionId, event.id, "nl");
      const other = await fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: paymentId, providerEventId: "evt_2" });
      const reload = await verifyCheckoutReturn(sessionId, event.id, "nl");

      expect(first).toEqual({ outcome: "confirmed", registrationId: registration.id, late: false });
      expect(redelivered).toEqual({ outcome: "duplicate_event" });
      expect(other).toEqual({ outcome: "already_paid", registrationId: registration.id });
      expect(returnPage).toMatchObject({ state: "confirmed", reference: registration.reference, amountPaidCents: 14_750, balanceCents: 14_750 });
      expect(reload).toEqual(returnPage);

      expect(await registrationStatus(registration.id)).toBe("confirmed");
      const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
      expect(payment).toMatchObject({ status: "paid", providerPaymentId: paymentId });
      expect(payment.paidAt).not.toBeNull();
      expect(await emailCount("booking-confirmation", registration.customerEmail)).toBe(before + 1);
      const team = await database.db().select().from(emails).where(eq(emails.relatedId, registration.id));
      expect(team.filter((e) => e.template === "booking-team")).toHaveLength(1);
    });

    it("confirms once when the return page comes before the webhook", async () => {
      const event = await insertEvent(NOW);
      const { registration, sessionId } = await hold(event, 3);
      const paymentId = provider.pay(sessionId);
      const returnPage = await verifyCheckoutReturn(sessionId, event.id, "en");
      const webhook = await fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: paymentId, providerEventId: "evt_3" });
      const webhookAgain = await fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: paymentId, providerEventId: "evt_3" });
      expect(returnPage.state).toBe("confirmed");
      expect(webhook).toEqual({ outcome: "already_paid", registrationId: registration.id });
      expect(webhookAgain).toEqual({ outcome: "duplicate_event" });
      const mails = await database.db().select().from(emails).where(eq(emails.relatedId, registration.id));
      expect(mails.filter((m) => m.template === "booking-confirmation")).toHaveLength(1);
    });

    it("confirms once under concurrent deliveries", async () => {
      const event = await insertEvent(NOW);
      const { registration, sessionId } = await hold(event, 4);
      const paymentId = provider.pay(sessionId);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: paymentId, providerEventId: `evt_c${i % 3}` })),
      );
      expect(results.filter((r) => r.outcome === "confirmed")).toHaveLength(1);
      const mails = await database.db().select().from(emails).where(eq(emails.relatedId, registration.id));
      expect(mails.filter((m) => m.template === "booking-confirmation")).toHaveLength(1);
    });

    it("sends the confirmation in the participant's language with a valid .ics invite", async () => {
      const event = await insertEvent(NOW, { name: "Testzeildag", nameEn: "Test sailing day" });
      const { registration, sessionId } = await hold(event, 5); // odd: English
      await fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: provider.pay(sessionId) });
      const [mail] = await database.db().select().from(emails).where(eq(emails.relatedId, registration.id)).then((rows) => rows.filter((r) => r.template === "booking-confirmation"));
      expect(mail.locale).toBe("en");
      expect(mail.subject).toBe(`Booking confirmed: Test sailing day (${registration.reference})`);
      for (const text of [registration.reference, "Test sailing day", "Scheveningen, 3e haven", "Lunch", "€147.50", "Balance still due", "Liability Waiver and Release", "/servicevoorwaarden#waiver"]) {
        expect(mail.text).toContain(text);
      }
      expect(mail.status).toBe("sent");
      const [ics] = mail.attachments;
      expect(ics.filename).toBe(`${event.slug}.ics`);
      expect(ics.contentType).toContain("text/calendar");
      const body = Buffer.from(ics.contentBase64, "base64").toString("utf8");
      expect(body).toContain("BEGIN:VEVENT\r\n");
      expect(body.replace(/\r\n /g, "")).toContain(`UID:registration-${registration.id}@`);
      expect(body).toContain(`DTSTART:${event.startDate.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
      // Delivered into the outbox as a real message with the attachment.
      const outbox = path.join(database.dataDir(), "outbox");
      const file = fs.readdirSync(outbox).find((f) => f.includes(mail.id));
      expect(file).toBeDefined();
      const raw = fs.readFileSync(path.join(outbox, file!), "utf8");
      expect(raw).toContain(`filename=${event.slug}.ics`);
    });

    it("accepts a payment after its hold expired while a place is still free", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 2 });
      const { registration, sessionId } = await hold(event, 6);
      setNowForTests(new Date(NOW.getTime() + HOLD_DURATION_MS + 60_000));
      const result = await fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: provider.pay(sessionId) });
      expect(result).toEqual({ outcome: "confirmed", registrationId: registration.id, late: true });
      expect(await registrationStatus(registration.id)).toBe("confirmed");
    });

    it("refunds a payment after its hold expired when no place is left, and tells the participant", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 1 });
      const late = await hold(event, 7);
      // The hold lapses; someone else takes the only place and pays in time.
      const later = new Date(NOW.getTime() + HOLD_DURATION_MS + 60_000);
      const other = await hold(event, 8, later);
      await fulfilPayment({ provider: "stripe", sessionId: other.sessionId, ...provider.amountOf(other.sessionId), providerPaymentId: provider.pay(other.sessionId) });

      setNowForTests(new Date(later.getTime() + 60_000));
      const paymentId = provider.pay(late.sessionId);
      const refundsBefore = provider.refunds.length;
      const result = await fulfilPayment({ provider: "stripe", sessionId: late.sessionId, ...provider.amountOf(late.sessionId), providerPaymentId: paymentId, providerEventId: "evt_late" });
      expect(result).toEqual({ outcome: "refunded", registrationId: late.registration.id });
      expect(provider.refunds.slice(refundsBefore)).toEqual([paymentId]);
      expect(await registrationStatus(late.registration.id)).toBe("refunded");
      // The payment stays paid; the refund is a row of its own (decision 014), confirmed by the provider's answer.
      const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, late.sessionId));
      expect(payment.status).toBe("paid");
      const refundRows = await database.db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
      expect(refundRows).toHaveLength(1);
      expect(refundRows[0]).toMatchObject({ status: "succeeded", amountCents: payment.amountCents, idempotencyKey: `payment:${payment.id}:${payment.id}`, requestedBy: "system" });
      expect(refundRows[0].providerRefundId).toMatch(/^re_/);

      const mails = await database.db().select().from(emails).where(eq(emails.relatedId, late.registration.id));
      expect(mails.map((m) => m.template).sort()).toEqual(["booking-refund", "booking-team-refund"]);
      expect(mails.find((m) => m.template === "booking-refund")!.to).toBe(late.registration.customerEmail);

      // Replays change nothing: no second refund, no more e-mail.
      await fulfilPayment({ provider: "stripe", sessionId: late.sessionId, ...provider.amountOf(late.sessionId), providerPaymentId: paymentId, providerEventId: "evt_late_2" });
      expect(provider.refunds.slice(refundsBefore)).toEqual([paymentId]);
      expect(await verifyCheckoutReturn(late.sessionId, event.id, "en")).toMatchObject({ state: "failed", reason: "refunded" });
      expect((await database.db().select().from(emails).where(eq(emails.relatedId, late.registration.id))).length).toBe(2);
    });

    it("keeps a failed refund visible for a human and still tells the participant", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 1 });
      const late = await hold(event, 9);
      const later = new Date(NOW.getTime() + HOLD_DURATION_MS + 60_000);
      const other = await hold(event, 10, later);
      await fulfilPayment({ provider: "stripe", sessionId: other.sessionId, ...provider.amountOf(other.sessionId), providerPaymentId: provider.pay(other.sessionId) });
      provider.failRefunds = true;
      try {
        const result = await fulfilPayment({ provider: "stripe", sessionId: late.sessionId, ...provider.amountOf(late.sessionId), providerPaymentId: provider.pay(late.sessionId) });
        expect(result.outcome).toBe("refunded");
      } finally {
        provider.failRefunds = false;
      }
      const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, late.sessionId));
      expect(payment.status).toBe("paid");
      const [refund] = await database.db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
      expect(refund).toMatchObject({ status: "failed", amountCents: payment.amountCents, providerRefundId: null });
      expect(refund.failureReason).toContain("refund refused");
      const team = await database.db().select().from(emails).where(eq(emails.relatedId, late.registration.id));
      expect(team.find((m) => m.template === "booking-team-refund")?.text).toContain("NIET");
    });

    it("answers unknown sessions without changing anything", async () => {
      expect(await fulfilPayment({ provider: "stripe", sessionId: "cs_test_unknown", ...provider.amountOf("cs_test_unknown"), providerPaymentId: "pi_x" })).toEqual({ outcome: "unknown_session" });
    });
  });

  describe("closeUnpaidCheckout", () => {
    it("releases the hold of an expired or failed checkout, once", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 1 });
      const { registration, sessionId } = await hold(event, 11);
      expect(await closeUnpaidCheckout({ provider: "stripe", sessionId, status: "expired", providerEventId: "evt_exp" })).toBe("closed");
      expect(await closeUnpaidCheckout({ provider: "stripe", sessionId, status: "expired", providerEventId: "evt_exp" })).toBe("duplicate_event");
      expect(await registrationStatus(registration.id)).toBe("expired");
      const next = await createRegistration(database.db(), { eventId: event.id, input: participant(12), locale: "nl", now: NOW });
      expect(next.outcome).toBe("held");
    });

    it("never closes a paid checkout", async () => {
      const event = await insertEvent(NOW);
      const { registration, sessionId } = await hold(event, 13);
      await fulfilPayment({ provider: "stripe", sessionId, ...provider.amountOf(sessionId), providerPaymentId: provider.pay(sessionId) });
      expect(await closeUnpaidCheckout({ provider: "stripe", sessionId, status: "failed" })).toBe("unchanged");
      expect(await registrationStatus(registration.id)).toBe("confirmed");
    });
  });
});
