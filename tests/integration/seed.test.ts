// @engine both: demo content inserted as JSON batches: SQL written by hand
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { amountDue } from "~/lib/booking";
import { bookingMoney } from "@server/booking/money.server";
import { sendBalanceReminders } from "@server/booking/reminders.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, blogPosts, bookingPlaces, crewItems, events, payments, registrations, user } from "@server/db/schema.server";
import { seedDemoContentIfEmpty } from "@server/db/seed/index.server";
import { CREW_FILE_SLUG, FULLY_BOOKED_SLUG, GROUP_BOOKING_SLUG } from "@server/db/seed/events.server";
import { registrationQuestions } from "@server/crew/answers.server";
import { invoicesOf } from "@server/invoices/issue.server";
import { eventManifest } from "@server/reports/dashboard.server";
import { incompletePlaces } from "@server/reports/participants.server";
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
    // Each a booking of one place whose booker sails, the participant's details on the place only.
    const places = await test.db().select().from(bookingPlaces).where(inArray(bookingPlaces.registrationId, rows.map((r) => r.id)));
    expect(places).toHaveLength(rows.length);
    expect(places.every((p) => p.isBooker && p.number === 1 && p.birthDate && p.nextOfKinName && p.waiverAcceptedAt)).toBe(true);
    expect(rows.every((r) => r.birthDate === null && r.nextOfKinName === null)).toBe(true);
    expect((await eventManifest(test.db(), full.id, now))!.participants).toHaveLength(full.maxParticipants!);
  });

  it("has one group booking: five places for a corporate day, the booker ashore, three complete and two invited", async () => {
    const [corporate] = await test.db().select().from(events).where(eq(events.slug, GROUP_BOOKING_SLUG));
    const [booking] = await test.db().select().from(registrations).where(eq(registrations.eventId, corporate.id));
    expect(booking).toMatchObject({ places: 5, bookerSails: false, status: "confirmed", priceCents: 5 * corporate.priceCents });
    const money = (await bookingMoney(test.db(), [booking.id], now)).get(booking.id)!;
    expect(money.paidCents).toBe(booking.amountDueCents);
    expect(money.overdue).toBe(false);
    const places = await test.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, booking.id));
    expect(places.map((p) => p.number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(places.every((p) => !p.isBooker && p.email && p.invitedAt)).toBe(true);
    expect(places.filter((p) => p.waiverAcceptedAt && p.detailsCompletedAt)).toHaveLength(3);
    // The staff's pages show it: five on the manifest, two of them incomplete.
    const manifest = (await eventManifest(test.db(), corporate.id, now))!;
    expect(manifest.participants.map((p) => p.reference).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `${booking.reference}-${n}`));
    expect(manifest.participants.filter((p) => !p.waiverAccepted || !p.detailsComplete)).toHaveLength(2);
    expect((await incompletePlaces(test.db(), corporate, now)).places.map((p) => p.number)).toEqual([4, 5]);
    // Created, five invitations, three completions (details and waiver), and its invoice.
    expect(await test.db().$count(auditLog, eq(auditLog.registrationId, booking.id))).toBe(1 + 5 + 3 * 2 + 1);
    const [invoice, ...more] = await invoicesOf(test.db(), booking.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ kind: "invoice", totalCents: booking.priceCents });
    expect(invoice.document.payments.map((p) => p.amountCents)).toEqual([booking.amountDueCents]);
  });

  it("has one event with a crew file: two questions on its registration form (optional, one of them health), two items later", async () => {
    const [training] = await test.db().select().from(events).where(eq(events.slug, CREW_FILE_SLUG));
    const questions = (await registrationQuestions(test.db(), [training], "en")).get(training.id);
    expect(questions?.items.map((q) => [q.kind, q.required, q.health])).toEqual([
      ["number", false, false],
      ["yes_no", false, true],
    ]);
    const all = await test.db().select().from(crewItems).where(eq(crewItems.eventId, training.id));
    expect(all.map((i) => i.asked).sort()).toEqual(["later", "later", "registration", "registration"]);
  });

  it("makes demo bookings consistent with today: each paid what was due when it booked, nothing is open, overdue or to remind", async () => {
    const [full] = await test.db().select().from(events).where(eq(events.slug, FULLY_BOOKED_SLUG));
    const rows = await test.db().select().from(registrations).where(eq(registrations.eventId, full.id));
    const money = await bookingMoney(test.db(), rows.map((r) => r.id), now);
    for (const row of rows) {
      // What the booking rule asked when it booked; the rest (a deposit's balance) came in since.
      expect(row.amountDueCents, row.customerName).toBe(amountDue(full, row.termsAcceptedAt).amountDueCents);
      expect(money.get(row.id), row.customerName).toMatchObject({ paidCents: row.priceCents, balanceDueCents: 0, overdue: false });
      // Its invoice came with the first payment (decision 046): that payment only, the rest then still due.
      const [invoice, ...more] = await invoicesOf(test.db(), row.id);
      expect(more, row.customerName).toEqual([]);
      expect(invoice.document.payments.map((p) => p.amountCents), row.customerName).toEqual([row.amountDueCents]);
      expect(invoice.document.dueCents, row.customerName).toBe(row.priceCents - row.amountDueCents);
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
