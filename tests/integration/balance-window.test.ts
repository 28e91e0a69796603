// @engine both: amounts charged at registration and the balance ledger
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as offerAction, loader as offerLoader } from "~/routes/waitlist/offer";
import { PARTICIPANT, SYSTEM } from "@server/audit/audit.server";
import { cancelBooking } from "@server/booking/cancel.server";
import { openCheckout } from "@server/booking/checkout.server";
import { calendarInvite } from "@server/booking/emails.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { moveBooking } from "@server/booking/move.server";
import { registrationMoney } from "@server/booking/money.server";
import { createRegistration } from "@server/booking/registration.server";
import { sendBalanceReminders } from "@server/booking/reminders.server";
import { testCheckout } from "@server/booking/test-checkout.server";
import { setNowForTests } from "@server/clock.server";
import { emails, payments, registrations, waitlistOffers, type Event } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { newTestPaymentId } from "@server/payments/test-provider.server";
import { joinWaitlist } from "@server/waitlist/entries.server";
import { offerFreedPlaces } from "@server/waitlist/offers.server";
import { useTestDatabase } from "../support/db";
import { formRequest, routeArgs, testContext } from "../support/forms";
import { insertEvent, participant, participantForm, registrationRow } from "./booking-fixtures";
import { mailsOf, paidBooking } from "./booking-lifecycle-fixtures";

const DAY = 86_400_000;
/**
 * "Introduction to ocean racing": Saturday 26 December 2026, 10:00–16:00 in Amsterdam (CET), €145,
 * a 50% deposit, the balance due and free cancellation until 30 days before the start's day: by
 * the end of Thursday 26 November 2026 (22:59:59.999 UTC).
 */
const START = new Date("2026-12-26T09:00:00Z");
const DUE_END = new Date("2026-11-26T22:59:59.999Z");
/** Friday 27 November 2026, 16:00 in Amsterdam: the day after the due day, as in the issue. */
const AFTER = new Date("2026-11-27T15:00:00Z");
/** Wednesday 25 November, 13:00: the day before the due day. */
const BEFORE = new Date("2026-11-25T12:00:00Z");

/** The decoded calendar file attached to an e-mail, unfolded into lines. */
function icsOf(mail: typeof emails.$inferSelect): { contentType: string; lines: string[] } {
  const [attachment] = mail.attachments.filter((a) => a.filename.endsWith(".ics"));
  if (!attachment) throw new Error(`no calendar file on ${mail.template}`);
  const text = Buffer.from(attachment.contentBase64, "base64").toString("utf8");
  return { contentType: attachment.contentType, lines: text.replace(/\r\n /g, "").split("\r\n") };
}

const property = (lines: string[], name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);

