// @engine pglite: HTTP glue of the admin registration page
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as AuthModule from "@server/auth/auth.server";
import type * as LoginModule from "@server/auth/login.server";
import type * as UsersModule from "@server/auth/users.server";
import type * as SchemaModule from "@server/db/schema.server";
import { startTestApp, type TestApp } from "../support/http-app";
import { signInAdminWithCode } from "../support/admin-session";

// The registration page and the dashboard's links through the real HTTP app (Express, the
// request checks, React Router rendering the page): what the team sees, and a form sent twice.

let app: TestApp;
let cookie = "";
let schema: typeof SchemaModule;
let registrationId = "";
let reference = "";
let groupId = "";

beforeAll(async () => {
  app = await startTestApp();
  schema = await app.load<typeof SchemaModule>("/server/db/schema.server.ts");
  const { upsertUser } = await app.load<typeof UsersModule>("/server/auth/users.server.ts");
  const { signInWithPassword } = await app.load<typeof LoginModule>("/server/auth/login.server.ts");
  await upsertUser({ email: "boekingen-admin@example.com", password: "correct-horse-battery", admin: true });
  const { auth } = await app.load<typeof AuthModule>("/server/auth/auth.server.ts");
  // Password and TOTP code (decision 017): the helper sets the second factor up on first sign-in.
  ({ cookie } = await signInAdminWithCode({ signInWithPassword, auth }, { email: "boekingen-admin@example.com", password: "correct-horse-battery", clientAddress: "10.9.8.6" }));

  // Starts in 20 days with the balance due 30 days before: overdue since it was booked 10 days ago.
  const start = Date.now() + 20 * 86_400_000;
  const [event] = await app.db
    .insert(schema.events)
    .values({ slug: "http-regatta", name: "HTTP Regatta", startDate: new Date(start), endDate: new Date(start + 86_400_000), priceCents: 60_000, maxParticipants: 8 })
    .returning();
  const [registration] = await app.db
    .insert(schema.registrations)
    .values({
      reference: "OR-HTTP01",
      eventId: event.id,
      customerName: "Fenna Zeewind",
      customerEmail: "fenna@example.com",
      street: "Kade 2",
      city: "Den Haag",
      postalCode: "2583 AA",
      country: "Nederland",
      status: "confirmed",
      priceCents: 60_000,
      amountDueCents: 30_000,
      termsAcceptedAt: new Date(),
      waiverVersion: "2025-1",
      confirmedAt: new Date(Date.now() - 10 * 86_400_000),
    })
    .returning();
  // Place 1 is Fenna's own (she booked for herself and sails), as the form makes it.
  await app.db.insert(schema.bookingPlaces).values({ registrationId: registration.id, number: 1, isBooker: true, name: "Fenna Zeewind", email: "fenna@example.com", birthDate: "1991-02-03", street: "Kade 2", city: "Den Haag", postalCode: "2583 AA", country: "Nederland", nextOfKinName: "Kees Zeewind", nextOfKinPhone: "+31 6 1111 2222", waiverVersion: "2025-1", waiverAcceptedAt: new Date() });
  // A company's booking of three places for the same event, the booker ashore: Fenna is also its
  // participant 2 (the staff must see she booked herself too); place 3 was given to someone else.
  const [group] = await app.db
    .insert(schema.registrations)
    .values({ reference: "OR-GROEP1", eventId: event.id, customerName: "Bureau Wind HR", customerEmail: "hr@example.com", street: "Plein 1", city: "Den Haag", postalCode: "2511 AA", country: "Nederland", status: "confirmed", priceCents: 180_000, amountDueCents: 90_000, termsAcceptedAt: new Date(), waiverVersion: "2025-1", confirmedAt: new Date(), places: 3, bookerSails: false })
    .returning();
  groupId = group.id;
  const [replacement] = await app.db
    .insert(schema.bookingPlaces)
    .values({ registrationId: group.id, number: 3, name: "Ruben Nieuw", email: "ruben@example.com", invitedAt: new Date() })
    .returning();
  await app.db.insert(schema.bookingPlaces).values([
    { registrationId: group.id, number: 1, name: "Sanne Compleet", email: "sanne@example.com", birthDate: "1988-05-06", street: "Laan 3", city: "Delft", postalCode: "2611 AB", country: "Nederland", nextOfKinName: "Piet Compleet", nextOfKinPhone: "+31 6 3333 4444", waiverVersion: "2026-1", waiverAcceptedAt: new Date(), invitedAt: new Date() },
    { registrationId: group.id, number: 2, name: "Fenna Zeewind", email: "FENNA@example.com ", invitedAt: new Date() },
    { registrationId: group.id, number: 3, name: "Olga Oud", email: "olga@example.com", replacedAt: new Date(), replacedById: replacement.id },
  ]);
  // Another date of the same kind: the move form offers it.
  await app.db.insert(schema.events).values({ slug: "http-regatta-2", name: "HTTP Regatta najaar", startDate: new Date(start + 30 * 86_400_000), endDate: new Date(start + 31 * 86_400_000), priceCents: 60_000, maxParticipants: 8 });
  await app.db.insert(schema.payments).values({ registrationId: registration.id, provider: "test", providerSessionId: "cs_http_1", kind: "deposit", amountCents: 30_000, status: "paid", paidAt: new Date() });
  registrationId = registration.id;
  reference = registration.reference;
}, 180_000);

