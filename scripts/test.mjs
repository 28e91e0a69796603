// `npm test`: every check, in the order that fails fastest. Stops at the first failure.
import { spawnSync } from "node:child_process";

const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const buildDir = process.env.BUILD_DIR ?? "build";

/**
 * Integration tests that check HTTP glue, page shapes or plain form handling: the SQL they run is
 * the same PostgreSQL in PGlite, and no lock, pool, driver type or second connection is involved,
 * so they run on PGlite only here (`npm run test:pg` still runs every file on the server). Every
 * test of money, capacity, concurrency, jobs, locks, storage or counting runs on both.
 */
const PGLITE_ONLY = [
  "access-pages",
  "admin-articles",
  "admin-event-policy",
  "admin-guard",
  "admin-registration-http",
  "content-language",
  "http-hardening",
  "manage-booking-http",
  "page-caching",
  "practical-info",
  "static-compression",
  "upload-refusals",
];

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["unit + integration (PGlite)", "npx", ["vitest", "run"], { DATABASE_URL: "" }],
  [
    "integration (PostgreSQL)",
    "npx",
    ["vitest", "run", "--project", "db", ...PGLITE_ONLY.flatMap((name) => ["--exclude", `tests/integration/${name}.test.ts`])],
    { DATABASE_URL: pgUrl },
  ],
  ["build", "npx", ["react-router", "build"], { BUILD_DIR: buildDir }],
  ["browser (Chromium)", "npx", ["playwright", "test"], { BUILD_DIR: buildDir }],
];

const only = process.argv.slice(2);
for (const [name, command, args, extraEnv = {}] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  console.log(`=== ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
