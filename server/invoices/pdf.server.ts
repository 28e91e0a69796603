import PDFDocument from "pdfkit";
import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { formatDay } from "~/lib/dates";
import { dayInstant } from "~/lib/local-time";
import { formatAmount } from "~/lib/money-format";
import type { InvoiceDocument } from "./document";

/**
 * An invoice or credit note as an A4 PDF (issue 28, decision 046), in the document's language,
 * drawn from the document exactly as it was issued: nothing is looked up again, so the PDF of an
 * old invoice shows what it showed then. pdfkit's built-in Helvetica needs no font files to ship;
 * money is written by `formatAmount`, as the site and the e-mails write it.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT = A4.width - 2 * MARGIN;
/** The lowest a line of the body may reach: below it are the footer and its rule. */
const BODY_BOTTOM = A4.height - 82;
const FOOTER_Y = A4.height - 52;
const NAVY = "#0b1f33";
const SIGNAL = "#f26b38";
const INK = "#1a202c";
const GREY = "#4a5568";
const RULE = "#cbd5e0";

/** The table's columns (x and width in points); the totals and payments align to the last. */
const COLUMNS = {
  description: { x: MARGIN, width: 262 },
  quantity: { x: MARGIN + 268, width: 42 },
  unit: { x: MARGIN + 316, width: 90 },
  total: { x: MARGIN + 412, width: CONTENT - 412 },
};

/**
 * The characters the standard fonts can write: WinAnsi (Windows-1252), Latin-1 and the 27 it adds
 * (listed here: Node's TextDecoder reads windows-1252 as Latin-1). pdfkit writes any other
 * character as wrong bytes (the thin spaces around the dash of the event's dates come out as a
 * space and a tab; "Ł" disappears), so every text goes through `winAnsi` first.
 */
const WIN_ANSI = new Set<number>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
  ..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ".split("").map((char) => char.charCodeAt(0)),
]);

/** Letters no decomposition turns into a WinAnsi one, written as a Dutch bookkeeper would type them. */
const LOOKALIKES: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2212": "-",
  "\u2015": "\u2014",
  "\u2032": "'",
  "\u2033": '"',
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŧ: "T",
  ŧ: "t",
  Ŋ: "N",
  ŋ: "n",
};

/**
 * A text as the standard fonts can write it: Latin letters with their accents as they are (ë, é,
 * ü, €), others without theirs (ę → e, ő → o), the typographic spaces as spaces, and "?" for
 * what has no Latin form (Cyrillic, Greek): a name in another script needs an embedded font.
 */
function winAnsi(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 0;
    if (WIN_ANSI.has(code) || char === "\n") out += char;
    else if (/\s/u.test(char)) out += " ";
    else if (/[\u200b-\u200d\u2060\ufeff]/u.test(char)) continue;
    else if (char in LOOKALIKES) out += LOOKALIKES[char];
    else {
      const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += [...plain].every((c) => WIN_ANSI.has(c.codePointAt(0) ?? 0)) ? plain : "?";
    }
  }
  return out;
}

/** "21", "9", "5,5" / "5.5": a rate in basis points as the document's language writes a percentage. */
function ratePercent(basisPoints: number, locale: Locale): string {
  const text = (basisPoints / 100).toString();
  return locale === "nl" ? text.replace(".", ",") : text;
}

