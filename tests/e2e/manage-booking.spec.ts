import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { decodeMail, expectNoAxeFindings } from "./checks";
import { expect, hydrated, test, uniqueEmail, waitForEmail } from "./fixtures";

/**
 * The participant's own page, as a participant meets it: book and pay the deposit, open the link
 * from the confirmation e-mail in another browser, see the booking in the language they booked
 * in, correct the emergency contact, pay the balance on the test checkout, and cancel inside the
 * free cancellation period. axe-core checks the page on the way.
 */
const EVENT = "zakelijke-zeildag"; // €295, 50% deposit, about 45 days ahead: balance due, full refund on cancelling

/** Screenshots for a person to look at, only when asked for (SHOTS_DIR=/some/dir). */
const SHOTS_DIR = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** axe at both widths, with a screenshot of each. */
const axeWithShots = (page: Page, label: string) => expectNoAxeFindings(page, label, (width) => shot(page, `${label}-${width}`));

/**
 * The fixtures watch the test's own page only: a second browser's page reports its console
 * errors here, to be checked at the end (`allow`: errors provoked on purpose, e.g. a 404).
 */
function consoleErrorsOf(page: Page, allow: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    const text = `${msg.text()} ${msg.location()?.url ?? ""}`;
    if (msg.type() === "error" && !allow.some((re) => re.test(text))) errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

function manageLinkIn(raw: string): string {
  const match = /https?:\/\/[^\s"'<>]+(\/my-booking\/[A-Za-z0-9_-]{44})/.exec(decodeMail(raw));
  expect(match, "a /my-booking/<token> link in the e-mail").not.toBeNull();
  return match![1];
}

async function registerAndPayDeposit(page: Page, email: string): Promise<string> {
  await page.goto(`/events/${EVENT}/register?lang=nl`);
  await hydrated(page);
  await page.getByLabel("Volledige naam").fill("Sanne de Vries");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Geboortedatum").fill("1990-05-17");
  await page.getByLabel("Straat en huisnummer").fill("Havenstraat 1");
  await page.getByLabel("Postcode").fill("2583 AB");
  await page.getByLabel("Woonplaats").fill("Den Haag");
  await page.getByLabel("Land").fill("Nederland");
  await page.getByLabel("Contactpersoon voor noodgevallen").fill("Joris de Vries");
  await page.getByLabel("Telefoonnummer contactpersoon").fill("+31 6 12345678");
  await page.getByText("Voorwaarden en afstandsverklaring").click();
  await page.getByLabel(/Ik heb de algemene voorwaarden/).check();
  await page.getByRole("button", { name: "Inschrijven en betalen" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
  await hydrated(page);
  await page.getByRole("button", { name: "Betaal €147,50", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Boeking bevestigd" })).toBeVisible();
  return (await page.getByTestId("registration-reference").textContent())!.trim();
}

test.describe("manage my booking", () => {
  // A booking, two payments, a cancellation, e-mails and four axe runs: a long flow on 2 cores.
  test.describe.configure({ timeout: 180_000 });

  test("from the e-mail's link: the booking in Dutch, a new emergency contact, the balance paid, cancelled with a full refund", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("manage");
    const reference = await registerAndPayDeposit(page, email);
    const link = manageLinkIn((await waitForEmail(email)).raw);

    // Another browser, set to English, without the site's language cookie: the page follows the
    // language the booking was made in.
    const context = await browser.newContext({ baseURL, locale: "en-GB" });
    const visitor = await context.newPage();
    const errors = consoleErrorsOf(visitor);
    const response = await visitor.goto(link);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["referrer-policy"]).toBe("same-origin");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    await hydrated(visitor);
    await expect(visitor.locator("html")).toHaveAttribute("lang", "nl");
    await expect(visitor.getByRole("heading", { level: 1, name: "Zakelijke zeildag" })).toBeVisible();
    await expect(visitor.getByTestId("manage-reference")).toHaveText(reference);
    await expect(visitor.getByTestId("manage-status")).toHaveText("Bevestigd");
    await expect(visitor.getByTestId("manage-paid")).toHaveText("€147,50");
    await expect(visitor.getByTestId("manage-balance")).toHaveText("€147,50");
    await expect(visitor.getByTestId("manage-balance-due")).toContainText("Uiterlijk");
    await expect(visitor.getByTestId("manage-payments")).toContainText("Aanbetaling");
    await expect(visitor.getByText("Lunch aan boord")).toBeVisible();
    await expect(visitor.getByTestId("manage-policy")).toContainText("dan krijg je alles terug wat je betaalde");
    const ics = await visitor.request.get(`${link}/calendar.ics`);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain("SUMMARY:Zakelijke zeildag");
    await axeWithShots(visitor, "manage-nl");

    // A new emergency contact: saved, said so, and still there after a reload.
    await visitor.getByLabel("Contactpersoon voor noodgevallen").fill("Noor de Vries");
    await visitor.getByLabel("Telefoonnummer contactpersoon").fill("+31 6 87654321");
    await visitor.getByRole("button", { name: "Wijzigingen opslaan" }).click();
    await expect(visitor.getByTestId("manage-result")).toHaveText("Je gegevens zijn opgeslagen.");
    await expect(visitor.getByTestId("manage-result")).toBeFocused();
    await visitor.reload();
    await expect(visitor.getByLabel("Contactpersoon voor noodgevallen")).toHaveValue("Noor de Vries");

    // A mistake is caught at the field, and nothing is saved.
    await hydrated(visitor);
    await visitor.getByLabel("Telefoonnummer contactpersoon").fill("bel me");
    await visitor.getByRole("button", { name: "Wijzigingen opslaan" }).click();
    const phone = visitor.getByLabel("Telefoonnummer contactpersoon");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(visitor.locator(`#${await phone.getAttribute("aria-describedby")}`)).toHaveText("Vul een geldig telefoonnummer in");
    await expect(visitor.getByTestId("manage-result")).toHaveCount(0); // stopped in the browser: nothing was posted

    // The balance, through the test checkout.
    await visitor.goto(link);
    await visitor.getByRole("button", { name: "Betaal het restbedrag van €147,50" }).click();
    await expect(visitor).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
    await hydrated(visitor);
    await visitor.getByRole("button", { name: "Betaal €147,50", exact: true }).click();
    await expect(visitor).toHaveURL(/\/payment-success\?/);
    await visitor.goto(link);
    await expect(visitor.getByTestId("manage-paid")).toHaveText("€295,00");
    await expect(visitor.getByTestId("manage-balance")).toHaveCount(0);
    await expect(visitor.getByText("Alles is betaald. Dank je wel!")).toBeVisible();
    await expect(visitor.getByTestId("manage-payments")).toContainText("Restbedrag");
    await expect(visitor.getByRole("button", { name: /Betaal het restbedrag/ })).toHaveCount(0);

    // Cancelling: first what the policy gives back, then the confirmation.
    await hydrated(visitor);
    await visitor.getByTestId("manage-cancel-start").click();
    await expect(visitor.getByTestId("manage-cancel-quote")).toHaveText("Als je nu annuleert, krijg je €295,00 terug.");
    await expect(visitor.getByRole("heading", { name: "Wil je annuleren?" })).toBeFocused();
    await axeWithShots(visitor, "manage-nl-cancel-step");
    await visitor.getByRole("button", { name: "Ja, annuleer mijn boeking" }).click();
    // The amount is said once, by where it stands (the test provider refunds at once).
    await expect(visitor.getByTestId("manage-result")).toHaveText("Je boeking is geannuleerd.");
    await expect(visitor.getByTestId("manage-cancelled-refunded")).toHaveText("€295,00 is teruggestort op de rekening waarmee je betaalde.");
    await expect(visitor.getByText(/wordt teruggestort/)).toHaveCount(0);
    await expect(visitor.getByTestId("manage-status")).toHaveText("Geannuleerd");
    await expect(visitor.getByTestId("manage-cancelled")).toContainText("€295,00");
    // One refund per payment: the deposit and the balance each go back.
    await expect(visitor.getByTestId("manage-refunds").getByRole("row", { name: /Terugbetaald €147,50/ })).toHaveCount(2);
    for (const action of ["Wijzigingen opslaan", "Ja, annuleer mijn boeking"]) await expect(visitor.getByRole("button", { name: action })).toHaveCount(0);
    await expect(visitor.getByTestId("manage-cancel-start")).toHaveCount(0);

    // The header's language toggle: the same booking in English.
    await visitor.getByTestId("language-toggle").first().click();
    await expect(visitor.getByTestId("manage-status")).toHaveText("Cancelled");
    await expect(visitor.getByRole("heading", { level: 1, name: "Corporate sailing day" })).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "This booking is cancelled" })).toBeVisible();
    await axeWithShots(visitor, "manage-en-cancelled");
    expect(errors, "console errors on the participant's page").toEqual([]);
    await context.close();
  });

  test("a page for an English booking, and a forged link's plain 404", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("manage-en");
    await page.goto(`/events/${EVENT}/register?lang=en`);
    await hydrated(page);
    await page.getByLabel("Full name").fill("Tom Baker");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Date of birth").fill("1988-01-02");
    await page.getByLabel("Street address").fill("High Street 5");
    await page.getByLabel("Postal code").fill("SW1A 1AA");
    await page.getByLabel("City").fill("London");
    await page.getByLabel("Country").fill("United Kingdom");
    await page.getByLabel("Emergency contact person").fill("Ann Baker");
    await page.getByLabel("Emergency contact phone number").fill("+44 20 7946 0000");
    await page.getByText("Terms and liability waiver").click();
    await page.getByLabel(/I have read the terms and conditions/).check();
    await page.getByRole("button", { name: "Register and pay" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
    await hydrated(page);
    await page.getByRole("button", { name: "Pay €147.50", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Booking confirmed" })).toBeVisible();
    const link = manageLinkIn((await waitForEmail(email)).raw);

    const context = await browser.newContext({ baseURL, locale: "nl-NL" });
    const visitor = await context.newPage();
    const errors = consoleErrorsOf(visitor, [/status of 404/]);
    await visitor.goto(link);
    await hydrated(visitor);
    await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
    await expect(visitor.getByRole("heading", { level: 1, name: "Corporate sailing day" })).toBeVisible();
    await expect(visitor.getByTestId("manage-balance")).toHaveText("€147.50");
    await axeWithShots(visitor, "manage-en");
    await visitor.getByTestId("manage-cancel-start").click();
    await expect(visitor.getByTestId("manage-cancel-quote")).toHaveText("If you cancel now, you get €147.50 back.");
    await shot(visitor, "manage-en-cancel-step-1280");

    // One changed letter of the token: the site's 404, nothing of the booking.
    const forged = link.slice(0, -1) + (link.endsWith("A") ? "B" : "A");
    const answer = await visitor.goto(forged);
    expect(answer?.status()).toBe(404);
    expect(answer?.headers()["referrer-policy"]).toBe("same-origin");
    await expect(visitor.getByText("404")).toBeVisible();
    await expect(visitor.getByText("Corporate sailing day")).toHaveCount(0);
    await expect(visitor.getByText("Tom Baker")).toHaveCount(0);
    expect(errors, "console errors on the participant's page").toEqual([]);
    await context.close();
  });
});

test.describe("manage my booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form, the balance payment and cancelling work as plain HTML", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("manage-html");
    // Booking and paying is not what this test is about: done in a browser with JavaScript.
    const setup = await browser.newContext({ baseURL, javaScriptEnabled: true });
    const booker = await setup.newPage();
    await registerAndPayDeposit(booker, email);
    await setup.close();
    const link = manageLinkIn((await waitForEmail(email)).raw);

    await page.goto(link);
    await page.getByLabel("Woonplaats").fill("Leiden");
    await page.getByRole("button", { name: "Wijzigingen opslaan" }).click();
    await expect(page.getByTestId("manage-result")).toHaveText("Je gegevens zijn opgeslagen.");
    await expect(page.getByLabel("Woonplaats")).toHaveValue("Leiden");

    await page.getByTestId("manage-cancel-start").click();
    await expect(page.getByTestId("manage-cancel-quote")).toHaveText("Als je nu annuleert, krijg je €147,50 terug.");
    await page.getByRole("link", { name: "Nee, boeking houden" }).click();
    await expect(page.getByTestId("manage-cancel-quote")).toHaveCount(0);
    await expect(page.getByTestId("manage-status")).toHaveText("Bevestigd");

    // Paying posts and follows the 303 to the checkout; back on the page, cancelling works too.
    await page.getByRole("button", { name: "Betaal het restbedrag van €147,50" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
    await page.goto(link);
    await page.getByTestId("manage-cancel-start").click();
    await page.getByRole("button", { name: "Ja, annuleer mijn boeking" }).click();
    await expect(page.getByTestId("manage-result")).toHaveText("Je boeking is geannuleerd.");
    await expect(page.getByTestId("manage-cancelled-refunded")).toHaveText("€147,50 is teruggestort op de rekening waarmee je betaalde.");
    await expect(page.getByTestId("manage-status")).toHaveText("Geannuleerd");
  });
});
