import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "ort-dbdown-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** A port on 127.0.0.1 where nothing listens: bound once, then closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

it("names the unreachable database in one line, without its password, and exits non-zero", async () => {
  // server.js loads `${BUILD_DIR}/server/index.js`; this one is the app's source, run by tsx,
  // so the real start (server.js → createServerApp → startServices) runs without a build.
  const build = path.join(temp, "build");
  fs.mkdirSync(path.join(build, "server"), { recursive: true });
  fs.writeFileSync(path.join(build, "server", "index.js"), `export * from ${JSON.stringify(path.join(root, "server", "app.ts"))};\n`);
  const port = await closedPort();
  const child = spawn(process.execPath, ["--import", "tsx", "server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      BUILD_DIR: path.relative(root, build),
      DATA_DIR: path.join(temp, "data"),
      DATABASE_URL: `postgres://staff:s3cret-pa55word@127.0.0.1:${port}/site`,
      SESSION_SECRET: "a-test-session-secret-of-at-least-32-characters",
      PORT: "0",
      LOG_LEVEL: "error",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));

  expect(code).not.toBe(0);
  const lines = output.trim().split("\n").filter((line) => line.trim() !== "");
  expect(lines).toEqual([`Could not reach the PostgreSQL database at 127.0.0.1:${port}/site: ECONNREFUSED. Check DATABASE_URL and that the database server is running.`]);
  expect(output).not.toContain("s3cret-pa55word");
  expect(output).not.toMatch(/\n\s+at /); // no stack trace
}, 60_000);
