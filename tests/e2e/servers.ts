import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { freePort, spawnSite, type SiteProcess } from "../../scripts/site-process";

/**
 * The servers of a browser run. Three shared ones, each started by the first test that needs
 * it (whichever worker runs it) and stopped by tests/e2e/global-teardown.ts:
 *   main     today's clock: `baseURL`, `page`, `request` (every spec using them starts it);
 *   past     APP_NOW 2025-08-01T12:00:00Z, before the Sail-Out opening: the `pastUrl` fixture;
 *   sailout  APP_NOW 2025-08-15T10:00:00Z, inside the Sail-Out registration window: `sailOutUrl`.
 * Specs that need a server of their own (another database, two instances, a stop under load)
 * start the production build's `server.js` through `startSiteServer` below.
 */

export type SharedServerName = "main" | "past" | "sailout";
export type SharedServer = { name: SharedServerName; url: string; dataDir: string; pid: number; log: string };

/** The admin the shared servers create on start (tests/e2e/admin-login.ts signs in with it). */
export const SHARED_ADMIN = { email: "admin@oceanracing.test", password: "admin-password-e2e" };

const SHARED: Record<SharedServerName, { offset: number; env: Record<string, string> }> = {
  // Behind "loopback" the main server takes X-Forwarded-For from the tests, so a spec that counts
  // per-address limits can give itself an address of its own (without the header: 127.0.0.1).
  main: { offset: 0, env: { TRUST_PROXY: "loopback" } },
  past: { offset: 1, env: { APP_NOW: "2025-08-01T12:00:00Z" } },
  sailout: { offset: 2, env: { APP_NOW: "2025-08-15T10:00:00Z" } },
};

/** This run's folder (playwright.config.ts makes it): the shared servers' records and locks. */
export function runDir(): string {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error("E2E_RUN_DIR is not set: run the browser tests through playwright.config.ts");
  return dir;
}

const recordFile = (name: SharedServerName) => path.join(runDir(), `server-${name}.json`);

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** The shared servers started so far in this run (read by the teardown and `mainDataDir`). */
export function startedSharedServers(): SharedServer[] {
  return (Object.keys(SHARED) as SharedServerName[]).flatMap((name) => readJson<SharedServer>(recordFile(name)) ?? []);
}

export function sharedServerRecord(name: SharedServerName): SharedServer | undefined {
  return readJson<SharedServer>(recordFile(name));
}

/**
 * Runs `work` while holding a lock shared by every worker of the run (a directory: `mkdir` is
 * atomic; the holder's pid inside). A lock whose holder has died (a worker stopped mid-test) is
 * taken over; a live holder is waited for however long it takes (a server's start on a busy
 * machine can take minutes).
 */
export async function withFileLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  const owner = path.join(lock, "pid");
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(owner, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        const holder = Number(fs.readFileSync(owner, "utf8"));
        // No pid yet: the holder is between mkdir and write, unless that was long ago.
        const orphaned = holder ? !alive(holder) : Date.now() - fs.statSync(lock).mtimeMs > 10_000;
        if (orphaned) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The last lines of a server's log (its warnings and errors), for a failure message. */
function tail(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").slice(-4_000);
  } catch {
    return "";
  }
}

/**
 * The shared server `name`, started now if no test of the run has needed it yet. Its stdout and
 * stderr go to test-results/report/servers/<name>.log (kept after the run).
 */
export async function sharedServer(name: SharedServerName): Promise<SharedServer> {
  const record = recordFile(name);
  return withFileLock(record, async () => {
    const known = readJson<SharedServer>(record);
    if (known && alive(known.pid)) {
      await ready(known);
      return known;
    }
    // A start that fails for want of CPU (the embedded database's creation has a time limit of
    // its own) is tried again, up to three times, before the tests that need it fail.
    for (let attempt = 1; ; attempt++) {
      const server = start(name);
      fs.writeFileSync(record, JSON.stringify(server));
      try {
        await ready(server);
        return server;
      } catch (error) {
        if (alive(server.pid) || attempt === 3) throw error;
        fs.rmSync(server.dataDir, { recursive: true, force: true });
        fs.appendFileSync(server.log, `\n--- e2e: start ${attempt} failed; starting again ---\n`);
      }
    }
  });
}

