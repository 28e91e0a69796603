import path from "node:path";
import { describe, expect, it } from "vitest";
import { vatIncluded, type InvoiceDocument } from "@server/invoices/document";
import { euVatNumberValid, formatIban, ibanValid, kvkValid } from "~/lib/identifiers";
import { renderInvoicePdf } from "@server/invoices/pdf.server";

/*
 * The invoice PDF (server/invoices/pdf.server.ts) read back as a bookkeeper's software reads it:
 * the text pdf.js extracts, page by page. Amounts are asserted as the renderer must write them
 * beside their labels, so an amount in the wrong row or a wrong sign fails.
 */

type TextItem = { str: string; x: number; y: number; width: number };
type Page = { text: string; items: TextItem[] };

/** Each page's text (its items joined by spaces, as drawn) and its items with their positions. */
async function readPdf(pdf: Buffer): Promise<{ pages: Page[]; info: Record<string, unknown> }> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    // The standard fonts' data ships with pdfjs-dist; without it every page warns.
    standardFontDataUrl: `${path.join(process.cwd(), "node_modules/pdfjs-dist/standard_fonts")}/`,
  }).promise;
  const pages: Page[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    const items = content.items.flatMap((item) => ("str" in item && item.str.trim() ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }] : []));
    // Only runs of spaces are joined: a tab or a stray control character stays visible to the tests.
    pages.push({ text: items.map((item) => item.str).join(" ").replace(/ {2,}/g, " "), items });
  }
  const { info } = await document.getMetadata();
  await document.destroy();
  return { pages, info: info as Record<string, unknown> };
}

const SELLER: InvoiceDocument["seller"] = {
  legalName: "Ocean Racing Team B.V.",
  addressLines: ["Dr. Lelykade 1", "2583 CL Den Haag", "Nederland"],
  kvk: "12345678",
  vatNumber: "NL123456789B01",
  iban: "NL91 ABNA 0417 1643 00",
  email: "info@oceanracing.nl",
};

/** An English invoice for 4 places at €295.00, a deposit of €590.00 paid, the rest due by 6 May 2027. */
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
    event: { name: "Corporate sailing day", dates: "Friday 5 June 2027, 09:30–17:00" },
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

/** A Dutch credit note taking one place back from that invoice: every amount negative. */
function creditNote(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const vatCents = vatIncluded(-29_500, 2100);
  return invoice({
    kind: "credit_note",
    number: "2026-000043",
    locale: "nl",
    buyer: { name: "Hanna de Wit", company: null, vatNumber: null, poReference: null, addressLines: ["Kade 4", "2583 AB Den Haag"], email: "hanna@zeewind.example" },
    event: { name: "Zakelijke zeildag", dates: "vrijdag 5 juni 2027, 09:30–17:00" },
    lines: [{ description: "Plaats geannuleerd: Zakelijke zeildag", quantity: 1, unitCents: -29_500, totalCents: -29_500 }],
    totalCents: -29_500,
    vatCents,
    netCents: -29_500 - vatCents,
    payments: [],
    dueCents: 0,
    dueDate: null,
    refersTo: { number: "2026-000042", issuedOn: "2026-11-28" },
    reason: "Plaats geannuleerd",
    ...overrides,
  });
}

