import zlib from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

// Compression and HTTP caching in a real browser against the production build (decision 013).

// The demo article's picture is missing on purpose.
test.use({ allowConsoleErrors: [/missing-photo/] });

test("a page the browser revalidates (304) keeps running its scripts under the CSP it came with", async ({ page }) => {
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/news" && response.request().resourceType() === "document") statuses.push(response.status());
  });
  const first = await page.goto("/news");
  expect(first!.headers()["etag"]).toMatch(/^W\/"/);
  expect(first!.headers()["cache-control"]).toBe("private, no-cache");
  await hydrated(page);
  // A reload asks the server with If-None-Match; the answer is 304 and the stored page is used.
  await page.reload();
  await hydrated(page);
  await page.goto("/about");
  await page.goto("/news");
  await hydrated(page);
  expect(statuses.length).toBeGreaterThanOrEqual(3);
  // The scripts of the reused page run: a CSP with another nonce would have blocked them (and
  // logged a console error, which fails the test).
  const nonces = await page.locator("script:not([type='application/ld+json']):not([type='application/json'])").evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
  expect(new Set(nonces).size).toBe(1);
});

test("the server answers a matching If-None-Match with 304 and no CSP, a stale one in full", async ({ request }) => {
  // Other specs book on this server at the same time, and places left are part of the page: when
  // the page changed between the two requests, the answer is a 200 with a new ETag, and we ask
  // again with that one. A page that never answers 304 fails.
  let etag = (await request.get("/calendar")).headers()["etag"]!;
  let again = await request.get("/calendar", { headers: { "if-none-match": etag } });
  for (let attempt = 0; attempt < 5 && again.status() === 200 && again.headers()["etag"] !== etag; attempt++) {
    etag = again.headers()["etag"]!;
    again = await request.get("/calendar", { headers: { "if-none-match": etag } });
  }
  expect(again.status(), `${etag} then ${again.headers()["etag"]}`).toBe(304);
  expect(again.headers()["content-security-policy"]).toBeUndefined();
  const stale = await request.get("/calendar", { headers: { "if-none-match": 'W/"stale"' } });
  expect(stale.status()).toBe(200);
  // Rendered with a nonce, or from the render cache with the hashes of its scripts (decision 022).
  expect(stale.headers()["content-security-policy"]).toMatch(/script-src 'self' '(nonce|sha256)-/);
});

test.describe("inline scripts run only when the CSP names them", () => {
  // The injected script below is refused on purpose; Chromium logs that as a console error.
  test.use({ allowConsoleErrors: [/missing-photo|Content Security Policy/] });

  /**
   * Opens `body` as /news with `csp`, and reports whether the page hydrated (its own scripts ran),
   * whether a script slipped into it ran, and what the browser refused.
   */
  async function openWith(page: Page, body: string, csp: string) {
    await page.route("**/news", (route) => route.fulfill({ status: 200, headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": csp }, body }));
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener("securitypolicyviolation", (event) => w.violations.push(event.effectiveDirective));
    });
    await page.goto("/news");
    await hydrated(page);
    const injected = await page.evaluate(() => (window as unknown as { injected?: boolean }).injected ?? false);
    // Chromium may report one refusal more than once: what counts is which rule refused.
    const violations = [...new Set(await page.evaluate(() => (window as unknown as { violations: string[] }).violations))];
    await page.unroute("**/news");
    return { injected, violations };
  }
  const INJECTED = "<script>window.injected = true</script>";

  test("a page from the render cache: its scripts run by their hashes; a script added to it does not", async ({ page, request }) => {
    // Other specs book on this server at the same time, which renders the page again: ask until
    // the answer is one from the cache.
    let cached = await request.get("/news");
    for (let attempt = 0; attempt < 10 && cached.headers()["x-render-cache"] !== "hit"; attempt++) cached = await request.get("/news");
    expect(cached.headers()["x-render-cache"]).toBe("hit");
    const csp = cached.headers()["content-security-policy"]!;
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
    const html = await cached.text();
    expect(html).not.toContain("nonce=");

    expect(await openWith(page, html, csp)).toEqual({ injected: false, violations: [] });
    expect(await openWith(page, html.replace("</head>", `${INJECTED}</head>`), csp)).toEqual({ injected: false, violations: ["script-src-elem"] });
  });

  test("a rendered page: its scripts run by their nonce; a script without it does not", async ({ page, request }) => {
    // Any cookie but the language choice: rendered for this answer, never from the cache.
    const rendered = await request.get("/news", { headers: { cookie: "e2e-visit=1" } });
    expect(rendered.headers()["x-render-cache"]).toBeUndefined();
    const csp = rendered.headers()["content-security-policy"]!;
    expect(/script-src ([^;]*)/.exec(csp)![1]).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]+=*'$/);
    const html = await rendered.text();

    expect(await openWith(page, html, csp)).toEqual({ injected: false, violations: [] });
    expect(await openWith(page, html.replace("</head>", `${INJECTED}</head>`), csp)).toEqual({ injected: false, violations: ["script-src-elem"] });
  });
});

test("the built scripts are sent precompressed: the .br bytes, immutable, decoding to the script", async ({ request }) => {
  // From the server's HTML, not the live page: once hydrated, React drops the modulepreload links
  // from the document, so a DOM query raced hydration (and timed out when hydration won).
  const home = await request.get("/");
  const html = await home.text();
  const sources = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  expect(sources.length).toBeGreaterThan(0);
  for (const source of sources) expect(source).toMatch(/^\/assets\/.+\.js$/);
  // The largest (some route facades are a few bytes: below the 1 KB a compressed copy is made for).
  const plains = await Promise.all(sources.map(async (source) => ({ source, answer: await request.get(source, { headers: { "accept-encoding": "identity" } }) })));
  const { source: src, answer: plain } = plains.reduce((a, b) => (Number(b.answer.headers()["content-length"]) > Number(a.answer.headers()["content-length"]) ? b : a));
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const original = await plain.body();
  expect(original.length).toBeGreaterThan(1024);
  // Playwright's request decodes bodies; ask Node for the raw bytes.
  const raw = await fetchRaw(new URL(src, home.url()).href, "br");
  expect(raw.headers.get("content-encoding")).toBe("br");
  expect(raw.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(raw.headers.get("vary")).toMatch(/Accept-Encoding/i);
  expect(Number(raw.headers.get("content-length"))).toBe(raw.body.length);
  expect(zlib.brotliDecompressSync(raw.body).equals(original)).toBe(true);
});

/** A GET through node:http, whose body is not decoded. */
async function fetchRaw(url: string, acceptEncoding: string): Promise<{ headers: Headers; body: Buffer }> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const headers = new Headers();
          for (const [key, value] of Object.entries(res.headers)) if (typeof value === "string") headers.set(key, value);
          resolve({ headers, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

test("public pages hydrate with the server's dates and prices: no Intl formatter is built while they load (decision 031)", async ({ page }) => {
  // Every Intl constructor (and localeCompare) counted from before the page's first script.
  await page.addInitScript(() => {
    const built: string[] = [];
    (window as unknown as { __intlBuilt: string[] }).__intlBuilt = built;
    for (const name of ["DateTimeFormat", "NumberFormat", "ListFormat", "Collator", "PluralRules", "RelativeTimeFormat"] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
        construct(target, args: unknown[]) {
          built.push(`${name} ${JSON.stringify(args)}`);
          return Reflect.construct(target, args);
        },
      });
    }
    const localeCompare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<string["localeCompare"]>) {
      built.push("localeCompare");
      return localeCompare.apply(this, args);
    };
  });
  // /about formats nothing, so it has no data block.
  for (const [path, formats] of [["/", true], ["/news", true], ["/calendar", true], ["/about", false], ["/arc", true]] as const) {
    const answer = await page.goto(path);
    // The page came with what its render formatted (React drops the data block as it hydrates
    // the head, after the browser has read it).
    expect((await answer!.text()).includes('<script type="application/json" id="intl-seed">'), path).toBe(formats);
    await hydrated(page);
    // The dates are on the page, as the server wrote them.
    await expect(page.locator("main")).toContainText(/\b20\d\d\b/);
    expect(await page.evaluate(() => (window as unknown as { __intlBuilt: string[] }).__intlBuilt), path).toEqual([]);
  }
});
