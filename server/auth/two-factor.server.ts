import { APIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import QRCode from "qrcode";
import { db } from "../db/client.server";
import { session, twoFactor, user } from "../db/schema.server";
import { log } from "../log.server";
import { HashSlotsBusy, withHashSlot } from "../security/hash-slots.server";
import { consumeAll, RateLimiter, type Consumed } from "../security/rate-limit.server";
import { auth, TWO_FACTOR_ISSUER } from "./auth.server";
import { matchingTotpStep, totpKey } from "./totp.server";

/**
 * The second factor of the admin sign-in (decision 017), on Better Auth's two-factor plugin,
 * called server-side from our own route actions like the password sign-in:
 * - set-up (an admin without a factor, signed in with the password): `startTwoFactorSetup`
 *   (`enableTwoFactor`, needs the password again) stores an unverified secret and ten recovery
 *   codes; `twoFactorSetupState` shows the secret as a QR code and as text; `confirmTwoFactorSetup`
 *   (`verifyTOTP` with the session) turns it on, ends every other session of the account and
 *   returns the recovery codes, shown this once;
 * - sign-in: after the password, Better Auth keeps no session but a signed `two_factor` challenge
 *   cookie (10 minutes); `verifySignInCode` (two-factor-sign-in.server.ts, decision 040) checks
 *   the code itself, counting each try before it is checked, and turns it into a session.
 * Codes are throttled like passwords (decision 008): at most 5 failures a minute per client
 * address, and per account during the set-up; at sign-in also 5 tries per challenge and 10 wrong
 * codes in a row lock the account's codes for 15 minutes.
 */
export const CODE_FAILURE_LIMIT = 5;
export const CODE_FAILURE_WINDOW_MS = 60_000;
/** Tries of one sign-in (one challenge, which lives 10 minutes): then the password again. */
export const CODE_TRIES_PER_SIGN_IN = 5;

export const codeFailuresByAddress = new RateLimiter("2fa-address", CODE_FAILURE_LIMIT, CODE_FAILURE_WINDOW_MS);
const codeFailuresByAccount = new RateLimiter("2fa-account", CODE_FAILURE_LIMIT, CODE_FAILURE_WINDOW_MS);
/** Every try of a sign-in counts (a success ends the challenge, so nothing is given back). */
export const codeTriesBySignIn = new RateLimiter("2fa-sign-in", CODE_TRIES_PER_SIGN_IN, 10 * 60_000);

/** Forgets every counted code failure (tests). */
export async function resetTwoFactorLimitsForTests(): Promise<void> {
  await Promise.all([codeFailuresByAddress.reset(), codeFailuresByAccount.reset(), codeTriesBySignIn.reset()]);
}

/** A TOTP code as apps show it: six digits (spaces the user typed are dropped by the route). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** Which limit a wrong code's "tries left" is about: the tightest of the three. */
export type CodeLimit = "account" | "sign-in" | "address";

export type CodeFailure =
  /**
   * A wrong code. At sign-in: how many tries are left and which limit that is (0 left: the
   * sign-in is spent, the address must wait, or — `lockedForSeconds` — the account is locked).
   */
  | { ok: false; reason: "invalid"; triesLeft?: number; limit?: CodeLimit; lockedForSeconds?: number }
  /** A right TOTP code whose time step was used already (a code works once). */
  | { ok: false; reason: "replayed"; triesLeft: number; limit: CodeLimit }
  /** The sign-in challenge is past its ten minutes. */
  | { ok: false; reason: "expired" }
  /** No sign-in challenge (none, used by a sign-in that succeeded, or the factor was reset). */
  | { ok: false; reason: "gone" }
  /** The five tries of this sign-in are used. */
  | { ok: false; reason: "spent" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  /** The account's codes are locked after 10 wrong ones in a row. */
  | { ok: false; reason: "locked"; retryAfterSeconds: number }
  | { ok: false; reason: "busy"; retryAfterSeconds: number }
  | { ok: false; reason: "unavailable" };

/** Better Auth's answer as a Response, whether it returned one or threw an APIError. */
async function call(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof APIError) {
      return new Response(JSON.stringify({ code: (error.body as { code?: string } | undefined)?.code ?? "" }), {
        status: error.statusCode,
        headers: error.headers instanceof Headers ? error.headers : undefined,
      });
    }
    throw error;
  }
}

