import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { signInAdmin } from "./admin-login";
import { expect, hydrated, test } from "./fixtures";

/**
 * Issue 14, content in two languages (decision 016): each visitor reads an article in their
 * language; where it is missing, the other language is shown with a note that names what fell
 * back, and that text carries its own `lang`. The admin writes both languages side by side.
 * The articles made here are dated years back, so they sort after every demo article and leave
 * the other specs' lists and the home page alone.
 */

const run = Date.now().toString(36);
const DUTCH_ONLY = {
  slug: `alleen-nederlands-${run}`,
  title: `Nachtwacht op de Noordzee ${run}`,
  description: "Een verslag van de nachtwacht, alleen in het Nederlands.",
  content: "## Om drie uur\n\nDe wind **draait** naar het noorden.",
};
const ENGLISH_ONLY = {
  slug: `english-only-${run}`,
  title: `Night watch in the Channel ${run}`,
  description: "A report of the night watch, in English only.",
  content: "## At three o'clock\n\nThe wind **veers** to the north.",
};
const SEEDED = {
  slug: "voorbereiding-noordzee-recordpoging",
  en: "North Sea record attempt preparations in full swing",
  nl: "Voorbereiding Noordzee-recordpoging in volle gang",
};

async function visitor(browser: Browser, baseURL: string | undefined, lang: "nl" | "en"): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
  await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
  return context.newPage();
}

