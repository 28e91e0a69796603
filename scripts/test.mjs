// `npm test`: every check of the project, each step timed, a table of the times at the end (also
// after a failure). What npm cannot install (Chromium from the system's packages) is checked
// before anything runs; a PostgreSQL server is used when one is configured or reachable, else a
// throwaway one is started for the run (scripts/throwaway-postgres.mjs) and removed after.
// Typecheck and lint run side by side, and so do the PostgreSQL pass and the build; the rest in turn.
//
//   npm test                        every step
//   npm test -- unit pg             only these steps (names below; a prefix is enough)
//   npm test -- --skip browser      all but these
//   npm test -- --bail              stop at the first failure
//   npm test -- pg tests/integration/booking-capacity.test.ts
//                                   a path (or part of one) limits the test steps to those files
//
// Environment: TEST_DATABASE_URL (a PostgreSQL server to use; it must answer), TEST_POSTGRES=
// throwaway (start one even when the default server answers), CHROMIUM_PATH, BUILD_DIR, CI.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { startThrowawayPostgres } from "./throwaway-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const buildDir = process.env.BUILD_DIR ?? "build";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/test";
/** Reports (JUnit of every test step, Playwright's HTML report) stay here after the run (gitignored). */
const REPORT_DIR = "test-results/report";
const bin = (name) => path.join(root, "node_modules", ".bin", name);

/**
 * Which integration test files run on PostgreSQL too: each file says so on its first line,
 *   // @engine both: <why the engine matters here>     PGlite and PostgreSQL
 *   // @engine pglite: <why it does not>                 PGlite only
 * "The engine matters" when what the file checks could behave differently on a PostgreSQL
 * server than in the embedded one (one connection in one process): locks, transactions or
 * writes racing each other, a pool or a second connection, migrations, the job queue, money or
 * places counted, SQL written by hand (in the test or in the code it drives), or values going
 * through the server's driver (timestamps, bytea). HTTP glue, page shapes, form checks and
 * configuration are PGlite only. A file without the line fails the run: a new file must choose.
 */
const ENGINE_TAG = /^\/\/ @engine (both|pglite):\s*\S/;
function integrationFiles() {
  const dir = "tests/integration";
  const files = fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)).split(path.sep).join("/"))
    .filter((f) => /\.test\.tsx?$/.test(f))
    .sort();
  const byEngine = { both: [], pglite: [], untagged: [] };
  for (const file of files) {
    const first = fs.readFileSync(file, "utf8").split("\n", 1)[0];
    byEngine[ENGINE_TAG.exec(first)?.[1] ?? "untagged"].push(file);
  }
  return byEngine;
}

// ---- arguments ----------------------------------------------------------------------------------
const STEPS = [
  { id: "typecheck", label: "typecheck" },
  { id: "lint", label: "lint" },
  { id: "unit", label: "unit" },
  { id: "pglite", label: "integration PGlite" },
  { id: "pg", label: "integration PostgreSQL" },
  { id: "build", label: "build" },
  { id: "browser", label: "browser" },
];
const args = process.argv.slice(2);
const bail = args.includes("--bail");
const skipAt = args.indexOf("--skip");
const named = (list) =>
  list.map((name) => {
    const step = STEPS.find((s) => s.id === name) ?? STEPS.find((s) => s.id.startsWith(name) || s.label.startsWith(name));
    if (!step) fail(`unknown step "${name}"; the steps are: ${STEPS.map((s) => s.id).join(", ")}`);
    return step.id;
  });
const isFilter = (a) => a.includes("/") || /\.(ts|tsx)$/.test(a);
const filters = args.filter((a) => !a.startsWith("--") && isFilter(a));
const positional = (skipAt < 0 ? args : args.slice(0, skipAt)).filter((a) => !a.startsWith("--") && !isFilter(a));
const skipped = skipAt < 0 ? [] : named(args.slice(skipAt + 1).filter((a) => !a.startsWith("--")));
const chosen = new Set(positional.length ? named(positional) : STEPS.map((s) => s.id));
for (const id of skipped) chosen.delete(id);
const wants = (id) => chosen.has(id);

