import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import "~/i18n/catalog.node";
import { formatAmount } from "~/lib/money-format";
import { vatIncluded, type InvoiceDocument } from "@server/invoices/document";
import { euVatNumberValid, formatIban, ibanValid, kvkValid } from "@server/invoices/identifiers";
import { renderInvoicePdf } from "@server/invoices/pdf.server";

/** The text of every page of a PDF, as a reader (and a bookkeeper's software) extracts it. */
async function pdfText(pdf: Buffer): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    // The standard fonts' data ships with pdfjs-dist; without it every page warns.
    standardFontDataUrl: `${path.join(process.cwd(), "node_modules/pdfjs-dist/standard_fonts")}/`,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " "));
  }
  return pages;
}

const SELLER: InvoiceDocument["seller"] = {
  legalName: "Ocean Racing Team B.V.",
  addressLines: ["Dr. Lelykade 1", "2583 CL Den Haag", "Nederland"],
  kvk: "12345678",
  vatNumber: "NL123456789B01",
  iban: "NL91 ABNA 0417 1643 00",
  email: "info@oceanracing.nl",
};

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const totalCents = 4 * 29_500;
  const vatCents = vatIncluded(totalCents, 2100);
  return {
    kind: "invoice",
    number: "2026-000042",
    issuedOn: "2026-11-28",
    locale: "en",
    seller: SELLER,
    buyer: { name: "Hanna de Wit", company: "Zeewind Consultancy B.V.", vatNumber: "NL987654321B02", poReference: "PO-2026-118", addressLines: ["Kade 4", "2583 AB Den Haag", "Nederland"], email: "hanna@zeewind.example" },
    bookingReference: "ORT-7K3P9Q",
    event: { name: "Corporate sailing day", dates: "Friday 5 June 2027, 09:30 – 17:00" },
    lines: [{ description: "Places: Corporate sailing day", quantity: 4, unitCents: 29_500, totalCents }],
    vatBasisPoints: 2100,
    totalCents,
    vatCents,
    netCents: totalCents - vatCents,
    payments: [{ date: "2026-11-28", description: "Deposit (online)", amountCents: 59_000 }],
    dueCents: 59_000,
    dueDate: "2027-05-06",
    refersTo: null,
    reason: null,
    ...overrides,
  };
}

describe("the invoice PDF", () => {
  it("an English invoice: seller, buyer's company, VAT number and PO, the lines, VAT 21%, the deposit and what is still due", async () => {
    const pdf = await renderInvoicePdf(invoice());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    fs.writeFileSync(path.join(os.tmpdir(), "invoice-en.pdf"), pdf);
    const [page, ...more] = await pdfText(pdf);
    expect(more).toEqual([]);
    for (const text of [
      "Invoice",
      "2026-000042",
      "28 November 2026",
      "ORT-7K3P9Q",
      "Zeewind Consultancy B.V.",
      "Hanna de Wit",
      "VAT number: NL987654321B02",
      "Purchase order: PO-2026-118",
      "Corporate sailing day",
      "€295.00",
      "€1,180.00",
      "Total excl. VAT",
      "€975.21",
      "VAT 21%",
      "€204.79",
      "Deposit (online)",
      "€590.00",
      "Still due by 6 May 2027",
      "NL91 ABNA 0417 1643 00",
      "CoC 12345678",
      "VAT NL123456789B01",
    ]) {
      expect(page, text).toContain(text);
    }
  });

  it("a Dutch credit note: negative amounts, the invoice it corrects and why, no payment lines", async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        kind: "credit_note",
        number: "2026-000043",
        locale: "nl",
        lines: [{ description: "Plaats geannuleerd: Zakelijke zeildag", quantity: 1, unitCents: -29_500, totalCents: -29_500 }],
        totalCents: -29_500,
        vatCents: vatIncluded(-29_500, 2100),
        netCents: -29_500 - vatIncluded(-29_500, 2100),
        payments: [],
        dueCents: 0,
        dueDate: null,
        refersTo: { number: "2026-000042", issuedOn: "2026-11-28" },
        reason: "Plaats geannuleerd",
      }),
    );
    fs.writeFileSync(path.join(os.tmpdir(), "creditnote-nl.pdf"), pdf);
    const [page] = await pdfText(pdf);
    expect(page).toContain("Creditnota");
    expect(page).toContain("Correctie op factuur 2026-000042 van 28 november 2026.");
    expect(page).toContain("Reden: Plaats geannuleerd");
    expect(page).toContain(formatAmount(-29_500, "nl"));
    expect(formatAmount(-29_500, "nl")).toMatch(/^-\s?€|€\s?-/);
    expect(page).toContain("Btw 21%");
    expect(page).toContain("KvK 12345678");
    expect(page).not.toContain("Ontvangen betalingen");
  });

  it("writes the rate the event has (9%), and paid in full when nothing is due", async () => {
    const [page] = await pdfText(await renderInvoicePdf(invoice({ vatBasisPoints: 900, vatCents: vatIncluded(118_000, 900), netCents: 118_000 - vatIncluded(118_000, 900), dueCents: 0, dueDate: null })));
    expect(page).toContain("VAT 9%");
    expect(page).toContain("Paid in full");
    expect(page).not.toContain("Still due");
  });

  it("a long list flows onto a second page, with the header and the footer on both", async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({ description: `Place ${i + 1}: a longer description that wraps onto a second line in the table`, quantity: 1, unitCents: 100, totalCents: 100 }));
    const pages = await pdfText(await renderInvoicePdf(invoice({ lines })));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain("CoC 12345678");
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain("Description");
    }
    expect(pages.join(" ")).toContain("Place 40:");
  });
});

describe("the identifiers an invoice prints", () => {
  it("checks an IBAN by its check digits, a KvK number and an EU VAT number by their format", () => {
    expect(ibanValid("NL91 ABNA 0417 1643 00")).toBe(true);
    expect(ibanValid("NL92ABNA0417164300")).toBe(false);
    expect(ibanValid("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(formatIban("nl91abna0417164300")).toBe("NL91 ABNA 0417 1643 00");
    expect(kvkValid("12345678")).toBe(true);
    expect(kvkValid("1234567")).toBe(false);
    expect(euVatNumberValid("NL123456789B01")).toBe(true);
    expect(euVatNumberValid("nl 1234.56789.B01")).toBe(true);
    expect(euVatNumberValid("NL123456789")).toBe(false);
    expect(euVatNumberValid("DE123456789")).toBe(true);
    expect(euVatNumberValid("BE0123456789")).toBe(true);
    expect(euVatNumberValid("XX123")).toBe(false);
  });

  it("takes the VAT out of a price that includes it, to the cent, the same for a credit note", () => {
    expect(vatIncluded(12_100, 2100)).toBe(2_100);
    expect(vatIncluded(118_000, 2100)).toBe(20_479);
    expect(vatIncluded(-118_000, 2100)).toBe(-20_479);
    expect(vatIncluded(10_900, 900)).toBe(900);
    expect(vatIncluded(5_000, 0)).toBe(0);
  });
});
