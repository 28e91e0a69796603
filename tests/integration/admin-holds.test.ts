// @engine both: releasing a hold under the event lock, places counted
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as eventAction, loader as eventLoader } from "~/routes/admin/events-detail";
import { historyLines } from "@server/audit/history.server";
import { upsertUser } from "@server/auth/users.server";
import { markCheckoutOpened, openCheckout } from "@server/booking/checkout.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { heldPlaces, releaseHeldRegistration, releaseOffer } from "@server/booking/holds.server";
import { createRegistration, MAX_OPEN_HOLDS_PER_BOOKER } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, payments, refunds, registrations, waitlistEntries, waitlistOffers, type Event } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import { useTestDatabase } from "../support/db";
import { call, postForm, unwrap } from "./admin-articles-helpers";
import { signedInUser } from "./admin-fixtures";
import { FakeProvider, insertEvent, participant } from "./booking-fixtures";

/*
 * Who holds places now, and staff releasing a hold or an offer (issue: four addresses took all
 * twelve places of a twelve-place event). The per-address limit stays; a release ends a hold as
 * its running out would, under the event's lock, with the staff member in the audit trail; the
 * freed place goes to the waiting list; and a payment that still arrives is never lost: the
 * late-payment rule confirms it while a place is free, and refunds it in full otherwise.
 */

const NOW = new Date("2026-04-01T10:00:00Z");
const HOUR = 3_600_000;