async function errorCode(response: Response): Promise<string> {
  try {
    const body: unknown = await response.clone().json();
    return body && typeof body === "object" && "code" in body && typeof body.code === "string" ? body.code : "";
  } catch {
    return "";
  }
}

async function limited(entries: ReadonlyArray<readonly [RateLimiter, string]>): Promise<Consumed | "unavailable"> {
  try {
    return await consumeAll(entries);
  } catch (error) {
    log.error("Two-factor: the code limits could not be read", error);
    return "unavailable";
  }
}

async function refundAll(entries: ReadonlyArray<readonly [RateLimiter, string]>): Promise<void> {
  await Promise.all(entries.map(([limiter, key]) => limiter.refund(key)));
}

type LimitEntries = ReadonlyArray<readonly [RateLimiter, string]>;

/** The counters of a set-up attempt: the client address and the account. */
const setupEntries = (clientAddress: string, userId: string): LimitEntries => [
  [codeFailuresByAddress, `address:${clientAddress}`],
  [codeFailuresByAccount, `setup:${userId}`],
];

type Attempt = { ok: true; response: Response } | Extract<CodeFailure, { reason: "rate-limited" | "busy" | "unavailable" }>;

/**
 * One code or password attempt: counted against `entries` before Better Auth is asked (refused
 * when over the limit), given back when the service fails or the hash slots are busy.
 */
async function attempt(entries: LimitEntries, what: string, run: () => Promise<Response>): Promise<Attempt> {
  const taken = await limited(entries);
  if (taken === "unavailable") return { ok: false, reason: "unavailable" };
  if (!taken.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: taken.retryAfterSeconds };
  try {
    return { ok: true, response: await call(run) };
  } catch (error) {
    await refundAll(entries);
    if (error instanceof HashSlotsBusy) return { ok: false, reason: "busy", retryAfterSeconds: error.retryAfterSeconds };
    log.error(`${what}: the auth service failed`, error);
    return { ok: false, reason: "unavailable" };
  }
}

/** RFC 4648 base32 without padding: how authenticator apps take a key typed by hand. */
function base32(bytes: Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

export type SetupState = {
  /** The key in base32, for typing into an app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code of `uri` as an SVG document (rendered on the server, no external request). */
  qrSvg: string;
};

/** The unverified factor of an account in set-up, or null when none was started (or it is on). */
export async function twoFactorSetupState(userId: string, email: string): Promise<SetupState | null> {
  const [row] = await db().select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row || row.verified !== false) return null;
  const context = await auth().$context;
  const raw = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  // Better Auth reads a "base32:" secret as its decoded bytes, any other as UTF-8 bytes.
  const secret = raw.startsWith("base32:") ? raw.slice("base32:".length).toUpperCase() : base32(new TextEncoder().encode(raw));
  const params = new URLSearchParams({ secret, issuer: TWO_FACTOR_ISSUER, digits: "6", period: "30" });
  const uri = `otpauth://totp/${encodeURIComponent(TWO_FACTOR_ISSUER)}:${encodeURIComponent(email)}?${params.toString()}`;
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#0b1f33", light: "#ffffff" } });
  return { secret, uri, qrSvg };
}

export type StartResult =
  | { ok: true }
  | { ok: false; reason: "invalid-password" }
  /** The factor is on already (set up in another tab): nothing to do. */
  | { ok: false; reason: "already-enabled" }
  | Extract<CodeFailure, { reason: "rate-limited" | "busy" | "unavailable" }>;

/**
 * Starts (or restarts, with a new key) the set-up for the signed-in admin of `headers`: Better
 * Auth checks the password again and stores a new unverified secret and recovery codes.
 */
