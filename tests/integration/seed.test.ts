// @engine both: demo content inserted as JSON batches: SQL written by hand
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { amountDue } from "~/lib/booking";
import { bookingMoney } from "@server/booking/money.server";
import { sendBalanceReminders } from "@server/booking/reminders.server";
import { setNowForTests } from "@server/clock.server";
import { blogPosts, events, payments, registrations, user } from "@server/db/schema.server";
import { seedDemoContentIfEmpty } from "@server/db/seed/index.server";
import { FULLY_BOOKED_SLUG } from "@server/db/seed/events.server";
import { placesTakenByEvent, upcomingListedEvents } from "@server/events/queries.server";
import { displayStatus } from "@server/events/view.server";
import { useTestDatabase } from "../support/db";

const now = new Date("2026-11-22T12:00:00Z");

describe("demo content", () => {
  const test = useTestDatabase();

  it("seeds an empty database even when accounts exist, and only once", async () => {
    await test.db().insert(user).values({ id: "u1", name: "Staff", email: "staff@example.com" });
    expect(await seedDemoContentIfEmpty(test.db(), now)).toBe(true);
    const eventCount = await test.db().$count(events);
    expect(await seedDemoContentIfEmpty(test.db(), now)).toBe(false);
    expect(await test.db().$count(events)).toBe(eventCount);
  });

  it("has the articles the site needs", async () => {
    const posts = await test.db().select().from(blogPosts);
    const published = posts.filter((p) => p.published);
    expect(published.length).toBeGreaterThanOrEqual(6);
    expect(posts.filter((p) => !p.published)).toHaveLength(1);
    expect(new Set(published.map((p) => p.category))).toEqual(new Set(["victory", "preparation", "team", "featured", "general"]));
    expect(published.filter((p) => p.image === "/images/missing-photo.webp")).toHaveLength(1);
    for (const post of published) {
      expect(post.content).toMatch(/^## /m);
      expect(post.titleEn, post.slug).toBeTruthy();
      expect(post.contentEn, post.slug).toBeTruthy();
    }
    expect(published.some((p) => /!\[[^\]]*\]\(\/images\//.test(p.content))).toBe(true);
  });

  it("has the spec's events as data", async () => {
    const all = await test.db().select().from(events);
    const bySlug = new Map(all.map((e) => [e.slug, e]));
    expect(bySlug.get("arc-2025")).toMatchObject({ bookingMode: "waitlist", earlyBirdPercent: 10, privatePageKey: "arc-registration" });
    expect(bySlug.get("arc-2025")?.earlyBirdUntil?.toISOString()).toBe("2025-09-01T00:00:00.000Z");
    expect(bySlug.get("sail-out")?.registrationOpensAt?.toISOString()).toBe("2025-08-12T07:00:00.000Z");
    expect(bySlug.get("sail-amsterdam-2025")?.bookingMode).toBe("walk_in");
    expect(bySlug.get("scheveningen-challenge")?.bookingMode).toBe("waitlist");
    expect(bySlug.get("scheveningen-cascais")).toMatchObject({ bookingMode: "waitlist", listed: false, privatePageKey: "scheveningen" });
    expect(bySlug.get("vwdtp-challenge")).toMatchObject({ depositPercent: 100, listed: false, privatePageKey: "vwdtp" });
    const evenings = all.filter((e) => e.name.startsWith("Zomeravondzeilen"));
    expect(evenings.length).toBeGreaterThanOrEqual(4);
    for (const e of evenings) expect(e).toMatchObject({ priceCents: 0, listed: false, privatePageKey: "zomeravondzeilen" });

    const listed = all.filter((e) => e.listed);
    const statuses = listed.map((e) => displayStatus(e, now));
    expect(statuses).toContain("live");
    expect(statuses).toContain("completed");
    expect(listed.some((e) => e.bookingMode === "interest")).toBe(true);
    for (const kind of ["corporate", "race", "training"] as const) expect(listed.some((e) => e.kind === kind)).toBe(true);
  });

  it("fills the fully booked event with confirmed registrations", async () => {
    const [full] = await test.db().select().from(events).where(eq(events.slug, FULLY_BOOKED_SLUG));
    const taken = await placesTakenByEvent(test.db(), [full.id], now);
    expect(taken.get(full.id)).toBe(full.maxParticipants);
    const rows = await test.db().select().from(registrations).where(eq(registrations.eventId, full.id));
    expect(rows.every((r) => r.status === "confirmed")).toBe(true);
  });

  it("makes demo bookings consistent with today: each paid what was due when it booked, nothing is open, overdue or to remind", async () => {
    const [full] = await test.db().select().from(events).where(eq(events.slug, FULLY_BOOKED_SLUG));
    const rows = await test.db().select().from(registrations).where(eq(registrations.eventId, full.id));
    const money = await bookingMoney(test.db(), rows.map((r) => r.id), now);
    for (const row of rows) {
      // What the booking rule asked when it booked; the rest (a deposit's balance) came in since.
      expect(row.amountDueCents, row.customerName).toBe(amountDue(full, row.termsAcceptedAt).amountDueCents);
      expect(money.get(row.id), row.customerName).toMatchObject({ paidCents: row.priceCents, balanceDueCents: 0, overdue: false });
    }
    // Every payment is in the past (a demo never shows money that came in tomorrow).
    const paid = await test.db().select().from(payments).where(inArray(payments.registrationId, rows.map((r) => r.id)));
    expect(paid.every((p) => p.status === "paid" && p.paidAt!.getTime() <= now.getTime())).toBe(true);
    // The start-up job finds nothing to remind anyone of.
    setNowForTests(now);
    try {
      expect(await sendBalanceReminders(now)).toEqual({ sent: 0 });
    } finally {
      setNowForTests(undefined);
    }
  });

  it("lists the next listed events that have not ended, soonest first", async () => {
    const next = await upcomingListedEvents(test.db(), now, 4);
    expect(next).toHaveLength(4);
    for (const e of next) {
      expect(e.listed).toBe(true);
      expect(e.endDate.getTime()).toBeGreaterThan(now.getTime());
    }
    const starts = next.map((e) => e.startDate.getTime());
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });
});
