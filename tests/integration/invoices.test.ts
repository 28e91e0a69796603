// @engine both: invoice numbers from one locked row per year under concurrent payments (two connections on PostgreSQL), credit notes in the changes' transactions, an immutability trigger
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PARTICIPANT } from "@server/audit/audit.server";
import { cancelBooking } from "@server/booking/cancel.server";
import { openCheckout } from "@server/booking/checkout.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { registrationMoney } from "@server/booking/money.server";
import { cancelPlace } from "@server/booking/place-changes.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { openDatabase, type DatabaseHandle } from "@server/db/client.server";
import { bookingPlaces, invoices, payments, registrations, type Invoice } from "@server/db/schema.server";
import { accountingCsv, accountingExport } from "@server/invoices/accounting.server";
import { vatIncluded } from "@server/invoices/document";
import { issueInvoice, invoicesOf } from "@server/invoices/issue.server";
import { manageToken } from "@server/booking/manage-link.server";
import { loader as invoiceDownload } from "~/routes/manage/invoice-download";
import { action as registerAction } from "~/routes/booking/register";
import type { RegisterActionData } from "~/schemas/registration";
import { translate } from "~/i18n";
import { manageView, requireBooking } from "~/routes/manage/my-booking.server";
import { formRequest, testContext } from "../support/forms";
import { useTestDatabase } from "../support/db";
import { insertEvent, namedParticipant, participant, useFakeStripe } from "./booking-fixtures";
import { auditActionsOf, mailsOf } from "./booking-lifecycle-fixtures";
import { groupInput } from "./participant-fixtures";

const DAY = 86_400_000;
const PRICE = 29_500;

