import crypto from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { twoFactor, verification } from "../db/schema.server";
import { log } from "../log.server";
import type { Consumed } from "../security/rate-limit.server";
import { auth } from "./auth.server";
import { matchRecoveryCode } from "./recovery-codes.server";
import { matchingTotpStep, totpKey } from "./totp.server";
import { codeFailuresByAddress, codeTriesBySignIn, type CodeFailure } from "./two-factor.server";

/**
 * The second step of an admin sign-in (decisions 017 and 037): a TOTP code or a recovery code
 * turns Better Auth's sign-in challenge into a session. We check the code ourselves, not through
 * Better Auth's `verifyTOTP`, because every try must be *counted before it is checked*, in the
 * database, against all three limits, so that parallel tries from any number of addresses and
 * instances get no more checks than designed:
 * - 5 wrong codes a minute per client address (`2fa-address`, shared with the set-up);
 * - 5 tries per sign-in, i.e. per challenge (`2fa-sign-in`); then: the password again;
 * - 10 wrong codes in a row per account lock its codes for 15 minutes: a try takes one from the
 *   account in one conditional UPDATE of its `two_factor` row (the row lock orders parallel
 *   tries), and the tenth sets the lock before it is checked; a right code resets the count.
 * Better Auth's own counters (one "attempts" row per challenge, consumed and re-armed around each
 * check, and a lock read before and written after the check) let parallel tries through and
 * answered the losers "expired". A TOTP code is taken for one time step once per account
 * (`last_totp_step`, advanced by a conditional UPDATE), so a code seen being typed cannot be used
 * again. Better Auth still makes the challenge (at the password step) and the session.
 */

/** Wrong codes in a row that lock an account's codes, and for how long. */
export const ACCOUNT_CODE_LIMIT = 10;
export const ACCOUNT_LOCK_MS = 15 * 60_000;
/** Better Auth's challenge (its `verification` row and the cookie naming it): "2fa-…". */
const CHALLENGE_COOKIE = "two_factor";
const ATTEMPTS_PREFIX = "2fa-attempts-";

type Challenge = { identifier: string; userId: string; expired: boolean };

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** HMAC-SHA256 in standard base64, as Better Auth signs its cookies ("value.signature"). */
function cookieSignature(value: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(value).digest("base64");
}

function unsignCookie(signed: string, secret: string): string | undefined {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return undefined;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(cookieSignature(value, secret));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? value : undefined;
}

type CookieAttributes = { maxAge?: number; path?: string; httpOnly?: boolean; secure?: boolean; sameSite?: string | boolean; domain?: string };

function setCookie(name: string, value: string, attributes: CookieAttributes): string {
  let cookie = `${name}=${value}`;
  if (typeof attributes.maxAge === "number") cookie += `; Max-Age=${Math.floor(attributes.maxAge)}`;
  if (attributes.domain) cookie += `; Domain=${attributes.domain}`;
  cookie += `; Path=${attributes.path ?? "/"}`;
  if (attributes.httpOnly !== false) cookie += "; HttpOnly";
  if (attributes.secure) cookie += "; Secure";
  const sameSite = typeof attributes.sameSite === "string" ? attributes.sameSite : "lax";
  cookie += `; SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`;
  return cookie;
}

/** The Set-Cookie that removes the challenge cookie from the browser. */
async function expiredChallengeCookie(): Promise<string> {
  const context = await auth().$context;
  const cookie = context.createAuthCookie(CHALLENGE_COOKIE);
  return setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
}

/**
 * The sign-in challenge of a request: the signed cookie's identifier and the account it is for.
 * `expired` when the challenge is there but past its ten minutes (real time: Better Auth stamps
 * it so). Undefined when there is none, or it was used, or the cookie is not ours.
 */
async function readChallenge(headers: Headers): Promise<Challenge | undefined> {
  const context = await auth().$context;
  const signed = cookieValue(headers.get("cookie"), context.createAuthCookie(CHALLENGE_COOKIE).name);
  const identifier = signed && unsignCookie(signed, context.secret);
  if (!identifier) return undefined;
  const [row] = await db()
    .select({ value: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, identifier))
    .limit(1);
  if (!row) return undefined;
  return { identifier, userId: row.value, expired: row.expiresAt.getTime() <= Date.now() };
}

