import type { Invoice } from "../db/schema.server";
import { invoiceFileName } from "./issue.server";
import { renderInvoicePdf } from "./pdf.server";

/**
 * A document's PDF as a download: rendered from the document as it was issued (the stored JSON
 * never changes, so neither does the PDF's content), never cached by a shared cache, never sniffed.
 */
export async function invoicePdfResponse(invoice: Invoice, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const pdf = await renderInvoicePdf(invoice.document);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...extraHeaders,
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
      "Cache-Control": "no-store, private",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/** Documents as e-mail attachments (the outbox stores their bytes with the message). */
export async function invoiceAttachments(documents: Invoice[]): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  return Promise.all(documents.map(async (d) => ({ filename: invoiceFileName(d), contentType: "application/pdf", content: await renderInvoicePdf(d.document) })));
}
