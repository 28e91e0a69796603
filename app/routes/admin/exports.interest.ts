import { csvResponse } from "@server/reports/csv.server";
import { exportFileName, interestCsv } from "@server/reports/exports.server";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import type { Route } from "./+types/exports.interest";

/** Every interest sign-up as CSV for Dutch Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "bookings");
  return csvResponse(await interestCsv(db()), exportFileName("interesse", now()));
}

/** A POST here is refused like a GET: 401/403 without admin rights, else 405 (nothing to change). */
export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "bookings");
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
}
