import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "ort-loglines-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

// server.js loads `${BUILD_DIR}/server/index.js`; this one is a stand-in app (no database, so the
// test is quick) with the app's real logger, run by tsx: what is tested is server.js's own lines.
const build = path.join(temp, "build");
fs.mkdirSync(path.join(build, "server"), { recursive: true });
fs.writeFileSync(
  path.join(build, "server", "index.js"),
  `import express from ${JSON.stringify(path.join(root, "node_modules", "express", "index.js"))};
   export { log } from ${JSON.stringify(path.join(root, "server", "log.server.ts"))};
   export async function createServerApp() {
     const app = express();
     app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
     app.locals.stop = async () => {};
     return app;
   }\n`,
);

it("writes only JSON lines from a started server, its ready and stopping lines too, whatever LOG_LEVEL hides", async () => {
  const child = spawn(process.execPath, ["--import", "tsx", "server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      BUILD_DIR: path.relative(root, build),
      DATA_DIR: path.join(temp, "data"),
      PORT: "0",
      NODE_ENV: "test",
      SESSION_SECRET: "a-test-session-secret-of-at-least-32-characters",
      // As the browser tests run it: info lines hidden, the process's own lines still written
      // (tests/e2e/admin-content.spec.ts waits for "Site ready").
      LOG_LEVEL: "warn",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Site ready on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(answer.status).toBe(200);
  child.kill("SIGTERM");
  expect(await exited).toBe(0);

  const lines = output.split("\n").filter((line) => line.trim() !== "");
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line) as { level: string; msg: string };
    } catch {
      throw new Error(`not a JSON line: ${line}`);
    }
  });
  expect(parsed).toContainEqual(expect.objectContaining({ level: "info", msg: `Site ready on http://localhost:${port}` }));
  expect(parsed).toContainEqual(expect.objectContaining({ level: "info", msg: "SIGTERM: finishing requests in flight, then stopping" }));
}, 60_000);
