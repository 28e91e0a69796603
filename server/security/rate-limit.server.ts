import crypto from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { now } from "../clock.server";
import { batchedWrites } from "../db/batched-writes.server";
import { db, executeRows, preparedStatement, type Database } from "../db/client.server";
import { columnList, insertRecordsSql, rowsOf } from "../db/json-records.server";
import { rateLimits } from "../db/schema.server";
import { secrets } from "../secrets.server";

/**
 * Keys are client addresses and e-mail addresses: the table stores a keyed hash of them only,
 * comparable for counting, useless to a reader of the database.
 */
export function limitKey(bucket: string, key: string): string {
  return crypto.createHmac("sha256", secrets().sessionSecret).update(`${bucket}\u0000${key}`).digest("base64url").slice(0, 32);
}

/** `remaining`: how many more attempts the key's window allows after this one (when known). */
export type Consumed = { allowed: true; remaining?: number } | { allowed: false; retryAfterSeconds: number };

/**
 * The counting upsert, one statement text for one key or many (decision 035): each key's attempts
 * are added to its window, or, once the window started at or before `expiredBefore`, start a new
 * one at `at`. Answers each key's row.
 */
function countStatement(bucket: string, at: Date, expiredBefore: Date, perKey: Map<string, number>): SQL {
  const expired = sql`${rateLimits.windowStart} <= ${expiredBefore.toISOString()}::timestamptz`;
  return insertRecordsSql(
    rateLimits,
    [...perKey].map(([key, count]) => ({ bucket, key, windowStart: at, count })),
    sql`on conflict (${columnList(rateLimits.bucket, rateLimits.key)}) do update set
          ${columnList(rateLimits.windowStart)} = case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end,
          ${columnList(rateLimits.count)} = case when ${expired} then excluded.count else ${rateLimits.count} + excluded.count end
        returning *`,
  );
}

type Attempt = { key: string; at: Date };
type Counted = { count: number; windowStart: Date };

/**
 * Counts attempts of one limiter (`bucket`, `windowMs`) in one statement: the attempts of a key
 * are added together, and each attempt gets the total it would have got alone, in arrival order
 * (the key's new total minus the attempts after it). The window is judged at the earliest
 * attempt's time, which starts a new one: as if they had come one after the other, the first one
 * first (a window ending within the batch's milliseconds still counts them: that can only refuse).
 */
async function countAttempts(database: Database, bucket: string, windowMs: number, attempts: Attempt[]): Promise<Counted[]> {
  const at = new Date(Math.min(...attempts.map((a) => a.at.getTime())));
  const perKey = new Map<string, number>();
  for (const { key } of attempts) perKey.set(key, (perKey.get(key) ?? 0) + 1);
  const statement = countStatement(bucket, at, new Date(at.getTime() - windowMs), perKey);
  const rows = rowsOf(rateLimits, await executeRows<Record<string, unknown>>(database, statement));
  const total = new Map(rows.map((r) => [r.key, r]));
  const after = new Map(perKey);
  return attempts.map(({ key }) => {
    const row = total.get(key);
    if (!row) throw new Error("The rate limit's upsert did not answer a key");
    const later = (after.get(key) ?? 1) - 1;
    after.set(key, later);
    return { count: row.count - later, windowStart: row.windowStart };
  });
}

/** Per database and limiter: the attempts that come while one is being counted are counted together. */
const attemptCounter = (database: Database, bucket: string, windowMs: number) =>
  preparedStatement(database, `rate-limit.count:${bucket}:${windowMs}`, (d) =>
    batchedWrites((attempts: Attempt[]) => countAttempts(d, bucket, windowMs, attempts)),
  );

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
    // Attempts that arrive together (a burst of posts) are counted in one statement.
    const row = await attemptCounter(db(), this.bucket, this.windowMs)({ key: limitKey(this.bucket, key), at: t });
    if (row.count <= this.limit) return { allowed: true, remaining: this.limit - row.count };
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
