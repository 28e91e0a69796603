// @engine both: refund rows: money counted once, SQL written by hand
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "@server/audit/audit.server";
import { recordBankTransfer } from "@server/booking/balance.server";
import { registrationMoney } from "@server/booking/money.server";
import { confirmManualRefund, confirmRefund, executeRefunds, planRefund, refundBooking } from "@server/booking/refunds.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, refunds } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { useTestDatabase } from "../support/db";
import { FakeProvider, insertEvent } from "./booking-fixtures";
import { paidBooking, refundRowsOf } from "./booking-lifecycle-fixtures";

describe("booking: refunds as rows", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const STAFF = { type: "staff" as const, userId: "user-1" };
  let provider: FakeProvider;

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent" });
    provider = new FakeProvider("stripe");
    setPaymentProviderForTests(provider);
  });
  afterAll(() => setPaymentProviderForTests(undefined));
  afterEach(() => {
    setNowForTests(undefined);
    provider.failRefunds = false;
    provider.refundStatus = "succeeded";
  });

  async function booking(n: number) {
    const event = await insertEvent(NOW, { startDate: new Date(NOW.getTime() + 90 * 86_400_000), endDate: new Date(NOW.getTime() + 91 * 86_400_000) });
    const paid = await paidBooking(database.db(), event, n, NOW, { pay: (sessionId) => provider.pay(sessionId) });
    return { event, ...paid };
  }

  it("refunds through the provider with the row's key, records it succeeded with an audit trail, and never twice for one request", async () => {
    const { registration, providerPaymentId } = await booking(1);
    const calls = provider.refundRequests.length;
    const first = await refundBooking({ registrationId: registration.id, amountCents: 5_000, reason: "Goodwill", actor: STAFF, requestKey: "form-nonce-1" });
    const second = await refundBooking({ registrationId: registration.id, amountCents: 5_000, reason: "Goodwill", actor: STAFF, requestKey: "form-nonce-1" });
    expect(first).toEqual({ outcome: "refunded", refundedCents: 5_000 });
    expect(second).toEqual({ outcome: "already_requested", refundedCents: 5_000 });

    const sent = provider.refundRequests.slice(calls);
    expect(sent).toHaveLength(1);
    const [row] = await refundRowsOf(database.db(), registration.id);
    expect(sent[0]).toMatchObject({ paymentId: providerPaymentId, amountCents: 5_000, idempotencyKey: row.idempotencyKey, reason: "Goodwill" });
    expect(row).toMatchObject({ status: "succeeded", amountCents: 5_000, requestedBy: "staff:user-1", idempotencyKey: `form-nonce-1:${row.paymentId}` });
    expect(row.providerRefundId).toMatch(/^re_/);

    const money = await registrationMoney(database.db(), registration.id, NOW);
    expect(money).toMatchObject({ paidCents: 14_750, refundedCents: 5_000, netPaidCents: 9_750, refundPendingCents: 0 });
    const trail = await database.db().select().from(auditLog).where(eq(auditLog.entityId, row.id));
    // Rows of one millisecond have no order among them: compared as a set.
    expect(trail.map((a) => a.action).sort()).toEqual(["refund.requested", "refund.succeeded"]);
    expect(trail[0]).toMatchObject({ actorType: "staff", actorId: "user-1", registrationId: registration.id });
  });

  it("asks the provider once under concurrent requests with one key, and caps concurrent requests with different keys at what was paid", async () => {
    const { registration } = await booking(2);
    const calls = provider.refundRequests.length;
    const same = await Promise.all(
      Array.from({ length: 6 }, () => refundBooking({ registrationId: registration.id, amountCents: 3_000, reason: "Double click", actor: STAFF, requestKey: "same-key" })),
    );
    expect(same.filter((r) => r.outcome === "refunded")).toHaveLength(1);
    expect(same.filter((r) => r.outcome === "already_requested")).toHaveLength(5);
    expect(provider.refundRequests.length - calls).toBe(1);

    // Six different requests for 5,000 each: only 11,750 of the 14,750 paid is left to give back.
    const different = await Promise.all(
      Array.from({ length: 6 }, (_, i) => refundBooking({ registrationId: registration.id, amountCents: 5_000, reason: "Racing", actor: STAFF, requestKey: `key-${i}` })),
    );
    expect(different.reduce((sum, r) => sum + r.refundedCents, 0)).toBe(11_750);
    expect(different.filter((r) => r.outcome === "nothing_to_refund").length).toBeGreaterThanOrEqual(3);
    const rows = await refundRowsOf(database.db(), registration.id);
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(14_750);
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(rows.length);
    expect(await refundBooking({ registrationId: registration.id, amountCents: 1, reason: "More", actor: STAFF, requestKey: "key-more" })).toEqual({ outcome: "nothing_to_refund", refundedCents: 0 });
  });

  it("splits a refund over the payments, the provider's first and newest first, and leaves a bank transfer to the team", async () => {
    const { registration, providerPaymentId } = await booking(3);
    expect((await recordBankTransfer({ registrationId: registration.id, amountCents: 14_750, actor: STAFF, requestKey: "bank-3" })).outcome).toBe("recorded");
    const calls = provider.refundRequests.length;
    const result = await refundBooking({ registrationId: registration.id, amountCents: 20_000, reason: "Event moved", actor: STAFF, requestKey: "split-3" });
    expect(result).toEqual({ outcome: "pending", refundedCents: 20_000 });
    // Only the card payment went to the provider, for all of it.
    expect(provider.refundRequests.slice(calls).map((r) => [r.paymentId, r.amountCents])).toEqual([[providerPaymentId, 14_750]]);
    const rows = await refundRowsOf(database.db(), registration.id);
    const manual = rows.find((r) => r.amountCents === 5_250)!;
    expect(manual).toMatchObject({ status: "pending", providerRefundId: null });
    expect(manual.reason).toContain("bank transfer by hand");
    expect(await registrationMoney(database.db(), registration.id, NOW)).toMatchObject({ refundedCents: 14_750, refundPendingCents: 5_250 });

    expect(await confirmManualRefund(manual.id, STAFF)).toBe("confirmed");
    expect(await confirmManualRefund(manual.id, STAFF)).toBe("unchanged");
    expect(await registrationMoney(database.db(), registration.id, NOW)).toMatchObject({ refundedCents: 20_000, refundPendingCents: 0, netPaidCents: 9_500 });
  });

  it("keeps a refused refund failed for a human, and a retry with the same key asks again with the same key", async () => {
    const { registration } = await booking(4);
    provider.failRefunds = true;
    const failed = await refundBooking({ registrationId: registration.id, amountCents: 14_750, reason: "Cancelled", actor: STAFF, requestKey: "retry-4" });
    expect(failed).toEqual({ outcome: "failed", refundedCents: 0 });
    const [row] = await refundRowsOf(database.db(), registration.id);
    expect(row).toMatchObject({ status: "failed", failureReason: "refund refused" });
    // A failed refund still counts as asked for: a new request cannot give the same money back twice.
    expect((await refundBooking({ registrationId: registration.id, amountCents: 14_750, reason: "Again", actor: STAFF, requestKey: "other-4" })).outcome).toBe("nothing_to_refund");

    provider.failRefunds = false;
    const calls = provider.refundRequests.length;
    const retried = await refundBooking({ registrationId: registration.id, amountCents: 14_750, reason: "Cancelled", actor: STAFF, requestKey: "retry-4" });
    expect(retried).toEqual({ outcome: "already_requested", refundedCents: 14_750 });
    expect(provider.refundRequests.slice(calls).map((r) => r.idempotencyKey)).toEqual([row.idempotencyKey]);
    const [after] = await refundRowsOf(database.db(), registration.id);
    expect(after.status).toBe("succeeded");
    const actions = (await database.db().select().from(auditLog).where(eq(auditLog.entityId, row.id))).map((a) => a.action);
    expect(actions.sort()).toEqual(["refund.failed", "refund.requested", "refund.succeeded"]);
  });

  it("calls again for a row whose call never happened (the process stopped), but not for one still under way", async () => {
    const { registration } = await booking(5);
    setNowForTests(NOW);
    // The request committed, then the process stopped before the provider call.
    const plan = await database.db().transaction((tx) => planRefund(tx, { registrationId: registration.id, amountCents: 2_000, reason: "Stranded", actor: STAFF, requestKey: "stranded-5" }));
    expect(plan.kind).toBe("new");
    const calls = provider.refundRequests.length;
    expect(await refundBooking({ registrationId: registration.id, amountCents: 2_000, reason: "Stranded", actor: STAFF, requestKey: "stranded-5" })).toEqual({
      outcome: "already_requested",
      refundedCents: 2_000,
    });
    expect(provider.refundRequests.length).toBe(calls);
    setNowForTests(new Date(NOW.getTime() + 2 * 60_000));
    await refundBooking({ registrationId: registration.id, amountCents: 2_000, reason: "Stranded", actor: STAFF, requestKey: "stranded-5" });
    expect(provider.refundRequests.length).toBe(calls + 1);
    const [row] = await refundRowsOf(database.db(), registration.id);
    expect(row.status).toBe("succeeded");
    // And executing the same plan again asks nothing more: the row has its answer.
    if (plan.kind !== "new") throw new Error("expected new refund rows");
    await executeRefunds({ kind: "existing", refundIds: plan.refundIds, cents: plan.cents }, STAFF);
    expect(provider.refundRequests.length).toBe(calls + 1);
  });

  it("confirms a pending refund by the provider's word once, whatever is replayed", async () => {
    const { registration } = await booking(6);
    provider.refundStatus = "pending";
    expect(await refundBooking({ registrationId: registration.id, amountCents: 14_750, reason: "Cancelled", actor: SYSTEM("test"), requestKey: "pending-6" })).toEqual({
      outcome: "pending",
      refundedCents: 14_750,
    });
    const [row] = await refundRowsOf(database.db(), registration.id);
    expect(row.status).toBe("pending");
    expect(row.providerRefundId).not.toBeNull();
    const provider_ = { type: "provider" as const, eventId: "evt_refund_1" };
    expect(await confirmRefund(row.providerRefundId!, "succeeded", provider_)).toBe("confirmed");
    expect(await confirmRefund(row.providerRefundId!, "succeeded", provider_)).toBe("unchanged");
    expect(await confirmRefund("re_unknown", "succeeded", provider_)).toBe("unknown_refund");
    const [after] = await database.db().select().from(refunds).where(eq(refunds.id, row.id));
    expect(after.status).toBe("succeeded");
    expect(after.succeededAt).not.toBeNull();
    const trail = await database.db().select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(trail.map((a) => a.action).sort()).toEqual(["refund.requested", "refund.submitted", "refund.succeeded"]);
    expect(trail.find((a) => a.action === "refund.succeeded")).toMatchObject({ actorType: "provider", actorId: "evt_refund_1" });
  });
});
