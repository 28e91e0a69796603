// @engine both: applications and approvals decided under the event lock, places counted in SQL, holds swept by time
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as registerAction } from "~/routes/booking/register";
import { loader as successLoader } from "~/routes/booking/payment-success";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/booking/checkout-test";
import { action as manageRouteAction } from "~/routes/manage/my-booking";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/registration";
import { manageView, requireBooking } from "~/routes/manage/my-booking.server";
import { translate } from "~/i18n";
import { approveApplication, declineApplication, openApprovedCheckout } from "@server/booking/applications.server";
import { closeUnpaidCheckout } from "@server/booking/fulfil.server";
import { expireLapsedHolds } from "@server/booking/holds.server";
import { manageToken, manageUrl } from "@server/booking/manage-link.server";
import { createRegistration, MAX_OPEN_HOLDS_PER_BOOKER } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, bookingPlaces, emails, payments, registrations, type Event } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { setPaymentProviderForTests } from "@server/payments/select.server";
import type { RegistrationInput } from "~/schemas/registration";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { call, postForm, unwrap } from "./admin-articles-helpers";
import { signedInUser } from "./admin-fixtures";
import { insertEvent, participantForm, sailingGroup } from "./booking-fixtures";

/**
 * Apply, then pay (issue 27, decision 045): on an event that requires approval a registration is
 * an application (no payment, no hold, its places not counted); staff approve it (the places
 * checked under the event lock, held for the event's approval hours, the amount of a
 * registration at that moment, the applicant e-mailed the link to pay) or decline it (with a
 * message, nothing charged); an approved hold that ends unpaid is released by the sweep.
 */
