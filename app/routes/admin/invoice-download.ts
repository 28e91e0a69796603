import { requireStaff } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import { isUuid } from "@server/db/values.server";
import { invoicePdfResponse } from "@server/invoices/download.server";
import { invoiceOfBooking } from "@server/invoices/issue.server";
import type { Route } from "./+types/invoice-download";

/** /admin/registrations/<id>/invoices/<number>.pdf: a booking's invoice or credit note for office staff (decision 046). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "bookings");
  const invoice = isUuid(params.id) ? await invoiceOfBooking(db(), params.id, params.number) : undefined;
  if (!invoice) return new Response("Niet gevonden", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return invoicePdfResponse(invoice);
}

/** A POST here changes nothing: refused like a GET for others, else 405. */
export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "bookings");
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
}