describe("invoices and credit notes", () => {
  const database = useTestDatabase();
  const provider = useFakeStripe(database);
  const NOW = new Date("2026-03-02T10:00:00Z");
  let second: DatabaseHandle | undefined;
  afterAll(async () => {
    await second?.close();
  });

  /** A booker who does not sail books `places` places and pays the deposit (50%), at `at`. */
  async function paidGroup(n: number, places: number, at = NOW, overrides: Parameters<typeof insertEvent>[1] = {}) {
    const event = await insertEvent(at, {
      startDate: new Date(at.getTime() + 60 * DAY),
      endDate: new Date(at.getTime() + 60 * DAY + 8 * 3_600_000),
      maxParticipants: 20,
      maxPlacesPerBooking: 8,
      ...overrides,
    });
    const input = groupInput(n, Array.from({ length: places }, (_, i) => namedParticipant(`Deelnemer ${n}.${i + 1}`, `deelnemer${n}.${i + 1}@example.com`)), false);
    setNowForTests(at);
    const created = await createRegistration(database.db(), { eventId: event.id, input, locale: "en", now: at });
    if (created.outcome !== "held") throw new Error(`expected a hold, got ${created.outcome}`);
    const session = await openCheckout(created.registration, created.event, created.due);
    const paid = await fulfilPayment({ provider: session.provider, sessionId: session.sessionId, providerPaymentId: provider.pay(session.sessionId), amountCents: created.registration.amountDueCents, currency: "eur" });
    if (paid.outcome !== "confirmed") throw new Error(`expected a confirmation, got ${paid.outcome}`);
    const places_ = await database.db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, created.registration.id)).orderBy(bookingPlaces.number);
    return { event, registration: created.registration, places: places_ };
  }

  /** The documents of a booking add up to what the booker finally pays: paid − refunded + still due. */
  async function expectDocumentsAddUp(registrationId: string) {
    const money = await registrationMoney(database.db(), registrationId, NOW);
    const documents = await invoicesOf(database.db(), registrationId);
    expect(documents.reduce((s, d) => s + d.totalCents, 0)).toBe(money.paidCents - money.refundedCents - money.refundPendingCents + money.balanceDueCents);
  }

  it("issues one invoice with the first payment: the places × the price of one, the event's VAT, the deposit received and the balance due, attached to the confirmation", async () => {
    const { registration } = await paidGroup(1, 4);
    const [invoice, ...more] = await invoicesOf(database.db(), registration.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ kind: "invoice", year: 2026, totalCents: 4 * PRICE, vatBasisPoints: 2100, vatCents: vatIncluded(4 * PRICE, 2100), locale: "en" });
    expect(invoice.number).toMatch(/^2026-\d{6}$/);
    expect(invoice.vatCents).toBe(20_479);
    const doc = invoice.document;
    expect(doc.lines).toEqual([{ description: expect.stringContaining("Test sailing day"), quantity: 4, unitCents: PRICE, totalCents: 4 * PRICE }]);
    expect(doc.netCents).toBe(4 * PRICE - 20_479);
    expect(doc.payments).toEqual([{ date: "2026-03-02", description: expect.any(String), amountCents: 2 * PRICE }]);
    expect(doc).toMatchObject({ dueCents: 2 * PRICE, buyer: { name: "Boeker 1", email: participant(1).customerEmail }, bookingReference: registration.reference, refersTo: null });
    expect(doc.seller).toMatchObject({ legalName: expect.stringContaining("(demo)"), kvk: expect.stringMatching(/^\d{8}$/), iban: expect.stringMatching(/^NL\d{2} /) });
    expect(await auditActionsOf(database.db(), registration.id)).toContain("invoice.issued");

    const [confirmation] = await mailsOf(database.db(), registration.id, "booking-confirmation");
    const pdf = confirmation.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.filename).toBe(`invoice-${invoice.number}.pdf`);
    expect(Buffer.from(pdf!.contentBase64, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(confirmation.text).toContain(invoice.number);
    await expectDocumentsAddUp(registration.id);
  });

  it("the booker downloads their own documents from their page's links, never another booking's", async () => {
    const { registration } = await paidGroup(10, 2);
    const other = await paidGroup(11, 1);
    const token = manageToken(registration.id);
    const view = await manageView(await requireBooking(token, "10.9.9.1"), "en", null);
    const [invoice] = await invoicesOf(database.db(), registration.id);
    expect(view.invoices).toEqual([{ number: invoice.number, kind: "invoice", issuedOn: invoice.document.issuedOn, totalCents: 2 * PRICE, file: `${invoice.number}.pdf` }]);
    const download = (number: string) =>
      invoiceDownload({ request: new Request(`http://localhost/my-booking/${token}/invoices/${number}`), params: { token, number }, context: testContext("10.9.9.2") } as never);
    const answer = (await download(view.invoices[0].file)) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const [theirs] = await invoicesOf(database.db(), other.registration.id);
    await expect(download(`${theirs.number}.pdf`)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(download("../../etc/passwd")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("a company booking through the form: its name, VAT number, PO reference and invoice address on the invoice; a wrong VAT number refused in the visitor's language, changing nothing", async () => {
    const event = await insertEvent(NOW, { startDate: new Date(NOW.getTime() + 60 * DAY), endDate: new Date(NOW.getTime() + 60 * DAY + 8 * 3_600_000), maxParticipants: 20, maxPlacesPerBooking: 8 });
    const form = (extra: Record<string, string>) => ({
      customerName: "Hanna de Wit",
      customerEmail: "hanna@zeewind.example",
      street: "Kade 4",
      postalCode: "2583 AB",
      city: "Den Haag",
      country: "Nederland",
      places: "2",
      bookerSails: "no",
      "participants[0].name": "Collega Een",
      "participants[0].email": "een@zeewind.example",
      "participants[1].name": "Collega Twee",
      "participants[1].email": "twee@zeewind.example",
      termsAccepted: "on",
      asCompany: "on",
      ...extra,
    });
    const post = async (fields: Record<string, string>, lang: "nl" | "en") => {
      const request = formRequest(`/events/${event.slug}/register`, fields, { "accept-language": lang === "en" ? "en-GB" : "nl-NL" });
      return (await registerAction({ request, params: { slug: event.slug }, context: testContext("10.28.0.1") } as never)) as unknown;
    };
    setNowForTests(NOW);
    // A ticked company block without a name, and a Dutch VAT number in the wrong format: refused, nothing stored.
    const refused = (await post(form({ companyName: "", companyVatNumber: "NL12345" }), "nl")) as { data: RegisterActionData; init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ companyName: ["booking.validation.fieldRequired"], companyVatNumber: ["booking.validation.invalidVatNumber"] });
    expect(translate("nl", "booking.validation.invalidVatNumber")).toContain("btw-nummer");
    expect(await database.db().select().from(registrations).where(eq(registrations.eventId, event.id))).toEqual([]);

    const answer = await post(form({ companyName: "Zeewind Consultancy B.V.", companyVatNumber: "nl 9876.54321.B02", companyPoReference: "PO-2026-118", invoiceAddress: "Crediteurenadministratie\nPostbus 100\n2500 AA Den Haag" }), "en");
    expect(answer instanceof Response && answer.status).toBe(303);
    const [booking] = await database.db().select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(booking).toMatchObject({ companyName: "Zeewind Consultancy B.V.", companyVatNumber: "NL987654321B02", companyPoReference: "PO-2026-118" });
    const [payment] = await database.db().select().from(payments).where(eq(payments.registrationId, booking.id));
    await fulfilPayment({ provider: payment.provider as "stripe", sessionId: payment.providerSessionId, providerPaymentId: provider.pay(payment.providerSessionId), amountCents: payment.amountCents, currency: "eur" });
    const [invoice] = await invoicesOf(database.db(), booking.id);
    expect(invoice.document.buyer).toEqual({
      name: "Hanna de Wit",
      company: "Zeewind Consultancy B.V.",
      vatNumber: "NL987654321B02",
      poReference: "PO-2026-118",
      addressLines: ["Crediteurenadministratie", "Postbus 100", "2500 AA Den Haag"],
      email: "hanna@zeewind.example",
    });
    // A private booking: no company on its invoice.
    const privateOne = await paidGroup(12, 1);
    expect((await invoicesOf(database.db(), privateOne.registration.id))[0].document.buyer).toMatchObject({ company: null, vatNumber: null, poReference: null });
  });

  it("never changes or deletes an issued document", async () => {
    const { registration } = await paidGroup(2, 1);
    const [invoice] = await invoicesOf(database.db(), registration.id);
    await expect(database.db().update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    await expect(database.db().delete(invoices).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    expect((await invoicesOf(database.db(), registration.id))[0].totalCents).toBe(PRICE);
  });

  it("a cancelled place: a credit note of that place referring to the invoice, attached to the booker's e-mail; cancelling it again issues nothing", async () => {
    const { registration, places } = await paidGroup(3, 5);
    const result = await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[4].id, actor: PARTICIPANT, now: NOW });
    expect(result.outcome).toBe("cancelled");
    const [invoice, credit, ...more] = await invoicesOf(database.db(), registration.id);
    expect(more).toEqual([]);
    expect(credit).toMatchObject({ kind: "credit_note", totalCents: -PRICE, refersToId: invoice.id, vatCents: -vatIncluded(PRICE, 2100) });
    expect(credit.document.refersTo).toEqual({ number: invoice.number, issuedOn: invoice.document.issuedOn });
    expect(credit.document.reason).toBeTruthy();
    const toBooker = await mailsOf(database.db(), registration.id, "place-cancelled-booker");
    expect(toBooker[0].attachments.map((a) => a.filename)).toEqual([`credit-note-${credit.number}.pdf`]);
    await expectDocumentsAddUp(registration.id);
    await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[4].id, actor: PARTICIPANT, now: NOW });
    expect(await invoicesOf(database.db(), registration.id)).toHaveLength(2);
  });

  it("a late place cancel keeps the share paid (no refund): the credit note is the unpaid rest of that place only", async () => {
    const { registration, places } = await paidGroup(4, 5);
    const late = new Date(NOW.getTime() + 45 * DAY);
    setNowForTests(late);
    await cancelPlace(database.db(), { registrationId: registration.id, placeId: places[0].id, actor: PARTICIPANT, now: late });
    const [, credit] = await invoicesOf(database.db(), registration.id);
    // Half the place was paid (the deposit) and is kept under the policy: the other half is no longer owed.
    expect(credit).toMatchObject({ kind: "credit_note", totalCents: -PRICE / 2 });
    setNowForTests(NOW);
    await expectDocumentsAddUp(registration.id);
  });

  it("a cancelled booking: a credit note for all that is no longer paid, attached to the cancellation", async () => {
    const { registration } = await paidGroup(5, 2);
    setNowForTests(NOW);
    const result = await cancelBooking({ registrationId: registration.id, actor: PARTICIPANT, refund: { mode: "policy" } });
    expect(result.outcome).toBe("cancelled");
    const [invoice, credit] = await invoicesOf(database.db(), registration.id);
    // Cancelled within the refund window: everything back, nothing owed: the whole invoice is credited.
    expect(credit).toMatchObject({ kind: "credit_note", totalCents: -invoice.totalCents, refersToId: invoice.id });
    const [cancellation] = await mailsOf(database.db(), registration.id, "booking-cancellation");
    expect(cancellation.attachments.some((a) => a.filename === `credit-note-${credit.number}.pdf`)).toBe(true);
    await expectDocumentsAddUp(registration.id);
  });

  it("numbers are consecutive and unique within a year under 60 concurrent payments, on two instances", async () => {
    const at = new Date("2031-05-04T10:00:00Z");
    setNowForTests(at);
    const event = await insertEvent(at, { startDate: new Date(at.getTime() + 90 * DAY), endDate: new Date(at.getTime() + 91 * DAY), maxParticipants: 200, priceCents: 10_000 });
    const held = [];
    for (let i = 0; i < 60; i++) {
      const created = await createRegistration(database.db(), { eventId: event.id, input: participant(7_000 + i), locale: i % 2 ? "nl" : "en", now: at, clientAddress: `203.0.113.${i}` });
      if (created.outcome !== "held") throw new Error(`expected a hold, got ${created.outcome}`);
      held.push({ created, session: await openCheckout(created.registration, created.event, created.due) });
    }
    // On PostgreSQL the second half is confirmed by another instance: its own pool on the same database.
    const onPostgres = database.kind() === "postgres";
    if (onPostgres) {
      const [{ name }] = (await database.db().execute(sql`select current_database() as name`)) as unknown as { name: string }[];
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      second = await openDatabase({ databaseUrl: url.toString() });
    }
    const results = await Promise.all(
      held.map(async ({ created, session }, i) => {
        if (second && i % 2 === 1) {
          // The other instance's fulfilment: the payment, the confirmation and the invoice in one transaction.
          return second.db.transaction(async (tx) => {
            await tx.update(payments).set({ status: "paid", paidAt: at }).where(eq(payments.providerSessionId, session.sessionId));
            await tx.update(registrations).set({ status: "confirmed", confirmedAt: at }).where(eq(registrations.id, created.registration.id));
            return (await issueInvoice(tx, created.registration.id, at)) ? "confirmed" : "none";
          });
        }
        const paid = await fulfilPayment({ provider: session.provider, sessionId: session.sessionId, providerPaymentId: provider.pay(session.sessionId), amountCents: created.registration.amountDueCents, currency: "eur" });
        return paid.outcome;
      }),
    );
    expect(results.every((r) => r === "confirmed")).toBe(true);
    const issued = await database
      .db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.year, 2031), inArray(invoices.registrationId, held.map((h) => h.created.registration.id))));
    expect(issued).toHaveLength(60);
    expect(issued.map((d) => d.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(issued.map((d) => d.number)).size).toBe(60);
    expect(issued.every((d) => d.number === `2031-${String(d.sequence).padStart(6, "0")}`)).toBe(true);
    setNowForTests(NOW);
  });

  it("the accounting export of a period: every document, payment and refund, and VAT totals per rate equal to the sum of its documents", async () => {
    const at = new Date("2032-02-10T10:00:00Z");
    const a = await paidGroup(8, 3, at);
    const b = await paidGroup(9, 2, at, { vatBasisPoints: 900 });
    await cancelPlace(database.db(), { registrationId: a.registration.id, placeId: a.places[2].id, actor: PARTICIPANT, now: at });
    setNowForTests(NOW);
    const data = await accountingExport(database.db(), { from: "2032-02-01", to: "2032-02-29" });
    const documents: Invoice[] = [...(await invoicesOf(database.db(), a.registration.id)), ...(await invoicesOf(database.db(), b.registration.id))];
    expect(data.documents.map((d) => d.number).sort()).toEqual(documents.map((d) => d.number).sort());
    for (const rate of [2100, 900]) {
      const own = documents.filter((d) => d.vatBasisPoints === rate);
      expect(data.vatTotals.find((t) => t.vatBasisPoints === rate)).toEqual({
        vatBasisPoints: rate,
        totalCents: own.reduce((s, d) => s + d.totalCents, 0),
        vatCents: own.reduce((s, d) => s + d.vatCents, 0),
        netCents: own.reduce((s, d) => s + d.totalCents - d.vatCents, 0),
      });
    }
    expect(data.payments).toHaveLength(2);
    expect(data.refunds.map((r) => r.amountCents)).toEqual([PRICE / 2]);
    const csv = accountingCsv(data);
    expect(csv.startsWith("\uFEFFSoort;Datum;Nummer")).toBe(true);
    expect(csv).toContain(`creditnota;2032-02-10;${documents.find((d) => d.kind === "credit_note")!.number}`);
    expect(csv).toContain("btw-totaal;");
    expect(csv).toContain(";9;");
    // Another month has none of them.
    expect((await accountingExport(database.db(), { from: "2032-03-01", to: "2032-03-31" })).documents).toEqual([]);
  });
});