/**
 * Uses the challenge up: deletes it (and Better Auth's attempts row of it) in one statement.
 * Answers whether this call did it, so two successful tries on one challenge make one session.
 */
async function consumeChallenge(challenge: Challenge): Promise<boolean> {
  const deleted = await db()
    .delete(verification)
    .where(inArray(verification.identifier, [challenge.identifier, `${ATTEMPTS_PREFIX}${challenge.identifier}`]))
    .returning({ identifier: verification.identifier, value: verification.value, expiresAt: verification.expiresAt });
  return deleted.some((row) => row.identifier === challenge.identifier && row.value === challenge.userId && row.expiresAt.getTime() > Date.now());
}

type FactorRow = { id: string; secret: string; backupCodes: string; failures: number };

type AccountTry = { ok: true; factor: FactorRow } | { ok: false; reason: "locked"; retryAfterSeconds: number } | { ok: false; reason: "no-factor" };

/**
 * Takes one try from the account's allowance, atomically, before the code is checked: one
 * UPDATE of the account's verified factor that is not locked (an expired lock starts a new
 * count); the tenth try of a row sets the lock at once, so parallel tries beyond it find the row
 * locked and are refused without a check. Answers the factor's secret and codes to check with.
 */
async function takeAccountTry(userId: string): Promise<AccountTry> {
  const at = now();
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const lockEnd = sql`${new Date(at.getTime() + ACCOUNT_LOCK_MS).toISOString()}::timestamptz`;
  const lockExpired = sql`(${twoFactor.lockedUntil} is not null and ${twoFactor.lockedUntil} <= ${atSql})`;
  const counted = sql`(case when ${lockExpired} then 1 else coalesce(${twoFactor.failedVerificationCount}, 0) + 1 end)`;
  const [row] = await db()
    .update(twoFactor)
    .set({
      failedVerificationCount: counted,
      lockedUntil: sql`case when ${counted} >= ${ACCOUNT_CODE_LIMIT} then ${lockEnd} else null end`,
    })
    .where(and(eq(twoFactor.userId, userId), sql`${twoFactor.verified} is not false`, or(isNull(twoFactor.lockedUntil), lte(twoFactor.lockedUntil, at))))
    .returning({ id: twoFactor.id, secret: twoFactor.secret, backupCodes: twoFactor.backupCodes, failures: twoFactor.failedVerificationCount });
  if (row) {
    if ((row.failures ?? 0) >= ACCOUNT_CODE_LIMIT) log.warn("Two-factor: ten codes in a row for an account; its codes are locked for 15 minutes", { userId });
    return { ok: true, factor: { ...row, failures: row.failures ?? 0 } };
  }
  const [current] = await db().select({ lockedUntil: twoFactor.lockedUntil }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  if (current?.lockedUntil && current.lockedUntil.getTime() > at.getTime()) {
    // A parallel try that started after this one may have set the lock: counted from this try's
    // earlier clock it would look longer than the lock ever is ("16 minutes"), so it is capped.
    const left = Math.ceil((current.lockedUntil.getTime() - at.getTime()) / 1000);
    return { ok: false, reason: "locked", retryAfterSeconds: Math.min(ACCOUNT_LOCK_MS / 1000, Math.max(1, left)) };
  }
  return { ok: false, reason: "no-factor" };
}

/** Gives back a try that was not checked (the service failed): the lock it set goes with it. */
async function giveBackAccountTry(userId: string): Promise<void> {
  const left = sql`greatest(coalesce(${twoFactor.failedVerificationCount}, 0) - 1, 0)`;
  await db()
    .update(twoFactor)
    .set({ failedVerificationCount: left, lockedUntil: sql`case when ${left} >= ${ACCOUNT_CODE_LIMIT} then ${twoFactor.lockedUntil} else null end` })
    .where(eq(twoFactor.userId, userId));
}

/** A right code: the count of wrong ones in a row starts again, a lock it was counted into ends. */
async function resetAccountTries(userId: string): Promise<void> {
  await db().update(twoFactor).set({ failedVerificationCount: 0, lockedUntil: null }).where(eq(twoFactor.userId, userId));
}

type Checked = { ok: true } | { ok: false; reason: "invalid" | "replayed" };

/**
 * Checks a TOTP code and, when it is right, takes its time step for the account: only a step
 * later than the last one taken, in one conditional UPDATE, so the same code used twice (or sent
 * ten times at once) signs in once.
 */
async function checkTotp(userId: string, factor: FactorRow, code: string, secretConfig: Parameters<typeof symmetricDecrypt>[0]["key"]): Promise<Checked> {
  const secret = await symmetricDecrypt({ key: secretConfig, data: factor.secret });
  const step = await matchingTotpStep(totpKey(secret), code, Date.now());
  if (step === null) return { ok: false, reason: "invalid" };
  const [taken] = await db()
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  return taken ? { ok: true } : { ok: false, reason: "replayed" };
}

/**
 * Checks a recovery code and, when it is right, removes it from the account's codes: a
 * compare-and-set on the encrypted list, so a code is used once even when sent in parallel
 * (a try that lost the race reads the list again and finds its code gone).
 */
async function checkRecoveryCode(factor: FactorRow, code: string, secretConfig: Parameters<typeof symmetricDecrypt>[0]["key"]): Promise<Checked> {
  let stored = factor.backupCodes;
  for (let round = 0; round < 3; round++) {
    const codes: unknown = JSON.parse(await symmetricDecrypt({ key: secretConfig, data: stored }));
    const list = Array.isArray(codes) ? codes.filter((c): c is string => typeof c === "string") : [];
    const index = matchRecoveryCode(list, code);
    if (index < 0) return { ok: false, reason: "invalid" };
    const rest = await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(list.filter((_, i) => i !== index)) });
    const [updated] = await db()
      .update(twoFactor)
      .set({ backupCodes: rest })
      .where(and(eq(twoFactor.id, factor.id), eq(twoFactor.backupCodes, stored)))
      .returning({ id: twoFactor.id });
    if (updated) return { ok: true };
    const [again] = await db().select({ backupCodes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.id, factor.id)).limit(1);
    if (!again) return { ok: false, reason: "invalid" };
    stored = again.backupCodes;
  }
  throw new Error("The recovery codes kept changing while one was being used");
}