describe("the balance window: a booking on or after the balance's due day", () => {
  const database = useTestDatabase();

  beforeAll(() => {
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SMTP_URL: undefined,
      STRIPE_SECRET_KEY: undefined,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "https://oceanracing.test",
      TEAM_EMAIL: "team@oceanracing.test",
    });
  });
  afterEach(() => setNowForTests(undefined));

  const intro = (overrides: Parameters<typeof insertEvent>[1] = {}) =>
    insertEvent(AFTER, {
      name: "Kennismaking oceaanracen",
      nameEn: "Introduction to ocean racing",
      kind: "training",
      startDate: START,
      endDate: new Date(START.getTime() + 6 * 3_600_000),
      priceCents: 14_500,
      depositPercent: 50,
      balanceDueDays: 30,
      refundUntilDays: 30,
      maxParticipants: 6,
      ...overrides,
    });

  /** Registers participant `n` at `at`, opens the (test) checkout and pays what it asks. */
  async function bookAndPay(event: Event, n: number, at: Date, locale: "nl" | "en") {
    setNowForTests(at);
    const created = await createRegistration(database.db(), { eventId: event.id, input: participant(n), locale, now: at });
    if (created.outcome !== "held") throw new Error(`expected a hold, got ${created.outcome}`);
    const session = await openCheckout(created.registration, created.event, created.due);
    const [payment] = await database.db().select().from(payments).where(eq(payments.providerSessionId, session.sessionId));
    const view = await testCheckout(session.sessionId, locale);
    const paid = await fulfilPayment({ provider: "test", sessionId: session.sessionId, providerPaymentId: newTestPaymentId(), amountCents: payment.amountCents, currency: "eur" });
    expect(paid.outcome).toBe("confirmed");
    return { created, payment, view };
  }

  it("charges the whole price: the hold, the checkout and its page; paid, nothing is due, nothing is ever overdue, no reminder goes out", async () => {
    const event = await intro();
    const { created, payment, view } = await bookAndPay(event, 1, AFTER, "en");
    expect(created.due).toMatchObject({ kind: "full", amountDueCents: 14_500, balanceCents: 0, balanceDueNow: true, balanceDueDay: "2026-11-26" });
    expect(created.registration).toMatchObject({ priceCents: 14_500, amountDueCents: 14_500 });
    expect(payment).toMatchObject({ kind: "full", amountCents: 14_500 });
    expect(view).toMatchObject({ amountCents: 14_500, description: "Introduction to ocean racing – Full payment", afterThis: { kind: "full" }, balance: false });

    for (const at of [AFTER, new Date(AFTER.getTime() + 60_000), new Date(AFTER.getTime() + 20 * DAY)]) {
      expect(await registrationMoney(database.db(), created.registration.id, at)).toMatchObject({ paidCents: 14_500, balanceDueCents: 0, balanceDueAt: null, overdue: false });
    }
    for (const at of [new Date(AFTER.getTime() + 3_600_000), new Date(AFTER.getTime() + 2 * DAY), new Date(START.getTime() - DAY)]) {
      setNowForTests(at);
      expect(await sendBalanceReminders(at)).toEqual({ sent: 0 });
    }
    const reminders = (await database.db().select().from(emails).where(eq(emails.relatedId, created.registration.id))).filter((m) => m.template.startsWith("balance-reminder"));
    expect(reminders).toEqual([]);
  });

  it("says so in the confirmation e-mail, with the cancellation deadline that has passed, in English and in Dutch", async () => {
    const event = await intro();
    const english = await bookAndPay(event, 2, AFTER, "en");
    const [en] = await mailsOf(database.db(), english.created.registration.id, "booking-confirmation");
    expect(en.text).toContain("€145.00");
    expect(en.text).toContain("The balance for this event was due by 26 November 2026, so you paid the whole price at registration: there is nothing left to pay.");
    expect(en.text).toContain("Cancelling this booking will not give money back: the free-cancellation period ended on 26 November 2026.");
    expect(en.text).not.toContain("Balance due by");
    expect(en.text).not.toContain("reminder");

    const dutch = await bookAndPay(event, 3, AFTER, "nl");
    const [nl] = await mailsOf(database.db(), dutch.created.registration.id, "booking-confirmation");
    expect(nl.text).toContain("€145,00");
    expect(nl.text).toContain("Het restbedrag voor dit evenement moest uiterlijk 26 november 2026 betaald zijn, dus je hebt bij je inschrijving de hele prijs betaald");
    expect(nl.text).toContain("Als je deze boeking annuleert, krijg je geen geld terug: kosteloos annuleren kon tot en met 26 november 2026.");
    expect(nl.text).not.toContain("herinnering");
  });

  it("the day before the due day still asks the deposit, due by the end of the due day: not overdue before that day has ended, no promise of a reminder a week before", async () => {
    const event = await intro();
    const { created, payment, view } = await bookAndPay(event, 4, BEFORE, "en");
    expect(created.due).toMatchObject({ kind: "deposit", amountDueCents: 7_250, balanceCents: 7_250, balanceDueNow: false });
    expect(payment).toMatchObject({ kind: "deposit", amountCents: 7_250 });
    expect(view?.afterThis).toEqual({ kind: "deposit", balanceCents: 7_250, dueAt: DUE_END.toISOString() });

    const [mail] = await mailsOf(database.db(), created.registration.id, "booking-confirmation");
    expect(mail.text).toContain("The balance of €72.50 is due by 26 November 2026. You can pay it online on your booking page.");
    expect(mail.text).not.toContain("we send you a reminder a week before");
    expect(mail.text).toContain("Free cancellation until 26 November 2026. From 27 November 2026, cancelling no longer gives money back.");

    expect(await registrationMoney(database.db(), created.registration.id, new Date(DUE_END.getTime() - 60_000))).toMatchObject({ balanceDueAt: DUE_END, overdue: false });
    expect(await registrationMoney(database.db(), created.registration.id, new Date(DUE_END.getTime() + 1))).toMatchObject({ overdue: true });
    // Booked inside the week before the due day: no first reminder; the due one once the day has ended.
    setNowForTests(new Date(DUE_END.getTime() - 3_600_000));
    expect(await sendBalanceReminders(new Date(DUE_END.getTime() - 3_600_000))).toEqual({ sent: 0 });
    setNowForTests(new Date(DUE_END.getTime() + 3_600_000));
    expect(await sendBalanceReminders(new Date(DUE_END.getTime() + 3_600_000))).toEqual({ sent: 1 });
  });

  it("keeps what an older booking agreed: a deposit booked after the due day is due by the end of its booking day, not overdue at once, with no reminder before that day ends", async () => {
    const event = await intro();
    // As the old rule stored it: half the price, the deposit paid.
    const [registration] = await database
      .db()
      .insert(registrations)
      .values(registrationRow(event.id, { status: "confirmed", priceCents: 14_500, amountDueCents: 7_250, termsAcceptedAt: AFTER, confirmedAt: AFTER, createdAt: AFTER }))
      .returning();
    await database.db().insert(payments).values({ registrationId: registration.id, provider: "test", providerSessionId: `test_old_${registration.id}`, kind: "deposit", amountCents: 7_250, status: "paid", paidAt: AFTER });

    const endOfDay = new Date("2026-11-27T22:59:59.999Z");
    expect(await registrationMoney(database.db(), registration.id, new Date(AFTER.getTime() + 5 * 60_000))).toMatchObject({ priceCents: 14_500, balanceDueCents: 7_250, balanceDueAt: endOfDay, overdue: false });
    for (const at of [new Date(AFTER.getTime() + 10 * 60_000), new Date(endOfDay.getTime() - 60_000)]) {
      setNowForTests(at);
      expect(await sendBalanceReminders(at)).toEqual({ sent: 0 });
    }
    const [stored] = await database.db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(stored).toMatchObject({ priceCents: 14_500, amountDueCents: 7_250 });
  });

  it("charges the whole price for a registration through a waiting-list offer too", async () => {
    const event = await intro({ maxParticipants: 1 });
    setNowForTests(AFTER);
    const [first] = await database.db().insert(registrations).values(registrationRow(event.id, { status: "confirmed", confirmedAt: AFTER, priceCents: 14_500, amountDueCents: 14_500 })).returning();
    const joined = await joinWaitlist(database.db(), { event, input: { name: "Wachtende", email: "wacht@example.com", phone: undefined, places: 1, message: undefined }, locale: "en", now: AFTER });
    expect(joined.status).toBe("joined");
    await database.db().update(registrations).set({ status: "cancelled" }).where(eq(registrations.id, first.id));
    expect(await offerFreedPlaces(event.id, SYSTEM("test"))).toEqual({ offered: 1 });
    const [offer] = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.eventId, event.id));
    const [offerMail] = (await database.db().select().from(emails)).filter((m) => m.to === "wacht@example.com" && /\/waitlist\/offer\//.test(m.text));
    const token = /\/waitlist\/offer\/([A-Za-z0-9_.-]+)/.exec(offerMail.text)![1];

    // The offer page's form gets the event's rules (the summary shows the whole price from them).
    const page = (await offerLoader(routeArgs(new Request(`http://localhost/waitlist/offer/${token}?lang=en`), { token }) as unknown as Parameters<typeof offerLoader>[0])) as unknown as {
      offer: { event: { balanceDueDays: number; refundUntilDays: number; startDate: string } };
      now: string;
    };
    expect(page.offer.event).toMatchObject({ balanceDueDays: 30, refundUntilDays: 30, startDate: START.toISOString() });

    const request = formRequest(`/waitlist/offer/${token}`, { ...participantForm(5), offer: token, locale: "en" });
    const posted = await offerAction({ request, params: { token }, context: testContext("10.7.0.1") } as unknown as Parameters<typeof offerAction>[0]);
    expect((posted as Response).status).toBe(303);
    expect((posted as Response).headers.get("Location")).toMatch(/^\/checkout\/test\/test_/);
    const [made] = await database.db().select().from(registrations).where(eq(registrations.waitlistOfferId, offer.id));
    expect(made).toMatchObject({ priceCents: 14_500, amountDueCents: 14_500, status: "pending_payment" });
    const [checkout] = await database.db().select().from(payments).where(eq(payments.registrationId, made.id));
    expect(checkout).toMatchObject({ kind: "full", amountCents: 14_500, status: "open" });
  });
});

