import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { db } from "@server/db/client.server";
import { makeReference } from "@server/booking/reference.server";
import { emails, events, type registrations, type NewEvent } from "@server/db/schema.server";
import type { CheckoutRequest, PaymentProvider, RefundAnswer, RefundRequest, SessionState } from "@server/payments/provider.server";
import type { ParticipantInput, RegistrationInput } from "~/schemas/registration";
import { afterAll, afterEach, beforeAll } from "vitest";
import { setNowForTests } from "@server/clock.server";
import { setEnvForTests } from "@server/env.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";

/**
 * A bookable event two months after `now`, with the given overrides: before its balance's due
 * day (30 days before the start), so a registration at `now` pays the deposit.
 */
export async function insertEvent(now: Date, overrides: Partial<NewEvent> = {}) {
  const start = new Date(now.getTime() + 60 * 86_400_000);
  const [event] = await db()
    .insert(events)
    .values({
      slug: `test-event-${crypto.randomBytes(4).toString("hex")}`,
      name: "Testzeildag",
      nameEn: "Test sailing day",
      description: "Een dag zeilen.",
      startDate: start,
      endDate: new Date(start.getTime() + 8 * 3_600_000),
      location: "Scheveningen, 3e haven",
      priceCents: 29_500,
      depositPercent: 50,
      included: ["Lunch"],
      includedEn: ["Lunch"],
      maxParticipants: 5,
      // Parties of up to 4, so one booker's limit is MAX_OPEN_HOLDS_PER_BOOKER (4) places, as the
      // hold-limit tests were written; group-booking tests set their own maximum.
      maxPlacesPerBooking: 4,
      ...overrides,
    })
    .returning();
  return event;
}

/** A registration row as stored, for tests that insert one directly (held, with a deposit due). */
export function registrationRow(eventId: string, overrides: Partial<typeof registrations.$inferInsert> = {}): typeof registrations.$inferInsert {
  return {
    reference: makeReference(),
    eventId,
    customerName: "Deelnemer",
    customerEmail: "deelnemer@example.com",
    birthDate: "1990-05-17",
    street: "Havenstraat 1",
    city: "Den Haag",
    postalCode: "2583 AB",
    country: "Nederland",
    nextOfKinName: "Familie",
    nextOfKinPhone: "+31 6 12345678",
    status: "pending_payment",
    priceCents: 29_500,
    amountDueCents: 14_750,
    termsAcceptedAt: new Date(),
    waiverVersion: "test",
    ...overrides,
  };
}

export function participant(n = 1): RegistrationInput {
  return {
    places: 1,
    bookerSails: true,
    participants: [],
    customerName: `Deelnemer ${n}`,
    customerEmail: `deelnemer${n}@example.com`,
    phoneNumber: undefined,
    street: "Havenstraat 1",
    city: "Den Haag",
    postalCode: "2583 AB",
    country: "Nederland",
    birthDate: "1990-05-17",
    nextOfKinName: "Familie",
    nextOfKinPhone: "+31 6 12345678",
    comments: undefined,
    asCompany: false,
    companyName: undefined,
    companyVatNumber: undefined,
    companyPoReference: undefined,
    invoiceAddress: undefined,
    termsAccepted: "on",
  };
}

/** Another participant as the booker names them: a name, an address, a language; the rest they complete themselves. */
export function namedParticipant(name: string, email: string, locale?: "nl" | "en", extra: Partial<ParticipantInput> = {}): ParticipantInput {
  return {
    name,
    email,
    locale,
    birthDate: undefined,
    street: undefined,
    city: undefined,
    postalCode: undefined,
    country: undefined,
    nextOfKinName: undefined,
    nextOfKinPhone: undefined,
    ...extra,
  };
}

/** A booking of `places` places by participant n, who sails, with guests "Gast n.2" … named by name and e-mail. */
export function sailingGroup(n: number, places: number): RegistrationInput {
  return {
    ...participant(n),
    places,
    participants: Array.from({ length: places - 1 }, (_, i) => namedParticipant(`Gast ${n}.${i + 2}`, `gast${n}.${i + 2}@example.com`)),
  };
}

