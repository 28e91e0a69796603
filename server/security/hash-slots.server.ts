/**
 * Password and access-code hashes (scrypt) run on libuv's thread pool, which has only four
 * threads and is shared with file access, DNS and compression. A flood of login or code
 * attempts would fill it and stall every other request. So at most MAX_RUNNING hashing checks
 * run at once, at most MAX_WAITING wait for a turn, and anything beyond that is shed at once
 * with `HashSlotsBusy` (the routes answer 503 with Retry-After) instead of queueing without end.
 */
export const MAX_RUNNING = 2;
export const MAX_WAITING = 8;

export class HashSlotsBusy extends Error {
  override name = "HashSlotsBusy";
  readonly retryAfterSeconds = 5;
  constructor() {
    super("too many password checks at once");
  }
}

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `check` when a slot is free; throws `HashSlotsBusy` when the queue is full. */
export async function withHashSlot<T>(check: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new HashSlotsBusy();
    // The slot is handed over by the finishing check, so `running` never dips in between.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await check();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How many checks run and wait right now (tests and diagnostics). */
export function hashSlotUsage(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
