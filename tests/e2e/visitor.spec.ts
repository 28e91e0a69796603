import type { Locator, Page } from "@playwright/test";
import { signInAdmin } from "./admin-login";
import { expect, hydrated, test } from "./fixtures";
import { ADMIN_PATHS, PUBLIC_PATHS } from "./site-paths";

/**
 * What a visitor and a keyboard user trip over (issue 11): pages wider than the screen, price and
 * action of an event card breaking onto two lines, the calendar's order, focus after dialogs and
 * the mobile menu, contrast-free focus rings, page titles, repeated headings, one euro format,
 * ended events, one price per moment, and the language toggle on one-language pages.
 */

/** How far the page scrolls sideways (0 when nothing sticks out). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function logIn(page: Page) {
  await signInAdmin(page, "/admin");
  await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
}

// One demo article's picture is missing on purpose; the admin login answers 401 before signing in.
test.use({ allowConsoleErrors: [/missing-photo|status of 401/] });

test.describe("every page fits the screen and reads as one site", () => {
  test.describe.configure({ mode: "parallel", timeout: 180_000 });

  // 320 px is the narrowest phone; no breakpoint lies between it and 390 (Tailwind's first is 640),
  // so what fits 320 fits every phone width up to there. 1280 is the desktop layout.
  for (const lang of ["nl", "en"] as const) {
    for (const width of [320, 1280]) {
      const checks = width === 320 ? "; titles, headings, euro amounts and locations are consistent" : "";
      test(`no public page is wider than ${width}px (${lang})${checks}`, async ({ page }) => {
        const problems: string[] = [];
        await page.setViewportSize({ width, height: 800 });
        for (const path of PUBLIC_PATHS) {
          await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, { waitUntil: "domcontentloaded" });
          await hydrated(page);
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) problems.push(`${path} is ${overflow}px wider than ${width}px`);
          if (width !== 320) continue;
          // Once per page and language: the title, repeated headings, euro amounts, locations.
          const title = await page.title();
          if (!title.endsWith("| Ocean Racing Team")) problems.push(`${path} title "${title}"`);
          const headings = await page.locator("main :is(h1, h2):visible").allTextContents();
          const normal = headings.map((h) => h.trim().toLowerCase()).filter(Boolean);
          const repeated = normal.filter((h, i) => normal.indexOf(h) !== i);
          if (repeated.length) problems.push(`${path} repeats headings ${JSON.stringify(repeated)}`);
          const kickers = await page.locator("main :is(p, div):has(+ h1)").allTextContents();
          const h1 = (await page.locator("main h1").first().textContent())?.trim().toLowerCase();
          if (kickers.some((k) => k.trim().toLowerCase() === h1)) problems.push(`${path} kicker repeats the h1`);
          const text = await page.locator("body").innerText();
          const spaced = text.match(/€[\s\u00a0\u202f]+\d[\d.,]*/g);
          if (spaced) problems.push(`${path} euro amounts with a space: ${spaced.join(", ")}`);
          // English pages (pages forced to Dutch stay Dutch) never show the Dutch location.
          const english = (await page.locator("html").getAttribute("lang")) === "en";
          if (english && /3e haven/.test(text)) problems.push(`${path} says "3e haven"`);
        }
        expect(problems).toEqual([]);
      });
    }
  }

  test("no admin page scrolls sideways at 390 px (wide tables scroll inside their own area); titles end with the site name", async ({ page }) => {
    await logIn(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const problems: string[] = [];
    for (const path of ADMIN_PATHS) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await hydrated(page);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) problems.push(`${path} is ${overflow}px too wide`);
      const title = await page.title();
      if (!title.endsWith("| Ocean Racing Team")) problems.push(`${path} title "${title}"`);
      const texts = (await page.locator("header :is(p, h1):visible").allTextContents()).map((t) => t.trim().toLowerCase());
      if (texts.filter((t) => t === "admin").length > 1) problems.push(`${path} says ADMIN twice`);
    }
    expect(problems).toEqual([]);
  });
});

