/**
 * The database's time limits on PostgreSQL, and how their errors are recognised. PGlite has
 * none: its one connection lives in this process and runs one statement at a time, so no other
 * connection can hold a lock a statement waits for (transactions queue in the process, in order),
 * and a statement in progress cannot be interrupted (WebAssembly has no timer signal).
 */

/**
 * On PostgreSQL, how long a statement waits for a lock (a booking for its event's row lock,
 * held by another booking of the event or a stuck transaction) before it fails with 55P03: a
 * visitor then reads "try again" in a few seconds instead of a page that never loads
 * (`isDatabaseBusy`). Decisions under the lock take milliseconds; a batch of 50 bookings ~50 ms.
 */
export const LOCK_TIMEOUT_MS = 3_000;
/** On PostgreSQL, how long any statement may run before it is cancelled (57014). Work that needs longer sets its own (`set local statement_timeout`). */
export const STATEMENT_TIMEOUT_MS = 10_000;

/** How long a visitor is asked to wait before trying again after a busy database (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Whether a database error means "not now" rather than a fault: a lock not had within
 * LOCK_TIMEOUT_MS (55P03), a statement cancelled by STATEMENT_TIMEOUT_MS (57014), a deadlock
 * (40P01) or a serialization failure (40001). Such an operation changed nothing (its transaction
 * was rolled back) and can be tried again. Drizzle wraps the driver's error as `cause`.
 */
export function isDatabaseBusy(thrown: unknown): boolean {
  let error = thrown;
  for (let depth = 0; depth < 5 && error instanceof Error; depth++) {
    const code = (error as { code?: unknown }).code;
    if (code === "55P03" || code === "57014" || code === "40P01" || code === "40001") return true;
    error = error.cause;
  }
  return false;
}