describe("applications: apply, approve or decline, then pay", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  const HOUR = 3_600_000;
  type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];
  let visitor = 0;
  const nextAddress = () => `10.7.0.${++visitor}`;

  beforeAll(() => {
    // The built-in test checkout (no Stripe key), as a site without Stripe pays.
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
    setPaymentProviderForTests(undefined);
    setNowForTests(NOW);
  });
  afterEach(() => setNowForTests(NOW));

  const approvalEvent = (overrides: Partial<Event> = {}) => insertEvent(NOW, { requiresApproval: true, maxParticipants: 2, maxPlacesPerBooking: 4, ...overrides });
  const registrationOf = async (id: string) => (await database.db().select().from(registrations).where(eq(registrations.id, id)))[0];
  const taken = async (eventId: string, at = NOW) => (await placesTakenByEvent(database.db(), [eventId], at)).get(eventId) ?? 0;
  const mailsOf = async (registrationId: string, template: string) =>
    database.db().select().from(emails).where(and(eq(emails.relatedId, registrationId), eq(emails.template, template)));
  const auditOf = async (registrationId: string, action: string) =>
    database.db().select().from(auditLog).where(and(eq(auditLog.registrationId, registrationId), eq(auditLog.action, action)));

  async function apply(event: Event, input: RegistrationInput, locale: "nl" | "en" = "nl", clientAddress = nextAddress()) {
    const created = await createRegistration(database.db(), { eventId: event.id, input, locale, now: NOW, clientAddress });
    if (created.outcome !== "applied") throw new Error(`expected an application, got ${JSON.stringify(created)}`);
    return created.registration;
  }

  function unwrapRoute(result: unknown): { status: number; location: string | null; body: unknown } {
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: undefined };
    const wrapped = result as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  }

  const staff = { type: "staff" as const, userId: "staff-user-1" };

  it("takes an application through the form: no payment, no hold, no place taken, the result page and both e-mails (nl)", async () => {
    const event = await approvalEvent();
    const request = formRequest(`/events/${event.slug}/register`, { ...participantForm(1), locale: "nl" }, { "accept-language": "nl-NL" });
    const answer = unwrapRoute(await registerAction({ request, params: { slug: event.slug }, context: testContext(nextAddress()) } as unknown as Args<typeof registerAction>));
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/payment-success\?applied=.+&event_id=/);

    const [stored] = await database.db().select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(stored).toMatchObject({ status: "applied", holdExpiresAt: null, confirmedAt: null, places: 1 });
    expect(await database.db().select().from(payments).where(eq(payments.registrationId, stored.id))).toHaveLength(0);
    expect(await database.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, stored.id))).toHaveLength(1);
    expect(await taken(event.id)).toBe(0);
    expect(await auditOf(stored.id, "registration.created")).toHaveLength(1);

    const [received] = await mailsOf(stored.id, "application-received");
    expect(received.to).toBe("deelnemer1@example.com");
    expect(received.subject).toBe("Aanmelding ontvangen: Testzeildag");
    expect(received.text).toContain("Er wordt niets afgeschreven tot je aanmelding is goedgekeurd");
    expect(received.text).toContain("72 uur");
    const [team] = await mailsOf(stored.id, "application-team");
    expect(team.subject).toContain("Nieuwe aanmelding ter beoordeling");
    expect(team.text).toContain(`/admin/registrations/${stored.id}`);

    const page = await successLoader({ request: new Request(`http://localhost${answer.location}`) } as unknown as Args<typeof successLoader>);
    expect(await page.verification).toMatchObject({ state: "applied", reference: stored.reference, email: "deelnemer1@example.com", places: 1 });
    expect(translate("nl", "booking.application.receivedTitle")).toBe("Aanmelding ontvangen");
    expect(translate("en", "booking.application.receivedTitle")).toBe("Application received");

    const view = await manageView(await requireBooking(manageToken(stored.id), nextAddress()), "nl", null);
    expect(view.application).toMatchObject({ state: "review", message: null });
    expect(view.can.payApproved).toBe(false);
  });

  it("counts no application as taken: a full event of 2 with an application of 2 still takes another, and one booker may apply past the hold limit", async () => {
    const event = await approvalEvent();
    const first = await apply(event, sailingGroup(1, 2));
    const second = await apply(event, sailingGroup(2, 2));
    expect(await taken(event.id)).toBe(0);
    // The same booker and address, more places than the per-booker hold limit allows open holds for.
    const roomy = await approvalEvent({ maxParticipants: 20 });
    const address = nextAddress();
    await apply(roomy, { ...sailingGroup(3, 4), customerEmail: "zelfde@example.com" }, "nl", address);
    await apply(roomy, { ...sailingGroup(4, 4), customerEmail: "zelfde@example.com" }, "nl", address);
    expect(4 + 4).toBeGreaterThan(MAX_OPEN_HOLDS_PER_BOOKER);
    expect(await taken(roomy.id)).toBe(0);
    expect((await registrationOf(first.id)).status).toBe("applied");
    expect((await registrationOf(second.id)).status).toBe("applied");
  });

  it("approves: the places held for 72 hours from the approval, the amount of a registration now, the e-mail with the link, an audit row; a second approval with no places left is refused", async () => {
    const event = await approvalEvent();
    const first = await apply(event, sailingGroup(5, 2));
    const second = await apply(event, sailingGroup(6, 2));
    const APPROVED_AT = new Date(NOW.getTime() + 5 * HOUR);
    setNowForTests(APPROVED_AT);
    const approved = await approveApplication({ registrationId: first.id, actor: staff, message: "Welkom aan boord!", at: APPROVED_AT });
    expect(approved).toEqual({ outcome: "approved", holdExpiresAt: new Date(APPROVED_AT.getTime() + 72 * HOUR), amountDueCents: 29_500 });
    const stored = await registrationOf(first.id);
    expect(stored).toMatchObject({ status: "pending_payment", priceCents: 59_000, amountDueCents: 29_500, decidedBy: "staff-user-1", decisionMessage: "Welkom aan boord!" });
    expect(stored.holdExpiresAt).toEqual(new Date(APPROVED_AT.getTime() + 72 * HOUR));
    expect(stored.decidedAt).toEqual(APPROVED_AT);
    expect(await taken(event.id, APPROVED_AT)).toBe(2);
    const [row] = await auditOf(first.id, "registration.approved");
    expect(row).toMatchObject({ actorType: "staff", actorId: "staff-user-1", reason: "Welkom aan boord!" });
    expect(row.changes).toMatchObject({ status: { from: "applied", to: "pending_payment" } });

    const [mail] = await mailsOf(first.id, "application-approved");
    expect(mail.to).toBe("deelnemer5@example.com");
    expect(mail.subject).toMatch(/^Goedgekeurd: betaal Testzeildag vóór /);
    expect(mail.text).toContain(manageUrl(first.id));
    expect(mail.text).toContain("€295,00");
    expect(mail.text).toContain("Welkom aan boord!");
    expect(mail.text).toContain("komen de plaatsen weer vrij");
    // Approved 2 March 15:00 UTC: held until Thursday 5 March, 16:00 in Amsterdam, as the applicant reads it.
    expect(mail.text).toContain("donderdag 5 maart 2026 om 16:00");

    const refused = await approveApplication({ registrationId: second.id, actor: staff, at: APPROVED_AT });
    expect(refused).toEqual({ outcome: "no_places", places: 2, left: 0 });
    expect((await registrationOf(second.id)).status).toBe("applied");
    expect(await approveApplication({ registrationId: first.id, actor: staff, at: APPROVED_AT })).toEqual({ outcome: "not_applied" });
    // The refusal in the staff's words (Dutch), with the numbers.
    expect(translate("nl", "admin.bookings.application.noPlaces", { places: 2, left: 0 })).toContain("Niet genoeg plaatsen vrij");
  });

  it("pays an approved application (en) from the booking page through the test checkout to confirmed; opening the checkout never shortens the hold", async () => {
    const event = await approvalEvent({ maxParticipants: 6 });
    const applied = await apply(event, sailingGroup(7, 1), "en");
    const approved = await approveApplication({ registrationId: applied.id, actor: staff, at: NOW });
    if (approved.outcome !== "approved") throw new Error(approved.outcome);
    const [mail] = await mailsOf(applied.id, "application-approved");
    expect(mail.subject).toMatch(/^Approved: pay for Test sailing day by /);
    expect(mail.text).toContain("If we have not received your payment by");

    // Two days later the applicant opens their page and pays.
    const PAY_AT = new Date(NOW.getTime() + 48 * HOUR);
    setNowForTests(PAY_AT);
    const token = manageToken(applied.id);
    const view = await manageView(await requireBooking(token, nextAddress()), "en", null);
    expect(view.application).toMatchObject({ state: "approved", amountDueCents: 14_750 });
    expect(view.can.payApproved).toBe(true);

    const posted = unwrapRoute(
      await manageRouteAction({ request: formRequest(`/my-booking/${token}`, { intent: "pay-approved" }), params: { token }, context: testContext(nextAddress()) } as unknown as Args<typeof manageRouteAction>),
    );
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(/^\/checkout\/test\/test_[A-Za-z0-9_-]+$/);
    const sessionId = posted.location!.split("/").pop()!;
    // A second click hands out the same checkout.
    expect(await openApprovedCheckout(applied.id, { type: "participant" })).toEqual({ outcome: "opened", path: posted.location });

    const page = (await checkoutLoader({ request: new Request(`http://localhost/checkout/test/${sessionId}`), params: { sessionId } } as unknown as Args<typeof checkoutLoader>)) as Awaited<
      ReturnType<typeof checkoutLoader>
    >;
    expect(page.state).toBe("open");
    expect(page.checkout).toMatchObject({ amountCents: 14_750 });
    // Opened: the 72-hour hold keeps its end (never cut to a checkout's 30 minutes).
    expect((await registrationOf(applied.id)).holdExpiresAt).toEqual(approved.holdExpiresAt);

    const paid = unwrapRoute(await checkoutAction({ request: formRequest(`/checkout/test/${sessionId}`, { intent: "pay" }), params: { sessionId } } as unknown as Args<typeof checkoutAction>));
    expect(paid.status).toBe(303);
    const stored = await registrationOf(applied.id);
    expect(stored.status).toBe("confirmed");
    expect(await mailsOf(applied.id, "booking-confirmation")).toHaveLength(1);
    const [payment] = await database.db().select().from(payments).where(eq(payments.registrationId, applied.id));
    expect(payment).toMatchObject({ status: "paid", amountCents: 14_750, kind: "deposit" });
  });

  it("declines with the message: the applicant is told, nothing is charged, an audit row; a decline without a message is refused", async () => {
    const event = await approvalEvent();
    const applied = await apply(event, sailingGroup(8, 1), "en");
    expect(await declineApplication({ registrationId: applied.id, actor: staff, message: "   " })).toEqual({ outcome: "message_required" });
    expect(await declineApplication({ registrationId: applied.id, actor: staff, message: "This leg needs offshore experience." })).toEqual({ outcome: "declined" });
    const stored = await registrationOf(applied.id);
    expect(stored).toMatchObject({ status: "declined", decisionMessage: "This leg needs offshore experience.", holdExpiresAt: null });
    expect(await database.db().select().from(payments).where(eq(payments.registrationId, applied.id))).toHaveLength(0);
    expect(await auditOf(applied.id, "registration.declined")).toHaveLength(1);
    const [mail] = await mailsOf(applied.id, "application-declined");
    expect(mail.subject).toBe("Your application for Test sailing day");
    expect(mail.text).toContain("This leg needs offshore experience.");
    expect(mail.text).toContain("Nothing has been charged.");
    expect(await declineApplication({ registrationId: applied.id, actor: staff, message: "again" })).toEqual({ outcome: "not_applied" });
    expect(await approveApplication({ registrationId: applied.id, actor: staff })).toEqual({ outcome: "not_applied" });

    const view = await manageView(await requireBooking(manageToken(applied.id), nextAddress()), "en", null);
    expect(view.application).toMatchObject({ state: "declined", message: "This leg needs offshore experience." });
    expect(await openApprovedCheckout(applied.id, { type: "participant" })).toEqual({ outcome: "not_payable" });
  });

  it("an approved hold outlives its checkout, and once it ends unpaid the sweep releases the places for the next application", async () => {
    const event = await approvalEvent();
    const first = await apply(event, sailingGroup(9, 2));
    const second = await apply(event, sailingGroup(10, 2));
    const approved = await approveApplication({ registrationId: first.id, actor: staff, at: NOW });
    if (approved.outcome !== "approved") throw new Error(approved.outcome);
    const opened = await openApprovedCheckout(first.id, { type: "participant" });
    if (opened.outcome !== "opened") throw new Error(opened.outcome);
    const sessionId = opened.path.split("/").pop()!;
    // The checkout ends (its provider says so) a day in: the approval's hold stays.
    setNowForTests(new Date(NOW.getTime() + 25 * HOUR));
    expect(await closeUnpaidCheckout({ provider: "test", sessionId, status: "expired" })).toBe("closed");
    expect((await registrationOf(first.id)).status).toBe("pending_payment");
    expect(await taken(event.id, new Date(NOW.getTime() + 25 * HOUR))).toBe(2);

    // Just before the end nothing is swept; after it the hold is released.
    expect(await expireLapsedHolds(new Date(NOW.getTime() + 72 * HOUR - 60_000))).toBe(0);
    const AFTER = new Date(NOW.getTime() + 72 * HOUR + 60_000);
    setNowForTests(AFTER);
    expect(await expireLapsedHolds(AFTER)).toBe(1);
    expect((await registrationOf(first.id)).status).toBe("expired");
    expect(await taken(event.id, AFTER)).toBe(0);
    expect(await openApprovedCheckout(first.id, { type: "participant" })).toEqual({ outcome: "not_payable" });
    expect(await approveApplication({ registrationId: second.id, actor: staff, at: AFTER })).toMatchObject({ outcome: "approved" });
  });

  it("the staff's booking page: approve and decline with the message, bad input answered in Dutch, for staff with the bookings permission", async () => {
    const event = await approvalEvent();
    const first = await apply(event, sailingGroup(11, 2));
    const second = await apply(event, sailingGroup(12, 1));
    const admin = await signedInUser({ admin: true });
    const post = (id: string, fields: Record<string, string>) => call(adminAction as never, postForm(`/admin/registrations/${id}`, admin.cookie, fields), { id });

    const page = unwrap<{ registration: { status: string }; event: { approvalHoldHours: number } }>(
      await call(adminLoader as never, admin.request(`http://localhost/admin/registrations/${first.id}`), { id: first.id }),
    );
    expect(page.data.registration.status).toBe("applied");
    expect(page.data.event.approvalHoldHours).toBe(72);

    const noMessage = unwrap<{ feedback: { message: string }; fieldErrors: Record<string, string[]> }>(await post(second.id, { intent: "decline", message: "" }));
    expect(noMessage.status).toBe(400);
    expect(noMessage.data.fieldErrors.message).toEqual(["admin.bookings.application.messageRequired"]);
    expect(translate("nl", "admin.bookings.application.messageRequired")).toBe("Schrijf een bericht bij een afwijzing.");

    const approved = unwrap<{ feedback: { kind: string; title: string } }>(await post(first.id, { intent: "approve", message: "" }));
    expect(approved.data.feedback).toMatchObject({ kind: "success", title: "admin.bookings.application.approved" });
    expect((await registrationOf(first.id)).status).toBe("pending_payment");

    // The trail in the staff's words: applied (nothing held), then approved with the hold's end.
    const after = unwrap<{ trail: { what: string; who: string }[] }>(await call(adminLoader as never, admin.request(`http://localhost/admin/registrations/${first.id}`), { id: first.id }));
    expect(after.data.trail.map((line) => line.what)).toEqual([
      "Aangemeld voor 2 plaats(en) ter beoordeling; niets vastgehouden tot goedkeuring",
      expect.stringMatching(/^Aanvraag goedgekeurd; plaatsen vastgehouden tot /),
    ]);

    const full = unwrap<{ feedback: { kind: string; message: string; params: Record<string, number> } }>(await post(second.id, { intent: "approve" }));
    expect(full.status).toBe(409);
    expect(full.data.feedback).toMatchObject({ kind: "error", message: "admin.bookings.application.noPlaces", params: { places: 1, left: 0 } });

    const declined = unwrap<{ feedback: { kind: string } }>(await post(second.id, { intent: "decline", message: "Vol, sorry." }));
    expect(declined.data.feedback.kind).toBe("success");
    expect((await registrationOf(second.id)).status).toBe("declined");

    const anonymous = await call(adminAction as never, postForm(`/admin/registrations/${second.id}`, undefined, { intent: "approve" }), { id: second.id });
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).status).toBe(401);
    const user = await signedInUser({ admin: false });
    const refused = await call(adminAction as never, postForm(`/admin/registrations/${second.id}`, user.cookie, { intent: "approve" }), { id: second.id });
    expect((refused as Response).status).toBe(403);
  });

  it("a free event's application is confirmed at once when approved", async () => {
    const event = await approvalEvent({ priceCents: 0, maxParticipants: 4 });
    const applied = await apply(event, sailingGroup(13, 1));
    expect(await approveApplication({ registrationId: applied.id, actor: staff, at: NOW })).toEqual({ outcome: "confirmed" });
    expect(await registrationOf(applied.id)).toMatchObject({ status: "confirmed", holdExpiresAt: null, amountDueCents: 0 });
    expect(await mailsOf(applied.id, "booking-confirmation")).toHaveLength(1);
  });
});
