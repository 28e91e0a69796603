import fs from "node:fs";
import { inject } from "vitest";

let template: Blob | undefined;

/**
 * The migrated database every in-memory test database starts from (written once per run by
 * tests/support/pglite-template.ts), read once per test file; undefined on PostgreSQL.
 */
export function pgliteTemplate(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  template ??= new Blob([new Uint8Array(fs.readFileSync(file))]);
  return template;
}
