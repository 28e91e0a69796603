import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type * as AppModule from "@server/app";
import type * as ClientModule from "@server/db/client.server";
import type * as SeedModule from "@server/db/seed/index.server";
import type * as EnvModule from "@server/env.server";
import { pgliteTemplate } from "./pglite-template-file";

/**
 * The real Express app (middleware, request checks, React Router with every route) in this
 * process, on a fresh database, listening on a free port of 127.0.0.1. The routes come from a
 * Vite server in middleware mode (as `npm run dev` builds them): no production build needed.
 * Everything server-side is loaded through that Vite server, so the app's modules, database and
 * configuration are one module graph — not the test file's own imports.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string | undefined>;
    seed?: boolean;
    /** A client build folder to serve static files from (default: none, as in dev). */
    clientDir?: string;
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-http-"));
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    logLevel: "error",
    // Only server-side rendering runs here: no browser dependencies to pre-bundle.
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const load = <T>(id: string) => vite.ssrLoadModule(id) as Promise<T>;
  const serverUrl = process.env.DATABASE_URL;
  const { setEnvForTests } = await load<typeof EnvModule>("/server/env.server.ts");
  const baseEnv = { DATA_DIR: dataDir, DATABASE_URL: undefined, APP_NOW: undefined, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "error" };
  setEnvForTests({ ...baseEnv, ...options.env });

  const client = await load<typeof ClientModule>("/server/db/client.server.ts");
  let dropDatabase = async () => {};
  let handle;
  if (serverUrl) {
    const name = `t_${crypto.randomBytes(6).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await client.openDatabase({ databaseUrl: url.toString() });
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    handle = await client.openDatabase({ inMemory: true, template: pgliteTemplate() });
  }
  client.setDatabase(handle);
  if (options.seed) {
    const { seedDemoContentIfEmpty } = await load<typeof SeedModule>("/server/db/seed/index.server.ts");
    await seedDemoContentIfEmpty(handle.db, new Date());
  }

  const { createHttpApp } = await load<typeof AppModule>("/server/app.ts");
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as never;
  // Compile the whole server build now (Vite transforms every route module on first use), so
  // that cost lands in the caller's beforeAll and not in the timeout of its first test.
  await build();
  let app = createHttpApp({ dev: false, build, clientDir: options.clientDir });
  const server = http.createServer((req, res) => app(req, res));
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** A module of the app's graph (to create users, read rows). */
    load,
    /** React Router's server build: every route with its path, parent and module. */
    build: build as () => Promise<ServerBuild>,
    db: handle.db,
    /** Builds the app again with these settings (e.g. TRUST_PROXY, PUBLIC_URL); same database. */
    reconfigure: (overrides: Record<string, string | undefined>) => {
      setEnvForTests({ ...baseEnv, ...options.env, ...overrides });
      app = createHttpApp({ dev: false, build, clientDir: options.clientDir });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      client.setDatabase(undefined);
      await handle.close();
      await dropDatabase();
      await vite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string; body: Buffer };

/**
 * One request on a connection of its own (no keep-alive, so no answer is read on another's
 * connection), the body as bytes and as text: what a test of the app's headers and pages needs.
 */
export function httpRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent: false }, (res) => {
      // The bytes as sent (not decoded: a test of compression reads them), and as text.
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString("utf8"), body });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}