/** The session Better Auth would make for the challenge's account, and its signed cookie. */
async function startSession(userId: string, clientAddress: string, headers: Headers): Promise<string> {
  const context = await auth().$context;
  const session = await context.internalAdapter.createSession(userId, false, { ipAddress: clientAddress, userAgent: headers.get("user-agent") ?? "" });
  if (!session) throw new Error("Better Auth made no session");
  const cookie = context.authCookies.sessionToken;
  const value = encodeURIComponent(`${session.token}.${cookieSignature(session.token, context.secret)}`);
  return setCookie(cookie.name, value, { ...cookie.attributes, maxAge: context.sessionConfig.expiresIn });
}

/** The fewest tries left among the limits, and which limit it is (the tightest one names itself). */
function triesLeft(address: Consumed, signIn: Consumed, accountFailures: number): { triesLeft: number; limit: "account" | "sign-in" | "address" } {
  const account = Math.max(0, ACCOUNT_CODE_LIMIT - accountFailures);
  const fromAddress = address.allowed ? (address.remaining ?? 0) : 0;
  const fromSignIn = signIn.allowed ? (signIn.remaining ?? 0) : 0;
  if (account === 0) return { triesLeft: 0, limit: "account" };
  if (fromSignIn === 0) return { triesLeft: 0, limit: "sign-in" };
  if (fromAddress === 0) return { triesLeft: 0, limit: "address" };
  const least = Math.min(account, fromSignIn, fromAddress);
  return { triesLeft: least, limit: least === fromSignIn ? "sign-in" : least === account ? "account" : "address" };
}

export type SignInCodeResult = { ok: true; setCookies: string[] } | (CodeFailure & { setCookies?: string[] });

