import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "ort-startfail-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

// server.js loads `${BUILD_DIR}/server/index.js`; this one is the app's source, run by tsx,
// so the real start (server.js → createServerApp → startServices) runs without a build.
const build = path.join(temp, "build");
fs.mkdirSync(path.join(build, "server"), { recursive: true });
fs.writeFileSync(path.join(build, "server", "index.js"), `export * from ${JSON.stringify(path.join(root, "server", "app.ts"))};\n`);

async function listening(): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/** A port on 127.0.0.1 where nothing listens: bound once, then closed again. */
async function closedPort(): Promise<number> {
  const server = await listening();
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs `node server.js` until it exits; its stdout and stderr together. */
async function start(env: Record<string, string>, buildDir = build): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      BUILD_DIR: path.relative(root, buildDir),
      SESSION_SECRET: "a-test-session-secret-of-at-least-32-characters",
      LOG_LEVEL: "error",
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}

const nonEmptyLines = (output: string) => output.trim().split("\n").filter((line) => line.trim() !== "");

it("names the unreachable database in one line, without its password, and exits non-zero", async () => {
  const port = await closedPort();
  const { code, output } = await start({
    DATA_DIR: path.join(temp, "data-dbdown"),
    DATABASE_URL: `postgres://staff:s3cret-pa55word@127.0.0.1:${port}/site`,
    PORT: "0",
  });

  expect(code).not.toBe(0);
  expect(nonEmptyLines(output)).toEqual([`Could not reach the PostgreSQL database at 127.0.0.1:${port}/site: ECONNREFUSED. Check DATABASE_URL and that the database server is running.`]);
  expect(output).not.toContain("s3cret-pa55word");
  expect(output).not.toMatch(/\n\s+at /); // no stack trace
}, 60_000);

it("names a port that is taken in one line and exits non-zero, without a stack trace", async () => {
  // CI once failed its browser run on a TypeError here: Express hands a listen error to the
  // same callback as "listening", and the start treated it as a server that was up.
  // The app here is a stand-in that records its stop: the full app needs a production build,
  // and what is tested is server.js's own handling of the listen error.
  const stubBuild = path.join(temp, "stub-build");
  const stopped = path.join(temp, "stub-stopped");
  fs.mkdirSync(path.join(stubBuild, "server"), { recursive: true });
  fs.writeFileSync(
    path.join(stubBuild, "server", "index.js"),
    `import fs from "node:fs";
     import express from ${JSON.stringify(path.join(root, "node_modules", "express", "index.js"))};
     export async function createServerApp() {
       const app = express();
       app.locals.stop = async () => fs.writeFileSync(${JSON.stringify(stopped)}, "stopped");
       return app;
     }\n`,
  );
  const taken = await listening();
  const { port } = taken.address() as net.AddressInfo;
  try {
    const { code, output } = await start({ PORT: String(port) }, stubBuild);
    expect(code).toBe(1);
    expect(nonEmptyLines(output)).toEqual([`Cannot listen on port ${port}: EADDRINUSE`]);
    expect(output).not.toMatch(/\n\s+at /);
    // The database was open: the start closed it before leaving.
    expect(fs.readFileSync(stopped, "utf8")).toBe("stopped");
  } finally {
    await new Promise<void>((resolve) => taken.close(() => resolve()));
  }
}, 60_000);
