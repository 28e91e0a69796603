import { requireStaff } from "@server/auth/guard.server";
import { mayUse } from "@server/auth/roles.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { isUuid } from "@server/db/values.server";
import { clearanceCsv, clearanceList } from "@server/crew/clearance.server";
import { csvResponse } from "@server/reports/csv.server";
import { exportFileName } from "@server/reports/exports.server";
import type { Route } from "./+types/exports.clearance";

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** The clearance crew list of an offshore event as CSV (permission "crew" on the event). */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isUuid(params.id)) {
    await requireStaff(request, "crew");
    return plain(404, "Onbekend event");
  }
  const staff = await requireStaff(request, "crew", { eventId: params.id });
  const health = await mayUse(staff.role, staff.id, "health", params.id);
  const list = await clearanceList(db(), params.id, { health });
  if (!list) return plain(404, "Onbekend event");
  if (!list.event.offshore) return plain(404, "Dit event is geen offshore-tocht: er is geen clearance-bemanningslijst");
  return csvResponse(clearanceCsv(list), exportFileName("clearance-bemanningslijst", now()));
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireStaff(request, "crew", isUuid(params.id) ? { eventId: params.id } : undefined);
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
}
