import { createHash } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { APIError } from "better-auth/api";
import { and, eq, inArray, sql } from "drizzle-orm";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { rateLimits } from "../db/schema.server";
import { env } from "../env.server";
import { log } from "../log.server";
import { secrets } from "../secrets.server";
import { HashSlotsBusy, withHashSlot } from "../security/hash-slots.server";
import { consumeAll, limitKey, RateLimiter, type Consumed } from "../security/rate-limit.server";
import { auth } from "./auth.server";

/**
 * Failed logins are throttled three ways, so guessing stays slow without letting a stranger
 * lock staff out by typing their address:
 * - per client address and per (account, address): strictly, 5 failures a minute;
 * - per account from anywhere: loosely, the first ACCOUNT_FREE_FAILURES failures in
 *   ACCOUNT_WINDOW_MS cost nothing, after that each further try from an *unknown* client must
 *   wait a growing delay (2 s, 4 s, … up to ACCOUNT_MAX_DELAY_MS) after the previous failure;
 * - a client the owner signed in from before (a signed device cookie, or an address that
 *   signed in to this account in the last 30 days) is not held up by the account throttle.
 * Every attempt is counted before the password is hashed, in the same tick as the decision.
 */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 60_000;
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_MAX_DELAY_MS = 60_000;
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
const DEVICE_COOKIE_DAYS = 90;

const failuresByAddress = new RateLimiter("login-address", LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
const failuresByAccountAddress = new RateLimiter("login-account-address", LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
/** The account throttle's rows: `count` failures since `window_start`, `next_try_at` the delay. */
const ACCOUNT_BUCKET = "login-account";
/** An address that signed in to an account: `window_start` is the last time. */
const KNOWN_BUCKET = "login-known";

function row(bucket: string, key: string) {
  return and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, limitKey(bucket, key)));
}

/** Forgets every counted failure and known client (tests). */
export async function resetLoginLimitsForTests(): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(inArray(rateLimits.bucket, [failuresByAddress.bucket, failuresByAccountAddress.bucket, ACCOUNT_BUCKET, KNOWN_BUCKET]));
}

function accountDelayMs(failuresBeyondFree: number): number {
  return Math.min(ACCOUNT_MAX_DELAY_MS, 1000 * 2 ** Math.min(failuresBeyondFree, 16));
}

/**
 * Takes one try from the account's loose allowance, atomically with the decision (the row is
 * locked, so instances and parallel requests take turns). Past the free failures an admitted try
 * pushes the next allowed moment on at once (as if it failed), so parallel tries cannot slip
 * through together; a success deletes the row.
 */
async function consumeAccountTry(account: string, trusted: boolean): Promise<Consumed> {
  const t = now();
  const key = limitKey(ACCOUNT_BUCKET, account);
  return db().transaction(async (tx) => {
    await tx.insert(rateLimits).values({ bucket: ACCOUNT_BUCKET, key, windowStart: t, count: 0 }).onConflictDoNothing();
    const [state] = await tx.select().from(rateLimits).where(row(ACCOUNT_BUCKET, account)).for("update");
    const fresh = t.getTime() - state.windowStart.getTime() >= ACCOUNT_WINDOW_MS;
    let count = fresh ? 0 : state.count;
    let nextTryAt = fresh ? null : state.nextTryAt;
    if (!trusted && count >= ACCOUNT_FREE_FAILURES && nextTryAt && t < nextTryAt) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((nextTryAt.getTime() - t.getTime()) / 1000)) };
    }
    count += 1;
    if (count > ACCOUNT_FREE_FAILURES) nextTryAt = new Date(t.getTime() + accountDelayMs(count - ACCOUNT_FREE_FAILURES));
    await tx
      .update(rateLimits)
      .set({ count, nextTryAt, windowStart: fresh ? t : state.windowStart })
      .where(row(ACCOUNT_BUCKET, account));
    return { allowed: true };
  });
}

async function refundAccountTry(account: string): Promise<void> {
  await db()
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(row(ACCOUNT_BUCKET, account));
}

let deviceCookieCache: { secret: string; cookie: Cookie } | undefined;

/** A signed cookie naming the account (by hash) this browser signed in to; see the comment above. */
function deviceCookie(): Cookie {
  const secret = secrets().sessionSecret;
  if (deviceCookieCache?.secret !== secret) {
    deviceCookieCache = {
      secret,
      cookie: createCookie("or-admin-device", {
        secrets: [secret],
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: env().publicUrl.startsWith("https://"),
        maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
      }),
    };
  }
  return deviceCookieCache.cookie;
}

function accountTag(account: string): string {
  return createHash("sha256").update(`admin-device:${account}`).digest("base64url").slice(0, 22);
}

async function isTrustedClient(account: string, clientAddress: string, headers: Headers): Promise<boolean> {
  const [seen] = await db()
    .select({ at: rateLimits.windowStart })
    .from(rateLimits)
    .where(row(KNOWN_BUCKET, `${account}|${clientAddress}`));
  if (seen && now().getTime() - seen.at.getTime() < KNOWN_ADDRESS_MS) return true;
  try {
    const tags: unknown = await deviceCookie().parse(headers.get("cookie"));
    return Array.isArray(tags) && tags.includes(accountTag(account));
  } catch {
    return false;
  }
}

