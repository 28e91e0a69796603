// @engine both: money per place under the event's lock, refunds keyed per place, concurrent cancels of one place
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { PARTICIPANT } from "@server/audit/audit.server";
import { cancelBooking } from "@server/booking/cancel.server";
import { manageToken } from "@server/booking/manage-link.server";
import { openCheckout } from "@server/booking/checkout.server";
import { openBalanceCheckout } from "@server/booking/balance.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { registrationMoney } from "@server/booking/money.server";
import { cancelPlace, placeCancellationQuote, replaceParticipant, resendInvitation, RESEND_INTERVAL_MS } from "@server/booking/place-changes.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { bookingPlaces, registrations } from "@server/db/schema.server";
import { formatAmount } from "~/lib/money-format";
import type { RegistrationInput } from "~/schemas/registration";
import type { ManageActionData, ManageView } from "~/schemas/manage";
import { action as manageActionRoute, loader as manageLoader } from "~/routes/manage/my-booking";
import { manageActionLimiter, manageLinkLimiter } from "~/routes/manage/my-booking.server";
import { formRequest, routeArgs, testContext } from "../support/forms";
import { useTestDatabase } from "../support/db";
import { insertEvent, namedParticipant, participant, useFakeStripe } from "./booking-fixtures";
import { auditActionsOf, mailsOf, paymentRowsOf, refundRowsOf } from "./booking-lifecycle-fixtures";

const DAY = 86_400_000;
const PRICE = 29_500;

