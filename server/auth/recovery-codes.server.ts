import crypto from "node:crypto";

/**
 * The ten one-time recovery codes of an admin's second factor (decision 017), made by us rather
 * than Better Auth so that people can read, type and write them down: lower-case letters and
 * digits without look-alikes (Crockford's base32 alphabet without 0 and 1, so no O/0, I/l/1
 * either), twelve characters in groups of four, `7kqm-x3fd-p9ra` (30^12 ≈ 2^59, as strong as
 * Better Auth's 62^10). Typed case, spaces and dashes do not matter.
 *
 * Codes made before (Better Auth's `XXXXX-XXXXX`, mixed case) keep working exactly as they were
 * issued: they are stored encrypted beside the new ones and compared case-sensitively.
 */
export const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstvwxyz";
const GROUPS = 3;
const GROUP_LENGTH = 4;
export const RECOVERY_CODE_COUNT = 10;

/** A code in the new form, as stored and shown. */
const NEW_FORM = new RegExp(`^[${RECOVERY_ALPHABET}]{${GROUP_LENGTH}}(?:-[${RECOVERY_ALPHABET}]{${GROUP_LENGTH}}){${GROUPS - 1}}$`);

function newCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = "";
    // randomInt is uniform over the alphabet (no modulo bias).
    for (let i = 0; i < GROUP_LENGTH; i++) group += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

/** Ten new, distinct recovery codes (Better Auth's `customBackupCodesGenerate`). */
export function generateRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  return [...codes];
}

/** What a typed code is compared as: for the new form, without case, spaces or dashes. */
function canonical(stored: string, typed: string): { stored: string; typed: string } {
  if (NEW_FORM.test(stored)) {
    return { stored: stored.replace(/-/g, ""), typed: typed.toLowerCase().replace(/[\s\-‐‑–—]/g, "") };
  }
  // An old code: its letters exactly as issued (case counts: they were made mixed-case), only
  // the dash and spaces do not matter (the dash sits at a fixed place, so that takes nothing away).
  return { stored: stored.replace(/-/g, ""), typed: typed.replace(/[\s\-‐‑–—]/g, "") };
}

/**
 * The index of the stored code `typed` is, or -1. Every stored code is compared (as SHA-256
 * digests, in constant time), so the time taken says nothing about which one matched.
 */
export function matchRecoveryCode(storedCodes: readonly string[], typed: string): number {
  let found = -1;
  storedCodes.forEach((code, index) => {
    const pair = canonical(code, typed);
    const a = crypto.createHash("sha256").update(pair.stored).digest();
    const b = crypto.createHash("sha256").update(pair.typed).digest();
    if (crypto.timingSafeEqual(a, b) && found < 0) found = index;
  });
  return found;
}

/**
 * Whether a typed value could be a recovery code at all (either form), before anything is
 * counted or decrypted: at most 20 letters, digits, dashes and spaces.
 */
export function looksLikeRecoveryCode(typed: string): boolean {
  const compact = typed.replace(/[\s\-‐‑–—]/g, "");
  return typed.length <= 40 && /^[A-Za-z0-9]{10,12}$/.test(compact);
}
