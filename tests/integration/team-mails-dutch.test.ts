// @engine pglite: the language of the team e-mails (rendering only)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARTICIPANT } from "@server/audit/audit.server";
import { upsertUser } from "@server/auth/users.server";
import { cancelBooking } from "@server/booking/cancel.server";
import { setNowForTests } from "@server/clock.server";
import { setEnvForTests } from "@server/env.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { createRegistration } from "@server/booking/registration.server";
import { useTestDatabase } from "../support/db";
import { FakeProvider, insertEvent, participant } from "./booking-fixtures";
import { mailsOf, paidBooking } from "./booking-lifecycle-fixtures";

/*
 * The team reads its e-mails in Dutch: a cancellation's reason (a code, or an old English
 * sentence) in Dutch words, and the staff member who cancelled by name, whatever the
 * participant's language.
 */

const DAY = 86_400_000;

describe("the team's cancellation e-mail is Dutch", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  let provider: FakeProvider;

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
    provider = new FakeProvider("stripe");
    setPaymentProviderForTests(provider);
  });
  afterAll(() => {
    setPaymentProviderForTests(undefined);
    setNowForTests(undefined);
  });

  async function booked(n: number) {
    const event = await insertEvent(NOW, { startDate: new Date(NOW.getTime() + 60 * DAY), endDate: new Date(NOW.getTime() + 60 * DAY + 8 * 3_600_000) });
    const paid = await paidBooking(database.db(), event, n, NOW, { locale: "en", pay: (sessionId) => provider.pay(sessionId) });
    setNowForTests(NOW);
    return paid;
  }

  it("a participant's cancellation: the reason in Dutch, not 'Cancelled by the participant'", async () => {
    const { registration } = await booked(1);
    await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "none" } });
    const [team] = await mailsOf(database.db(), registration.id, "booking-team-cancelled");
    expect(team.locale).toBe("nl");
    expect(team.text).toContain("Geannuleerd door de deelnemer");
    expect(team.text).not.toMatch(/Cancelled|cancelled_by/);
  });

  it("a staff member's cancellation names them; an unpaid one says so in Dutch", async () => {
    const staff = await upsertUser({ email: "marieke@example.com", password: "correct-horse-battery", admin: true, name: "Marieke Schipper" });
    const { registration } = await booked(2);
    await cancelBooking({ registrationId: registration.id, actor: { type: "staff", userId: staff.id }, refund: { mode: "none" } });
    const [team] = await mailsOf(database.db(), registration.id, "booking-team-cancelled");
    expect(team.text).toContain("door Marieke Schipper (team)");
    expect(team.text).toContain("Geannuleerd");
    expect(team.text).not.toMatch(/\byou\b|Cancelled/);

    const event = await insertEvent(NOW, { startDate: new Date(NOW.getTime() + 60 * DAY), endDate: new Date(NOW.getTime() + 61 * DAY) });
    const held = await createRegistration(database.db(), { eventId: event.id, input: participant(3), locale: "en", now: NOW });
    if (held.outcome !== "held") throw new Error("expected a hold");
    await cancelBooking({ registrationId: held.registration.id, actor: PARTICIPANT, refund: { mode: "none" } });
    const [unpaid] = await mailsOf(database.db(), held.registration.id, "booking-team-cancelled");
    expect(unpaid.text).toContain("Geannuleerd door de deelnemer (nog niet betaald)");
  });
});
