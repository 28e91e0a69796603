import { csvResponse } from "@server/reports/csv.server";
import { exportFileName, newsletterCsv } from "@server/reports/exports.server";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import type { Route } from "./+types/exports.newsletter";

/** Every newsletter subscriber with status as CSV for Dutch Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "newsletter");
  return csvResponse(await newsletterCsv(db()), exportFileName("nieuwsbrief", now()));
}

/** A POST here is refused like a GET: 401/403 without admin rights, else 405 (nothing to change). */
export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "newsletter");
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
}
