// @engine both: a person's places found and erased across bookings by SQL written by hand (lower() on addresses, jsonb history)
import "~/i18n/admin";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { subjectHtml, subjectView } from "~/routes/admin/privacy.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, bookingPlaces, payments, registrations } from "@server/db/schema.server";
import { ERASED_NAME } from "@server/privacy/anonymise.server";
import { eraseSubject, findSubject } from "@server/privacy/subject.server";
import { useTestDatabase } from "../support/db";
import { insertEvent } from "./admin-fixtures";

/*
 * Group bookings and a person's data (decision 042): Henk booked three places for colleagues and
 * does not sail; Anna and Bram sail in his booking, Carla was replaced by Dirk. Each person's
 * export holds their own data only; erasing a participant erases their place and keeps the
 * group's bookkeeping; erasing the booker keeps the other participants' places.
 */

const DAY = 86_400_000;
const T0 = new Date("2027-03-01T10:00:00Z");
const STAFF = { type: "staff" as const, userId: "staff-1" };

describe("a person's places in group bookings: export and erasure", () => {
  const test = useTestDatabase();
  const ids = { group: "", anna: "", bram: "", carla: "", dirk: "", future: "" };

  beforeAll(async () => {
    setNowForTests(T0);
    const db = test.db();
    const past = await insertEvent(db, { name: "Bedrijfsdag", startDate: new Date(T0.getTime() - 20 * DAY), endDate: new Date(T0.getTime() - 19 * DAY) });
    const future = await insertEvent(db, { name: "Zomeravond", startDate: new Date(T0.getTime() + 30 * DAY), endDate: new Date(T0.getTime() + 30 * DAY + 3 * 3_600_000) });
    const booking = (eventId: string, reference: string) => ({
      reference,
      eventId,
      customerName: "Henk Personeelszaken",
      customerEmail: "HR@Bedrijf.example",
      phoneNumber: "+31 10 5556666",
      street: "Bedrijfsweg 1",
      city: "Rotterdam",
      postalCode: "3011 AA",
      country: "Nederland",
      status: "confirmed" as const,
      priceCents: 150_000,
      amountDueCents: 75_000,
      termsAcceptedAt: new Date(T0.getTime() - 60 * DAY),
      waiverVersion: "2026-1",
      confirmedAt: new Date(T0.getTime() - 60 * DAY),
      places: 3,
      bookerSails: false,
    });
    const [group] = await db.insert(registrations).values(booking(past.id, "OR-GRP001")).returning();
    ids.group = group.id;
    await db.insert(payments).values({ registrationId: group.id, provider: "test", providerSessionId: "cs_grp", providerPaymentId: "pi_grp", kind: "deposit", amountCents: 75_000, status: "paid", paidAt: T0 });
    const [dirk] = await db.insert(bookingPlaces).values({ registrationId: group.id, number: 3, name: "Dirk Vervanger", email: "dirk@example.com" }).returning();
    const places = await db
      .insert(bookingPlaces)
      .values([
        {
          registrationId: group.id,
          number: 1,
          name: "Anna Zeewind",
          email: "anna@example.com",
          locale: "en",
          birthDate: "1990-07-08",
          street: "Duinweg 7",
          city: "Den Haag",
          postalCode: "2583 AB",
          country: "Nederland",
          nextOfKinName: "Familie Zeewind",
          nextOfKinPhone: "+31 70 9998877",
          waiverVersion: "2026-1",
          waiverAcceptedAt: new Date(T0.getTime() - 50 * DAY),
          detailsCompletedAt: new Date(T0.getTime() - 50 * DAY),
          invitedAt: new Date(T0.getTime() - 59 * DAY),
        },
        { registrationId: group.id, number: 2, name: "Bram Golfslag", email: "bram@example.com", birthDate: "1985-01-02", nextOfKinName: "Familie Golfslag", nextOfKinPhone: "+31 70 1112233" },
        { registrationId: group.id, number: 3, name: "Carla Eerder", email: "carla@example.com", replacedAt: new Date(T0.getTime() - 40 * DAY), replacedById: dirk.id },
      ])
      .returning();
    [ids.anna, ids.bram, ids.carla] = places.map((p) => p.id);
    ids.dirk = dirk.id;
    const row = (action: string, changes: Record<string, { from: unknown; to: unknown }>, reason: string | null = null) => ({
      at: new Date(T0.getTime() - 45 * DAY),
      entityType: "registration" as const,
      entityId: group.id,
      registrationId: group.id,
      eventId: past.id,
      action,
      changes,
      actorType: "participant" as const,
      reason,
    });
    await db.insert(auditLog).values([
      row("registration.created", { status: { from: null, to: "confirmed" }, places: { from: null, to: 3 } }),
      row("place.details_updated", { placeId: { from: null, to: ids.anna }, number: { from: null, to: 1 }, fields: { from: null, to: ["birthDate"] } }, "Anna Zeewind belde zelf"),
      row("place.invited", { placeId: { from: null, to: ids.bram }, number: { from: null, to: 2 }, invitedAt: { from: null, to: T0.toISOString() } }),
      row("place.replaced", { place: { from: 3, to: 3 }, participant: { from: "Carla Eerder", to: "Dirk Vervanger" }, placeId: { from: ids.carla, to: ids.dirk } }),
    ]);

    // Bram also sails in a booking of Henk's for a date still to come: his place there is live.
    const [later] = await db.insert(registrations).values(booking(future.id, "OR-FUT001")).returning();
    ids.future = later.id;
    await db.insert(bookingPlaces).values({ registrationId: later.id, number: 1, name: "Bram Golfslag", email: "BRAM@example.com" });
  });

  it("exports a participant's own place and its history, and nothing of the booker or the other participants", async () => {
    const data = await findSubject(test.db(), "anna@example.com");
    expect(data.registrations).toHaveLength(0);
    const doc = await subjectView(test.db(), data, T0, "en", "person");
    expect(doc.places).toEqual([
      expect.objectContaining({
        reference: "OR-GRP001-1",
        bookingReference: "OR-GRP001",
        number: 1,
        name: "Anna Zeewind",
        birthDate: "1990-07-08",
        emergencyContact: { name: "Familie Zeewind", phone: "+31 70 9998877" },
        waiverVersion: "2026-1",
        event: expect.objectContaining({ name: "Bedrijfsdag" }),
      }),
    ]);
    // Her place's history only: not the booking's creation, nor Bram's invitation, nor the replacement.
    expect(doc.audit.map((a) => a.action)).toEqual(["place.details_updated"]);
    const text = JSON.stringify(doc);
    for (const other of ["Henk", "HR@Bedrijf", "Bram", "Carla", "Dirk", "1985-01-02", "pi_grp", "75000"]) expect(text).not.toContain(other);
    // The HTML file has the place too, in her language.
    const html = subjectHtml(doc, "en");
    expect(html).toContain("Places as a participant (1)");
    expect(html).toContain("OR-GRP001-1");
  });

  it("exports the booker's booking with whom they booked for (names and addresses), never the participants' safety details", async () => {
    const data = await findSubject(test.db(), "hr@bedrijf.example");
    const doc = await subjectView(test.db(), data, T0, "nl", "staff");
    expect(doc.registrations.map((r) => r.reference).sort()).toEqual(["OR-FUT001", "OR-GRP001"]);
    const group = doc.registrations.find((r) => r.reference === "OR-GRP001")!;
    expect(group).toMatchObject({ places: 3, bookerSails: false });
    expect(group.participants.map((p) => [p.number, p.name, p.email, p.replacedAt !== null])).toEqual([
      [1, "Anna Zeewind", "anna@example.com", false],
      [2, "Bram Golfslag", "bram@example.com", false],
      [3, "Carla Eerder", "carla@example.com", true],
      [3, "Dirk Vervanger", "dirk@example.com", false],
    ]);
    expect(doc.places).toEqual([]);
    const text = JSON.stringify(doc);
    for (const safety of ["1990-07-08", "Familie Zeewind", "+31 70 9998877", "1985-01-02", "Familie Golfslag", "Duinweg"]) expect(text).not.toContain(safety);
  });

  it("refuses to erase a participant who still sails, naming the place, and changes nothing", async () => {
    const result = await eraseSubject(test.db(), "bram@example.com", STAFF, T0);
    expect(result).toEqual({ status: "refused", refusal: { reason: "live_booking", references: ["OR-FUT001-1"] } });
    const [bram] = await test.db().select().from(bookingPlaces).where(eq(bookingPlaces.id, ids.bram));
    expect(bram).toMatchObject({ name: "Bram Golfslag", birthDate: "1985-01-02", personalDataErasedAt: null });
  });

  it("erasing a participant erases their place and keeps the booking, its money and the other places", async () => {
    const result = await eraseSubject(test.db(), "anna@example.com", STAFF, T0);
    expect(result.status).toBe("erased");
    if (result.status !== "erased") return;
    expect(result.counts).toMatchObject({ registrationsAnonymised: 0, placesAnonymised: 1, paymentsKept: 0 });
    expect(result.references).toEqual(["OR-GRP001-1"]);

    const [anna] = await test.db().select().from(bookingPlaces).where(eq(bookingPlaces.id, ids.anna));
    expect(anna).toMatchObject({ name: ERASED_NAME, email: null, birthDate: null, street: null, city: null, postalCode: null, country: null, nextOfKinName: null, nextOfKinPhone: null, number: 1, waiverVersion: "2026-1" });
    expect(anna.personalDataErasedAt?.toISOString()).toBe(T0.toISOString());
    // The booking, its money and the other places as they were.
    const [group] = await test.db().select().from(registrations).where(eq(registrations.id, ids.group));
    expect(group).toMatchObject({ customerName: "Henk Personeelszaken", priceCents: 150_000, places: 3, status: "confirmed", personalDataErasedAt: null });
    expect(await test.db().$count(payments, eq(payments.registrationId, ids.group))).toBe(1);
    const [bram] = await test.db().select().from(bookingPlaces).where(eq(bookingPlaces.id, ids.bram));
    expect(bram).toMatchObject({ name: "Bram Golfslag", birthDate: "1985-01-02" });
    // Her name is gone from the booking's history; the rest of it (Carla and Dirk's replacement) stays.
    const trail = await test.db().select().from(auditLog).where(eq(auditLog.registrationId, ids.group));
    const text = JSON.stringify(trail);
    expect(text).not.toContain("Anna");
    expect(trail.find((r) => r.action === "place.details_updated")!.reason).toBe(`${ERASED_NAME} belde zelf`);
    expect(trail.find((r) => r.action === "place.replaced")!.changes.participant).toEqual({ from: "Carla Eerder", to: "Dirk Vervanger" });
    // Nothing is held under her address any more.
    const after = await findSubject(test.db(), "anna@example.com");
    expect(after.places).toHaveLength(0);
  });

  it("erasing the booker keeps the group's bookkeeping and the participants' places", async () => {
    // The future date has passed: nothing of Henk's is live now.
    const later = new Date(T0.getTime() + 40 * DAY);
    const result = await eraseSubject(test.db(), "hr@bedrijf.example", STAFF, later);
    expect(result.status).toBe("erased");
    if (result.status !== "erased") return;
    expect(result.counts).toMatchObject({ registrationsAnonymised: 2, placesAnonymised: 0, paymentsKept: 1 });
    const [group] = await test.db().select().from(registrations).where(eq(registrations.id, ids.group));
    expect(group).toMatchObject({ customerName: ERASED_NAME, customerEmail: "", phoneNumber: null, priceCents: 150_000, places: 3, reference: "OR-GRP001", status: "confirmed" });
    const places = await test.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, ids.group));
    expect(places.map((p) => p.name).sort()).toEqual([ERASED_NAME, "Bram Golfslag", "Carla Eerder", "Dirk Vervanger"].sort());
    expect(places.find((p) => p.id === ids.bram)).toMatchObject({ email: "bram@example.com", birthDate: "1985-01-02", nextOfKinName: "Familie Golfslag" });
    expect(await test.db().$count(auditLog, eq(auditLog.registrationId, ids.group))).toBe(4);
  });
});
