// @engine both: e-mails queued in the same transaction as the change that causes them
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { ReactElement } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BookingTeamNotificationEmail } from "~/emails/booking-team-notification";
import { NewsletterTeamEmail } from "~/emails/newsletter-team";
import { PracticalInfoEmail } from "~/emails/practical-info";
import { sendDuePracticalInfo } from "@server/access/practical-info.server";
import { openCheckout } from "@server/booking/checkout.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { emails, eventInterest, newsletterSubscribers, privatePages, registrations } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { registerInterest } from "@server/interest/interest.server";
import type * as RenderModule from "@server/mail/render.server";
import type * as SendModule from "@server/mail/send.server";
import { retryDueEmails } from "@server/mail/send.server";
import { subscribe } from "@server/newsletter/subscriptions.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { useTestDatabase } from "../support/db";
import { FakeProvider, insertEvent, participant } from "./booking-fixtures";

/**
 * Two ways to break the work between steps, as a crash would:
 * - `failRenderOf`: rendering this template throws, inside the transaction that saves the data;
 * - `crashAfterCommit`: the delivery after the commit never happens (the process died there).
 */
const fault = vi.hoisted(() => ({ failRenderOf: undefined as unknown, crashAfterCommit: false }));

vi.mock("@server/mail/render.server", async (importOriginal) => {
  const original = await importOriginal<typeof RenderModule>();
  return {
    ...original,
    renderEmail: async (element: ReactElement) => {
      if (fault.failRenderOf && element.type === fault.failRenderOf) throw new Error("simulated failure while queueing");
      return original.renderEmail(element);
    },
  };
});

vi.mock("@server/mail/send.server", async (importOriginal) => {
  const original = await importOriginal<typeof SendModule>();
  return {
    ...original,
    deliverQueued: async (ids: readonly string[]) => (fault.crashAfterCommit ? new Map() : original.deliverQueued(ids)),
    deliverQueuedQuietly: async (ids: readonly string[]) => (fault.crashAfterCommit ? undefined : original.deliverQueuedQuietly(ids)),
  };
});

