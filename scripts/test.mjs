// `npm test`: every check, in the order that fails fastest. Stops at the first failure.
import { spawnSync } from "node:child_process";

const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const buildDir = process.env.BUILD_DIR ?? "build";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["unit + integration (PGlite)", "npx", ["vitest", "run"], { DATABASE_URL: "" }],
  ["integration (PostgreSQL)", "npx", ["vitest", "run", "--project", "db"], { DATABASE_URL: pgUrl }],
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
