// @engine both: reminders claimed by an insert on conflict do nothing in the e-mail's transaction, raced by two runs (two pool connections on PostgreSQL)
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { crewItemDeadline } from "~/lib/crew";
import { addDays, teamDayStart } from "~/lib/local-time";
import { placePath } from "@server/booking/places.server";
import { setNowForTests } from "@server/clock.server";
import { saveCrewAnswer } from "@server/crew/answers.server";
import { crewReminderStage, sendCrewReminders } from "@server/crew/reminders.server";
import { crewReminders, emails } from "@server/db/schema.server";
import { useTestDatabase } from "../support/db";
import { useFakeStripe } from "./booking-fixtures";
import { crewForm, crewGroup } from "./crew-fixtures";

/**
 * The crew file's reminders (issue 27): 21, 14 and 7 days before each deadline, each once per
 * participant, in their language, listing what is missing; a missed stage is not sent late; never
 * after the deadline; exactly once when two runs race.
 */
describe("crew file reminders", () => {
  const database = useTestDatabase();
  useFakeStripe(database);
  const NOW = new Date("2026-03-02T10:00:00Z");
  afterEach(() => setNowForTests(undefined));

  /** 9 in the morning, Amsterdam, `days` before `lastDay`. */
  const morning = (lastDay: string, days: number) => new Date(teamDayStart(addDays(lastDay, -days)).getTime() + 9 * 3_600_000);

  async function run(at: Date) {
    setNowForTests(at);
    return sendCrewReminders(at);
  }

  async function mails(to: string) {
    return database.db().select().from(emails).where(and(eq(emails.to, to), eq(emails.template, "crew-reminder")));
  }

  it("knows which stage is due: the latest reached, none before 21 days or after the last day", () => {
    expect(crewReminderStage("2026-04-01", "2026-05-01")).toBeUndefined();
    expect(crewReminderStage("2026-04-10", "2026-05-01")).toBe(21);
    expect(crewReminderStage("2026-04-17", "2026-05-01")).toBe(14);
    expect(crewReminderStage("2026-04-20", "2026-05-01")).toBe(14);
    expect(crewReminderStage("2026-04-24", "2026-05-01")).toBe(7);
    expect(crewReminderStage("2026-05-01", "2026-05-01")).toBe(7);
    expect(crewReminderStage("2026-05-02", "2026-05-01")).toBeUndefined();
  });

  it("sends 21, 14 and 7 days before each deadline, once each, in the participant's language, listing what is missing", async () => {
    const { event, items, ann, bas, booker, registration } = await crewGroup(database.db(), NOW, [
      { kind: "short_text", labelNl: "Oliegoedmaat", labelEn: "Foul-weather gear size", dueDaysBefore: 14 },
      { kind: "file", labelNl: "Medische verklaring", labelEn: "Medical declaration", dueDaysBefore: 14, health: true },
      { kind: "short_text", labelNl: "Bijnaam", labelEn: "Nickname", dueDaysBefore: 14, required: false },
    ]);
    const { lastDay } = crewItemDeadline(items[0], event.startDate);
    // Bas answered everything required: he gets nothing.
    expect((await saveCrewAnswer(database.db(), bas.id, items[0].id, crewForm({ text: "M" }))).outcome).toBe("saved");
    const pdf = new File([new Uint8Array(Buffer.from("%PDF-1.4\n%%EOF\n"))], "med.pdf");
    expect((await saveCrewAnswer(database.db(), bas.id, items[1].id, crewForm({ file: pdf }))).outcome).toBe("saved");

    expect(await run(morning(lastDay, 22))).toEqual({ crewReminders: 0 });
    // 21 days before: Ann (English) and the booker (their own place, their own address).
    expect(await run(morning(lastDay, 21))).toEqual({ crewReminders: 2 });
    const toAnn = await mails(ann.email!);
    expect(toAnn).toHaveLength(1);
    expect(toAnn[0].locale).toBe("en");
    expect(toAnn[0].subject).toContain("Crew file for Test sailing day");
    expect(toAnn[0].text).toContain("Foul-weather gear size");
    expect(toAnn[0].text).toContain("Medical declaration");
    expect(toAnn[0].text).not.toContain("Nickname");
    expect(toAnn[0].text).toContain(placePath(ann.id));
    const toBooker = (await mails(registration.customerEmail)).filter((m) => m.relatedId === registration.id);
    expect(toBooker).toHaveLength(1);
    expect(toBooker[0].subject).toContain("Bemanningsdossier voor Testzeildag");
    expect(toBooker[0].text).toContain(placePath(booker.id));
    expect(await mails(bas.email!)).toHaveLength(0);

    // The same stage again (a later hour, a retry): nothing.
    expect(await run(new Date(morning(lastDay, 21).getTime() + 5 * 3_600_000))).toEqual({ crewReminders: 0 });
    expect(await run(morning(lastDay, 18))).toEqual({ crewReminders: 0 });
    // Ann completes one of the two: the 14-day one lists only the other.
    expect((await saveCrewAnswer(database.db(), ann.id, items[0].id, crewForm({ text: "S" }))).outcome).toBe("saved");
    expect(await run(morning(lastDay, 14))).toEqual({ crewReminders: 2 });
    const second = (await mails(ann.email!)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[1];
    expect(second.text).toContain("Medical declaration");
    expect(second.text).not.toContain("Foul-weather gear size");
    expect(await run(morning(lastDay, 7))).toEqual({ crewReminders: 2 });
    expect(await run(morning(lastDay, 0))).toEqual({ crewReminders: 0 });
    // After the deadline: never.
    expect(await run(morning(lastDay, -1))).toEqual({ crewReminders: 0 });
    expect(await mails(ann.email!)).toHaveLength(3);
    const claims = await database.db().select().from(crewReminders).where(eq(crewReminders.placeId, ann.id));
    expect(claims.map((c) => [c.dueOn, c.stage]).sort()).toEqual([
      [lastDay, 14],
      [lastDay, 21],
      [lastDay, 7],
    ]);
  });

  it("does not send a missed stage late once a later one is due", async () => {
    // An event of its own, later than the other tests' (their reminders are not this test's).
    const { event, items, ann } = await crewGroup(database.db(), new Date(NOW.getTime() + 200 * 86_400_000), [{ kind: "short_text", labelNl: "Maat", labelEn: "Size", dueDaysBefore: 10 }]);
    const { lastDay } = crewItemDeadline(items[0], event.startDate);
    // The job did not run 21 to 11 days before: at 10 days the 14-day stage is due, not the 21.
    await run(morning(lastDay, 10));
    const claims = await database.db().select().from(crewReminders).where(eq(crewReminders.placeId, ann.id));
    expect(claims.map((c) => c.stage)).toEqual([14]);
    expect(await mails(ann.email!)).toHaveLength(1);
    await run(morning(lastDay, 9));
    expect(await mails(ann.email!)).toHaveLength(1);
  });

  it("sends exactly one e-mail per stage when two runs race", async () => {
    const { event, items, ann, registration } = await crewGroup(database.db(), new Date(NOW.getTime() + 400 * 86_400_000), [
      { kind: "short_text", labelNl: "Maat", labelEn: "Size", dueDaysBefore: 7 },
    ]);
    const { lastDay } = crewItemDeadline(items[0], event.startDate);
    for (const [i, days] of [21, 14, 7].entries()) {
      const at = morning(lastDay, days);
      setNowForTests(at);
      // Three runs at once (on PostgreSQL on separate pool connections, as two instances would).
      const results = await Promise.all([sendCrewReminders(at), sendCrewReminders(at), sendCrewReminders(at)]);
      expect(results.every((r) => r.crewReminders >= 0)).toBe(true);
      // Ann and the booker: each sent this stage once across the three runs.
      expect(await mails(ann.email!)).toHaveLength(i + 1);
      expect((await mails(registration.customerEmail)).filter((m) => m.relatedId === registration.id)).toHaveLength(i + 1);
    }
  });
});
