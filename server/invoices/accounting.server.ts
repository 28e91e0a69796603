import { and, asc, eq, gte, lt, isNotNull } from "drizzle-orm";
import { csvEuros } from "~/lib/money-format";
import { addDays, teamDay, teamDayStart } from "~/lib/local-time";
import type { DbOrTx } from "../db/client.server";
import { invoices, payments, refunds, registrations } from "../db/schema.server";
import { toCsv, type CsvCell } from "../reports/csv.server";

/**
 * The bookkeeper's export of a period (issue 28, decision 046): every invoice and credit note
 * issued, every payment received and every refund confirmed in it, one row each, then the VAT
 * totals per rate of the documents. Amounts in euros with the Dutch decimal comma (the site's
 * CSV for Dutch Excel); a credit note's and a refund's are negative. Days are Amsterdam days,
 * both ends included.
 */

export type AccountingPeriod = { from: string; to: string };

/** A period from the form's two days (YYYY-MM-DD), or why not. */
export function parsePeriod(from: string | null, to: string | null): AccountingPeriod | { error: string } {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!from || !to || !day.test(from) || !day.test(to) || Number.isNaN(Date.parse(`${from}T12:00:00Z`)) || Number.isNaN(Date.parse(`${to}T12:00:00Z`))) {
    return { error: "Kies een begin- en einddatum (JJJJ-MM-DD)." };
  }
  if (from > to) return { error: "De begindatum ligt na de einddatum." };
  if (Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`) > 3 * 366 * 86_400_000) return { error: "Kies een periode van hoogstens drie jaar." };
  return { from, to };
}

/** The VAT totals per rate of the period's documents: what a VAT return adds up. */
export type VatTotal = { vatBasisPoints: number; totalCents: number; vatCents: number; netCents: number };

export type AccountingExport = {
  documents: { number: string; kind: "invoice" | "credit_note"; issuedAt: Date; reference: string; name: string; totalCents: number; vatCents: number; vatBasisPoints: number }[];
  payments: { paidAt: Date; reference: string; name: string; provider: string; kind: string; amountCents: number }[];
  refunds: { at: Date; reference: string; name: string; amountCents: number; status: string }[];
  vatTotals: VatTotal[];
};

export async function accountingExport(db: DbOrTx, period: AccountingPeriod): Promise<AccountingExport> {
  const start = teamDayStart(period.from);
  const end = teamDayStart(addDays(period.to, 1));
  const documents = await db
    .select({
      number: invoices.number,
      kind: invoices.kind,
      issuedAt: invoices.issuedAt,
      reference: registrations.reference,
      document: invoices.document,
      totalCents: invoices.totalCents,
      vatCents: invoices.vatCents,
      vatBasisPoints: invoices.vatBasisPoints,
    })
    .from(invoices)
    .innerJoin(registrations, eq(registrations.id, invoices.registrationId))
    .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
    .orderBy(asc(invoices.year), asc(invoices.sequence));
  const paid = await db
    .select({ paidAt: payments.paidAt, reference: registrations.reference, name: registrations.customerName, provider: payments.provider, kind: payments.kind, amountCents: payments.amountCents })
    .from(payments)
    .innerJoin(registrations, eq(registrations.id, payments.registrationId))
    .where(and(eq(payments.status, "paid"), isNotNull(payments.paidAt), gte(payments.paidAt, start), lt(payments.paidAt, end)))
    .orderBy(asc(payments.paidAt));
  const returned = await db
    .select({ at: refunds.succeededAt, reference: registrations.reference, name: registrations.customerName, amountCents: refunds.amountCents, status: refunds.status })
    .from(refunds)
    .innerJoin(registrations, eq(registrations.id, refunds.registrationId))
    .where(and(eq(refunds.status, "succeeded"), isNotNull(refunds.succeededAt), gte(refunds.succeededAt, start), lt(refunds.succeededAt, end)))
    .orderBy(asc(refunds.succeededAt));
  const byRate = new Map<number, VatTotal>();
  for (const d of documents) {
    const total = byRate.get(d.vatBasisPoints) ?? { vatBasisPoints: d.vatBasisPoints, totalCents: 0, vatCents: 0, netCents: 0 };
    total.totalCents += d.totalCents;
    total.vatCents += d.vatCents;
    total.netCents += d.totalCents - d.vatCents;
    byRate.set(d.vatBasisPoints, total);
  }
  return {
    // The buyer's name as issued: the document keeps it, also after the person's data was erased.
    documents: documents.map((d) => ({ ...d, name: d.document.buyer.company ?? d.document.buyer.name })),
    payments: paid.map((p) => ({ ...p, paidAt: p.paidAt! })),
    refunds: returned.map((r) => ({ ...r, at: r.at! })),
    vatTotals: [...byRate.values()].sort((a, b) => b.vatBasisPoints - a.vatBasisPoints),
  };
}

/** "21" or "9" or "5,5": a rate as the bookkeeper writes it. */
export function ratePercent(vatBasisPoints: number): string {
  return (vatBasisPoints / 100).toString().replace(".", ",");
}

const PROVIDER_WORDS: Record<string, string> = { stripe: "online (Stripe)", test: "testbetaling", manual: "bankoverschrijving" };
const KIND_WORDS: Record<string, string> = { deposit: "aanbetaling", full: "volledig bedrag", balance: "restbetaling" };

/** The export as CSV for Dutch Excel: one row per document, payment and refund, then the VAT totals per rate. */
export function accountingCsv(data: AccountingExport): string {
  const rows: CsvCell[][] = [
    ...data.documents.map((d) => [
      d.kind === "invoice" ? "factuur" : "creditnota",
      teamDay(d.issuedAt),
      d.number,
      d.reference,
      d.name,
      "",
      csvEuros(d.totalCents),
      ratePercent(d.vatBasisPoints),
      csvEuros(d.vatCents),
      csvEuros(d.totalCents - d.vatCents),
    ]),
    ...data.payments.map((p) => ["betaling", teamDay(p.paidAt), "", p.reference, p.name, `${KIND_WORDS[p.kind] ?? p.kind}, ${PROVIDER_WORDS[p.provider] ?? p.provider}`, csvEuros(p.amountCents), "", "", ""]),
    ...data.refunds.map((r) => ["terugbetaling", teamDay(r.at), "", r.reference, r.name, "", csvEuros(-r.amountCents), "", "", ""]),
    ...data.vatTotals.map((t) => ["btw-totaal", "", "", "", "", `facturen en creditnota's tegen ${ratePercent(t.vatBasisPoints)}%`, csvEuros(t.totalCents), ratePercent(t.vatBasisPoints), csvEuros(t.vatCents), csvEuros(t.netCents)]),
  ];
  return toCsv(["Soort", "Datum", "Nummer", "Boeking", "Naam", "Omschrijving", "Bedrag incl. btw", "Btw-tarief (%)", "Btw", "Bedrag excl. btw"], rows);
}
