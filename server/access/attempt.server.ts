import { RateLimiter } from "../security/rate-limit.server";
import { verifyAccessCode } from "./codes.server";
import type { PrivatePageKey } from "./pages.server";
import { storedCodeHashes } from "./store.server";
import { unlockCookie } from "./unlock.server";

/** 10 wrong codes per address and page in 10 minutes; then every attempt is refused until the window ends. */
export const MAX_WRONG_CODES = 10;
export const WRONG_CODE_WINDOW_MS = 10 * 60_000;

const wrongCodes = new RateLimiter(MAX_WRONG_CODES, WRONG_CODE_WINDOW_MS);

export type UnlockAttempt =
  | { outcome: "unlocked"; setCookie: string }
  | { outcome: "wrong" }
  | { outcome: "limited"; retryAfterSeconds: number };

function limiterKey(clientAddress: string, pageKey: PrivatePageKey): string {
  return `${clientAddress}|${pageKey}`;
}

/**
 * Checks a submitted code for a page. Only wrong codes count towards the limit; once it is
 * reached even the right code is refused until the window has passed, so guessing stays slow.
 */
export async function attemptUnlock(options: {
  pageKey: PrivatePageKey;
  code: string;
  clientAddress: string;
  request: Request;
}): Promise<UnlockAttempt> {
  const key = limiterKey(options.clientAddress, options.pageKey);
  if (wrongCodes.isLimited(key)) return { outcome: "limited", retryAfterSeconds: wrongCodes.retryAfterSeconds(key) };

  const hashes = await storedCodeHashes(options.pageKey);
  if (await verifyAccessCode(options.code, hashes)) {
    return { outcome: "unlocked", setCookie: unlockCookie(options.pageKey, hashes, options.request) };
  }
  wrongCodes.hit(key);
  return { outcome: "wrong" };
}

/** Whether the address is locked out of the page right now (the page says so before a try). */
export function unlockLimited(clientAddress: string, pageKey: PrivatePageKey): { retryAfterSeconds: number } | undefined {
  const key = limiterKey(clientAddress, pageKey);
  return wrongCodes.isLimited(key) ? { retryAfterSeconds: wrongCodes.retryAfterSeconds(key) } : undefined;
}

/** Forgets every counted attempt (tests). */
export function resetUnlockAttemptsForTests(): void {
  wrongCodes.reset();
}
