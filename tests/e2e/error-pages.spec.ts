import type { Page } from "@playwright/test";
import { signInAdmin } from "./admin-login";
import { expect, hydrated, test } from "./fixtures";

/** The admin the e2e servers create on start (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config). */
const ADMIN = { email: "admin@oceanracing.test", password: "admin-password-e2e" };

const NOT_FOUND = {
  en: { text: "Oops! Page not found", home: "Return to home", nav: "Main navigation" },
  nl: { text: "Oeps! Pagina niet gevonden", home: "Terug naar home", nav: "Hoofdnavigatie" },
} as const;

/** The site's frame around the page: its header (with the main navigation) and its footer. */
async function expectSiteFrame(page: Page, locale: "en" | "nl") {
  await expect(page.locator("header").first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: NOT_FOUND[locale].nav }).first()).toBeVisible();
  await expect(page.locator("footer a[href='/privacy']")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

test.describe("error pages inside the site", () => {
  // The browser logs the document's own 404 (and the signed-out admin's 401) as failed resources.
  test.use({ allowConsoleErrors: [/status of (401|404)/] });

  for (const locale of ["en", "nl"] as const) {
    for (const path of ["/events/no-such-event/register", "/no/such/page"]) {
      test(`${path} answers 404 inside the site's header and footer (${locale})`, async ({ page }) => {
        const response = await page.goto(`${path}?lang=${locale}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: NOT_FOUND[locale].text })).toBeVisible();
        await expectSiteFrame(page, locale);
        await expect(page.getByText(/at .*\.js:\d+/)).toHaveCount(0);

        await hydrated(page);
        const home = page.getByRole("link", { name: NOT_FOUND[locale].home });
        await expect(home).toHaveAttribute("href", "/");
        await home.click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.locator("main > section#home")).toBeVisible();
      });
    }
  }

  test("an unknown admin path: the login form signed out, the admin's own 404 signed in", async ({ page }) => {
    const signedOut = await page.goto("/admin/no-such-page");
    expect(signedOut?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();

    await signInAdmin(page, "/admin/no-such-page", ADMIN);
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();

    const signedIn = await page.goto("/admin/no-such-page");
    expect(signedIn?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByText(NOT_FOUND.nl.text)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    // The admin's shell, not the public site's: no site navigation or footer, a way back to /admin.
    await expect(page.getByRole("navigation", { name: NOT_FOUND.nl.nav })).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Terug naar admin" })).toHaveAttribute("href", "/admin");
  });
});
