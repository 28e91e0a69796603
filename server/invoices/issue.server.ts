import { and, asc, eq, sql } from "drizzle-orm";
import { asLocale, translate, type Locale, type MessageKey } from "~/i18n";
import { formatEventTimes } from "~/lib/dates";
import { teamDay } from "~/lib/local-time";
import { audit, SYSTEM, type Actor } from "../audit/audit.server";
import { bookingWithEvent } from "../booking/queries.server";
import { registrationMoney } from "../booking/money.server";
import type { DbOrTx, Transaction } from "../db/client.server";
import { invoiceSequences, invoices, payments, type Event, type Invoice, type Registration } from "../db/schema.server";
import { eventNameIn } from "../events/view.server";
import { vatIncluded, type InvoiceDocument } from "./document";
import { seller } from "./seller.server";

/**
 * Invoices and credit notes (issue 28, decision 046). A booking gets its invoice in the
 * transaction that records its first payment; from then on, every change of what the booker
 * finally pays (a refund, a cancelled place, a cancelled booking, a move to a date of another
 * price) is settled in its own transaction by a credit note (less) or a further invoice (more),
 * each referring to the first invoice. What the booker finally pays, the booking's turnover, is
 * what the team keeps plus what is still owed: paid − refunded (asked for included) + balance due.
 * The documents of a booking always add up to it. Numbers are taken in the same transaction from
 * one row per year, which stays locked until it commits: consecutive, without gaps, whatever
 * number of instances issue at once.
 */

/** Why a credit note or further invoice is issued: its reason line, in the booker's language. */
export type SettleReason = "refund" | "place_cancelled" | "cancelled" | "changed";

const REASON_KEYS: Record<SettleReason, MessageKey> = {
  refund: "invoice.reason.refund",
  place_cancelled: "invoice.reason.placeCancelled",
  cancelled: "invoice.reason.cancelled",
  changed: "invoice.reason.changed",
};

/** What the booker finally pays for the booking now (see above), in cents incl. VAT. */
async function turnover(tx: DbOrTx, registrationId: string, at: Date): Promise<number> {
  const money = await registrationMoney(tx, registrationId, at);
  return money.paidCents - money.refundedCents - money.refundPendingCents + money.balanceDueCents;
}

/** The next number of the year (Amsterdam): the sequence row is locked until the caller's transaction ends. */
async function nextNumber(tx: Transaction, at: Date): Promise<{ year: number; sequence: number; number: string }> {
  const year = Number(teamDay(at).slice(0, 4));
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceSequences.year, set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceSequences.lastNumber });
  return { year, sequence: row.lastNumber, number: `${year}-${String(row.lastNumber).padStart(6, "0")}` };
}

/** A booking's documents, oldest first. */
export async function invoicesOf(db: DbOrTx, registrationId: string): Promise<Invoice[]> {
  return db.select().from(invoices).where(eq(invoices.registrationId, registrationId)).orderBy(asc(invoices.year), asc(invoices.sequence));
}

const PAYMENT_KEYS: Record<string, MessageKey> = {
  deposit: "invoice.payment.deposit",
  full: "invoice.payment.full",
  balance: "invoice.payment.balance",
  manual: "invoice.payment.transfer",
};

/** Who the document is made out to: the booker, or the company they booked for, at its invoice address when it gave one. */
function buyerOf(registration: Registration): InvoiceDocument["buyer"] {
  const cityLine = [registration.postalCode, registration.city].filter(Boolean).join(" ");
  const ownAddress = [registration.street, cityLine, registration.country];
  const invoiceAddress = registration.companyName && registration.invoiceAddress ? registration.invoiceAddress.split(/\r?\n/) : null;
  return {
    name: registration.customerName,
    company: registration.companyName,
    vatNumber: registration.companyName ? registration.companyVatNumber : null,
    poReference: registration.companyName ? registration.companyPoReference : null,
    addressLines: (invoiceAddress ?? ownAddress).map((line) => line?.trim() ?? "").filter(Boolean),
    email: registration.customerEmail,
  };
}

type Loaded = { registration: Registration; event: Event; locale: Locale };

async function load(tx: DbOrTx, registrationId: string): Promise<Loaded> {
  const row = await bookingWithEvent(tx, registrationId);
  return { ...row, locale: asLocale(row.registration.locale) };
}

/** The document of a new invoice or credit note: everything but its number and totals decided here. */
async function documentOf(
  tx: DbOrTx,
  { registration, event, locale }: Loaded,
  at: Date,
  parts: Pick<InvoiceDocument, "kind" | "lines" | "vatBasisPoints" | "refersTo" | "reason"> & { number: string; totalCents: number },
): Promise<InvoiceDocument> {
  const money = await registrationMoney(tx, registration.id, at);
  const paid =
    parts.kind === "invoice"
      ? await tx
          .select({ kind: payments.kind, provider: payments.provider, amountCents: payments.amountCents, paidAt: payments.paidAt })
          .from(payments)
          .where(and(eq(payments.registrationId, registration.id), eq(payments.status, "paid")))
          .orderBy(asc(payments.paidAt))
      : [];
  const vatCents = vatIncluded(parts.totalCents, parts.vatBasisPoints);
  return {
    kind: parts.kind,
    number: parts.number,
    issuedOn: teamDay(at),
    locale,
    seller: seller(),
    buyer: buyerOf(registration),
    bookingReference: registration.reference,
    event: { name: eventNameIn(event, locale), dates: formatEventTimes(event, locale) },
    lines: parts.lines,
    vatBasisPoints: parts.vatBasisPoints,
    totalCents: parts.totalCents,
    vatCents,
    netCents: parts.totalCents - vatCents,
    payments: paid.map((p) => ({
      date: teamDay(p.paidAt ?? at),
      description: translate(locale, PAYMENT_KEYS[p.provider === "manual" ? "manual" : p.kind]),
      amountCents: p.amountCents,
    })),
    dueCents: parts.kind === "invoice" ? money.balanceDueCents : 0,
    dueDate: parts.kind === "invoice" && money.balanceDueAt ? teamDay(money.balanceDueAt) : null,
    refersTo: parts.refersTo,
    reason: parts.reason,
  };
}