export async function startTwoFactorSetup(input: {
  userId: string;
  password: string;
  clientAddress: string;
  headers: Headers;
}): Promise<StartResult> {
  const entries = setupEntries(input.clientAddress, input.userId);
  const tried = await attempt(entries, "Two-factor set-up", () =>
    withHashSlot(() => auth().api.enableTwoFactor({ body: { password: input.password, issuer: TWO_FACTOR_ISSUER }, headers: input.headers, asResponse: true })),
  );
  if (!tried.ok) return tried;
  const { response } = tried;
  if (response.ok) {
    await refundAll(entries);
    return { ok: true };
  }
  const code = await errorCode(response);
  if (code === "TOTP_ALREADY_ENABLED") {
    await refundAll(entries);
    return { ok: false, reason: "already-enabled" };
  }
  if (response.status >= 500 || response.status === 401) {
    await refundAll(entries);
    if (response.status >= 500) log.error(`Two-factor set-up: the auth service answered ${response.status}`);
    return { ok: false, reason: "unavailable" };
  }
  return { ok: false, reason: "invalid-password" };
}

/**
 * The set-up's code is a code like any other: its time step is taken for the account, so it
 * cannot sign in a second time (two-factor-sign-in.server.ts takes only later steps).
 */
async function takeSetupStep(userId: string, code: string): Promise<void> {
  const [row] = await db().select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  if (!row) return;
  const context = await auth().$context;
  const step = await matchingTotpStep(totpKey(await symmetricDecrypt({ key: context.secretConfig, data: row.secret })), code, Date.now());
  if (step === null) return;
  await db()
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))));
}

export type ConfirmResult = { ok: true; setCookies: string[]; recoveryCodes: string[] } | CodeFailure;

/**
 * Turns the factor in set-up on when `code` is right: Better Auth marks it verified and gives
 * the session a new token; every other session of the account ends here (they were made with
 * the password alone). Answers the ten recovery codes, to show once.
 */
export async function confirmTwoFactorSetup(input: {
  userId: string;
  code: string;
  clientAddress: string;
  headers: Headers;
}): Promise<ConfirmResult> {
  const entries = setupEntries(input.clientAddress, input.userId);
  const tried = await attempt(entries, "Two-factor set-up", () =>
    auth().api.verifyTOTP({ body: { code: input.code }, headers: input.headers, asResponse: true }),
  );
  if (!tried.ok) return tried;
  const { response } = tried;
  if (!response.ok) {
    const code = await errorCode(response);
    if (code === "INVALID_CODE") return { ok: false, reason: "invalid" };
    await refundAll(entries);
    if (response.status >= 500) log.error(`Two-factor set-up: the auth service answered ${response.status}`);
    // No session, or no factor in set-up any more (turned on or reset meanwhile).
    return { ok: false, reason: response.status >= 500 ? "unavailable" : "gone" };
  }
  await refundAll(entries);
  await takeSetupStep(input.userId, input.code);
  const setCookies = response.headers.getSetCookie();
  // Better Auth answers the old token; the new session is in the (signed) cookie: "token.signature".
  const sessionCookie = setCookies.find((c) => /^(?:__Secure-)?or-admin\.session_token=[^;]/.test(c)) ?? "";
  const token = decodeURIComponent(sessionCookie.slice(sessionCookie.indexOf("=") + 1).split(";")[0]).split(".")[0];
  if (!token) {
    log.error("Two-factor set-up: no new session cookie");
    return { ok: false, reason: "unavailable" };
  }
  await db()
    .delete(session)
    .where(and(eq(session.userId, input.userId), ne(session.token, token)));
  const codes = await auth().api.viewBackupCodes({ body: { userId: input.userId } });
  log.info("Two-factor: set up for an admin", { userId: input.userId });
  return { ok: true, setCookies, recoveryCodes: codes.backupCodes };
}

/**
 * The recovery path for a staff member who lost their phone and recovery codes: removes their
 * second factor and ends all their sessions; at the next sign-in they set it up again. Run by
 * `npm run users:create -- --reset-2fa` or another admin on /admin/users.
 */
export async function resetTwoFactor(userId: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
  });
  log.info("Two-factor: reset for a user", { userId });
}

/** Whether a request carries a sign-in challenge cookie (it is checked when a code is sent). */
export function hasSignInChallenge(headers: Headers): boolean {
  return /(?:^|;\s*)(?:__Secure-)?or-admin\.two_factor=/.test(headers.get("cookie") ?? "");
}
