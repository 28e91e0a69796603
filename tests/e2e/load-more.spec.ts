import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import postgres from "postgres";
import { expect, hydrated, test } from "./fixtures";
import { freePort, scratchDatabase, startSiteServer, stopSiteServer, waitReady, type SiteServer } from "./servers";

/**
 * Issue 13, growth: /news and /calendar show a page of cards and a 'Meer laden' / 'Load more'
 * link. With JavaScript it appends the next page in place, moves focus to the first new card and
 * updates the URL; without JavaScript it is a link the server answers with the longer list.
 *
 * The shared servers hold only the demo content (fewer than a page), so this file starts its own
 * server on a fresh PostgreSQL database with 30 more articles and events. Skipped (with a
 * message) when the PostgreSQL server is not reachable.
 */

let server: SiteServer | undefined;
let database: { url: string; drop: () => Promise<void> } | undefined;
let unreachable = "";

// The demo article with a picture that does not exist logs its 404 on every page that shows it.
test.use({ allowConsoleErrors: [/missing-photo/] });
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const scratch = await scratchDatabase("ort_load_more");
  if ("unreachable" in scratch) {
    unreachable = scratch.unreachable;
    return;
  }
  database = scratch;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-e2e-load-more-"));
  server = startSiteServer({
    port: await freePort(),
    dataDir,
    env: { DATABASE_URL: database.url, SESSION_SECRET: "load-more-e2e-session-secret-0123456789abcdef", SITE_MODE: "demo", DEMO_CONTENT: "true" },
  });
  await waitReady(server);

  // Older than every demo article and later than every demo event: they come after the demo ones.
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  await sql.unsafe(`
    insert into blog_posts (slug, title, title_en, description, description_en, content, date, category, published)
    select 'extra-artikel-' || g, 'Extra artikel ' || g, 'Extra article ' || g, 'Korte tekst ' || g, 'Short text ' || g,
      'Lange tekst ' || g, timestamptz '2020-01-01' - make_interval(days => g), 'general', true
    from generate_series(1, 30) g`);
  await sql.unsafe(`
    insert into events (slug, name, name_en, description, start_date, end_date, location, price_cents)
    select 'extra-evenement-' || g, 'Extra evenement ' || lpad(g::text, 2, '0'), 'Extra event ' || lpad(g::text, 2, '0'), 'Een dag op zee.',
      now() + interval '20 years' + make_interval(days => g), now() + interval '20 years' + make_interval(days => g, hours => 8), 'Scheveningen', 10000
    from generate_series(1, 30) g`);
  await sql.end();
});

test.afterAll(async () => {
  if (server) {
    await stopSiteServer(server);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  await database?.drop();
});

const LABEL = { nl: "Meer laden", en: "Load more" } as const;

const LISTS = [
  { name: "news", path: "/news", opener: "data-article-opener", item: "news-item" },
  { name: "calendar", path: "/calendar", opener: "data-event-opener", item: "event-item" },
] as const;

async function openers(page: Page, attribute: string): Promise<string[]> {
  return page.locator(`main a[${attribute}]`).evaluateAll((links, name) => links.map((a) => a.getAttribute(name as string) ?? ""), attribute);
}

for (const list of LISTS) {
  for (const lang of ["nl", "en"] as const) {
    test(`${list.path}: '${LABEL[lang]}' appends the next cards, moves focus to the first new one and updates the URL (${lang})`, async ({ page, context }) => {
      test.skip(Boolean(unreachable), unreachable);
      await context.addCookies([{ name: "lang", value: lang, url: server!.base }]);
      await page.goto(`${server!.base}${list.path}`);
      await hydrated(page);
      const cards = page.locator("main article");
      await expect(cards).toHaveCount(12);
      const firstPage = await openers(page, list.opener);
      // Mark a card shown before: appended in place, the page is not rendered anew.
      await cards.first().evaluate((el) => el.setAttribute("data-kept", "yes"));

      const more = page.getByRole("link", { name: LABEL[lang], exact: true });
      await expect(more).toHaveAttribute("href", `${list.path}?page=2#${list.item}-13`);
      await more.click();
      await expect(cards).toHaveCount(24);
      await expect(page).toHaveURL(new RegExp(`${list.path}\\?page=2#${list.item}-13$`));
      await expect(cards.first()).toHaveAttribute("data-kept", "yes");
      const both = await openers(page, list.opener);
      expect(both.slice(0, 12)).toEqual(firstPage);
      expect(new Set(both).size).toBe(24);
      // Focus is on the first new card's link.
      await expect.poll(() => page.evaluate((name) => document.activeElement?.getAttribute(name) ?? null, list.opener)).toBe(both[12]);
      await expect(page.locator(`#${list.item}-13 a[${list.opener}]`)).toBeFocused();

      // Keyboard users carry on from there: Enter opens that card.
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(cards).toHaveCount(24);
      await expect(page).toHaveURL(new RegExp(`${list.path}\\?page=2$`));
    });
  }

  test(`${list.path}: without JavaScript 'Load more' is a link to the longer list`, async ({ browser }) => {
    test.skip(Boolean(unreachable), unreachable);
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies([{ name: "lang", value: "en", url: server!.base }]);
    const page = await noScript.newPage();
    await page.goto(`${server!.base}${list.path}`);
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(12);
    await page.getByRole("link", { name: "Load more", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${list.path}\\?page=2#${list.item}-13$`));
    await expect(cards).toHaveCount(24);
    // The last page has no link; everything is there once, in order.
    await page.goto(`${server!.base}${list.path}?page=4`);
    await expect(page.getByRole("link", { name: "Load more", exact: true })).toHaveCount(0);
    const all = await openers(page, list.opener);
    expect(all.length).toBe(list.name === "news" ? 37 : 42);
    expect(new Set(all).size).toBe(all.length);
    await noScript.close();
  });
}

test("the calendar keeps its filter while loading more, and the order holds across pages", async ({ page }) => {
  test.skip(Boolean(unreachable), unreachable);
  await page.context().addCookies([{ name: "lang", value: "en", url: server!.base }]);
  await page.goto(`${server!.base}/calendar?filter=upcoming`);
  await hydrated(page);
  const cards = page.locator("main article");
  await expect(cards).toHaveCount(12);
  await page.getByRole("link", { name: "Load more", exact: true }).click();
  await expect(page).toHaveURL(/\/calendar\?filter=upcoming&page=2#event-item-13$/);
  await expect(cards).toHaveCount(24);
  await expect(page.locator('main article[data-status="upcoming"]')).toHaveCount(24);
  const starts = await cards.locator("[data-event-opener]").evaluateAll((links) => links.map((a) => a.getAttribute("data-event-opener")));
  // The extra events start a day apart, in slug order, after every demo event.
  const extra = starts.filter((slug) => slug?.startsWith("extra-evenement-"));
  expect(extra).toEqual([...extra].sort((a, b) => Number(a!.split("-").at(-1)) - Number(b!.split("-").at(-1))));
});
