/** Ids in URLs are UUIDs; anything else is an unknown id, never a database error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * PostgreSQL's unique_violation (23505), from either driver: postgres.js throws it directly,
 * Drizzle wraps it (DrizzleQueryError.cause), PGlite reports the same code.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && (current as { code: unknown }).code === "23505") return true;
    current = typeof current === "object" && "cause" in current ? (current as { cause: unknown }).cause : undefined;
  }
  return false;
}
