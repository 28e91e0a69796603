import type { Browser, Page, Request } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/**
 * What a phone asks for on a first visit, and when (decision 032): the page announces every
 * script it needs in its head, its language's messages included, and leaves the pictures below
 * the first screen until it is interactive.
 */

const PHONE = { width: 390, height: 844 };

async function phone(browser: Browser, baseURL: string | undefined, locale: "en" | "nl", javaScriptEnabled = true) {
  return browser.newContext({ baseURL, viewport: PHONE, locale: locale === "en" ? "en-GB" : "nl-NL", javaScriptEnabled });
}

const pathOf = (request: Request) => new URL(request.url()).pathname;

test.describe("a first visit", () => {
  for (const locale of ["nl", "en"] as const) {
    test(`asks for no script its HTML did not announce (${locale})`, async ({ browser, baseURL }) => {
      const context = await phone(browser, baseURL, locale);
      const page = await context.newPage();
      // A shared event link arrives with the event's dialog open: its code, split off the
      // calendar, is announced too.
      for (const path of ["/", "/news", "/calendar", "/about", "/arc", "/calendar?event=zakelijke-zeildag"]) {
        const scripts: string[] = [];
        const onRequest = (request: Request) => {
          if (request.resourceType() === "script") scripts.push(pathOf(request));
        };
        page.on("request", onRequest);
        const response = await page.goto(path);
        await hydrated(page);
        await page.waitForLoadState("networkidle");
        page.off("request", onRequest);
        const html = await response!.text();
        // /arc is in English for everyone; its messages are the English ones.
        expect(html, `${path} in its language`).toContain(`<html lang="${path === "/arc" ? "en" : locale}"`);
        const announced = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]));
        // The page's own messages come from a catalog of its language; a script asked for only
        // after the shared chunk ran would be a round trip more before the page is interactive.
        const messageCatalogs = [...announced].filter((href) => /\/assets\/(index|news|content|private)-/.test(href!));
        expect(messageCatalogs.length, `${path} announces its messages`).toBeGreaterThan(0);
        expect(scripts.length, `${path} loads scripts`).toBeGreaterThan(3);
        expect(scripts.filter((script) => !announced.has(script)), `scripts ${path} asked for without announcing them`).toEqual([]);
        const dialogCode = scripts.filter((script) => /\/event-dialog-content-/.test(script));
        expect(dialogCode, `${path} loads the event dialog's code`).toHaveLength(path.includes("?event=") ? 1 : 0);
      }
      await context.close();
    });
  }

  test("the calendar's event dialog comes on the first sign of interest in a card, and opens", async ({ browser, baseURL }) => {
    const context = await phone(browser, baseURL, "en");
    const page = await context.newPage();
    const dialogCode: string[] = [];
    page.on("request", (request) => {
      if (/\/event-dialog-content-/.test(pathOf(request))) dialogCode.push(pathOf(request));
    });
    await page.goto("/calendar");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(dialogCode).toEqual([]);
    const card = page.locator("main article a[data-event-opener]").first();
    const loaded = page.waitForResponse((response) => /\/event-dialog-content-/.test(response.url()));
    await card.focus();
    await loaded;
    await card.press("Enter");
    const dialog = page.getByTestId("event-dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeFocused();
    expect(dialogCode).toHaveLength(1);
    await context.close();
  });

  test("a shared event link hydrates with its dialog: the dialog works as soon as the page does, even when its code is slow", async ({ browser, baseURL }) => {
    const context = await phone(browser, baseURL, "en");
    const page = await context.newPage();
    // The dialog's code is held until the server-rendered dialog is on the screen: it arrives late.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/event-dialog-content-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/calendar?event=zakelijke-zeildag", { waitUntil: "commit" });
    const dialog = page.getByTestId("event-dialog");
    await expect(dialog).toBeVisible();
    release();
    await hydrated(page);
    // Radix's Escape handler, not a plain link: only a hydrated dialog closes this way.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0, { timeout: 1000 });
    await expect(page).toHaveURL(/\/calendar$/);
    await context.close();
  });

  test("pictures below the first screen wait for the page to be interactive, then load as it scrolls", async ({ browser, baseURL }) => {
    const context = await phone(browser, baseURL, "en");
    const page = await context.newPage();
    // Hold the shared chunk: the page is shown, laid out and painted, but cannot hydrate.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/site-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const pictures: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image" && pathOf(request).startsWith("/images/")) pictures.push(pathOf(request));
    });
    const hero = page.waitForResponse((response) => /\/images\/hero-/.test(response.url()));
    await page.goto("/", { waitUntil: "commit" });
    await expect(page.locator("#events article").first()).toBeAttached();
    await hero;
    // Two frames after the hero arrived: a lazy picture near the screen would be asked for by now.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(pictures.filter((path) => !path.startsWith("/images/hero-"))).toEqual([]);
    // Each card keeps its picture's place meanwhile: nothing moves when the pictures come.
    const box = await page.locator("#news article [data-picture-pending]").first().boundingBox();
    expect(box!.height).toBeGreaterThan(100);

    release();
    await hydrated(page);
    await expect(page.locator("[data-picture-pending]")).toHaveCount(0);
    const card = page.locator("#events article img").first();
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(pictures.some((path) => !path.startsWith("/images/hero-"))).toBe(true);
    await context.close();
  });

  test("without JavaScript the same pictures are there, and no empty box in their place", async ({ browser, baseURL }) => {
    const context = await phone(browser, baseURL, "nl", false);
    const page: Page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("[data-picture-pending]").first()).toBeAttached();
    await expect(page.locator("[data-picture-pending]").first()).toBeHidden();
    const card = page.locator("#events article img").first();
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.goto("/about");
    const story = page.locator("main img[alt]:not([alt=''])").nth(1);
    await story.scrollIntoViewIfNeeded();
    await expect(story).toBeVisible();
    await context.close();
  });
});
