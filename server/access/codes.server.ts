import crypto from "node:crypto";

/**
 * Access codes are stored as scrypt hashes ("scrypt$<salt>$<hash>", base64url) and checked in
 * constant time. scrypt, not a fast hash: the codes are short words a person can type, so a
 * leaked table must not give them away in seconds.
 */

/** scrypt on libuv's thread pool, so hashing never blocks the event loop. */
function scrypt(password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const SCRYPT_OPTIONS: crypto.ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
/** Longer input is never a valid code; refusing it early keeps hashing cheap for abusers. */
export const MAX_CODE_LENGTH = 200;

export async function hashAccessCode(code: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await scrypt(code, salt, KEY_LENGTH, SCRYPT_OPTIONS);
  return `scrypt$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

function parseHash(stored: string): { salt: Buffer; hash: Buffer } | undefined {
  const [scheme, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || rest.length > 0) return undefined;
  const parsed = { salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
  return parsed.hash.length === KEY_LENGTH && parsed.salt.length > 0 ? parsed : undefined;
}

/**
 * True when `code` matches one of the stored hashes, exactly (case-sensitive, no trimming).
 * Every hash is checked, even after a match, so the time taken says nothing about which one
 * matched or how close a guess was.
 */
export async function verifyAccessCode(code: string, storedHashes: readonly string[]): Promise<boolean> {
  if (code.length === 0 || code.length > MAX_CODE_LENGTH) return false;
  let matched = false;
  for (const stored of storedHashes) {
    const parsed = parseHash(stored);
    if (!parsed) continue;
    const candidate = await scrypt(code, parsed.salt, KEY_LENGTH, SCRYPT_OPTIONS);
    if (crypto.timingSafeEqual(candidate, parsed.hash)) matched = true;
  }
  return matched;
}

/**
 * True when the stored hashes are exactly the hashes of `codes` (same number, every code
 * matches one): lets the start-up sync keep existing hashes, and so existing unlocks.
 */
export async function hashesMatchCodes(codes: readonly string[], storedHashes: readonly string[]): Promise<boolean> {
  const unique = [...new Set(codes)];
  if (unique.length !== storedHashes.length) return false;
  for (const code of unique) {
    if (!(await verifyAccessCode(code, storedHashes))) return false;
  }
  return true;
}

/**
 * A short, stable fingerprint of a page's current code set. An unlock cookie carries it, so
 * replacing the codes relocks every browser that unlocked with the old ones.
 */
export function codeSetFingerprint(storedHashes: readonly string[]): string {
  return crypto
    .createHash("sha256")
    .update([...storedHashes].sort().join("\n"))
    .digest("base64url")
    .slice(0, 16);
}

export class AccessCodeError extends Error {
  override name = "AccessCodeError";
}

/**
 * The codes as they will be stored: each non-empty, at most MAX_CODE_LENGTH characters and
 * without surrounding spaces (a visitor could never tell them apart); duplicates dropped.
 * Throws AccessCodeError naming the problem.
 */
export function normalizeAccessCodes(codes: readonly string[]): string[] {
  for (const code of codes) {
    if (code.length === 0) throw new AccessCodeError("An access code cannot be empty.");
    if (code.length > MAX_CODE_LENGTH) throw new AccessCodeError(`An access code can have at most ${MAX_CODE_LENGTH} characters.`);
    if (code.trim() !== code) throw new AccessCodeError("An access code cannot start or end with a space.");
    if (code.includes(",")) throw new AccessCodeError("An access code cannot contain a comma.");
  }
  return [...new Set(codes)];
}

/** "a, b" → ["a", "b"]: the ACCESS_CODE_* format (a comma-separated list). */
export function parseCodeList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter((code) => code.length > 0);
}
