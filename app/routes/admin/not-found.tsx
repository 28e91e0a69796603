import "~/i18n/admin";
import { data } from "react-router";
import { requireStaffMember } from "@server/auth/guard.server";
import type { Route } from "./+types/not-found";

/**
 * An admin path no admin page takes. Signed out it is the login form like every admin page
 * (401); for any staff role a 404 inside the admin shell, from the gate's error boundary: the admin
 * has its own not-found page, not the public site's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffMember(request);
  throw data(null, { status: 404 });
}

// Never rendered (the loader always throws), but a route with a component renders inside the gate.
export default function AdminNotFound() {
  return null;
}
