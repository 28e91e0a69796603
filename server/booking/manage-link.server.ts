import crypto from "node:crypto";
import { env } from "../env.server";
import { secrets } from "../secrets.server";
import { isUuid } from "../db/values.server";

/**
 * The participant's manage-my-booking link: the registration id and a keyed MAC of it, so the
 * link cannot be guessed or made from a reference, and needs no table. Changing SESSION_SECRET
 * invalidates every link (as it does sessions).
 */
const MAC_LENGTH = 22;

function mac(purpose: string, id: string): string {
  return crypto.createHmac("sha256", secrets().sessionSecret).update(`${purpose}:${id}`).digest("base64url").slice(0, MAC_LENGTH);
}

function idToBase64(id: string): string {
  return Buffer.from(id.replaceAll("-", ""), "hex").toString("base64url");
}

function base64ToId(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{22}$/.test(text)) return undefined;
  const hex = Buffer.from(text, "base64url").toString("hex");
  if (hex.length !== 32) return undefined;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return isUuid(id) ? id : undefined;
}

/** A signed token for `id` (a uuid) and `purpose` ("manage", "offer", …): 22 + 22 URL-safe characters. */
export function signedIdToken(purpose: string, id: string): string {
  return `${idToBase64(id)}${mac(purpose, id)}`;
}

/** The id inside a token made by `signedIdToken` for `purpose`, or undefined for anything else. */
export function idFromSignedToken(purpose: string, token: string): string | undefined {
  if (typeof token !== "string" || token.length !== 22 + MAC_LENGTH) return undefined;
  const id = base64ToId(token.slice(0, 22));
  if (!id) return undefined;
  const expected = Buffer.from(mac(purpose, id));
  const given = Buffer.from(token.slice(22));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : undefined;
}

export function manageToken(registrationId: string): string {
  return signedIdToken("manage", registrationId);
}

export function registrationIdFromManageToken(token: string): string | undefined {
  return idFromSignedToken("manage", token);
}

/** The path of the participant's page (`/my-booking/<token>`). */
export function managePath(registrationId: string): string {
  return `/my-booking/${manageToken(registrationId)}`;
}

/** The absolute link for e-mails. */
export function manageUrl(registrationId: string): string {
  return `${env().publicUrl}${managePath(registrationId)}`;
}