test.describe("event cards", () => {
  /** The price and the action of every card sit on one line, each unbroken. */
  async function cardFootersOnOneLine(page: Page, cards: Locator): Promise<string[]> {
    return cards.evaluateAll((els) =>
      els.flatMap((card) => {
        const price = card.querySelector<HTMLElement>("[data-testid=card-price]");
        const action = card.querySelector<HTMLElement>("[data-testid=card-action]");
        if (!action) return [`${card.querySelector("h2, h3")?.textContent}: no action`];
        const issues: string[] = [];
        // The text of one line shares (about) one baseline; a wrap adds a line ≥ 16px lower.
        const oneLine = (el: HTMLElement) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const bottoms = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => r.bottom);
          return bottoms.every((b) => Math.abs(b - bottoms[0]) < 10);
        };
        const name = card.querySelector("h2, h3")?.textContent;
        if (!oneLine(action)) issues.push(`${name}: action wraps`);
        if (price) {
          if (!oneLine(price)) issues.push(`${name}: price wraps`);
          const a = price.getBoundingClientRect();
          const b = action.getBoundingClientRect();
          const sameLine = Math.abs(a.top + a.height / 2 - (b.top + b.height / 2)) < 12;
          if (!sameLine) issues.push(`${name}: price and action on different lines`);
          if (a.right > b.left + 1) issues.push(`${name}: price and action overlap`);
        }
        return issues;
      }),
    );
  }

  test("price and action stay on one line from 320 to 1440 px, on the home page and the calendar", async ({ page }) => {
    test.setTimeout(90_000);
    const problems: string[] = [];
    for (const path of ["/?lang=nl", "/calendar?lang=nl", "/calendar?lang=en"]) {
      await page.goto(path);
      for (const width of [320, 390, 640, 768, 1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const cards = page.locator(path.startsWith("/calendar") ? "main section[aria-labelledby=calendar-list-title] article" : "#events article");
        expect(await cards.count()).toBeGreaterThan(0);
        problems.push(...(await cardFootersOnOneLine(page, cards)).map((p) => `${path} @${width}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });

  test("a keyboard user sees a focus ring around the card", async ({ page }) => {
    await page.goto("/calendar?lang=en");
    await hydrated(page);
    const link = page.locator("main article h3 a").first();
    const cardShadow = () => link.evaluate((el) => getComputedStyle(el.closest("article")!).boxShadow);
    const resting = await cardShadow();
    await link.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    // The ring is a box-shadow on the card itself (so its overflow:hidden cannot clip it), in
    // the ring colour (#1b78ad), and only while the card's link has keyboard focus.
    // Chromium writes the colour as rgb() or, when it went through an opacity step, rgba(…, 1);
    // polled, since the ring fades in (a sample mid-transition reads rgba(…, 0.46)).
    await expect.poll(cardShadow).toMatch(/rgba?\(27, 120, 173(, 1)?\)/);
    expect(await cardShadow()).not.toBe(resting);
  });

  test("the calendar lists what can still be joined first, finished events after, newest first", async ({ page }) => {
    await page.goto("/calendar?lang=en");
    const statuses = await page.locator("main article[data-status]").evaluateAll((els) =>
      els.map((el) => ({ name: el.querySelector("h3")?.textContent ?? "", finished: el.getAttribute("data-status") === "completed" })),
    );
    const finishedFrom = statuses.findIndex((s) => s.finished);
    expect(finishedFrom, "some events have finished").toBeGreaterThan(0);
    expect(statuses.slice(finishedFrom).every((s) => s.finished), JSON.stringify(statuses)).toBe(true);
    // The first card is not finished while an upcoming event exists.
    await expect(page.getByTestId("count-upcoming")).not.toHaveText("0");
    expect(statuses[0].finished).toBe(false);
  });
});

test.describe("focus and keyboard", () => {
  test("closing the event dialog (Escape or Close) returns focus to the card that opened it", async ({ page }) => {
    await page.goto("/calendar?lang=en");
    await hydrated(page);
    const link = page.locator("main article h3 a").nth(1);
    const name = (await link.textContent())!;
    await link.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("event-dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("link", { name, exact: true })).toBeFocused();

    await page.getByRole("link", { name, exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("link", { name, exact: true })).toBeFocused();
  });

  test("a shared event link: closing its dialog focuses that event's card", async ({ page }) => {
    await page.goto("/calendar?event=offshore-trainingsweekend&lang=en");
    await hydrated(page);
    const dialog = page.getByTestId("event-dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('[data-event-opener="offshore-trainingsweekend"]')).toBeFocused();
  });

  test("closing an article dialog returns focus to its card, and a shared article link to the main heading", async ({ page }) => {
    await page.goto("/news?lang=en");
    await hydrated(page);
    const link = page.locator('[data-article-opener="nieuwe-bemanningsleden-aan-boord"]');
    await link.click();
    const dialog = page.getByTestId("article-dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeFocused();

    // Opened from a shared link, the article's card is on the list behind it: focus goes there.
    await page.goto("/news/nieuwe-bemanningsleden-aan-boord?lang=en");
    await hydrated(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeFocused();
  });

  test("closing a video dialog returns focus to its poster", async ({ page }) => {
    await page.goto("/videos?lang=en");
    await hydrated(page);
    const poster = page.locator("a[aria-haspopup=dialog]").first();
    await poster.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(poster).toBeFocused();
  });

  test("closing the registration dialog returns focus to the button that opened it", async ({ page }) => {
    await page.goto("/calendar?event=offshore-trainingsweekend&lang=en");
    await hydrated(page);
    const register = page.getByTestId("event-dialog").locator("a[data-action=register]");
    await register.click();
    const form = page.getByRole("dialog").filter({ has: page.getByLabel("Full name") });
    await expect(form).toBeVisible();
    // The demo weekend asks two crew-file questions on its form: fetched when the dialog opens (the calendar carries only that it asks).
    await expect(form.getByTestId("registration-questions").getByText("Sailing experience in nautical miles")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(form).toHaveCount(0);
    await expect(register).toBeFocused();
  });

  test("the mobile menu closes on Escape and on a tap outside, and focus returns to its button", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-GB" });
    const page = await context.newPage();
    await page.goto("/calendar");
    await hydrated(page);
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("link").first().focus();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    // A tap on plain page background (the margin beside the cards), below the open menu.
    await page.mouse.click(5, 830);
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await context.close();
  });

  test("the language toggle's accessible name starts with its visible label", async ({ page }) => {
    await page.goto("/?lang=nl");
    const toggle = page.getByTestId("language-toggle");
    await expect(toggle).toHaveText("EN");
    await expect(toggle).toHaveAccessibleName(/^EN\b/);
  });

  test("a route change starts at the top at once; in-page anchors still scroll", async ({ page }) => {
    await page.goto("/?lang=en");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator("footer a[href='/privacy']").click();
    await expect(page).toHaveURL(/\/privacy$/);
    // No smooth scroll from the old position: at the top in the first frame after the new page
    // renders (a smooth scroll would still be on its way).
    expect(await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(window.scrollY))))).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");

    await page.goto("/?lang=en");
    await hydrated(page);
    await page.getByRole("link", { name: "Latest news" }).first().click();
    await expect.poll(() => page.evaluate(() => Math.abs(document.getElementById("news")!.getBoundingClientRect().top) < 120)).toBe(true);
  });

  test("with reduced motion, anchors jump", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce", locale: "en-GB" });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "Latest news" }).first().click();
    // A jump: in place at once, no animation frames in between.
    expect(await page.evaluate(() => Math.abs(document.getElementById("news")!.getBoundingClientRect().top) < 120)).toBe(true);
    await context.close();
  });

  test("a wrong access code is an answer, not an error: no console error", async ({ page }) => {
    // The fixture fails this test on any console error (this test allows none for 4xx).
    await page.goto("/vwdtp?lang=nl");
    await hydrated(page);
    await page.getByLabel("Wachtwoord", { exact: true }).fill("wrong-code");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Toegang", exact: true }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await expect(page.getByText("Onjuist wachtwoord")).toBeVisible();
  });
});

test.describe("ended events and prices", () => {
  async function eventJsonLd(page: Page) {
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    return blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b["@type"] === "Event") as
      | { offers?: { availability?: string; price?: string } }
      | undefined;
  }

  test("/arc and /sail-out say the event has ended, in their language, with no booking action and no stock", async ({ page }) => {
    await page.goto("/arc");
    await hydrated(page);
    const ended = page.getByTestId("event-ended");
    await expect(ended.getByRole("heading")).toHaveText("This event has ended");
    await expect(page.getByTestId("arc-closed")).toHaveCount(0);
    await expect(page.getByText(/spots are still available/)).toHaveCount(0);
    await expect(page.locator("main a[data-action=register], main a[href^='mailto:']")).toHaveCount(0);
    expect((await eventJsonLd(page))?.offers?.availability).toBe("https://schema.org/Discontinued");

    for (const [lang, heading] of [["nl", "Dit evenement is afgelopen"], ["en", "This event has ended"]] as const) {
      await page.goto(`/sail-out?lang=${lang}`);
      await hydrated(page);
      await expect(page.getByTestId("event-ended").getByRole("heading")).toHaveText(heading);
      await expect(page.locator("main a[data-action=register]")).toHaveCount(0);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect((await eventJsonLd(page))?.offers?.availability).toBe("https://schema.org/Discontinued");
    }
  });

  test("during the early-bird period /arc and /arc-registration show the same price now, the regular one struck through once", async ({ page, sailOutUrl }) => {
    // The server whose clock is in August 2025, inside the ARC's early-bird period (and apart from
    // the 2025 server, where other tests use up the wrong-code allowance of /arc-registration).
    await page.goto(`${sailOutUrl}/arc`);
    await hydrated(page);
    const arcCard = page.getByTestId("arc-event");
    await expect(arcCard.getByTestId("event-price")).toHaveText("€4,455");
    await expect(arcCard.getByTestId("regular-price")).toHaveText(/€4,950/);
    await expect(arcCard.locator("s")).toHaveCount(1);
    expect(((await arcCard.innerText()).match(/€4,950/g) ?? []).length).toBe(1);
    await expect(arcCard.getByTestId("arc-closed")).toBeVisible();
    expect((await eventJsonLd(page))?.offers).toMatchObject({ price: "4455.00", availability: "https://schema.org/InStock" });

    await page.goto(`${sailOutUrl}/arc-registration`);
    await hydrated(page);
    await page.getByLabel("Password", { exact: true }).fill("arc2025");
    await page.getByRole("button", { name: "Unlock" }).click();
    const card = page.getByTestId("private-event");
    await expect(card.getByTestId("event-price")).toHaveText("€4,455");
    await expect(card.getByTestId("regular-price")).toHaveText(/€4,950/);
  });
});

test.describe("the language toggle on a page in one language", () => {
  test("says the page is only in English, switches the rest of the site, and cleans the address", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    await page.goto("/arc");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const toggle = page.getByTestId("language-toggle");
    await expect(toggle).toHaveText("NL");
    await toggle.click();
    const notice = page.getByTestId("language-notice");
    await expect(notice).toContainText("Deze pagina is alleen in het Engels beschikbaar.");
    await expect(notice).toContainText("De rest van de site is nu in het Nederlands.");
    await expect(page).toHaveURL(/\/arc$/);
    // The page itself stays English; the rest of the site is Dutch now.
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await context.close();
  });
});
