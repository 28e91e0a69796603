// Starts the HTTP server: the production build, or Vite's dev server with NODE_ENV=development.
import fs from "node:fs";

// A .env file beside the app is read first; real environment variables win over it.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const dev = process.env.NODE_ENV === "development";
const buildDir = process.env.BUILD_DIR ?? "build";

async function loadApp() {
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    const { default: express } = await import("express");
    const outer = express();
    outer.use(viteServer.middlewares);
    const { createServerApp } = await viteServer.ssrLoadModule("./server/app.ts");
    outer.use(await createServerApp({ dev: true }));
    return outer;
  }
  const { createServerApp } = await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
  return createServerApp();
}

try {
  const app = await loadApp();
  const port = Number(process.env.PORT ?? 3000);
  const server = app.listen(port, () => {
    console.log(`Site ready on http://localhost:${server.address().port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} catch (error) {
  // Configuration and lock errors are meant for people: print the message, not a stack.
  const known =
    error &&
    (["EnvError", "DataDirLockedError", "DatabaseUnreachableError"].includes(error.name) || /^Invalid configuration/.test(error.message));
  console.error(known ? `\n${error.message}\n` : error);
  process.exit(1);
}
