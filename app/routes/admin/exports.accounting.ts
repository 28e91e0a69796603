import { requireStaff } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import { accountingCsv, accountingExport, parsePeriod } from "@server/invoices/accounting.server";
import { csvResponse } from "@server/reports/csv.server";
import type { Route } from "./+types/exports.accounting";

/**
 * The bookkeeper's export of a period (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, Amsterdam days, both
 * included): invoices, credit notes, payments and refunds, and the VAT totals per rate (decision 046).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "bookings");
  const search = new URL(request.url).searchParams;
  const period = parsePeriod(search.get("from"), search.get("to"));
  if ("error" in period) return new Response(period.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return csvResponse(accountingCsv(await accountingExport(db(), period)), `boekhouding-${period.from}-${period.to}.csv`);
}

/** A POST here is refused like a GET: 401/403 without the right, else 405 (nothing to change). */
export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "bookings");
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
}
