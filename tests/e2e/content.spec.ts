import type { BrowserContext, Page } from "@playwright/test";
import { messages, type Locale, type MessageKey } from "../../app/i18n";
import { privacy } from "../../app/content/privacy";
import { expect, hydrated, test } from "./fixtures";

const TEAM_EMAIL = "team@oceanracing.test";
const t = (locale: Locale, key: MessageKey) => messages[locale][key];

/** The language choice as the site stores it: the `lang` cookie. */
async function chooseLanguage(context: BrowserContext, baseURL: string | undefined, locale: Locale) {
  await context.addCookies([{ name: "lang", value: locale, url: baseURL! }]);
}

/**
 * The embeds are third-party pages; answer them locally so the tests neither depend on the
 * network nor leak requests, and so we can see exactly when the page asks for them.
 */
async function stubEmbeds(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(/^https:\/\/(www\.youtube-nocookie\.com|www\.vesselfinder\.com)\//, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>embed</title><p>embed" });
  });
  return requested;
}

async function expectCanonical(page: Page, baseURL: string | undefined, path: string) {
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${path}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
}

const PAGES_BY_SETTING: { path: string; heading: (locale: Locale) => string }[] = [
  { path: "/about", heading: (l) => t(l, "content.about.hero.title") },
  { path: "/videos", heading: (l) => t(l, "content.videos.title") },
  { path: "/waar-is-de-boot", heading: (l) => t(l, "nav.boat") },
  { path: "/privacy", heading: (l) => privacy[l].title },
];

for (const locale of ["en", "nl"] as const) {
  test.describe(`content pages in ${locale}`, () => {
    test.beforeEach(async ({ context, baseURL, page }) => {
      await chooseLanguage(context, baseURL, locale);
      await stubEmbeds(page);
    });

    for (const { path, heading } of PAGES_BY_SETTING) {
      test(`${path} renders its heading in ${locale} with a canonical link`, async ({ page, baseURL }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading(locale));
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        // Asked for at the plain address (the language from the cookie): canonical there, the
        // x-default alternate, never another language's address (decision 024).
        await expectCanonical(page, baseURL, path);
        await expect(page).toHaveTitle(/Ocean Racing Team/);
        await hydrated(page);
      });
    }

    test(`/about tells the story with the boat's facts and calls to action (${locale})`, async ({ page }) => {
      await page.goto("/about");
      const main = page.locator("main");
      for (const fact of ["2023", "65 ft", "34 m", "33+"]) await expect(main.locator("dl").first()).toContainText(fact);
      await expect(main.getByRole("heading", { level: 2, name: t(locale, "content.about.race.title") })).toBeVisible();
      await expect(main).toContainText(t(locale, "content.about.boat.spec.portValue"));
      const activities = main.locator("article");
      await expect(activities).toHaveCount(4);
      await expect(activities.getByRole("heading", { level: 3 })).toHaveText([
        t(locale, "content.about.now.corporate.title"),
        t(locale, "content.about.now.charters.title"),
        t(locale, "content.about.now.record.title"),
        t(locale, "content.about.now.evening.title"),
      ]);
      await expect(main.getByRole("link", { name: t(locale, "content.about.cta.calendar") }).first()).toHaveAttribute("href", "/calendar");
      await expect(main.getByRole("link", { name: t(locale, "content.about.cta.contact") }).first()).toHaveAttribute("href", "/#contact");
      // Every picture has its dimensions, so nothing shifts while it loads.
      const sizeless = await main.locator("img").evaluateAll((imgs) => imgs.filter((img) => !img.getAttribute("width") || !img.getAttribute("height")).length);
      expect(sizeless).toBe(0);
    });

    test(`/privacy lists its sections, names the cookies and links the team address (${locale})`, async ({ page }) => {
      await page.goto("/privacy");
      const policy = privacy[locale];
      const toc = page.getByRole("navigation", { name: t(locale, "content.legal.toc") });
      await expect(toc.getByRole("link")).toHaveCount(policy.sections.length);
      await expect(page.locator("main section h2")).toHaveText(policy.sections.map((s) => s.title));
      const cookies = page.locator("section#cookies");
      await expect(cookies).toContainText(/\blang\b/);
      await expect(cookies).toContainText("access_");
      await expect(page.locator(`main a[href="mailto:${TEAM_EMAIL}"]`).first()).toBeVisible();
      await expect(page.locator("main")).not.toContainText("{email}");
      await hydrated(page);
      await toc.getByRole("link", { name: policy.sections.find((s) => s.id === "cookies")!.title }).click();
      await expect(page).toHaveURL(/#cookies$/);
      await expect(cookies.getByRole("heading", { level: 2 })).toBeInViewport();
    });

    test(`/waar-is-de-boot embeds the live map lazily with a link out (${locale})`, async ({ page }) => {
      await page.goto("/waar-is-de-boot");
      const map = page.locator("main iframe");
      await expect(map).toHaveCount(1);
      await expect(map).toHaveAttribute("loading", "lazy");
      await expect(map).toHaveAttribute("title", t(locale, "content.boat.mapTitle"));
      const src = await map.getAttribute("src");
      expect(src).toMatch(/^https:\/\/www\.vesselfinder\.com\/aismap\?/);
      expect(new URL(src!).searchParams.get("mmsi")).toMatch(/^\d{9}$/);
      const linkOut = page.getByRole("link", { name: t(locale, "content.boat.openMap") });
      await expect(linkOut).toHaveAttribute("href", src!);
      await expect(linkOut).toHaveAttribute("target", "_blank");
      await expect(linkOut).toHaveAttribute("rel", /noopener/);
    });
  });
}

