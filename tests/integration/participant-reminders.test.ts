// @engine both: reminders claimed once by conditional updates, racing runs on several connections
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { participantReminderAt, sendParticipantReminders } from "@server/booking/participant-reminders.server";
import { placePath } from "@server/booking/places.server";
import { createRegistration } from "@server/booking/registration.server";
import { managePath } from "@server/booking/manage-link.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, bookingPlaces, emails, registrations } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { insertEvent } from "./booking-fixtures";
import { groupInput, namedParticipant } from "./participant-fixtures";

/**
 * The participants' reminders of a group booking: 3 days before the participants' deadline, one
 * to each participant whose place is still incomplete and one to the booker listing them; never
 * twice, whatever runs at once.
 */
describe("participant reminders", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const DAY = 86_400_000;

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
  });

  /** A free event 30 days out (deadline 7 days before) and a confirmed group: Ann (incomplete), Bas (complete), Cas (cancelled). */
  async function group() {
    setNowForTests(NOW);
    const event = await insertEvent(NOW, { priceCents: 0, maxParticipants: 20, maxPlacesPerBooking: 8, startDate: new Date(NOW.getTime() + 30 * DAY), endDate: new Date(NOW.getTime() + 30 * DAY + 8 * 3_600_000) });
    const tag = crypto.randomBytes(3).toString("hex");
    const complete = { birthDate: "1985-02-02", street: "Dijk 1", city: "Delft", postalCode: "2611 AA", country: "Nederland", nextOfKinName: "Kin", nextOfKinPhone: "+31 6 22222222" };
    const created = await createRegistration(database.db(), {
      eventId: event.id,
      input: groupInput(3, [
        namedParticipant("Ann Late", `ann.${tag}@example.com`, "en"),
        namedParticipant("Bas Done", `bas.${tag}@example.com`, "nl", complete),
        namedParticipant("Cas Cancelled", `cas.${tag}@example.com`, "nl"),
      ]),
      locale: "en",
      now: NOW,
    });
    if (created.outcome !== "confirmed") throw new Error(`expected a confirmation, got ${created.outcome}`);
    const places = await database.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, created.registration.id));
    const byName = (name: string) => places.find((p) => p.name === name)!;
    // Bas accepted the waiver from his link; Cas's place was cancelled.
    await database.db().update(bookingPlaces).set({ waiverVersion: "2025-01", waiverAcceptedAt: NOW }).where(eq(bookingPlaces.id, byName("Bas Done").id));
    await database.db().update(bookingPlaces).set({ cancelledAt: NOW }).where(eq(bookingPlaces.id, byName("Cas Cancelled").id));
    return { event, registration: created.registration, ann: byName("Ann Late"), bas: byName("Bas Done"), cas: byName("Cas Cancelled") };
  }

  async function mails(relatedId: string, template: string) {
    return database.db().select().from(emails).where(and(eq(emails.relatedId, relatedId), eq(emails.template, template)));
  }

  async function trail(registrationId: string, action: string) {
    return database.db().select().from(auditLog).where(and(eq(auditLog.registrationId, registrationId), eq(auditLog.action, action)));
  }

  it("sends nothing before the reminder day, then one reminder to each incomplete participant and one to the booker", async () => {
    const { event, registration, ann, bas, cas } = await group();
    const remindAt = participantReminderAt(event);
    // The deadline's day is 7 days before the start's; the reminders go from the start of the day 3 before that.
    expect(Math.round((event.startDate.getTime() - remindAt.getTime()) / DAY)).toBeGreaterThanOrEqual(10);

    await sendParticipantReminders(new Date(remindAt.getTime() - 60_000));
    expect(await mails(registration.id, "participant-reminder")).toHaveLength(0);
    expect(await mails(registration.id, "participants-incomplete")).toHaveLength(0);

    const at = new Date(remindAt.getTime() + 60_000);
    setNowForTests(at);
    await sendParticipantReminders(at);
    const toParticipants = await mails(registration.id, "participant-reminder");
    expect(toParticipants.map((m) => m.to)).toEqual([ann.email]);
    expect(toParticipants[0]).toMatchObject({ locale: "en", subject: "Reminder: your details for Test sailing day" });
    expect(toParticipants[0].text).toContain(`http://localhost:4321${placePath(ann.id)}`);
    expect(toParticipants[0].text).not.toContain("Bas Done");
    const toBooker = await mails(registration.id, "participants-incomplete");
    expect(toBooker).toHaveLength(1);
    expect(toBooker[0].to).toBe(registration.customerEmail);
    expect(toBooker[0].text).toContain("Ann Late");
    expect(toBooker[0].text).not.toContain("Bas Done");
    expect(toBooker[0].text).not.toContain("Cas Cancelled");
    expect(toBooker[0].text).toContain(`http://localhost:4321${managePath(registration.id)}`);

    const [annNow] = await database.db().select().from(bookingPlaces).where(eq(bookingPlaces.id, ann.id));
    expect(annNow.reminderSentAt).toEqual(at);
    for (const other of [bas, cas]) {
      const [row] = await database.db().select().from(bookingPlaces).where(eq(bookingPlaces.id, other.id));
      expect(row.reminderSentAt).toBeNull();
    }
    const [booking] = await database.db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(booking.participantsReminderSentAt).toEqual(at);
    expect(await trail(registration.id, "place.reminded")).toHaveLength(1);
    const [reminded] = await trail(registration.id, "booking.participants_reminded");
    expect(reminded).toMatchObject({ entityType: "registration", entityId: registration.id, actorType: "system", actorId: "participant-reminders" });

    // Later runs, and runs racing each other, send nothing more.
    const later = new Date(at.getTime() + DAY);
    await Promise.all([sendParticipantReminders(later), sendParticipantReminders(later), sendParticipantReminders(later)]);
    expect(await mails(registration.id, "participant-reminder")).toHaveLength(1);
    expect(await mails(registration.id, "participants-incomplete")).toHaveLength(1);
  });

  it("claims each reminder once when several instances run at the same moment", async () => {
    const { event, registration } = await group();
    const at = new Date(participantReminderAt(event).getTime() + 60_000);
    setNowForTests(at);
    const results = await Promise.all(Array.from({ length: 4 }, () => sendParticipantReminders(at)));
    // This file's other bookings may be due too: count this booking's e-mails.
    expect(await mails(registration.id, "participant-reminder")).toHaveLength(1);
    expect(await mails(registration.id, "participants-incomplete")).toHaveLength(1);
    expect(await trail(registration.id, "place.reminded")).toHaveLength(1);
    expect(await trail(registration.id, "booking.participants_reminded")).toHaveLength(1);
    expect(results.reduce((sum, r) => sum + r.bookers, 0)).toBeGreaterThanOrEqual(1);
  });

  it("reminds nobody when every place is complete, for a booking made after the reminder day, or once the event has started", async () => {
    const complete = await group();
    await database.db().update(bookingPlaces).set({ birthDate: "1990-01-01", street: "S 1", city: "C", postalCode: "P", country: "NL", nextOfKinName: "K", nextOfKinPhone: "+31 6 33333333", waiverVersion: "2025-01", waiverAcceptedAt: NOW }).where(eq(bookingPlaces.id, complete.ann.id));
    const at = new Date(participantReminderAt(complete.event).getTime() + 60_000);
    await sendParticipantReminders(at);
    expect(await mails(complete.registration.id, "participant-reminder")).toHaveLength(0);
    expect(await mails(complete.registration.id, "participants-incomplete")).toHaveLength(0);

    // Booked on the reminder day itself: the invitations just went, with the deadline in them.
    const late = await group();
    await database.db().update(registrations).set({ confirmedAt: new Date(participantReminderAt(late.event).getTime() + 1_000) }).where(eq(registrations.id, late.registration.id));
    await sendParticipantReminders(new Date(participantReminderAt(late.event).getTime() + 60_000));
    expect(await mails(late.registration.id, "participant-reminder")).toHaveLength(0);

    const started = await group();
    await sendParticipantReminders(new Date(started.event.startDate.getTime() + 60_000));
    expect(await mails(started.registration.id, "participant-reminder")).toHaveLength(0);
    expect(await mails(started.registration.id, "participants-incomplete")).toHaveLength(0);
  });
});