type TextOptions = PDFKit.Mixins.TextOptions;

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const t = (key: MessageKey, params?: TranslateParams) => translate(doc.locale, key, params);
  const money = (cents: number) => formatAmount(cents, doc.locale);
  const day = (iso: string) => formatDay(dayInstant(iso), doc.locale);
  const title = t(doc.kind === "invoice" ? "invoice.title.invoice" : "invoice.title.creditNote");
  const rate = ratePercent(doc.vatBasisPoints, doc.locale);

  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    // The footer says "page 1 of 2": it is written once every page exists.
    bufferPages: true,
    info: { Title: `${title} ${doc.number}`, Author: doc.seller.legalName, Subject: `${doc.event.name} (${doc.bookingReference})` },
    // Viewers show "Invoice 2026-000042" in their title bar instead of the download's file name.
    displayTitle: true,
    lang: doc.locale,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const style = (font: "Helvetica" | "Helvetica-Bold", size: number, color: string) => pdf.font(font).fontSize(size).fillColor(color);
  // Every text on the page goes through here (and is measured the same way), so none skips `winAnsi`.
  const write = (text: string, x: number, y: number | undefined, options: TextOptions) => pdf.text(winAnsi(text), x, y, options);
  const heightOf = (text: string, options: TextOptions) => pdf.heightOfString(winAnsi(text), options);
  const rule = (y: number, color: string, width: number) => pdf.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT, y).lineWidth(width).strokeColor(color).stroke();

  /** A later page starts with whose document it is, so a loose second page is still identified. */
  const continuationHead = () => {
    style("Helvetica", 8, GREY);
    write(doc.seller.legalName, MARGIN, MARGIN, { width: CONTENT / 2, lineBreak: false });
    write(`${title} ${doc.number}`, MARGIN + CONTENT / 2, MARGIN, { width: CONTENT / 2, align: "right", lineBreak: false });
    rule(MARGIN + 14, RULE, 0.5);
    pdf.y = MARGIN + 28;
  };
  /**
   * Starts a new page unless `height` more points fit on this one. Blocks are placed by hand (x
   * and y), and pdfkit's own page break would leave the rest of a block on the old page.
   */
  const room = (height: number, repeat?: () => void) => {
    if (pdf.y + height <= BODY_BOTTOM) return;
    pdf.addPage();
    continuationHead();
    repeat?.();
  };

  // --- The head: the seller on the left, the document's title and numbers on the right.
  style("Helvetica-Bold", 15, NAVY);
  write(doc.seller.legalName, MARGIN, MARGIN, { width: 280 });
  style("Helvetica", 9, GREY);
  for (const line of [...doc.seller.addressLines, doc.seller.email]) write(line, MARGIN, undefined, { width: 280 });
  const sellerBottom = pdf.y;

  const right = { x: MARGIN + 300, width: CONTENT - 300 };
  style("Helvetica-Bold", 20, NAVY);
  write(title, right.x, MARGIN - 2, { width: right.width, align: "right" });
  pdf.y += 4;
  for (const [label, value] of [
    [t("invoice.number"), doc.number],
    [t("invoice.date"), day(doc.issuedOn)],
    [t("invoice.booking"), doc.bookingReference],
  ]) {
    const y = pdf.y;
    style("Helvetica", 9, GREY);
    write(label, right.x, y, { width: 80 });
    style("Helvetica-Bold", 9, NAVY);
    write(value, right.x + 80, y, { width: right.width - 80, align: "right" });
    pdf.y += 2;
  }
  const headBottom = Math.max(sellerBottom, pdf.y) + 12;
  rule(headBottom, SIGNAL, 1.5);

  // --- The buyer: company first, as a bookkeeper files it; the VAT number makes it deductible.
  pdf.y = headBottom + 18;
  style("Helvetica-Bold", 8.5, GREY);
  write(t("invoice.billTo").toUpperCase(), MARGIN, pdf.y, { width: CONTENT, characterSpacing: 0.6 });
  pdf.y += 2;
  if (doc.buyer.company) {
    style("Helvetica-Bold", 11, NAVY);
    write(doc.buyer.company, MARGIN, undefined, { width: CONTENT });
    style("Helvetica", 10, INK);
    write(doc.buyer.name, MARGIN, undefined, { width: CONTENT });
  } else {
    style("Helvetica-Bold", 11, NAVY);
    write(doc.buyer.name, MARGIN, undefined, { width: CONTENT });
  }
  style("Helvetica", 10, INK);
  for (const line of [...doc.buyer.addressLines, doc.buyer.email]) write(line, MARGIN, undefined, { width: CONTENT });
  if (doc.buyer.vatNumber) write(`${t("invoice.vatNumber")}: ${doc.buyer.vatNumber}`, MARGIN, undefined, { width: CONTENT });
  if (doc.buyer.poReference) write(`${t("invoice.poReference")}: ${doc.buyer.poReference}`, MARGIN, undefined, { width: CONTENT });

  // --- What it is about.
  pdf.y += 14;
  style("Helvetica-Bold", 10, NAVY);
  write(`${t("invoice.event")}: ${doc.event.name}`, MARGIN, pdf.y, { width: CONTENT });
  style("Helvetica", 9, GREY);
  write(doc.event.dates, MARGIN, undefined, { width: CONTENT });
  if (doc.kind === "credit_note") {
    pdf.y += 10;
    if (doc.refersTo) {
      style("Helvetica-Bold", 10, NAVY);
      write(t("invoice.corrects", { number: doc.refersTo.number, date: day(doc.refersTo.issuedOn) }), MARGIN, pdf.y, { width: CONTENT });
    }
    style("Helvetica", 9.5, INK);
    if (doc.reason) write(t("invoice.reasonLabel", { reason: doc.reason }), MARGIN, pdf.y, { width: CONTENT });
    write(t("invoice.creditNoteText"), MARGIN, pdf.y, { width: CONTENT });
  }

  // --- The lines.
  pdf.y += 18;
  const tableHeader = () => {
    const y = pdf.y;
    style("Helvetica-Bold", 9, GREY);
    write(t("invoice.column.description"), COLUMNS.description.x, y, { width: COLUMNS.description.width });
    write(t("invoice.column.quantity"), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: "right" });
    write(t("invoice.column.unit"), COLUMNS.unit.x, y, { width: COLUMNS.unit.width, align: "right" });
    write(t("invoice.column.total"), COLUMNS.total.x, y, { width: COLUMNS.total.width, align: "right" });
    const below = pdf.y + 3;
    rule(below, NAVY, 0.8);
    pdf.y = below + 6;
  };
  // The header never ends a page alone: it goes with at least the first line.
  room(44);
  tableHeader();
  for (const line of doc.lines) {
    style("Helvetica", 10, INK);
    // A line is never split: it moves whole to the next page, under the header again.
    room(heightOf(line.description, { width: COLUMNS.description.width }) + 10, tableHeader);
    style("Helvetica", 10, INK);
    const y = pdf.y;
    write(line.description, COLUMNS.description.x, y, { width: COLUMNS.description.width });
    const bottom = pdf.y;
    write(String(line.quantity), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: "right" });
    write(money(line.unitCents), COLUMNS.unit.x, y, { width: COLUMNS.unit.width, align: "right" });
    write(money(line.totalCents), COLUMNS.total.x, y, { width: COLUMNS.total.width, align: "right" });
    pdf.y = Math.max(bottom, pdf.y) + 4;
    rule(pdf.y, RULE, 0.5);
    pdf.y += 6;
  }

  // --- The totals, under the amounts; kept together so no page starts with the VAT alone.
  pdf.y += 4;
  room(72);
  const total = (label: string, value: string, bold = false) => {
    const y = pdf.y;
    style(bold ? "Helvetica-Bold" : "Helvetica", bold ? 11 : 10, bold ? NAVY : INK);
    write(label, COLUMNS.unit.x - 130, y, { width: 130 + COLUMNS.unit.width, align: "right" });
    write(value, COLUMNS.total.x, y, { width: COLUMNS.total.width, align: "right" });
    pdf.y += 3;
  };
  total(t("invoice.totalExclVat"), money(doc.netCents));
  total(t("invoice.vat", { rate }), money(doc.vatCents));
  pdf.moveTo(COLUMNS.unit.x, pdf.y).lineTo(MARGIN + CONTENT, pdf.y).lineWidth(0.8).strokeColor(NAVY).stroke();
  pdf.y += 4;
  total(t("invoice.totalInclVat"), money(doc.totalCents), true);
  style("Helvetica", 8, GREY);
  write(t("invoice.pricesInclVat", { rate }), MARGIN, pdf.y + 1, { width: CONTENT, align: "right" });

  // --- An invoice: what came in, what is still due, and how to pay it.
  if (doc.kind === "invoice") {
    pdf.y += 18;
    if (doc.payments.length > 0) {
      room(36);
      style("Helvetica-Bold", 10, NAVY);
      write(t("invoice.paymentsTitle"), MARGIN, pdf.y, { width: CONTENT });
      pdf.y += 2;
      for (const payment of doc.payments) {
        style("Helvetica", 10, INK);
        room(heightOf(payment.description, { width: 250 }) + 4);
        const y = pdf.y;
        write(day(payment.date), MARGIN, y, { width: 110 });
        write(payment.description, MARGIN + 115, y, { width: 250 });
        const bottom = pdf.y;
        write(money(payment.amountCents), COLUMNS.total.x, y, { width: COLUMNS.total.width, align: "right" });
        pdf.y = Math.max(bottom, pdf.y) + 2;
      }
      pdf.y += 8;
    }
    if (doc.dueCents > 0) {
      const instructions = t("invoice.payBy", { iban: doc.seller.iban, name: doc.seller.legalName, number: doc.number });
      style("Helvetica", 9.5, INK);
      // The amount due and how to pay it stay on one page.
      room(24 + heightOf(instructions, { width: CONTENT }));
      const y = pdf.y;
      style("Helvetica-Bold", 11, NAVY);
      write(doc.dueDate ? t("invoice.stillDueBy", { date: day(doc.dueDate) }) : t("invoice.stillDue"), MARGIN, y, { width: 330 });
      write(money(doc.dueCents), COLUMNS.total.x, y, { width: COLUMNS.total.width, align: "right" });
      style("Helvetica", 9.5, INK);
      write(instructions, MARGIN, pdf.y + 5, { width: CONTENT });
    } else {
      room(20);
      style("Helvetica-Bold", 11, NAVY);
      write(t("invoice.paidInFull"), MARGIN, pdf.y, { width: CONTENT });
    }
  }

  // --- The footer on every page: who the seller is, as a bookkeeper checks an invoice against it.
  const registration = [t("invoice.footer.kvk", { kvk: doc.seller.kvk }), t("invoice.footer.vat", { vat: doc.seller.vatNumber }), t("invoice.footer.iban", { iban: doc.seller.iban })];
  const footerWidth = CONTENT - 75;
  // One line when it fits at a readable size (a long legal name makes it smaller); else the name
  // above the numbers, so no number is broken across two lines.
  pdf.font("Helvetica");
  const oneLine = winAnsi([doc.seller.legalName, ...registration].join("  ·  "));
  const oneLineSize = [7.5, 7, 6.5].find((size) => pdf.fontSize(size).widthOfString(oneLine) <= footerWidth);
  const footer = oneLineSize ? [oneLine] : [doc.seller.legalName, registration.join("  ·  ")];
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Text below the bottom margin would make pdfkit start a new page: lifted for the footer.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    rule(FOOTER_Y - 9, RULE, 0.5);
    style("Helvetica", oneLineSize ?? 7, GREY);
    footer.forEach((line, n) => write(line, MARGIN, FOOTER_Y + n * 9, { width: footerWidth, lineBreak: false, ellipsis: true }));
    style("Helvetica", 7.5, GREY);
    write(t("invoice.page", { page: i - range.start + 1, pages: range.count }), MARGIN + CONTENT - 70, FOOTER_Y, { width: 70, align: "right", lineBreak: false });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return done;
}
