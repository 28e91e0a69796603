import { expect, hydrated, test } from "./fixtures";

const NAV_EN = ["Home", "News", "About", "Calendar", "Videos", "Contact"];
const NAV_NL = ["Home", "Nieuws", "Over ons", "Kalender", "Video's", "Contact"];

test.describe("layout and navigation", () => {
  test("the demo says on every page that payments are simulated, in the page's language, without blocking clicks", async ({ page }) => {
    await page.goto("/?lang=en");
    const bar = page.getByTestId("demo-bar");
    await expect(bar).toHaveText("Demo: payments are simulated, no money moves");
    await expect(bar).toBeInViewport();
    expect(await bar.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe("none");
    await page.goto("/calendar?lang=nl");
    await expect(page.getByTestId("demo-bar")).toHaveText("Demo: betalingen zijn nagebootst, er wordt geen geld overgemaakt");
    await page.goto("/servicevoorwaarden");
    await expect(page.getByTestId("demo-bar")).toBeVisible();
  });

  test("home has its sections in order and the nav items in the spec's order", async ({ page }) => {
    await page.goto("/?lang=en");
    const ids = await page.locator("main > section[id]").evaluateAll((els) => els.map((el) => el.id));
    expect(ids).toEqual(["home", "news", "events", "team", "newsletter", "contact"]);
    const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
    await expect(nav.getByRole("link")).toHaveText(NAV_EN);
    const hrefs = await nav.getByRole("link").evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(hrefs).toEqual(["#home", "#news", "#team", "/calendar", "/videos", "#contact"]);
    await expect(page.getByRole("link", { name: "Where is the boat?" }).first()).toHaveAttribute("href", "/waar-is-de-boot");
    await expect(page.locator("#news article")).toHaveCount(3);
    await expect(page.locator("#events article")).toHaveCount(4);
    await expect(page.locator("#team")).toContainText("2023");
    await expect(page.locator("#team")).toContainText("65 ft");
    await expect(page.locator("#team")).toContainText("34 m");
    await expect(page.locator("#team")).toContainText("33+");
    await expect(page.locator("#contact")).toContainText("Scheveningen, 3rd harbour");
    await expect(page.locator("#contact")).toContainText("team@oceanracing.test");
    await expect(page.locator("footer a[href='/privacy']")).toBeVisible();
    await expect(page.locator("footer a[href='/servicevoorwaarden']")).toBeVisible();
  });

  test("below the first screen, sections are laid out only when they come near it; their text is there all along", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/?lang=en");
    // Skipped by the browser in the first frame (content-visibility: auto)…
    const rendered = (selector: string) => page.locator(selector).first().evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
    for (const selector of ["#events article", "#team dl", "#contact a[href^='mailto:']", "footer a[href='/privacy']"]) expect(await rendered(selector)).toBe(false);
    // …yet in the document for find-in-page, screen readers and anchors.
    await expect(page.locator("#contact")).toContainText("team@oceanracing.test");
    // An address with the section's anchor lands on it, laid out.
    await page.goto("/?lang=en#contact");
    await expect(page.locator("#contact h2")).toBeInViewport();
    await expect.poll(() => rendered("#contact a[href^='mailto:']")).toBe(true);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(() => rendered("footer a[href='/privacy']")).toBe(true);
    await context.close();
  });

  test("event cards on home link to their calendar dialog", async ({ page }) => {
    await page.goto("/");
    const hrefs = await page.locator("#events article a").evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(hrefs.length).toBe(4);
    for (const href of hrefs) expect(href).toMatch(/^\/calendar\?event=[a-z0-9-]+$/);
  });

  test("Dutch by Accept-Language, toggle reads EN, and the choice persists", async ({ browser }) => {
    const context = await browser.newContext({ locale: "nl-NL" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByRole("navigation", { name: "Hoofdnavigatie" }).first().getByRole("link")).toHaveText(NAV_NL);
    const toggle = page.getByTestId("language-toggle");
    await expect(toggle).toHaveText("EN");
    await hydrated(page);
    await toggle.click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("language-toggle")).toHaveText("NL");
    // A fresh page load without ?lang= keeps the stored choice.
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sail the oceans with us");
    await context.close();
  });

  test("English for other browser languages; toggle reads NL", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("language-toggle")).toHaveText("NL");
    await context.close();
  });

  test("mobile menu opens and closes", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-GB" });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    const button = page.getByRole("button", { name: "Open menu" });
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
    await button.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByRole("link")).toHaveText([...NAV_EN, "Where is the boat?"]);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toHaveCount(0);
    // Choosing an item closes it too.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Calendar" }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
    await context.close();
  });

  test("an anchor link from another route goes home and scrolls to the section", async ({ page }) => {
    await page.goto("/calendar?lang=en");
    await hydrated(page);
    await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator("#contact")).toBeInViewport();
  });

  test("a route change scrolls to the top", async ({ page }) => {
    await page.goto("/?lang=en");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator("footer").getByRole("link", { name: "Privacy policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("security headers, CSP nonce and health check", async ({ page, request, baseURL }) => {
    // A cookie other than the language choice: the page is rendered for this answer, with its
    // nonce (a page from the render cache has hashes instead: http-caching.spec).
    await page.context().addCookies([{ name: "e2e-visit", value: "1", url: baseURL! }]);
    const response = await page.goto("/");
    expect(response!.headers()["x-render-cache"]).toBeUndefined();
    const headers = response!.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const scripts = await page.locator("script:not([type='application/ld+json'])").evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    for (const n of scripts) expect(n).toBe(nonce);
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
  });

  test("every page has a title, description and canonical link; sitemap and robots exist", async ({ page, request }) => {
    await page.goto("/?lang=en");
    await expect(page).toHaveTitle(/Ocean Racing Team/);
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/\?lang=en$/);
    await expect(page.locator("meta[name=description]")).toHaveAttribute("content", /.{50,}/);
    await expect(page.locator("meta[property='og:image']")).toHaveAttribute("content", /og-1200\.jpg$/);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain("/news/");
    expect(xml).toContain("/calendar?event=");
    expect(xml).not.toContain("vwdtp");
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain("Sitemap: ");
  });

  test("fonts: a page loads only the preloaded latin subsets and its text is set in them; a letter outside them falls through to the full files", async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(".woff2")) fonts.push(new URL(request.url()).pathname);
    });
    await page.goto("/about?lang=nl");
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    const preloaded = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloaded).toHaveLength(3);
    expect(preloaded.every((href) => /-latin-subset-/.test(href))).toBe(true);
    expect([...new Set(fonts)].sort()).toEqual([...preloaded].sort());
    // The heading and body text are drawn with the site's fonts, not a fallback.
    const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === "loaded").map((f) => `${f.family} ${f.weight}`));
    expect(loaded.map((f) => f.replace(/"/g, "")).sort()).toEqual(["Barlow Condensed 600", "Barlow Condensed 700", "Inter Variable 100 900"]);
    // A name with a letter the subsets leave out still gets the font: the latin-ext file.
    await page.evaluate(() => {
      const p = document.createElement("p");
      p.textContent = "Łukasz Nowak";
      document.querySelector("main")!.append(p);
    });
    await expect.poll(() => fonts.some((f) => /inter-latin-ext/.test(f))).toBe(true);
  });

  test("hashed assets are cached as immutable and responses are compressed", async ({ page, request }) => {
    await page.goto("/");
    const asset = await page.locator("link[rel=stylesheet]").first().getAttribute("href");
    const response = await request.get(asset!, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });
});

test.describe("not found", () => {
  // The browser logs the document's own 404 status as a failed resource: that is the point here.
  test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

  test("unknown paths answer 404 with the message in both languages", async ({ page }) => {
    const en = await page.goto("/no-such-page?lang=en");
    expect(en?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to home" })).toHaveAttribute("href", "/");
    const nl = await page.goto("/nog/een/pagina?lang=nl");
    expect(nl?.status()).toBe(404);
    await expect(page.getByText("Oeps! Pagina niet gevonden")).toBeVisible();
  });
});
