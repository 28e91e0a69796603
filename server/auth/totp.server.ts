import crypto from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/**
 * Checking a sign-in code ourselves: we need to know *which* time step a code belongs to, so that
 * it is taken once (Better Auth's check answers only yes or no). The codes are made by Better
 * Auth's own OTP utilities (`@better-auth/utils`, the package its two-factor plugin uses), so a
 * code is what its set-up QR code makes an authenticator app show. A code of the previous,
 * current or next step is taken, as Better Auth does, for phones whose clocks are a little off.
 */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps either side of the current one that are taken. */
const TOTP_WINDOW = 1;

/** The time step of a moment (real time: the phone's clock, never the app's APP_NOW). */
export function totpStepAt(atMs: number): number {
  return Math.floor(atMs / (TOTP_PERIOD_SECONDS * 1000));
}

/**
 * The HMAC key of a decrypted Better Auth secret: a "base32:" secret (imported) is its decoded
 * bytes, any other (generated) its UTF-8 bytes, as Better Auth reads them.
 */
export function totpKey(decryptedSecret: string): Uint8Array | string {
  return decryptedSecret.startsWith("base32:") ? base32.decode(decryptedSecret.slice("base32:".length)) : decryptedSecret;
}

/**
 * The time step `code` was made for, within the window around `atMs`, or null when it matches
 * none. Every step of the window is computed and compared in constant time, so the time taken
 * says nothing about which one (if any) matched.
 */
export async function matchingTotpStep(key: Uint8Array | string, code: string, atMs: number): Promise<number | null> {
  const otp = createOTP(key, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  const given = Buffer.from(code.padEnd(TOTP_DIGITS, "\0").slice(0, TOTP_DIGITS));
  const current = totpStepAt(atMs);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const equal = crypto.timingSafeEqual(given, Buffer.from(await otp.hotp(step)));
    // The latest matching step: were a code to match two steps, the stricter record wins.
    if (equal && code.length === TOTP_DIGITS) matched = step;
  }
  return matched;
}
