import type { Database } from "@server/db/client.server";
import { bookingPlaces, eventInterest, events, payments, registrations, type NewEvent } from "@server/db/schema.server";
import { auth } from "@server/auth/auth.server";
import { signInWithPassword } from "@server/auth/login.server";
import type { StaffRole } from "@server/auth/roles.server";
import { upsertUser } from "@server/auth/users.server";
import { signInAdminWithCode } from "../support/admin-session";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

/**
 * A user (admin, another staff role, or none) and a request carrying a fresh session cookie of
 * theirs. `role` names the staff role (decision 044; null: none) and wins over `admin`. A staff
 * member's session is fully signed in: password and TOTP code, with the second factor set up on
 * the account's first sign-in (decision 017).
 */
export async function signedInUser(options: { admin?: boolean; role?: StaffRole | null; email?: string; password?: string }) {
  const email = options.email ?? `user-${unique()}@example.com`;
  const password = options.password ?? "correct-horse-battery";
  const role = options.role !== undefined ? options.role : options.admin ? "admin" : null;
  const { id } = await upsertUser({ email, password, role });
  const clientAddress = `10.9.${counter % 250}.${counter % 250}`;
  let cookie: string;
  let setCookies: string[];
  if (role !== null) {
    ({ cookie, setCookies } = await signInAdminWithCode({ signInWithPassword, auth }, { email, password, clientAddress }));
  } else {
    const result = await signInWithPassword({ email, password, clientAddress, headers: new Headers() });
    if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
    setCookies = result.setCookies;
    cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  }
  return { id, email, password, cookie, setCookies, request: (url = "http://localhost/admin", init: RequestInit = {}) => withCookie(url, cookie, init) };
}

export function withCookie(url: string, cookie: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie);
  return new Request(new URL(url, "http://localhost").toString(), { ...init, headers });
}

export async function insertEvent(db: Database, overrides: Partial<NewEvent> = {}) {
  const slug = `admin-test-${unique()}`;
  const start = new Date(Date.now() + 30 * 86_400_000);
  const [row] = await db
    .insert(events)
    .values({
      slug,
      name: `Testevent ${slug}`,
      startDate: start,
      endDate: new Date(start.getTime() + 86_400_000),
      location: "Scheveningen",
      priceCents: 50_000,
      maxParticipants: 10,
      ...overrides,
    })
    .returning();
  return row;
}

type RegistrationOverrides = Partial<typeof registrations.$inferInsert> & { paidCents?: number; paymentStatus?: "paid" | "open" | "refunded" };

/**
 * A registration, with a payment when `paidCents` is given: a booking of one place whose booker
 * sails, place 1 holding the participant's details (as migration 0016 and the form make it).
 */
export async function insertRegistration(db: Database, eventId: string, overrides: RegistrationOverrides = {}) {
  const { paidCents, paymentStatus, ...fields } = overrides;
  const [row] = await db
    .insert(registrations)
    .values({
      reference: `OR-${unique().toUpperCase()}`,
      eventId,
      customerName: "Test Deelnemer",
      customerEmail: `deelnemer-${unique()}@example.com`,
      phoneNumber: "+31 6 1234 5678",
      birthDate: "1990-04-02",
      street: "Havenweg 1",
      city: "Scheveningen",
      postalCode: "2583 AA",
      country: "Nederland",
      nextOfKinName: "Noor Contact",
      nextOfKinPhone: "+31 70 123 4567",
      status: paidCents ? "confirmed" : "pending_payment",
      priceCents: 50_000,
      amountDueCents: 25_000,
      termsAcceptedAt: new Date("2026-01-05T10:00:00Z"),
      waiverVersion: "2025-1",
      ...fields,
    })
    .returning();
  await db.insert(bookingPlaces).values({
    registrationId: row.id,
    number: 1,
    isBooker: true,
    name: row.customerName,
    email: row.customerEmail,
    locale: row.locale,
    birthDate: row.birthDate,
    street: row.street,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    nextOfKinName: row.nextOfKinName,
    nextOfKinPhone: row.nextOfKinPhone,
    waiverVersion: row.waiverVersion,
    waiverAcceptedAt: row.termsAcceptedAt,
    detailsCompletedAt: row.createdAt,
  });
  if (paidCents !== undefined) {
    await db.insert(payments).values({
      registrationId: row.id,
      provider: "test",
      providerSessionId: `cs_${unique()}`,
      kind: "deposit",
      amountCents: paidCents,
      status: paymentStatus ?? "paid",
      paidAt: paymentStatus === "open" ? null : new Date(),
    });
  }
  return row;
}

export async function insertInterest(db: Database, eventId: string, fields: { name: string; email: string; message?: string; createdAt?: Date }) {
  const [row] = await db.insert(eventInterest).values({ eventId, ...fields }).returning();
  return row;
}
