// @engine both: job-run reminders chosen by date arithmetic in SQL, sent once
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manageUrl } from "@server/booking/manage-link.server";
import { reminderDue, sendBalanceReminders } from "@server/booking/reminders.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, emails, payments, registrations } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, insertRegistration } from "./admin-fixtures";

const DAY = 86_400_000;
/**
 * The booking's day; the event starts 60 days later (30 April 2030), so the balance is due by the
 * end of 31 March 2030 in Amsterdam, 30 days before the start's day.
 */
const NOW = Date.parse("2030-03-01T10:00:00Z");
/** The last moment of the due day: 31 March 2030 is the day summer time starts, so midnight is 22:00 UTC. */
const DUE = Date.parse("2030-03-31T21:59:59.999Z");
/** The first reminder's day (a week before the due day) starts: 24 March 2030, 00:00 in Amsterdam (CET). */
const FIRST = Date.parse("2030-03-23T23:00:00Z");
const at = (ms: number) => new Date(ms);

describe("balance reminders", () => {
  const database = useTestDatabase();

  beforeAll(() => {
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SMTP_URL: undefined,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "https://oceanracing.test",
      DEMO_CONTENT: "false",
    });
  });
  // Each test owns the bookings it makes: earlier ones stop counting (the job reads every confirmed booking).
  beforeEach(async () => {
    await database.db().update(registrations).set({ status: "cancelled" });
  });
  afterEach(() => setNowForTests(undefined));

  async function booking(options: { locale?: "nl" | "en"; paidCents?: number; bookedAt?: number; name?: string } = {}) {
    const db = database.db();
    const event = await insertEvent(db, { name: "Noordzee Record", nameEn: "North Sea Record", startDate: at(NOW + 60 * DAY), endDate: at(NOW + 62 * DAY), balanceDueDays: 30 });
    const registration = await insertRegistration(db, event.id, {
      customerName: options.name ?? "Sanne Zeilstra",
      locale: options.locale ?? "nl",
      paidCents: options.paidCents ?? 25_000,
      priceCents: 50_000,
      confirmedAt: at(options.bookedAt ?? NOW - DAY),
    });
    return { event, registration };
  }

  /** Runs the job with the app clock (and its `now`) pinned to `ms`. */
  async function runAt(ms: number) {
    setNowForTests(at(ms));
    return sendBalanceReminders(at(ms));
  }

  const mailsAbout = (registrationId: string) => database.db().select().from(emails).where(eq(emails.relatedId, registrationId));

  it("decides which reminder is due (pure)", () => {
    const state = { bookedAt: at(NOW), balanceReminderSentAt: null, balanceDueReminderSentAt: null };
    const money = { balanceDueCents: 25_000, balanceDueAt: at(DUE) };
    expect(reminderDue(state, money, at(FIRST - 1))).toBeUndefined();
    expect(reminderDue(state, money, at(FIRST))).toBe("upcoming");
    expect(reminderDue({ ...state, balanceReminderSentAt: at(FIRST) }, money, at(DUE - DAY))).toBeUndefined();
    // The due day itself is still in time: "was due by …" only once it has ended.
    expect(reminderDue({ ...state, balanceReminderSentAt: at(FIRST) }, money, at(DUE))).toBeUndefined();
    expect(reminderDue(state, money, at(DUE + 1))).toBe("due");
    expect(reminderDue({ ...state, balanceDueReminderSentAt: at(DUE + 1) }, money, at(DUE + DAY))).toBeUndefined();
    // Booked inside the week before the due date: no first reminder, only the due one.
    expect(reminderDue({ ...state, bookedAt: at(DUE - 3 * DAY) }, money, at(DUE - 2 * DAY))).toBeUndefined();
    expect(reminderDue({ ...state, bookedAt: at(FIRST) }, money, at(FIRST + DAY))).toBeUndefined();
    expect(reminderDue({ ...state, bookedAt: at(DUE - 3 * DAY) }, money, at(DUE + 1))).toBe("due");
    expect(reminderDue(state, { balanceDueCents: 0, balanceDueAt: null }, at(DUE + 1))).toBeUndefined();
  });

  it("sends the first reminder a week before the due date and the second on it, each once, in the participant's language with the link", async () => {
    const { registration } = await booking({ locale: "en", name: "Emma Sailor" });

    expect(await runAt(FIRST - 60_000)).toEqual({ sent: 0 });
    expect(await runAt(FIRST + 60_000)).toEqual({ sent: 1 });
    // Again, an hour later, and three runs at once (two instances, a retry): nothing more.
    expect(await runAt(FIRST + 3_600_000)).toEqual({ sent: 0 });
    const parallel = await Promise.all([runAt(DUE - 6 * DAY), sendBalanceReminders(at(DUE - 6 * DAY)), sendBalanceReminders(at(DUE - 6 * DAY))]);
    expect(parallel.map((r) => r.sent)).toEqual([0, 0, 0]);

    let mails = await mailsAbout(registration.id);
    expect(mails).toHaveLength(1);
    const [first] = mails;
    expect(first).toMatchObject({ template: "balance-reminder", locale: "en", to: registration.customerEmail });
    expect(first.subject).toBe(`Reminder: the balance for North Sea Record (${registration.reference})`);
    expect(first.text).toContain(manageUrl(registration.id));
    expect(first.text).toContain("€250.00");
    expect(first.text).toContain("31 March 2030");

    // On the due day itself nothing yet; once it has ended, the due reminder.
    expect(await runAt(DUE - 60_000)).toEqual({ sent: 0 });
    expect(await runAt(DUE + 3_600_000)).toEqual({ sent: 1 });
    const parallelDue = await Promise.all([1, 2, 3, 4].map(() => sendBalanceReminders(at(DUE + 2 * 3_600_000))));
    expect(parallelDue.reduce((sum, r) => sum + r.sent, 0)).toBe(0);
    expect(await runAt(DUE + 5 * DAY)).toEqual({ sent: 0 });

    mails = await mailsAbout(registration.id);
    expect(mails.map((m) => m.template).sort()).toEqual(["balance-reminder", "balance-reminder-due"]);
    const due = mails.find((m) => m.template === "balance-reminder-due")!;
    expect(due.subject).toBe(`The balance for North Sea Record is due (${registration.reference})`);
    expect(due.text).toContain(manageUrl(registration.id));

    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(row.balanceReminderSentAt?.getTime()).toBe(FIRST + 60_000);
    expect(row.balanceDueReminderSentAt?.getTime()).toBe(DUE + 3_600_000);
    // Each reminder left one audit row, by the system job.
    const trail = await database.db().select().from(auditLog).where(eq(auditLog.registrationId, registration.id));
    expect(trail.map((a) => [a.action, a.actorType, a.actorId]).sort()).toEqual([
      ["registration.balance_due_reminder_sent", "system", "balance-reminders"],
      ["registration.balance_reminder_sent", "system", "balance-reminders"],
    ]);
  });

  it("writes in Dutch to a Dutch participant", async () => {
    const { registration } = await booking({ locale: "nl" });
    expect(await runAt(DUE - 5 * DAY)).toEqual({ sent: 1 });
    const [mail] = await mailsAbout(registration.id);
    expect(mail.locale).toBe("nl");
    expect(mail.subject).toBe(`Herinnering: restbetaling voor Noordzee Record (${registration.reference})`);
    expect(mail.text).toContain("€250,00");
    expect(mail.text).toContain("31 maart 2030");
    expect(mail.text).toContain(manageUrl(registration.id));
  });

  it("sends nothing once the balance is paid", async () => {
    const { registration } = await booking({ paidCents: 50_000 });
    expect(await runAt(DUE - 5 * DAY)).toEqual({ sent: 0 });
    expect(await runAt(DUE + DAY)).toEqual({ sent: 0 });

    // Paid between the reminders: the due one is not sent.
    const { registration: later } = await booking();
    expect(await runAt(DUE - 5 * DAY)).toEqual({ sent: 1 });
    await database.db().insert(payments).values({ registrationId: later.id, provider: "manual", providerSessionId: `manual_${later.id}`, kind: "balance", amountCents: 25_000, status: "paid", paidAt: at(DUE - 2 * DAY) });
    expect(await runAt(DUE + DAY)).toEqual({ sent: 0 });
    expect(await mailsAbout(registration.id)).toHaveLength(0);
    expect((await mailsAbout(later.id)).map((m) => m.template)).toEqual(["balance-reminder"]);
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, later.id));
    expect(row.balanceDueReminderSentAt).toBeNull();
  });

  it("a booking made inside the week before the due date gets only the due reminder", async () => {
    const { registration } = await booking({ bookedAt: DUE - 3 * DAY });
    expect(await runAt(DUE - 2 * DAY)).toEqual({ sent: 0 });
    expect(await runAt(DUE + 60_000)).toEqual({ sent: 1 });
    expect((await mailsAbout(registration.id)).map((m) => m.template)).toEqual(["balance-reminder-due"]);
  });

  it("a run that missed the week sends only the due reminder, and nothing for cancelled bookings", async () => {
    const { registration } = await booking();
    const { registration: cancelled } = await booking();
    await database.db().update(registrations).set({ status: "cancelled" }).where(eq(registrations.id, cancelled.id));
    expect(await runAt(DUE + DAY)).toEqual({ sent: 1 });
    expect((await mailsAbout(registration.id)).map((m) => m.template)).toEqual(["balance-reminder-due"]);
    expect(await mailsAbout(cancelled.id)).toHaveLength(0);
  });
});
