import type { BrowserContext, Page } from "@playwright/test";
import type { Locale } from "../../app/i18n";
import { expect, hydrated, test } from "./fixtures";

const TEAM_EMAIL = "team@oceanracing.test";

async function chooseLanguage(context: BrowserContext, url: string, locale: Locale) {
  await context.addCookies([{ name: "lang", value: locale, url }]);
}

const eventDialog = (page: Page) => page.getByTestId("event-dialog");
const actionArea = (page: Page) => eventDialog(page).getByTestId("event-action");

/** What each seeded event offers on the main server (today's clock), in both languages. */
const STATES: { slug: string; name: Record<Locale, string>; check: (page: Page, locale: Locale) => Promise<void> }[] = [
  {
    slug: "zakelijke-zeildag",
    name: { en: "Corporate sailing day", nl: "Zakelijke zeildag" },
    check: async (page, locale) => {
      const register = actionArea(page).getByRole("link", { name: locale === "en" ? "Register" : "Inschrijven", exact: true });
      await expect(register).toHaveAttribute("href", "/events/zakelijke-zeildag/register");
      // Other specs may book a place here; the count is whatever is left.
      await expect(eventDialog(page)).toContainText(locale === "en" ? /\d+ places left/ : /nog \d+ plaatsen/);
      await expect(eventDialog(page)).toContainText(/€\s*295/);
    },
  },
  {
    slug: "kennismaking-oceaanracen",
    name: { en: "Introduction to ocean racing", nl: "Kennismaking oceaanracen" },
    check: async (page, locale) => {
      await expect(actionArea(page).getByRole("button", { name: locale === "en" ? "Fully Booked" : "Volgeboekt" })).toBeDisabled();
    },
  },
  {
    slug: "offshore-kwalificatietocht",
    name: { en: "Offshore qualifying passage", nl: "Offshore kwalificatietocht" },
    check: async (page, locale) => {
      await expect(actionArea(page).getByRole("button", { name: locale === "en" ? "Event Ongoing" : "Evenement bezig" })).toBeDisabled();
      await expect(eventDialog(page).getByText("Live", { exact: true })).toBeVisible();
    },
  },
  {
    slug: "najaarsregatta-scheveningen",
    name: { en: "Scheveningen Autumn Regatta", nl: "Najaarsregatta Scheveningen" },
    check: async (page, locale) => {
      await expect(actionArea(page).getByRole("button", { name: locale === "en" ? "Event Finished" : "Evenement afgelopen" })).toBeDisabled();
    },
  },
  {
    slug: "sail-amsterdam-2025",
    name: { en: "SAIL Amsterdam 2025 – visit the boat", nl: "SAIL Amsterdam 2025 – bezoek de boot" },
    check: async (page, locale) => {
      await expect(actionArea(page).getByRole("button", { name: locale === "en" ? "Event Finished" : "Evenement afgelopen" })).toBeDisabled();
    },
  },
  {
    slug: "open-schip-scheveningen",
    name: { en: "Open Boat Days Scheveningen", nl: "Open Schip Scheveningen" },
    check: async (page, locale) => {
      // Walk-in: the free-entry text, and no form to fill in.
      await expect(actionArea(page)).toContainText(locale === "en" ? "Free walk-in" : "Gratis vrije inloop");
      await expect(actionArea(page)).toContainText(locale === "en" ? "visit the boat Thursday to Saturday" : "bezoek de boot van donderdag tot en met zaterdag");
      await expect(actionArea(page).getByRole("link")).toHaveCount(0);
      await expect(actionArea(page).getByRole("button")).toHaveCount(0);
    },
  },
  {
    slug: "ocean-racing-academy",
    name: { en: "Ocean Racing Academy", nl: "Ocean Racing Academy" },
    check: async (page, locale) => {
      const interest = actionArea(page).getByRole("link", { name: locale === "en" ? "Show Interest" : "Interesse tonen" });
      await expect(interest).toHaveAttribute("href", "/events/ocean-racing-academy/interest");
      // Interest events hide their price.
      await expect(eventDialog(page).getByText(locale === "en" ? "Price" : "Prijs", { exact: true })).toHaveCount(0);
    },
  },
  ...(["scheveningen-challenge", "cascais-las-palmas"] as const).map((slug) => ({
    slug,
    name: { en: slug === "cascais-las-palmas" ? "Cascais - Las Palmas" : "Scheveningen Challenge", nl: slug === "cascais-las-palmas" ? "Cascais - Las Palmas" : "Scheveningen Challenge" },
    check: async (page: Page, locale: Locale) => {
      await expect(actionArea(page)).toContainText(locale === "en" ? "Sold out – join the waiting list" : "Vol – schrijf je in voor de wachtlijst");
      // The spec's texts stay; the waiting list is joined here, with a mail link as the other way.
      await expect(actionArea(page)).toContainText(locale === "en" ? "This event is currently full." : "Dit event is momenteel vol.");
      await expect(actionArea(page)).toContainText(locale === "en" ? "Interested in the waiting list?" : "Interesse in de wachtlijst?");
      const join = actionArea(page).getByRole("link", { name: locale === "en" ? "Join the waiting list" : "Op de wachtlijst" });
      await expect(join).toHaveAttribute("href", `/events/${slug}/waitlist`);
      const mail = actionArea(page).getByRole("link", { name: locale === "en" ? "Or e-mail us" : "Of mail ons" });
      await expect(mail).toHaveAttribute("href", new RegExp(`^mailto:${TEAM_EMAIL}\\?subject=`));
      await expect(actionArea(page).getByRole("button")).toHaveCount(0);
    },
  })),
];

