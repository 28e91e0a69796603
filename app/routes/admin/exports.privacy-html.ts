import "~/i18n/admin";
import { requireStaff } from "@server/auth/guard.server";
import { exportDownload } from "./privacy.server";
import type { Route } from "./+types/exports.privacy-html";

/** POST /admin/privacy/export.html: everything held about the posted address, as a file (decision 018). */
export async function action({ request }: Route.ActionArgs) {
  return exportDownload(request, "html");
}

/** A GET would need the address in the URL (and so in access logs): refused, after the admin check. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "privacy");
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
