// @engine both: rate-limit counters upserted under concurrency
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setNowForTests } from "@server/clock.server";
import { rateLimits } from "@server/db/schema.server";
import { limitKey, RateLimiter } from "@server/security/rate-limit.server";
import { useTestDatabase } from "../support/db";

// The database-backed fixed window (every instance counts together). Attempts that arrive
// together are counted in one statement (decision 028): each must still get the answer it would
// have got alone. On PGlite and on PostgreSQL.
describe("RateLimiter", () => {
  const database = useTestDatabase();
  // The app clock runs on from the instant it is set to: hold it still, so that the windows'
  // starts and the seconds to wait are exact.
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => {
    setNowForTests(undefined);
    vi.useRealTimers();
  });

  const stored = (limiter: RateLimiter, key: string) =>
    database
      .db()
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.bucket, limiter.bucket), eq(rateLimits.key, limitKey(limiter.bucket, key))));

  it("lets exactly `limit` of a burst of parallel attempts through, and tells the rest when to come back", async () => {
    setNowForTests(new Date("2026-05-01T12:00:00Z"));
    const limiter = new RateLimiter("test-burst", 5, 60_000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => limiter.consume("203.0.113.7")));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    expect(answers.slice(0, 5).every((a) => a.allowed)).toBe(true);
    for (const refused of answers.slice(5)) expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    const [row] = await stored(limiter, "203.0.113.7");
    expect(row.count).toBe(12);
  });

  it("counts each key of a mixed burst on its own, and other limiters not at all", async () => {
    setNowForTests(new Date("2026-05-01T12:00:00Z"));
    const limiter = new RateLimiter("test-mixed", 2, 60_000);
    const other = new RateLimiter("test-other", 2, 60_000);
    const keys = ["a", "b", "a", "c", "a", "b", "b"];
    const answers = await Promise.all([...keys.map((k) => limiter.consume(k)), other.consume("a")]);
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, true, false, true, false, true]);
    expect((await stored(limiter, "a"))[0].count).toBe(3);
    expect((await stored(limiter, "b"))[0].count).toBe(3);
    expect((await stored(limiter, "c"))[0].count).toBe(1);
    expect((await stored(other, "a"))[0].count).toBe(1);
  });

  it("starts a new window once the old one has ended, for a single attempt and for a burst", async () => {
    const limiter = new RateLimiter("test-window", 3, 60_000);
    setNowForTests(new Date("2026-05-01T12:00:00Z"));
    await Promise.all([1, 2, 3, 4].map(() => limiter.consume("k")));
    setNowForTests(new Date("2026-05-01T12:00:30Z"));
    expect(await limiter.consume("k")).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // A minute after the window began: a fresh one, for a burst.
    setNowForTests(new Date("2026-05-01T12:01:00Z"));
    const burst = await Promise.all([1, 2, 3, 4].map(() => limiter.consume("k")));
    expect(burst.map((a) => a.allowed)).toEqual([true, true, true, false]);
    const [row] = await stored(limiter, "k");
    expect(row.windowStart.toISOString()).toBe("2026-05-01T12:01:00.000Z");
    expect(row.count).toBe(4);
    // And for a single attempt.
    setNowForTests(new Date("2026-05-01T12:02:00Z"));
    // Allowed, and how many more the window takes (the two-factor page says so).
    expect(await limiter.consume("k")).toEqual({ allowed: true, remaining: 2 });
    expect((await stored(limiter, "k"))[0].count).toBe(1);
  });

  it("gives back an attempt with refund", async () => {
    setNowForTests(new Date("2026-05-01T12:00:00Z"));
    const limiter = new RateLimiter("test-refund", 1, 60_000);
    expect(await limiter.consume("k")).toEqual({ allowed: true, remaining: 0 });
    await limiter.refund("k");
    expect(await limiter.consume("k")).toEqual({ allowed: true, remaining: 0 });
    expect((await limiter.consume("k")).allowed).toBe(false);
  });
});
