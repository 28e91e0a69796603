import { expect, type Browser, type Page } from "@playwright/test";
import { hydrated } from "./fixtures";

/**
 * Bookings made the way a visitor makes them, and changed the way staff change them, for the
 * admin specs (the dashboard's figures, the admin pages' accessibility after a cancellation, a
 * hold and an erasure). The event: "Zakelijke zeildag", €295 with a 50% deposit (€147.50), far
 * enough ahead for a full refund.
 */
export const ADMIN_TEST_EVENT = { slug: "zakelijke-zeildag", name: "Zakelijke zeildag" };

/**
 * Registers `email` for the event in a browser of its own; pays the deposit at the test checkout
 * when `pay`, otherwise leaves the place held (the checkout opened, not paid). Answers the
 * booking's reference when paid.
 */
export async function bookAsVisitor(browser: Browser, baseURL: string, person: { name: string; email: string }, pay: boolean): Promise<string | null> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto(`/events/${ADMIN_TEST_EVENT.slug}/register?lang=nl`);
    await hydrated(page);
    await page.getByLabel("Volledige naam").fill(person.name);
    await page.getByLabel("E-mailadres").fill(person.email);
    await page.getByLabel("Geboortedatum").fill("1986-03-14");
    await page.getByLabel("Straat en huisnummer").fill("Havenkade 3");
    await page.getByLabel("Postcode").fill("2583 AA");
    await page.getByLabel("Woonplaats").fill("Den Haag");
    await page.getByLabel("Land").fill("Nederland");
    await page.getByLabel("Contactpersoon voor noodgevallen").fill("Familie");
    await page.getByLabel("Telefoonnummer contactpersoon").fill("+31 6 55501234");
    await page.getByText("Voorwaarden en afstandsverklaring").click();
    await page.getByLabel(/Ik heb de algemene voorwaarden/).check();
    await page.getByRole("button", { name: "Inschrijven en betalen" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
    await hydrated(page);
    if (!pay) return null;
    await page.getByRole("button", { name: "Betaal €147,50", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Boeking bevestigd" })).toBeVisible();
    return (await page.getByTestId("registration-reference").textContent())!.trim();
  } finally {
    await context.close();
  }
}

/** The admin's page of the booking with `reference`, opened from the dashboard's link. */
export async function openRegistration(page: Page, reference: string): Promise<string> {
  await page.goto("/admin/dashboard");
  await hydrated(page);
  const href = await page.getByRole("link", { name: `Open inschrijving ${reference}` }).first().getAttribute("href");
  expect(href).toMatch(/^\/admin\/registrations\/[0-9a-f-]{36}$/);
  await page.goto(href!);
  await hydrated(page);
  return href!;
}

/** Staff cancel the open registration page's booking with a refund of everything paid, through the dialog. */
export async function cancelWithFullRefund(page: Page): Promise<void> {
  await page.getByLabel(/^Alles wat betaald is/).check();
  await page.getByRole("button", { name: "Boeking annuleren" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Deze boeking annuleren?" });
  await dialog.getByRole("button", { name: "Ja, annuleren" }).click();
  // The refund is asked of the provider before the answer: give a busy machine time.
  await expect(page.getByTestId("registration-status")).toHaveText("Geannuleerd", { timeout: 30_000 });
  await expect(page.getByText(/Boeking geannuleerd, €\s?147,50 terugbetaald/).first()).toBeVisible({ timeout: 15_000 });
}
