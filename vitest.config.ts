import os from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Two projects: "unit" (pure code) and "db" (against PGlite, or PostgreSQL with DATABASE_URL).
// `npm test` runs them as separate steps, and the db project a second time on PostgreSQL for the
// files whose first line says `// @engine both` (scripts/test.mjs).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Vitest's default is one worker fewer than the CPUs: one file at a time on CI's 2 cores,
    // where much of a database test's time is waiting on the database and timers. Two files at
    // once (each has its own database): PGlite pass 597 → 462 s, PostgreSQL 252 → 202 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // Vitest's default of 5 s: hashing access codes and unpacking a DOCX took longer at load
          // average 30 on these two cores (a fresh-clone npm test failed on it), with nothing wrong.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          // One migrated embedded database per run, which each test file's database is copied from.
          globalSetup: ["tests/support/pglite-template.ts"],
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
