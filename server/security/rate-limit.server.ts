import { now } from "../clock.server";

export type Consumed = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A fixed-window counter per key (an address, an address + page, an account).
 * Kept in memory: one server process serves the site.
 *
 * Attempts are counted *before* the slow check they guard (`consume`), in the same tick as the
 * decision, so a burst of parallel attempts cannot all pass a check that only counts afterwards;
 * a caller that should not count a successful attempt gives it back with `refund`.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; windowStart: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private entry(key: string) {
    const t = now().getTime();
    const found = this.hits.get(key);
    if (!found || t - found.windowStart >= this.windowMs) {
      const fresh = { count: 0, windowStart: t };
      this.hits.set(key, fresh);
      if (this.hits.size > 50_000) this.prune(t);
      return fresh;
    }
    return found;
  }

  /**
   * Takes one attempt from the key's allowance, atomically with the decision. Refused attempts
   * are not counted (they cost the server nothing), so the window is not pushed on by them.
   */
  consume(key: string): Consumed {
    const e = this.entry(key);
    if (e.count >= this.limit) return { allowed: false, retryAfterSeconds: this.retryAfterSeconds(key) };
    e.count += 1;
    return { allowed: true };
  }

  /** Gives back an attempt taken with `consume` (a success that should not count). */
  refund(key: string): void {
    const found = this.hits.get(key);
    if (found && found.count > 0) found.count -= 1;
  }

  /** True when the key has used up its allowance in the current window. */
  isLimited(key: string): boolean {
    return this.entry(key).count >= this.limit;
  }

  /** Counts one hit; returns true when the key is now over the limit. */
  hit(key: string): boolean {
    const e = this.entry(key);
    e.count += 1;
    return e.count > this.limit;
  }

  /** Seconds until the key's window ends (for Retry-After). */
  retryAfterSeconds(key: string): number {
    const e = this.entry(key);
    return Math.max(1, Math.ceil((e.windowStart + this.windowMs - now().getTime()) / 1000));
  }

  reset(key?: string): void {
    if (key === undefined) this.hits.clear();
    else this.hits.delete(key);
  }

  private prune(t: number): void {
    for (const [key, e] of this.hits) if (t - e.windowStart >= this.windowMs) this.hits.delete(key);
  }
}

/**
 * Takes one attempt from each limiter, all or none: when one refuses, the attempts already
 * taken from the others are given back, so a refused request leaves no trace.
 */
export function consumeAll(entries: ReadonlyArray<readonly [RateLimiter, string]>): Consumed {
  const taken: Array<readonly [RateLimiter, string]> = [];
  for (const entry of entries) {
    const [limiter, key] = entry;
    const result = limiter.consume(key);
    if (!result.allowed) {
      for (const [l, k] of taken) l.refund(k);
      return result;
    }
    taken.push(entry);
  }
  return { allowed: true };
}
