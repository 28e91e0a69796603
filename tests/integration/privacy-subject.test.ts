// @engine both: a person's data found and erased across tables: SQL written by hand
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as privacyAction } from "~/routes/admin/privacy";
import { action as exportJsonAction, loader as exportJsonLoader } from "~/routes/admin/exports.privacy-json";
import { action as exportHtmlAction } from "~/routes/admin/exports.privacy-html";
import { subjectView } from "~/routes/admin/privacy.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, emails, eventInterest, newsletterSubscribers, payments, rateLimits, refunds, registrations, waitlistEntries, waitlistOffers } from "@server/db/schema.server";
import { applyRetention } from "@server/privacy/retention.server";
import { eraseSubject, findSubject, isEmptySubject, normaliseSubjectEmail } from "@server/privacy/subject.server";
import { limitKey } from "@server/security/rate-limit.server";
import { useTestDatabase } from "../support/db";
import { call, postForm, unwrap } from "./admin-articles-helpers";
import { insertEvent, signedInUser } from "./admin-fixtures";

const DAY = 86_400_000;
const T0 = new Date("2027-03-01T10:00:00Z");
const STAFF = { type: "staff" as const, userId: "staff-1" };

// Anna asked. Bram is someone else, with data in every table too: never in her export, never touched.
const ANNA = { name: "Anna Zeewind", email: "Anna.Zeewind@Example.com", phone: "+31 6 11112222", newPhone: "+31 6 33334444", street: "Duinweg 7" };
const BRAM = { name: "Bram Golfslag", email: "bram@example.com", phone: "+31 6 99998888", street: "Kadeweg 3" };

