/**
 * `npm run bench`: speed and size figures of the production build, printed as a table.
 * Starts the built server on a free port with a fresh embedded database, then measures
 * server-rendered pages under a bounded local load, and the bytes a first visit downloads.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const buildDir = process.env.BUILD_DIR ?? "build";
const REQUESTS_PER_PAGE = 200;
const CONCURRENCY = 8;
const PAGES = ["/", "/news", "/calendar", "/about", "/servicevoorwaarden"];

function ensureBuild(): void {
  if (fs.existsSync(path.join(buildDir, "server", "index.js"))) return;
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(1);
}

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-bench-"));
  const port = 45000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () => {
      child.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function loadPage(url: string): Promise<{ p50: number; p95: number; rps: number; bytes: number }> {
  const timings: number[] = [];
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS_PER_PAGE) {
        next++;
        const t0 = performance.now();
        const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
        const body = await response.arrayBuffer();
        timings.push(performance.now() - t0);
        bytes = body.byteLength;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), rps: REQUESTS_PER_PAGE / elapsed, bytes };
}

async function firstVisitBytes(base: string): Promise<{ html: number; js: number; css: number }> {
  const html = await (await fetch(`${base}/`)).text();
  const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const modulePreloads = [...new Set(assets)];
  let js = 0;
  let css = 0;
  for (const asset of modulePreloads) {
    const body = Buffer.from(await (await fetch(`${base}${asset}`)).arrayBuffer());
    const gz = zlib.gzipSync(body).byteLength;
    if (asset.endsWith(".js")) js += gz;
    else css += gz;
  }
  return { html: zlib.gzipSync(html).byteLength, js, css };
}

function imageBytes(): { name: string; kb: number }[] {
  const dir = "public/images";
  if (!fs.existsSync(dir)) return [];
  return ["hero-1920.webp", "hero-1920.avif", "hero-640.avif"]
    .filter((f) => fs.existsSync(path.join(dir, f)))
    .map((f) => ({ name: f, kb: fs.statSync(path.join(dir, f)).size / 1024 }));
}

ensureBuild();
const server = await startServer();
try {
  console.log(`\nServer-rendered pages (${REQUESTS_PER_PAGE} requests each, ${CONCURRENCY} concurrent, loopback)`);
  console.log("page                     p50 ms   p95 ms   req/s   html KB");
  for (const page of PAGES) {
    const r = await loadPage(`${server.url}${page}`);
    console.log(`${page.padEnd(24)} ${r.p50.toFixed(1).padStart(6)}   ${r.p95.toFixed(1).padStart(6)}   ${r.rps.toFixed(0).padStart(5)}   ${(r.bytes / 1024).toFixed(1).padStart(6)}`);
  }
  const first = await firstVisitBytes(server.url);
  console.log(`\nFirst visit of / (gzip): HTML ${(first.html / 1024).toFixed(1)} KB, JS ${(first.js / 1024).toFixed(1)} KB, CSS ${(first.css / 1024).toFixed(1)} KB`);
  for (const image of imageBytes()) console.log(`Image ${image.name}: ${image.kb.toFixed(1)} KB`);
} finally {
  server.stop();
}
