import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests run against the production build. No server starts with the run: each shared
 * server (main on today's clock, "past" and "sailout" on fixed clocks; tests/e2e/servers.ts) is
 * started by the first test that needs it, through the fixtures of tests/e2e/fixtures.ts, and
 * stopped by tests/e2e/global-teardown.ts. The main process picks the ports and the run's folder
 * once; workers inherit them through the environment.
 */
function once(name: string, make: () => string): string {
  process.env[name] ??= make();
  return process.env[name]!;
}
once("E2E_PORT_BASE", freePortBase);
once("E2E_RUN_DIR", () => fs.mkdtempSync(path.join(os.tmpdir(), "ort-e2e-run-")));
/** Reports kept after the run (gitignored): HTML, JUnit and the shared servers' logs. */
const reportDir = once("E2E_REPORT_DIR", () => path.resolve("test-results/report"));
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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // A `test.only` left in a commit would silently skip the rest of the suite in CI (vitest
  // refuses `.only` under CI by default too).
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  // Two cores run two browsers and the servers: a long flow (unlock, reload, new session) can
  // take 25–30 s when the machine is busy.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  reporter: [
    ["list"],
    ["html", { outputFolder: path.join(reportDir, "browser"), open: "never" }],
    ["junit", { outputFile: path.join(reportDir, "browser.xml") }],
  ],
  // One folder per build so parallel runs do not wipe each other's traces.
  outputDir: `test-results/${process.env.BUILD_DIR ?? "build"}`,
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
