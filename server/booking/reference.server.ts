import crypto from "node:crypto";

// No 0/O, 1/I/L: easy to read over the phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A short registration reference such as "OR-7K3M9Q" (31^6 ≈ 887 million values). */
export function makeReference(): string {
  const bytes = crypto.randomBytes(6);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return `OR-${code}`;
}