function fail(message) {
  console.error(`\nnpm test: ${message}\n`);
  process.exit(1);
}

// ---- checks before anything runs -----------------------------------------------------------------
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) fail(`Node ${process.versions.node} is too old: this project needs Node 20.19 or newer.`);
if (!fs.existsSync(bin("vitest"))) fail("the packages are not installed: run `npm install` first.");
if (wants("browser")) {
  let usable = false;
  try {
    fs.accessSync(chromium, fs.constants.X_OK);
    usable = fs.statSync(chromium).isFile();
  } catch {
    // missing
  }
  if (!usable) {
    fail(
      `the browser tests need Chromium, and there is none at ${chromium}.\n` +
        "  They use the system's Chromium and never download a browser. Install it:\n" +
        "    sudo apt-get install -y chromium          (Debian/Ubuntu; as root without sudo)\n" +
        "  or point CHROMIUM_PATH at a Chromium or Chrome binary. To run everything else:\n" +
        "    npm test -- --skip browser",
    );
  }
}
const { both, pglite, untagged } = integrationFiles();
if (wants("pglite") || wants("pg")) {
  if (untagged.length) {
    fail(
      `these integration test files do not say which database they need:\n${untagged.map((f) => `    ${f}`).join("\n")}\n` +
        "  Start each with `// @engine both: <why>` (also on PostgreSQL: locks, concurrency, money or places,\n" +
        "  migrations, jobs, SQL written by hand) or `// @engine pglite: <why>` (HTTP glue, page shapes);\n" +
        "  see the Tests section of docs/conventions.md.",
    );
  }
}

/** Answers undefined when the server at `url` answers `select 1`, else the reason. */
async function unreachable(url) {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return undefined;
  } catch (error) {
    return error.message || String(error);
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

const hostOf = (url) => {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
};

/**
 * The PostgreSQL server of the run: TEST_DATABASE_URL when set (it must answer); else the usual
 * local server when it answers; else a throwaway one (started now, in the background, while the
 * first steps run).
 */
let throwaway;
let postgresNote = "";
let postgresUrl;
if (wants("pg") || wants("browser")) {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) {
    const reason = await unreachable(configured);
    if (reason) fail(`TEST_DATABASE_URL (${hostOf(configured)}) does not answer: ${reason}\n  Unset it to let npm test start a throwaway PostgreSQL server.`);
    postgresUrl = Promise.resolve(configured);
    postgresNote = `PostgreSQL: TEST_DATABASE_URL (${hostOf(configured)})`;
  } else {
    const reason = process.env.TEST_POSTGRES === "throwaway" ? "TEST_POSTGRES=throwaway" : await unreachable(DEFAULT_PG);
    if (!reason) {
      postgresUrl = Promise.resolve(DEFAULT_PG);
      postgresNote = `PostgreSQL: the server at ${hostOf(DEFAULT_PG)}`;
    } else {
      console.log(`PostgreSQL at ${hostOf(DEFAULT_PG)}: ${reason.split("\n")[0]}; starting a throwaway server for this run.`);
      postgresUrl = startThrowawayPostgres().then(
        (server) => {
          throwaway = server;
          postgresNote = `PostgreSQL: throwaway ${server.version.replace(/^postgres \(PostgreSQL\) /, "")} at ${hostOf(server.url)}${server.user ? ` (as ${server.user})` : ""}, removed after the run`;
          return server.url;
        },
        (error) => {
          postgresNote = `PostgreSQL: the throwaway server did not start: ${error.message}`;
          return undefined;
        },
      );
    }
  }
}

// ---- running steps -------------------------------------------------------------------------------
const running = new Set();
let interrupted;

/** Runs a command; with `quiet`, its output is kept and printed when it ends (steps run side by side). */
function exec(command, commandArgs, env, quiet) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { env: { ...process.env, ...env }, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    if (quiet) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    running.add(child);
    child.on("error", (error) => {
      output += `${error.message}\n`;
    });
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve({ ok: code === 0, code: code ?? (signal ? 128 : 1), output });
    });
  });
}

