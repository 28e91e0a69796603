// @engine both: live bookings counted by SQL aggregates over money rows
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as registrationsExport } from "~/routes/admin/exports.registrations";
import { loader as manifestLoader } from "~/routes/admin/manifest";
import { payments, refunds, registrations } from "@server/db/schema.server";
import { dashboardCounts, endedPaidRegistrations, eventOccupancy, eventManifest, paidRegistrations } from "@server/reports/dashboard.server";
import { REGISTRATION_CSV_HEADER } from "@server/reports/exports.server";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { useTestDatabase } from "../support/db";
import { testContext } from "../support/forms";
import { insertEvent, insertInterest, insertRegistration, signedInUser } from "./admin-fixtures";

/*
 * The one definition of a live booking (server/reports/live.server.ts): every figure of the
 * dashboard, the per-event table, the CSV and the manifest count confirmed bookings only, with a
 * booking in every other state beside them (cancelled with and without a refund, a late payment
 * sent back, expired, a running and a lapsed hold) and a confirmed one partly refunded.
 */

type AnyArgs = never;
const call = (fn: (args: AnyArgs) => unknown, request: Request, params: Record<string, string> = {}) => fn({ request, params, context: testContext() } as AnyArgs);

function cells(text: string): string[][] {
  // The CSV has no quoted separators in these rows (plain names and addresses).
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(";"));
}

