/**
 * Growth: what `/news` and `/calendar` cost with 1,000 published articles and 1,000 listed events
 * against 10 of each, on one fresh PostgreSQL database without demo content. Rows are inserted
 * by SQL while no server runs, then a server is started and each page is requested 50 times in
 * a row after a warm-up (fewer, at least 5, if that would take over 30 s), from the render cache
 * and rendered, on a server at rest: the median time (a request of the render cache takes ~2 ms,
 * so a mean moves with any pause elsewhere; the mean is in the note) and the HTML size. Target:
 * each at most 1.5× the small database's.
 */
import postgres from "postgres";
import zlib from "node:zlib";
import { type Report } from "./lib/report";
import { atRest, BROWSER_HEADERS, mean, median, percentile, request, startSite } from "./lib/server";

const PAGES = ["/news", "/calendar"];
const SMALL = 10;
const LARGE = 1000;
const REQUESTS = 50;
const WARMUP = 5;
const DAY = 86_400_000;
const IMAGES = ["north-sea", "training", "atlantic", "boat-yard", "crew", "evening"];

const paragraph =
  "De bemanning vertrok bij het eerste licht uit de haven. Met een stevige zuidwester en een " +
  "aflandig tij liep de boot al snel twaalf knopen; de wachtindeling hield iedereen scherp en " +
  "uitgerust. Na de keerboei volgde een lange kruisrak naar de finish, waar elke overstag telde.";
const paragraphEn =
  "The crew left the harbour at first light. With a strong south-westerly and an ebbing tide the " +
  "boat soon made twelve knots; the watch system kept everyone sharp and rested. After the " +
  "turning mark came a long beat to the finish, where every tack counted.";

