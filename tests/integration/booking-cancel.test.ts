// @engine both: cancellations and refunds: money in transactions, concurrent requests
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PARTICIPANT } from "@server/audit/audit.server";
import { cancelBooking, cancellationQuote } from "@server/booking/cancel.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { managePath } from "@server/booking/manage-link.server";
import { registrationMoney } from "@server/booking/money.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, payments, registrations, waitlistEntries, waitlistOffers } from "@server/db/schema.server";
import { openCheckout } from "@server/booking/checkout.server";
import { createRegistration } from "@server/booking/registration.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, participant, useFakeStripe } from "./booking-fixtures";
import { auditActionsOf, mailsOf, paidBooking, refundRowsOf } from "./booking-lifecycle-fixtures";

const DAY = 86_400_000;

describe("booking: cancellation", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const STAFF = { type: "staff" as const, userId: "user-3" };
  const provider = useFakeStripe(database);

  /** An event `days` from NOW with the given policy, and participant n's paid deposit. */
  async function booked(n: number, days: number, overrides: Parameters<typeof insertEvent>[1] = {}, locale: "nl" | "en" = "nl") {
    const event = await insertEvent(NOW, { startDate: new Date(NOW.getTime() + days * DAY), endDate: new Date(NOW.getTime() + days * DAY + 8 * 3_600_000), ...overrides });
    const paid = await paidBooking(database.db(), event, n, NOW, { locale, pay: (sessionId) => provider.pay(sessionId) });
    setNowForTests(NOW);
    return { event, ...paid };
  }

  it("inside the refund window refunds what was paid, once, however often and however concurrently it is cancelled", async () => {
    const { registration, providerPaymentId } = await booked(1, 60, {}, "en");
    expect(await cancellationQuote(registration.id, NOW)).toMatchObject({ refundCents: 14_750, percent: 100, inWindow: true, netPaidCents: 14_750 });
    const calls = provider.refundRequests.length;

    const results = await Promise.all([
      cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } }),
      cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } }),
      cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } }),
    ]);
    const again = await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } });
    expect(results.filter((r) => r.outcome === "cancelled")).toEqual([{ outcome: "cancelled", refund: { outcome: "refunded", refundedCents: 14_750 } }]);
    expect(results.filter((r) => r.outcome === "already_cancelled")).toHaveLength(2);
    expect(again).toEqual({ outcome: "already_cancelled", refund: { outcome: "already_requested", refundedCents: 14_750 } });

    expect(provider.refundRequests.slice(calls)).toEqual([
      expect.objectContaining({ paymentId: providerPaymentId, amountCents: 14_750, idempotencyKey: expect.stringMatching(new RegExp(`^cancel:${registration.id}:`)) }),
    ]);
    const [stored] = await database.db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(stored.status).toBe("cancelled");
    expect(stored.cancelledAt).not.toBeNull();
    expect(await registrationMoney(database.db(), registration.id, NOW)).toMatchObject({ paidCents: 14_750, refundedCents: 14_750, netPaidCents: 0, balanceDueCents: 0 });

    const mails = await mailsOf(database.db(), registration.id, "booking-cancellation");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: "en", to: registration.customerEmail, subject: `Booking cancelled: Test sailing day (${registration.reference})` });
    expect(mails[0].text).toContain("We are refunding €147.50");
    expect(mails[0].text).toContain(`http://localhost:4321${managePath(registration.id)}`);
    const team = await mailsOf(database.db(), registration.id, "booking-team-cancelled");
    expect(team).toHaveLength(1);
    expect(team[0].text).toContain("de deelnemer");

    const actions = await auditActionsOf(database.db(), registration.id);
    expect(actions.filter((a) => a === "registration.cancelled")).toHaveLength(1);
    expect(actions.filter((a) => a === "refund.requested")).toHaveLength(1);
    expect(actions.filter((a) => a === "refund.succeeded")).toHaveLength(1);
  });

  it("outside the refund window refunds nothing and says why", async () => {
    // Booked 20 days before the start: inside the balance window too, so the whole price was paid.
    const { registration } = await booked(2, 20);
    const quote = await cancellationQuote(registration.id, NOW);
    expect(quote).toMatchObject({ refundCents: 0, percent: 0, inWindow: false, netPaidCents: 29_500 });
    const calls = provider.refundRequests.length;
    const result = await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } });
    expect(result).toEqual({ outcome: "cancelled", refund: { outcome: "nothing_to_refund", refundedCents: 0 } });
    expect(provider.refundRequests.length).toBe(calls);
    expect(await refundRowsOf(database.db(), registration.id)).toHaveLength(0);
    const [mail] = await mailsOf(database.db(), registration.id, "booking-cancellation");
    expect(mail.locale).toBe("nl");
    expect(mail.text).toContain("De terugbetalingstermijn van dit evenement liep tot");
  });

  it("follows the event's own policy (days and percentage)", async () => {
    const { registration } = await booked(3, 20, { refundUntilDays: 14, refundPercent: 50 });
    // Inside the balance window (20 days before the start), so the whole €295 was paid: half of it comes back.
    expect(await cancellationQuote(registration.id, NOW)).toMatchObject({ refundCents: 14_750, percent: 50, inWindow: true, netPaidCents: 29_500 });
    const result = await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } });
    expect(result.refund).toEqual({ outcome: "refunded", refundedCents: 14_750 });
    const [mail] = await mailsOf(database.db(), registration.id, "booking-cancellation");
    expect(mail.text).toContain("50%");
  });

  it("lets the team cancel with a full, partial or no refund, never more than was paid", async () => {
    // 10 days before the start the whole price (€295) was paid at registration.
    const full = await booked(4, 10);
    expect((await cancelBooking({ registrationId: full.registration.id, actor: STAFF, refund: { mode: "full" }, reason: "Boat damaged" })).refund).toEqual({ outcome: "refunded", refundedCents: 29_500 });
    const partial = await booked(5, 10);
    expect((await cancelBooking({ registrationId: partial.registration.id, actor: STAFF, refund: { mode: "partial", amountCents: 99_999 }, requestKey: "nonce-5" })).refund).toEqual({
      outcome: "refunded",
      refundedCents: 29_500,
    });
    const none = await booked(6, 10);
    expect((await cancelBooking({ registrationId: none.registration.id, actor: STAFF, refund: { mode: "none" } })).refund).toEqual({ outcome: "nothing_to_refund", refundedCents: 0 });
    const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.entityId, full.registration.id)).then((rows) => rows.filter((r) => r.action === "registration.cancelled"));
    expect(entry).toMatchObject({ actorType: "staff", actorId: "user-3", changes: { status: { from: "confirmed", to: "cancelled" } } });
    expect(entry.reason).toContain("Boat damaged");
    const [team] = await mailsOf(database.db(), none.registration.id, "booking-team-cancelled");
    expect(team.text).toContain("een teamlid");
  });

  it("cancels a booking still waiting for its payment, closes its checkout, and refunds a payment that still arrives", async () => {
    const event = await insertEvent(NOW, { startDate: new Date(NOW.getTime() + 60 * DAY), endDate: new Date(NOW.getTime() + 61 * DAY) });
    setNowForTests(NOW);
    const created = await createRegistration(database.db(), { eventId: event.id, input: participant(7), locale: "nl", now: NOW });
    if (created.outcome !== "held") throw new Error("expected a hold");
    const { sessionId } = await openCheckout(created.registration, created.event, created.due);
    expect(await cancelBooking({ registrationId: created.registration.id, actor: PARTICIPANT, refund: { mode: "policy" } })).toEqual({
      outcome: "cancelled",
      refund: { outcome: "nothing_to_refund", refundedCents: 0 },
    });
    const [closed] = await database.db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(closed.status).toBe("expired");

    // Stripe's page was still open and the participant paid anyway: the money goes back.
    const paymentId = provider.pay(sessionId);
    const calls = provider.refundRequests.length;
    const result = await fulfilPayment({ provider: "stripe", sessionId, providerPaymentId: paymentId, ...provider.amountOf(sessionId), providerEventId: "evt_after_cancel" });
    expect(result).toEqual({ outcome: "refunded", registrationId: created.registration.id });
    expect(provider.refundRequests.slice(calls).map((r) => [r.paymentId, r.amountCents])).toEqual([[paymentId, 14_750]]);
    const [stored] = await database.db().select().from(registrations).where(eq(registrations.id, created.registration.id));
    expect(stored.status).toBe("cancelled");
    await fulfilPayment({ provider: "stripe", sessionId, providerPaymentId: paymentId, ...provider.amountOf(sessionId), providerEventId: "evt_after_cancel_2" });
    expect(provider.refundRequests.length).toBe(calls + 1);
    expect(await mailsOf(database.db(), created.registration.id, "payment-refunded-team")).toHaveLength(1);
  });

  it("says a booking that is not confirmed or waiting cannot be cancelled", async () => {
    expect(await cancelBooking({ registrationId: "3f1c6c6e-0000-4000-8000-000000000099", actor: PARTICIPANT, refund: { mode: "policy" } })).toEqual({ outcome: "not_cancellable" });
    expect(await cancellationQuote("3f1c6c6e-0000-4000-8000-000000000099", NOW)).toBeUndefined();
  });

  it("offers the freed place to the first person on the waiting list whose party fits", async () => {
    const { event, registration } = await booked(8, 60, { maxParticipants: 1 });
    const [two] = await database.db().insert(waitlistEntries).values({ eventId: event.id, name: "Twee", email: "twee@example.com", places: 2, createdAt: new Date(NOW.getTime() - 2 * DAY) }).returning();
    const [one] = await database.db().insert(waitlistEntries).values({ eventId: event.id, name: "Een", email: "een@example.com", places: 1, createdAt: new Date(NOW.getTime() - DAY) }).returning();
    await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } });
    const offers = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.eventId, event.id));
    expect(offers.map((o) => [o.entryId, o.places, o.status])).toEqual([[one.id, 1, "open"]]);
    expect(offers.some((o) => o.entryId === two.id)).toBe(false);
  });
});
