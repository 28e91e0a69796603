// @engine pglite: which e-mail a summer evening gets: date rules and templates
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sendDuePracticalInfo } from "@server/access/practical-info.server";
import { syncAccessCodes } from "@server/access/store.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, bookingPlaces, emails, events, registrations, type NewEvent } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { registrationRow } from "./booking-fixtures";

const NOW = "2026-06-01T10:00:00Z";
const DAY = 86_400_000;

describe("practical-information e-mail before a summer evening", () => {
  const database = useTestDatabase();

  beforeAll(async () => {
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SMTP_URL: undefined,
      LOG_LEVEL: "silent",
      TEAM_EMAIL: "team@oceanracing.test",
      DEMO_CONTENT: "false",
    });
    await syncAccessCodes(); // creates the private_pages rows the events link to
  });
  afterEach(() => setNowForTests(undefined));

  function outbox(): string[] {
    const dir = path.join(database.dataDir(), "outbox");
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8")) : [];
  }

  async function evening(slug: string, startsInDays: number, overrides: Partial<NewEvent> = {}) {
    const start = new Date(Date.parse(NOW) + startsInDays * DAY);
    const [row] = await database
      .db()
      .insert(events)
      .values({
        slug,
        name: `Zomeravondzeilen ${slug}`,
        startDate: start,
        endDate: new Date(start.getTime() + 3 * 3_600_000),
        location: "Scheveningen, 3e haven",
        priceCents: 0,
        depositPercent: 0,
        kind: "sailing",
        listed: false,
        privatePageKey: "zomeravondzeilen",
        ...overrides,
      })
      .returning();
    return row;
  }

  let counter = 0;
  async function registration(eventId: string, name: string, status: "confirmed" | "pending_payment" | "cancelled" = "confirmed") {
    counter += 1;
    const [row] = await database
      .db()
      .insert(registrations)
      .values(
        registrationRow(eventId, {
          reference: `OR-TEST${String(counter).padStart(2, "0")}`,
          customerName: name,
          customerEmail: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
          birthDate: "1990-05-05",
          locale: "en",
          status,
          priceCents: 0,
          amountDueCents: 0,
          termsAcceptedAt: new Date(NOW),
          confirmedAt: status === "confirmed" ? new Date(NOW) : null,
        }),
      )
      .returning();
    return row;
  }

  it("sends once per confirmed registration of an evening starting within five days, in Dutch", async () => {
    const soon = await evening("soon", 4.5);
    const later = await evening("later", 6);
    const started = await evening("started", -0.05);
    const cancelled = await evening("cancelled", 3, { status: "cancelled" });
    const otherEvent = await evening("corporate", 2, { privatePageKey: null, name: "Zakelijke zeildag", slug: "corporate" });

    const sanne = await registration(soon.id, "Sanne de Vries");
    const joris = await registration(soon.id, "Joris Bakker");
    const pending = await registration(soon.id, "Pending Person", "pending_payment");
    const gone = await registration(soon.id, "Cancelled Person", "cancelled");
    const tooEarly = await registration(later.id, "Later Person");
    const alreadyGoing = await registration(started.id, "Started Person");
    const noEvening = await registration(cancelled.id, "Cancelled Evening");
    const notSummer = await registration(otherEvent.id, "Corporate Person");

    setNowForTests(NOW);
    expect(await sendDuePracticalInfo()).toBe(2);

    const sentAt = async (id: string) =>
      (await database.db().select({ at: registrations.practicalInfoSentAt }).from(registrations).where(eq(registrations.id, id)))[0].at;
    expect(await sentAt(sanne.id)).toBeInstanceOf(Date);
    expect(await sentAt(joris.id)).toBeInstanceOf(Date);
    for (const other of [pending, gone, tooEarly, alreadyGoing, noEvening, notSummer]) expect(await sentAt(other.id)).toBeNull();
    // Each send is in the booking's history, by the job.
    const history = await database.db().select().from(auditLog).where(eq(auditLog.action, "registration.practical_info_sent"));
    expect(history.map((a) => a.registrationId).sort()).toEqual([sanne.id, joris.id].sort());
    expect(history.every((a) => a.actorType === "system" && a.actorId === "practical-info")).toBe(true);

    const rows = await database.db().select().from(emails).where(eq(emails.template, "practical-info"));
    expect(rows.map((r) => r.to).sort()).toEqual(["joris.bakker@example.com", "sanne.de.vries@example.com"]);
    expect(rows.every((r) => r.locale === "nl" && r.status === "sent")).toBe(true);
    expect(rows[0].subject).toBe("Praktische informatie: Zomeravondzeilen soon");
    const sanneMail = rows.find((r) => r.to === "sanne.de.vries@example.com")!;
    expect(sanneMail.relatedId).toBe(sanne.id);
    expect(sanneMail.text).toContain("Beste Sanne de Vries,");
    expect(sanneMail.text).toContain(sanne.reference);
    expect(sanneMail.text).toContain("Scheveningen, 3e haven");
    expect(sanneMail.text).toContain("team@oceanracing.test");
    expect(sanneMail.text).toContain("Gaat de avond niet door, dan laten we je dat altijd weten.");
    // 5 June 2026 22:00 UTC is Saturday 6 June 00:00 in Amsterdam: dates are the team's.
    expect(sanneMail.text).toMatch(/zaterdag 6 juni 2026/);
    expect(outbox().filter((raw) => raw.includes("Praktische informatie"))).toHaveLength(2);

    // A second run sends nothing new.
    expect(await sendDuePracticalInfo()).toBe(0);

    // A day later the "later" evening is within five days too.
    setNowForTests(new Date(Date.parse(NOW) + 1.5 * DAY));
    expect(await sendDuePracticalInfo()).toBe(1);
    expect(await sentAt(tooEarly.id)).toBeInstanceOf(Date);
  });

  it("goes to the booker and to each participant of a group booking with an address of their own, once each", async () => {
    const evening5 = await evening("group", 3);
    const booking = await registration(evening5.id, "Inge Manager");
    await database.db().update(registrations).set({ places: 3, bookerSails: false }).where(eq(registrations.id, booking.id));
    await database
      .db()
      .insert(bookingPlaces)
      .values([
        { registrationId: booking.id, number: 1, name: "Piet Deelnemer", email: "piet@example.com" },
        // The same address as the booker's: one e-mail for both.
        { registrationId: booking.id, number: 2, name: "Inge Manager", email: "inge.manager@example.com" },
        { registrationId: booking.id, number: 3, name: "Klaas Weg", email: "klaas@example.com", cancelledAt: new Date(NOW) },
        { registrationId: booking.id, number: 3, name: "Oud Vervangen", email: "oud@example.com", replacedAt: new Date(NOW) },
      ]);
    setNowForTests(NOW);
    expect(await sendDuePracticalInfo()).toBe(2);
    const rows = await database.db().select().from(emails).where(eq(emails.relatedId, booking.id));
    expect(rows.map((r) => r.to).sort()).toEqual(["inge.manager@example.com", "piet@example.com"]);
    expect(rows.find((r) => r.to === "piet@example.com")!.text).toContain("Beste Piet Deelnemer,");
    expect(await sendDuePracticalInfo()).toBe(0);
  });
});
