import { ADMIN_ROLE, auth, SESSION_ABSOLUTE_MAX_MS } from "./auth.server";
import { mayUse, staffRole, type Permission, type StaffRole } from "./roles.server";

export type AdminUser = { id: string; email: string; name: string };

/** A signed-in staff member and their role (decision 044). */
export type StaffUser = AdminUser & { role: StaffRole };

export type SignedInUser = AdminUser & {
  role: string;
  /** The administrator role ("admin"). */
  isAdmin: boolean;
  /** Any staff role (administrator, office, skipper, editor): the admin side's gate lets them in. */
  staffRole: StaffRole | null;
  twoFactorEnabled: boolean;
};

/**
 * What the admin gate shows: the login form, 'Toegang Geweigerd', the two-factor set-up (an
 * admin who has no second factor yet reaches nothing else), or the page.
 */
export type AdminState =
  | { status: "signed-out" }
  | { status: "forbidden"; user: SignedInUser }
  | { status: "setup-required"; user: SignedInUser }
  | { status: "admin"; user: SignedInUser };

export type AdminStateWithHeaders = { state: AdminState; headers: Headers };

/**
 * The signed-in user of this request, or null. A session older than the absolute lifetime is
 * deleted on the server here, whatever Better Auth's sliding expiry says. `headers` carries the
 * refreshed session cookie when Better Auth extended the session.
 */
export async function currentUser(request: Request): Promise<{ user: SignedInUser | null; headers: Headers }> {
  const { headers, response } = await auth().api.getSession({ headers: request.headers, returnHeaders: true });
  if (!response) return { user: null, headers };
  const { session, user } = response;
  // Real time, not the app clock: Better Auth stamps sessions with the real time too.
  if (Date.now() - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_MAX_MS) {
    const context = await auth().$context;
    await context.internalAdapter.deleteSession(session.token);
    return { user: null, headers: new Headers() };
  }
  const role = user.role ?? "user";
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role,
      isAdmin: role.split(",").includes(ADMIN_ROLE),
      staffRole: staffRole(role),
      twoFactorEnabled: user.twoFactorEnabled === true,
    },
    headers,
  };
}

/** For the gate's UI: which of its states this request is in. */
export async function getAdminState(request: Request): Promise<AdminStateWithHeaders> {
  const { user, headers } = await currentUser(request);
  if (!user) return { state: { status: "signed-out" }, headers };
  if (user.staffRole === null) return { state: { status: "forbidden", user }, headers };
  return { state: user.twoFactorEnabled ? { status: "admin", user } : { status: "setup-required", user }, headers };
}

function refuse(status: 401 | 403): Response {
  return new Response(status === 401 ? "Unauthorized" : "Forbidden", {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The server-side rule of each admin loader, action and resource route since staff roles
 * (decision 044): a bare 401 without a session, 403 for a user without a staff role, without the
 * second factor, or whose role lacks the permission (a skipper: on this event). `eventId` scopes
 * the crew and health permissions of a skipper to the events assigned to them.
 */
export async function requireStaff(request: Request, permission: Permission, scope?: { eventId?: string }): Promise<StaffUser> {
  const staff = await requireStaffMember(request);
  if (!(await mayUse(staff.role, staff.id, permission, scope?.eventId))) throw refuse(403);
  return staff;
}

/**
 * Any staff member, whatever their role: a bare 401 without a session, 403 for a user without a
 * staff role or without the second factor (a sign-in that passed the password but not the code
 * has no session at all, decision 017). For what every role may reach: the admin home (which
 * shows each role its own part), the admin's 404 and the check before an upload's body is read.
 */
export async function requireStaffMember(request: Request): Promise<StaffUser> {
  const { user } = await currentUser(request);
  if (!user) throw refuse(401);
  if (user.staffRole === null || !user.twoFactorEnabled) throw refuse(403);
  return { id: user.id, email: user.email, name: user.name, role: user.staffRole };
}