describe("the dashboard, the CSV and the manifest count live bookings only", () => {
  const database = useTestDatabase();
  const at = new Date();
  let eventId = "";
  const ids: Record<string, string> = {};

  async function refund(registrationId: string, amountCents: number) {
    const [payment] = await database.db().select().from(payments).where(eq(payments.registrationId, registrationId)).limit(1);
    await database
      .db()
      .insert(refunds)
      .values({ registrationId, paymentId: payment.id, amountCents, reason: "cancelled_by_participant", status: "succeeded", idempotencyKey: `t-${registrationId}-${amountCents}`, requestedBy: "participant", succeededAt: at });
  }

  beforeAll(async () => {
    await resetLoginLimitsForTests();
    const db = database.db();
    const event = await insertEvent(db, { name: "Livetest", maxParticipants: 12 });
    eventId = event.id;
    const reg = async (key: string, fields: Parameters<typeof insertRegistration>[2]) => {
      ids[key] = (await insertRegistration(db, event.id, { customerName: key, customerEmail: `${key}@example.com`, ...fields })).id;
    };
    // Live: a deposit paid; paid in full then 100 given back as goodwill; the same person again (other capitals); free.
    await reg("deposit", { paidCents: 25_000 });
    await reg("goodwill", { paidCents: 50_000 });
    await refund(ids.goodwill, 10_000);
    await reg("again", { paidCents: 25_000, customerEmail: " DEPOSIT@example.com" });
    await reg("free", { priceCents: 0, amountDueCents: 0, status: "confirmed" });
    // Not live: cancelled with everything back; cancelled with nothing back (kept); a late payment sent back; expired; holds.
    await reg("cancelledRefunded", { paidCents: 25_000, status: "cancelled", cancelledAt: at });
    await refund(ids.cancelledRefunded, 25_000);
    await reg("cancelledKept", { paidCents: 25_000, status: "cancelled", cancelledAt: at });
    await reg("lateRefunded", { paidCents: 25_000, status: "refunded", cancelledAt: at });
    await refund(ids.lateRefunded, 25_000);
    await reg("expired", { status: "expired", holdExpiresAt: new Date(at.getTime() - 60_000) });
    await reg("holding", { holdExpiresAt: new Date(at.getTime() + 600_000) });
    await reg("lapsed", { holdExpiresAt: new Date(at.getTime() - 60_000) });
    await insertInterest(db, event.id, { name: "Nieuwsgierig", email: "interesse@example.com" });
  });

  it("the tiles: paid, confirmed places (holds apart), unique customers, interest", async () => {
    expect(await dashboardCounts(database.db(), at)).toEqual({ paidBookings: 3, liveBookings: 4, livePlaces: 4, heldPlaces: 1, uniqueCustomers: 2, interestSignups: 1 });
  });

  it("the lists: paid live bookings, and apart those that took money and ended", async () => {
    const live = await paidRegistrations(database.db(), at);
    expect(live.map((r) => r.customerName).sort()).toEqual(["again", "deposit", "goodwill"]);
    expect(live.find((r) => r.id === ids.goodwill)).toMatchObject({ amountPaidCents: 50_000, refundedCents: 10_000, balanceDueCents: 0 });
    const ended = await endedPaidRegistrations(database.db(), at);
    expect(ended.map((r) => [r.customerName, r.status]).sort()).toEqual([
      ["cancelledKept", "cancelled"],
      ["cancelledRefunded", "cancelled"],
      ["lateRefunded", "refunded"],
    ]);
  });

  it("the per-event row: sold and held places, expected, received, kept and outstanding", async () => {
    const row = (await eventOccupancy(database.db(), at)).find((r) => r.id === eventId)!;
    // Sold: the four live bookings; held: the running hold; taken (the capacity rule) is both.
    expect(row).toMatchObject({ placesSold: 4, placesHeld: 1, placesTaken: 5, capacity: 12 });
    // Expected: 3 × 500 + 0; received: 250 + (500 − 100) + 250; outstanding: 250 + 0 + 250.
    expect(row).toMatchObject({ expectedCents: 150_000, receivedCents: 90_000, outstandingCents: 50_000 });
    // Kept: what the cancelled-without-refund booking paid; the fully refunded ones kept nothing.
    expect(row.keptCents).toBe(25_000);
  });

  it("the dashboard page gives the same figures as the lists it shows", async () => {
    const admin = await signedInUser({ admin: true });
    const page = (await call(dashboardLoader, admin.request("/admin/dashboard"))) as {
      counts: { paidBookings: number; liveBookings: number };
      registrations: unknown[];
      ended: unknown[];
    };
    expect(page.counts.paidBookings).toBe(page.registrations.length);
    expect(page.ended).toHaveLength(3);
  });

  it("the manifest lists the live bookings, and its CSV the same people; the full CSV marks them", async () => {
    const manifest = await eventManifest(database.db(), eventId, at);
    expect(manifest!.participants.map((p) => p.name).sort()).toEqual(["again", "deposit", "free", "goodwill"]);

    const admin = await signedInUser({ admin: true });
    const live = (await call(registrationsExport, admin.request(`/admin/exports/registrations.csv?event=${eventId}&live=1`))) as Response;
    expect(live.headers.get("content-disposition")).toMatch(/filename="deelnemers-\d{4}-\d{2}-\d{2}\.csv"/);
    const liveRows = cells(await live.text());
    const name = REGISTRATION_CSV_HEADER.indexOf("Naam");
    expect(liveRows.slice(1).map((r) => r[name]).sort()).toEqual(["again", "deposit", "free", "goodwill"]);

    const all = cells(await ((await call(registrationsExport, admin.request(`/admin/exports/registrations.csv?event=${eventId}`))) as Response).text());
    const liveColumn = REGISTRATION_CSV_HEADER.indexOf("Lopende boeking");
    expect(all[0][liveColumn]).toBe("Lopende boeking");
    expect(all).toHaveLength(1 + 10);
    const marked = Object.fromEntries(all.slice(1).map((r) => [r[name], r[liveColumn]]));
    expect(marked).toEqual({
      deposit: "ja",
      goodwill: "ja",
      again: "ja",
      free: "ja",
      cancelledRefunded: "nee",
      cancelledKept: "nee",
      lateRefunded: "nee",
      expired: "nee",
      holding: "nee",
      lapsed: "nee",
    });
    // The manifest page reads the same function.
    const page = (await call(manifestLoader, admin.request(`/admin/manifest/${eventId}`), { eventId })) as { participants: unknown[] };
    expect(page.participants).toHaveLength(4);
  });

  it("a cancellation takes a booking out of every figure at once", async () => {
    await database.db().update(registrations).set({ status: "cancelled", cancelledAt: at }).where(eq(registrations.id, ids.deposit));
    expect(await dashboardCounts(database.db(), at)).toMatchObject({ paidBookings: 2, liveBookings: 3, uniqueCustomers: 2 });
    const row = (await eventOccupancy(database.db(), at)).find((r) => r.id === eventId)!;
    expect(row).toMatchObject({ placesSold: 3, expectedCents: 100_000, receivedCents: 65_000, keptCents: 50_000, outstandingCents: 25_000 });
    expect((await eventManifest(database.db(), eventId, at))!.participants).toHaveLength(3);
  });
});
