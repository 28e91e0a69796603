/**
 * Starting the production build as a child process (`node server.js`), on the embedded database
 * or on a fresh PostgreSQL database, and the small HTTP helpers the measures share.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import postgres from "postgres";
import { freePort, spawnSite } from "../../scripts/site-process";

export const buildDir = process.env.BUILD_DIR ?? "build";

/** Cleanups run at the end and on Ctrl-C, so no server or database is left behind. */
const cleanups: (() => Promise<void> | void)[] = [];
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}
export async function cleanupAll(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error("cleanup failed:", (error as Error).message);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

const SOURCES = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds into BUILD_DIR when the build is missing or older than the sources (as `npm start`). */
export function ensureBuild(): void {
  const entry = path.join(buildDir, "server", "index.js");
  const builtAt = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
  if (builtAt >= Math.max(...SOURCES.map(newestMtime))) return;
  console.log(builtAt ? `Sources changed since the build in ${buildDir}/: building...` : `No build in ${buildDir}/: building...`);
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export { freePort };

export type SiteServer = {
  url: string;
  pid: number;
  /** Seconds from spawn to /readyz answering 200. */
  startSeconds: number;
  stop: () => Promise<void>;
  /** Resident memory of the server process in MB (Linux), or null. */
  rssMB: () => number | null;
  /** CPU seconds (user + system) the server process has used so far (Linux), or null. */
  cpuSeconds: () => number | null;
};

export const SESSION_SECRET = "bench-session-secret-0123456789abcdef-0123456789";

/**
 * Starts `node server.js` on a free port. Without `databaseUrl` on a fresh embedded database in
 * its own DATA_DIR (or `dataDir` when given, kept afterwards for a restart).
 */
export async function startSite(options: { databaseUrl?: string; dataDir?: string; env?: Record<string, string> } = {}): Promise<SiteServer> {
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "ort-bench-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const site = spawnSite({
    port,
    dataDir,
    env: {
      BUILD_DIR: buildDir,
      DATABASE_URL: options.databaseUrl ?? "",
      SESSION_SECRET: options.databaseUrl ? SESSION_SECRET : "",
      SITE_MODE: "demo",
      ...options.env,
    },
  });
  const child = site.process;
  const stderr = site.stderr;
  const exited = site.exited;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 25_000);
      await exited;
      clearTimeout(killer);
    }
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  onCleanup(stop);
  let last = "no answer";
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr()}`);
    const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
      async (r) => {
        last = `${r.status} ${await r.text()}`;
        return r.status;
      },
      (error: Error) => {
        last = error.message;
        return 0;
      },
    );
    if (status === 200) break;
    if (performance.now() - started > 180_000) {
      await stop();
      throw new Error(`server not ready after 180 s (last /readyz: ${last}):\n${stderr()}`);
    }
    await sleep(100);
  }
  const startSeconds = (performance.now() - started) / 1000;
  return {
    url,
    pid: child.pid!,
    startSeconds,
    stop,
    rssMB: () => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return Number.isFinite(kb) ? kb / 1024 : null;
      } catch {
        return null;
      }
    },
    cpuSeconds: () => {
      try {
        // Fields 14 and 15 of /proc/PID/stat (after the parenthesised name): utime, stime in ticks.
        const fields = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Waits until the server has finished what it does after starting (the jobs that run at start:
 * retention, reminders and their e-mails for the demo content): under 3 % of a core over a whole
 * second, or `maxMs`. Returns the milliseconds waited; without /proc it returns at once.
 */
export async function atRest(site: SiteServer, maxMs = 30_000): Promise<number> {
  const started = performance.now();
  let before = site.cpuSeconds();
  if (before === null) return 0;
  while (performance.now() - started < maxMs) {
    await sleep(1000);
    const after = site.cpuSeconds();
    if (after === null) break;
    if (after - before < 0.03) break;
    before = after;
  }
  return performance.now() - started;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a fresh database per use, dropped at the end
// ---------------------------------------------------------------------------------------------

export const pgServerUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** null when reachable, otherwise why not. */
export async function pgUnreachable(): Promise<string | null> {
  const admin = postgres(withDatabase(pgServerUrl, "postgres"), { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
    return null;
  } catch (error) {
    return `PostgreSQL not reachable at ${new URL(pgServerUrl).host}: ${(error as Error).message} (set BENCH_DATABASE_URL)`;
  } finally {
    await admin.end({ timeout: 1 }).catch(() => {});
  }
}

let databaseCount = 0;
/** Creates an empty database; returns its URL. Dropped by cleanupAll(). */
export async function createDatabase(purpose: string): Promise<string> {
  const name = `ort_bench_${purpose}_${process.pid}_${Date.now().toString(36)}_${databaseCount++}`;
  const admin = postgres(withDatabase(pgServerUrl, "postgres"), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const drop = postgres(withDatabase(pgServerUrl, "postgres"), { max: 1, onnotice: () => {} });
    try {
      await drop.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await drop.end();
    }
  });
  return withDatabase(pgServerUrl, name);
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

/** What a browser sends: compression is negotiated as for a real visitor. */
export const BROWSER_HEADERS = {
  "accept-encoding": "gzip, deflate, br",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "nl-NL,nl;q=0.9,en;q=0.8",
  "user-agent": "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 ort-bench",
};

export type HttpAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Bytes on the wire (after content-encoding). */
  wireBytes: number;
  /** Decoded body. */
  body: Buffer;
  /** Milliseconds from sending to the last byte. */
  ms: number;
};

export const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One request with node:http (no client-side decoding in the timing). */
export function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent } = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent: options.agent ?? keepAliveAgent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const ms = performance.now() - t0;
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: raw.byteLength, body: decode(raw, res.headers["content-encoding"]), ms });
      });
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

export function decode(raw: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case "br":
      return zlib.brotliDecompressSync(raw);
    case "gzip":
      return zlib.gunzipSync(raw);
    case "deflate":
      return zlib.inflateSync(raw);
    default:
      return raw;
  }
}

export const gzip9 = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).byteLength;

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank.
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