describe("the booking's calendar file", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "https://oceanracing.test" });
  });
  afterEach(() => setNowForTests(undefined));

  it("keeps its UID with a higher SEQUENCE after each move, and a cancellation sends METHOD:CANCEL with a higher one still", async () => {
    const from = await insertEvent(NOW, { kind: "training", startDate: new Date(NOW.getTime() + 90 * DAY), endDate: new Date(NOW.getTime() + 90 * DAY + 8 * 3_600_000) });
    const to = await insertEvent(NOW, { kind: "training", startDate: new Date(NOW.getTime() + 97 * DAY), endDate: new Date(NOW.getTime() + 97 * DAY + 8 * 3_600_000) });
    const { registration } = await paidBooking(database.db(), from, 1, NOW, { locale: "en" });

    const [confirmation] = await mailsOf(database.db(), registration.id, "booking-confirmation");
    const first = icsOf(confirmation);
    expect(first.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(property(first.lines, "METHOD")).toBe("PUBLISH");
    expect(property(first.lines, "SEQUENCE")).toBe("0");
    const uid = property(first.lines, "UID");
    expect(uid).toBe(`registration-${registration.id}@oceanracing.test`);

    setNowForTests(new Date(NOW.getTime() + DAY));
    expect((await moveBooking({ registrationId: registration.id, toEventId: to.id, actor: { type: "staff", userId: "user-1" } })).outcome).toBe("moved");
    const [moved] = await mailsOf(database.db(), registration.id, "booking-moved");
    const second = icsOf(moved);
    expect(property(second.lines, "UID")).toBe(uid);
    expect(property(second.lines, "SEQUENCE")).toBe("1");
    expect(property(second.lines, "METHOD")).toBe("PUBLISH");
    expect(property(second.lines, "DTSTART")).toBe(to.startDate.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
    // The participant page's download says the same as the last e-mail.
    const [afterMove] = await database.db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(afterMove.moveCount).toBe(1);
    // The pinned clock runs on from where it was set.
    expect(afterMove.movedAt!.getTime() - (NOW.getTime() + DAY)).toBeGreaterThanOrEqual(0);
    expect(afterMove.movedAt!.getTime() - (NOW.getTime() + DAY)).toBeLessThan(60_000);
    expect(calendarInvite(afterMove, to, "en")).toContain("SEQUENCE:1\r\n");

    // Moved back: one more again (a calendar never sees a revision twice).
    expect((await moveBooking({ registrationId: registration.id, toEventId: from.id, actor: { type: "staff", userId: "user-1" } })).outcome).toBe("moved");
    const movedBack = (await mailsOf(database.db(), registration.id, "booking-moved")).map((m) => property(icsOf(m).lines, "SEQUENCE")).sort();
    expect(movedBack).toEqual(["1", "2"]);

    expect((await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } })).outcome).toBe("cancelled");
    const [cancellation] = await mailsOf(database.db(), registration.id, "booking-cancellation");
    const last = icsOf(cancellation);
    expect(last.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(property(last.lines, "METHOD")).toBe("CANCEL");
    expect(property(last.lines, "STATUS")).toBe("CANCELLED");
    expect(property(last.lines, "UID")).toBe(uid);
    expect(property(last.lines, "SEQUENCE")).toBe("3");
    expect(last.lines.some((l) => l.startsWith("ATTENDEE;") && l.endsWith(`:mailto:${registration.customerEmail}`))).toBe(true);
    // The cancellation no longer offers to pay the balance or to cancel.
    expect(cancellation.text).not.toMatch(/pay the balance|or cancel/);
    expect(cancellation.text).toContain("The attached calendar file (.ics) takes the event out of your calendar.");
  });

  it("sends no calendar file when a place that was never confirmed is cancelled", async () => {
    const event = await insertEvent(NOW, { startDate: new Date(NOW.getTime() + 90 * DAY), endDate: new Date(NOW.getTime() + 90 * DAY + 3_600_000) });
    setNowForTests(NOW);
    const created = await createRegistration(database.db(), { eventId: event.id, input: participant(2), locale: "nl", now: NOW });
    if (created.outcome !== "held") throw new Error("expected a hold");
    await cancelBooking({ registrationId: created.registration.id, actor: PARTICIPANT, refund: { mode: "policy" } });
    const [mail] = await mailsOf(database.db(), created.registration.id, "booking-cancellation");
    expect(mail.attachments).toEqual([]);
  });

  it("a booking moved into the balance window owes its balance by the end of the day of the move, not at once", async () => {
    const far = await insertEvent(NOW, { kind: "training", startDate: new Date(NOW.getTime() + 90 * DAY), endDate: new Date(NOW.getTime() + 90 * DAY + 8 * 3_600_000) });
    const soon = await insertEvent(NOW, { kind: "training", startDate: new Date(NOW.getTime() + 12 * DAY), endDate: new Date(NOW.getTime() + 12 * DAY + 8 * 3_600_000) });
    const { registration } = await paidBooking(database.db(), far, 3, NOW, { locale: "en" });
    const moveAt = new Date("2026-03-10T09:00:00Z");
    setNowForTests(moveAt);
    expect((await moveBooking({ registrationId: registration.id, toEventId: soon.id, actor: { type: "staff", userId: "user-1" } })).outcome).toBe("moved");
    const money = await registrationMoney(database.db(), registration.id, new Date(moveAt.getTime() + 60_000));
    expect(money).toMatchObject({ balanceDueCents: 14_750, balanceDueAt: new Date("2026-03-10T22:59:59.999Z"), overdue: false });
    const [moved] = await mailsOf(database.db(), registration.id, "booking-moved");
    expect(moved.text).toContain("The balance of €147.50 is due by 10 March 2026.");
  });
});