const vitestReports = (name) => ["--reporter=default", "--reporter=junit", `--outputFile.junit=${REPORT_DIR}/${name}.xml`];
/** The files a vitest step runs: all of its project's, or those matching the paths given. */
const only = (files) => (filters.length ? files.filter((f) => filters.some((filter) => f.includes(filter))) : files);

/** What each step runs: [command, args, env], or a reason not to run it. */
async function commandOf(id) {
  switch (id) {
    case "typecheck":
      return [bin("react-router"), ["typegen"], {}, [bin("tsc"), []]];
    case "lint":
      return [bin("eslint"), [".", "--max-warnings=0"], {}];
    case "unit":
      return [bin("vitest"), ["run", "--project", "unit", ...vitestReports("unit"), ...filters], { DATABASE_URL: "" }];
    case "pglite":
      return [bin("vitest"), ["run", "--project", "db", ...vitestReports("integration-pglite"), ...filters], { DATABASE_URL: "" }];
    case "pg": {
      const url = await postgresUrl;
      if (!url) return { notRun: postgresNote };
      const files = only(both);
      console.log(`${postgresNote}; ${files.length} of ${both.length + pglite.length} integration files (// @engine both)`);
      if (!files.length) return { notRun: "no file tagged // @engine both matches the paths given" };
      return [bin("vitest"), ["run", "--project", "db", ...vitestReports("integration-postgresql"), ...files], { DATABASE_URL: url }];
    }
    case "build":
      return [bin("react-router"), ["build"], { BUILD_DIR: buildDir }];
    case "browser": {
      const url = await postgresUrl;
      if (!url) return { notRun: postgresNote };
      if (!fs.existsSync(path.join(buildDir, "server"))) return { notRun: `no build in ${buildDir}/: run the build step first` };
      e2eRunDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-e2e-run-"));
      return [bin("playwright"), ["test", ...filters], { BUILD_DIR: buildDir, TEST_DATABASE_URL: url, E2E_RUN_DIR: e2eRunDir }];
    }
  }
  throw new Error(id);
}

const results = new Map();
async function runStep(id, quiet = false) {
  const { label } = STEPS.find((s) => s.id === id);
  if (interrupted) {
    results.set(id, { status: "not run", seconds: 0 });
    return false;
  }
  if (!quiet) console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const spec = await commandOf(id);
  let outcome;
  if (spec.notRun) {
    console.error(`${label}: ${spec.notRun}`);
    outcome = { ok: false, output: "" };
  } else {
    // A step may be two commands in a row (typegen, then tsc): [command, args, env, next].
    const [command, commandArgs, env, next] = spec;
    outcome = await exec(command, commandArgs, env, quiet);
    if (outcome.ok && next) {
      const then = await exec(next[0], next[1], env, quiet);
      outcome = { ...then, output: outcome.output + then.output };
    }
  }
  const seconds = (Date.now() - started) / 1000;
  if (quiet) {
    console.log(`\n=== ${label} ===`);
    process.stdout.write(outcome.output);
  }
  const status = interrupted ? "interrupted" : outcome.ok ? "ok" : "FAILED";
  console.log(`=== ${label}: ${status} in ${formatSeconds(seconds)} ===`);
  results.set(id, { status, seconds });
  return outcome.ok;
}

