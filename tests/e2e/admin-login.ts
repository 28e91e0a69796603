import { expect, type Page } from "@playwright/test";
import { hydrated } from "./fixtures";

/** The admin the e2e servers create on start (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config). */
export const E2E_ADMIN = { email: "admin@oceanracing.test", password: "admin-password-e2e" };

/**
 * Opens `path` (an admin page, which answers with the sign-in form), signs in and waits until the
 * admin page is there. Every spec signs in through this one function.
 */
export async function signInAdmin(page: Page, path: string, admin: { email: string; password: string } = E2E_ADMIN): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await page.getByLabel("E-mailadres").fill(admin.email);
  await page.getByLabel("Wachtwoord").fill(admin.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("button", { name: "Admin Uitloggen" })).toBeVisible();
  await hydrated(page);
}
