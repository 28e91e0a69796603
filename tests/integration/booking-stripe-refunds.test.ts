// @engine both: provider refunds recorded once, money in transactions
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as webhookAction } from "~/routes/booking/stripe-webhook";
import { PARTICIPANT } from "@server/audit/audit.server";
import { openBalanceCheckout } from "@server/booking/balance.server";
import { cancelBooking } from "@server/booking/cancel.server";
import { managePath } from "@server/booking/manage-link.server";
import { registrationMoney } from "@server/booking/money.server";
import { planRefund } from "@server/booking/refunds.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, refunds } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { createStripeProvider } from "@server/payments/stripe.server";
import { useTestDatabase } from "../support/db";
import { insertEvent } from "./booking-fixtures";
import { mailsOf, paidBooking, paymentRowsOf, refundRowsOf } from "./booking-lifecycle-fixtures";

type Captured = { url: string; method: string; headers: Headers; body: URLSearchParams };
const hash = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 24);

describe("Stripe over a fake fetch: balance Checkout, Refunds and charge.refunded", () => {
  const database = useTestDatabase();
  const NOW = new Date();
  const SECRET = "whsec_test_refunds_secret";
  const requests: Captured[] = [];

  // Stripe's client over a fake fetch: sessions and refunds answered as Stripe would, by idempotency key.
  const fakeFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const captured = { url: String(input), method: init?.method ?? "GET", headers: new Headers(init?.headers as HeadersInit), body: new URLSearchParams(typeof init?.body === "string" ? init.body : "") };
    requests.push(captured);
    const key = captured.headers.get("idempotency-key") ?? crypto.randomUUID();
    let body: unknown;
    if (captured.url.includes("/v1/checkout/sessions")) {
      const id = `cs_test_${hash(key)}`;
      body = { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` };
    } else if (captured.url.includes("/v1/refunds")) {
      body = { id: `re_${hash(key)}`, object: "refund", status: "pending", amount: Number(captured.body.get("amount")), payment_intent: captured.body.get("payment_intent"), metadata: {} };
    } else {
      return new Response(JSON.stringify({ error: { type: "invalid_request_error", message: "unexpected" } }), { status: 400, headers: { "content-type": "application/json" } });
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", "request-id": "req_test" } });
  };

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent", STRIPE_WEBHOOK_SECRET: SECRET, PUBLIC_URL: "http://localhost:4321" });
    setPaymentProviderForTests(createStripeProvider("sk_test_fake", Stripe.createFetchHttpClient(fakeFetch as typeof fetch)));
  });
  afterAll(() => {
    setPaymentProviderForTests(undefined);
    setNowForTests(undefined);
  });

  type Args = Parameters<typeof webhookAction>[0];
  async function deliver(event: Record<string, unknown>) {
    const payload = JSON.stringify({ object: "event", api_version: "2026-10-28.endive", created: Math.floor(Date.now() / 1000), ...event });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const request = new Request("http://localhost/api/stripe/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
    const response = (await webhookAction({ request, params: {}, context: {} } as unknown as Args)) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const completed = (id: string, sessionId: string, paymentIntent: string, amount: number) => ({
    id,
    type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", status: "complete", payment_status: "paid", payment_intent: paymentIntent, amount_total: amount, currency: "eur", metadata: {} } },
  });

  it("pays a balance through Stripe Checkout, refunds both payments on cancellation, and confirms them by charge.refunded once", async () => {
    const event = await insertEvent(NOW, { startDate: new Date(NOW.getTime() + 60 * 86_400_000), endDate: new Date(NOW.getTime() + 61 * 86_400_000) });
    const { registration } = await paidBooking(database.db(), event, 1, NOW, { locale: "en", pay: () => "pi_deposit_1" });
    setNowForTests(NOW);

    // The balance Checkout: its own idempotency key (per payment row), amount, 24-hour end, back to the booking page.
    const opened = await openBalanceCheckout(registration.id, PARTICIPANT);
    if (opened.outcome !== "opened") throw new Error("not opened");
    const [balanceRow] = (await paymentRowsOf(database.db(), registration.id)).filter((p) => p.kind === "balance");
    const sessionRequest = requests.filter((r) => r.url.includes("/v1/checkout/sessions")).at(-1)!;
    expect(sessionRequest.headers.get("idempotency-key")).toBe(`checkout-${registration.id}-balance-${balanceRow.id}`);
    expect(sessionRequest.body.get("line_items[0][price_data][unit_amount]")).toBe("14750");
    expect(sessionRequest.body.get("line_items[0][price_data][product_data][name]")).toBe("Test sailing day – Balance");
    expect(sessionRequest.body.get("expires_at")).toBe(String(Math.floor(balanceRow.expiresAt!.getTime() / 1000)));
    expect(sessionRequest.body.get("cancel_url")).toBe(`http://localhost:4321${managePath(registration.id)}`);
    const firstKey = requests.filter((r) => r.url.includes("/v1/checkout/sessions"))[0].headers.get("idempotency-key");
    expect(firstKey).toBe(`checkout-${registration.id}`);
    expect(opened.path).toBe(`/checkout/continue/cs_test_${hash(`checkout-${registration.id}-balance-${balanceRow.id}`)}`);

    const sessionId = opened.path.split("/").pop()!;
    // Paid the next day: the newest payment, so refunded first.
    setNowForTests(new Date(NOW.getTime() + 86_400_000));
    expect((await deliver(completed("evt_bal_paid", sessionId, "pi_balance_1", 14_750))).body.outcome).toBe("balance_paid");
    expect((await deliver(completed("evt_bal_paid", sessionId, "pi_balance_1", 14_750))).body.outcome).toBe("duplicate_event");
    expect(await mailsOf(database.db(), registration.id, "booking-balance-received")).toHaveLength(1);

    // Cancelled inside the window: the whole 295.00 goes back, one Stripe refund per payment.
    const cancelled = await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } });
    expect(cancelled).toEqual({ outcome: "cancelled", refund: { outcome: "pending", refundedCents: 29_500 } });
    const refundCalls = requests.filter((r) => r.url.includes("/v1/refunds"));
    expect(refundCalls.map((r) => [r.body.get("payment_intent"), r.body.get("amount")])).toEqual([
      ["pi_balance_1", "14750"],
      ["pi_deposit_1", "14750"],
    ]);
    const rows = await refundRowsOf(database.db(), registration.id);
    for (const call of refundCalls) {
      const row = rows.find((r) => r.idempotencyKey === call.headers.get("idempotency-key"));
      expect(row).toMatchObject({ status: "pending", providerRefundId: `re_${hash(row!.idempotencyKey)}` });
      expect(call.body.get("metadata[idempotency_key]")).toBe(row!.idempotencyKey);
    }
    expect(await registrationMoney(database.db(), registration.id, NOW)).toMatchObject({ refundedCents: 0, refundPendingCents: 29_500 });
    // Cancelling again asks Stripe for nothing.
    await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } });
    expect(requests.filter((r) => r.url.includes("/v1/refunds"))).toHaveLength(2);

    // charge.refunded with its refund list confirms the balance's refund; its replay changes nothing.
    const balanceRefund = rows.find((r) => r.paymentId === balanceRow.id)!;
    const refundedWithList = {
      id: "evt_charge_refunded_1",
      type: "charge.refunded",
      data: {
        object: {
          id: "ch_balance",
          object: "charge",
          payment_intent: "pi_balance_1",
          amount: 14_750,
          amount_refunded: 14_750,
          refunds: { object: "list", data: [{ id: balanceRefund.providerRefundId, object: "refund", status: "succeeded", amount: 14_750, metadata: {} }] },
        },
      },
    };
    expect((await deliver(refundedWithList)).body.outcome).toBe("refund_confirmed");
    expect((await deliver(refundedWithList)).body.outcome).toBe("duplicate_event");

    // charge.refunded without the list (recent API versions): the refunded amount covers our pending refund.
    const withoutList = { id: "evt_charge_refunded_2", type: "charge.refunded", data: { object: { id: "ch_deposit", object: "charge", payment_intent: "pi_deposit_1", amount: 14_750, amount_refunded: 14_750 } } };
    expect((await deliver(withoutList)).body.outcome).toBe("refund_confirmed");
    expect((await deliver({ ...withoutList, id: "evt_charge_refunded_3" })).body.outcome).toBe("unchanged");

    const after = await refundRowsOf(database.db(), registration.id);
    expect(after.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    expect(await registrationMoney(database.db(), registration.id, NOW)).toMatchObject({ paidCents: 29_500, refundedCents: 29_500, refundPendingCents: 0, netPaidCents: 0 });
    const trail = await database.db().select().from(auditLog).where(eq(auditLog.entityId, balanceRefund.id));
    // Rows of one millisecond have no order among them: compared as a set.
    expect(trail.map((a) => `${a.action} by ${a.actorType}`).sort()).toEqual(["refund.requested by participant", "refund.submitted by participant", "refund.succeeded by provider"]);
    expect(trail.find((a) => a.action === "refund.succeeded")!.actorId).toBe("evt_charge_refunded_1");
    expect(requests.filter((r) => r.url.includes("/v1/refunds"))).toHaveLength(2);
  });

  it("confirms by refund.updated / refund.failed, also before the API answer was recorded (by the key in the metadata)", async () => {
    const event = await insertEvent(NOW, { startDate: new Date(NOW.getTime() + 60 * 86_400_000), endDate: new Date(NOW.getTime() + 61 * 86_400_000) });
    const { registration } = await paidBooking(database.db(), event, 2, NOW, { pay: () => "pi_deposit_2" });
    setNowForTests(NOW);
    // Asked for, and the webhook comes before this process recorded Stripe's answer.
    await database.db().transaction((tx) => planRefund(tx, { registrationId: registration.id, amountCents: 4_000, reason: "Goodwill", actor: PARTICIPANT, requestKey: "early-2" }));
    const [row] = await refundRowsOf(database.db(), registration.id);
    const refundObject = (status: string) => ({ id: "re_early_2", object: "refund", status, amount: 4_000, payment_intent: "pi_deposit_2", metadata: { idempotency_key: row.idempotencyKey } });
    expect((await deliver({ id: "evt_ref_upd_1", type: "refund.updated", data: { object: refundObject("succeeded") } })).body.outcome).toBe("refund_confirmed");
    const [confirmed] = await database.db().select().from(refunds).where(eq(refunds.id, row.id));
    expect(confirmed).toMatchObject({ status: "succeeded", providerRefundId: "re_early_2" });
    // A bank returned it later: the refund failed after all, and is for the team again.
    expect((await deliver({ id: "evt_ref_fail_1", type: "refund.failed", data: { object: refundObject("failed") } })).body.outcome).toBe("refund_confirmed");
    expect((await deliver({ id: "evt_ref_fail_1", type: "refund.failed", data: { object: refundObject("failed") } })).body.outcome).toBe("duplicate_event");
    const [failed] = await database.db().select().from(refunds).where(eq(refunds.id, row.id));
    expect(failed.status).toBe("failed");
    // A refund made in Stripe's dashboard has no row here: acknowledged, nothing changed.
    const other = await deliver({ id: "evt_ref_other", type: "refund.updated", data: { object: { id: "re_dashboard", object: "refund", status: "succeeded", amount: 100, metadata: {} } } });
    expect(other).toEqual({ status: 200, body: { received: true, handled: true, outcome: "unknown_refund" } });
  });
});
