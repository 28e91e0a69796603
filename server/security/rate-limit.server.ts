import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { now } from "../clock.server";
import { db, preparedStatement, type Database } from "../db/client.server";
import { rateLimits } from "../db/schema.server";
import { secrets } from "../secrets.server";

/**
 * Keys are client addresses and e-mail addresses: the table stores a keyed hash of them only,
 * comparable for counting, useless to a reader of the database.
 */
export function limitKey(bucket: string, key: string): string {
  return crypto.createHmac("sha256", secrets().sessionSecret).update(`${bucket}\u0000${key}`).digest("base64url").slice(0, 32);
}

export type Consumed = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The counting upsert: one statement, built once per database (it runs on every guarded form post). */
const consumeStatement = (database: Database) =>
  preparedStatement(database, "rate-limit.consume", (d) => {
    const expired = sql`${rateLimits.windowStart} <= ${sql.placeholder("expiredBefore")}::timestamptz`;
    return d
      .insert(rateLimits)
      .values({ bucket: sql.placeholder("bucket"), key: sql.placeholder("key"), windowStart: sql`${sql.placeholder("at")}::timestamptz`, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.bucket, rateLimits.key],
        set: {
          windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
      .prepare("rate_limit_consume");
  });

/**
 * A fixed-window counter per key (an address, an address + page, an account), kept in the
 * database so that every instance on one PostgreSQL counts together (and PGlite works the same
 * for one instance).
 *
 * `consume` counts an attempt and decides in one statement (an upsert that takes the row's
 * lock), *before* the slow check it guards, so a burst of parallel attempts, on one instance or
 * several, cannot all pass; a caller that should not count a successful attempt gives it back
 * with `refund`. Refused attempts are counted too: the window is fixed, so that does not make
 * it longer, and it keeps the statement single.
 */
export class RateLimiter {
  constructor(
    /** The limiter's name: keys of different limiters never meet. */
    readonly bucket: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Takes one attempt from the key's allowance, atomically with the decision. */
  async consume(key: string): Promise<Consumed> {
    const t = now();
    const [row] = await consumeStatement(db()).execute({
      bucket: this.bucket,
      key: limitKey(this.bucket, key),
      // Strings with a cast: the postgres-js driver does not serialise a Date as a parameter here.
      at: t.toISOString(),
      expiredBefore: new Date(t.getTime() - this.windowMs).toISOString(),
    });
    if (row.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: this.secondsLeft(row.windowStart, t) };
  }

  /** Gives back an attempt taken with `consume` (a success that should not count). */
  async refund(key: string): Promise<void> {
    await db()
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.bucket, this.bucket), eq(rateLimits.key, limitKey(this.bucket, key))));
  }

  /** Forgets one key, or every key of this limiter (tests). */
  async reset(key?: string): Promise<void> {
    const where =
      key === undefined ? eq(rateLimits.bucket, this.bucket) : and(eq(rateLimits.bucket, this.bucket), eq(rateLimits.key, limitKey(this.bucket, key)));
    await db().delete(rateLimits).where(where);
  }

  private secondsLeft(windowStart: Date, t: Date): number {
    return Math.max(1, Math.ceil((windowStart.getTime() + this.windowMs - t.getTime()) / 1000));
  }
}

/**
 * Takes one attempt from each limiter, all or none: when one refuses, the attempts already
 * taken from the others are given back, so a refused request leaves no trace.
 */
export async function consumeAll(entries: ReadonlyArray<readonly [RateLimiter, string]>): Promise<Consumed> {
  const taken: Array<readonly [RateLimiter, string]> = [];
  for (const entry of entries) {
    const [limiter, key] = entry;
    const result = await limiter.consume(key);
    if (!result.allowed) {
      await Promise.all([...taken, entry].map(([l, k]) => l.refund(k)));
      return result;
    }
    taken.push(entry);
  }
  return { allowed: true };
}
