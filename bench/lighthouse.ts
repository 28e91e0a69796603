/**
 * Lighthouse, mobile with its default (simulated) throttling, in Debian's Chromium started by
 * chrome-launcher. Each page is audited `runs` times; each figure is the median of its runs
 * (taken per figure, so one slow run does not pick every number).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import fs from "node:fs";
import { chromiumPath } from "./js";
import { type Report } from "./lib/report";
import { median, type SiteServer } from "./lib/server";

/** The public pages measured; BENCH_PAGES=/calendar,/news measures only those (to compare two builds of one page). */
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : ["/", "/news", "/calendar", "/about", "/arc"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CATEGORY_LABEL: Record<(typeof CATEGORIES)[number], string> = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best practices",
  seo: "SEO",
};
/** Chromium as root in a container: no sandbox, no GPU, /dev/shm is small. */
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];

type Run = Record<(typeof CATEGORIES)[number], number> & {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own measure of this machine's speed at the time (lower: slower or busier). */
  benchmarkIndex: number;
  /** Audits that cost points: "category:audit-id", and the elements they name (for whoever fixes it). */
  failed?: { audit: string; nodes: string[] }[];
  warnings?: string[];
};

export async function measureLighthouse(report: Report, site: SiteServer, runs: number): Promise<void> {
  const section = `Lighthouse mobile (median of ${runs})`;
  if (!fs.existsSync(chromiumPath)) {
    report.missing(section, "all pages", "", `no Chromium at ${chromiumPath}`, { op: ">=", value: 95 });
    return;
  }
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    for (const page of PAGES) {
      const results: Run[] = [];
      const errors: string[] = [];
      // A run Lighthouse itself loses (NO_NAVSTART: the trace missed the navigation, now and then
      // on a busy machine) is made again, twice at most, so the median is of `runs` runs.
      for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
        try {
          results.push(await audit(`${site.url}${page}`, chrome.port));
        } catch (error) {
          errors.push((error as Error).message);
        }
      }
      if (!results.length) {
        report.missing(section, `${page} (all figures)`, "", `every run failed: ${errors[0]}`, { op: ">=", value: 95 });
        continue;
      }
      const note = errors.length ? `${errors.length} run(s) failed${results.length === runs ? " and were made again" : `, ${results.length} of ${runs} left`}: ${errors[0]!.slice(0, 120)}` : undefined;
      const pick = (key: keyof Omit<Run, "failed" | "warnings">) => median(results.map((r) => r[key]));
      for (const category of CATEGORIES) {
        // Below 100: the audits that cost points in any run (and in how many), for whoever fixes it.
        const failedIn = (r: Run) => (r.failed ?? []).filter((f) => f.audit.startsWith(`${category}:`));
        const counts = new Map<string, number>();
        if (category !== "performance") for (const r of results) for (const f of failedIn(r)) counts.set(f.audit, (counts.get(f.audit) ?? 0) + 1);
        const failing = [...counts].map(([audit, n]) => `${audit.slice(category.length + 1)}${n < results.length ? ` (${n} of ${results.length} runs)` : ""}`);
        const machine = category === "performance" ? `benchmarkIndex ${pick("benchmarkIndex").toFixed(0)}` : undefined;
        report.add({
          section,
          measure: `${page} ${CATEGORY_LABEL[category]}`,
          figure: pick(category),
          unit: "",
          target: { op: ">=", value: 95 },
          note: [note, machine, failing?.length ? `failing: ${failing.join(", ")}` : undefined].filter(Boolean).join("; ") || undefined,
          detail: {
            runs: results.map((r) => r[category]),
            ...(failing.length ? { failed: results.map(failedIn) } : {}),
            ...(category === "performance" ? { benchmarkIndex: results.map((r) => r.benchmarkIndex), warnings: results.map((r) => r.warnings) } : {}),
          },
        });
      }
      report.add({ section, measure: `${page} LCP`, figure: pick("lcpMs") / 1000, unit: "s", target: { op: "<=", value: 2.5 }, detail: { runs: results.map((r) => r.lcpMs) } });
      report.add({ section, measure: `${page} TBT`, figure: pick("tbtMs"), unit: "ms", target: { op: "<=", value: 150 }, detail: { runs: results.map((r) => r.tbtMs) } });
      report.add({ section, measure: `${page} CLS`, figure: pick("cls"), unit: "", target: { op: "<=", value: 0.05 }, detail: { runs: results.map((r) => r.cls) } });
    }
  } finally {
    chrome.kill();
  }
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error("Lighthouse returned nothing");
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (value === null || value === undefined) throw new Error(`no ${id} score`);
    return Math.round(value * 100);
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`no ${id} value`);
    return value;
  };
  const failed: NonNullable<Run["failed"]> = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (!(ref.weight > 0 && item && item.score !== null && item.score < 1)) continue;
      const items = (item.details as { items?: { node?: { selector?: string; snippet?: string; explanation?: string } }[] } | undefined)?.items ?? [];
      const nodes = items.flatMap((i) => (i.node ? [`${i.node.selector ?? ""} ${i.node.snippet?.slice(0, 160) ?? ""} ${i.node.explanation?.split("\n")[0]?.slice(0, 200) ?? ""}`.trim()] : [])).slice(0, 5);
      failed.push({ audit: `${category}:${ref.id}`, nodes });
    }
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failed,
    warnings: lhr.runWarnings,
  };
}
