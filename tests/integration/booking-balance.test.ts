// @engine both: balance payments: money in transactions with audit rows, concurrent answers
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/booking/checkout-test";
import { PARTICIPANT } from "@server/audit/audit.server";
import { openBalanceCheckout, recordBankTransfer } from "@server/booking/balance.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { expireLapsedHolds } from "@server/booking/holds.server";
import { managePath } from "@server/booking/manage-link.server";
import { registrationMoney } from "@server/booking/money.server";
import { verifyCheckoutReturn } from "@server/booking/verify.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, payments } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { formRequest } from "../support/forms";
import { useTestDatabase } from "../support/db";
import { FakeProvider, insertEvent } from "./booking-fixtures";
import { auditActionsOf, mailsOf, paidBooking, paymentRowsOf } from "./booking-lifecycle-fixtures";

describe("booking: the balance", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const STAFF = { type: "staff" as const, userId: "user-9" };
  type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
  });
  afterEach(() => {
    setNowForTests(undefined);
    setPaymentProviderForTests(undefined);
  });

  async function event90() {
    return insertEvent(NOW, { startDate: new Date(NOW.getTime() + 90 * 86_400_000), endDate: new Date(NOW.getTime() + 91 * 86_400_000) });
  }

  describe("with the test checkout", () => {
    it("opens one balance checkout for the amount due, however often it is asked for, and pays it once with one e-mail", async () => {
      const event = await event90();
      const { registration } = await paidBooking(database.db(), event, 1, NOW, { locale: "en" });
      setNowForTests(NOW);

      // A double click, and a few at once: all get the same checkout.
      const first = await openBalanceCheckout(registration.id, PARTICIPANT);
      const again = await openBalanceCheckout(registration.id, PARTICIPANT);
      const concurrent = await Promise.all(Array.from({ length: 4 }, () => openBalanceCheckout(registration.id, PARTICIPANT)));
      expect(first.outcome).toBe("opened");
      if (first.outcome !== "opened") throw new Error("not opened");
      expect(first.path).toMatch(/^\/checkout\/test\/test_[A-Za-z0-9_-]+$/);
      for (const other of [again, ...concurrent]) expect(other).toEqual(first);
      const balanceRows = (await paymentRowsOf(database.db(), registration.id)).filter((p) => p.kind === "balance");
      expect(balanceRows).toHaveLength(1);
      expect(balanceRows[0]).toMatchObject({ status: "open", amountCents: 14_750, provider: "test" });
      // About 24 hours (the pinned clock runs on from NOW).
      expect(balanceRows[0].expiresAt!.getTime() - (NOW.getTime() + 24 * 3_600_000 - 5 * 60_000)).toBeLessThan(60_000);

      // The test checkout page shows it and pays it; the result page says "payment received".
      const sessionId = first.path.split("/").pop()!;
      const request = (method: "GET" | "POST") =>
        method === "GET" ? new Request(`http://localhost/checkout/test/${sessionId}`, { headers: { "accept-language": "en-GB" } }) : formRequest(`/checkout/test/${sessionId}`, { intent: "pay" }, { "accept-language": "en-GB" });
      const page = (await checkoutLoader({ request: request("GET"), params: { sessionId } } as unknown as Args<typeof checkoutLoader>)) as Awaited<ReturnType<typeof checkoutLoader>>;
      expect(page.state).toBe("open");
      expect(page.checkout).toMatchObject({ amountCents: 14_750, description: "Test sailing day – Balance", personal: { reference: registration.reference } });
      const paid = (await checkoutAction({ request: request("POST"), params: { sessionId } } as unknown as Args<typeof checkoutAction>)) as Response;
      expect(paid.status).toBe(303);
      await checkoutAction({ request: request("POST"), params: { sessionId } } as unknown as Args<typeof checkoutAction>);
      const result = await verifyCheckoutReturn(sessionId, event.id, "en");
      expect(result).toMatchObject({ state: "confirmed", balance: true, amountPaidCents: 29_500, balanceCents: 0, thisPaymentCents: 14_750, managePath: managePath(registration.id) });

      expect(await registrationMoney(database.db(), registration.id, NOW)).toMatchObject({ paidCents: 29_500, balanceDueCents: 0 });
      const mails = await mailsOf(database.db(), registration.id, "booking-balance-received");
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: registration.customerEmail, locale: "en", subject: `Payment received: Test sailing day (${registration.reference})` });
      expect(mails[0].text).toContain("€147.50");
      expect(mails[0].text).toContain("paid in full");
      expect(mails[0].text).toContain(`http://localhost:4321${managePath(registration.id)}`);
      expect(await mailsOf(database.db(), registration.id, "booking-team-balance")).toHaveLength(1);

      // Nothing is due any more.
      expect(await openBalanceCheckout(registration.id, PARTICIPANT)).toEqual({ outcome: "nothing_due" });
      const actions = await auditActionsOf(database.db(), registration.id);
      expect(actions.filter((a) => a === "payment.paid")).toHaveLength(2); // the deposit and the balance
      expect(actions).toContain("payment.created");
      expect(actions).toContain("payment.checkout_opened");
    });

    it("opens nothing for a booking that is not confirmed, and a new checkout once the old one has run out", async () => {
      const event = await event90();
      const { registration } = await paidBooking(database.db(), event, 2, NOW);
      const first = await openBalanceCheckout(registration.id, PARTICIPANT);
      setNowForTests(new Date(NOW.getTime() + 24 * 3_600_000));
      expect(await expireLapsedHolds()).toBe(0);
      const [expired] = (await paymentRowsOf(database.db(), registration.id)).filter((p) => p.kind === "balance");
      expect(expired.status).toBe("expired");
      const trail = await database.db().select().from(auditLog).where(eq(auditLog.entityId, expired.id));
      expect(trail.map((a) => [a.action, a.actorType, a.actorId])).toContainEqual(["payment.expired", "system", "hold-expiry"]);
      const second = await openBalanceCheckout(registration.id, PARTICIPANT);
      expect(second.outcome).toBe("opened");
      expect(second).not.toEqual(first);

      const held = await insertEvent(NOW);
      const unknown = await openBalanceCheckout(held.id, PARTICIPANT); // not a registration id at all
      expect(unknown).toEqual({ outcome: "not_confirmed" });
    });

    it("records a bank transfer once, within the balance, with the participant's e-mail and an audit row", async () => {
      const event = await event90();
      const { registration } = await paidBooking(database.db(), event, 3, NOW);
      setNowForTests(NOW);
      expect(await recordBankTransfer({ registrationId: registration.id, amountCents: 20_000, actor: STAFF, requestKey: "nonce-a" })).toEqual({ outcome: "invalid_amount" });
      expect(await recordBankTransfer({ registrationId: registration.id, amountCents: 0, actor: STAFF, requestKey: "nonce-a" })).toEqual({ outcome: "invalid_amount" });
      const results = await Promise.all([
        recordBankTransfer({ registrationId: registration.id, amountCents: 10_000, actor: STAFF, requestKey: "nonce-b", note: "ING 12-03" }),
        recordBankTransfer({ registrationId: registration.id, amountCents: 10_000, actor: STAFF, requestKey: "nonce-b", note: "ING 12-03" }),
      ]);
      expect(results.map((r) => r.outcome).sort()).toEqual(["duplicate", "recorded"]);
      const money = await registrationMoney(database.db(), registration.id, NOW);
      expect(money).toMatchObject({ paidCents: 24_750, balanceDueCents: 4_750 });
      const [manual] = (await paymentRowsOf(database.db(), registration.id)).filter((p) => p.provider === "manual");
      expect(manual).toMatchObject({ kind: "balance", status: "paid", amountCents: 10_000, providerSessionId: "manual_nonce-b" });
      const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.entityId, manual.id));
      expect(entry).toMatchObject({ action: "payment.paid", actorType: "staff", actorId: "user-9", reason: "ING 12-03" });
      const mails = await mailsOf(database.db(), registration.id, "booking-balance-received");
      expect(mails).toHaveLength(1);
      expect(mails[0].locale).toBe("nl");
      expect(mails[0].text).toContain("Er staat nog €47,50 open");
      // The rest can still be paid online: a checkout for exactly what is left.
      await openBalanceCheckout(registration.id, PARTICIPANT);
      const open = (await paymentRowsOf(database.db(), registration.id)).find((p) => p.kind === "balance" && p.status === "open");
      expect(open?.amountCents).toBe(4_750);
    });
  });

  describe("with Stripe (a fake provider)", () => {
    it("records a paid balance once whatever the order of return page, webhook and replays", async () => {
      const provider = new FakeProvider("stripe");
      setPaymentProviderForTests(provider);
      const event = await event90();
      const { registration } = await paidBooking(database.db(), event, 4, NOW, { pay: (sessionId) => provider.pay(sessionId) });
      setNowForTests(NOW);
      const opened = await openBalanceCheckout(registration.id, PARTICIPANT);
      if (opened.outcome !== "opened") throw new Error("not opened");
      expect(opened.path).toMatch(/^\/checkout\/continue\/cs_test_/);
      const sessionId = opened.path.split("/").pop()!;
      const request = provider.checkouts.at(-1)!;
      const [row] = (await paymentRowsOf(database.db(), registration.id)).filter((p) => p.kind === "balance");
      expect(request).toMatchObject({ amountCents: 14_750, idempotencyKey: `checkout-${registration.id}-balance-${row.id}`, expiresAt: row.expiresAt });
      expect(request.cancelUrl).toBe(`http://localhost:4321${managePath(registration.id)}`);

      const paymentId = provider.pay(sessionId);
      const delivery = (eventId: string) => fulfilPayment({ provider: "stripe", sessionId, providerPaymentId: paymentId, ...provider.amountOf(sessionId), providerEventId: eventId, providerEventType: "checkout.session.completed" });
      const returnPage = await verifyCheckoutReturn(sessionId, event.id, "nl");
      const outcomes = [await delivery("evt_bal_1"), await delivery("evt_bal_1"), await delivery("evt_bal_2")];
      const concurrent = await Promise.all([delivery("evt_bal_3"), verifyCheckoutReturn(sessionId, event.id, "nl"), delivery("evt_bal_3")]);
      expect(returnPage).toMatchObject({ state: "confirmed", balance: true, balanceCents: 0 });
      expect(outcomes.map((o) => o.outcome)).toEqual(["already_paid", "duplicate_event", "already_paid"]);
      expect(concurrent[1]).toMatchObject({ state: "confirmed", balance: true });

      const [paid] = await database.db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
      expect(paid).toMatchObject({ status: "paid", providerPaymentId: paymentId, kind: "balance" });
      expect(await mailsOf(database.db(), registration.id, "booking-balance-received")).toHaveLength(1);
      expect(await mailsOf(database.db(), registration.id, "booking-team-balance")).toHaveLength(1);
      const trail = await database.db().select().from(auditLog).where(eq(auditLog.entityId, paid.id));
      expect(trail.filter((a) => a.action === "payment.paid")).toHaveLength(1);
      // The return page came first: the participant is the actor.
      expect(trail.find((a) => a.action === "payment.paid")).toMatchObject({ actorType: "participant" });
    });

    it("webhook first: the provider is the actor, with its event id", async () => {
      const provider = new FakeProvider("stripe");
      setPaymentProviderForTests(provider);
      const event = await event90();
      const { registration } = await paidBooking(database.db(), event, 5, NOW, { pay: (sessionId) => provider.pay(sessionId) });
      setNowForTests(NOW);
      const opened = await openBalanceCheckout(registration.id, PARTICIPANT);
      if (opened.outcome !== "opened") throw new Error("not opened");
      const sessionId = opened.path.split("/").pop()!;
      const paymentId = provider.pay(sessionId);
      const first = await fulfilPayment({ provider: "stripe", sessionId, providerPaymentId: paymentId, ...provider.amountOf(sessionId), providerEventId: "evt_w_1" });
      expect(first).toEqual({ outcome: "balance_paid", registrationId: registration.id });
      expect(await verifyCheckoutReturn(sessionId, event.id, "en")).toMatchObject({ state: "confirmed", balance: true });
      const [paid] = await database.db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
      const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.entityId, paid.id)).then((rows) => rows.filter((r) => r.action === "payment.paid"));
      expect(entry).toMatchObject({ actorType: "provider", actorId: "evt_w_1" });
      expect(await mailsOf(database.db(), registration.id, "booking-balance-received")).toHaveLength(1);
    });

    it("closes the reserved checkout when the provider fails, and tries again on the next click", async () => {
      const provider = new FakeProvider("stripe");
      setPaymentProviderForTests(provider);
      const event = await event90();
      const { registration } = await paidBooking(database.db(), event, 6, NOW, { pay: (sessionId) => provider.pay(sessionId) });
      setNowForTests(NOW);
      const create = provider.createCheckout.bind(provider);
      provider.createCheckout = async () => {
        throw new Error("provider down");
      };
      expect(await openBalanceCheckout(registration.id, PARTICIPANT)).toEqual({ outcome: "provider_error" });
      const failed = (await paymentRowsOf(database.db(), registration.id)).filter((p) => p.kind === "balance");
      expect(failed.map((p) => p.status)).toEqual(["failed"]);
      provider.createCheckout = create;
      expect((await openBalanceCheckout(registration.id, PARTICIPANT)).outcome).toBe("opened");
    });
  });
});
