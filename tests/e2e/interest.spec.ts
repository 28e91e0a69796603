import type { BrowserContext } from "@playwright/test";
import type { Locale } from "../../app/i18n";
import { expect, hydrated, test, uniqueEmail, waitForEmail } from "./fixtures";

const ACADEMY = "/calendar?event=ocean-racing-academy";
const TEAM_EMAIL = "team@oceanracing.test";

async function chooseLanguage(context: BrowserContext, url: string, locale: Locale) {
  await context.addCookies([{ name: "lang", value: locale, url }]);
}

test.describe("Show Interest in the event dialog", () => {
  // Two page loads, two posts and an e-mail each: more than the default budget on a busy machine.
  test.slow();

  test("required fields, a saved sign-up with the team notified, then 'Already registered' (English)", async ({ page, context, baseURL }) => {
    await chooseLanguage(context, baseURL!, "en");
    const email = uniqueEmail("interest");
    await page.goto(ACADEMY);
    await hydrated(page);
    const dialog = page.getByTestId("event-dialog");
    await dialog.getByRole("link", { name: "Show Interest" }).click();
    await expect(dialog.getByLabel("Name")).toBeFocused();

    await dialog.getByRole("button", { name: "Submit Interest" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Required fields");
    await expect(dialog.getByRole("alert")).toContainText("Please fill in your name and email address");

    await dialog.getByLabel("Name").fill("Lotte de Boer");
    await dialog.getByLabel("E-mail address").fill(email);
    await dialog.getByLabel("Message (optional)").fill("I sailed the Fastnet twice.");
    await dialog.getByRole("button", { name: "Submit Interest" }).click();
    await expect(page.getByText("Thank you for your interest!").first()).toBeVisible();
    await expect(dialog.getByRole("status")).toContainText("Ocean Racing Academy");
    // Still on the calendar, in the dialog: the fetcher posted without navigating.
    await expect(page).toHaveURL(/\/calendar\?event=ocean-racing-academy$/);

    const notification = await waitForEmail(email);
    expect(notification.raw).toContain(`To: ${TEAM_EMAIL}`);
    expect(notification.raw).toContain(`Reply-To: ${email}`);
    expect(notification.raw).toContain("Lotte de Boer");

    await page.reload();
    await hydrated(page);
    await dialog.getByRole("link", { name: "Show Interest" }).click();
    await dialog.getByLabel("Name").fill("Lotte");
    await dialog.getByLabel("E-mail address").fill(email.toUpperCase());
    await dialog.getByRole("button", { name: "Submit Interest" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Already registered");
    await expect(dialog.getByRole("alert")).toContainText("Your interest for this event has already been registered.");
    await expect(page.getByText("Thank you for your interest!")).toHaveCount(0);
  });

  test("the same in Dutch", async ({ page, context, baseURL }) => {
    await chooseLanguage(context, baseURL!, "nl");
    const email = uniqueEmail("interesse");
    await page.goto(ACADEMY);
    await hydrated(page);
    const dialog = page.getByTestId("event-dialog");
    await dialog.getByRole("link", { name: "Interesse tonen" }).click();
    await dialog.getByRole("button", { name: "Interesse versturen" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Verplichte velden");
    await expect(dialog.getByRole("alert")).toContainText("Vul je naam en e-mailadres in");

    for (const attempt of [1, 2]) {
      await dialog.getByLabel("Naam").fill("Thijs Bos");
      await dialog.getByLabel("E-mailadres").fill(attempt === 1 ? email : email.replace("interesse", "INTERESSE"));
      await dialog.getByRole("button", { name: "Interesse versturen" }).click();
      if (attempt === 1) {
        await expect(dialog.getByRole("status")).toContainText("Bedankt voor je interesse!");
        await page.reload();
        await hydrated(page);
        await dialog.getByRole("link", { name: "Interesse tonen" }).click();
      }
    }
    await expect(dialog.getByRole("alert")).toContainText("Al aangemeld");
    await expect(dialog.getByRole("alert")).toContainText("Je interesse voor dit evenement is al geregistreerd.");
  });
});

test.describe("Show Interest without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the link leads to a real form whose post redirects to a success state", async ({ page, context, baseURL }) => {
    await chooseLanguage(context, baseURL!, "en");
    const email = uniqueEmail("nojs");
    await page.goto(ACADEMY);
    await page.getByTestId("event-dialog").getByRole("link", { name: "Show Interest" }).click();
    await expect(page).toHaveURL(/\/events\/ocean-racing-academy\/interest$/);
    await page.getByLabel("Name").fill("Bram Mulder");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Submit Interest" }).click();
    await expect(page).toHaveURL(/\/events\/ocean-racing-academy\/interest\?sent=1$/);
    await expect(page.getByRole("status")).toContainText("Thank you for your interest!");
    await waitForEmail(email);
  });

  test("a post with missing fields answers 400 with the message, and stores nothing", async ({ request, baseURL }) => {
    const email = uniqueEmail("missing");
    const response = await request.post(`${baseURL}/events/ocean-racing-academy/interest`, {
      form: { name: "", email },
      headers: { cookie: "lang=en" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Required fields");
    expect(html).toContain("Please fill in your name and email address");

    // Had it been stored, this sign-up would be a duplicate instead of a success.
    const retry = await request.post(`${baseURL}/events/ocean-racing-academy/interest`, {
      form: { name: "Daan Meijer", email },
      maxRedirects: 0,
    });
    expect(retry.status()).toBe(303);
    expect(retry.headers().location).toBe("/events/ocean-racing-academy/interest?sent=1");
  });

  test("an event that takes registrations shows no interest form", async ({ page, context, baseURL }) => {
    await chooseLanguage(context, baseURL!, "en");
    await page.goto("/events/zakelijke-zeildag/interest");
    await expect(page.getByRole("status")).toContainText("This event does not take interest sign-ups.");
    await expect(page.getByRole("button", { name: "Submit Interest" })).toHaveCount(0);
  });
});
