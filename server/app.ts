import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response } from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { db, pendingMigrationCount } from "./db/client.server";
import { env } from "./env.server";
import { flushErrorReports, prepareErrorReporting, reportError } from "./error-report.server";
import { contentSecurityPolicy, nonceSource } from "./http/csp.server";
import { createCheckedRequestHandler } from "./http/handler.server";
import { readModulePreloads, type ModulePreloads } from "./http/module-preloads.server";
import { renderCache, type RenderCacheSlot } from "./http/render-cache.server";
import { responseCompression, staticFiles } from "./http/static.server";
import { baseLogger, log, loggedPath } from "./log.server";
import { jobQueueState } from "./jobs/queue.server";
import { startServices, stopServices } from "./startup.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The CSP nonce of this response, for inline scripts. */
    nonce: string;
    /** The client's address (X-Forwarded-For only as far as TRUST_PROXY's proxies vouch for it). */
    clientAddress: string;
    /** The request log's id of this request (also the X-Request-Id answer header), for log lines about it. */
    requestId?: string;
    /** Where to keep this page once rendered, when it may be answered from the render cache. */
    renderCache?: RenderCacheSlot;
    /** The scripts a page announces beyond React Router's, from the client build (decision 032; none in development). */
    modulePreloads?: ModulePreloads;
  }
}

function securityHeaders(dev: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([nonceSource(nonce)], dev));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    // A 304 tells the browser to use the page it holds, whose scripts carry that response's
    // nonce. Headers in a 304 replace the stored ones, so a fresh CSP would block them: leave it
    // out, and the stored CSP (with the matching nonce) stays in force.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    (res as unknown as { writeHead: (...args: unknown[]) => Response }).writeHead = (...args: unknown[]) => {
      if ((typeof args[0] === "number" ? args[0] : res.statusCode) === 304) res.removeHeader("Content-Security-Policy");
      return writeHead(...args);
    };
    next();
  };
}

/**
 * One JSON line a request (pino-http): a request id (also sent as X-Request-Id), method, path,
 * status and time. Only the path: query strings can carry tokens and e-mail addresses, and no
 * header (cookies) is logged. Static files and health checks are left out. A failed request's
 * error has a line of its own with the same id (handleError, the last-resort handler): pino-http's
 * stand-in ("failed with status code 500") is left out of this one.
 */
function requestLog() {
  return pinoHttp({
    logger: baseLogger(),
    genReqId: (_req, res) => {
      const id = crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: { ignore: (req) => /^\/(assets\/|fonts\/|images\/|favicon|healthz|readyz)/.test(req.url ?? "") },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: (req, res, ms) => `${req.method} ${loggedPath(req.url)} ${res.statusCode} ${Math.round(ms)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${loggedPath(req.url)} ${res.statusCode}`,
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: loggedPath(req.url) }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      err: () => undefined,
    },
  });
}

/** The client build folder beside this server build (production), if it exists. */
function clientBuildDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // The bundler may put this module in build/server/ or in a chunk under build/server/assets/.
  return [path.resolve(here, "../client"), path.resolve(here, "../../client")].find((dir) => fs.existsSync(path.join(dir, "assets")));
}

/** The whole HTTP application: start-up first, then middleware, then React Router. */
export async function createServerApp(options: { dev?: boolean } = {}): Promise<express.Express> {
  await startServices();
  await prepareErrorReporting();
  const dev = options.dev ?? false;
  // React Router derives its route tables (every branch flattened and ranked, ~1.5 ms) on every
  // request when given a function: only Vite's dev server, which rebuilds on change, needs that.
  const build: ServerBuild | (() => Promise<ServerBuild>) = dev
    ? () => import("virtual:react-router/server-build")
    : await import("virtual:react-router/server-build");
  const app = createHttpApp({ dev, build });
  // server.js calls this once the HTTP server has stopped taking requests; error reports still
  // being sent get a moment.
  app.locals.stop = async () => {
    await stopServices();
    await flushErrorReports();
  };
  return app;
}

/**
 * Middleware and React Router on an open database (tests pass the build of their own Vite
 * server and open the database themselves).
 */
export function createHttpApp(options: {
  dev: boolean;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The client build folder to serve (default: the one beside this server build, none in dev). */
  clientDir?: string;
}): express.Express {
  const dev = options.dev;
  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses, never `true`: see TRUST_PROXY in env.server.ts.
  const trustProxy = env().TRUST_PROXY;
  if (trustProxy !== false) app.set("trust proxy", trustProxy);
  app.use(requestLog());
  app.use(responseCompression());
  app.use(securityHeaders(dev));

  app.get("/healthz", async (_req, res) => {
    try {
      await db().execute(sql`select 1`);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: "ok" });
    } catch (error) {
      log.error("Health check: database unreachable", error);
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "unreachable" });
    }
  });

  // Ready for traffic: the database answers, every migration is applied, the job queue runs
  // (a load balancer sends requests only to ready instances; /healthz says the process lives).
  // Under NODE_ENV=test no queue is started (tests drive the work), which is not a fault.
  app.get("/readyz", async (_req, res) => {
    const queue = jobQueueState();
    const queueOk = queue === "running" || (queue === "not started" && env().NODE_ENV === "test");
    const report = { status: "ok", database: "ok", migrations: "applied", queue };
    try {
      if ((await pendingMigrationCount(db())) > 0) report.migrations = "pending";
    } catch (error) {
      log.error("Readiness check: database unreachable", error);
      report.database = "unreachable";
      report.migrations = "unknown";
    }
    const ready = report.database === "ok" && report.migrations === "applied" && queueOk;
    if (!ready) report.status = "error";
    res.status(ready ? 200 : 503).set("Cache-Control", "no-store").json(report);
  });

  const clientDir = options.clientDir ?? (dev ? undefined : clientBuildDir());
  // Precompressed at build time; sent as they are (server/http/static.server.ts).
  if (clientDir) app.use(staticFiles(clientDir));
  const modulePreloads = readModulePreloads(clientDir);

  // Anonymous public pages already rendered and unchanged since (decision 020).
  app.use(renderCache({ dev }));

  app.use(
    // Checks paths, origins, body sizes and form bodies before React Router sees a request.
    createCheckedRequestHandler({
      build: options.build,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res) => ({
        nonce: String(res.locals.nonce),
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        requestId: String(req.id),
        renderCache: res.locals.renderCache as RenderCacheSlot | undefined,
        modulePreloads,
      }),
    }),
  );

  app.use(lastResortErrorHandler);

  return app;
}

/**
 * Express's last resort, for an error outside React Router (which answers its own with the error
 * page, entry.server.tsx's handleError): logged with the request's id, reported when a reporter
 * is configured, and a plain 500 without a stack trace for the visitor.
 */
export function lastResortErrorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const ref = { id: req.id === undefined ? undefined : String(req.id), method: req.method, url: req.originalUrl };
  log.error("Unhandled server error", error, ref);
  reportError(error, ref);
  if (res.headersSent) return;
  res.status(500).type("text/plain").send("Internal server error");
}

/** The server log, for server.js's lines about the process (ready, stopping). */
export { log } from "./log.server";
