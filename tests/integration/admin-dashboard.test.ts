// @engine both: dashboard figures and CSV exports: aggregates written in SQL
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { teamDay, teamDayEnd } from "~/lib/local-time";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as emailsAction, loader as emailsLoader } from "~/routes/admin/emails";
import { action as registrationsExportAction, loader as registrationsExport } from "~/routes/admin/exports.registrations";
import { loader as interestExport } from "~/routes/admin/exports.interest";
import { loader as newsletterExport } from "~/routes/admin/exports.newsletter";
import { loader as manifestLoader } from "~/routes/admin/manifest";
import { loader as newsletterLoader } from "~/routes/admin/newsletter";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { dashboardCounts, eventOccupancy, paidRegistrations } from "@server/reports/dashboard.server";
import { REGISTRATION_CSV_HEADER } from "@server/reports/exports.server";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { emails, newsletterSubscribers, payments, refunds } from "@server/db/schema.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { insertEvent, insertInterest, insertRegistration, signedInUser } from "./admin-fixtures";

type AnyArgs = never;
const call = (fn: (args: AnyArgs) => unknown, request: Request, params: Record<string, string> = {}) =>
  fn({ request, params, context: testContext() } as AnyArgs);

async function outcome(promise: unknown): Promise<Response | unknown> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** A small RFC 4180 reader (";" separated, CRLF records, quoted cells may hold anything). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ";") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("admin dashboard and exports", () => {
  const database = useTestDatabase();
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let sailor: Awaited<ReturnType<typeof signedInUser>>;
  let eventId: string;

  beforeAll(async () => {
    await resetLoginLimitsForTests();
    admin = await signedInUser({ admin: true });
    sailor = await signedInUser({ admin: false });
    const db = database.db();
    // Starts in 28 days: its balance was due (30 days before the start's day) two days ago, so the deposits are overdue.
    const start = new Date(Date.now() + 28 * 86_400_000);
    const event = await insertEvent(db, { name: "Noordzee Record", maxParticipants: 8, startDate: start, endDate: new Date(start.getTime() + 86_400_000) });
    const other = await insertEvent(db, { name: "Zomeravondzeilen 1", maxParticipants: null, priceCents: 0 });
    eventId = event.id;
    // Three paid registrations by two people (one e-mail in other capitals), one unpaid, one refunded.
    await insertRegistration(db, event.id, {
      customerName: "Jeroen van Ærlé-Dückers",
      customerEmail: "Jeroen@Example.com",
      comments: 'Vegetarisch; "geen" noten',
      paidCents: 25_000,
      createdAt: new Date("2026-02-01T10:00:00Z"),
    });
    await insertRegistration(db, other.id, { customerName: "Jeroen", customerEmail: " jeroen@example.COM", paidCents: 10_000, createdAt: new Date("2026-02-03T10:00:00Z") });
    await insertRegistration(db, event.id, { customerName: "=cmd|' /C calc'!A0", customerEmail: "anna@example.com", paidCents: 25_000, createdAt: new Date("2026-02-02T10:00:00Z") });
    await insertRegistration(db, event.id, { customerName: "Nog Niet Betaald", customerEmail: "later@example.com", holdExpiresAt: new Date(Date.now() + 600_000) });
    await insertRegistration(db, event.id, { customerName: "Terugbetaald", customerEmail: "refund@example.com", status: "refunded", paidCents: 25_000, paymentStatus: "refunded" });
    await insertInterest(db, event.id, { name: "Sanne", email: "sanne@example.com", message: "Graag meer info", createdAt: new Date("2026-03-01T09:00:00Z") });
    await insertInterest(db, other.id, { name: "Piet", email: "piet@example.com", createdAt: new Date("2026-03-02T09:00:00Z") });
    await db.insert(newsletterSubscribers).values({ email: "lezer@example.com", name: "Lærer Dück", token: "t-1", status: "confirmed" });
  });

  it("counts paid registrations, interest sign-ups and unique customers by e-mail, ignoring case", async () => {
    expect(await dashboardCounts(database.db(), new Date())).toEqual({ paidBookings: 3, liveBookings: 3, livePlaces: 3, heldPlaces: 1, interestSignups: 2, uniqueCustomers: 2 });
  });

  it("lists paid registrations newest first with the amount paid", async () => {
    const rows = await paidRegistrations(database.db(), new Date());
    expect(rows.map((r) => r.customerEmail)).toEqual([" jeroen@example.COM", "anna@example.com", "Jeroen@Example.com"]);
    expect(rows[2]).toMatchObject({ eventName: "Noordzee Record", amountPaidCents: 25_000, phoneNumber: "+31 6 1234 5678" });
    // Half of 500 paid; the event starts in 28 days and the balance was due 30 days before it (two days ago): overdue.
    expect(rows[2]).toMatchObject({ priceCents: 50_000, refundedCents: 0, balanceDueCents: 25_000, overdue: true });
  });

  it("shows places taken of capacity and money received per event", async () => {
    const rows = await eventOccupancy(database.db(), new Date());
    const record = rows.find((r) => r.id === eventId)!;
    // Two confirmed + one live hold; the refunded one holds no place.
    expect(record).toMatchObject({ capacity: 8, placesTaken: 3, receivedCents: 50_000 });
    // Expected: the prices of the two confirmed bookings; outstanding: their two balances.
    expect(record).toMatchObject({ placesSold: 2, placesHeld: 1, expectedCents: 100_000, outstandingCents: 50_000 });
  });

  it("gives the dashboard to an admin only", async () => {
    const data = (await call(dashboardLoader, admin.request("/admin/dashboard"))) as { ok: boolean; counts: unknown };
    expect(data).toMatchObject({ ok: true, counts: { paidBookings: 3, interestSignups: 2, uniqueCustomers: 2 } });
    expect(((await outcome(call(dashboardLoader, sailor.request("/admin/dashboard")))) as Response).status).toBe(403);
    expect(((await outcome(call(dashboardLoader, new Request("http://localhost/admin/dashboard")))) as Response).status).toBe(401);
  });

  it("exports every field of every registration, Excel-safe", async () => {
    const response = (await call(registrationsExport, admin.request("/admin/exports/registrations.csv"))) as Response;
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="inschrijvingen-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Response.text() would drop the BOM: check the bytes Excel receives.
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...REGISTRATION_CSV_HEADER]);
    expect(rows).toHaveLength(1 + 5);
    const jeroen = rows.find((r) => r[4] === "Jeroen van Ærlé-Dückers")!;
    const column = (name: (typeof REGISTRATION_CSV_HEADER)[number]) => jeroen[REGISTRATION_CSV_HEADER.indexOf(name)];
    expect(column("Adres")).toBe("Havenweg 1");
    expect(column("Geboortedatum")).toBe("1990-04-02");
    expect(column("Contactpersoon noodgeval")).toBe("Noor Contact");
    expect(column("Telefoon noodgeval")).toBe("'+31 70 123 4567");
    expect(column("Betaald (EUR)")).toBe("250,00");
    expect(column("Versie vrijwaring")).toBe("2025-1");
    expect(column("Voorwaarden geaccepteerd op")).toBe("2026-01-05 11:00");
    expect(column("Status")).toBe("bevestigd");
    // The money columns added with the balance come after the original ones.
    expect(REGISTRATION_CSV_HEADER.slice(24, 30)).toEqual(["Terugbetaald (EUR)", "Netto ontvangen (EUR)", "Openstaand (EUR)", "Restbetaling uiterlijk", "Achterstallig", "Lopende boeking"]);
    // The participant's columns added with group bookings come after those (decision 042).
    expect(REGISTRATION_CSV_HEADER.slice(30)).toEqual(["Plaatsnummer", "Deelnemersreferentie", "Boeker", "E-mail boeker", "Aantal plaatsen in boeking", "Vrijwaring deelnemer", "Vrijwaring geaccepteerd op", "Gegevens compleet"]);
    expect(column("Lopende boeking")).toBe("ja");
    expect(column("Terugbetaald (EUR)")).toBe("0,00");
    expect(column("Netto ontvangen (EUR)")).toBe("250,00");
    expect(column("Openstaand (EUR)")).toBe("250,00");
    expect(column("Restbetaling uiterlijk")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(column("Achterstallig")).toBe("ja");
    expect(text).toContain('"Vegetarisch; ""geen"" noten"');
    // The formula is text, not something Excel runs.
    expect(text).toContain("'=cmd|' /C calc'!A0");
    expect(text).not.toMatch(/(^|;)=cmd/m);
  });

  it("exports interest and newsletter subscribers", async () => {
    const interest = await ((await call(interestExport, admin.request("/admin/exports/interest.csv"))) as Response).text();
    expect(parseCsv(interest).slice(1).map((r) => r[2])).toEqual(["Piet", "Sanne"]);
    expect(interest).toContain("Graag meer info");
    const newsletter = await ((await call(newsletterExport, admin.request("/admin/exports/newsletter.csv"))) as Response).text();
    expect(parseCsv(newsletter)[1]).toEqual(expect.arrayContaining(["Lærer Dück", "lezer@example.com", "bevestigd"]));
  });

  it("refuses every export and admin action to a non-admin with 403, and to nobody with 401", async () => {
    const gets = [registrationsExport, interestExport, newsletterExport, newsletterLoader, emailsLoader, usersLoader];
    for (const loader of gets) {
      expect(((await outcome(call(loader, sailor.request("/admin/x")))) as Response).status).toBe(403);
      expect(((await outcome(call(loader, new Request("http://localhost/admin/x")))) as Response).status).toBe(401);
    }
    const posts = [emailsAction, usersAction, registrationsExportAction];
    for (const action of posts) {
      const request = formRequest("/admin/users", { intent: "create", name: "X", email: "x@example.com", password: "0123456789", admin: "on" }, { cookie: sailor.cookie });
      expect(((await outcome(call(action, request))) as Response).status).toBe(403);
    }
    const manifest = await outcome(call(manifestLoader, sailor.request(`/admin/manifest/${eventId}`), { eventId }));
    expect((manifest as Response).status).toBe(403);
  });

  it("the manifest lists confirmed participants with emergency contacts", async () => {
    const data = (await call(manifestLoader, admin.request(`/admin/manifest/${eventId}`), { eventId })) as {
      participants: { name: string; nextOfKinPhone: string }[];
    };
    expect(data.participants.map((p) => p.name)).toEqual(["=cmd|' /C calc'!A0", "Jeroen van Ærlé-Dückers"]);
    expect(data.participants[0].nextOfKinPhone).toBe("+31 70 123 4567");
  });

  it("lets an admin create a user, refuses a duplicate", async () => {
    const fields = { intent: "create", name: "Nieuwe Schipper", email: "nieuw@example.com", password: "lange-wachtwoord-1" };
    const created = (await call(usersAction, formRequest("/admin/users", fields, { cookie: admin.cookie }))) as { init: ResponseInit | null; data: { ok: boolean } };
    expect(created.data.ok).toBe(true);
    const again = (await call(usersAction, formRequest("/admin/users", fields, { cookie: admin.cookie }))) as { init: ResponseInit | null; data: { ok: boolean } };
    expect(again.init?.status).toBe(409);
    const list = (await call(usersLoader, admin.request("/admin/users"))) as { users: { email: string; role: string }[] };
    expect(list.users.find((u) => u.email === "nieuw@example.com")?.role).toBe("user");
  });

  it("retries a failed e-mail from the log on an admin's request", async () => {
    const [failed] = await database
      .db()
      .insert(emails)
      .values({ to: "deelnemer@example.com", subject: "Bevestiging", template: "registration-confirmation", locale: "nl", html: "<p>Hoi</p>", text: "Hoi", status: "failed", attempts: 3, lastError: "SMTP 421" })
      .returning();
    const listed = (await call(emailsLoader, admin.request("/admin/emails"))) as { emails: { id: string; status: string; lastError: string | null }[] };
    expect(listed.emails.find((e) => e.id === failed.id)).toMatchObject({ status: "failed", lastError: "SMTP 421" });

    const result = (await call(emailsAction, formRequest("/admin/emails", { id: failed.id }, { cookie: admin.cookie }))) as { data: { ok: boolean; message: string } };
    expect(result.data).toMatchObject({ ok: true, message: "Bericht verstuurd" });
    const [after] = await database.db().select().from(emails).where(eq(emails.id, failed.id));
    expect(after.status).toBe("sent");

    const unknown = (await call(emailsAction, formRequest("/admin/emails", { id: "00000000-0000-4000-8000-000000000000" }, { cookie: admin.cookie }))) as { init: ResponseInit | null; data: { message: string } };
    expect(unknown.init?.status).toBe(404);
    expect(unknown.data.message).toBe("Dit bericht bestaat niet meer.");
  });

  it("counts refunds and settled balances from the one money function: dashboard, CSV and manifest agree", async () => {
    const db = database.db();
    const start = Date.now() + 90 * 86_400_000;
    const event = await insertEvent(db, { name: "Geldtest", maxParticipants: 6, startDate: new Date(start), endDate: new Date(start + 86_400_000) });
    // Paid in full, then 100 refunded as a goodwill gesture; still sailing.
    const refunded = await insertRegistration(db, event.id, { customerName: "Refund Deelnemer", paidCents: 50_000, createdAt: new Date(Date.now() + 1000) });
    const [payment] = await db.select().from(payments).where(eq(payments.registrationId, refunded.id));
    await db.insert(refunds).values({ registrationId: refunded.id, paymentId: payment.id, amountCents: 10_000, reason: "Goodwill", status: "succeeded", idempotencyKey: `t-${refunded.id}`, requestedBy: "system", succeededAt: new Date() });
    // Deposit paid, balance due in 60 days: not overdue.
    const owing = await insertRegistration(db, event.id, { customerName: "Owing Deelnemer", paidCents: 25_000, createdAt: new Date(Date.now() + 2000) });

    const rows = await paidRegistrations(db, new Date());
    expect(rows.find((r) => r.id === refunded.id)).toMatchObject({ amountPaidCents: 50_000, refundedCents: 10_000, balanceDueCents: 0, balanceDueAt: null, overdue: false });
    const owingRow = rows.find((r) => r.id === owing.id)!;
    expect(owingRow).toMatchObject({ balanceDueCents: 25_000, overdue: false });
    // Due by the end (in Amsterdam) of the day 30 days before the start's day.
    expect(owingRow.balanceDueAt?.getTime()).toBe(teamDayEnd(teamDay(new Date(start - 30 * 86_400_000))).getTime());

    const occupancy = (await eventOccupancy(db, new Date())).find((r) => r.id === event.id)!;
    expect(occupancy).toMatchObject({ expectedCents: 100_000, receivedCents: 65_000, outstandingCents: 25_000 });

    const csv = parseCsv(await ((await call(registrationsExport, admin.request(`/admin/exports/registrations.csv?event=${event.id}`))) as Response).text());
    const column = (row: string[], name: (typeof REGISTRATION_CSV_HEADER)[number]) => row[REGISTRATION_CSV_HEADER.indexOf(name)];
    const refundedCsv = csv.find((r) => r[0] === refunded.reference)!;
    expect([column(refundedCsv, "Betaald (EUR)"), column(refundedCsv, "Terugbetaald (EUR)"), column(refundedCsv, "Netto ontvangen (EUR)"), column(refundedCsv, "Openstaand (EUR)"), column(refundedCsv, "Achterstallig")]).toEqual(["500,00", "100,00", "400,00", "0,00", "nee"]);
    const owingCsv = csv.find((r) => r[0] === owing.reference)!;
    expect(column(owingCsv, "Openstaand (EUR)")).toBe("250,00");
    expect(column(owingCsv, "Restbetaling uiterlijk")).not.toBe("");

    const manifest = (await call(manifestLoader, admin.request(`/admin/manifest/${event.id}`), { eventId: event.id })) as { participants: { registrationId: string; balanceDueCents: number; overdue: boolean }[] };
    expect(manifest.participants.map((p) => [p.registrationId, p.balanceDueCents, p.overdue])).toEqual([
      [owing.id, 25_000, false],
      [refunded.id, 0, false],
    ]);

    const dashboard = (await call(dashboardLoader, admin.request("/admin/dashboard"))) as { registrations: { id: string; balanceDueAt: string | null }[] };
    expect(dashboard.registrations.find((r) => r.id === owing.id)?.balanceDueAt).toBe(teamDayEnd(teamDay(new Date(start - 30 * 86_400_000))).toISOString());
  });
});
