import { csvResponse } from "@server/reports/csv.server";
import { exportFileName, registrationsCsv } from "@server/reports/exports.server";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import type { Route } from "./+types/exports.registrations";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every registration as CSV for Dutch Excel; `?event=<id>` limits it to one event, `?live=1` to
 * the live bookings (the manifest's download: the same people as the list on screen).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "bookings");
  const search = new URL(request.url).searchParams;
  const eventId = search.get("event") ?? undefined;
  if (eventId !== undefined && !UUID.test(eventId)) {
    return new Response("Onbekend event", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const liveOnly = search.get("live") === "1";
  const at = now();
  return csvResponse(await registrationsCsv(db(), at, { eventId, liveOnly }), exportFileName(liveOnly ? "deelnemers" : "inschrijvingen", at));
}

/** A POST here is refused like a GET: 401/403 without admin rights, else 405 (nothing to change). */
export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "bookings");
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
}
