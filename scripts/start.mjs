// `npm start`: build when the build is missing or older than the sources, then serve it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const buildDir = process.env.BUILD_DIR ?? "build";
const builtEntry = path.join(buildDir, "server", "index.js");
const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts", "scripts/precompress.ts"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtEntry) ? fs.statSync(builtEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt < changedAt) {
  console.log(builtAt ? "Sources changed since the last build: building..." : "No build yet: building...");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// React and the server read NODE_ENV when they load: production unless told otherwise.
process.env.NODE_ENV ??= "production";
await import("../server.js");
