import { expect } from "@playwright/test";
import postgres from "postgres";
import { freePort, spawnSite, type SiteProcess } from "../../scripts/site-process";

/**
 * Specs that need a server of their own (another database, two instances, a stop under load)
 * start the production build's `server.js` through these helpers instead of the shared servers
 * of playwright.config.ts.
 */

export type SiteServer = SiteProcess & { name: string };

export { freePort };

/**
 * Starts `node server.js` (scripts/site-process.ts: production mode, embedded database, test
 * checkout, outbox mail, no admin, today's clock, unless `env` says otherwise).
 */
export function startSiteServer(options: { name?: string; port: number; dataDir: string; env?: Record<string, string> }): SiteServer {
  return { ...spawnSite(options), name: options.name ?? `:${options.port}` };
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
