// Starts the HTTP server: the production build, or Vite's dev server with NODE_ENV=development.
import fs from "node:fs";

// A .env file beside the app is read first; real environment variables win over it.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const dev = process.env.NODE_ENV === "development";
const buildDir = process.env.BUILD_DIR ?? "build";

/** The app and its JSON logger (the build's `log`), for the lines about this process. */
async function loadApp() {
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    const { default: express } = await import("express");
    const outer = express();
    outer.use(viteServer.middlewares);
    const { createServerApp, log } = await viteServer.ssrLoadModule("./server/app.ts");
    const inner = await createServerApp({ dev: true });
    outer.use(inner);
    outer.locals.stop = async () => {
      await inner.locals.stop();
      await viteServer.close();
    };
    return { app: outer, log };
  }
  const { createServerApp, log } = await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
  return { app: await createServerApp(), log };
}

// Until the server listens, a failure is for the person starting it: one plain line on stderr
// and exit code 1 (the configuration may be what broke, and the logger is built from it). From
// then on every line is the app's JSON log, like the requests' lines.
try {
  const { app, log } = await loadApp();
  const port = Number(process.env.PORT ?? 3000);
  // Express calls this on "error" as well as on "listening": a port that is taken or not allowed
  // must stop the start with a clear message, not a TypeError on a server that is not listening.
  const server = app.listen(port, (error) => {
    if (error) {
      console.error(`Cannot listen on port ${port}: ${error.code ?? error.message}`);
      // The database is open already: close it before leaving (see the graceful stop below).
      app.locals.stop().finally(() => process.exit(1));
      return;
    }
    log.lifecycle(`Site ready on http://localhost:${server.address().port}`);
  });
  // Graceful stop: accept nothing new, let requests in flight finish, stop the background work,
  // close the database (an embedded PGlite must be closed or its files can be damaged), exit 0.
  // A request or job that takes longer than the deadline is cut off with exit code 1.
  const STOP_DEADLINE_MS = 20_000;
  let stopping = false;
  // While stopping, every answer closes its connection: a client or proxy that keeps its
  // connections alive and goes on sending would otherwise keep them busy past the deadline.
  server.prependListener("request", (_req, res) => {
    if (stopping) res.setHeader("Connection", "close");
  });
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log.lifecycle(`${signal}: finishing requests in flight, then stopping`);
    setTimeout(() => {
      log.error(`Not stopped after ${STOP_DEADLINE_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    server.close(async () => {
      try {
        await app.locals.stop();
        process.exit(0);
      } catch (error) {
        log.error("Stopping failed", error);
        process.exit(1);
      }
    });
    // Connections whose request was in flight become idle once answered: close those too.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} catch (error) {
  // Configuration and lock errors are meant for people: print the message, not a stack.
  const known =
    error &&
    (["EnvError", "DataDirLockedError", "DatabaseUnreachableError"].includes(error.name) || /^Invalid configuration/.test(error.message));
  console.error(known ? `\n${error.message}\n` : error);
  process.exit(1);
}
