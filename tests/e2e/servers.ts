import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { expect } from "@playwright/test";
import postgres from "postgres";

/**
 * Specs that need a server of their own (another database, two instances, a stop under load)
 * start the production build's `server.js` through these helpers instead of the shared servers
 * of playwright.config.ts.
 */

export type SiteServer = {
  name: string;
  port: number;
  base: string;
  dataDir: string;
  process: ChildProcess;
  exited: Promise<number | null>;
  /** Everything the process wrote to stderr so far (its warnings and errors). */
  stderr: () => string;
};

/** A port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node server.js` in production mode on `port` with `dataDir`: embedded database, test
 * checkout, outbox mail, no admin, today's clock, unless `env` says otherwise.
 */
export function startSiteServer(options: { name?: string; port: number; dataDir: string; env?: Record<string, string> }): SiteServer {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      SMTP_URL: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      APP_NOW: "",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    name: options.name ?? `:${options.port}`,
    port: options.port,
    base: `http://127.0.0.1:${options.port}`,
    dataDir: options.dataDir,
    process: child,
    exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))),
    stderr: () => stderr,
  };
}

/** Waits until the server answers /readyz with 200; fails at once (with its stderr) if it exited. */
export async function waitReady(server: SiteServer, timeout = 60_000): Promise<void> {
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
 * cannot be reached, `unreachable` with the reason (the spec skips with it).
 */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | { unreachable: string }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(TEST_SERVER_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end();
    return { unreachable: `PostgreSQL not reachable at ${new URL(TEST_SERVER_URL).host}: ${(error as Error).message}` };
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
