// @engine both: moves under two event locks, parallel confirms of a disruption
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PARTICIPANT } from "@server/audit/audit.server";
import { manageToken } from "@server/booking/manage-link.server";
import { moveBooking } from "@server/booking/move.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { disruptionResponses, emails, type Event, eventDisruptions, events, registrations } from "@server/db/schema.server";
import { chooseMove, disruptEvent, participantDisruption, previewDisruption, runDisruptionFollowUps } from "@server/disruptions/disruptions.server";
import { moveTargets } from "@server/events/admin.server";
import type { ManageView } from "~/schemas/manage";
import { disruptionAction } from "~/routes/admin/event-disruption.server";
import { action as manageRouteAction, loader as manageLoader } from "~/routes/manage/my-booking";
import { addDays, teamDay, teamDayEnd } from "~/lib/local-time";
import { formRequest, routeArgs, testContext } from "../support/forms";
import { useTestDatabase } from "../support/db";
import { insertEvent, participant, useFakeStripe } from "./booking-fixtures";
import { mailsOf, paidBooking } from "./booking-lifecycle-fixtures";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const STAFF = { type: "staff" as const, userId: "user-7" };

/**
 * The weather move's dates (issue "what participants and staff still trip over"): one rule
 * (`moveRefusal`) for the participant's choice, the job's automatic move and the staff move —
 * same kind, bookable, a place left, not dearer than the agreed price — refused on the server
 * even when posted by hand; the participant's page after a move follows the new date's normal
 * rules; the staff's confirm step and its double submit.
 */