/**
 * The second step of a sign-in: checks a TOTP or recovery code against the challenge cookie in
 * `headers` and answers the session cookie. Each try is counted per address, per sign-in and per
 * account before the code is checked; a refused or wrong try says which limit it met and how many
 * tries are left. A recovery code is used up by this, a TOTP code's time step too.
 */
export async function verifySignInCode(input: {
  method: "totp" | "recovery";
  code: string;
  clientAddress: string;
  headers: Headers;
}): Promise<SignInCodeResult> {
  const addressKey = `address:${input.clientAddress}`;
  let address: Consumed;
  try {
    address = await codeFailuresByAddress.consume(addressKey);
  } catch (error) {
    log.error("Two-factor: the code limits could not be read", error);
    return { ok: false, reason: "unavailable" };
  }
  if (!address.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: address.retryAfterSeconds };
  const giveBack: Array<() => Promise<unknown>> = [() => codeFailuresByAddress.refund(addressKey)];
  const giveAllBack = () => Promise.all(giveBack.map((f) => f())).catch((error: unknown) => log.error("Two-factor: a try could not be given back", error));

  let userId = "";
  try {
    const challenge = await readChallenge(input.headers);
    if (!challenge || challenge.expired) {
      await giveAllBack();
      return { ok: false, reason: challenge ? "expired" : "gone", setCookies: [await expiredChallengeCookie()] };
    }
    userId = challenge.userId;
    const signInKey = `sign-in:${challenge.identifier}`;
    const signIn = await codeTriesBySignIn.consume(signInKey);
    if (!signIn.allowed) {
      await giveAllBack();
      return { ok: false, reason: "spent", setCookies: [await expiredChallengeCookie()] };
    }
    giveBack.push(() => codeTriesBySignIn.refund(signInKey));

    const account = await takeAccountTry(challenge.userId);
    if (!account.ok) {
      await giveAllBack();
      if (account.reason === "locked") return { ok: false, reason: "locked", retryAfterSeconds: account.retryAfterSeconds };
      // The factor was reset (or is being set up again) since the password step.
      return { ok: false, reason: "gone", setCookies: [await expiredChallengeCookie()] };
    }
    const accountUser = challenge.userId;
    giveBack.push(() => giveBackAccountTry(accountUser));

    const context = await auth().$context;
    const checked =
      input.method === "totp"
        ? await checkTotp(challenge.userId, account.factor, input.code, context.secretConfig)
        : await checkRecoveryCode(account.factor, input.code, context.secretConfig);
    if (!checked.ok) {
      log.warn("Two-factor: a wrong sign-in code", { userId: challenge.userId, method: input.method, replayed: checked.reason === "replayed" });
      const left = triesLeft(address, signIn, account.factor.failures);
      const setCookies = left.limit === "sign-in" && left.triesLeft === 0 ? [await expiredChallengeCookie()] : undefined;
      if (checked.reason === "replayed") return { ok: false, reason: "replayed", ...left, setCookies };
      return { ok: false, reason: "invalid", ...left, lockedForSeconds: left.limit === "account" && left.triesLeft === 0 ? ACCOUNT_LOCK_MS / 1000 : undefined, setCookies };
    }

    // Right: the tries are given back (a success is no failure) and the challenge used up.
    await Promise.all([resetAccountTries(challenge.userId), codeFailuresByAddress.refund(addressKey)]);
    if (!(await consumeChallenge(challenge))) {
      // Another try of the same sign-in was right a moment earlier and made the session.
      return { ok: false, reason: "gone", setCookies: [await expiredChallengeCookie()] };
    }
    const session = await startSession(challenge.userId, input.clientAddress, input.headers);
    log.info("Two-factor: an admin signed in", { userId: challenge.userId, method: input.method });
    return { ok: true, setCookies: [session, await expiredChallengeCookie()] };
  } catch (error) {
    await giveAllBack();
    log.error(`Two-factor sign-in: checking the code failed${userId ? ` (user ${userId})` : ""}`, error);
    return { ok: false, reason: "unavailable" };
  }
}