describe("a person's data on request (GDPR art. 15 and 17)", () => {
  const test = useTestDatabase();
  let pastEventId = "";
  let futureEventId = "";
  const ids = { annaReg: "", annaPayment: "", annaRefund: "", annaLiveReg: "", bramReg: "", annaEntry: "", annaOffer: "" };
  const annaRef = "OR-K7M3Q9";

  async function registration(eventId: string, who: typeof ANNA | typeof BRAM, reference: string, status: "confirmed" | "cancelled" = "confirmed") {
    const [row] = await test
      .db()
      .insert(registrations)
      .values({
        reference,
        eventId,
        customerName: who.name,
        customerEmail: who.email,
        phoneNumber: who.phone,
        birthDate: "1988-02-03",
        street: who.street,
        city: "Den Haag",
        postalCode: "2583 AB",
        country: "Nederland",
        nextOfKinName: `Familie ${who.name}`,
        nextOfKinPhone: "+31 70 1234567",
        comments: `Opmerking van ${who.name}`,
        status,
        priceCents: 40_000,
        amountDueCents: 20_000,
        termsAcceptedAt: new Date(T0.getTime() - 60 * DAY),
        waiverVersion: "2026-1",
        clientKey: "hash-of-client",
        confirmedAt: new Date(T0.getTime() - 60 * DAY),
        locale: "en",
      })
      .returning();
    return row;
  }

  beforeAll(async () => {
    setNowForTests(T0);
    const db = test.db();
    // The sailing day was 20 days before T0: the booking is bookkeeping now, not live.
    const past = await insertEvent(db, { name: "Voorjaarszeilen", nameEn: "Spring sail", startDate: new Date(T0.getTime() - 20 * DAY), endDate: new Date(T0.getTime() - 19 * DAY) });
    const future = await insertEvent(db, { name: "Zomerregatta", startDate: new Date(T0.getTime() + 40 * DAY), endDate: new Date(T0.getTime() + 41 * DAY) });
    pastEventId = past.id;
    futureEventId = future.id;

    const anna = await registration(past.id, ANNA, annaRef);
    ids.annaReg = anna.id;
    const [payment] = await db
      .insert(payments)
      .values({ registrationId: anna.id, provider: "test", providerSessionId: "cs_k7m3", providerPaymentId: "pi_k7m3", kind: "deposit", amountCents: 20_000, status: "paid", paidAt: new Date(T0.getTime() - 60 * DAY) })
      .returning();
    ids.annaPayment = payment.id;
    const [refund] = await db
      .insert(refunds)
      .values({
        registrationId: anna.id,
        paymentId: payment.id,
        amountCents: 5_000,
        reason: `Goodwill for ${ANNA.name}`,
        status: "succeeded",
        providerRefundId: "re_k7m3",
        idempotencyKey: "refund-k7m3",
        requestedBy: "staff:staff-1",
        succeededAt: new Date(T0.getTime() - 10 * DAY),
      })
      .returning();
    ids.annaRefund = refund.id;
    await db.insert(auditLog).values([
      { at: new Date(T0.getTime() - 60 * DAY), entityType: "registration", entityId: anna.id, registrationId: anna.id, eventId: past.id, action: "registration.created", changes: { status: { from: null, to: "confirmed" } }, actorType: "participant" },
      {
        at: new Date(T0.getTime() - 30 * DAY),
        entityType: "registration",
        entityId: anna.id,
        registrationId: anna.id,
        eventId: past.id,
        action: "registration.details_changed",
        changes: { phoneNumber: { from: ANNA.phone, to: ANNA.newPhone }, street: { from: "Oudeweg 1", to: ANNA.street } },
        actorType: "participant",
      },
      { at: new Date(T0.getTime() - 10 * DAY), entityType: "refund", entityId: refund.id, registrationId: anna.id, eventId: past.id, action: "refund.succeeded", changes: { status: { from: "pending", to: "succeeded" } }, actorType: "staff", actorId: "staff-1", reason: `Asked by ${ANNA.name} on the phone` },
    ]);

    const [entry] = await db.insert(waitlistEntries).values({ eventId: future.id, name: ANNA.name, email: "anna.zeewind@example.com", phone: ANNA.phone, places: 2, message: "Graag met mijn broer", status: "lapsed", locale: "en" }).returning();
    ids.annaEntry = entry.id;
    const [offer] = await db.insert(waitlistOffers).values({ entryId: entry.id, eventId: future.id, places: 2, status: "lapsed", expiresAt: new Date(T0.getTime() - 2 * DAY), createdBy: "system", closedAt: new Date(T0.getTime() - 2 * DAY) }).returning();
    ids.annaOffer = offer.id;
    await db.insert(auditLog).values([
      { at: new Date(T0.getTime() - 5 * DAY), entityType: "waitlist_entry", entityId: entry.id, eventId: future.id, action: "waitlist_entry.joined", changes: { places: { from: null, to: 2 } }, actorType: "participant" },
      { at: new Date(T0.getTime() - 4 * DAY), entityType: "waitlist_offer", entityId: offer.id, eventId: future.id, action: "waitlist_offer.created", changes: {}, actorType: "system", actorId: "waitlist" },
    ]);
    await db.insert(eventInterest).values({ eventId: future.id, name: ANNA.name, email: "ANNA.ZEEWIND@example.com", message: "Ik wil <b>mee</b>", locale: "en" });
    await db.insert(newsletterSubscribers).values({ email: "anna.zeewind@example.com", name: ANNA.name, status: "confirmed", token: "tok-anna", confirmedAt: T0, locale: "en" });
    await db.insert(emails).values([
      { to: "anna.zeewind@example.com", subject: "Your booking OR-K7M3Q9", template: "booking-confirmed", locale: "en", html: "<p>Hi Anna</p>", text: "Hi Anna", relatedId: anna.id, status: "sent" },
      // The team's notice about her booking: to the team, about her (related by the registration).
      { to: "team@example.com", subject: `New booking: ${ANNA.name}`, template: "team-booking", locale: "nl", html: "<p>x</p>", text: `${ANNA.name} booked`, relatedId: anna.id, status: "sent" },
    ]);
    await db.insert(rateLimits).values({ bucket: "login-account", key: limitKey("login-account", "anna.zeewind@example.com"), windowStart: T0, count: 2 });

    // Bram: a registration, interest, newsletter, e-mails, history of his own.
    const bram = await registration(past.id, BRAM, "OR-BRAM01");
    ids.bramReg = bram.id;
    await db.insert(payments).values({ registrationId: bram.id, provider: "test", providerSessionId: "cs_bram", providerPaymentId: "pi_bram", kind: "full", amountCents: 40_000, status: "paid", paidAt: T0 });
    await db.insert(auditLog).values({ at: T0, entityType: "registration", entityId: bram.id, registrationId: bram.id, eventId: past.id, action: "registration.details_changed", changes: { phoneNumber: { from: null, to: BRAM.phone } }, actorType: "participant" });
    await db.insert(eventInterest).values({ eventId: future.id, name: BRAM.name, email: BRAM.email });
    await db.insert(newsletterSubscribers).values({ email: BRAM.email, name: BRAM.name, status: "confirmed", token: "tok-bram" });
    await db.insert(emails).values({ to: BRAM.email, subject: "Your booking OR-BRAM01", template: "booking-confirmed", locale: "nl", html: "<p>Hoi Bram</p>", text: "Hoi Bram", relatedId: bram.id, status: "sent" });
    await db.insert(waitlistEntries).values({ eventId: future.id, name: BRAM.name, email: BRAM.email, places: 1 });
    await db.insert(rateLimits).values({ bucket: "login-account", key: limitKey("login-account", BRAM.email), windowStart: T0, count: 1 });
  });

  it("compares the address trimmed and case-insensitively, and refuses what is not one", () => {
    expect(normaliseSubjectEmail("  Anna.Zeewind@EXAMPLE.com ")).toBe("anna.zeewind@example.com");
    for (const bad of ["", "   ", "anna", "a b@example.com", "@example.com", "x".repeat(300) + "@example.com", null, 42]) {
      expect(normaliseSubjectEmail(bad)).toBeNull();
    }
  });

  it("exports everything held about the person, and nothing of anyone else", async () => {
    const data = await findSubject(test.db(), normaliseSubjectEmail(" anna.zeewind@EXAMPLE.com ")!);
    // Handed to her: in her language (she booked in English), the team not named person by person.
    const doc = await subjectView(test.db(), data, T0, "en", "person");
    expect(doc.language).toBe("en");
    expect(doc.registrations).toHaveLength(1);
    const [reg] = doc.registrations;
    expect(reg).toMatchObject({
      reference: annaRef,
      name: ANNA.name,
      phone: ANNA.phone,
      birthDate: "1988-02-03",
      address: { street: ANNA.street, city: "Den Haag" },
      emergencyContact: { name: `Familie ${ANNA.name}` },
      comments: `Opmerking van ${ANNA.name}`,
      event: { id: pastEventId, name: "Spring sail" },
    });
    expect(reg.payments.map((p) => [p.id, p.amountCents, p.providerPaymentId])).toEqual([[ids.annaPayment, 20_000, "pi_k7m3"]]);
    expect(reg.refunds.map((f) => [f.id, f.amountCents, f.providerRefundId])).toEqual([[ids.annaRefund, 5_000, "re_k7m3"]]);
    expect(doc.waitlist.map((w) => [w.id, w.places, w.offers.map((o) => o.id)])).toEqual([[ids.annaEntry, 2, [ids.annaOffer]]]);
    expect(doc.interest.map((i) => [i.name, i.message, i.event?.id])).toEqual([[ANNA.name, "Ik wil <b>mee</b>", futureEventId]]);
    expect(doc.newsletter.map((s) => [s.name, s.status])).toEqual([[ANNA.name, "confirmed"]]);
    expect(doc.emails.map((m) => m.template).sort()).toEqual(["booking-confirmed", "team-booking"]);
    expect(doc.audit.map((a) => a.action).sort()).toEqual(["refund.succeeded", "registration.created", "registration.details_changed", "waitlist_entry.joined", "waitlist_offer.created"]);
    // The history as sentences in English beside the machine fields; no raw JSON, no staff account.
    const sentence = (action: string) => doc.audit.find((a) => a.action === action)!.sentence;
    expect(sentence("registration.created")).toBe("Registered and confirmed (by the participant).");
    expect(sentence("registration.details_changed")).toBe(
      // (In the order the database keeps the keys of a jsonb value: shorter first.)
      `Details changed: street from Oudeweg 1 to ${ANNA.street}; phone from ${ANNA.phone} to ${ANNA.newPhone} (by the participant).`,
    );
    expect(sentence("refund.succeeded")).toBe(`€50 refunded (by the team). Reason: Asked by ${ANNA.name} on the phone`);
    expect(sentence("waitlist_entry.joined")).toBe("Joined the waiting list for 2 place(s) (by the participant).");
    expect(doc.audit.find((a) => a.action === "registration.details_changed")!.changes).toHaveProperty("phoneNumber");
    for (const line of doc.audit) expect(line.sentence).not.toMatch(/[{}]|staff-1|undefined/);
    expect(doc.registrations[0].refunds[0]).toMatchObject({ reason: `Goodwill for ${ANNA.name}`, reasonText: `Goodwill for ${ANNA.name}` });

    // The staff's page reads the same history in Dutch, staff by name (this account is gone: "een medewerker").
    const page = await subjectView(test.db(), data, T0, "nl", "staff");
    expect(page.registrations[0].event?.name).toBe("Voorjaarszeilen");
    expect(page.audit.find((a) => a.action === "refund.succeeded")!.sentence).toMatch(new RegExp(`^€\\s?50 terugbetaald \\(door een medewerker\\)\\. Reden: Asked by ${ANNA.name} on the phone$`));
    expect(doc.rateLimitRows).toBe(1);
    // Never a credential: the newsletter's link token stays out.
    const text = JSON.stringify(doc);
    expect(text).not.toContain("tok-anna");
    for (const other of [BRAM.name, BRAM.email, BRAM.phone, "OR-BRAM01", ids.bramReg, "pi_bram", "Hoi Bram"]) expect(text).not.toContain(other);
  });

  it("serves the downloads to admins only, by POST, as JSON and escaped HTML; bad input is a 400", async () => {
    const admin = await signedInUser({ admin: true });
    const outsider = await signedInUser({ admin: false });
    const denied = (await call(exportJsonAction as never, postForm("/admin/privacy/export.json", outsider.cookie, { email: ANNA.email }))) as Response;
    expect(denied.status).toBe(403);
    const anonymous = (await call(exportJsonAction as never, postForm("/admin/privacy/export.json", undefined, { email: ANNA.email }))) as Response;
    expect(anonymous.status).toBe(401);
    const get = (await call(exportJsonLoader as never, admin.request("/admin/privacy/export.json"))) as Response;
    expect(get.status).toBe(405);

    const json = (await call(exportJsonAction as never, postForm("/admin/privacy/export.json", admin.cookie, { email: ` ${ANNA.email} ` }))) as Response;
    expect(json.status).toBe(200);
    // Named by her booking's reference, so two people's files in one folder are told apart.
    expect(json.headers.get("content-disposition")).toMatch(/^attachment; filename="persoonsgegevens-OR-K7M3Q9-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(json.headers.get("cache-control")).toBe("no-store");
    const body = (await json.json()) as { registrations: { reference: string }[] };
    expect(body.registrations.map((r) => r.reference)).toEqual([annaRef]);

    const html = (await call(exportHtmlAction as never, postForm("/admin/privacy/export.html", admin.cookie, { email: ANNA.email }))) as Response;
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toContain("text/html");
    const page = await html.text();
    // Written in her language (she booked in English), with her booking in it.
    expect(page).toContain('<html lang="en">');
    expect(page).toContain("Your personal data");
    expect(page).toContain(annaRef);
    expect(page).toContain(ANNA.name);
    expect(page).toContain("Confirmed"); // the status as a word in her language, not the stored value
    expect(page).toContain("Spring sail"); // the event's English name
    expect(page).toContain("Registered and confirmed (by the participant).");
    expect(page).not.toContain("&quot;status&quot;");
    expect(html.headers.get("content-disposition")).toMatch(/filename="persoonsgegevens-OR-K7M3Q9-\d{4}-\d{2}-\d{2}\.html"/);

    // Someone without a booking: a short id of the address (keyed), never the address.
    const nobody = (await call(exportJsonAction as never, postForm("/admin/privacy/export.json", admin.cookie, { email: "nobody.here@example.com" }))) as Response;
    const nobodyName = nobody.headers.get("content-disposition") ?? "";
    expect(nobodyName).toMatch(/filename="persoonsgegevens-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.json"/);
    expect(nobodyName).not.toContain("nobody");
    expect(page).not.toContain(BRAM.name);
    // Every value escaped: her own text cannot make markup of the page.
    expect(page).toContain("Ik wil &lt;b&gt;mee&lt;/b&gt;");
    expect(page).not.toContain("<b>mee");

    const bad = (await call(exportJsonAction as never, postForm("/admin/privacy/export.json", admin.cookie, { email: "not an address" }))) as Response;
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("geldig e-mailadres");

    const search = unwrap<{ kind: string; message?: string }>(await call(privacyAction as never, postForm("/admin/privacy", admin.cookie, { intent: "search", email: "nope" })));
    expect(search).toEqual({ status: 400, data: { kind: "error", message: "admin.privacy.invalidEmail" } });
    const unknown = unwrap<{ kind: string }>(await call(privacyAction as never, postForm("/admin/privacy", admin.cookie, { intent: "drop", email: ANNA.email })));
    expect(unknown.status).toBe(400);
    // The erase button without the confirmation changes nothing: it asks first.
    const unconfirmed = unwrap<{ kind: string; confirm?: boolean }>(await call(privacyAction as never, postForm("/admin/privacy", admin.cookie, { intent: "erase", email: ANNA.email })));
    expect(unconfirmed.data).toMatchObject({ kind: "found", confirm: true });
    const [stillThere] = await test.db().select().from(registrations).where(eq(registrations.id, ids.annaReg));
    expect(stillThere.customerName).toBe(ANNA.name);
  });

  it("refuses to erase while a booking is live, changing nothing", async () => {
    const live = await registration(futureEventId, ANNA, "OR-K7M3Q8");
    try {
      const result = await eraseSubject(test.db(), "anna.zeewind@example.com", STAFF, T0);
      expect(result).toEqual({ status: "refused", refusal: { reason: "live_booking", references: ["OR-K7M3Q8"] } });
      const [row] = await test.db().select().from(registrations).where(eq(registrations.id, ids.annaReg));
      expect(row.customerName).toBe(ANNA.name);
      expect(await test.db().select().from(auditLog).where(eq(auditLog.entityType, "privacy_request"))).toHaveLength(0);
    } finally {
      await test.db().delete(auditLog).where(eq(auditLog.registrationId, live.id));
      await test.db().delete(registrations).where(eq(registrations.id, live.id));
    }
  });

  it("erases all but the bookkeeping fields, leaves others untouched, records counts only, and is harmless to repeat", async () => {
    const bramBefore = JSON.stringify(await findSubject(test.db(), BRAM.email));
    const result = await eraseSubject(test.db(), "anna.zeewind@example.com", STAFF, T0);
    if (result.status !== "erased") throw new Error(`expected an erasure, got ${result.status}`);
    expect(result.references).toEqual([annaRef]);
    expect(result.counts).toMatchObject({
      registrationsAnonymised: 1,
      paymentsKept: 1,
      refundsKept: 1,
      refundReasonsScrubbed: 1,
      waitlistEntriesDeleted: 1,
      waitlistOffersDeleted: 1,
      auditRowsDeleted: 2,
      interestDeleted: 1,
      newsletterDeleted: 1,
      emailsDeleted: 2,
      rateLimitRowsDeleted: 1,
    });
    expect(result.counts.auditRowsScrubbed).toBe(2); // the details change and the refund's reason
    expect(result.counts.auditRowsKept).toBe(3); // the booking's own history stays with it

    // The booking keeps its bookkeeping fields only.
    const [reg] = await test.db().select().from(registrations).where(eq(registrations.id, ids.annaReg));
    expect(reg).toMatchObject({
      reference: annaRef,
      eventId: pastEventId,
      status: "confirmed",
      priceCents: 40_000,
      amountDueCents: 20_000,
      waiverVersion: "2026-1",
      customerName: "[verwijderd]",
      customerEmail: "",
      phoneNumber: null,
      birthDate: null,
      street: "",
      postalCode: "",
      city: "",
      country: "",
      nextOfKinName: null,
      nextOfKinPhone: null,
      comments: null,
      clientKey: null,
    });
    expect(reg.personalDataErasedAt?.toISOString()).toBe(T0.toISOString());
    const [payment] = await test.db().select().from(payments).where(eq(payments.id, ids.annaPayment));
    expect(payment).toMatchObject({ amountCents: 20_000, status: "paid", providerPaymentId: "pi_k7m3" });
    const [refund] = await test.db().select().from(refunds).where(eq(refunds.id, ids.annaRefund));
    expect(refund).toMatchObject({ amountCents: 5_000, status: "succeeded", providerRefundId: "re_k7m3", reason: "Goodwill for [verwijderd]" });

    // The history stays with the booking, without her values.
    const trail = await test.db().select().from(auditLog).where(eq(auditLog.registrationId, ids.annaReg));
    expect(trail.map((a) => a.action).sort()).toEqual(["refund.succeeded", "registration.created", "registration.details_changed"]);
    const trailText = JSON.stringify(trail);
    for (const value of [ANNA.phone, ANNA.newPhone, ANNA.street, "Oudeweg 1", ANNA.name]) expect(trailText).not.toContain(value);

    // Deleted: waiting list (with offers and history), interest, newsletter, e-mails, login counter.
    expect(await test.db().select().from(waitlistEntries).where(eq(waitlistEntries.id, ids.annaEntry))).toHaveLength(0);
    expect(await test.db().select().from(waitlistOffers).where(eq(waitlistOffers.id, ids.annaOffer))).toHaveLength(0);
    expect(await test.db().select().from(auditLog).where(inArray(auditLog.entityId, [ids.annaEntry, ids.annaOffer]))).toHaveLength(0);

    // Nothing anywhere still names her.
    const everything = JSON.stringify([
      await test.db().select().from(registrations),
      await test.db().select().from(auditLog),
      await test.db().select().from(emails),
      await test.db().select().from(eventInterest),
      await test.db().select().from(newsletterSubscribers),
      await test.db().select().from(waitlistEntries),
      await test.db().select().from(refunds),
    ]).toLowerCase();
    for (const value of ["anna", "zeewind", ANNA.phone, ANNA.newPhone, ANNA.street.toLowerCase()]) expect(everything).not.toContain(value.toLowerCase());
    expect(await test.db().select().from(rateLimits).where(eq(rateLimits.key, limitKey("login-account", "anna.zeewind@example.com")))).toHaveLength(0);

    // The erasure's own record: counts only, no address, name, reference or id of hers.
    const records = await test.db().select().from(auditLog).where(eq(auditLog.entityType, "privacy_request"));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: "privacy.erased", actorType: "staff", actorId: "staff-1", registrationId: null, eventId: null });
    expect(records[0].changes.registrationsAnonymised).toEqual({ from: null, to: 1 });
    const recordText = JSON.stringify(records[0]).toLowerCase();
    for (const value of ["anna", "zeewind", annaRef.toLowerCase(), ids.annaReg, ids.annaPayment, "example.com"]) expect(recordText).not.toContain(value);

    // Bram is untouched.
    expect(JSON.stringify(await findSubject(test.db(), BRAM.email))).toBe(bramBefore);

    // Again: nothing is found under her address, nothing changes, nothing more is recorded.
    expect(isEmptySubject(await findSubject(test.db(), "anna.zeewind@example.com"))).toBe(true);
    expect(await eraseSubject(test.db(), "anna.zeewind@example.com", STAFF, T0)).toEqual({ status: "nothing_found" });
    expect(await test.db().select().from(auditLog).where(eq(auditLog.entityType, "privacy_request"))).toHaveLength(1);

    // The retention sweep later leaves the anonymised booking as it is.
    await applyRetention(test.db(), new Date(T0.getTime() + 400 * DAY));
    const [later] = await test.db().select().from(registrations).where(eq(registrations.id, ids.annaReg));
    expect(later).toMatchObject({ reference: annaRef, priceCents: 40_000, customerEmail: "" });
  });
});