describe("group bookings: the booker's changes of one place", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const provider = useFakeStripe(database);

  /** A booker who does not sail books `places` places for `days` from NOW and pays what is due. */
  async function groupBooking(n: number, places: number, days = 60, overrides: Parameters<typeof insertEvent>[1] = {}) {
    const event = await insertEvent(NOW, {
      startDate: new Date(NOW.getTime() + days * DAY),
      endDate: new Date(NOW.getTime() + days * DAY + 8 * 3_600_000),
      maxParticipants: 20,
      maxPlacesPerBooking: 8,
      ...overrides,
    });
    const input: RegistrationInput = {
      ...participant(n),
      customerName: `Boeker ${n}`,
      customerEmail: `boeker${n}@example.com`,
      places,
      bookerSails: false,
      birthDate: undefined,
      nextOfKinName: undefined,
      nextOfKinPhone: undefined,
      participants: Array.from({ length: places }, (_, i) => namedParticipant(`Deelnemer ${n}.${i + 1}`, `deelnemer${n}.${i + 1}@example.com`, i === 0 ? "en" : undefined)),
    };
    setNowForTests(NOW);
    const created = await createRegistration(database.db(), { eventId: event.id, input, locale: "nl", now: NOW });
    if (created.outcome !== "held") throw new Error(`expected a hold, got ${created.outcome}`);
    const session = await openCheckout(created.registration, created.event, created.due);
    const paid = await fulfilPayment({
      provider: session.provider,
      sessionId: session.sessionId,
      providerPaymentId: provider.pay(session.sessionId),
      amountCents: created.registration.amountDueCents,
      currency: "eur",
    });
    if (paid.outcome !== "confirmed") throw new Error(`expected a confirmation, got ${paid.outcome}`);
    const rows = await placeRows(created.registration.id);
    return { event, registration: created.registration, places: rows };
  }

  async function placeRows(registrationId: string) {
    return database.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, registrationId)).orderBy(bookingPlaces.number, bookingPlaces.createdAt);
  }

  async function booking(registrationId: string) {
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, registrationId));
    return row;
  }

  it("cancels one place of five: its share of the deposit back, four places, and the money still adds up", async () => {
    const { registration, places } = await groupBooking(1, 5);
    expect(registration).toMatchObject({ places: 5, priceCents: 5 * PRICE, amountDueCents: (5 * PRICE) / 2 });
    const place = places[2];
    expect(await placeCancellationQuote(database.db(), registration.id, place.id, NOW)).toMatchObject({ shareCents: 14_750, refundCents: 14_750, keptCents: 0, placePriceCents: PRICE, percent: 100 });

    const result = await cancelPlace(database.db(), { registrationId: registration.id, placeId: place.id, actor: PARTICIPANT, now: NOW });
    expect(result).toMatchObject({ outcome: "cancelled", places: 4, refund: { outcome: "refunded", refundedCents: 14_750 } });

    const after = await booking(registration.id);
    // Payments and refunds are counted apart (balance = price − paid): the refunded share stays in the price, matched by its refund.
    expect(after).toMatchObject({ status: "confirmed", places: 4, priceCents: 4 * PRICE + 14_750 });
    const money = await registrationMoney(database.db(), registration.id, NOW);
    expect(money).toMatchObject({ paidCents: 73_750, refundedCents: 14_750, netPaidCents: 59_000 });
    // Refunded 100%: the four places owe their price less what stays paid.
    expect(money.balanceDueCents).toBe(4 * PRICE - (money.paidCents - money.refundedCents));

    const [cancelled] = (await placeRows(registration.id)).filter((p) => p.id === place.id);
    expect(cancelled.cancelledAt).not.toBeNull();
    const refunds = await refundRowsOf(database.db(), registration.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].idempotencyKey).toMatch(new RegExp(`^place-cancel:${place.id}:`));

    expect(await mailsOf(database.db(), registration.id, "place-cancelled-participant")).toEqual([expect.objectContaining({ to: place.email })]);
    const toBooker = await mailsOf(database.db(), registration.id, "place-cancelled-booker");
    expect(toBooker).toHaveLength(1);
    expect(toBooker[0].to).toBe("boeker1@example.com");
    expect(toBooker[0].text).toContain(`We storten ${formatAmount(14_750, "nl")} terug`);
    expect(await mailsOf(database.db(), registration.id, "place-cancelled-team")).toHaveLength(1);
    expect((await auditActionsOf(database.db(), registration.id)).filter((a) => a === "place.cancelled")).toHaveLength(1);

    // A second place: the same share of what is left, the price per place unchanged.
    const second = await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[0].id, actor: PARTICIPANT, now: NOW });
    expect(second).toMatchObject({ outcome: "cancelled", places: 3, quote: { shareCents: 14_750, refundCents: 14_750, placePriceCents: PRICE } });
    const money2 = await registrationMoney(database.db(), registration.id, NOW);
    expect(money2.balanceDueCents).toBe(3 * PRICE - (money2.paidCents - money2.refundedCents));
    expect(money2.refundedCents).toBe(29_500);
  });

  it("a balance checkout opened before a place was cancelled, paid afterwards at its old amount: what came in above what is due goes back once", async () => {
    const { registration, places } = await groupBooking(9, 5);
    setNowForTests(NOW);
    const opened = await openBalanceCheckout(registration.id, PARTICIPANT);
    expect(opened.outcome).toBe("opened");
    const [balance] = (await paymentRowsOf(database.db(), registration.id)).filter((p) => p.kind === "balance");
    expect(balance).toMatchObject({ status: "open", amountCents: 73_750 });

    // The booker cancels a place in another tab (100% of its share back), then pays the open page.
    await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[4].id, actor: PARTICIPANT, now: NOW });
    expect((await registrationMoney(database.db(), registration.id, NOW)).balanceDueCents).toBe(59_000);
    const paymentId = provider.pay(balance.providerSessionId);
    const pay = () => fulfilPayment({ provider: "stripe", sessionId: balance.providerSessionId, providerPaymentId: paymentId, amountCents: 73_750, currency: "eur" });
    expect(await pay()).toEqual({ outcome: "balance_paid", registrationId: registration.id });
    // A redelivery (and the return page) change nothing and never refund again.
    expect((await pay()).outcome).toBe("already_paid");

    const overpaid = (await refundRowsOf(database.db(), registration.id)).filter((r) => r.idempotencyKey.startsWith(`overpaid:${balance.id}:`));
    expect(overpaid).toEqual([expect.objectContaining({ amountCents: 14_750, paymentId: balance.id, status: "succeeded" })]);
    const money = await registrationMoney(database.db(), registration.id, NOW);
    // Four places, paid in full: what the team keeps is exactly their price.
    expect(money).toMatchObject({ balanceDueCents: 0, netPaidCents: 4 * PRICE });
    const mails = await mailsOf(database.db(), registration.id, "booking-balance-received");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Je betaalde ${formatAmount(14_750, "nl")} meer dan er nog openstond`);
    // "Paid in total" leaves out what goes back.
    expect(mails[0].text).toContain(formatAmount(4 * PRICE, "nl"));
    expect((await auditActionsOf(database.db(), registration.id)).filter((a) => a === "refund.requested")).toHaveLength(2);
  });

  it("cancelling the same place again, or at once twice, refunds once", async () => {
    const { registration, places } = await groupBooking(2, 3);
    const calls = provider.refundRequests.length;
    const results = await Promise.all([
      cancelPlace(database.db(), { registrationId: registration.id, placeId: places[1].id, actor: PARTICIPANT, now: NOW }),
      cancelPlace(database.db(), { registrationId: registration.id, placeId: places[1].id, actor: PARTICIPANT, now: NOW }),
    ]);
    const again = await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[1].id, actor: PARTICIPANT, now: NOW });
    expect(results.map((r) => r.outcome).sort()).toEqual(["already_cancelled", "cancelled"]);
    expect(again).toEqual({ outcome: "already_cancelled", refund: { outcome: "already_requested", refundedCents: 14_750 } });
    expect(provider.refundRequests.length - calls).toBe(1);
    expect(await refundRowsOf(database.db(), registration.id)).toHaveLength(1);
    expect(await booking(registration.id)).toMatchObject({ places: 2, priceCents: 2 * PRICE + 14_750 });
    expect((await auditActionsOf(database.db(), registration.id)).filter((a) => a === "place.cancelled")).toHaveLength(1);
  });

  it("a late cancel refunds nothing: the kept share pays for the cancelled place, the others owe their own balance", async () => {
    const { registration, places, event } = await groupBooking(3, 5);
    // Twenty days before the start: after the policy's last day (30 days before).
    const late = new Date(event.startDate.getTime() - 20 * DAY);
    setNowForTests(late);
    const calls = provider.refundRequests.length;
    const result = await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[4].id, actor: PARTICIPANT, now: late });
    expect(result).toMatchObject({ outcome: "cancelled", refund: { outcome: "nothing_to_refund", refundedCents: 0 }, quote: { shareCents: 14_750, keptCents: 14_750, refundCents: 0 } });
    expect(provider.refundRequests.length).toBe(calls);
    expect(await refundRowsOf(database.db(), registration.id)).toHaveLength(0);
    const after = await booking(registration.id);
    expect(after).toMatchObject({ places: 4, priceCents: 5 * PRICE - PRICE + 14_750 });
    const money = await registrationMoney(database.db(), registration.id, late);
    // What is still due is the four remaining places' own balance: 4 × price − their share of the deposit.
    expect(money.balanceDueCents).toBe(4 * PRICE - (73_750 - 14_750));
    const toBooker = await mailsOf(database.db(), registration.id, "place-cancelled-booker");
    expect(toBooker[0].text).toContain("Geen terugbetaling");
  });

  it("refuses to cancel the last live place: that is cancelling the booking", async () => {
    const { registration, places } = await groupBooking(4, 2);
    expect((await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[0].id, actor: PARTICIPANT, now: NOW })).outcome).toBe("cancelled");
    const before = await booking(registration.id);
    expect(await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[1].id, actor: PARTICIPANT, now: NOW })).toEqual({ outcome: "last_place" });
    expect(await booking(registration.id)).toMatchObject({ status: "confirmed", places: 1, priceCents: before.priceCents });
    expect((await placeRows(registration.id)).filter((p) => p.cancelledAt === null)).toHaveLength(1);
    expect(await refundRowsOf(database.db(), registration.id)).toHaveLength(1);
  });

  it("replaces a participant until the deadline: a new row with the same number and none of the old details, and an invitation", async () => {
    const { registration, places, event } = await groupBooking(5, 3);
    const old = places[1];
    await database.db().update(bookingPlaces).set({ birthDate: "1980-01-01", nextOfKinName: "Oud", nextOfKinPhone: "+31 6 11111111" }).where(eq(bookingPlaces.id, old.id));

    const result = await replaceParticipant(database.db(), { registrationId: registration.id, placeId: old.id, name: "Nieuwe Deelnemer", email: "nieuw5@example.com", locale: "en", actor: PARTICIPANT, now: NOW });
    expect(result).toMatchObject({ outcome: "replaced", placeId: expect.any(String) });
    if (result.outcome !== "replaced") return;
    const rows = await placeRows(registration.id);
    const [was] = rows.filter((p) => p.id === old.id);
    const [now] = rows.filter((p) => p.id === result.placeId);
    expect(was).toMatchObject({ replacedById: result.placeId, number: 2 });
    expect(was.replacedAt).not.toBeNull();
    expect(now).toMatchObject({ number: 2, name: "Nieuwe Deelnemer", email: "nieuw5@example.com", locale: "en", isBooker: false, birthDate: null, nextOfKinName: null, nextOfKinPhone: null, waiverAcceptedAt: null, replacedAt: null });
    expect(now.invitedAt).not.toBeNull();
    expect(await mailsOf(database.db(), registration.id, "participant-replacement")).toEqual([expect.objectContaining({ to: "nieuw5@example.com" })]);
    expect(await auditActionsOf(database.db(), registration.id)).toContain("place.replaced");
    expect(await booking(registration.id)).toMatchObject({ places: 3, priceCents: 3 * PRICE });

    // The replaced row is no longer a place: neither replaced again nor cancelled.
    expect((await replaceParticipant(database.db(), { registrationId: registration.id, placeId: old.id, name: "X", email: "x5@example.com", locale: "nl", actor: PARTICIPANT, now: NOW })).outcome).toBe("not_found");

    // After the deadline (7 days before the start's day): closed, nothing changed.
    const late = new Date(event.startDate.getTime() - 3 * DAY);
    setNowForTests(late);
    const closed = await replaceParticipant(database.db(), { registrationId: registration.id, placeId: places[2].id, name: "Te Laat", email: "laat5@example.com", locale: "nl", actor: PARTICIPANT, now: late });
    expect(closed).toMatchObject({ outcome: "deadline_passed", lastDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await placeRows(registration.id)).filter((p) => p.replacedAt !== null)).toHaveLength(1);
  });

  it("replacing the booker's own place: the booker no longer sails and stays the booking's contact", async () => {
    const event = await insertEvent(NOW, { maxParticipants: 20, maxPlacesPerBooking: 8 });
    setNowForTests(NOW);
    const input: RegistrationInput = {
      ...participant(11),
      places: 2,
      participants: [{ name: "Maat", email: "maat11@example.com", locale: undefined, birthDate: undefined, street: undefined, city: undefined, postalCode: undefined, country: undefined, nextOfKinName: undefined, nextOfKinPhone: undefined }],
    };
    const created = await createRegistration(database.db(), { eventId: event.id, input, locale: "nl", now: NOW });
    if (created.outcome !== "held") throw new Error(created.outcome);
    const session = await openCheckout(created.registration, created.event, created.due);
    await fulfilPayment({ provider: session.provider, sessionId: session.sessionId, providerPaymentId: provider.pay(session.sessionId), amountCents: created.registration.amountDueCents, currency: "eur" });
    const [own] = (await placeRows(created.registration.id)).filter((p) => p.isBooker);
    const result = await replaceParticipant(database.db(), { registrationId: created.registration.id, placeId: own.id, name: "Collega", email: "collega11@example.com", locale: "nl", actor: PARTICIPANT, now: NOW });
    expect(result.outcome).toBe("replaced");
    expect(await booking(created.registration.id)).toMatchObject({ bookerSails: false, customerEmail: "deelnemer11@example.com", places: 2 });
    const current = (await placeRows(created.registration.id)).filter((p) => p.replacedAt === null);
    expect(current.map((p) => [p.number, p.name, p.isBooker])).toEqual([
      [1, "Collega", false],
      [2, "Maat", false],
    ]);
  });

  it("refuses a replacement whose e-mail address is another current participant's of the booking", async () => {
    const { registration, places } = await groupBooking(6, 3);
    const result = await replaceParticipant(database.db(), { registrationId: registration.id, placeId: places[0].id, name: "Dubbel", email: places[2].email!.toUpperCase(), locale: "nl", actor: PARTICIPANT, now: NOW });
    expect(result).toEqual({ outcome: "duplicate_email" });
    expect((await placeRows(registration.id)).every((p) => p.replacedAt === null)).toBe(true);
    expect(await auditActionsOf(database.db(), registration.id)).not.toContain("place.replaced");
  });

  it("sends an invitation again at most once per ten minutes per place", async () => {
    const { registration, places } = await groupBooking(7, 2);
    const invitations = async () => (await mailsOf(database.db(), registration.id, "participant-invitation")).length;
    // Both were invited when the deposit came in (at NOW): a resend at once is too soon.
    expect(await invitations()).toBe(2);
    const tooSoon = await resendInvitation(database.db(), { registrationId: registration.id, placeId: places[0].id, actor: PARTICIPANT, now: new Date(NOW.getTime() + 60_000) });
    expect(tooSoon).toMatchObject({ outcome: "too_soon" });
    const at = new Date(NOW.getTime() + RESEND_INTERVAL_MS + 60_000);
    setNowForTests(at);
    const first = await resendInvitation(database.db(), { registrationId: registration.id, placeId: places[0].id, actor: PARTICIPANT, now: at });
    const second = await resendInvitation(database.db(), { registrationId: registration.id, placeId: places[0].id, actor: PARTICIPANT, now: new Date(at.getTime() + 60_000) });
    expect(first).toEqual({ outcome: "sent" });
    // Sent at about `at` (the app clock runs on from it): about nine minutes to wait.
    expect(second).toMatchObject({ outcome: "too_soon" });
    expect(second.outcome === "too_soon" && second.retryAfterSeconds).toBeGreaterThan(500);
    expect(second.outcome === "too_soon" && second.retryAfterSeconds).toBeLessThanOrEqual(600);
    // Another place is its own.
    expect(await resendInvitation(database.db(), { registrationId: registration.id, placeId: places[1].id, actor: PARTICIPANT, now: at })).toEqual({ outcome: "sent" });
    const later = new Date(at.getTime() + RESEND_INTERVAL_MS + 30_000);
    setNowForTests(later);
    expect(await resendInvitation(database.db(), { registrationId: registration.id, placeId: places[0].id, actor: PARTICIPANT, now: later })).toEqual({ outcome: "sent" });
    expect(await invitations()).toBe(5);
  });

  it("a place of another booking is refused by every change, and nothing changes", async () => {
    const mine = await groupBooking(8, 3);
    const other = await groupBooking(9, 3);
    const foreign = other.places[1];
    const before = await placeRows(other.registration.id);
    const params = { registrationId: mine.registration.id, placeId: foreign.id, actor: PARTICIPANT, now: NOW };
    expect(await cancelPlace(database.db(), params)).toEqual({ outcome: "not_found" });
    expect(await replaceParticipant(database.db(), { ...params, name: "Kaper", email: "kaper@example.com", locale: "nl" })).toEqual({ outcome: "not_found" });
    expect(await resendInvitation(database.db(), params)).toEqual({ outcome: "not_found" });
    expect(await placeCancellationQuote(database.db(), mine.registration.id, foreign.id, NOW)).toBeUndefined();
    expect(await placeRows(other.registration.id)).toEqual(before);
    expect(await booking(mine.registration.id)).toMatchObject({ places: 3, priceCents: 3 * PRICE });
    expect(await refundRowsOf(database.db(), mine.registration.id)).toHaveLength(0);
    expect(await refundRowsOf(database.db(), other.registration.id)).toHaveLength(0);
  });

  it("cancelling a group booking as a whole refunds the whole booking and tells each participant", async () => {
    const { registration, places } = await groupBooking(10, 4);
    await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[3].id, actor: PARTICIPANT, now: NOW });
    const result = await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } });
    // 4 × 295 × 50% paid, a quarter refunded with the place: the rest comes back now.
    expect(result).toEqual({ outcome: "cancelled", refund: { outcome: "refunded", refundedCents: 59_000 - 14_750 } });
    expect(await registrationMoney(database.db(), registration.id, NOW)).toMatchObject({ netPaidCents: 0 });
    expect(await booking(registration.id)).toMatchObject({ status: "cancelled" });
    const told = await mailsOf(database.db(), registration.id, "place-cancelled-participant");
    // The one cancelled before was told then; the three others now.
    expect(told.map((m) => m.to).sort()).toEqual(places.map((p) => p.email).sort());
    // A place of a cancelled booking cannot be changed.
    expect((await resendInvitation(database.db(), { registrationId: registration.id, placeId: places[0].id, actor: PARTICIPANT, now: NOW })).outcome).toBe("not_changeable");
    // The places stay as they were: the booking's status says they ended with it.
    expect((await placeRows(registration.id)).filter((p) => p.cancelledAt === null)).toHaveLength(3);
  });

  describe("the booker's page: /my-booking/<token>", () => {
    type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];
    let visitor = 0;
    const nextAddress = () => `10.0.26.${++visitor}`;
    afterEach(async () => {
      await manageLinkLimiter.reset();
      await manageActionLimiter.reset();
    });

    async function load(token: string, query = "?lang=en") {
      setNowForTests(NOW);
      const result = await manageLoader(routeArgs(new Request(`http://localhost/my-booking/${token}${query}`), { token }, nextAddress()) as unknown as Args<typeof manageLoader>);
      return (result as unknown as { data: ManageView }).data;
    }

    async function post(token: string, fields: Record<string, string>, at: Date = NOW) {
      setNowForTests(at);
      const request = formRequest(`/my-booking/${token}?lang=en`, fields);
      const result = await manageActionRoute({ request, params: { token }, context: testContext(nextAddress()) } as unknown as Args<typeof manageActionRoute>);
      const wrapped = result as unknown as { data: ManageActionData; init: ResponseInit | null };
      return { status: wrapped.init?.status ?? 200, body: wrapped.data };
    }

    it("shows every place with its state, the places × the price of one, and no emergency contact for a booker who does not sail", async () => {
      const { registration, places } = await groupBooking(20, 5);
      await database.db().update(bookingPlaces).set({ waiverAcceptedAt: NOW, waiverVersion: "test", birthDate: "1990-01-01", street: "Kade 1", city: "Delft", postalCode: "2611 AA", country: "Nederland", nextOfKinName: "Iemand", nextOfKinPhone: "+31 6 12345678" }).where(eq(bookingPlaces.id, places[0].id));
      const view = await load(manageToken(registration.id));
      expect(view).toMatchObject({ placeCount: 5, placePriceCents: PRICE, bookerSails: false, contact: { nextOfKinName: null } });
      expect(view.places).toMatchObject({ total: 5, complete: 1, replaceOpen: true, cancelQuote: null, replacing: null });
      expect(view.places!.lines.map((l) => [l.number, l.name, l.state, l.complete])).toEqual(places.map((p, i) => [p.number, p.name, "live", i === 0]));
      expect(view.places!.lines[0]).toMatchObject({ waiverAccepted: true, can: { resend: true, replace: true, cancel: true } });

      // The cancel step of one place says what it gives back now; a place of nobody's gives no step.
      const step = await load(manageToken(registration.id), `?lang=en&step=cancel-place&place=${places[1].id}`);
      expect(step.places!.cancelQuote).toMatchObject({ placeId: places[1].id, number: 2, refundCents: 14_750, shareCents: 14_750, percent: 100, inWindow: true });
      const none = await load(manageToken(registration.id), `?lang=en&step=cancel-place&place=${crypto.randomUUID()}`);
      expect(none.places!.cancelQuote).toBeNull();

      // The booker's own details: phone and address only (their participants give their emergency contacts).
      const saved = await post(manageToken(registration.id), { intent: "details", phoneNumber: "+31 6 99999999", street: "Nieuwe Kade 9", postalCode: "2583 AB", city: "Den Haag", country: "Nederland" });
      expect(saved).toEqual({ status: 200, body: { intent: "details", outcome: "updated" } });
      expect(await booking(registration.id)).toMatchObject({ street: "Nieuwe Kade 9", phoneNumber: "+31 6 99999999" });
    });

    it("a one-place booking whose booker sails shows no participants section, and its emergency contact is place 1's", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 20 });
      setNowForTests(NOW);
      const created = await createRegistration(database.db(), { eventId: event.id, input: participant(21), locale: "en", now: NOW });
      if (created.outcome !== "held") throw new Error(created.outcome);
      const view = await load(manageToken(created.registration.id));
      expect(view).toMatchObject({ places: null, placeCount: 1, bookerSails: true, contact: { nextOfKinName: "Familie", nextOfKinPhone: "+31 6 12345678" } });
    });

    it("cancels a place by its form once, refuses a place of another booking or a garbled id, and changes nothing then", async () => {
      const mine = await groupBooking(22, 3);
      const other = await groupBooking(23, 3);
      const token = manageToken(mine.registration.id);

      expect(await post(token, { intent: "place-cancel", placeId: other.places[0].id })).toEqual({ status: 404, body: { intent: "place-cancel", outcome: "not_found" } });
      expect(await post(token, { intent: "place-cancel", placeId: "' or 1=1 --" })).toEqual({ status: 404, body: { intent: "place-cancel", outcome: "not_found" } });
      expect(await post(token, { intent: "place-resend", placeId: other.places[0].id })).toEqual({ status: 404, body: { intent: "place-resend", outcome: "not_found" } });
      expect((await post(token, { intent: "place-replace", placeId: other.places[0].id, name: "Kaper", email: "kaper2@example.com", locale: "nl" })).status).toBe(404);
      expect((await placeRows(other.registration.id)).every((p) => p.cancelledAt === null && p.replacedAt === null)).toBe(true);
      expect(await booking(other.registration.id)).toMatchObject({ places: 3 });

      const first = await post(token, { intent: "place-cancel", placeId: mine.places[2].id });
      expect(first).toEqual({ status: 200, body: { intent: "place-cancel", outcome: "cancelled", number: 3, refundedCents: 14_750 } });
      const again = await post(token, { intent: "place-cancel", placeId: mine.places[2].id });
      expect(again).toEqual({ status: 200, body: { intent: "place-cancel", outcome: "already_cancelled" } });
      expect(await refundRowsOf(database.db(), mine.registration.id)).toHaveLength(1);
      expect(await booking(mine.registration.id)).toMatchObject({ places: 2 });
    });

    it("replaces by its form (checked like the registration form), and resends an invitation at most every ten minutes", async () => {
      const { registration, places } = await groupBooking(24, 3);
      const token = manageToken(registration.id);
      const invalid = await post(token, { intent: "place-replace", placeId: places[1].id, name: "", email: "not-an-address", locale: "en" });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({ intent: "place-replace", outcome: "invalid", placeId: places[1].id, result: { error: { name: ["booking.validation.fieldRequired"], email: ["booking.validation.invalidEmail"] } } });
      const duplicate = await post(token, { intent: "place-replace", placeId: places[1].id, name: "Dubbel", email: places[0].email!, locale: "en" });
      expect(duplicate).toMatchObject({ status: 409, body: { intent: "place-replace", outcome: "duplicate_email" } });
      expect((await placeRows(registration.id)).every((p) => p.replacedAt === null)).toBe(true);

      const replaced = await post(token, { intent: "place-replace", placeId: places[1].id, name: "Nieuw", email: "nieuw24@example.com", locale: "en" });
      expect(replaced).toEqual({ status: 200, body: { intent: "place-replace", outcome: "replaced" } });
      const view = await load(token);
      expect(view.places!.lines.map((l) => [l.number, l.name, l.state])).toEqual([
        [1, places[0].name, "live"],
        [2, "Nieuw", "live"],
        [2, places[1].name, "replaced"],
        [3, places[2].name, "live"],
      ]);
      expect(view.places!.lines[2]).toMatchObject({ replacedBy: "Nieuw", can: { resend: false, replace: false, cancel: false } });

      // Invited with the deposit: a resend waits ten minutes from then.
      expect(await post(token, { intent: "place-resend", placeId: places[2].id })).toMatchObject({ status: 429, body: { intent: "place-resend", outcome: "too_soon" } });
      const later = new Date(NOW.getTime() + RESEND_INTERVAL_MS + 60_000);
      const before = (await mailsOf(database.db(), registration.id, "participant-invitation")).length;
      expect(await post(token, { intent: "place-resend", placeId: places[2].id }, later)).toEqual({ status: 200, body: { intent: "place-resend", outcome: "sent" } });
      const soon = await post(token, { intent: "place-resend", placeId: places[2].id }, new Date(later.getTime() + 60_000));
      expect(soon).toMatchObject({ status: 429, body: { intent: "place-resend", outcome: "too_soon" } });
      expect(await mailsOf(database.db(), registration.id, "participant-invitation")).toHaveLength(before + 1);
    });
  });
});