/** Spawns the shared server `name` (its log: test-results/report/servers/<name>.log). */
function start(name: SharedServerName): SharedServer {
  const port = Number(process.env.E2E_PORT_BASE) + SHARED[name].offset;
  // A fresh data directory each start: one a crashed server held may still be locked.
  const dataDir = fs.mkdtempSync(path.join(runDir(), `${name}-data-`));
  const logDir = path.resolve(process.env.E2E_REPORT_DIR ?? "test-results/report", "servers");
  fs.mkdirSync(logDir, { recursive: true });
  const log = path.join(logDir, `${name}.log`);
  const out = fs.openSync(log, "a");
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      TEAM_EMAIL: "team@oceanracing.test",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      ADMIN_EMAIL: SHARED_ADMIN.email,
      ADMIN_PASSWORD: SHARED_ADMIN.password,
      APP_NOW: "",
      ...SHARED[name].env,
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  // The worker may end before the run does (a new one starts after a failure): the server
  // outlives it and is stopped by the teardown.
  child.unref();
  return { name, url, dataDir, pid: child.pid!, log };
}

/** Waits until the server answers /readyz with 200; fails at once (with its log) if it exited. */
async function ready(server: SharedServer): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!alive(server.pid)) throw new Error(`the ${server.name} server exited:\n${tail(server.log)}`);
        return (await fetch(`${server.url}/readyz`).catch(() => undefined))?.status;
      },
      // Seconds when the machine is quiet; minutes seen when it is not.
      { timeout: 270_000, intervals: [100, 200, 250], message: `the ${server.name} server at ${server.url} is ready` },
    )
    .toBe(200);
}

/** Stops every shared server of the run (SIGTERM, then SIGKILL after 20 s) and removes its data. */
export async function stopSharedServers(): Promise<void> {
  await Promise.all(
    startedSharedServers().map(async (server) => {
      if (alive(server.pid)) {
        process.kill(server.pid, "SIGTERM");
        const deadline = Date.now() + 20_000;
        while (alive(server.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        if (alive(server.pid)) process.kill(server.pid, "SIGKILL");
      }
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }),
  );
}

/**
 * A spec that needs PostgreSQL and cannot reach it: under CI (CI=true) the run fails, since a
 * check that silently does not run is no check; elsewhere the spec is skipped with the reason.
 * `npm test` always has a server (scripts/test.mjs starts a throwaway one when none answers).
 */
export function postgresMissing(reason: string): void {
  if (process.env.CI === "true" || process.env.CI === "1") throw new Error(`${reason} (under CI a missing service fails the run)`);
  test.skip(true, reason);
}

export type SiteServer = SiteProcess & { name: string };

export { freePort };

/**
 * Starts `node server.js` (scripts/site-process.ts: production mode, embedded database, test
 * checkout, outbox mail, no admin, today's clock, unless `env` says otherwise).
 */
export function startSiteServer(options: { name?: string; port: number; dataDir: string; env?: Record<string, string> }): SiteServer {
  return { ...spawnSite(options), name: options.name ?? `:${options.port}` };
}

/**
 * Waits until the server answers /readyz with 200; fails at once (with its stderr) if it exited.
 * Seconds on a quiet machine; over a minute was seen on a loaded one (load average 25).
 */
export async function waitReady(server: SiteServer, timeout = 180_000): Promise<void> {
  await expect
    .poll(
      async () => {
        if (server.process.exitCode !== null) throw new Error(`server ${server.name} exited with ${server.process.exitCode}:\n${server.stderr()}`);
        return (await fetch(`${server.base}/readyz`).catch(() => undefined))?.status;
      },
      { timeout, intervals: [100, 200, 250] },
    )
    .toBe(200);
}

/** SIGTERM, then the exit code (the server stops gracefully). */
export async function stopSiteServer(server: SiteServer): Promise<number | null> {
  if (server.process.exitCode !== null) return server.process.exitCode;
  server.process.kill("SIGTERM");
  return server.exited;
}

/** A registration form's fields as a browser posts them, for participant `n`. */
export function registrationFields(email: string, n: number): Record<string, string> {
  return {
    customerName: `Deelnemer ${n}`,
    customerEmail: email,
    street: "Havenstraat 1",
    city: "Den Haag",
    postalCode: "2583 AB",
    country: "Nederland",
    birthDate: "1990-05-17",
    nextOfKinName: "Familie",
    nextOfKinPhone: "+31 6 12345678",
    termsAccepted: "on",
  };
}

export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A new, empty database on the test PostgreSQL server, dropped by `drop()`; or, when the server
 * cannot be reached, `unreachable` with the reason (the spec skips with it, through
 * `postgresMissing`: under CI that fails instead).
 */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | { unreachable: string }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(TEST_SERVER_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end();
    const reason = `PostgreSQL not reachable at ${new URL(TEST_SERVER_URL).host}: ${(error as Error).message}; set TEST_DATABASE_URL`;
    if (process.env.CI === "true" || process.env.CI === "1") throw new Error(`${reason} (under CI a missing service fails the run)`);
    return { unreachable: reason };
  }
  await admin.end();
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = postgres(TEST_SERVER_URL, { max: 1, onnotice: () => {} });
      try {
        await again.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}