async function publish(page: Page, fill: (page: Page) => Promise<void>) {
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await fill(page);
  await page.getByLabel("Datum").fill("2019-06-01");
  await page.getByRole("switch", { name: "Gepubliceerd" }).check();
  await page.getByRole("button", { name: "Artikel opslaan" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Artikel opgeslagen" })).toBeVisible({ timeout: 20_000 });
}

test.describe.configure({ mode: "serial", timeout: 120_000 });
// The admin gate answers 401 before signing in: Chromium logs it.
test.use({ allowConsoleErrors: [/status of 401/] });

test("an English visitor reads a translated article in English, without a note, and every page names its alternates", async ({ browser, baseURL }) => {
  const page = await visitor(browser, baseURL, "en");
  await page.goto(`/news/${SEEDED.slug}`);
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: SEEDED.en });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("language-note")).toHaveCount(0);
  await expect(dialog.getByRole("heading", { name: SEEDED.en })).not.toHaveAttribute("lang");
  await expect(dialog).toContainText("The goal is clear");

  const url = `${baseURL}/news/${SEEDED.slug}`;
  // The plain address picks the language: canonical at itself, the x-default (decision 024).
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
  await expect(page.locator('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute("href", `${url}?lang=nl`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${url}?lang=en`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", url);

  // The Dutch address gives the Dutch article, canonical at its own address.
  await page.goto(`/news/${SEEDED.slug}?lang=nl`);
  await expect(page.getByRole("dialog", { name: SEEDED.nl })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${url}?lang=nl`);
  await page.context().close();
});

test("the admin writes both languages side by side, stacked on a phone", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page, "/admin/blog/new");
  const dutch = page.getByTestId("texts-nl");
  const english = page.getByTestId("texts-en");
  await expect(dutch.getByLabel("Titel", { exact: true })).toBeVisible();
  await expect(english.getByLabel("Titel (Engels)")).toBeVisible();
  const [nlBox, enBox] = [await dutch.boundingBox(), await english.boundingBox()];
  expect(enBox!.x).toBeGreaterThan(nlBox!.x + nlBox!.width - 1);
  expect(Math.abs(enBox!.y - nlBox!.y)).toBeLessThan(2);

  // Nothing in either language: one clear message per text, and nothing saved.
  await page.getByLabel("Slug", { exact: true }).fill(`leeg-${run}`);
  await page.getByRole("button", { name: "Artikel opslaan" }).click();
  await expect(dutch.getByText("Vul de titel, beschrijving en inhoud in, in het Nederlands of in het Engels").first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  const [nlPhone, enPhone] = [await dutch.boundingBox(), await english.boundingBox()];
  expect(enPhone!.y).toBeGreaterThanOrEqual(nlPhone!.y + nlPhone!.height);
  await context.close();
});

test("an English visitor sees a Dutch-only article in Dutch, with the note; a Dutch visitor without it", async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAdmin(adminPage, "/admin/blog/new");
  await publish(adminPage, async (page) => {
    await page.getByLabel("Titel", { exact: true }).fill(DUTCH_ONLY.title);
    await page.getByLabel("Slug", { exact: true }).fill(DUTCH_ONLY.slug);
    await page.getByLabel("Beschrijving", { exact: true }).fill(DUTCH_ONLY.description);
    await page.getByLabel("Inhoud (markdown)", { exact: true }).fill(DUTCH_ONLY.content);
  });
  await admin.close();

  const en = await visitor(browser, baseURL, "en");
  // The list's card marks the Dutch title as Dutch.
  await en.goto("/news");
  await hydrated(en);
  await expect(en.locator("main article h3", { hasText: DUTCH_ONLY.title })).toHaveAttribute("lang", "nl");

  await en.goto(`/news/${DUTCH_ONLY.slug}`);
  await hydrated(en);
  const dialog = en.getByRole("dialog", { name: DUTCH_ONLY.title });
  await expect(dialog).toBeVisible();
  await expect(en.locator("html")).toHaveAttribute("lang", "en");
  await expect(dialog.getByTestId("language-note")).toHaveText("Only available in Dutch: the title, the summary and the article's text.");
  await expect(dialog.getByRole("heading", { name: DUTCH_ONLY.title })).toHaveAttribute("lang", "nl");
  await expect(dialog.getByRole("heading", { name: "Om drie uur" })).toBeVisible();
  await expect(dialog.locator('[lang="nl"]', { hasText: "De wind draait naar het noorden." })).toHaveCount(1);
  // The page stays accessible with the note and the Dutch parts (language of parts).
  const results = await new AxeBuilder({ page: en }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await en.context().close();

  const nl = await visitor(browser, baseURL, "nl");
  await nl.goto(`/news/${DUTCH_ONLY.slug}`);
  await hydrated(nl);
  const dutchDialog = nl.getByRole("dialog", { name: DUTCH_ONLY.title });
  await expect(dutchDialog).toBeVisible();
  await expect(dutchDialog.getByTestId("language-note")).toHaveCount(0);
  await expect(dutchDialog.getByRole("heading", { name: DUTCH_ONLY.title })).not.toHaveAttribute("lang");
  await nl.context().close();
});

test("the other way round: a Dutch visitor sees an English-only article with 'Alleen in het Engels beschikbaar'", async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAdmin(adminPage, "/admin/blog/new");
  await publish(adminPage, async (page) => {
    await page.getByLabel("Slug", { exact: true }).fill(ENGLISH_ONLY.slug);
    await page.getByLabel("Titel (Engels)").fill(ENGLISH_ONLY.title);
    await page.getByLabel("Beschrijving (Engels)").fill(ENGLISH_ONLY.description);
    await page.getByLabel("Inhoud in markdown (Engels)").fill(ENGLISH_ONLY.content);
    await expect(page.getByTestId("article-preview-en").getByRole("heading", { name: "At three o'clock" })).toBeVisible();
  });
  // The admin list names it by its English title.
  await adminPage.goto("/admin/articles");
  await expect(adminPage.getByRole("link", { name: new RegExp(ENGLISH_ONLY.title) }).first()).toBeVisible();
  await admin.close();

  const nl = await visitor(browser, baseURL, "nl");
  await nl.goto(`/news/${ENGLISH_ONLY.slug}`);
  await hydrated(nl);
  const dialog = nl.getByRole("dialog", { name: ENGLISH_ONLY.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("language-note")).toHaveText("Alleen in het Engels beschikbaar: de titel, de samenvatting en de tekst van het artikel.");
  await expect(dialog.getByRole("heading", { name: ENGLISH_ONLY.title })).toHaveAttribute("lang", "en");
  await nl.context().close();
});

test("the sitemap lists both languages with their alternates", async ({ request, baseURL }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toContain(`<loc>${baseURL}/news/${SEEDED.slug}?lang=nl</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/news/${SEEDED.slug}?lang=en</loc>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/news/${SEEDED.slug}"/>`);
});