describe("e-mails are queued with the data that causes them (the outbox)", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-05-04T09:00:00Z");
  const TEAM_EMAIL = "team@oceanracing.test";

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", TEAM_EMAIL });
    setNowForTests(NOW);
  });
  afterEach(() => {
    fault.failRenderOf = undefined;
    fault.crashAfterCommit = false;
    setNowForTests(NOW);
  });
  afterAll(() => setPaymentProviderForTests(undefined));

  const outboxFiles = () => {
    const dir = path.join(database.dataDir(), "outbox");
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
  };
  const mailsAbout = (relatedId: string) => database.db().select().from(emails).where(eq(emails.relatedId, relatedId));

  /** After a crash: the worker delivers everything due exactly once, and a second tick nothing. */
  async function workerDeliversOnce(relatedId: string, templates: string[]) {
    const before = outboxFiles().length;
    const queued = await mailsAbout(relatedId);
    expect(queued.map((m) => m.template).sort()).toEqual([...templates].sort());
    for (const m of queued) expect(m.status).toBe("queued");
    expect(await retryDueEmails(50)).toBeGreaterThanOrEqual(templates.length);
    expect(await retryDueEmails(50)).toBe(0);
    const sent = await mailsAbout(relatedId);
    for (const m of sent) expect(m).toMatchObject({ status: "sent", attempts: 1 });
    expect(outboxFiles().length).toBe(before + templates.length);
  }

  describe("newsletter sign-up", () => {
    it("a failure while queueing its e-mails leaves no sign-up behind (one transaction)", async () => {
      fault.failRenderOf = NewsletterTeamEmail;
      await expect(subscribe({ name: "Atoom", email: "atoom@example.com", locale: "nl" })).rejects.toThrow(/simulated/);
      const rows = await database.db().select().from(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, "atoom@example.com"));
      expect(rows).toHaveLength(0);
      expect(await database.db().select().from(emails).where(eq(emails.to, "atoom@example.com"))).toHaveLength(0);
      // Trying again works and sends each e-mail once.
      fault.failRenderOf = undefined;
      expect(await subscribe({ name: "Atoom", email: "atoom@example.com", locale: "nl" })).toBe("success");
      expect(await database.db().select().from(emails).where(eq(emails.to, "atoom@example.com"))).toHaveLength(1);
    });

    it("a crash after the commit leaves the confirmation and team notice queued; the worker sends each once", async () => {
      fault.crashAfterCommit = true;
      const files = outboxFiles().length;
      await subscribe({ name: "Crash", email: "crash@example.com", locale: "en" });
      expect(outboxFiles().length).toBe(files);
      const [subscriber] = await database.db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "crash@example.com"));
      fault.crashAfterCommit = false;
      await workerDeliversOnce(subscriber.id, ["newsletter-confirm", "newsletter-team"]);
    });
  });

  describe("bookings", () => {
    it("a free registration whose e-mails cannot be queued is not stored", async () => {
      const event = await insertEvent(NOW, { priceCents: 0, depositPercent: 0 });
      fault.failRenderOf = BookingTeamNotificationEmail;
      await expect(createRegistration(database.db(), { eventId: event.id, input: participant(1), locale: "nl", now: NOW })).rejects.toThrow(/simulated/);
      expect(await database.db().select().from(registrations).where(eq(registrations.eventId, event.id))).toHaveLength(0);
    });

    it("a free registration's confirmation and team notice are queued with it", async () => {
      const event = await insertEvent(NOW, { priceCents: 0, depositPercent: 0 });
      fault.crashAfterCommit = true;
      const created = await createRegistration(database.db(), { eventId: event.id, input: participant(2), locale: "nl", now: NOW });
      if (created.outcome !== "confirmed") throw new Error("expected a confirmation");
      fault.crashAfterCommit = false;
      await workerDeliversOnce(created.registration.id, ["booking-confirmation", "booking-team"]);
    });

    it("a paid booking is not confirmed when its e-mails cannot be queued, and is confirmed with them on the next delivery", async () => {
      const provider = new FakeProvider("stripe");
      setPaymentProviderForTests(provider);
      const event = await insertEvent(NOW);
      const created = await createRegistration(database.db(), { eventId: event.id, input: participant(3), locale: "en", now: NOW });
      if (created.outcome !== "held") throw new Error("expected a hold");
      const { sessionId } = await openCheckout(created.registration, created.event, created.due);
      const paymentId = provider.pay(sessionId);
      const pay = () => fulfilPayment({ provider: "stripe", sessionId, providerPaymentId: paymentId, ...provider.amountOf(sessionId), providerEventId: "evt_outbox_1" });

      fault.failRenderOf = BookingTeamNotificationEmail;
      await expect(pay()).rejects.toThrow(/simulated/);
      const [unchanged] = await database.db().select().from(registrations).where(eq(registrations.id, created.registration.id));
      expect(unchanged.status).toBe("pending_payment");
      expect(await mailsAbout(created.registration.id)).toHaveLength(0);

      // Stripe redelivers the same event (its id was not claimed: the transaction rolled back).
      fault.failRenderOf = undefined;
      fault.crashAfterCommit = true;
      expect((await pay()).outcome).toBe("confirmed");
      fault.crashAfterCommit = false;
      await workerDeliversOnce(created.registration.id, ["booking-confirmation", "booking-team"]);
      expect((await pay()).outcome).toBe("duplicate_event");
      expect(await mailsAbout(created.registration.id)).toHaveLength(2);
    });
  });

  describe("interest and practical information", () => {
    it("an interest sign-up and its team notice commit together", async () => {
      const event = await insertEvent(NOW, { bookingMode: "interest", priceCents: 0 });
      fault.crashAfterCommit = true;
      const saved = await registerInterest(database.db(), { slug: event.slug, input: { name: "Geïnteresseerd", email: "interest@example.com", message: undefined } as never, locale: "nl", now: NOW });
      if (saved.status !== "saved") throw new Error(`expected saved, got ${saved.status}`);
      fault.crashAfterCommit = false;
      await workerDeliversOnce(saved.id, ["interest-notification"]);

      fault.failRenderOf = (await import("~/emails/interest-notification")).InterestNotificationEmail;
      await expect(
        registerInterest(database.db(), { slug: event.slug, input: { name: "Ander", email: "ander@example.com", message: undefined } as never, locale: "nl", now: NOW }),
      ).rejects.toThrow(/simulated/);
      expect(await database.db().select().from(eventInterest).where(eq(eventInterest.email, "ander@example.com"))).toHaveLength(0);
    });

    it("the practical-information claim and its e-mail commit together", async () => {
      await database.db().insert(privatePages).values({ key: "zomeravondzeilen", title: "Zomeravondzeilen" }).onConflictDoNothing();
      const event = await insertEvent(NOW, { priceCents: 0, depositPercent: 0, privatePageKey: "zomeravondzeilen", listed: false, startDate: new Date(NOW.getTime() + 3 * 86_400_000), endDate: new Date(NOW.getTime() + 3 * 86_400_000 + 3_600_000) });
      const created = await createRegistration(database.db(), { eventId: event.id, input: participant(4), locale: "nl", now: NOW });
      if (created.outcome !== "confirmed") throw new Error("expected a confirmation");
      await retryDueEmails(50);

      fault.failRenderOf = PracticalInfoEmail;
      expect(await sendDuePracticalInfo()).toBe(0);
      const [unclaimed] = await database.db().select().from(registrations).where(eq(registrations.id, created.registration.id));
      expect(unclaimed.practicalInfoSentAt).toBeNull();

      fault.failRenderOf = undefined;
      fault.crashAfterCommit = true;
      expect(await sendDuePracticalInfo()).toBe(1);
      fault.crashAfterCommit = false;
      expect(await sendDuePracticalInfo()).toBe(0);
      const queued = (await mailsAbout(created.registration.id)).filter((m) => m.template === "practical-info");
      expect(queued).toHaveLength(1);
      expect(queued[0].status).toBe("queued");
      expect(await retryDueEmails(50)).toBe(1);
      expect(await retryDueEmails(50)).toBe(0);
    });
  });
});
