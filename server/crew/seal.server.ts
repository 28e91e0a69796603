import crypto from "node:crypto";
import { env, healthKeyBytes } from "../env.server";
import { secrets } from "../secrets.server";

/**
 * Sealing the crew file's health answers and every crew file at rest (decision 043): AES-256-GCM
 * with a fresh 12-byte nonce per value; the stored form is `v1.<nonce>.<tag>.<ciphertext>` (base64url)
 * for text and the same bytes concatenated for files. A database dump without the key shows none
 * of it. The key is HEALTH_DATA_KEY (required live); elsewhere it is derived from the session
 * secret, which every instance shares (required with DATABASE_URL), so a demo works untouched.
 */

const VERSION = "v1";
let cachedKey: Buffer | undefined;
let cachedFrom: string | undefined;

function key(): Buffer {
  const configured = env().HEALTH_DATA_KEY;
  const from = configured ?? `derived:${secrets().sessionSecret}`;
  if (cachedKey && cachedFrom === from) return cachedKey;
  const bytes = configured ? healthKeyBytes(configured) : Buffer.from(crypto.hkdfSync("sha256", secrets().sessionSecret, "", "or-health-data-v1", 32));
  if (!bytes) throw new Error("HEALTH_DATA_KEY is not a 32-byte key");
  cachedKey = bytes;
  cachedFrom = from;
  return bytes;
}

function encrypt(plain: Buffer): { nonce: Buffer; tag: Buffer; body: Buffer } {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), nonce);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { nonce, tag: cipher.getAuthTag(), body };
}

function decrypt(nonce: Buffer, tag: Buffer, body: Buffer): Buffer {
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** Seals a text (a health answer's JSON, a file's name). */
export function sealText(plain: string): string {
  const { nonce, tag, body } = encrypt(Buffer.from(plain, "utf8"));
  return [VERSION, nonce.toString("base64url"), tag.toString("base64url"), body.toString("base64url")].join(".");
}

/** Opens a sealed text; throws when it was not sealed with this key or was changed. */
export function openText(sealed: string): string {
  const [version, nonce, tag, body] = sealed.split(".");
  if (version !== VERSION || nonce === undefined || tag === undefined || body === undefined) throw new Error("Not a sealed value");
  return decrypt(Buffer.from(nonce, "base64url"), Buffer.from(tag, "base64url"), Buffer.from(body, "base64url")).toString("utf8");
}

/** Seals a file's bytes: 1 version byte, 12 nonce bytes, 16 tag bytes, the ciphertext. */
export function sealBytes(plain: Buffer): Buffer {
  const { nonce, tag, body } = encrypt(plain);
  return Buffer.concat([Buffer.from([1]), nonce, tag, body]);
}

/** Opens sealed file bytes; throws when they were not sealed with this key or were changed. */
export function openBytes(sealed: Buffer): Buffer {
  if (sealed.length < 29 || sealed[0] !== 1) throw new Error("Not sealed bytes");
  return decrypt(sealed.subarray(1, 13), sealed.subarray(13, 29), sealed.subarray(29));
}
