import { expect, hydrated, test } from "./fixtures";

// The demo article with a picture that does not exist logs its 404 on every page that shows it.
test.use({ allowConsoleErrors: [/missing-photo/] });

/** The seeded published articles, newest first (the unpublished draft must never appear). */
const SEEDED = {
  nl: [
    "Voorbereiding Noordzee-recordpoging in volle gang",
    "Drie nieuwe bemanningsleden aan boord",
    "Met de ARC de Atlantische Oceaan over",
    "Zakelijke zeildagen: teambuilding op de Noordzee",
    "Refit: de boot staat op de kant",
    "Terugblik: tweede in de race rond de wereld",
    "Zomeravondzeilen vanuit Scheveningen",
  ],
  en: [
    "North Sea record attempt preparations in full swing",
    "Three new crew members on board",
    "Across the Atlantic with the ARC",
    "Corporate sailing days: team building on the North Sea",
    "Refit: the boat is out of the water",
    "Looking back: second in the round-the-world race",
    "Summer evening sailing from Scheveningen",
  ],
};
const DRAFT = { nl: "Concept: nieuwe hoofdsponsor voor het team", en: "Draft: new title sponsor for the team" };

const LANGUAGES = [
  {
    lang: "nl",
    title: "Nieuws",
    latest: "Nieuwste artikel",
    newsletter: "Zeil mee vanaf de wal",
    date: /^\d{1,2} [a-z]+ \d{4}$/,
    placeholder: "Afbeelding niet beschikbaar",
  },
  {
    lang: "en",
    title: "News",
    latest: "Latest article",
    newsletter: "Sail along from shore",
    date: /^[A-Z][a-z]+ \d{1,2}, \d{4}$/,
    placeholder: "Image unavailable",
  },
] as const;

test.describe("news list", () => {
  for (const { lang, title, latest, newsletter, date } of LANGUAGES) {
    test(`shows every published article newest first, the newest featured beside the newsletter (${lang})`, async ({ page }) => {
      await page.goto(`/news?lang=${lang}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

      const cards = page.locator("main article");
      const titles = await cards.locator("h3").allTextContents();
      // Other tests may publish articles too: the seeded ones must appear, in this order.
      expect(titles.filter((t) => (SEEDED[lang] as readonly string[]).includes(t))).toEqual(SEEDED[lang]);
      expect(titles).not.toContain(DRAFT[lang]);

      const dates = await cards.locator("time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
      expect(dates.length).toBe(titles.length);
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const text of await cards.locator("time").allTextContents()) expect(text).toMatch(date);

      const featured = page.getByRole("region", { name: latest });
      await expect(featured.locator("article h3")).toHaveText(titles[0]);
      await expect(featured.getByRole("heading", { name: newsletter })).toBeVisible();
      await expect(featured.getByRole("textbox")).toHaveCount(2);
    });
  }

  test("the back button goes home", async ({ page }) => {
    await page.goto("/news?lang=en");
    await hydrated(page);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/(\?.*)?$/);
    await expect(page.locator("#home")).toBeVisible();
  });

  for (const { lang, placeholder } of LANGUAGES) {
    test(`an article whose picture fails shows the placeholder, in the list and in its dialog (${lang})`, async ({ page }) => {
      await page.goto(`/news?lang=${lang}`);
      await hydrated(page);
      const card = page.locator("main article").filter({ hasText: SEEDED[lang][6] });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByRole("img", { name: placeholder })).toBeVisible();
      await expect(card.locator("img")).toHaveCount(0);
      await card.getByRole("link", { name: SEEDED[lang][6] }).click();
      await expect(page.getByRole("dialog").getByRole("img", { name: placeholder })).toBeVisible();
    });
  }

  test("shows skeletons while the list reloads in another language", async ({ page }) => {
    await page.goto("/news?lang=nl");
    await hydrated(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/news\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId("language-toggle").first().click();
    await expect(page.getByTestId("news-loading")).toBeVisible();
    await expect(page.locator("main article")).toHaveCount(0);
    release();
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
    await expect(page.getByTestId("news-loading")).toHaveCount(0);
    await expect(page.locator("main article").first()).toBeVisible();
  });
});

test.describe("article dialog", () => {
  test("opens from the list with the rendered markdown; Escape closes it and keeps the scroll position", async ({ page }) => {
    await page.goto("/news?lang=nl");
    await hydrated(page);
    const title = SEEDED.nl[2];
    const link = page.getByRole("link", { name: title });
    await link.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    expect(scrollBefore).toBeGreaterThan(200);
    await link.click();

    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/news\/met-de-arc-de-atlantische-oceaan-over$/);
    // Markdown: headings (shifted below the dialog title), list items, links, no raw markup.
    await expect(dialog.locator("h3").first()).toBeVisible();
    expect(await dialog.locator(".prose-article li").count()).toBeGreaterThan(1);
    await expect(dialog.locator(".prose-article a").first()).toBeVisible();
    await expect(dialog).not.toContainText("##");
    await expect(dialog.locator("time")).toHaveText(/^\d{1,2} [a-z]+ \d{4}$/);
    await expect(dialog.getByRole("link", { name: /Document downloaden/ })).toHaveAttribute("href", "/documents/arc-2025-brochure.pdf");

    // Focus stays inside the dialog.
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/news$/);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(50);
  });

  test("a direct link opens the article over the list, rendered on the server, with its own meta tags", async ({ page, baseURL }) => {
    const slug = "voorbereiding-noordzee-recordpoging";
    const html = await (await page.request.get(`/news/${slug}?lang=en`)).text();
    expect(html).toContain('role="dialog"');
    expect(html).toContain(SEEDED.en[0]);

    const response = await page.goto(`/news/${slug}?lang=en`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: SEEDED.en[0] });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page).toHaveTitle(`${SEEDED.en[0]} | Ocean Racing Team`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/news/${slug}?lang=en`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /New sails, a tight training schedule/);

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/news\?lang=en$/);
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  });

  test.describe("unknown and unpublished articles", () => {
    // One pattern: Playwright reads a two-element array as [value, options].
    test.use({ allowConsoleErrors: [/status of 404|missing-photo/] });
    for (const slug of ["bestaat-niet", "concept-nieuwe-hoofdsponsor"]) {
      test(`/news/${slug} answers 404 with a message over the list`, async ({ page }) => {
        const response = await page.goto(`/news/${slug}?lang=nl`);
        expect(response?.status()).toBe(404);
        await hydrated(page);
        const dialog = page.getByRole("dialog", { name: "Artikel niet gevonden" });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText("Oeps! Pagina niet gevonden");
        await page.keyboard.press("Escape");
        await expect(page).toHaveURL(/\/news\?lang=nl$/);
        await expect(page.getByRole("heading", { level: 1, name: "Nieuws" })).toBeVisible();
      });
    }
  });
});
