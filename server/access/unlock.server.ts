import { createCookie, type Cookie } from "react-router";
import { secrets } from "../secrets.server";
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

let cookies: { secret: string; byPage: Map<PrivatePageKey, Cookie> } | undefined;

/** The page's unlock cookie, signed with the session secret. Path=/: the registration action checks it too. */
function cookieFor(pageKey: PrivatePageKey): Cookie {
  const secret = secrets().sessionSecret;
  if (cookies?.secret !== secret) cookies = { secret, byPage: new Map() };
  let cookie = cookies.byPage.get(pageKey);
  if (!cookie) {
    cookie = createCookie(unlockCookieName(pageKey), { secrets: [secret], path: "/", httpOnly: true, sameSite: "lax" });
    cookies.byPage.set(pageKey, cookie);
  }
  return cookie;
}

function unlockValue(pageKey: PrivatePageKey, storedHashes: readonly string[]): string {
  return `v1:${pageKey}:${codeSetFingerprint(storedHashes)}`;
}

/** The Set-Cookie header that unlocks the page for this browser session (Secure over HTTPS). */
export async function unlockCookie(pageKey: PrivatePageKey, storedHashes: readonly string[], request: Request): Promise<string> {
  return cookieFor(pageKey).serialize(unlockValue(pageKey, storedHashes), { secure: new URL(request.url).protocol === "https:" });
}

/** True when the request carries a valid unlock for the page's current codes. */
export async function hasUnlock(request: Request, pageKey: PrivatePageKey, storedHashes: readonly string[]): Promise<boolean> {
  if (storedHashes.length === 0) return false;
  try {
    const value: unknown = await cookieFor(pageKey).parse(request.headers.get("cookie"));
    return value === unlockValue(pageKey, storedHashes);
  } catch {
    return false; // a cookie that does not parse unlocks nothing
  }
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
