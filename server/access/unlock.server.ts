import { readCookie } from "~/i18n/locale.server";
import { sign, unsign } from "../secrets.server";
import { codeSetFingerprint } from "./codes.server";
import { isPrivatePageKey, PRIVATE_PAGES, type PrivatePageKey } from "./pages.server";
import { storedCodeHashes } from "./store.server";

/**
 * An unlock is a signed cookie per page, `access_<page>`, holding the page and a fingerprint
 * of its current code set. No Max-Age or Expires: it lasts for the browser session (the spec's
 * rule). Rotating the codes changes the fingerprint, which relocks every earlier unlock.
 */
export function unlockCookieName(pageKey: PrivatePageKey): string {
  return `access_${pageKey}`;
}

function unlockValue(pageKey: PrivatePageKey, storedHashes: readonly string[]): string {
  return `v1:${pageKey}:${codeSetFingerprint(storedHashes)}`;
}

/** The Set-Cookie header that unlocks the page for this browser session. */
export function unlockCookie(pageKey: PrivatePageKey, storedHashes: readonly string[], request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = encodeURIComponent(sign(unlockValue(pageKey, storedHashes)));
  // Path=/: the registration action checks the unlock too, not only the page.
  return `${unlockCookieName(pageKey)}=${value}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** True when the request carries a valid unlock for the page's current codes. */
export function hasUnlock(request: Request, pageKey: PrivatePageKey, storedHashes: readonly string[]): boolean {
  if (storedHashes.length === 0) return false;
  const cookie = readCookie(request, unlockCookieName(pageKey));
  if (!cookie) return false;
  return unsign(cookie) === unlockValue(pageKey, storedHashes);
}

/**
 * Whether this browser has unlocked the page with its current codes. For loaders and actions
 * that show or accept anything that belongs to a private page (one database read).
 */
export async function isUnlocked(request: Request, pageKey: PrivatePageKey): Promise<boolean> {
  return hasUnlock(request, pageKey, await storedCodeHashes(pageKey));
}

/**
 * For the registration action: true when this browser may register for a waiting-list event
 * because it unlocked the event's private registration page (the ARC's /arc-registration).
 * Public visitors still only get the waiting list.
 */
export async function admittedFromWaitlist(
  request: Request,
  event: { privatePageKey: string | null; bookingMode: string },
): Promise<boolean> {
  if (event.bookingMode !== "waitlist" || !event.privatePageKey || !isPrivatePageKey(event.privatePageKey)) return false;
  if (!PRIVATE_PAGES[event.privatePageKey].admitsWaitlist) return false;
  return isUnlocked(request, event.privatePageKey);
}