afterAll(async () => {
  await app?.close();
});

const page = (path: string) => fetch(`${app.url}${path}`, { headers: { cookie } });

describe("the admin registration page over HTTP", () => {
  it("renders the participant, the money with the overdue badge, and the actions", async () => {
    const response = await page(`/admin/registrations/${registrationId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Fenna Zeewind");
    expect(html).toContain(reference);
    expect(html).toContain("Achterstallig");
    expect(html).toContain("€300"); // the balance
    for (const intent of ["payment-link", "bank-transfer", "cancel", "move", "resend-confirmation"]) expect(html).toContain(`value="${intent}"`);
    expect(html).toContain("HTTP Regatta najaar");
  });

  it("shows a group booking's places: details, waiver, the replaced participant, and who also booked", async () => {
    const response = await page(`/admin/registrations/${groupId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Bureau Wind HR");
    expect(html).toContain("De boeker zeilt niet mee.");
    // 3 × €600 per place; one of the three complete.
    expect(html).toContain("3 × €600 per plaats · 1 van 3 compleet");
    expect(html.match(/data-testid="place-row"/g)).toHaveLength(3);
    expect(html.match(/data-testid="place-replaced-row"/g)).toHaveLength(1);
    for (const text of ["OR-GROEP1-1", "OR-GROEP1-2", "OR-GROEP1-3", "Sanne Compleet", "Piet Compleet", "versie 2026-1", "Ruben Nieuw", "Olga Oud", "vervangen"]) expect(html).toContain(text);
    expect(html).toContain("ontbreekt: geboortedatum");
    // Fenna has her own booking for this event: the mark links to it, on her row only.
    const marks = html.match(/data-testid="also-booked"[^]*?<\/span><\/span>/g) ?? [];
    expect(marks).toHaveLength(1);
    expect(marks[0]).toContain("Ook zelf geboekt:");
    expect(marks[0]).toContain(`href="/admin/registrations/${registrationId}"`);
    expect(marks[0]).toContain("OR-HTTP01");
    // The other way round: Fenna's own booking shows she is also in the group's.
    const own = await (await page(`/admin/registrations/${registrationId}`)).text();
    expect(own).toContain(`href="/admin/registrations/${groupId}"`);
    expect(own).toContain("1 × €600 per plaats · 1 van 1 compleet");
  });

  it("links each registration from the dashboard and the manifest", async () => {
    const dashboard = await (await page("/admin/dashboard")).text();
    expect(dashboard).toContain(`href="/admin/registrations/${registrationId}"`);
    expect(dashboard).toContain("Achterstallig");
    // Places and bookings apart: Fenna's own place and the group's three.
    expect(dashboard).toContain("4 plaatsen in 2 boekingen");
    const [event] = (await app.db.select().from(schema.events)).filter((e) => e.slug === "http-regatta");
    const manifest = await (await page(`/admin/manifest/${event.id}`)).text();
    expect(manifest).toContain(`href="/admin/registrations/${registrationId}"`);
    // One row per live participant: Fenna twice (her own place and the group's), the replaced one not at all.
    expect(manifest.match(/data-testid="manifest-row"/g)).toHaveLength(4);
    expect(manifest).toContain("OR-GROEP1-2");
    expect(manifest).not.toContain("Olga Oud");
    // Two lack details or the waiver (Fenna's group place and Ruben): marked, and counted above the list.
    expect(manifest.match(/data-attention="yes"/g)).toHaveLength(2);
    expect(manifest).toContain("2 deelnemers hebben de vrijwaring nog niet geaccepteerd");
  });

  it("records a bank transfer sent twice from one page once, and shows it", async () => {
    const html = await (await page(`/admin/registrations/${registrationId}`)).text();
    const nonce = html.match(/name="nonce" value="([0-9a-f-]{36})"/)?.[1];
    expect(nonce).toBeDefined();
    const send = () =>
      fetch(`${app.url}/admin/registrations/${registrationId}`, {
        method: "POST",
        headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "bank-transfer", amount: "300", nonce: nonce! }).toString(),
        redirect: "manual",
      });
    const answers = [await send(), await send()];
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const manual = (await app.db.select().from(schema.payments)).filter((p) => p.provider === "manual");
    expect(manual.map((p) => p.amountCents)).toEqual([30_000]);
    const after = await (await page(`/admin/registrations/${registrationId}`)).text();
    expect(after).toContain("Bankoverschrijving");
    expect(after).not.toContain("Achterstallig");
  });

  it("answers an unknown registration with the admin's 404", async () => {
    expect((await page("/admin/registrations/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await page("/admin/registrations/geen-id")).status).toBe(404);
  });
});
