import { asc, eq } from "drizzle-orm";
import { db } from "../db/client.server";
import { user } from "../db/schema.server";
import { env } from "../env.server";
import { log } from "../log.server";
import { ADMIN_ROLE, auth } from "./auth.server";

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

export class UserInputError extends Error {
  override name = "UserInputError";
}

export type UpsertUserInput = { email: string; password: string; name?: string; admin: boolean };
export type UpsertUserResult = { id: string; email: string; created: boolean; role: string };

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new UserInputError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new UserInputError(`the password may be at most ${MAX_PASSWORD_LENGTH} characters`);
}

/** A display name from the address when none is given ("jan.de.vries@x" → "jan.de.vries"). */
function defaultName(email: string): string {
  return email.split("@")[0] || email;
}

/**
 * Creates the user, or updates an existing one: new password (hashed by Better Auth), the role
 * (admin or not) and, when given, the name. Used by `npm run users:create`, by ADMIN_EMAIL on
 * start and by the admin users page. Changing a password ends that user's sessions.
 */
export async function upsertUser(input: UpsertUserInput): Promise<UpsertUserResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new UserInputError(`"${input.email}" is not an e-mail address`);
  checkPassword(input.password);
  const role = input.admin ? ADMIN_ROLE : "user";
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
  await context.internalAdapter.updateUser(userId, { role, ...(input.name?.trim() ? { name: input.name.trim() } : {}) });
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

/** Grants or removes admin rights; the user's sessions end so the change counts at once. */
export async function setAdminRole(userId: string, admin: boolean): Promise<boolean> {
  const updated = await db()
    .update(user)
    .set({ role: admin ? ADMIN_ROLE : "user", updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  if (updated.length === 0) return false;
  if (!admin) await (await auth().$context).internalAdapter.deleteUserSessions(userId);
  return true;
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
