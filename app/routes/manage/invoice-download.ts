import { data } from "react-router";
import { TOKEN_LINK_HEADERS } from "@server/http/token-link.server";
import { db } from "@server/db/client.server";
import { invoicePdfResponse } from "@server/invoices/download.server";
import { invoiceOfBooking } from "@server/invoices/issue.server";
import { requireBooking } from "./my-booking.server";
import type { Route } from "./+types/invoice-download";

/**
 * /my-booking/<token>/invoices/<number>.pdf: the booker's own invoice or credit note (decision
 * 046), behind the same token check, rate limit and private headers as the booking page; a
 * number of another booking is a plain 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const booking = await requireBooking(params.token, context.clientAddress);
  const invoice = await invoiceOfBooking(db(), booking.registration.id, params.number);
  if (!invoice) throw data(null, { status: 404, headers: TOKEN_LINK_HEADERS });
  return invoicePdfResponse(invoice, TOKEN_LINK_HEADERS);
}
