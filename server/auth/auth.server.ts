import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { db, type Database } from "../db/client.server";
import * as schema from "../db/schema.server";
import { env } from "../env.server";
import { log } from "../log.server";
import { secrets } from "../secrets.server";
import { generateRecoveryCodes } from "./recovery-codes.server";

/** The role that grants admin rights; every other signed-in user is not an admin. */
export const ADMIN_ROLE = "admin";

/** The name authenticator apps show beside the account. */
export const TWO_FACTOR_ISSUER = "Ocean Racing Team";

/** A session ends after this long without use; every use (at most hourly) pushes it on. */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
/** Refresh the session's expiry when it was last extended longer ago than this. */
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60;
/** However much it is used, a session ends this long after sign-in (checked in the guard). */
export const SESSION_ABSOLUTE_MAX_MS = 24 * 60 * 60 * 1000;

function createAuth(database: Database) {
  const config = env();
  return betterAuth({
    appName: "Ocean Racing admin",
    baseURL: config.publicUrl,
    secret: secrets().sessionSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by `npm run users:create`, ADMIN_EMAIL on start, or an admin.
      disableSignUp: true,
      minPasswordLength: 10,
      maxPasswordLength: 256,
      autoSignIn: false,
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Every request asks the database, so signing out or a role change counts at once.
      cookieCache: { enabled: false },
    },
    // The login form is our own route action (it counts failures per address and account);
    // Better Auth's HTTP handler is not mounted, so its own request limiter has nothing to do.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "or-admin",
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: [ADMIN_ROLE] }),
      // Decision 017: admins sign in with a password and a code from an authenticator app
      // (or one of ten recovery codes); set up on first sign-in, see two-factor.server.ts.
      twoFactor({
        issuer: TWO_FACTOR_ISSUER,
        // The sign-in challenge (cookie `or-admin.two_factor`) lives 10 minutes, 5 tries.
        twoFactorCookieMaxAge: 10 * 60,
        // Ten codes without look-alikes, in groups (recovery-codes.server.ts).
        backupCodeOptions: { amount: 10, storeBackupCodes: "encrypted", customBackupCodesGenerate: generateRecoveryCodes },
        // The sign-in's code step is ours (two-factor-sign-in.server.ts, decision 040): it counts
        // every try before the check, and its lock (10 wrong codes in a row, 15 minutes) is in the
        // same columns. Better Auth's lock, read before and written after its check, is off.
        accountLockout: { enabled: false },
      }),
    ],
    logger: {
      log: (level, message, ...args: unknown[]) => {
        if (level === "error") log.error(`auth: ${message}`, args[0]);
        else if (level === "warn") log.warn(`auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let cached: { database: Database; publicUrl: string; auth: Auth } | undefined;

/** Better Auth on the process database (re-created when a test installs another database or URL). */
export function auth(): Auth {
  const database = db();
  const { publicUrl } = env();
  if (cached?.database !== database || cached.publicUrl !== publicUrl) {
    cached = { database, publicUrl, auth: createAuth(database) };
  }
  return cached.auth;
}