async function insertDocument(tx: Transaction, registrationId: string, document: InvoiceDocument, numbered: { year: number; sequence: number }, at: Date, refersToId: string | null, actor: Actor): Promise<Invoice> {
  const [row] = await tx
    .insert(invoices)
    .values({
      number: document.number,
      year: numbered.year,
      sequence: numbered.sequence,
      kind: document.kind,
      registrationId,
      refersToId,
      issuedAt: at,
      locale: document.locale,
      totalCents: document.totalCents,
      vatCents: document.vatCents,
      vatBasisPoints: document.vatBasisPoints,
      document,
    })
    .returning();
  await audit(tx, {
    entityType: "registration",
    entityId: registrationId,
    registrationId,
    action: document.kind === "invoice" ? "invoice.issued" : "invoice.credit_note_issued",
    changes: { number: { from: null, to: document.number }, totalCents: { from: null, to: document.totalCents } },
    actor,
    at,
  });
  return row;
}

/**
 * The booking's invoice, issued in the caller's transaction when its first payment is recorded:
 * the places × the price of one (or the booking's price as one line when it does not divide), the
 * event's VAT rate, the payments so far and what is still due. Once per booking: a booking that
 * has one gets it back unchanged.
 */
export async function issueInvoice(tx: Transaction, registrationId: string, at: Date, actor: Actor = SYSTEM("invoicing")): Promise<Invoice | undefined> {
  const [existing] = await invoicesOf(tx, registrationId);
  if (existing) return existing;
  const loaded = await load(tx, registrationId);
  const { registration, event, locale } = loaded;
  const totalCents = await turnover(tx, registrationId, at);
  if (totalCents <= 0) return undefined;
  const places = Math.max(1, registration.places);
  const name = eventNameIn(event, locale);
  const lines =
    totalCents % places === 0
      ? [{ description: translate(locale, "invoice.line.places", { event: name }), quantity: places, unitCents: totalCents / places, totalCents }]
      : [{ description: translate(locale, "invoice.line.booking", { event: name, places }), quantity: 1, unitCents: totalCents, totalCents }];
  const numbered = await nextNumber(tx, at);
  const document = await documentOf(tx, loaded, at, { kind: "invoice", number: numbered.number, totalCents, lines, vatBasisPoints: event.vatBasisPoints, refersTo: null, reason: null });
  return insertDocument(tx, registrationId, document, numbered, at, null, actor);
}

/**
 * After a change of what the booker finally pays, in the caller's transaction (which changed it):
 * a credit note for what the documents charge too much, or a further invoice for what they charge
 * too little, referring to the booking's first invoice; nothing when they add up, or when the
 * booking was never invoiced (no payment yet). Safe to call after any change: it issues only the
 * difference, so a repeated call issues nothing.
 */
export async function settleInvoices(tx: Transaction, registrationId: string, at: Date, reason: SettleReason, actor: Actor = SYSTEM("invoicing")): Promise<Invoice | undefined> {
  const issued = await invoicesOf(tx, registrationId);
  const first = issued.find((d) => d.kind === "invoice");
  if (!first) return undefined;
  const loaded = await load(tx, registrationId);
  const charged = issued.reduce((sum, d) => sum + d.totalCents, 0);
  const difference = (await turnover(tx, registrationId, at)) - charged;
  if (difference === 0) return undefined;
  const kind = difference < 0 ? ("credit_note" as const) : ("invoice" as const);
  const reasonText = translate(loaded.locale, REASON_KEYS[reason]);
  const numbered = await nextNumber(tx, at);
  const document = await documentOf(tx, loaded, at, {
    kind,
    number: numbered.number,
    totalCents: difference,
    lines: [{ description: `${reasonText}: ${eventNameIn(loaded.event, loaded.locale)}`, quantity: 1, unitCents: difference, totalCents: difference }],
    vatBasisPoints: first.vatBasisPoints,
    refersTo: { number: first.number, issuedOn: first.document.issuedOn },
    reason: reasonText,
  });
  return insertDocument(tx, registrationId, document, numbered, at, first.id, actor);
}

/** A booking's document by its number ("2026-000001", or "2026-000001.pdf" as a link names it); undefined for another booking's. */
export async function invoiceOfBooking(db: DbOrTx, registrationId: string, numberInPath: string | undefined): Promise<Invoice | undefined> {
  const number = (numberInPath ?? "").replace(/\.pdf$/i, "");
  if (!/^\d{4}-\d{6}$/.test(number)) return undefined;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.number, number), eq(invoices.registrationId, registrationId)))
    .limit(1);
  return row;
}

/** The file name of a document's PDF: "factuur-2026-000001.pdf", "credit-note-2026-000002.pdf". */
export function invoiceFileName(invoice: Pick<Invoice, "kind" | "number" | "locale">): string {
  const word = invoice.kind === "invoice" ? (invoice.locale === "en" ? "invoice" : "factuur") : invoice.locale === "en" ? "credit-note" : "creditnota";
  return `${word}-${invoice.number}.pdf`;
}