// One page per language for all the states (a test per state and language cost CI minutes on
// opening the calendar again and again); each state is its own step in the report.
test.describe("the calendar's event dialog shows every action state", () => {
  test.describe.configure({ timeout: 150_000 });

  test("in English, each opened from its card (client-side, keeping the scroll position)", async ({ page, context, baseURL }) => {
    await chooseLanguage(context, baseURL!, "en");
    await page.goto("/calendar");
    await hydrated(page);
    for (const state of STATES) {
      await test.step(state.slug, async () => {
        const card = page.locator("main article").filter({ has: page.getByRole("heading", { name: state.name.en, exact: true }) });
        await card.scrollIntoViewIfNeeded();
        const scrollBefore = await page.evaluate(() => window.scrollY);
        await card.getByRole("link", { name: state.name.en, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/calendar\\?event=${state.slug}$`));
        await expect(eventDialog(page).getByRole("heading", { name: state.name.en })).toBeVisible();
        await state.check(page, "en");
        await page.keyboard.press("Escape");
        await expect(eventDialog(page)).toHaveCount(0);
        await expect(page).toHaveURL(/\/calendar$/);
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(5);
      });
    }
  });

  test("in Dutch, each from a shared ?event= link", async ({ page, context, baseURL }) => {
    await chooseLanguage(context, baseURL!, "nl");
    for (const state of STATES) {
      await test.step(state.slug, async () => {
        const response = await page.goto(`/calendar?event=${state.slug}`);
        expect(response?.status()).toBe(200);
        await expect(eventDialog(page).getByRole("heading", { name: state.name.nl })).toBeVisible();
        await state.check(page, "nl");
      });
    }
  });
});

test("Register opens the registration dialog in place; without JavaScript it is a link to the form page", async ({ page, browser, baseURL }) => {
  await page.goto("/calendar?event=zakelijke-zeildag");
  await hydrated(page);
  await actionArea(page).getByRole("link", { name: /^(Register|Inschrijven)$/ }).click();
  // The registration dialog opens on top of the event dialog (which Radix hides from the accessibility tree meanwhile).
  await expect(page.locator('[role="dialog"]')).toHaveCount(2);
  await expect(page).toHaveURL(/\/calendar\?event=zakelijke-zeildag$/);

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noScript.newPage();
  await plain.goto("/calendar?event=zakelijke-zeildag");
  await plain.getByTestId("event-action").getByRole("link", { name: /^(Register|Inschrijven)$/ }).click();
  await expect(plain).toHaveURL(/\/events\/zakelijke-zeildag\/register$/);
  await noScript.close();
});

test("filters with counts work as links, with and without JavaScript", async ({ page, browser, baseURL, context }) => {
  await chooseLanguage(context, baseURL!, "en");
  await page.goto("/calendar");
  await hydrated(page);
  const count = async (filter: string) => Number(await page.getByTestId(`count-${filter}`).textContent());
  const cards = page.locator("main article");
  const [all, upcoming, live, completed] = [await count("all"), await count("upcoming"), await count("live"), await count("completed")];
  expect(all).toBe(upcoming + live + completed);
  await expect(cards).toHaveCount(all);
  expect(live).toBe(1);

  const filterNav = page.getByRole("navigation", { name: "Show events" });
  await filterNav.getByRole("link", { name: /Upcoming/ }).click();
  await expect(page).toHaveURL(/\/calendar\?filter=upcoming$/);
  await expect(cards).toHaveCount(upcoming);
  await expect(filterNav.getByRole("link", { name: /Upcoming/ })).toHaveAttribute("aria-current", "page");
  await expect(cards.getByRole("heading", { name: "Corporate sailing day" })).toBeVisible();
  await expect(cards.getByRole("heading", { name: "Scheveningen Autumn Regatta" })).toHaveCount(0);

  await filterNav.getByRole("link", { name: /Completed/ }).click();
  await expect(cards).toHaveCount(completed);
  await expect(cards.getByRole("heading", { name: "Scheveningen Autumn Regatta" })).toBeVisible();
  await expect(cards.getByRole("heading", { name: "SAIL Amsterdam 2025 – visit the boat" })).toBeVisible();

  // A card opened under a filter keeps the filter; closing returns to it.
  await cards.getByRole("link", { name: "Scheveningen Autumn Regatta" }).click();
  await expect(page).toHaveURL(/\/calendar\?filter=completed&event=najaarsregatta-scheveningen$/);
  await eventDialog(page).getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/calendar\?filter=completed$/);
  await expect(eventDialog(page)).toHaveCount(0);

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await noScript.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  const plain = await noScript.newPage();
  await plain.goto("/calendar?filter=live");
  await expect(plain.locator("main article")).toHaveCount(1);
  await expect(plain.locator("main article").getByRole("heading", { name: "Offshore qualifying passage" })).toBeVisible();
  await expect(plain.getByRole("link", { name: "Contact us" }).first()).toHaveAttribute("href", "/#contact");
  await noScript.close();
});

test("a shared ?event= link is rendered open by the server and carries the event's structured data", async ({ browser, baseURL }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await noScript.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  const page = await noScript.newPage();
  const response = await page.goto("/calendar?event=zakelijke-zeildag");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("event-dialog").getByRole("heading", { name: "Corporate sailing day" })).toBeVisible();
  await expect(page.getByTestId("event-dialog")).toContainText("What's included");
  // Asked for at the plain address (the language from the cookie): canonical there (decision 024).
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/calendar?event=zakelijke-zeildag`);
  await expect(page).toHaveTitle(/Corporate sailing day/);

  // Without JavaScript the close button is a link back to the calendar.
  await page.getByTestId("event-dialog").getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByTestId("event-dialog")).toHaveCount(0);

  const script = page.locator('script[type="application/ld+json"]');
  await expect(script).toHaveCount(1);
  // Browsers hide a nonce attribute's value from the DOM; the property keeps it. A page from the
  // render cache carries no nonce at all: its scripts are named by hash (decision 022).
  const fromCache = response!.headers()["x-render-cache"] === "hit";
  expect(await script.evaluate((el) => (el as HTMLScriptElement).nonce)).toMatch(fromCache ? /^$/ : /^[A-Za-z0-9+/=]{16,}$/);
  const data = JSON.parse((await script.textContent()) ?? "[]") as { "@type": string; name: string; url: string; offers?: { price: string } }[];
  const corporate = data.find((e) => e.name === "Corporate sailing day");
  expect(corporate).toMatchObject({ "@type": "Event", url: `${baseURL}/calendar?event=zakelijke-zeildag`, offers: { price: "295.00" } });
  // Private pages' events are never listed, not even in the structured data.
  expect(data.map((e) => e.url).filter((u) => /sail-out|vwdtp|zomeravondzeilen|scheveningen-cascais/.test(u))).toEqual([]);
  await noScript.close();
});

test.describe("links to events that are not public", () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("an unknown or private event's link shows the calendar with a notice and no dialog", async ({ page, context, baseURL }) => {
    await chooseLanguage(context, baseURL!, "en");
    for (const slug of ["no-such-event", "sail-out", "vwdtp-challenge"]) {
      const response = await page.goto(`/calendar?event=${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("alert")).toContainText("Event not found");
      await expect(eventDialog(page)).toHaveCount(0);
      await expect(page.locator("main article").first()).toBeVisible();
    }
    await expect(page.locator("main")).not.toContainText("Sail-Out");
  });
});

test.describe("before the Sail-Out opens (APP_NOW 2025-08-01)", () => {
  for (const [locale, label] of [
    ["en", "Registration opens Aug 12 09:00"],
    ["nl", "Inschrijving opent 12 aug 09:00"],
  ] as const) {
    test(`the Sail-Out registration is a disabled button saying when it opens (${locale})`, async ({ page, context, pastUrl }) => {
      await chooseLanguage(context, pastUrl, locale);
      await page.goto(`${pastUrl}/sail-out`);
      await hydrated(page);
      const button = page.getByRole("button", { name: label });
      await expect(button).toBeVisible();
      await expect(button).toBeDisabled();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  }

  test("going to the registration form anyway (the no-JavaScript path) says 'Registration not open yet'", async ({ page, context, pastUrl }) => {
    await chooseLanguage(context, pastUrl, "en");
    await page.goto(`${pastUrl}/events/sail-out/register`);
    await expect(page.getByText("Registration not open yet").first()).toBeVisible();
  });

  test("the past server's calendar never lists the Sail-Out, whose registration is not open", async ({ page, context, pastUrl }) => {
    await chooseLanguage(context, pastUrl, "en");
    await page.goto(`${pastUrl}/calendar`);
    await expect(page.locator("main article").first()).toBeVisible();
    await expect(page.locator("main")).not.toContainText("Sail-Out");
  });
});