describe("the invoice PDF", () => {
  it("an English invoice: seller, buyer's company, VAT number and PO, the line, the totals with 21% VAT, the deposit and what is still due", async () => {
    const pdf = await renderInvoicePdf(invoice());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { pages, info } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    expect(info).toMatchObject({ Title: "Invoice 2026-000042", Author: "Ocean Racing Team B.V." });
    const text = pages[0].text;
    for (const expected of [
      "Ocean Racing Team B.V. Dr. Lelykade 1 2583 CL Den Haag Nederland info@oceanracing.nl",
      "Invoice Number 2026-000042 Date 28 November 2026 Booking ORT-7K3P9Q",
      "Zeewind Consultancy B.V. Hanna de Wit Kade 4 2583 AB Den Haag Nederland hanna@zeewind.example",
      "VAT number: NL987654321B02 Purchase order: PO-2026-118",
      "Event: Corporate sailing day Friday 5 June 2027, 09:30–17:00",
      "Description Qty Price each Amount Places: Corporate sailing day 4 €295.00 €1,180.00",
      "Total excl. VAT €975.21 VAT 21% €204.79 Total incl. VAT €1,180.00",
      "Payments received 28 November 2026 Deposit (online) €590.00",
      "Still due by 6 May 2027 €590.00",
      "Please pay to IBAN NL91 ABNA 0417 1643 00 in the name of Ocean Racing Team B.V., quoting 2026-000042.",
      "Ocean Racing Team B.V. · CoC 12345678 · VAT NL123456789B01 · IBAN NL91 ABNA 0417 1643 00 Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Paid in full");
  });

  it("a Dutch credit note: negative amounts, the invoice it corrects and why, no payments and nothing due", async () => {
    const { pages, info } = await readPdf(await renderInvoicePdf(creditNote()));
    expect(info).toMatchObject({ Title: "Creditnota 2026-000043" });
    const text = pages[0].text;
    for (const expected of [
      "Creditnota Nummer 2026-000043 Datum 28 november 2026 Boeking ORT-7K3P9Q",
      "Aan".toUpperCase(),
      "Evenement: Zakelijke zeildag vrijdag 5 juni 2027, 09:30–17:00",
      "Correctie op factuur 2026-000042 van 28 november 2026. Reden: Plaats geannuleerd",
      // formatAmount writes a negative Dutch amount "€-295,00" (nl-NL puts the minus after the €).
      "Omschrijving Aantal Prijs per stuk Bedrag Plaats geannuleerd: Zakelijke zeildag 1 €-295,00 €-295,00",
      "Totaal excl. btw €-243,80 Btw 21% €-51,20 Totaal incl. btw €-295,00",
      "Ocean Racing Team B.V. · KvK 12345678 · Btw NL123456789B01 · IBAN NL91 ABNA 0417 1643 00 Pagina 1 van 1",
    ]) {
      expect(text).toContain(expected);
    }
    for (const absent of ["Ontvangen betalingen", "Nog te betalen", "Volledig betaald", "o.v.v."]) expect(text).not.toContain(absent);
  });

  it("writes Dutch letters and € as they are, and what the standard fonts lack as its nearest Latin form", async () => {
    const { pages } = await readPdf(
      await renderInvoicePdf(
        creditNote({
          buyer: { name: "Anaïs Müller-Łęcka", company: "Zeeën & Café B.V.", vatNumber: null, poReference: null, addressLines: ["Ĳsselkade 3"], email: "anais@example.nl" },
          // As formatEventTimes writes a range: thin spaces (U+2009) around the dash.
          event: { name: "Zeilweekend — één weekend", dates: "zaterdag 12 juni 2027 om 09:30\u2009–\u2009maandag 14 juni 2027 om 17:00" },
        }),
      ),
    );
    const text = pages[0].text;
    expect(text).toContain("Zeeën & Café B.V. Anaïs Müller-Lecka IJsselkade 3");
    expect(text).toContain("Evenement: Zeilweekend — één weekend zaterdag 12 juni 2027 om 09:30 – maandag 14 juni 2027 om 17:00");
    expect(text).not.toMatch(/[\t?]/);
  });

  it("writes the rate the event has (9%, 9,5% in Dutch), and paid in full when nothing is due", async () => {
    const paid = invoice({ vatBasisPoints: 900, vatCents: vatIncluded(118_000, 900), netCents: 118_000 - vatIncluded(118_000, 900), payments: [{ date: "2026-11-28", description: "Payment (online)", amountCents: 118_000 }], dueCents: 0, dueDate: null });
    const { pages } = await readPdf(await renderInvoicePdf(paid));
    expect(pages[0].text).toContain("Total excl. VAT €1,082.57 VAT 9% €97.43 Total incl. VAT €1,180.00 Prices include 9% VAT.");
    expect(pages[0].text).toContain("Payments received 28 November 2026 Payment (online) €1,180.00 Paid in full");
    expect(pages[0].text).not.toContain("Still due");
    expect(pages[0].text).not.toContain("Please pay");

    const dutch = await readPdf(await renderInvoicePdf(invoice({ locale: "nl", vatBasisPoints: 950, vatCents: vatIncluded(118_000, 950), netCents: 118_000 - vatIncluded(118_000, 950) })));
    expect(dutch.pages[0].text).toContain("Btw 9,5% €102,37");
    expect(dutch.pages[0].text).toContain("Nog te betalen uiterlijk 6 mei 2027 €590,00");
    expect(dutch.pages[0].text).toContain("o.v.v. 2026-000042");
  });

  it("40 lines flow onto a second page: every line once, the table header, the document's number and the footer on both, the totals at the end", async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({ description: `Place ${i + 1}: Corporate sailing day`, quantity: 1, unitCents: 2_950, totalCents: 2_950 }));
    const { pages } = await readPdf(await renderInvoicePdf(invoice({ number: "2026-000044", lines })));
    expect(pages).toHaveLength(2);
    for (const [i, page] of pages.entries()) {
      expect(page.text).toContain("Description Qty Price each Amount");
      expect(page.text).toContain(`Ocean Racing Team B.V. · CoC 12345678 · VAT NL123456789B01 · IBAN NL91 ABNA 0417 1643 00 Page ${i + 1} of 2`);
    }
    expect(pages[1].text).toMatch(/^Ocean Racing Team B\.V\. Invoice 2026-000044 Description/);
    const all = pages.map((page) => page.text).join(" ");
    for (let n = 1; n <= 40; n++) expect(all.split(`Place ${n}: Corporate sailing day 1 €29.50 €29.50`)).toHaveLength(2);
    expect(pages[0].text).not.toContain("Total incl. VAT");
    expect(pages[1].text).toContain("Total incl. VAT €1,180.00");
  });

  it("wraps a long description inside its column, clear of the amounts", async () => {
    const description = "Places: Corporate sailing day with skipper, lunch on board, the harbour fees and a photographer who sails along all day";
    const { pages } = await readPdf(await renderInvoicePdf(invoice({ lines: [{ description, quantity: 4, unitCents: 29_500, totalCents: 118_000 }] })));
    const find = (str: string) => {
      const item = pages[0].items.find((candidate) => candidate.str === str);
      if (!item) throw new Error(`"${str}" is not on the page`);
      return item;
    };
    const [header, quantity, totals] = [find("Description"), find("4"), find("Total excl. VAT")];
    // The description column between the table's header and the totals (a PDF's y grows upwards).
    const parts = pages[0].items.filter((item) => item.y < header.y && item.y > totals.y && item.x < quantity.x);
    expect(parts.map((item) => item.str.trim()).join(" ")).toBe(description);
    expect(new Set(parts.map((item) => Math.round(item.y))).size).toBeGreaterThan(1);
    for (const part of parts) expect(part.x + part.width).toBeLessThan(quantity.x);
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