function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`;
}

const load = () => os.loadavg()[0].toFixed(2);
const loadAtStart = load();
const runStarted = Date.now();

/** Test cases of this run's reports (JUnit): passed, failed and skipped, over every test step. */
function testCounts() {
  const reports = { unit: "unit.xml", pglite: "integration-pglite.xml", pg: "integration-postgresql.xml", browser: "browser.xml" };
  const total = { passed: 0, failed: 0, skipped: 0 };
  let any = false;
  for (const [id, file] of Object.entries(reports)) {
    const report = path.join(REPORT_DIR, file);
    if (!results.has(id) || !fs.existsSync(report) || fs.statSync(report).mtimeMs < runStarted) continue;
    any = true;
    for (const testcase of fs.readFileSync(report, "utf8").match(/<testcase\b[\s\S]*?(?:\/>|<\/testcase>)/g) ?? []) {
      if (/<(failure|error)\b/.test(testcase)) total.failed++;
      else if (/<skipped\b/.test(testcase)) total.skipped++;
      else total.passed++;
    }
  }
  return any ? total : undefined;
}

function summary() {
  const rows = STEPS.map(({ id, label }) => {
    const r = results.get(id);
    if (!r) return [label, chosen.has(id) ? "not run" : skipped.includes(id) ? "skipped (asked)" : "not asked", ""];
    return [label, r.status, r.status === "not run" ? "" : formatSeconds(r.seconds)];
  });
  const width = Math.max(...rows.map((r) => r[0].length)) + 2;
  console.log(`\n=== npm test: step times ===`);
  for (const [label, status, time] of rows) console.log(`${label.padEnd(width)}${status.padEnd(17)}${time.padStart(10)}`);
  console.log(`${"total".padEnd(width)}${"".padEnd(17)}${formatSeconds((Date.now() - runStarted) / 1000).padStart(10)}`);
  console.log(`${os.availableParallelism()} CPUs; load average ${loadAtStart} at the start, ${load()} at the end`);
  if (postgresNote) console.log(postgresNote);
  const counted = testCounts();
  if (counted) console.log(`tests: ${counted.passed} passed, ${counted.failed} failed, ${counted.skipped} skipped`);
  if (wants("browser") && results.has("browser")) console.log(`browser report: ${REPORT_DIR}/browser/index.html (HTML), ${REPORT_DIR}/browser.xml (JUnit)`);
  if ([...results.keys()].some((id) => ["unit", "pglite", "pg"].includes(id))) console.log(`test reports (JUnit): ${REPORT_DIR}/`);
}

/**
 * The browser run's folder (tests/e2e/servers.ts keeps the shared servers' pids there). Its
 * teardown stops them; after an interrupted run this does, so no server outlives `npm test`.
 */
let e2eRunDir;
function stopLeftOverServers() {
  if (!e2eRunDir || !fs.existsSync(e2eRunDir)) return;
  for (const file of fs.readdirSync(e2eRunDir).filter((f) => /^server-.*\.json$/.test(f))) {
    try {
      process.kill(JSON.parse(fs.readFileSync(path.join(e2eRunDir, file), "utf8")).pid, "SIGKILL");
    } catch {
      // already stopped
    }
  }
  fs.rmSync(e2eRunDir, { recursive: true, force: true });
}

let cleanedUp = false;
async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  stopLeftOverServers();
  await postgresUrl?.catch(() => undefined);
  await throwaway?.stop().catch((error) => console.error(`could not stop the throwaway PostgreSQL: ${error.message}`));
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = signal;
    console.error(`\n${signal}: stopping the running step, then cleaning up...`);
    for (const child of running) child.kill(signal);
  });
}
// The last resort (an exception): no server left behind, no folder.
process.on("exit", () => {
  stopLeftOverServers();
  throwaway?.stopNow();
});

// ---- the run -------------------------------------------------------------------------------------
console.log(`npm test: ${[...chosen].join(", ")}${skipped.length ? ` (skipping ${skipped.join(", ")})` : ""}; ${os.availableParallelism()} CPUs, load average ${loadAtStart}`);
let failed = false;
try {
  // Type checking and lint each keep one core busy: side by side.
  const first = ["typecheck", "lint"].filter(wants);
  const oks = await Promise.all(first.map((id) => runStep(id, first.length > 1)));
  failed = oks.includes(false);
  for (const id of ["unit", "pglite", "pg", "build", "browser"]) {
    if (!wants(id) || (failed && bail)) continue;
    if (id === "browser" && results.get("build")?.status === "FAILED") {
      results.set("browser", { status: "not run", seconds: 0 });
      console.log("\n=== browser: not run, the build failed ===");
      continue;
    }
    if (id === "build" && results.has("build")) continue;
    // The PostgreSQL pass waits on its server much of the time: the build (needed only by the
    // browser step) goes beside it, its output printed when it ends.
    const beside = id === "pg" && wants("build") && !(failed && bail) ? [runStep("build", true)] : [];
    const oks = await Promise.all([runStep(id), ...beside]);
    if (oks.includes(false)) failed = true;
  }
} finally {
  await cleanUp();
  summary();
}
process.exit(interrupted ? 130 : failed ? 1 : 0);