/** The same participant as a posted form. */
export function participantForm(n = 1, overrides: Record<string, string> = {}): Record<string, string> {
  const p = participant(n);
  return {
    customerName: p.customerName,
    customerEmail: p.customerEmail,
    street: p.street,
    city: p.city,
    postalCode: p.postalCode,
    country: p.country,
    birthDate: p.birthDate!,
    nextOfKinName: p.nextOfKinName!,
    nextOfKinPhone: p.nextOfKinPhone!,
    termsAccepted: "on",
    ...overrides,
  };
}

export async function emailCount(template: string, to?: string): Promise<number> {
  const rows = await db().select({ n: count(), to: emails.to }).from(emails).where(eq(emails.template, template)).groupBy(emails.to);
  return rows.filter((r) => to === undefined || r.to === to).reduce((sum, r) => sum + Number(r.n), 0);
}

/**
 * A payment provider that records what the booking code asks of it: checkouts are "paid" by the
 * test itself, refunds are observed.
 */
export class FakeProvider implements PaymentProvider {
  readonly checkouts: CheckoutRequest[] = [];
  /** The payment id of every refund call, in order (a repeated key is a repeated call). */
  readonly refunds: string[] = [];
  readonly refundRequests: RefundRequest[] = [];
  readonly sessions = new Map<string, SessionState>();
  failRefunds = false;
  /** What a refund answers: done at once, or accepted and confirmed later (a webhook). */
  refundStatus: RefundAnswer["status"] = "succeeded";

  constructor(readonly name: "stripe" | "test" = "stripe") {}

  async createCheckout(request: CheckoutRequest) {
    this.checkouts.push(request);
    // Like Stripe: a request with a key seen before answers the same session.
    const sessionId = request.idempotencyKey
      ? `cs_test_${crypto.createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 24)}`
      : `cs_test_${crypto.randomBytes(12).toString("hex")}`;
    const existing = this.sessions.get(sessionId);
    if (existing) return { sessionId, url: `https://checkout.example.test/${sessionId}` };
    this.sessions.set(sessionId, {
      sessionId,
      status: "open",
      paymentStatus: "unpaid",
      paymentId: null,
      registrationId: request.registration.id,
      amountCents: request.amountCents,
      currency: "eur",
    });
    return { sessionId, url: `https://checkout.example.test/${sessionId}` };
  }

  /** The visitor paid: the session completes with a payment id. */
  pay(sessionId: string): string {
    const paymentId = `pi_${crypto.randomBytes(8).toString("hex")}`;
    const session = this.sessions.get(sessionId)!;
    this.sessions.set(sessionId, { ...session, status: "complete", paymentStatus: "paid", paymentId });
    return paymentId;
  }

  /** What the session charges, as fulfilPayment's amountCents/currency (unknown sessions: nothing). */
  amountOf(sessionId: string): { amountCents: number | null; currency: string | null } {
    const session = this.sessions.get(sessionId);
    return { amountCents: session?.amountCents ?? null, currency: session?.currency ?? null };
  }

  async retrieveSession(sessionId: string) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  }

  async refund(request: RefundRequest): Promise<RefundAnswer> {
    if (this.failRefunds) throw new Error("refund refused");
    this.refunds.push(request.paymentId);
    this.refundRequests.push(request);
    // Like Stripe: the same idempotency key answers the same refund.
    return { refundId: `re_${crypto.createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 20)}`, status: this.refundStatus };
  }
}

/**
 * A booking test file's set-up: a demo site's settings (its outbox in the file's data folder, no
 * Stripe key or SMTP, a silent log) and a fake Stripe provider for its tests, whose clock is
 * unpinned after each test. Call at the top of a `describe` after `useTestDatabase()`.
 */
export function useFakeStripe(database: { dataDir: () => string }): FakeProvider {
  const provider = new FakeProvider("stripe");
  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
    setPaymentProviderForTests(provider);
  });
  afterAll(() => setPaymentProviderForTests(undefined));
  afterEach(() => setNowForTests(undefined));
  return provider;
}
