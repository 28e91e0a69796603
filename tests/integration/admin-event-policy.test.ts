// @engine pglite: form handling of an event's policy fields, no money moves
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/events-detail";
import { action as newAction } from "~/routes/admin/events-new";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { events, waitlistEntries, waitlistOffers } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { call, multipartRequest, unwrap } from "./admin-articles-helpers";
import { insertRegistration, signedInUser } from "./admin-fixtures";

type FormAnswer = { result?: { error?: Record<string, string[] | null> } | null; savedId?: string | null };

/** The event form as the admin fills it in, with the balance and cancellation policy. */
const eventFields = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  name: "Voorjaarsregatta",
  slug: "voorjaarsregatta",
  description: "Twee dagen wedstrijdzeilen.",
  startDate: "2031-04-04T09:30",
  endDate: "2031-04-05T17:00",
  location: "Scheveningen",
  price: "900",
  status: "upcoming",
  maxParticipants: "1",
  kind: "race",
  bookingMode: "registration",
  depositPercent: "50",
  balanceDueDays: "45",
  refundUntilDays: "60",
  refundPercent: "80",
  listed: "on",
  ...overrides,
});

describe("an event's balance and cancellation policy in the admin", () => {
  const database = useTestDatabase();
  let cookie: string;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent", DEMO_CONTENT: "false" });
    await resetLoginLimitsForTests();
    admin = await signedInUser({ admin: true });
    cookie = admin.cookie;
  });

  it("saves the three settings and shows them in the form again", async () => {
    const created = (await call(newAction, multipartRequest("/admin/events/new", cookie, eventFields()))) as Response;
    expect(created.status).toBe(302);
    const [event] = await database.db().select().from(events).where(eq(events.slug, "voorjaarsregatta"));
    expect(event).toMatchObject({ balanceDueDays: 45, refundUntilDays: 60, refundPercent: 80 });
    const page = (await call(detailLoader, admin.request(`/admin/events/${event.id}`), { id: event.id })) as { defaults: Record<string, unknown> };
    expect(page.defaults).toMatchObject({ balanceDueDays: "45", refundUntilDays: "60", refundPercent: "80" });
  });

  it("defaults to 30 days, 30 days and 100% when left empty", async () => {
    const fields = eventFields({ slug: "standaard", balanceDueDays: "", refundUntilDays: "", refundPercent: "" });
    expect(((await call(newAction, multipartRequest("/admin/events/new", cookie, fields))) as Response).status).toBe(302);
    const [event] = await database.db().select().from(events).where(eq(events.slug, "standaard"));
    expect(event).toMatchObject({ balanceDueDays: 30, refundUntilDays: 30, refundPercent: 100 });
  });

  it("refuses what is not a whole number in range, and saves nothing", async () => {
    const cases: [string, string, string][] = [
      ["balanceDueDays", "-1", "admin.bookings.validation.days"],
      ["balanceDueDays", "366", "admin.bookings.validation.days"],
      ["refundUntilDays", "2.5", "admin.bookings.validation.days"],
      ["refundUntilDays", "dertig", "admin.bookings.validation.days"],
      ["refundPercent", "101", "admin.events.validation.percent"],
      ["refundPercent", "-5", "admin.events.validation.percent"],
    ];
    for (const [field, value, message] of cases) {
      const answer = unwrap<FormAnswer>(await call(newAction, multipartRequest("/admin/events/new", cookie, eventFields({ slug: "fout", [field]: value }))));
      expect(answer.status, `${field}=${value}`).toBe(400);
      expect(answer.data.result?.error?.[field], `${field}=${value}`).toEqual([message]);
    }
    expect(await database.db().$count(events, eq(events.slug, "fout"))).toBe(0);
  });

  it("raising the capacity offers the new place to the first in line", async () => {
    const [event] = await database.db().select().from(events).where(eq(events.slug, "voorjaarsregatta"));
    await insertRegistration(database.db(), event.id, { paidCents: 45_000 });
    await database.db().insert(waitlistEntries).values({ eventId: event.id, name: "Eerste", email: "eerste@example.com", places: 1 });
    const saved = unwrap<FormAnswer>(await call(detailAction, multipartRequest(`/admin/events/${event.id}`, cookie, eventFields({ maxParticipants: "2" })), { id: event.id }));
    expect(saved.status).toBe(200);
    const offers = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.eventId, event.id));
    // Offered by the admin who saved (a staff actor), not by a job.
    expect(offers).toEqual([expect.objectContaining({ places: 1, status: "open", createdBy: expect.stringMatching(/^staff:./) })]);
  });
});
