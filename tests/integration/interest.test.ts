// @engine both: interest sign-ups unique under concurrent posts
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/booking/interest";
import type { InterestActionData } from "~/components/interest-form";
import { emails, eventInterest, events, type NewEvent } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";

const TEAM = "team@oceanracing.test";

function eventRow(slug: string, overrides: Partial<NewEvent> = {}): NewEvent {
  const start = new Date(Date.now() + 90 * 86_400_000);
  return {
    slug,
    name: `Evenement ${slug}`,
    nameEn: `Event ${slug}`,
    description: "Beschrijving",
    startDate: start,
    endDate: new Date(start.getTime() + 2 * 86_400_000),
    location: "Scheveningen",
    priceCents: 0,
    depositPercent: 0,
    bookingMode: "interest",
    ...overrides,
  };
}

type ActionArgs = Parameters<typeof action>[0];

let visitor = 0;
/** A new client address per call unless a test pins one: only the rate-limit test shares one. */
const nextAddress = () => `10.0.1.${++visitor}`;

/** Calls the route's action as React Router would, with the visitor's address and language. */
async function post(slug: string, fields: Record<string, string>, options: { address?: string; lang?: "nl" | "en" } = {}) {
  const request = formRequest(`/events/${slug}/interest`, fields, { "accept-language": options.lang === "en" ? "en-GB" : "nl-NL" });
  const result = await action({ request, params: { slug }, context: testContext(options.address ?? nextAddress()) } as unknown as ActionArgs);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: undefined };
  const init = result as unknown as { data: InterestActionData; init: ResponseInit | null };
  return { status: init.init?.status ?? 200, location: null, body: init.data };
}

