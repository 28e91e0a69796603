// @engine both: admin changes to bookings move money and write audit rows in one transaction
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { teamDay, teamDayEnd } from "~/lib/local-time";
import { action, loader } from "~/routes/admin/registration";
import { manageUrl } from "@server/booking/manage-link.server";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { auditLog, emails, events, payments, refunds, registrations, waitlistEntries, waitlistOffers } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { call, postForm, unwrap } from "./admin-articles-helpers";
import { insertEvent, insertRegistration, signedInUser } from "./admin-fixtures";

type Page = Awaited<ReturnType<typeof loader>>;
type Answer = { intent: string | null; feedback?: { kind: string; title: string; message?: string; params?: Record<string, unknown> }; echo?: Record<string, string> };

const NONCE = () => crypto.randomUUID();

describe("admin registration page", () => {
  const database = useTestDatabase();
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "https://oceanracing.test", DEMO_CONTENT: "false" });
    await resetLoginLimitsForTests();
    admin = await signedInUser({ admin: true, email: "schipper@example.com" });
  });

  const load = async (id: string) => (await call(loader, admin.request(`/admin/registrations/${id}`), { id })) as Page;
  const post = async (id: string, fields: Record<string, string>) => unwrap<Answer>(await call(action, postForm(`/admin/registrations/${id}`, admin.cookie, fields), { id }));
  const trail = (id: string) => database.db().select().from(auditLog).where(eq(auditLog.registrationId, id));
  const mailsAbout = (id: string) => database.db().select().from(emails).where(eq(emails.relatedId, id));

  it("is for admins only, and a 404 for an unknown or malformed id", async () => {
    const db = database.db();
    const event = await insertEvent(db);
    const registration = await insertRegistration(db, event.id, { paidCents: 25_000 });
    const sailor = await signedInUser({ admin: false });
    expect(((await call(loader, sailor.request(`/admin/registrations/${registration.id}`), { id: registration.id })) as Response).status).toBe(403);
    expect(((await call(loader, new Request(`http://localhost/admin/registrations/${registration.id}`), { id: registration.id })) as Response).status).toBe(401);
    const refused = (await call(action, postForm(`/admin/registrations/${registration.id}`, sailor.cookie, { intent: "resend-confirmation" }), { id: registration.id })) as Response;
    expect(refused.status).toBe(403);
    expect(await mailsAbout(registration.id)).toHaveLength(0);
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "1; drop table registrations"]) {
      // The loader throws React Router's data(null, 404): the admin's not-found page.
      await expect(call(loader, admin.request(`/admin/registrations/${encodeURIComponent(id)}`), { id })).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("shows the participant, payments, money and the trail with staff by name", async () => {
    const db = database.db();
    // Starts in 90 days: the balance is due in 60, so not overdue.
    const start = Date.now() + 90 * 86_400_000;
    const event = await insertEvent(db, { name: "Noordzee Record", balanceDueDays: 30, startDate: new Date(start), endDate: new Date(start + 86_400_000) });
    const registration = await insertRegistration(db, event.id, { customerName: "Jeroen Ærlé", paidCents: 25_000, confirmedAt: new Date() });
    const answer = await post(registration.id, { intent: "payment-link" });
    expect(answer.status).toBe(200);

    const page = await load(registration.id);
    expect(page.registration).toMatchObject({ customerName: "Jeroen Ærlé", places: 1, bookerSails: true, pricePerPlaceCents: 50_000, manageUrl: manageUrl(registration.id) });
    // The participant's details come from their place (the registration's own columns are legacy).
    expect(page.places).toEqual([expect.objectContaining({ number: 1, isBooker: true, name: "Jeroen Ærlé", nextOfKinName: "Noor Contact", detailsComplete: true, alsoBooked: [], replaced: [] })]);
    expect(page.event).toMatchObject({ id: event.id, name: "Noordzee Record", balanceDueDays: 30, refundUntilDays: 30, refundPercent: 100 });
    expect(page.payments).toEqual([expect.objectContaining({ kind: "deposit", provider: "test", amountCents: 25_000, status: "paid" })]);
    expect(page.money).toMatchObject({ priceCents: 50_000, paidCents: 25_000, refundedCents: 0, balanceDueCents: 25_000, overdue: false });
    // Due by the end (in Amsterdam) of the day 30 days before the start's day.
    expect(page.money.balanceDueAt).toBe(teamDayEnd(teamDay(new Date(start - 30 * 86_400_000))).toISOString());
    // The trail as sentences, staff by their name (never "you" or an account id).
    expect(page.trail).toEqual([expect.objectContaining({ what: expect.stringMatching(/^Betaallink verstuurd voor de restbetaling van €\s?250$/), who: "schipper", why: null })]);
    expect(page.nonce).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the payment link in the participant's language with their link and balance, and refuses when nothing is due", async () => {
    const db = database.db();
    const event = await insertEvent(db, { name: "Noordzee Record", nameEn: "North Sea Record" });
    const english = await insertRegistration(db, event.id, { locale: "en", paidCents: 25_000 });
    const answer = await post(english.id, { intent: "payment-link" });
    expect(answer.data.feedback).toMatchObject({ kind: "success", title: "admin.bookings.paymentLink.sent", params: { email: english.customerEmail } });
    const [mail] = await mailsAbout(english.id);
    expect(mail).toMatchObject({ template: "payment-link", locale: "en", to: english.customerEmail });
    expect(mail.subject).toContain("North Sea Record");
    expect(mail.text).toContain(manageUrl(english.id));
    expect(mail.text).toContain("€250.00");
    const [row] = await trail(english.id);
    expect(row).toMatchObject({ action: "registration.payment_link_sent", actorType: "staff" });

    const paid = await insertRegistration(db, event.id, { paidCents: 50_000 });
    const refused = await post(paid.id, { intent: "payment-link" });
    expect(refused.status).toBe(409);
    expect(refused.data.feedback).toMatchObject({ kind: "error", message: "admin.bookings.paymentLink.nothingDue" });
    expect(await mailsAbout(paid.id)).toHaveLength(0);
    expect(await trail(paid.id)).toHaveLength(0);
  });

  it("records a bank transfer once, however often the form is sent, and refuses bad amounts without a change", async () => {
    const db = database.db();
    const event = await insertEvent(db);
    const registration = await insertRegistration(db, event.id, { paidCents: 25_000 });
    const manual = () => db.select().from(payments).where(eq(payments.registrationId, registration.id)).then((rows) => rows.filter((p) => p.provider === "manual"));

    for (const amount of ["abc", "0", "-5", "12,345", "1e3", ""]) {
      const answer = await post(registration.id, { intent: "bank-transfer", amount, nonce: NONCE() });
      expect(answer.status, amount).toBe(400);
    }
    // More than the balance: refused by the domain, nothing recorded.
    expect((await post(registration.id, { intent: "bank-transfer", amount: "250,01", nonce: NONCE() })).status).toBe(400);
    // No nonce: no request key, nothing recorded.
    expect((await post(registration.id, { intent: "bank-transfer", amount: "100" })).status).toBe(400);
    expect(await manual()).toHaveLength(0);

    const nonce = NONCE();
    const [first, second] = [await post(registration.id, { intent: "bank-transfer", amount: "100,50", note: "Afschrift 12", nonce }), await post(registration.id, { intent: "bank-transfer", amount: "100,50", note: "Afschrift 12", nonce })];
    expect(first.data.feedback).toMatchObject({ kind: "success", title: "admin.bookings.transfer.recorded" });
    expect(second.data.feedback).toMatchObject({ kind: "success", title: "admin.bookings.transfer.duplicate" });
    const recorded = await manual();
    expect(recorded).toEqual([expect.objectContaining({ amountCents: 10_050, status: "paid", kind: "balance" })]);
    const page = await load(registration.id);
    expect(page.money).toMatchObject({ paidCents: 35_050, balanceDueCents: 14_950 });
    // The trail in Dutch words, the staff member by name.
    expect(page.trail.find((a) => /^Bankoverschrijving van €\s?100,50 geboekt$/.test(a.what))).toMatchObject({ who: "schipper", why: "Afschrift 12" });
  });

  it("resends the confirmation", async () => {
    const db = database.db();
    const event = await insertEvent(db);
    const registration = await insertRegistration(db, event.id, { paidCents: 25_000 });
    const answer = await post(registration.id, { intent: "resend-confirmation" });
    expect(answer.data.feedback).toMatchObject({ kind: "success", title: "admin.bookings.resend.sent" });
    expect((await mailsAbout(registration.id)).map((m) => m.template)).toEqual(["booking-confirmation"]);
    expect((await trail(registration.id)).map((a) => a.action)).toEqual(["registration.confirmation_resent"]);

    const held = await insertRegistration(db, event.id, { holdExpiresAt: new Date(Date.now() + 600_000) });
    expect((await post(held.id, { intent: "resend-confirmation" })).status).toBe(409);
  });

  it("answers bad input with 400 and changes nothing", async () => {
    const db = database.db();
    const event = await insertEvent(db);
    const registration = await insertRegistration(db, event.id, { paidCents: 25_000 });
    expect((await post(registration.id, { intent: "explode" })).status).toBe(400);
    expect((await post(registration.id, { intent: "cancel", refund: "partial", nonce: NONCE(), confirmed: "yes" })).status).toBe(400);
    expect((await post(registration.id, { intent: "cancel", refund: "everything", nonce: NONCE(), confirmed: "yes" })).status).toBe(400);
    expect((await post(registration.id, { intent: "cancel", refund: "partial", amount: "300", nonce: NONCE(), confirmed: "yes" })).status).toBe(400);
    expect((await post(registration.id, { intent: "move", toEventId: "not-an-id", confirmed: "yes" })).status).toBe(400);
    expect((await post("00000000-0000-4000-8000-000000000000", { intent: "resend-confirmation" })).status).toBe(404);
    const [row] = await db.select().from(registrations).where(eq(registrations.id, registration.id));
    expect(row.status).toBe("confirmed");
    expect(await trail(registration.id)).toHaveLength(0);
  });

  it("cancels only when confirmed, with a partial refund made once however often it is sent", async () => {
    const db = database.db();
    const event = await insertEvent(db);
    const registration = await insertRegistration(db, event.id, { paidCents: 25_000 });
    const nonce = NONCE();
    const fields = { intent: "cancel", refund: "partial", amount: "100", reason: "Ziek", nonce };

    const ask = await post(registration.id, fields);
    expect(ask.data).toMatchObject({ intent: "confirm-cancel", echo: { refund: "partial", amount: "100", nonce } });
    expect((await db.select().from(registrations).where(eq(registrations.id, registration.id)))[0].status).toBe("confirmed");

    const done = await post(registration.id, { ...fields, confirmed: "yes" });
    expect(done.data.feedback).toMatchObject({ kind: "success" });
    const again = await post(registration.id, { ...fields, confirmed: "yes" });
    expect(again.data.feedback).toMatchObject({ kind: "success", title: "admin.bookings.cancel.already" });

    const [row] = await db.select().from(registrations).where(eq(registrations.id, registration.id));
    expect(row.status).toBe("cancelled");
    const rows = await db.select().from(refunds).where(eq(refunds.registrationId, registration.id));
    expect(rows.map((r) => r.amountCents)).toEqual([10_000]);
    expect(rows[0].requestedBy).toMatch(/^staff:/);
    const page = await load(registration.id);
    expect(page.refunds[0].requestedBy).toBe("schipper");
    expect(page.trail.find((a) => a.what === "Boeking geannuleerd")).toMatchObject({ who: "schipper", why: expect.stringContaining("Ziek") });
    const cancelled = (await trail(registration.id)).filter((a) => a.action === "registration.cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ actorType: "staff", reason: expect.stringContaining("Ziek") });
  });

  it("marks a bank transfer's refund as paid back by hand, once, and only for a refund of this registration", async () => {
    const db = database.db();
    const event = await insertEvent(db);
    const registration = await insertRegistration(db, event.id, { paidCents: 25_000 });
    const other = await insertRegistration(db, event.id, { paidCents: 25_000 });
    expect((await post(registration.id, { intent: "bank-transfer", amount: "250", nonce: NONCE() })).data.feedback).toMatchObject({ kind: "success" });
    // Cancel with a full refund: the provider refunds the deposit, the transfer is paid back by hand.
    await post(registration.id, { intent: "cancel", refund: "full", nonce: NONCE(), confirmed: "yes" });
    const page = await load(registration.id);
    const byHand = page.refunds.filter((f) => f.byHand);
    expect(byHand).toEqual([expect.objectContaining({ amountCents: 25_000, status: "pending" })]);

    expect((await post(other.id, { intent: "manual-refund-done", refundId: byHand[0].id })).status).toBe(404);
    expect((await post(registration.id, { intent: "manual-refund-done", refundId: "nope" })).status).toBe(400);
    const done = await post(registration.id, { intent: "manual-refund-done", refundId: byHand[0].id });
    expect(done.data.feedback).toMatchObject({ kind: "success", title: "admin.bookings.manualRefund.done" });
    const again = await post(registration.id, { intent: "manual-refund-done", refundId: byHand[0].id });
    expect(again.data.feedback).toMatchObject({ kind: "success", title: "admin.bookings.manualRefund.already" });

    const after = await load(registration.id);
    expect(after.refunds.filter((f) => f.byHand)).toEqual([]);
    expect(after.refunds.find((f) => f.id === byHand[0].id)).toMatchObject({ status: "succeeded", byHand: false });
    // The money counts it as refunded now (the fixture's deposit refund is the provider's business).
    expect(after.money.refundedCents - page.money.refundedCents).toBe(25_000);
    const marked = (await trail(registration.id)).filter((a) => a.action === "refund.succeeded" && a.actorType === "staff");
    expect(marked).toHaveLength(1);
  });

  it("moves a booking to a date of the same kind, keeping its payments, telling the participant, and never past capacity", async () => {
    const db = database.db();
    const from = await insertEvent(db, { name: "Zomerzeilen juni", kind: "sailing", maxParticipants: 2 });
    const to = await insertEvent(db, { name: "Zomerzeilen juli", kind: "sailing", maxParticipants: 2, startDate: new Date(Date.now() + 60 * 86_400_000), endDate: new Date(Date.now() + 61 * 86_400_000) });
    const race = await insertEvent(db, { name: "Regatta", kind: "race" });
    const past = await insertEvent(db, { name: "Zomerzeilen mei", kind: "sailing", startDate: new Date(Date.now() - 3 * 86_400_000), endDate: new Date(Date.now() - 2 * 86_400_000) });
    const anna = await insertRegistration(db, from.id, { customerName: "Anna", paidCents: 25_000, locale: "en" });
    const bert = await insertRegistration(db, from.id, { customerName: "Bert", paidCents: 25_000 });
    await insertRegistration(db, to.id, { customerName: "Already there", paidCents: 25_000 });
    // Someone waits for the full June date: the place Anna frees goes to them.
    await db.insert(waitlistEntries).values({ eventId: from.id, name: "Wachtende", email: "wacht@example.com", places: 1 });

    const page = await load(anna.id);
    expect(page.moveTargets.map((m) => m.id)).toEqual([to.id]);

    expect((await post(anna.id, { intent: "move", toEventId: race.id, confirmed: "yes" })).data.feedback).toMatchObject({ message: "admin.bookings.move.differentKind" });
    expect((await post(anna.id, { intent: "move", toEventId: past.id, confirmed: "yes" })).data.feedback).toMatchObject({ message: "admin.bookings.move.targetClosed" });
    expect((await post(anna.id, { intent: "move", toEventId: from.id, confirmed: "yes" })).data.feedback).toMatchObject({ message: "admin.bookings.move.sameEvent" });
    expect((await post(anna.id, { intent: "move", toEventId: to.id })).data).toMatchObject({ intent: "confirm-move", echo: { toEventId: to.id } });

    // Anna and Bert both try for July's one free place at once: one gets it, the other is told it is full.
    const answers = await Promise.all([
      post(anna.id, { intent: "move", toEventId: to.id, reason: "Andere datum gevraagd", confirmed: "yes" }),
      post(bert.id, { intent: "move", toEventId: to.id, confirmed: "yes" }),
    ]);
    expect(answers.map((a) => a.data.feedback?.kind).sort()).toEqual(["error", "success"]);
    expect(answers.find((a) => a.data.feedback?.kind === "error")!.data.feedback).toMatchObject({ message: "admin.bookings.move.full" });
    const julyCount = await db.$count(registrations, eq(registrations.eventId, to.id));
    expect(julyCount).toBe(2);

    const moved = answers[0].data.feedback?.kind === "success" ? anna : bert;
    const [row] = await db.select().from(registrations).where(eq(registrations.id, moved.id));
    expect(row).toMatchObject({ eventId: to.id, status: "confirmed" });
    expect(await db.$count(payments, eq(payments.registrationId, moved.id))).toBe(1);
    const [entry] = (await trail(moved.id)).filter((a) => a.action === "registration.moved");
    expect(entry).toMatchObject({ actorType: "staff", changes: { eventId: { from: from.id, to: to.id } } });
    const mails = (await mailsAbout(moved.id)).filter((m) => m.template === "booking-moved");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(manageUrl(moved.id));
    expect(mails[0].attachments[0]?.filename).toBe(`${to.slug}.ics`);

    // The freed June place was offered to the first in line.
    const offers = await db.select().from(waitlistOffers).where(eq(waitlistOffers.eventId, from.id));
    expect(offers).toHaveLength(1);

    // The page's trail names both events.
    const after = await load(moved.id);
    const line = after.trail.find((a) => a.what.startsWith("Boeking verplaatst van"))!;
    expect(line.what).toContain(from.name);
    expect(line.what).toContain(to.name);
    expect((await db.select().from(events).where(eq(events.id, to.id)))[0].maxParticipants).toBe(2);
  });
});
