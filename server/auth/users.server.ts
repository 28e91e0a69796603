import { asc, eq } from "drizzle-orm";
import { db } from "../db/client.server";
import { eventSkippers, user } from "../db/schema.server";
import { env } from "../env.server";
import { log } from "../log.server";
import { ADMIN_ROLE, auth } from "./auth.server";
import { staffRole, type StaffRole } from "./roles.server";

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

export class UserInputError extends Error {
  override name = "UserInputError";
}

/**
 * `role` names the staff role (decision 044; null: no staff role, the "user" value); without it
 * `admin` says administrator or no role, as before roles.
 */
export type UpsertUserInput = { email: string; password: string; name?: string; admin?: boolean; role?: StaffRole | null };
export type UpsertUserResult = { id: string; email: string; created: boolean; role: string };

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new UserInputError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new UserInputError(`the password may be at most ${MAX_PASSWORD_LENGTH} characters`);
}

/** A display name from the address when none is given ("jan.de.vries@x" → "jan.de.vries"). */
function defaultName(email: string): string {
  return email.split("@")[0] || email;
}

/** The stored role text of a staff role, or of none. */
export function roleText(role: StaffRole | null): string {
  return role ?? "user";
}

/**
 * Creates the user, or updates an existing one: new password (hashed by Better Auth), the role
 * and, when given, the name. Used by `npm run users:create`, by ADMIN_EMAIL on start and by the
 * admin users page. Changing a password or the role ends that user's sessions.
 */
export async function upsertUser(input: UpsertUserInput): Promise<UpsertUserResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new UserInputError(`"${input.email}" is not an e-mail address`);
  checkPassword(input.password);
  const role = roleText(input.role !== undefined ? input.role : input.admin ? ADMIN_ROLE : null);
  const context = await auth().$context;
  const hash = await context.password.hash(input.password);
  const existing = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });

  if (!existing) {
    const created = await context.internalAdapter.createUser(
      { email, name: input.name?.trim() || defaultName(email), role, emailVerified: true },
      { method: "admin" },
    );
    await context.internalAdapter.linkAccount({ userId: created.id, providerId: "credential", accountId: created.id, password: hash });
    return { id: created.id, email, created: true, role };
  }

  const userId = existing.user.id;
  const previous = staffRole((existing.user as { role?: string | null }).role);
  await context.internalAdapter.updateUser(userId, { role, ...(input.name?.trim() ? { name: input.name.trim() } : {}) });
  if (previous !== staffRole(role)) await roleChanged(userId, previous, staffRole(role));
  const credential = existing.accounts.find((a) => a.providerId === "credential");
  if (credential) {
    const unchanged = credential.password ? await context.password.verify({ hash: credential.password, password: input.password }) : false;
    if (!unchanged) {
      await context.internalAdapter.updatePassword(userId, hash);
      await context.internalAdapter.deleteUserSessions(userId);
    }
  } else {
    await context.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
  }
  return { id: userId, email, created: false, role };
}

export type UserListRow = { id: string; name: string; email: string; role: string; createdAt: Date; twoFactorEnabled: boolean };

export async function listUsers(): Promise<UserListRow[]> {
  const rows = await db()
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .orderBy(asc(user.email));
  return rows.map((r) => ({ ...r, role: r.role ?? "user", twoFactorEnabled: r.twoFactorEnabled === true }));
}

export async function userExists(email: string): Promise<boolean> {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  return Boolean(row);
}

export type SetRoleResult = { found: boolean; changed: boolean };

/**
 * Sets a user's staff role (null: none). A change ends the user's sessions so it counts at once
 * (they sign in again under the new role), and a user who is no longer a skipper keeps no
 * assigned events. Logged with ids only.
 */
export async function setStaffRole(userId: string, role: StaffRole | null, by?: string): Promise<SetRoleResult> {
  const [row] = await db().select({ role: user.role }).from(user).where(eq(user.id, userId)).limit(1);
  if (!row) return { found: false, changed: false };
  const previous = staffRole(row.role);
  // The stored text is normalised too ("admin,user" becomes "admin"), even when the role stays.
  await db().update(user).set({ role: roleText(role), updatedAt: new Date() }).where(eq(user.id, userId));
  if (previous === role) return { found: true, changed: false };
  await roleChanged(userId, previous, role, by);
  return { found: true, changed: true };
}

async function roleChanged(userId: string, from: StaffRole | null, to: StaffRole | null, by?: string): Promise<void> {
  if (to !== "skipper") await db().delete(eventSkippers).where(eq(eventSkippers.userId, userId));
  await (await auth().$context).internalAdapter.deleteUserSessions(userId);
  // No audit row: the audit trail is of bookings and events. Ids only, never names or addresses.
  log.info("Staff role changed", { userId, from: from ?? "none", to: to ?? "none", by: by ?? "cli" });
}

/** With ADMIN_EMAIL and ADMIN_PASSWORD set, creates or updates that admin (on every start). */
export async function ensureConfiguredAdmin(): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  if (!ADMIN_EMAIL && !ADMIN_PASSWORD) return;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) {
    log.warn("Set both ADMIN_EMAIL and ADMIN_PASSWORD to create the admin on start; one of them is missing");
    return;
  }
  const result = await upsertUser({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, admin: true });
  log.info(`Admin ${result.email} ${result.created ? "created" : "checked"} (ADMIN_EMAIL)`);
}
