/**
 * Server throughput: each page at 20 connections for 10 s (autocannon), and in the same run the
 * same load on a minimal Node server sending the HTML the site sent for that page
 * (bench/static-server.mjs; see there how compression is matched). Both get a browser's
 * Accept-Encoding. Target: the site serves at least half the static server's requests per
 * second, with a p99 latency of at most 250 ms.
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Report } from "./lib/report";
import { BROWSER_HEADERS, onCleanup, request, type SiteServer } from "./lib/server";

export const THROUGHPUT_PAGES = ["/", "/news", "/calendar"];
const CONNECTIONS = 20;
const DURATION_S = 10;

type StaticServer = { url: string; stop: () => Promise<void> };

async function startStatic(site: SiteServer): Promise<{ server: StaticServer; encodings: Record<string, string> }> {
  const pages: Record<string, { contentType: string; encoding?: string; base64: string }> = {};
  const encodings: Record<string, string> = {};
  for (const page of THROUGHPUT_PAGES) {
    const answer = await request(`${site.url}${page}`, { headers: BROWSER_HEADERS });
    if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}`);
    const encoding = answer.headers["content-encoding"];
    encodings[page] = encoding ?? "identity";
    pages[page] = { contentType: String(answer.headers["content-type"]), encoding, base64: answer.body.toString("base64") };
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ort-bench-static-")), "pages.json");
  fs.writeFileSync(file, JSON.stringify(pages));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "static-server.mjs"), file], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
  onCleanup(stop);
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", (code) => reject(new Error(`static server exited with ${code}`)));
  });
  return { server: { url: `http://127.0.0.1:${port}`, stop }, encodings };
}

type Load = { rps: number; p50: number; p99: number; non2xx: number; errors: number; total: number };

async function load(url: string): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: BROWSER_HEADERS });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

/** A short warm-up (JIT, connection pool, first renders) that is not measured. */
async function warm(url: string): Promise<void> {
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let i = 0; i < 10; i++) await request(url, { headers: BROWSER_HEADERS });
  }));
}

export async function measureThroughput(report: Report, site: SiteServer, database: "PGlite" | "PostgreSQL"): Promise<void> {
  const section = `Server on ${database} (${CONNECTIONS} conn, ${DURATION_S} s)`;
  const { server: staticServer, encodings } = await startStatic(site);
  const rssBefore = site.rssMB();
  try {
    for (const page of THROUGHPUT_PAGES) {
      await warm(`${staticServer.url}${page}`);
      const reference = await load(`${staticServer.url}${page}`);
      await warm(`${site.url}${page}`);
      const measured = await load(`${site.url}${page}`);
      const failures = measured.non2xx + measured.errors;
      const trouble = failures ? `; ${measured.non2xx} non-2xx, ${measured.errors} errors of ${measured.total}` : "";
      report.add({
        section,
        measure: `${page} req/s ÷ static`,
        figure: measured.rps / reference.rps,
        unit: "×",
        target: { op: ">=", value: 0.5 },
        note: `site ${measured.rps.toFixed(0)} req/s, static ${reference.rps.toFixed(0)} req/s, ${encodings[page]}${trouble}`,
        detail: { site: measured, static: reference, encoding: encodings[page] },
      });
      report.add({
        section,
        measure: `${page} p99`,
        figure: measured.p99,
        unit: "ms",
        target: { op: "<=", value: 250 },
        note: `p50 ${measured.p50} ms; static p99 ${reference.p99} ms`,
      });
    }
  } finally {
    await staticServer.stop();
  }
  const rssAfter = site.rssMB();
  if (rssAfter !== null) {
    report.add({
      section,
      measure: "server memory after load (RSS)",
      figure: rssAfter,
      unit: "MB",
      note: rssBefore !== null ? `before load ${rssBefore.toFixed(0)} MB` : undefined,
    });
  }
}
