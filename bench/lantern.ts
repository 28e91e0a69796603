/**
 * Why Lighthouse scores a page as it does: one mobile Lighthouse run of a page of a running site,
 * then what Lighthouse's simulation (Lantern) counted. Lighthouse does not time the page under
 * throttling: it records one fast load here and simulates a phone on a slow network from it,
 * counting each task of the main thread four times (layout twice) and every request that
 * finished before the page's largest paint.
 *
 *   npx tsx bench/lantern.ts http://127.0.0.1:3000/news            FCP, LCP and TBT with the requests and tasks each counted
 *   npx tsx bench/lantern.ts http://127.0.0.1:3000/news --what-if  the same page simulated without some requests
 *
 * A diagnostic for whoever works on the Lighthouse rows of `npm run bench` (docs/decisions/030).
 * Each figure is the mean of Lantern's optimistic and pessimistic estimates, as in Lighthouse.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { Audit } from "lighthouse/core/audits/audit.js";
import { LoadSimulator } from "lighthouse/core/computed/load-simulator.js";
import { PageDependencyGraph } from "lighthouse/core/computed/page-dependency-graph.js";
import { ProcessedNavigation } from "lighthouse/core/computed/processed-navigation.js";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { chromiumPath } from "./js";

type Node = Lantern.Graph.Node;
type Estimate = { timeInMs: number; nodeTimings: Map<Node, { startTime: number; endTime: number }> };

const url = process.argv[2];
const whatIf = process.argv.includes("--what-if");
if (!url?.startsWith("http")) {
  console.error("usage: npx tsx bench/lantern.ts URL [--what-if]");
  process.exit(2);
}

const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"], logLevel: "silent" });
let result;
try {
  result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
} finally {
  chrome.kill();
}
if (!result) throw new Error("Lighthouse returned nothing");
const { lhr, artifacts } = result;
const context = { settings: lhr.configSettings, computedCache: new Map() } as unknown as Parameters<typeof PageDependencyGraph.request>[1];
const data = Audit.makeMetricComputationDataInput(artifacts, context);
const graph = (await PageDependencyGraph.request({ ...data, fromTrace: false }, context)) as Node;
const processedNavigation = await ProcessedNavigation.request(data.trace, context);
const simulator = await LoadSimulator.request(data, context);
const M = Lantern.Metrics;

function simulate(g: Node) {
  const params = { simulator, graph: g, processedNavigation } as unknown as Lantern.Metrics.MetricComputationDataInput;
  const fcp = M.FirstContentfulPaint.compute(params);
  const lcp = M.LargestContentfulPaint.compute(params, { fcpResult: fcp });
  const tti = M.Interactive.compute(params, { lcpResult: lcp });
  const tbt = M.TotalBlockingTime.compute(params, { fcpResult: fcp, interactiveResult: tti });
  return { fcp, lcp, tti, tbt };
}

const ms = (n: number) => n.toFixed(0).padStart(6);
const path = (u: string) => u.replace(/^https?:\/\/[^/]+/, "").slice(0, 70);
function describe(node: Node): string {
  if (node.type === "network") {
    const r = node.request;
    return `${r.priority.padEnd(8)} ${(r.resourceType ?? "").padEnd(10)} ${(r.transferSize / 1024).toFixed(1).padStart(6)} KB  ${path(r.url)}`;
  }
  const names = new Map<string, number>();
  for (const e of node.childEvents) if ((e.dur ?? 0) > 1000) names.set(e.name, (names.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  const top = [...names].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, d]) => `${n} ${d.toFixed(0)}`);
  return `task, ${((node.endTime - node.startTime) / 1000).toFixed(1)} ms here: ${top.join(", ")}`;
}
function list(label: string, estimate: Estimate, minTaskMs = 20) {
  console.log(`\n${label} (${estimate.timeInMs.toFixed(0)} ms): start, end`);
  for (const [node, t] of [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
    if (node.type === "network" || t.endTime - t.startTime >= minTaskMs) console.log(`${ms(t.startTime)} ${ms(t.endTime)}  ${describe(node)}`);
  }
}

const base = simulate(graph);
const line = (label: string, s: ReturnType<typeof simulate>) =>
  `${label.padEnd(40)} FCP ${ms(s.fcp.timing)}  LCP ${ms(s.lcp.timing)} (optimistic ${s.lcp.optimisticEstimate.timeInMs.toFixed(0)}, pessimistic ${s.lcp.pessimisticEstimate.timeInMs.toFixed(0)})  TBT ${ms(s.tbt.timing)}`;
console.log(`${url}: performance ${Math.round((lhr.categories.performance.score ?? 0) * 100)}, this machine's benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`);
console.log(line("as loaded", base));

if (!whatIf) {
  list("LCP, optimistic: what had to arrive and run", base.lcp.optimisticEstimate as Estimate);
  list("LCP, pessimistic: everything that finished before the largest paint", base.lcp.pessimisticEstimate as Estimate);
  list("Time to interactive, pessimistic: the tasks TBT counts after FCP", base.tti.pessimisticEstimate as Estimate, 12.5);
} else {
  const isNetwork = (n: Node): n is Lantern.Graph.NetworkNode => n.type === "network";
  const without = (label: string, drop: (n: Lantern.Graph.NetworkNode) => boolean) =>
    console.log(line(`without ${label}`, simulate(graph.cloneWithRelationships((n: Node) => !isNetwork(n) || n.isMainDocument() || !drop(n)) as Node)));
  const lowImage = (n: Lantern.Graph.NetworkNode) => n.request.resourceType === "Image" && ["Low", "VeryLow"].includes(n.request.priority);
  without("low-priority pictures", lowImage);
  without("fonts", (n) => n.request.resourceType === "Font");
  without("the favicon", (n) => n.request.url.includes("favicon"));
  without("scripts", (n) => n.request.resourceType === "Script");
  without("scripts and low-priority pictures", (n) => n.request.resourceType === "Script" || lowImage(n));
}
process.exit(0);