/** Adds articles and events numbered from `from` up to (not including) `to`. */
async function insertRows(sql: postgres.Sql, from: number, to: number): Promise<void> {
  const now = Date.now();
  const categories = ["victory", "preparation", "team", "featured", "general"];
  const kinds = ["race", "event", "training", "sailing", "corporate"];
  for (let start = from; start < to; start += 250) {
    const ids = Array.from({ length: Math.min(250, to - start) }, (_, i) => start + i);
    await sql`insert into blog_posts ${sql(
      ids.map((n) => ({
        slug: `bench-artikel-${n}`,
        title: `Verslag ${n}: een nacht op de Noordzee`,
        description: `Wat de bemanning leerde tijdens tocht ${n}, van start tot finish.`,
        content: `## Tocht ${n}\n\n${Array.from({ length: 6 }, () => paragraph).join("\n\n")}`,
        title_en: `Report ${n}: a night on the North Sea`,
        description_en: `What the crew learned on passage ${n}, from start to finish.`,
        content_en: `## Passage ${n}\n\n${Array.from({ length: 6 }, () => paragraphEn).join("\n\n")}`,
        date: new Date(now - n * DAY),
        category: categories[n % categories.length],
        image: `/images/${IMAGES[n % IMAGES.length]}-1280.webp`,
        published: true,
      })),
    )}`;
    await sql`insert into events ${sql(
      ids.map((n) => {
        // A fifth in the past, the rest ahead: a calendar in use for years.
        const startDate = new Date(now + (n - Math.floor(to / 5)) * DAY + 9 * 3_600_000);
        return {
          slug: `bench-evenement-${n}`,
          name: `Zeildag ${n}`,
          name_en: `Sailing day ${n}`,
          description: paragraph,
          description_en: paragraphEn,
          start_date: startDate,
          end_date: new Date(startDate.getTime() + 8 * 3_600_000),
          location: "Scheveningen",
          price_cents: 15000 + (n % 7) * 2500,
          status: startDate.getTime() < now ? "completed" : "upcoming",
          booking_mode: "registration",
          max_participants: 12,
          deposit_percent: 50,
          image_url: `/images/${IMAGES[n % IMAGES.length]}-1280.webp`,
          kind: kinds[n % kinds.length],
          listed: true,
        };
      }),
    )}`;
  }
}

type Cost = { requests: number; medianMs: number; meanMs: number; p95Ms: number; htmlBytes: number; gzipBytes: number; status: number };

/**
 * Each page twice: as a first-time visitor gets it (from the render cache after the warm-up), and
 * rendered every time (a cookie other than the language choice keeps a request out of the render
 * cache, decision 020), which is what the page's queries and markup cost.
 */
const VARIANTS = [
  { key: "", headers: BROWSER_HEADERS },
  { key: " rendered", headers: { ...BROWSER_HEADERS, cookie: "bench_uncached=1" } },
];

async function measure(databaseUrl: string): Promise<Record<string, Cost>> {
  const site = await startSite({ databaseUrl, env: { DEMO_CONTENT: "false" } });
  try {
    // On a server at rest: its start-up jobs are not what a page costs.
    await atRest(site);
    const costs: Record<string, Cost> = {};
    for (const page of PAGES) for (const variant of VARIANTS) {
      const url = `${site.url}${page}`;
      const headers = variant.headers;
      for (let i = 0; i < WARMUP; i++) await request(url, { headers });
      const times: number[] = [];
      let last = await request(url, { headers });
      // 50 requests, or fewer (at least 5) when the page is so slow that 50 would take over 30 s.
      const until = performance.now() + 30_000;
      for (let i = 0; i < REQUESTS && (i < 5 || performance.now() < until); i++) {
        last = await request(url, { headers });
        times.push(last.ms);
      }
      costs[`${page}${variant.key}`] = {
        requests: times.length,
        medianMs: median(times),
        meanMs: mean(times),
        p95Ms: percentile(times, 95),
        htmlBytes: last.body.byteLength,
        gzipBytes: zlib.gzipSync(last.body).byteLength,
        status: last.status,
      };
    }
    return costs;
  } finally {
    await site.stop();
  }
}

/** `databaseUrl`: an empty database; the first start migrates it (DEMO_CONTENT=false: no demo rows). */
export async function measureGrowth(report: Report, databaseUrl: string): Promise<void> {
  const section = `Growth (${LARGE} vs ${SMALL} articles and events, PostgreSQL)`;
  // Migrate: start once on the empty database.
  await (await startSite({ databaseUrl, env: { DEMO_CONTENT: "false" } })).stop();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await insertRows(sql, 0, SMALL);
    const small = await measure(databaseUrl);
    await insertRows(sql, SMALL, LARGE);
    await sql`analyze`;
    const large = await measure(databaseUrl);
    for (const page of PAGES) {
      const [s, l] = [small[page], large[page]];
      const bad = s.status !== 200 || l.status !== 200 ? `; status ${s.status}/${l.status}` : "";
      report.add({
        section,
        measure: `${page} time ×`,
        figure: l.medianMs / s.medianMs,
        unit: "×",
        target: { op: "<=", value: 1.5 },
        note: `median of ${l.requests}/${s.requests} requests: ${l.medianMs.toFixed(1)} ms vs ${s.medianMs.toFixed(1)} ms (mean ${l.meanMs.toFixed(1)} vs ${s.meanMs.toFixed(1)})${bad}`,
        detail: { small: s, large: l },
      });
      const [rs, rl] = [small[`${page} rendered`], large[`${page} rendered`]];
      report.add({
        section,
        measure: `${page} time rendered ×`,
        figure: rl.medianMs / rs.medianMs,
        unit: "×",
        target: { op: "<=", value: 1.5 },
        note: `without the render cache, median of ${rl.requests}/${rs.requests}: ${rl.medianMs.toFixed(1)} ms vs ${rs.medianMs.toFixed(1)} ms (mean ${rl.meanMs.toFixed(1)} vs ${rs.meanMs.toFixed(1)})${rs.status !== 200 || rl.status !== 200 ? `; status ${rs.status}/${rl.status}` : ""}`,
        detail: { small: rs, large: rl },
      });
      report.add({
        section,
        measure: `${page} HTML ×`,
        figure: l.htmlBytes / s.htmlBytes,
        unit: "×",
        target: { op: "<=", value: 1.5 },
        note: `${(l.htmlBytes / 1024).toFixed(0)} KB vs ${(s.htmlBytes / 1024).toFixed(0)} KB (gzip ${(l.gzipBytes / 1024).toFixed(0)} vs ${(s.gzipBytes / 1024).toFixed(0)} KB)`,
      });
    }
  } finally {
    await sql.end();
  }
}
