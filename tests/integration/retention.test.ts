// @engine both: retention deletes and anonymises by date in SQL
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, bookingPlaces, emails, eventInterest, newsletterSubscribers, rateLimits, registrations, waitlistEntries } from "@server/db/schema.server";
import { applyRetention } from "@server/privacy/retention.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, registrationRow } from "./booking-fixtures";

const now = new Date("2027-06-01T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe("retention (what the privacy policy promises)", () => {
  const test = useTestDatabase();

  async function registrationFor(eventId: string, name: string) {
    const [row] = await test
      .db()
      .insert(registrations)
      .values(
        registrationRow(eventId, {
          customerName: name,
          customerEmail: `${name.toLowerCase()}@example.com`,
          birthDate: "1985-04-12",
          status: "confirmed",
          termsAcceptedAt: daysAgo(500),
          waiverVersion: "2025-01",
        }),
      )
      .returning();
    return row;
  }

  it("erases date of birth and emergency contact 12 months after the event, and keeps the booking", async () => {
    const old = await insertEvent(daysAgo(430), {}); // starts 400 days ago: ended over a year ago
    const recent = await insertEvent(daysAgo(300), {}); // ended about 9 months ago
    const erasable = await registrationFor(old.id, "Oud");
    const kept = await registrationFor(recent.id, "Recent");

    const result = await applyRetention(test.db(), now);
    expect(result.erasedRegistrations).toBe(1);

    const [afterOld] = await test.db().select().from(registrations).where(eq(registrations.id, erasable.id));
    expect(afterOld).toMatchObject({ birthDate: null, nextOfKinName: null, nextOfKinPhone: null, customerName: "Oud", status: "confirmed" });
    expect(afterOld.personalDataErasedAt?.toISOString()).toBe(now.toISOString());
    const [afterRecent] = await test.db().select().from(registrations).where(eq(registrations.id, kept.id));
    expect(afterRecent).toMatchObject({ birthDate: "1985-04-12", nextOfKinName: "Familie", personalDataErasedAt: null });

    // Running again changes nothing.
    expect((await applyRetention(test.db(), now)).erasedRegistrations).toBe(0);
  });

  it("erases every participant's birth date and emergency contact on their place 12 months after the event, and keeps the places", async () => {
    const old = await insertEvent(daysAgo(430), {});
    const recent = await insertEvent(daysAgo(300), {});
    const place = (registrationId: string, number: number, name: string, extra: Partial<typeof bookingPlaces.$inferInsert> = {}) => ({
      registrationId,
      number,
      name,
      email: `${name.toLowerCase()}@example.com`,
      birthDate: "1990-01-02",
      street: "Strand 1",
      city: "Scheveningen",
      postalCode: "2586 AA",
      country: "Nederland",
      nextOfKinName: `Familie ${name}`,
      nextOfKinPhone: "+31 70 7654321",
      waiverVersion: "2025-01",
      waiverAcceptedAt: daysAgo(450),
      ...extra,
    });
    const group = await registrationFor(old.id, "Groep");
    const keptGroup = await registrationFor(recent.id, "Later");
    const [replacement] = await test.db().insert(bookingPlaces).values(place(group.id, 3, "Nieuw")).returning();
    await test
      .db()
      .insert(bookingPlaces)
      .values([
        place(group.id, 1, "Eerste", { isBooker: true }),
        place(group.id, 2, "Tweede", { cancelledAt: daysAgo(440) }),
        place(group.id, 3, "Vervangen", { replacedAt: daysAgo(445), replacedById: replacement.id }),
        place(keptGroup.id, 1, "Blijft"),
      ]);

    const result = await applyRetention(test.db(), now);
    expect(result).toMatchObject({ erasedRegistrations: 1, erasedPlaces: 4 });
    const after = await test.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, group.id));
    expect(after).toHaveLength(4);
    for (const row of after) {
      // The safety fields go; who sailed in which place, the address and the waiver stay (bookkeeping, the group).
      expect(row).toMatchObject({ birthDate: null, nextOfKinName: null, nextOfKinPhone: null, street: "Strand 1", waiverVersion: "2025-01" });
      expect(row.personalDataErasedAt?.toISOString()).toBe(now.toISOString());
    }
    expect(after.map((r) => r.name).sort()).toEqual(["Eerste", "Nieuw", "Tweede", "Vervangen"]);
    // The registration's legacy columns are erased as before.
    const [booking] = await test.db().select().from(registrations).where(eq(registrations.id, group.id));
    expect(booking).toMatchObject({ birthDate: null, nextOfKinName: null, nextOfKinPhone: null });
    // A recent event's places keep theirs.
    const [recentPlace] = await test.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, keptGroup.id));
    expect(recentPlace).toMatchObject({ birthDate: "1990-01-02", nextOfKinName: "Familie Blijft", personalDataErasedAt: null });
    expect(await test.db().$count(auditLog, eq(auditLog.registrationId, group.id))).toBe(1);

    // A place added to an already erased booking (an erased booking whose place came later) is erased on the next run, with its record.
    await test.db().insert(bookingPlaces).values(place(group.id, 4, "Laat"));
    expect(await applyRetention(test.db(), now)).toMatchObject({ erasedRegistrations: 0, erasedPlaces: 1 });
    expect(await test.db().$count(auditLog, eq(auditLog.registrationId, group.id))).toBe(2);
  });

  it("scrubs the erased fields from the booking's history, records the erasure, and deletes the waiting list 12 months after the event", async () => {
    const old = await insertEvent(daysAgo(430), {});
    const recent = await insertEvent(daysAgo(300), {});
    const erasable = await registrationFor(old.id, "Historie");
    const kept = await registrationFor(recent.id, "Bewaard");
    const change = (registrationId: string) => ({
      at: daysAgo(420),
      entityType: "registration" as const,
      entityId: registrationId,
      registrationId,
      action: "registration.details_changed",
      changes: { nextOfKinPhone: { from: "+31 6 11111111", to: "+31 6 22222222" }, city: { from: "Delft", to: "Den Haag" } },
      actorType: "participant" as const,
    });
    await test.db().insert(auditLog).values([change(erasable.id), change(kept.id)]);
    const [oldEntry] = await test.db().insert(waitlistEntries).values({ eventId: old.id, name: "Wachtend", email: "w@example.com" }).returning();
    await test.db().insert(auditLog).values({ at: daysAgo(425), entityType: "waitlist_entry", entityId: oldEntry.id, eventId: old.id, action: "waitlist.joined", actorType: "participant" });
    const [recentEntry] = await test.db().insert(waitlistEntries).values({ eventId: recent.id, name: "Nog wachtend", email: "n@example.com" }).returning();

    const result = await applyRetention(test.db(), now);
    expect(result).toMatchObject({ erasedRegistrations: 1, deletedWaitlistEntries: 1 });

    const history = await test.db().select().from(auditLog).where(eq(auditLog.registrationId, erasable.id));
    const changed = history.find((row) => row.action === "registration.details_changed");
    // The erased field's from → to is gone; the rest of the change stays.
    expect(changed?.changes).toEqual({ city: { from: "Delft", to: "Den Haag" } });
    const erasure = history.find((row) => row.action === "registration.safety_data_erased");
    expect(erasure).toMatchObject({ actorType: "system", actorId: "retention", changes: {} });
    const [untouched] = await test.db().select().from(auditLog).where(eq(auditLog.registrationId, kept.id));
    expect(Object.keys(untouched.changes).sort()).toEqual(["city", "nextOfKinPhone"]);

    const entries = await test.db().select({ id: waitlistEntries.id }).from(waitlistEntries);
    expect(entries.map((e) => e.id)).toEqual([recentEntry.id]);
    expect(await test.db().select().from(auditLog).where(eq(auditLog.entityId, oldEntry.id))).toEqual([]);
  });

  it("deletes interest after 24 months, the mail log after 12 months, and unsubscribed addresses", async () => {
    const event = await insertEvent(daysAgo(10));
    await test.db().insert(eventInterest).values([
      { eventId: event.id, name: "Old", email: "old@example.com", createdAt: daysAgo(740) },
      { eventId: event.id, name: "New", email: "new@example.com", createdAt: daysAgo(700) },
    ]);
    const mail = { to: "x@example.com", subject: "s", template: "t", locale: "nl", html: "<p>x</p>", text: "x" };
    await test.db().insert(emails).values([
      { ...mail, createdAt: daysAgo(370) },
      { ...mail, createdAt: daysAgo(300) },
    ]);
    await test.db().insert(newsletterSubscribers).values([
      { email: "gone@example.com", name: "Gone", token: "t-gone", status: "unsubscribed" },
      { email: "stays@example.com", name: "Stays", token: "t-stays", status: "confirmed" },
    ]);

    const result = await applyRetention(test.db(), now);
    expect(result).toMatchObject({ deletedInterest: 1, deletedEmails: 1, deletedSubscribers: 1 });
    expect((await test.db().select().from(eventInterest)).map((r) => r.name)).toEqual(["New"]);
    expect(await test.db().$count(emails)).toBe(1);
    expect((await test.db().select().from(newsletterSubscribers)).map((r) => r.email)).toEqual(["stays@example.com"]);
  });

  it("deletes rate-limit rows a month after their window, and the client-address hash once the event is over", async () => {
    await test.db().insert(rateLimits).values([
      { bucket: "login-known", key: "old-hash", windowStart: daysAgo(32), count: 1 },
      { bucket: "login-known", key: "recent-hash", windowStart: daysAgo(29), count: 1 },
    ]);
    const past = await insertEvent(now, { startDate: daysAgo(4), endDate: daysAgo(3) });
    const future = await insertEvent(now);
    const over = await registrationFor(past.id, "Voorbij");
    const coming = await registrationFor(future.id, "Komend");
    await test.db().update(registrations).set({ clientKey: "client-hash" }).where(inArray(registrations.id, [over.id, coming.id]));

    const result = await applyRetention(test.db(), now);
    expect(result).toMatchObject({ deletedRateLimits: 1, erasedClientKeys: 1 });
    expect((await test.db().select().from(rateLimits)).map((r) => r.key)).toEqual(["recent-hash"]);
    const keys = await test.db().select({ id: registrations.id, clientKey: registrations.clientKey }).from(registrations);
    expect(keys.find((r) => r.id === over.id)?.clientKey).toBeNull();
    expect(keys.find((r) => r.id === coming.id)?.clientKey).toBe("client-hash");
  });
});