test.describe("terms of service", () => {
  test("are English with the ten-part waiver under #waiver, even when the language cookie is nl", async ({ context, baseURL, page }) => {
    await chooseLanguage(context, baseURL, "nl");
    const response = await page.goto("/servicevoorwaarden");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await expectCanonical(page, baseURL, "/servicevoorwaarden");
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_GB");
    await expect(page.locator("main section > h2")).toHaveText([
      "1. Booking and Payment",
      "2. Cancellation and Changes",
      "3. Waiver and Release",
      "4. Contact",
    ]);
    const waiver = page.locator("#waiver");
    await expect(waiver.locator("[data-waiver-part]")).toHaveCount(10);
    await expect(waiver.getByRole("heading", { level: 3 })).toHaveCount(10);
    await expect(waiver.getByRole("heading", { level: 3 }).first()).toHaveText("1. Acknowledgment of Risk");
    await expect(waiver.getByRole("heading", { level: 3 }).last()).toHaveText("10. Age Confirmation");
    await expect(waiver).toContainText("strictly prohibited");
    await expect(page.locator("main time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.locator("main")).toContainText("Last updated: ");
    await expect(page.locator(`#contact a[href="mailto:${TEAM_EMAIL}"]`)).toHaveText(TEAM_EMAIL);
  });

  test("a deep link to #waiver lands on the waiver", async ({ page }) => {
    await page.goto("/servicevoorwaarden#waiver");
    await expect(page.locator("#waiver h2")).toBeInViewport();
  });
});

test.describe("videos", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await chooseLanguage(context, baseURL, "en");
  });

  test("the featured video loads its player only when clicked, from the privacy-enhanced domain", async ({ page }) => {
    const requested = await stubEmbeds(page);
    await page.goto("/videos");
    await hydrated(page);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(requested).toEqual([]);
    const featured = page.getByRole("link", { name: `Play video: ${t("en", "content.videos.race.title")}`, exact: true });
    await expect(featured).toHaveAttribute("href", /^https:\/\/www\.youtube\.com\/watch\?v=/);
    await featured.click();
    const player = page.locator("main iframe");
    await expect(player).toHaveCount(1);
    await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/);
    await expect(player).toHaveAttribute("title", /YouTube video player/);
    await expect(page).toHaveURL(/\/videos$/);
    await expect.poll(() => requested.length).toBe(1);
    await expect(page.getByRole("link", { name: "Visit our YouTube channel" })).toHaveAttribute("href", "https://www.youtube.com/@oceanracingteam");
  });

  test("the two other videos open in dialogs that Escape closes", async ({ page }) => {
    await stubEmbeds(page);
    await page.goto("/videos");
    await hydrated(page);
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(2);
    for (const key of ["content.videos.record.title", "content.videos.corporate.title"] as const) {
      const title = t("en", key);
      const poster = page.getByRole("link", { name: `Play video: ${title}`, exact: true });
      await expect(page.locator("iframe")).toHaveCount(0);
      await poster.click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator("iframe")).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/);
      // Once the player has loaded, focus must still be in the page, or Escape would go to the frame.
      await expect(dialog.locator("iframe").contentFrame().locator("p")).toHaveText("embed");
      await expect(dialog).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      // Closing stops the video: the player is gone, and focus is back on the poster.
      await expect(page.locator("iframe")).toHaveCount(0);
      await expect(poster).toBeFocused();
    }
  });

  test("in Dutch the page and its dialogs speak Dutch", async ({ context, baseURL, page }) => {
    await chooseLanguage(context, baseURL, "nl");
    await stubEmbeds(page);
    await page.goto("/videos");
    await hydrated(page);
    const title = t("nl", "content.videos.corporate.title");
    await page.getByRole("link", { name: `Video afspelen: ${title}`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Sluiten" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("responsive", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ["/about", "/videos", "/waar-is-de-boot", "/privacy", "/servicevoorwaarden"]) {
    test(`${path} fits a 360 px screen without sideways scrolling`, async ({ page }) => {
      await stubEmbeds(page);
      await page.goto(path);
      await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
