// @engine both: cancelled or moved sailing days: money back and bookings moved in transactions
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PARTICIPANT } from "@server/audit/audit.server";
import { manageToken } from "@server/booking/manage-link.server";
import { registrationMoney } from "@server/booking/money.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, disruptionResponses, emails, eventDisruptions, events, registrations } from "@server/db/schema.server";
import { chooseMove, chooseRefund, disruptEvent, eventDisruption, runDisruptionFollowUps } from "@server/disruptions/disruptions.server";
import { calendarEventBySlug } from "@server/events/queries.server";
import { toEventView } from "@server/events/view.server";
import { eventAction, registrationRefusal } from "~/lib/event-actions";
import { action as manageRouteAction, loader as manageLoader } from "~/routes/manage/my-booking";
import { formRequest, routeArgs, testContext } from "../support/forms";
import { useTestDatabase } from "../support/db";
import { insertEvent, useFakeStripe } from "./booking-fixtures";
import { auditActionsOf, mailsOf, paidBooking, refundRowsOf } from "./booking-lifecycle-fixtures";

const DAY = 86_400_000;
const STAFF = { type: "staff" as const, userId: "user-7" };

describe("a sailing day cancelled or moved by the team (decision 015)", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-05-04T08:00:00Z");
  const provider = useFakeStripe(database);

  /**
   * A sailing event 10 days out whose own policy refunds nothing any more (0% after 30 days
   * before): a full refund after a disruption can only come from the disruption rule.
   */
  async function bookedEvent(people: { n: number; locale: "nl" | "en" }[], overrides: Parameters<typeof insertEvent>[1] = {}) {
    const event = await insertEvent(NOW, {
      kind: "sailing",
      startDate: new Date(NOW.getTime() + 10 * DAY),
      endDate: new Date(NOW.getTime() + 10 * DAY + 8 * 3_600_000),
      maxParticipants: 3,
      refundPercent: 0,
      ...overrides,
    });
    const booked = [];
    for (const p of people) booked.push(await paidBooking(database.db(), event, p.n, NOW, { locale: p.locale, pay: (sessionId) => provider.pay(sessionId) }));
    setNowForTests(NOW);
    return { event, registrations: booked.map((b) => b.registration) };
  }

  async function responseOf(registrationId: string) {
    const [row] = await database.db().select().from(disruptionResponses).where(eq(disruptionResponses.registrationId, registrationId));
    return row;
  }

  async function registrationOf(id: string) {
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, id));
    return row;
  }

  it("moving a date: one e-mail each in their language; one moves, one takes the full refund, the third is reminded once and moved after 7 days", async () => {
    const { event, registrations: [a, b, c] } = await bookedEvent([
      { n: 1, locale: "nl" },
      { n: 2, locale: "en" },
      { n: 3, locale: "nl" },
    ]);
    const newStart = new Date(NOW.getTime() + 17 * DAY);
    const done = await disruptEvent({
      eventId: event.id,
      kind: "moved",
      newStart,
      newEnd: new Date(newStart.getTime() + 8 * 3_600_000),
      messageNl: "Windkracht 8 verwacht.",
      messageEn: "Force 8 winds forecast.",
      actor: STAFF,
    });
    expect(done).toMatchObject({ outcome: "disrupted", notified: 3 });
    if (done.outcome !== "disrupted") throw new Error("not disrupted");

    // The old date is cancelled with the message; the new date is a copy, open, with the same capacity.
    const [old] = await database.db().select().from(events).where(eq(events.id, event.id));
    expect(old).toMatchObject({ status: "cancelled", cancellationMessage: "Windkracht 8 verwacht.", cancellationMessageEn: "Force 8 winds forecast." });
    const [moved] = await database.db().select().from(events).where(eq(events.id, done.newEventId!));
    expect(moved).toMatchObject({ status: "upcoming", kind: "sailing", maxParticipants: 3, priceCents: event.priceCents, startDate: newStart, cancellationMessage: null });
    expect(moved.slug).toBe(`${event.slug}-${newStart.toISOString().slice(0, 10)}`);

    // The calendar keeps the cancelled date, as cancelled with the message, and no registration.
    const shown = await calendarEventBySlug(database.db(), event.slug);
    const view = toEventView(shown!, "en", NOW);
    expect(view).toMatchObject({ status: "cancelled", cancellationMessage: "Force 8 winds forecast." });
    expect(eventAction(view, NOW)).toEqual({ kind: "cancelled" });
    expect(registrationRefusal(eventAction(view, NOW))).toBe("cancelled");

    // One notice each, in the booking's language; staying idempotent on a second try.
    for (const [r, subject] of [
      [a, /^Nieuwe datum voor/],
      [b, /^New date for/],
      [c, /^Nieuwe datum voor/],
    ] as const) {
      const notices = await mailsOf(database.db(), r.id, "event-disruption");
      expect(notices).toHaveLength(1);
      expect(notices[0].subject).toMatch(subject);
      expect(notices[0].text).toContain(r.locale === "en" ? "Force 8 winds forecast." : "Windkracht 8 verwacht.");
      expect(notices[0].text).toContain(`/my-booking/${manageToken(r.id)}`);
      expect((await responseOf(r.id)).choice).toBe("pending");
      expect(await auditActionsOf(database.db(), r.id)).toContain("registration.event_moved");
    }
    // Done once: a second one (another kind even) answers what was done, and does and sends nothing.
    expect(await disruptEvent({ eventId: event.id, kind: "cancelled", messageNl: "x", messageEn: "x", actor: STAFF })).toEqual({
      outcome: "already_disrupted",
      disruptionId: done.disruptionId,
      kind: "moved",
      notified: 3,
    });
    expect(await mailsOf(database.db(), a.id, "event-disruption")).toHaveLength(1);
    const eventTrail = await database.db().select().from(auditLog).where(eq(auditLog.entityId, event.id));
    expect(eventTrail.map((r) => r.action)).toEqual(["event.moved"]);

    // A moves to the new date: keeps what was paid and the agreed price; answering again does nothing.
    const paidBefore = (await registrationMoney(database.db(), a.id, NOW)).paidCents;
    expect(await chooseMove({ registrationId: a.id, actor: PARTICIPANT })).toEqual({ outcome: "moved", toEventId: moved.id });
    expect(await registrationOf(a.id)).toMatchObject({ eventId: moved.id, status: "confirmed", priceCents: a.priceCents });
    expect((await registrationMoney(database.db(), a.id, NOW)).paidCents).toBe(paidBefore);
    expect(await responseOf(a.id)).toMatchObject({ choice: "moved", automatic: false, targetEventId: moved.id });
    expect(await chooseRefund({ registrationId: a.id, actor: PARTICIPANT })).toEqual({ outcome: "already_answered" });
    expect(await chooseMove({ registrationId: a.id, actor: PARTICIPANT })).toEqual({ outcome: "already_answered" });
    const movedMailA = await mailsOf(database.db(), a.id, "booking-moved");
    expect(movedMailA).toHaveLength(1);
    // The participant's own choice says so, not "as agreed".
    expect(movedMailA[0].text).toContain("Je koos op je boekingspagina een nieuwe datum");
    expect(movedMailA[0].text).not.toContain("Zoals afgesproken");
    expect(await auditActionsOf(database.db(), a.id)).toEqual(expect.arrayContaining(["registration.moved", "registration.disruption_answered"]));

    // B takes the refund: everything paid, though the event's own policy gives nothing now; never twice.
    const owed = (await registrationMoney(database.db(), b.id, NOW)).netPaidCents;
    const calls = provider.refundRequests.length;
    const answers = await Promise.all([chooseRefund({ registrationId: b.id, actor: PARTICIPANT }), chooseRefund({ registrationId: b.id, actor: PARTICIPANT })]);
    expect(answers.filter((x) => x.outcome === "refunded")).toEqual([{ outcome: "refunded", refundedCents: owed }]);
    expect(answers.filter((x) => x.outcome === "already_answered")).toHaveLength(1);
    expect(provider.refundRequests.slice(calls)).toHaveLength(1);
    expect(provider.refundRequests[calls].idempotencyKey).toMatch(new RegExp(`^disruption:${b.id}`));
    expect((await refundRowsOf(database.db(), b.id)).map((r) => r.amountCents)).toEqual([owed]);
    expect(await registrationOf(b.id)).toMatchObject({ status: "cancelled" });
    expect(await responseOf(b.id)).toMatchObject({ choice: "refunded", automatic: false });
    const cancelMailB = await mailsOf(database.db(), b.id, "booking-cancellation");
    expect(cancelMailB).toHaveLength(1);
    expect(cancelMailB[0].text).toContain("You chose on your booking page to cancel after the team cancelled or moved the date");

    // Two days on: nothing yet. Three days on: C (no answer) is reminded, once, however often the job runs.
    expect(await runDisruptionFollowUps(new Date(NOW.getTime() + 2 * DAY))).toEqual({ reminded: 0, moved: 0, refunded: 0, closed: 0, failed: 0 });
    const day3 = new Date(NOW.getTime() + 3 * DAY + 60_000);
    setNowForTests(day3);
    const reminders = await Promise.all([runDisruptionFollowUps(day3), runDisruptionFollowUps(day3)]);
    expect(reminders.map((r) => r.reminded).sort()).toEqual([0, 1]);
    expect(await runDisruptionFollowUps(day3)).toMatchObject({ reminded: 0 });
    const reminderMails = await mailsOf(database.db(), c.id, "event-disruption-reminder");
    expect(reminderMails).toHaveLength(1);
    expect(reminderMails[0].subject).toMatch(/^Herinnering/);
    expect(await mailsOf(database.db(), a.id, "event-disruption-reminder")).toHaveLength(0);
    expect(await mailsOf(database.db(), b.id, "event-disruption-reminder")).toHaveLength(0);

    // Seven days on: C moves to the new date automatically (once), and is told.
    const day8 = new Date(NOW.getTime() + 8 * DAY);
    setNowForTests(day8);
    const resolved = await Promise.all([runDisruptionFollowUps(day8), runDisruptionFollowUps(day8)]);
    expect(resolved.reduce((sum, r) => sum + r.moved, 0)).toBe(1);
    expect(resolved.reduce((sum, r) => sum + r.refunded, 0)).toBe(0);
    expect(await registrationOf(c.id)).toMatchObject({ eventId: moved.id, status: "confirmed" });
    expect(await responseOf(c.id)).toMatchObject({ choice: "moved", automatic: true, targetEventId: moved.id });
    // Told what happened and why (nobody answered), with the new date's own policy from now on.
    const movedMailC = await mailsOf(database.db(), c.id, "booking-moved");
    expect(movedMailC).toHaveLength(1);
    expect(movedMailC[0].text).toContain("We hoorden niets van je, dus hebben we je boeking, zoals aangekondigd, verzet naar de nieuwe datum");
    expect(movedMailC[0].text).toContain("Op 4 mei 2026 lieten we je weten");
    expect(movedMailC[0].text).toContain("volgens de gewone annuleringsregeling van de nieuwe datum krijg je niets terug");
    expect(movedMailC[0].text).not.toContain("Zoals afgesproken");
    expect(await auditActionsOf(database.db(), c.id)).toEqual(expect.arrayContaining(["registration.disruption_reminder_sent", "registration.disruption_resolved", "registration.moved"]));
    expect(await runDisruptionFollowUps(day8)).toEqual({ reminded: 0, moved: 0, refunded: 0, closed: 0, failed: 0 });

    // The admin's view: who chose what.
    const admin = await eventDisruption(database.db(), event.id);
    const byId = new Map(admin!.rows.map((r) => [r.registrationId, r]));
    expect(byId.get(a.id)).toMatchObject({ choice: "moved", automatic: false, targetName: moved.name });
    expect(byId.get(b.id)).toMatchObject({ choice: "refunded", automatic: false });
    expect(byId.get(c.id)).toMatchObject({ choice: "moved", automatic: true });
    expect(byId.get(c.id)!.reminderSentAt).toEqual(day3);
  });

  it("cancelling a date without a new one: the unanswered booking is refunded in full after 7 days; a booking staff cancelled meanwhile is closed", async () => {
    const { event, registrations: [a, b] } = await bookedEvent([
      { n: 4, locale: "en" },
      { n: 5, locale: "nl" },
    ]);
    expect(await disruptEvent({ eventId: event.id, kind: "cancelled", messageNl: "Geen schipper.", messageEn: "No skipper.", actor: STAFF })).toMatchObject({
      outcome: "disrupted",
      newEventId: null,
      notified: 2,
    });
    const [notice] = await mailsOf(database.db(), a.id, "event-disruption");
    expect(notice.subject).toMatch(/^Cancelled:/);
    expect(notice.text).toContain("we cancel your booking and refund everything you paid");
    // Moving needs a date: none given and none new.
    expect(await chooseMove({ registrationId: a.id, actor: PARTICIPANT })).toEqual({ outcome: "bad_target" });

    // Staff cancel B by hand (no refund); the job closes B's open choice instead of refunding.
    const { cancelBooking } = await import("@server/booking/cancel.server");
    await cancelBooking({ registrationId: b.id, actor: STAFF, refund: { mode: "none" } });

    const owed = (await registrationMoney(database.db(), a.id, NOW)).netPaidCents;
    const day8 = new Date(NOW.getTime() + 8 * DAY);
    setNowForTests(day8);
    expect(await runDisruptionFollowUps(day8)).toMatchObject({ refunded: 1, moved: 0, closed: 1, failed: 0 });
    expect(await registrationOf(a.id)).toMatchObject({ status: "cancelled" });
    expect(await responseOf(a.id)).toMatchObject({ choice: "refunded", automatic: true });
    expect((await refundRowsOf(database.db(), a.id)).reduce((sum, r) => sum + r.amountCents, 0)).toBe(owed);
    // Told what happened and why, in their language: no choice within 7 days, so the refund as announced.
    const [refundMail] = await mailsOf(database.db(), a.id, "booking-cancellation");
    expect(refundMail.text).toContain("On 4 May 2026 we told you that");
    expect(refundMail.text).toContain("We did not hear from you, so, as announced, we have cancelled your booking and are refunding everything you paid.");
    expect(await responseOf(b.id)).toMatchObject({ choice: "closed" });
    expect(await refundRowsOf(database.db(), b.id)).toHaveLength(0);
    // A later run refunds nothing more.
    const calls = provider.refundRequests.length;
    await runDisruptionFollowUps(new Date(day8.getTime() + DAY));
    expect(provider.refundRequests.length).toBe(calls);
  });

  it("moves never overfill a date: two participants racing for the last place of another date of the same kind", async () => {
    const { event, registrations: [a, b] } = await bookedEvent([
      { n: 6, locale: "nl" },
      { n: 7, locale: "nl" },
    ]);
    // Another open date of the same kind with one place left, and one of another kind.
    const other = await insertEvent(NOW, { kind: "sailing", maxParticipants: 1, startDate: new Date(NOW.getTime() + 20 * DAY), endDate: new Date(NOW.getTime() + 20 * DAY + 3_600_000) });
    const race = await insertEvent(NOW, { kind: "race", startDate: new Date(NOW.getTime() + 21 * DAY), endDate: new Date(NOW.getTime() + 21 * DAY + 3_600_000) });
    await disruptEvent({ eventId: event.id, kind: "cancelled", messageNl: "Storm.", messageEn: "Storm.", actor: STAFF });

    expect(await chooseMove({ registrationId: a.id, toEventId: race.id, actor: PARTICIPANT })).toEqual({ outcome: "bad_target" });
    expect(await chooseMove({ registrationId: a.id, toEventId: "not-a-uuid", actor: PARTICIPANT })).toEqual({ outcome: "bad_target" });
    const results = await Promise.all([
      chooseMove({ registrationId: a.id, toEventId: other.id, actor: PARTICIPANT }),
      chooseMove({ registrationId: b.id, toEventId: other.id, actor: PARTICIPANT }),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["full", "moved"]);
    const onOther = await database.db().select().from(registrations).where(eq(registrations.eventId, other.id));
    expect(onOther).toHaveLength(1);
    // The one who found it full still has the choice open.
    const loser = results[0].outcome === "full" ? a : b;
    expect((await responseOf(loser.id)).choice).toBe("pending");
  });

  it("the participant's page shows the message and the choice, and its forms answer 400 on a bad date and move or refund otherwise", async () => {
    const { event, registrations: [a, b] } = await bookedEvent([
      { n: 8, locale: "en" },
      { n: 9, locale: "nl" },
    ]);
    const newStart = new Date(NOW.getTime() + 14 * DAY);
    const done = await disruptEvent({ eventId: event.id, kind: "moved", newStart, newEnd: new Date(newStart.getTime() + 3_600_000), messageNl: "Te veel wind.", messageEn: "Too much wind.", actor: STAFF });
    if (done.outcome !== "disrupted") throw new Error("not disrupted");
    const pathA = `http://localhost/my-booking/${manageToken(a.id)}`;
    const page = (await manageLoader(routeArgs(new Request(`${pathA}?lang=en`), { token: manageToken(a.id) }) as never)) as unknown as { data: { disruption: Record<string, unknown>; can: Record<string, boolean> } };
    expect(page.data.disruption).toMatchObject({ kind: "moved", choice: "pending", message: "Too much wind.", newDate: { startDate: newStart.toISOString() }, fallback: "move" });
    expect((page.data.disruption.dates as { id: string; replacement: boolean }[])[0]).toMatchObject({ id: done.newEventId, replacement: true });
    // While the choice is open, the policy's cancel and the balance payment are not offered.
    expect(page.data.can).toMatchObject({ cancel: false, payBalance: false });

    const post = (token: string, fields: Record<string, string>) =>
      manageRouteAction({ request: formRequest(`http://localhost/my-booking/${token}`, fields), params: { token }, context: testContext(`10.0.0.${Math.floor(Math.random() * 200)}`) } as never) as unknown as Promise<{ init: { status?: number } | null; data: { outcome: string } }>;
    const bad = await post(manageToken(a.id), { intent: "disruption-move", toEventId: "nonsense" });
    expect(bad.init?.status).toBe(400);
    expect(bad.data.outcome).toBe("bad_target");
    expect((await responseOf(a.id)).choice).toBe("pending");

    const movedAnswer = await post(manageToken(a.id), { intent: "disruption-move", toEventId: done.newEventId! });
    expect(movedAnswer.data.outcome).toBe("moved");
    expect(await registrationOf(a.id)).toMatchObject({ eventId: done.newEventId });

    // The plain cancel button of the page, while the choice is open, is the full refund.
    const refunded = await post(manageToken(b.id), { intent: "cancel" });
    expect(refunded.data.outcome).toBe("refunded");
    expect(await responseOf(b.id)).toMatchObject({ choice: "refunded" });
    expect((await refundRowsOf(database.db(), b.id)).length).toBeGreaterThan(0);

    const [disruption] = await database.db().select().from(eventDisruptions).where(eq(eventDisruptions.eventId, event.id));
    expect(disruption.kind).toBe("moved");
    const queued = await database.db().select().from(emails).where(eq(emails.relatedId, b.id));
    expect(queued.filter((m) => m.template === "event-disruption")).toHaveLength(1);
  });
});
