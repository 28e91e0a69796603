import crypto from "node:crypto";

/**
 * RFC 6238 TOTP as authenticator apps make it (HMAC-SHA1, 6 digits, 30 s), for checking a sign-in
 * code ourselves: we need to know *which* time step a code belongs to, so that it is taken once
 * (Better Auth's check answers only yes or no). A code of the previous, current or next step is
 * taken, as Better Auth does, for phones whose clocks are a little off.
 */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps either side of the current one that are taken. */
const TOTP_WINDOW = 1;

/** The time step of a moment (real time: the phone's clock, never the app's APP_NOW). */
export function totpStepAt(atMs: number): number {
  return Math.floor(atMs / (TOTP_PERIOD_SECONDS * 1000));
}

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1] & 15;
  const binary = ((mac[offset] & 127) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error("not a base32 secret");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The HMAC key of a decrypted Better Auth secret: a "base32:" secret (imported) is its decoded
 * bytes, any other (generated) its UTF-8 bytes, as Better Auth reads them.
 */
export function totpKey(decryptedSecret: string): Buffer {
  return decryptedSecret.startsWith("base32:") ? base32Decode(decryptedSecret.slice("base32:".length)) : Buffer.from(decryptedSecret, "utf8");
}

/**
 * The time step `code` was made for, within the window around `atMs`, or null when it matches
 * none. Every step of the window is computed and compared in constant time, so the time taken
 * says nothing about which one (if any) matched.
 */
export function matchingTotpStep(key: Buffer, code: string, atMs: number): number | null {
  const given = Buffer.from(code.padEnd(TOTP_DIGITS, "\0").slice(0, TOTP_DIGITS));
  const current = totpStepAt(atMs);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const equal = crypto.timingSafeEqual(given, Buffer.from(hotp(key, step)));
    // The latest matching step: were a code to match two steps, the stricter record wins.
    if (equal && code.length === TOTP_DIGITS) matched = step;
  }
  return matched;
}