/** Remembers the client as the account's own, and returns the device cookie to set. */
async function rememberTrustedClient(account: string, clientAddress: string, headers: Headers): Promise<string> {
  const t = now();
  await db()
    .insert(rateLimits)
    .values({ bucket: KNOWN_BUCKET, key: limitKey(KNOWN_BUCKET, `${account}|${clientAddress}`), windowStart: t, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.key], set: { windowStart: t } });
  let tags: string[] = [];
  try {
    const parsed: unknown = await deviceCookie().parse(headers.get("cookie"));
    if (Array.isArray(parsed)) tags = parsed.filter((tag): tag is string => typeof tag === "string");
  } catch {
    // no valid cookie yet
  }
  const tag = accountTag(account);
  return deviceCookie().serialize([tag, ...tags.filter((t) => t !== tag)].slice(0, 5));
}

export type LoginResult =
  /**
   * The password is right. `twoFactor`: the account has a second factor, so there is no session
   * yet, only Better Auth's sign-in challenge cookie; the code page finishes the sign-in.
   */
  | { ok: true; setCookies: string[]; twoFactor: boolean }
  /** One reason for a wrong address, a wrong password and a blocked account: no account oracle. */
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  /** Too many password checks are running site-wide: shed, try again in a few seconds. */
  | { ok: false; reason: "busy"; retryAfterSeconds: number }
  | { ok: false; reason: "unavailable" };

/**
 * Signs in with e-mail and password through Better Auth's server API. A limited client is
 * refused before the database or the password hash is touched, so guessing stays slow and
 * cheap for the server whatever the guesses are.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  clientAddress: string;
  headers: Headers;
}): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const addressKey = `address:${input.clientAddress}`;
  const pairKey = `${email}|${input.clientAddress}`;
  let strict: Consumed;
  try {
    strict = await consumeAll([
      [failuresByAddress, addressKey],
      [failuresByAccountAddress, pairKey],
    ]);
  } catch (error) {
    log.error("Admin login: the login limits could not be read", error);
    return { ok: false, reason: "unavailable" };
  }
  if (!strict.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: strict.retryAfterSeconds };
  const giveBackStrict = () => Promise.all([failuresByAddress.refund(addressKey), failuresByAccountAddress.refund(pairKey)]);
  const giveBack = () => Promise.all([giveBackStrict(), refundAccountTry(email)]);
  let account: Consumed;
  try {
    const trusted = await isTrustedClient(email, input.clientAddress, input.headers);
    account = await consumeAccountTry(email, trusted);
  } catch (error) {
    await giveBackStrict();
    log.error("Admin login: the login throttle could not be read", error);
    return { ok: false, reason: "unavailable" };
  }
  if (!account.allowed) {
    await giveBackStrict();
    return { ok: false, reason: "rate-limited", retryAfterSeconds: account.retryAfterSeconds };
  }

  let response: Response;
  try {
    response = await withHashSlot(() =>
      auth().api.signInEmail({
        body: { email, password: input.password, rememberMe: true },
        headers: input.headers,
        asResponse: true,
      }),
    );
  } catch (error) {
    if (error instanceof HashSlotsBusy) {
      await giveBack();
      return { ok: false, reason: "busy", retryAfterSeconds: error.retryAfterSeconds };
    }
    if (error instanceof APIError && error.statusCode < 500) {
      response = new Response(null, { status: error.statusCode });
    } else {
      await giveBack();
      log.error("Admin login: the auth service failed", error);
      return { ok: false, reason: "unavailable" };
    }
  }

  if (response.ok) {
    await Promise.all([failuresByAddress.refund(addressKey), failuresByAccountAddress.reset(pairKey), db().delete(rateLimits).where(row(ACCOUNT_BUCKET, email))]);
    const device = await rememberTrustedClient(email, input.clientAddress, input.headers);
    let twoFactor = false;
    try {
      const body: unknown = await response.clone().json();
      twoFactor = Boolean(body && typeof body === "object" && "twoFactorRedirect" in body && body.twoFactorRedirect === true);
    } catch {
      // not JSON: a plain session
    }
    return { ok: true, setCookies: [...response.headers.getSetCookie(), device], twoFactor };
  }
  if (response.status >= 500) {
    await giveBack();
    log.error(`Admin login: the auth service answered ${response.status}`);
    return { ok: false, reason: "unavailable" };
  }
  // 401 (unknown address or wrong password), 403 (banned), 400 (malformed): all one failure,
  // already counted above.
  return { ok: false, reason: "invalid" };
}

/** Ends the session of this request on the server and returns the cookies that clear it. */
export async function signOut(headers: Headers): Promise<{ setCookies: string[] }> {
  const response = await auth().api.signOut({ headers, asResponse: true });
  if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
  return { setCookies: response.headers.getSetCookie() };
}

/** Only back to an admin page of this site: never an open redirect. */
export function safeAdminRedirect(value: unknown): string {
  const target = typeof value === "string" ? value : "";
  const ok = /^\/(admin|database-cleanup)(?:[/?#]|$)/.test(target) && !target.startsWith("//") && !target.includes("\\");
  return ok && !target.startsWith("/admin/login") ? target : "/admin";
}