describe("where a disrupted booking may move, the page after a move, and the staff's confirm step", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-06-01T08:00:00Z");
  const provider = useFakeStripe(database);

  const at = (days: number, hours = 9) => new Date(NOW.getTime() + days * DAY + (hours - 8) * HOUR);
  const training = (days: number, overrides: Parameters<typeof insertEvent>[1] = {}) =>
    insertEvent(NOW, { kind: "training", priceCents: 14_500, maxParticipants: 6, startDate: at(days), endDate: at(days, 17), refundUntilDays: 14, refundPercent: 100, ...overrides });

  async function registrationOf(id: string) {
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, id));
    return row;
  }

  async function pageOf(registrationId: string, lang: "nl" | "en" = "nl"): Promise<ManageView> {
    const token = manageToken(registrationId);
    const answer = (await manageLoader(routeArgs(new Request(`http://localhost/my-booking/${token}?lang=${lang}`), { token }) as never)) as unknown as { data: ManageView };
    return answer.data;
  }

  function post(registrationId: string, fields: Record<string, string>) {
    const token = manageToken(registrationId);
    return manageRouteAction({
      request: formRequest(`http://localhost/my-booking/${token}`, fields),
      params: { token },
      context: testContext(`10.1.0.${Math.floor(Math.random() * 250)}`),
    } as never) as unknown as Promise<{ init: { status?: number } | null; data: { outcome: string } }>;
  }

  it("offers, and takes, only dates of the same kind that are bookable, have a place and cost no more than agreed; the page after a move follows the new date", async () => {
    // The €145 introduction day 29 days out (policy: everything back until 14 days before), its
    // balance due 21 days before: booked with the deposit, so the balance is open after the move.
    const day = await training(29, { name: "Kennismaking oceaanracen", nameEn: "Ocean racing introduction", balanceDueDays: 21 });
    const [anna, ben] = [await paidBooking(database.db(), day, 1, NOW, { locale: "nl", pay: (s) => provider.pay(s) }), await paidBooking(database.db(), day, 2, NOW, { locale: "en", pay: (s) => provider.pay(s) })].map((b) => b.registration);
    setNowForTests(NOW);

    // Dates that must never be offered, each for its own reason…
    const dearer = await training(31, { name: "Offshore trainingsweekend", priceCents: 39_500, endDate: at(32, 17) });
    const interest = await training(33, { name: "Ocean Racing Academy", bookingMode: "interest", priceCents: 0 });
    const waitlist = await training(34, { name: "Wachtlijstdag", bookingMode: "waitlist" });
    const notOpen = await training(35, { name: "Nog niet open", registrationOpensAt: at(10) });
    const full = await training(36, { name: "Volle dag", maxParticipants: 1 });
    await paidBooking(database.db(), full, 3, NOW, { pay: (s) => provider.pay(s) });
    setNowForTests(NOW);
    const finished = await training(-10, { name: "Afgelopen dag", status: "completed" });
    const cancelled = await training(37, { name: "Geannuleerde dag", status: "cancelled" });
    const unlisted = await training(38, { name: "Besloten dag", listed: false });
    const race = await insertEvent(NOW, { kind: "race", name: "Regatta", priceCents: 9_500, startDate: at(39), endDate: at(39, 17) });
    // …and the ones that may: the same price, a cheaper one, and one whose early-bird price now is within the agreed price.
    const same = await training(40, { name: "Kennismaking juli" });
    const cheaper = await training(41, { name: "Zeilclinic", nameEn: "Sailing clinic", priceCents: 9_500 });
    const earlyBird = await training(42, { name: "Kennismaking augustus", priceCents: 16_000, earlyBirdPercent: 20, earlyBirdUntil: at(20) });
    const never = [dearer, interest, waitlist, notOpen, full, finished, cancelled, unlisted, race];

    // The staff's list (the registration page) is the rule's.
    expect((await moveTargets(database.db(), { event: day, priceCents: anna.priceCents, places: anna.places }, NOW)).map((t) => t.id)).toEqual([same.id, cheaper.id, earlyBird.id]);
    // A staff move posted to a date outside it is refused with the rule's reason, under the locks.
    const staffMove = (to: Event) => moveBooking({ registrationId: ben.id, toEventId: to.id, actor: STAFF }).then((r) => r.outcome);
    expect(await staffMove(dearer)).toBe("dearer");
    expect(await staffMove(interest)).toBe("not_bookable");
    expect(await staffMove(waitlist)).toBe("not_bookable");
    expect(await staffMove(notOpen)).toBe("not_bookable");
    expect(await staffMove(unlisted)).toBe("not_bookable");
    expect(await staffMove(full)).toBe("full");
    expect(await staffMove(finished)).toBe("target_closed");
    expect(await staffMove(cancelled)).toBe("target_closed");
    expect(await staffMove(race)).toBe("different_kind");
    expect((await registrationOf(ben.id)).eventId).toBe(day.id);

    // Staff move the day by a week.
    const moved = await disruptEvent({ eventId: day.id, kind: "moved", newStart: at(36), newEnd: at(36, 17), messageNl: "Te veel wind.", messageEn: "Too much wind.", actor: STAFF });
    if (moved.outcome !== "disrupted") throw new Error(`not disrupted: ${moved.outcome}`);
    const newDate = moved.newEventId!;

    // While the choice is open: the new date first, then the allowed dates at the agreed price; nothing "started".
    const choosing = await pageOf(anna.id);
    expect(choosing.disruption).toMatchObject({ choice: "pending", fallback: "move", priceCents: 14_500 });
    expect(choosing.disruption!.dates.map((d) => d.id)).toEqual([newDate, same.id, cheaper.id, earlyBird.id]);
    expect(choosing.disruption!.dates[0].replacement).toBe(true);
    expect(choosing.event.started).toBe(false);
    expect(choosing.can).toEqual({ payBalance: false, changeDetails: true, cancel: false });

    // Every date outside the rule, posted by hand, is refused and changes nothing.
    for (const target of never) {
      const answer = await post(anna.id, { intent: "disruption-move", toEventId: target.id });
      expect(answer.init?.status, target.name).not.toBe(200);
      expect(["bad_target", "full", "target_closed"], target.name).toContain(answer.data.outcome);
    }
    expect((await post(anna.id, { intent: "disruption-move", toEventId: dearer.id })).data.outcome).toBe("bad_target");
    expect((await post(anna.id, { intent: "disruption-move", toEventId: full.id })).data.outcome).toBe("full");
    expect((await post(anna.id, { intent: "disruption-move", toEventId: finished.id })).data.outcome).toBe("target_closed");
    expect(await registrationOf(anna.id)).toMatchObject({ eventId: day.id, status: "confirmed", priceCents: 14_500 });
    const [stillOpen] = await database.db().select().from(disruptionResponses).where(eq(disruptionResponses.registrationId, anna.id));
    expect(stillOpen.choice).toBe("pending");
    expect(await mailsOf(database.db(), anna.id, "booking-moved")).toHaveLength(0);

    // Anna takes the cheaper date: at her agreed price, with her payments.
    const chosen = await post(anna.id, { intent: "disruption-move", toEventId: cheaper.id });
    expect(chosen.data.outcome).toBe("moved");
    expect(await registrationOf(anna.id)).toMatchObject({ eventId: cheaper.id, priceCents: 14_500 });

    // The page after the move reads the booking on its new date: normal actions, its policy, nothing "started".
    const after = await pageOf(anna.id, "en");
    expect(after.event).toMatchObject({ name: "Sailing clinic", startDate: cheaper.startDate.toISOString(), started: false });
    expect(after.can).toEqual({ payBalance: true, changeDetails: true, cancel: true });
    // The last day with money back is a day in Amsterdam: 14 days before the new start, until its end.
    expect(after.policy).toEqual({ percent: 100, deadline: teamDayEnd(addDays(teamDay(cheaper.startDate), -14)).toISOString() });
    expect(after.money).toMatchObject({ priceCents: 14_500, balanceDueCents: 7_250 });
    expect(after.disruption).toMatchObject({ choice: "moved", automatic: false, movedTo: { name: "Sailing clinic" }, dates: [] });
    // The normal cancel step quotes the new date's policy (everything back, 27 days before).
    const step = await manageLoader(routeArgs(new Request(`http://localhost/my-booking/${manageToken(anna.id)}?lang=en&step=cancel`), { token: manageToken(anna.id) }) as never);
    expect((step as unknown as { data: ManageView }).data.cancelQuote).toMatchObject({ percent: 100, refundCents: 7_250, inWindow: true });

    // A second weather change, now of Anna's new date: she is asked again (her earlier answer stays in the audit trail).
    const again = await disruptEvent({ eventId: cheaper.id, kind: "cancelled", messageNl: "Geen schipper.", messageEn: "No skipper.", actor: STAFF });
    expect(again).toMatchObject({ outcome: "disrupted", notified: 1 });
    expect((await pageOf(anna.id)).disruption).toMatchObject({ kind: "cancelled", choice: "pending", fallback: "refund" });
    expect(await mailsOf(database.db(), anna.id, "event-disruption")).toHaveLength(2);

    // Staff move Ben off the cancelled date by hand while his choice is open: the choice is moot,
    // no longer offered, refused if posted, and closed by the job.
    expect(await staffMove(same)).toBe("moved");
    expect((await pageOf(ben.id)).disruption).toMatchObject({ choice: "closed" });
    expect((await pageOf(ben.id)).can.cancel).toBe(true);
    expect(await chooseMove({ registrationId: ben.id, toEventId: earlyBird.id, actor: PARTICIPANT })).toEqual({ outcome: "not_live" });
    setNowForTests(at(8));
    expect(await runDisruptionFollowUps(at(8))).toMatchObject({ moved: 0, closed: 1, failed: 0 });
    expect(await registrationOf(ben.id)).toMatchObject({ eventId: same.id, status: "confirmed" });
  });

  it("the team's new date is always the booking's own: offered and taken though its booking mode, opening or price now would refuse a stranger", async () => {
    // Booked at an early-bird price; then staff put the day on the waiting list.
    // Another kind than the other tests' dates, so only its own dates count.
    const day = await training(20, { kind: "sailing", priceCents: 14_500, earlyBirdPercent: 10, earlyBirdUntil: at(0, 10) });
    const { registration } = await paidBooking(database.db(), day, 4, NOW, { locale: "en", pay: (s) => provider.pay(s) });
    expect(registration.priceCents).toBe(13_050);
    await database.db().update(events).set({ bookingMode: "waitlist" }).where(eq(events.id, day.id));
    setNowForTests(at(1));
    const moved = await disruptEvent({ eventId: day.id, kind: "moved", newStart: at(27), newEnd: at(27, 17), messageNl: "Storm.", messageEn: "Storm.", actor: STAFF });
    if (moved.outcome !== "disrupted") throw new Error("not disrupted");

    const view = (await participantDisruption(database.db(), registration.id, at(1)))!;
    expect(view.targets.map((t) => t.id)).toEqual([moved.newEventId]);
    expect(view.fallback).toBe("move");
    const [notice] = await mailsOf(database.db(), registration.id, "event-disruption");
    expect(notice.text).toContain("we move your booking to the new date");

    // Nobody answers: after 7 days the booking moves to its new date, at its agreed price.
    setNowForTests(at(9));
    expect(await runDisruptionFollowUps(at(9))).toMatchObject({ moved: 1, refunded: 0 });
    expect(await registrationOf(registration.id)).toMatchObject({ eventId: moved.newEventId, priceCents: 13_050 });
    const [told] = await mailsOf(database.db(), registration.id, "booking-moved");
    expect(told.text).toContain("We did not hear from you, so, as announced, we have moved your booking to the new date");
    expect(told.text).toContain("until 14 June 2026 you get 100% of what you paid back");
    expect(told.attachments[0]?.filename).toMatch(/\.ics$/);
  });

  it("the staff's confirm step shows who is told and the e-mail in both languages, changing nothing; two confirms at once disrupt once", async () => {
    const day = await training(25, { kind: "corporate", name: "Zeildag", nameEn: "Sailing day" });
    const booked = [await paidBooking(database.db(), day, 5, NOW, { locale: "nl", pay: (s) => provider.pay(s) }), await paidBooking(database.db(), day, 6, NOW, { locale: "en", pay: (s) => provider.pay(s) })].map((b) => b.registration);
    // A hold still waiting for its payment.
    const hold = await createRegistration(database.db(), { eventId: day.id, input: participant(7), locale: "nl", now: NOW });
    if (hold.outcome !== "held") throw new Error("no hold");
    setNowForTests(NOW);
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries({ kind: "moved", newStart: "2026-07-03T10:00", newEnd: "2026-07-03T16:00", messageNl: "Harde wind verwacht.", messageEn: "Strong wind forecast.", ...fields })) data.set(k, v);
      return data;
    };

    // The form's button: the confirm step, nothing done.
    const preview = await disruptionAction(form({ intent: "preview" }), day.id, STAFF);
    if (preview.kind !== "data" || preview.body.step !== "confirm") throw new Error(`no confirm step: ${JSON.stringify(preview)}`);
    expect(preview.body.preview).toMatchObject({ kind: "moved", notified: 2, holds: 1, newStart: "2026-07-03T08:00:00.000Z", newEnd: "2026-07-03T14:00:00.000Z" });
    const [nl, en] = preview.body.preview.emails;
    expect(nl).toMatchObject({ locale: "nl", subject: "Nieuwe datum voor Zeildag ([referentie]). Kies wat er met je boeking gebeurt" });
    expect(nl.text).toContain("Harde wind verwacht.");
    expect(nl.text).toContain("Beste [naam deelnemer],");
    expect(nl.text).toContain("verzetten naar vrijdag 3 juli 2026");
    expect(en).toMatchObject({ locale: "en", subject: "New date for Sailing day ([reference]). Please choose what happens to your booking" });
    expect(en.text).toContain("Strong wind forecast.");
    expect(en.text).toContain("http://localhost:4321/my-booking/[personal-link]");
    expect(preview.body.values).toMatchObject({ kind: "moved", messageEn: "Strong wind forecast." });
    expect((await database.db().select().from(events).where(eq(events.id, day.id)))[0].status).toBe("upcoming");
    expect(await database.db().$count(eventDisruptions, eq(eventDisruptions.eventId, day.id))).toBe(0);
    for (const r of booked) expect(await mailsOf(database.db(), r.id, "event-disruption")).toHaveLength(0);
    // Bad input is answered on the form, in Dutch message keys, and changes nothing.
    expect(await disruptionAction(form({ intent: "preview", messageEn: "" }), day.id, STAFF)).toMatchObject({ status: 400, body: { step: "form", errors: { messageEn: "admin.disruption.error.messageRequired" } } });
    expect(await disruptionAction(form({ intent: "confirm", newStart: "2026-05-01T10:00", newEnd: "2026-05-01T16:00" }), day.id, STAFF)).toMatchObject({ status: 400, body: { errors: { newStart: "admin.disruption.error.dates" } } });
    expect(await disruptionAction(form({ intent: "back" }), day.id, STAFF)).toMatchObject({ status: 200, body: { step: "form", values: { messageNl: "Harde wind verwacht." } } });
    expect(await database.db().$count(eventDisruptions, eq(eventDisruptions.eventId, day.id))).toBe(0);

    // "Bevestigen" twice at once (a double click, two tabs): done once; the other answers it was done.
    const answers = await Promise.all([disruptionAction(form({ intent: "confirm" }), day.id, STAFF), disruptionAction(form({ intent: "confirm" }), day.id, STAFF)]);
    expect(answers.map((a) => (a.kind === "redirect" ? a.done : a.kind)).sort()).toEqual(["already", "disrupted"]);
    expect(await database.db().$count(eventDisruptions, eq(eventDisruptions.eventId, day.id))).toBe(1);
    const copies = await database.db().select().from(events).where(eq(events.name, "Zeildag"));
    expect(copies.map((e) => e.status).sort()).toEqual(["cancelled", "upcoming"]);
    for (const r of booked) expect(await mailsOf(database.db(), r.id, "event-disruption")).toHaveLength(1);
    expect((await registrationOf(hold.registration.id)).status).toBe("cancelled");
    // Later, again: still once.
    expect(await disruptionAction(form({ intent: "confirm" }), day.id, STAFF)).toEqual({ kind: "redirect", done: "already" });
    expect(await previewDisruption({ eventId: day.id, kind: "cancelled", messageNl: "x", messageEn: "x" })).toMatchObject({ outcome: "already_disrupted", notified: 2 });
    const queued = await database.db().select().from(emails).where(eq(emails.template, "event-disruption"));
    expect(queued.filter((m) => booked.some((r) => r.id === m.relatedId))).toHaveLength(2);
  });
});