describe("interest sign-ups", () => {
  const database = useTestDatabase();

  function useOutbox() {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent", TEAM_EMAIL: TEAM });
  }

  beforeAll(async () => {
    useOutbox();
    await database
      .db()
      .insert(events)
      .values([
        eventRow("academy"),
        eventRow("academy-two"),
        eventRow("academy-three"),
        eventRow("academy-race"),
        eventRow("corporate-day", { bookingMode: "registration", priceCents: 29_500, depositPercent: 50 }),
        eventRow("private-interest", { listed: false }),
        eventRow("finished-academy", { status: "completed" }),
      ]);
  });

  afterEach(() => useOutbox());

  async function interestRows(slug: string) {
    return database
      .db()
      .select({ id: eventInterest.id, name: eventInterest.name, email: eventInterest.email, message: eventInterest.message, locale: eventInterest.locale })
      .from(eventInterest)
      .innerJoin(events, eq(events.id, eventInterest.eventId))
      .where(eq(events.slug, slug));
  }

  it("saves a sign-up, redirects a plain form post back (303) and e-mails the team", async () => {
    const response = await post("academy", { name: "  Sanne de Vries ", email: "Sanne@Example.com", message: "Ik zeil al tien jaar." });
    expect(response.status).toBe(303);
    expect(response.location).toBe("/events/academy/interest?sent=1");

    const rows = await interestRows("academy");
    expect(rows).toEqual([{ id: expect.any(String), name: "Sanne de Vries", email: "Sanne@Example.com", message: "Ik zeil al tien jaar.", locale: "nl" }]);

    const mail = await database.db().select().from(emails).where(eq(emails.relatedId, rows[0].id));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: TEAM, template: "interest-notification", status: "sent", subject: "Nieuwe interesse: Evenement academy" });
    expect(mail[0].text).toContain("Sanne de Vries");
    expect(mail[0].text).toContain("Sanne@Example.com");
    expect(mail[0].text).toContain("Ik zeil al tien jaar.");
    const outbox = path.join(database.dataDir(), "outbox", mail[0].deliveryRef!);
    const raw = fs.readFileSync(outbox, "utf8");
    expect(raw).toContain(`To: ${TEAM}`);
    // Nodemailer lower-cases the domain.
    expect(raw).toMatch(/^Reply-To: Sanne@example\.com$/im);
  });

  it("answers a dialog (fetcher) post with data, and a second sign-up in another case with 'already registered'", async () => {
    const first = await post("academy-two", { name: "Joris", email: "joris@example.com", inline: "1" }, { lang: "en" });
    expect(first.status).toBe(200);
    expect(first.body?.outcome).toEqual({ status: "sent", eventName: "Event academy-two" });

    const second = await post("academy-two", { name: "Joris Bakker", email: "JORIS@Example.COM", inline: "1" });
    expect(second.status).toBe(200);
    expect(second.body?.outcome).toEqual({ status: "duplicate" });

    const rows = await interestRows("academy-two");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Joris", locale: "en" });
    expect(await database.db().$count(emails, eq(emails.relatedId, rows[0].id))).toBe(1);
  });

  it("stores one row when the same address signs up twice at the same moment", async () => {
    const results = await Promise.all([
      post("academy-race", { name: "Emma", email: "emma@example.com", inline: "1" }, { address: "10.0.0.20" }),
      post("academy-race", { name: "Emma", email: "Emma@example.com", inline: "1" }, { address: "10.0.0.21" }),
    ]);
    expect(results.map((r) => r.body?.outcome.status).sort()).toEqual(["duplicate", "sent"]);
    expect(await interestRows("academy-race")).toHaveLength(1);
  });

  it("refuses missing or invalid fields with 400 and the message keys, storing nothing", async () => {
    const before = await database.db().$count(eventInterest);
    const missing = await post("academy-three", { name: "   ", email: "" });
    expect(missing.status).toBe(400);
    expect(missing.body?.outcome).toEqual({ status: "invalid" });
    expect(missing.body?.reply?.error).toMatchObject({ name: ["events.interest.nameRequired"], email: ["events.interest.emailRequired"] });

    const invalid = await post("academy-three", { name: "Lucas", email: "lucas@" });
    expect(invalid.status).toBe(400);
    expect(invalid.body?.reply?.error).toMatchObject({ email: ["events.interest.invalidEmail"] });

    const tooLong = await post("academy-three", { name: "x".repeat(201), email: "lucas@example.com", message: "y".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body?.reply?.error).toMatchObject({ name: ["events.interest.nameTooLong"], message: ["events.interest.messageTooLong"] });

    expect(await database.db().$count(eventInterest)).toBe(before);
  });

  it("takes no interest for registration events, finished events or private pages' events", async () => {
    const before = await database.db().$count(eventInterest);
    const registration = await post("corporate-day", { name: "Fleur", email: "fleur@example.com", inline: "1" });
    expect(registration.status).toBe(409);
    expect(registration.body?.outcome).toEqual({ status: "failed", message: "events.interest.closed" });

    const finished = await post("finished-academy", { name: "Fleur", email: "fleur@example.com", inline: "1" });
    expect(finished.body?.outcome).toEqual({ status: "failed", message: "events.interest.closed" });

    const unlisted = await post("private-interest", { name: "Fleur", email: "fleur@example.com", inline: "1" });
    expect(unlisted.status).toBe(404);
    const unknown = await post("no-such-event", { name: "Fleur", email: "fleur@example.com", inline: "1" });
    expect(unknown.status).toBe(404);

    expect(await database.db().$count(eventInterest)).toBe(before);
  });

  it("keeps the sign-up when the team's e-mail cannot be delivered, and records the failure for a retry", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: "silent", TEAM_EMAIL: TEAM });

    const response = await post("academy-three", { name: "Noor", email: "noor@example.com", inline: "1" });
    expect(response.status).toBe(200);
    expect(response.body?.outcome.status).toBe("sent");

    const [row] = await interestRows("academy-three");
    const [mail] = await database.db().select().from(emails).where(eq(emails.relatedId, row.id));
    expect(mail).toMatchObject({ status: "failed", attempts: 1, template: "interest-notification" });
    expect(mail.nextAttemptAt).not.toBeNull();
  });

  it("rate-limits sign-ups per client address", async () => {
    const address = "10.0.0.99";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post("academy-three", { name: "", email: "" }, { address })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is not affected.
    expect((await post("academy-three", { name: "", email: "" }, { address: "10.0.0.100" })).status).toBe(400);
  });
});