describe("held places: the admin's view and release", () => {
  const database = useTestDatabase();
  let provider: FakeProvider;
  let staff: { type: "staff"; userId: string };
  let event: Event;
  type Held = Extract<Awaited<ReturnType<typeof createRegistration>>, { outcome: "held" }>;
  const holds: { id: string; reference: string; sessionId?: string; amountCents: number; created: Held }[] = [];
  let offerId = "";

  async function hold(n: number, clientAddress: string) {
    const created = await createRegistration(database.db(), { eventId: event.id, input: participant(n), locale: "nl", now: NOW, clientAddress });
    if (created.outcome !== "held") return created;
    holds[n] = { id: created.registration.id, reference: created.registration.reference, amountCents: created.registration.amountDueCents, created };
    return created;
  }

  async function openAndStart(n: number) {
    const { registration, event: booked, due } = holds[n].created;
    const session = await openCheckout(registration, booked, due);
    await markCheckoutOpened("stripe", session.sessionId);
    holds[n].sessionId = session.sessionId;
  }

  async function pay(n: number) {
    const sessionId = holds[n].sessionId!;
    const paymentId = provider.pay(sessionId);
    return fulfilPayment({ provider: "stripe", sessionId, providerPaymentId: paymentId, amountCents: holds[n].amountCents, currency: "eur" });
  }

  const taken = async () => (await placesTakenByEvent(database.db(), [event.id], NOW)).get(event.id) ?? 0;

  beforeAll(async () => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
    provider = new FakeProvider("stripe");
    setPaymentProviderForTests(provider);
    setNowForTests(NOW);
    const user = await upsertUser({ email: "marieke.holds@example.com", password: "correct-horse-battery", admin: true, name: "Marieke Schipper" });
    staff = { type: "staff", userId: user.id };
    event = await insertEvent(NOW, { maxParticipants: 6 });
  });
  afterAll(() => {
    setPaymentProviderForTests(undefined);
    setNowForTests(undefined);
  });

  it("keeps the per-address limit, and shows who holds what with the squatting signals", async () => {
    for (const n of [1, 2, 3, 4]) expect((await hold(n, "10.1.1.1")).outcome).toBe("held");
    // The fifth from the same client address is refused: the limit stays.
    expect(await hold(5, "10.1.1.1")).toMatchObject({ outcome: "refused", reason: "too_many_holds" });
    expect((await hold(6, "10.2.2.2")).outcome).toBe("held");
    // An open waiting-list offer of one place.
    const [entry] = await database.db().insert(waitlistEntries).values({ eventId: event.id, name: "Olga Offer", email: "olga@example.com", places: 1, status: "offered" }).returning();
    const [offer] = await database
      .db()
      .insert(waitlistOffers)
      .values({ entryId: entry.id, eventId: event.id, places: 1, status: "open", expiresAt: new Date(NOW.getTime() + 48 * HOUR), createdBy: "system", createdAt: NOW })
      .returning();
    offerId = offer.id;
    await openAndStart(1);
    expect(await taken()).toBe(6);

    const held = await heldPlaces(database.db(), event.id, NOW);
    expect(held).toHaveLength(6);
    const byRef = new Map(held.flatMap((h) => (h.kind === "hold" ? [[h.reference, h]] : [])));
    expect(byRef.get(holds[1].reference)).toMatchObject({ name: "Deelnemer 1", email: "deelnemer1@example.com", places: 1, sameClient: 4, sameEmail: 1, atLimit: true, paymentInProgress: true });
    expect(byRef.get(holds[2].reference)).toMatchObject({ sameClient: MAX_OPEN_HOLDS_PER_BOOKER, atLimit: true, paymentInProgress: false });
    expect(byRef.get(holds[6].reference)).toMatchObject({ sameClient: 1, atLimit: false });
    expect(held.find((h) => h.kind === "offer")).toMatchObject({ offerId, name: "Olga Offer", email: "olga@example.com", places: 1 });
  });

  it("releases a hold under the event lock, audited with the staff member; the place is free again", async () => {
    const result = await releaseHeldRegistration(event.id, holds[6].id, staff, NOW);
    expect(result).toEqual({ outcome: "released", offered: 0 });
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, holds[6].id));
    expect(row.status).toBe("expired");
    expect(row.holdExpiresAt?.toISOString()).toBe(NOW.toISOString());
    const trail = await database.db().select().from(auditLog).where(eq(auditLog.registrationId, holds[6].id));
    const released = trail.filter((a) => a.action === "registration.hold_released");
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({ actorType: "staff", actorId: staff.userId, reason: "hold_released", changes: { status: { from: "pending_payment", to: "expired" } } });
    expect(await taken()).toBe(5);
    // In words, for the registration page.
    const [line] = (await historyLines(database.db(), released, "nl", "staff")).slice(-1);
    expect(line.sentence).toBe("De vastgehouden plaats is vrijgegeven (door Marieke Schipper). Reden: Vrijgegeven door het team");

    // Again, or under another event: nothing more happens.
    expect(await releaseHeldRegistration(event.id, holds[6].id, staff, NOW)).toEqual({ outcome: "not_held" });
    const other = await insertEvent(NOW);
    expect(await releaseHeldRegistration(other.id, holds[2].id, staff, NOW)).toEqual({ outcome: "not_held" });
    expect((await database.db().select().from(auditLog).where(eq(auditLog.registrationId, holds[6].id))).length).toBe(trail.length);
    expect((await database.db().select().from(registrations).where(eq(registrations.id, holds[2].id)))[0].status).toBe("pending_payment");
  });

  it("a released hold's place goes to the waiting list; the payment that still arrives is refunded in full", async () => {
    // Someone waits for two places: the one released before and the one released now.
    const [waiting] = await database.db().insert(waitlistEntries).values({ eventId: event.id, name: "Wim Wacht", email: "wim@example.com", places: 2, status: "waiting" }).returning();
    const result = await releaseHeldRegistration(event.id, holds[1].id, staff, NOW);
    expect(result).toEqual({ outcome: "released", offered: 1 });
    const [offer] = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, waiting.id));
    expect(offer).toMatchObject({ status: "open", places: 2, createdBy: `staff:${staff.userId}` });
    // The open checkout was closed with the hold, in the same transaction.
    const [payment] = await database.db().select().from(payments).where(eq(payments.registrationId, holds[1].id));
    expect(payment.status).toBe("expired");
    const paymentTrail = await database.db().select().from(auditLog).where(and(eq(auditLog.entityId, payment.id), eq(auditLog.action, "payment.expired")));
    expect(paymentTrail).toMatchObject([{ actorType: "staff", actorId: staff.userId, reason: "hold_released" }]);
    expect(await taken()).toBe(6);

    // The person had the payment page open and pays anyway: the event is full again, so it goes back.
    expect(await pay(1)).toMatchObject({ outcome: "refunded" });
    const [after] = await database.db().select().from(registrations).where(eq(registrations.id, holds[1].id));
    expect(after.status).toBe("refunded");
    const back = await database.db().select().from(refunds).where(eq(refunds.registrationId, holds[1].id));
    expect(back.reduce((sum, r) => sum + r.amountCents, 0)).toBe(holds[1].amountCents);
    expect(back.every((r) => r.status === "succeeded")).toBe(true);
    expect(await taken()).toBe(6);
  });

  it("releases a waiting-list offer; a released hold's late payment is accepted while a place is free", async () => {
    expect(await releaseOffer(event.id, offerId, staff, NOW)).toEqual({ outcome: "released", offered: 0 });
    const [offer] = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offerId));
    expect(offer.status).toBe("lapsed");
    const [entry] = await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.id, offer.entryId));
    expect(entry.status).toBe("lapsed");
    const offerTrail = await database.db().select().from(auditLog).where(and(eq(auditLog.entityId, offerId), eq(auditLog.action, "waitlist_offer.lapsed")));
    expect(offerTrail).toMatchObject([{ actorType: "staff", actorId: staff.userId, reason: "hold_released" }]);
    expect(await releaseOffer(event.id, offerId, staff, NOW)).toEqual({ outcome: "not_held" });
    expect(await taken()).toBe(5);

    await openAndStart(2);
    expect((await releaseHeldRegistration(event.id, holds[2].id, staff, NOW)).outcome).toBe("released");
    expect(await taken()).toBe(4);
    expect(await pay(2)).toMatchObject({ outcome: "confirmed", late: true });
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, holds[2].id));
    expect(row.status).toBe("confirmed");
    expect(await taken()).toBe(5);
  });

  it("a release racing the payment never overbooks and never keeps money without a place", async () => {
    const tight = await insertEvent(NOW, { maxParticipants: 1 });
    const created = await createRegistration(database.db(), { eventId: tight.id, input: participant(40), locale: "nl", now: NOW, clientAddress: "10.4.4.4" });
    if (created.outcome !== "held") throw new Error("expected a hold");
    const session = await openCheckout(created.registration, created.event, created.due);
    await database.db().insert(waitlistEntries).values({ eventId: tight.id, name: "Rita Race", email: "rita@example.com", places: 1, status: "waiting" });
    const paymentId = provider.pay(session.sessionId);
    const [released, paid] = await Promise.all([
      releaseHeldRegistration(tight.id, created.registration.id, staff, NOW),
      fulfilPayment({ provider: "stripe", sessionId: session.sessionId, providerPaymentId: paymentId, amountCents: created.registration.amountDueCents, currency: "eur" }),
    ]);
    const [row] = await database.db().select().from(registrations).where(eq(registrations.id, created.registration.id));
    const back = (await database.db().select().from(refunds).where(eq(refunds.registrationId, row.id))).reduce((sum, r) => sum + r.amountCents, 0);
    const openOffers = await database.db().select().from(waitlistOffers).where(and(eq(waitlistOffers.eventId, tight.id), eq(waitlistOffers.status, "open")));
    if (row.status === "confirmed") {
      // The payment came first (the release found nothing held), or right after the release and
      // before the waiting list was offered the place (a late payment while a place is free):
      // either way it keeps its place and its money, and nobody else got the place.
      expect(paid.outcome).toBe("confirmed");
      if (released.outcome === "released") expect(released.offered).toBe(0);
      expect(back).toBe(0);
      expect(openOffers).toHaveLength(0);
    } else {
      // The release and the waiting list's offer came first: the money goes back in full.
      expect(released.outcome).toBe("released");
      expect(row.status).toBe("refunded");
      expect(back).toBe(created.registration.amountDueCents);
      expect(openOffers).toHaveLength(1);
    }
    expect(await placesTakenByEvent(database.db(), [tight.id], NOW).then((m) => m.get(tight.id))).toBe(1);
  });

  it("the event's admin page lists the holds and releases one after the confirmation", async () => {
    const admin = await signedInUser({ admin: true });
    const page = (await call(eventLoader as never, admin.request(`/admin/events/${event.id}`), { id: event.id })) as { held: { kind: string; registrationId?: string }[] };
    const ids = page.held.map((h) => h.registrationId);
    expect(ids).toEqual(expect.arrayContaining([holds[3].id, holds[4].id]));

    const fields = { intent: "release-hold", id: holds[3].id };
    const ask = unwrap<{ confirmRelease: string }>(await call(eventAction as never, postForm(`/admin/events/${event.id}`, admin.cookie, fields), { id: event.id }));
    expect(ask.data.confirmRelease).toBe(holds[3].id);
    expect((await database.db().select().from(registrations).where(eq(registrations.id, holds[3].id)))[0].status).toBe("pending_payment");

    const done = unwrap<{ feedback: { kind: string } }>(await call(eventAction as never, postForm(`/admin/events/${event.id}`, admin.cookie, { ...fields, confirmed: "yes" }), { id: event.id }));
    expect(done.data.feedback).toMatchObject({ kind: "success", title: "admin.holds.released" });
    expect((await database.db().select().from(registrations).where(eq(registrations.id, holds[3].id)))[0].status).toBe("expired");
    const again = unwrap(await call(eventAction as never, postForm(`/admin/events/${event.id}`, admin.cookie, { ...fields, confirmed: "yes" }), { id: event.id }));
    expect(again.status).toBe(409);
    const bad = unwrap(await call(eventAction as never, postForm(`/admin/events/${event.id}`, admin.cookie, { intent: "release-offer", id: "not-an-id", confirmed: "yes" }), { id: event.id }));
    expect(bad.status).toBe(404);
  });
});
