import { now } from "../clock.server";

/**
 * A fixed-window counter per key (an address, an address + page, an account).
 * Kept in memory: one server process serves the site. Counts only what the caller reports.
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
