import type { Locale } from "~/i18n";

/**
 * One issued invoice or credit note as a document (issue 28, decision 046): everything its PDF
 * shows, already decided and formatted where a sentence needs it, so the PDF renderer decides
 * nothing. Amounts are integer cents including VAT unless named otherwise; a credit note's
 * amounts are negative (it takes back what the invoice charged).
 */
export type InvoiceDocument = {
  kind: "invoice" | "credit_note";
  /** "2026-000001": the year and a number consecutive within it, shared by invoices and credit notes. */
  number: string;
  /** The day of issue, YYYY-MM-DD (Amsterdam). */
  issuedOn: string;
  /** The booker's language: the document's language. */
  locale: Locale;
  seller: {
    legalName: string;
    addressLines: string[];
    /** Chamber of Commerce (KvK) number. */
    kvk: string;
    vatNumber: string;
    iban: string;
    email: string;
  };
  buyer: {
    name: string;
    /** A company booking (later): its name, VAT number and purchase-order reference. */
    company: string | null;
    vatNumber: string | null;
    poReference: string | null;
    addressLines: string[];
    email: string;
  };
  /** The booking's reference ("ORT-7K3P9Q"). */
  bookingReference: string;
  /** The event's name in the document's language and its dates, formatted ("12–14 June 2027"). */
  event: { name: string; dates: string };
  /** Each line: a description in the document's language, a quantity, the price of one and of all (incl. VAT). */
  lines: { description: string; quantity: number; unitCents: number; totalCents: number }[];
  /** The VAT rate in basis points (2100 = 21%). Prices include VAT. */
  vatBasisPoints: number;
  /** The document's total incl. VAT, the VAT in it, and the total excl. VAT (total − VAT). */
  totalCents: number;
  vatCents: number;
  netCents: number;
  /** Payments received for the booking up to the document (an invoice only; empty on a credit note). */
  payments: { date: string; description: string; amountCents: number }[];
  /** What is still due after those payments (0: paid in full), and by when. */
  dueCents: number;
  dueDate: string | null;
  /** A credit note: the invoice it corrects. */
  refersTo: { number: string; issuedOn: string } | null;
  /** A credit note: why, in the document's language ("Place 3 cancelled", "Refund"). */
  reason: string | null;
};

/** The VAT contained in an amount that includes it, rounded to the cent (half away from zero). */
export function vatIncluded(totalCents: number, vatBasisPoints: number): number {
  const vat = (Math.abs(totalCents) * vatBasisPoints) / (10_000 + vatBasisPoints);
  return Math.sign(totalCents) * Math.round(vat);
}
