import { requireStaff } from "@server/auth/guard.server";
import { mayUse } from "@server/auth/roles.server";
import { db } from "@server/db/client.server";
import { isUuid } from "@server/db/values.server";
import { crewFileForStaff } from "@server/crew/crew-file.server";
import type { Route } from "./+types/crew-file-download";

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** RFC 6266: an ASCII fallback name and the UTF-8 one. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "bestand";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A crew file for staff (permission "crew" on the event): its sealed bytes opened; a health
 * item's file only with the health permission, and that view recorded. Always an attachment,
 * never cached, never sniffed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isUuid(params.id) || !isUuid(params.fileId)) {
    await requireStaff(request, "crew");
    return plain(404, "Niet gevonden");
  }
  const staff = await requireStaff(request, "crew", { eventId: params.id });
  const health = await mayUse(staff.role, staff.id, "health", params.id);
  const file = await crewFileForStaff(db(), params.id, params.fileId, { id: staff.id, email: staff.email, health });
  if (!file.ok) return plain(file.status, file.status === 403 ? "Geen toegang tot gezondheidsgegevens" : "Niet gevonden");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": disposition(file.name),
      "Cache-Control": "no-store, private",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/** A POST here changes nothing: refused like a GET for others, else 405. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireStaff(request, "crew", isUuid(params.id) ? { eventId: params.id } : undefined);
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
}
