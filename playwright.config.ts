import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests run against the production build, each server on its own port with a fresh
 * embedded database. "main" runs on today's clock; "past" has APP_NOW before the Sail-Out
 * opening (2025-08-01T12:00:00Z) for the time rules; "sailout" has it inside the Sail-Out
 * registration window (2025-08-15T10:00:00Z). The main process picks ports and data
 * directories once; workers inherit them through the environment.
 */
function once(name: string, make: () => string): string {
  process.env[name] ??= make();
  return process.env[name]!;
}
const portBase = Number(once("E2E_PORT_BASE", freePortBase));
const mainDataDir = once("E2E_DATA_DIR", () => fs.mkdtempSync(path.join(os.tmpdir(), "ort-e2e-main-")));
const pastDataDir = once("E2E_PAST_DATA_DIR", () => fs.mkdtempSync(path.join(os.tmpdir(), "ort-e2e-past-")));
const mainUrl = once("E2E_BASE_URL", () => `http://127.0.0.1:${portBase}`);
const pastUrl = once("E2E_PAST_URL", () => `http://127.0.0.1:${portBase + 1}`);
const sailOutDataDir = once("E2E_SAILOUT_DATA_DIR", () => fs.mkdtempSync(path.join(os.tmpdir(), "ort-e2e-sailout-")));
const sailOutUrl = once("E2E_SAILOUT_URL", () => `http://127.0.0.1:${portBase + 2}`);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Three consecutive ports nothing listens on, below Linux's ephemeral range (32768–60999): a
 * port in that range can be held by any outgoing connection on the machine, and a server that
 * cannot listen fails the whole run. Playwright reads this file synchronously, so the probe runs
 * as a short child process.
 */
function freePortBase(): string {
  const probe = `
    const net = require("node:net");
    const free = (port) => new Promise((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    (async () => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const base = 20000 + Math.floor(Math.random() * 4000) * 3;
        if ((await free(base)) && (await free(base + 1)) && (await free(base + 2))) {
          process.stdout.write(String(base));
          return;
        }
      }
      process.exit(1);
    })();`;
  return execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }).trim();
}

const serverEnv = (port: number, dataDir: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  TEAM_EMAIL: "team@oceanracing.test",
  LOG_LEVEL: "warn",
  DATABASE_URL: "",
  SMTP_URL: "",
  STRIPE_SECRET_KEY: "",
  ADMIN_EMAIL: "admin@oceanracing.test",
  ADMIN_PASSWORD: "admin-password-e2e",
  ...extra,
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // A `test.only` left in a commit would silently skip the rest of the suite in CI (vitest
  // refuses `.only` under CI by default too).
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  // Two cores run two browsers and three servers: a long flow (unlock, reload, new session) can
  // take 25–30 s when the machine is busy.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  // One folder per build so parallel runs do not wipe each other's traces.
  outputDir: `test-results/${process.env.BUILD_DIR ?? "build"}`,
  use: {
    baseURL: mainUrl,
    browserName: "chromium",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: [
    {
      command: "node server.js",
      url: `${mainUrl}/healthz`,
      env: serverEnv(portBase, mainDataDir),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node server.js",
      url: `${pastUrl}/healthz`,
      env: serverEnv(portBase + 1, pastDataDir, { APP_NOW: "2025-08-01T12:00:00Z" }),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node server.js",
      url: `${sailOutUrl}/healthz`,
      env: serverEnv(portBase + 2, sailOutDataDir, { APP_NOW: "2025-08-15T10:00:00Z" }),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
