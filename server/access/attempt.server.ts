import { HashSlotsBusy, withHashSlot } from "../security/hash-slots.server";
import { RateLimiter } from "../security/rate-limit.server";
import { verifyAccessCode } from "./codes.server";
import type { PrivatePageKey } from "./pages.server";
import { storedCodeHashes } from "./store.server";
import { unlockCookie } from "./unlock.server";

/** 10 wrong codes per address and page in 10 minutes; then every attempt is refused until the window ends. */
export const MAX_WRONG_CODES = 10;
export const WRONG_CODE_WINDOW_MS = 10 * 60_000;

const wrongCodes = new RateLimiter("access-code", MAX_WRONG_CODES, WRONG_CODE_WINDOW_MS);

export type UnlockAttempt =
  | { outcome: "unlocked"; setCookie: string }
  | { outcome: "wrong" }
  | { outcome: "limited"; retryAfterSeconds: number }
  /** Too many code checks are running site-wide: try again in a few seconds. */
  | { outcome: "busy"; retryAfterSeconds: number };

function limiterKey(clientAddress: string, pageKey: PrivatePageKey): string {
  return `${clientAddress}|${pageKey}`;
}

/**
 * Checks a submitted code for a page. Every attempt takes one of the address's 10 tries before
 * the (slow) hash check, in the same tick as the decision, so parallel guesses cannot all pass
 * the limit; a right code gives its try back, so only wrong codes count. Once the tries are
 * used up even the right code is refused until the window has passed: guessing stays slow.
 */
export async function attemptUnlock(options: {
  pageKey: PrivatePageKey;
  code: string;
  clientAddress: string;
  request: Request;
}): Promise<UnlockAttempt> {
  const key = limiterKey(options.clientAddress, options.pageKey);
  const taken = await wrongCodes.consume(key);
  if (!taken.allowed) return { outcome: "limited", retryAfterSeconds: taken.retryAfterSeconds };

  let hashes: string[];
  let matched: boolean;
  try {
    hashes = await storedCodeHashes(options.pageKey);
    matched = await withHashSlot(() => verifyAccessCode(options.code, hashes));
  } catch (error) {
    // Not checked, so not counted.
    await wrongCodes.refund(key);
    if (error instanceof HashSlotsBusy) return { outcome: "busy", retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
  if (!matched) return { outcome: "wrong" };
  await wrongCodes.refund(key);
  return { outcome: "unlocked", setCookie: await unlockCookie(options.pageKey, hashes, options.request) };
}

/** Forgets every counted attempt (tests). */
export async function resetUnlockAttemptsForTests(): Promise<void> {
  await wrongCodes.reset();
}
