/**
 * `npm run bench`: every speed target of issue 13 measured on the production build in one run,
 * printed as one table (figure, target, PASS/FAIL) and written as JSON
 * (bench/results/latest.json, or --out=FILE).
 *
 *   npm run bench                          everything (Lighthouse: 3 runs a page, ~10 min)
 *   npm run bench -- --quick               Lighthouse once a page
 *   npm run bench -- --only=js,server      some sections: js, lighthouse, server, booking, growth
 *   npm run bench -- --no-build            use BUILD_DIR as it is (default: build it when older than the sources)
 *
 * Sections: first-visit JavaScript (headless Chromium, bench/js.ts); Lighthouse mobile
 * (bench/lighthouse.ts); server throughput against a static server on PGlite and PostgreSQL
 * (bench/throughput.ts); registration → checkout under 60 concurrent posts on PostgreSQL
 * (bench/booking.ts); /news and /calendar with 1,000 rows vs 10 (bench/growth.ts).
 * Each server is the built `node server.js` on a free port, with a fresh embedded database or a
 * fresh PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432)
 * dropped at the end. A figure that could not be measured is shown as such, never guessed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureBooking } from "./booking";
import { measureGrowth } from "./growth";
import { imageRows, measureFirstVisitJs } from "./js";
import { measureLighthouse } from "./lighthouse";
import { Report } from "./lib/report";
import { buildDir, cleanupAll, createDatabase, ensureBuild, pgServerUrl, pgUnreachable, startSite, type SiteServer } from "./lib/server";
import { measureThroughput } from "./throughput";

const SECTIONS = ["js", "lighthouse", "server", "booking", "growth"] as const;
type Section = (typeof SECTIONS)[number];

function parseArgs(argv: string[]): { quick: boolean; only: Set<Section>; out: string; build: boolean } {
  let quick = false;
  let build = true;
  let only = new Set<Section>(SECTIONS);
  let out = path.join("bench", "results", "latest.json");
  for (const arg of argv) {
    if (arg === "--quick") quick = true;
    else if (arg === "--no-build") build = false;
    else if (arg.startsWith("--only=")) {
      const names = arg.slice("--only=".length).split(",").filter(Boolean);
      const unknown = names.filter((n) => !SECTIONS.includes(n as Section));
      if (unknown.length) usage(`unknown section ${unknown.join(", ")}`);
      only = new Set(names as Section[]);
    } else if (arg.startsWith("--out=")) out = arg.slice("--out=".length);
    else if (arg === "--help" || arg === "-h") usage();
    else usage(`unknown option ${arg}`);
  }
  return { quick, only, out, build };
}

function usage(problem?: string): never {
  if (problem) console.error(problem);
  console.error(`usage: npm run bench -- [--quick] [--only=${SECTIONS.join(",")}] [--out=FILE] [--no-build]`);
  process.exit(problem ? 2 : 0);
}

const options = parseArgs(process.argv.slice(2));
const lighthouseRuns = options.quick ? 1 : 3;
const report = new Report();
const started = performance.now();
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");

console.log(`Bench of ${buildDir}/ — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}`);
console.log(`Load average (1/5/15 min) before: ${load()}`);
console.log(`Sections: ${[...options.only].join(", ")}${options.quick ? " (quick: Lighthouse once a page)" : ""}\n`);
report.context.options = { quick: options.quick, only: [...options.only], lighthouseRuns, buildDir };
const sectionLoad: Record<string, number[]> = {};
report.context.loadavgAtSectionStart = sectionLoad;
const has = (section: Section) => options.only.has(section);
const step = (name: string) => {
  sectionLoad[name] = os.loadavg();
  console.log(`\n== ${name} (load ${load()}, ${((performance.now() - started) / 1000).toFixed(0)} s in)`);
};

try {
  if (options.build) ensureBuild();
  else if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) throw new Error(`--no-build: no build in ${buildDir}/`);

  if (has("js") || has("lighthouse") || has("server")) {
    step("site on PGlite");
    const site: SiteServer = await startSite();
    try {
      report.add({ section: "Start", measure: "PGlite: fresh start to /readyz", figure: site.startSeconds, unit: "s", note: "migrate + seed demo content" });
      if (has("js")) {
        step("JavaScript on a first visit");
        await measureFirstVisitJs(report, site);
      }
      if (has("lighthouse")) {
        step(`Lighthouse (${lighthouseRuns} run${lighthouseRuns > 1 ? "s" : ""} a page)`);
        await measureLighthouse(report, site, lighthouseRuns);
      }
      if (has("server")) {
        step("server throughput on PGlite");
        await measureThroughput(report, site, "PGlite");
      }
    } finally {
      await site.stop();
    }
  }

  if (has("server") || has("booking") || has("growth")) {
    const unreachable = await pgUnreachable();
    if (unreachable) {
      console.log(`\n${unreachable}: PostgreSQL measures skipped`);
      if (has("server")) report.missing("Server on PostgreSQL", "all pages", "", unreachable, { op: ">=", value: 0.5 });
      if (has("booking")) report.missing("Registration → checkout (PostgreSQL)", "p95 of 60 concurrent", "ms", unreachable, { op: "<=", value: 300 });
      if (has("growth")) report.missing("Growth (PostgreSQL)", "/news and /calendar", "×", unreachable, { op: "<=", value: 1.5 });
    } else {
      report.context.postgres = new URL(pgServerUrl).host;
      if (has("server") || has("booking")) {
        const databaseUrl = await createDatabase("site");
        if (has("server")) {
          step("server throughput on PostgreSQL");
          const site = await startSite({ databaseUrl });
          try {
            report.add({ section: "Start", measure: "PostgreSQL: fresh start to /readyz", figure: site.startSeconds, unit: "s", note: "migrate + seed demo content" });
            await measureThroughput(report, site, "PostgreSQL");
          } finally {
            await site.stop();
          }
        } else {
          // The booking measure needs a migrated database.
          await (await startSite({ databaseUrl })).stop();
        }
        if (has("booking")) {
          step("registration → checkout on PostgreSQL");
          await measureBooking(report, databaseUrl);
        }
      }
      if (has("growth")) {
        step("growth on PostgreSQL");
        await measureGrowth(report, await createDatabase("growth"));
      }
    }
  }

  if (has("js")) imageRows(report);
} catch (error) {
  console.error("\nThe bench stopped early:", error);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}

report.loadAfter = os.loadavg();
const seconds = (performance.now() - started) / 1000;
report.context.durationSeconds = Math.round(seconds);
report.print();
console.log(`Load average (1/5/15 min) before: ${report.loadBefore.map((n) => n.toFixed(2)).join(" ")}, after: ${load()}; ${os.cpus().length} CPUs.`);
console.log(`Took ${(seconds / 60).toFixed(1)} min.`);
report.write(options.out);
console.log(`JSON: ${path.resolve(options.out)}`);
// Keep-alive sockets or a browser's leftovers must not keep the process alive.
process.exit(process.exitCode ?? 0);
