import crypto from "node:crypto";
import { sign, unsign } from "../secrets.server";

// No 0/O, 1/I/L: easy to read over the phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A short registration reference such as "OR-7K3M9Q" (31^6 ≈ 887 million values). */
export function makeReference(): string {
  const bytes = crypto.randomBytes(6);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return `OR-${code}`;
}

/** The free confirmation view's token: the registration id, signed so nobody can guess another. */
export function confirmationToken(registrationId: string): string {
  return sign(`confirmed:${registrationId}`);
}

export function registrationIdFromToken(token: string): string | undefined {
  const value = unsign(token);
  return value?.startsWith("confirmed:") ? value.slice("confirmed:".length) : undefined;
}
