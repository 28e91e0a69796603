import type { Page } from "@playwright/test";
import { decodeMail } from "./checks";
import { expect, hydrated, outboxMessages, test, uniqueEmail, waitForEmail } from "./fixtures";

// The demo article's missing picture is a deliberate 404 (its placeholder is tested).
test.use({ allowConsoleErrors: [/missing-photo/] });

async function confirmationPath(email: string): Promise<string> {
  const mail = await waitForEmail(`To: ${email}`);
  const match = decodeMail(mail.raw).match(/https?:\/\/[^\s"<>]+\/newsletter\/confirm\/([A-Za-z0-9_-]+)/);
  expect(match, "confirmation link in the e-mail").not.toBeNull();
  return new URL(match![0]).pathname;
}

/** A sign-up renders and delivers two e-mails before it answers: allow for a busy CI machine. */
const SIGN_UP_TIMEOUT = { timeout: 20_000 };

function toast(page: Page, text: string | RegExp) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function fillAndSubmit(page: Page, labels: { name: string; email: string; submit: string }, name: string, email: string) {
  const form = page.locator("#newsletter");
  await form.getByLabel(labels.name).fill(name);
  await form.getByLabel(labels.email).fill(email);
  await form.getByRole("button", { name: labels.submit }).click();
}

const NL = { name: "Naam", email: "E-mailadres", submit: "Aanmelden" };
const EN = { name: "Name", email: "E-mail address", submit: "Sign up" };

test.describe("newsletter", () => {
  test("Dutch: signs up on the home page, confirms through the e-mail's link and unsubscribes", async ({ page }) => {
    const email = uniqueEmail("nieuwsbrief");
    await page.goto("/?lang=nl");
    await hydrated(page);
    await expect(page.locator("#newsletter").getByRole("heading", { name: "Zeil mee vanaf de wal" })).toHaveAttribute("id", "newsletter-title");
    await fillAndSubmit(page, NL, "Anna de Vries", email);
    await expect(toast(page, "Succesvol aangemeld!")).toBeVisible(SIGN_UP_TIMEOUT);
    // The form is emptied for the next visitor.
    await expect(page.locator("#newsletter").getByLabel(NL.email)).toHaveValue("");

    const mail = decodeMail((await waitForEmail(`To: ${email}`)).raw);
    expect(mail).toContain("Hoi Anna de Vries,");
    expect(mail).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/newsletter\/unsubscribe\/[A-Za-z0-9_-]+>$/m);
    // The team hears of every new sign-up.
    await expect.poll(() => outboxMessages(email).some((m) => /^To: team@oceanracing\.test$/m.test(m.raw))).toBe(true);

    await page.goto(await confirmationPath(email));
    await expect(page.getByRole("heading", { level: 1, name: "Aanmelding bevestigd" })).toBeVisible();
    await expect(page.getByText(`Bedankt, Anna de Vries. Vanaf nu ontvang je onze nieuwsbrief op ${email}.`)).toBeVisible();

    await page.getByRole("link", { name: "Afmelden voor deze nieuwsbrief" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Afmelden voor de nieuwsbrief" })).toBeVisible();
    await page.getByRole("button", { name: "Ja, afmelden" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Je bent afgemeld" })).toBeVisible();
    await expect(page.getByText(`Je ontvangt onze nieuwsbrief niet meer op ${email}.`, { exact: false })).toBeVisible();
  });

  test("English: signs up beside the featured article on /news and confirms; a second confirm is harmless", async ({ page }) => {
    const email = uniqueEmail("newsletter");
    await page.goto("/news?lang=en");
    await hydrated(page);
    await fillAndSubmit(page, EN, "Sam Taylor", email);
    await expect(toast(page, "Signed up successfully!")).toBeVisible(SIGN_UP_TIMEOUT);
    const confirm = await confirmationPath(email);
    expect(decodeMail((await waitForEmail(`To: ${email}`)).raw)).toContain("Hi Sam Taylor,");

    await page.goto(confirm);
    await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();
    await page.goto(confirm);
    await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Unsubscribe from this newsletter" })).toHaveAttribute("href", /\/newsletter\/unsubscribe\//);
  });

  test("an address that is already subscribed, in other letter case, is told so in both languages", async ({ page }) => {
    const email = uniqueEmail("twice");
    await page.goto("/?lang=en");
    await hydrated(page);
    await fillAndSubmit(page, EN, "Piet", email);
    await expect(toast(page, "Signed up successfully!")).toBeVisible(SIGN_UP_TIMEOUT);

    await fillAndSubmit(page, EN, "Piet", email.toUpperCase());
    await expect(toast(page, "Already subscribed: This email address is already subscribed")).toBeVisible(SIGN_UP_TIMEOUT);

    await page.goto("/?lang=nl");
    await hydrated(page);
    await fillAndSubmit(page, NL, "Piet", email);
    await expect(toast(page, "Al aangemeld")).toBeVisible(SIGN_UP_TIMEOUT);
  });

  test("validation messages in the browser, in both languages, before anything is sent", async ({ page }) => {
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/newsletter")) posts += 1;
    });
    await page.goto("/?lang=en");
    await hydrated(page);
    const form = page.locator("#newsletter");
    await form.getByRole("button", { name: EN.submit }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByLabel(EN.name)).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel(EN.name).fill("Jan");
    await form.getByLabel(EN.email).fill("jan@example");
    await form.getByRole("button", { name: EN.submit }).click();
    await expect(form.getByText("Invalid email address")).toBeVisible();
    await expect(form.getByText("Name is required")).toHaveCount(0);
    const describedBy = await form.getByLabel(EN.email).getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Invalid email address");

    await page.goto("/?lang=nl");
    await hydrated(page);
    await page.locator("#newsletter").getByRole("button", { name: NL.submit }).click();
    await expect(page.locator("#newsletter").getByText("Naam is verplicht")).toBeVisible();
    await expect(page.locator("#newsletter").getByText("E-mail is verplicht")).toBeVisible();
    await page.locator("#newsletter").getByLabel(NL.email).fill("geen-adres");
    await page.locator("#newsletter").getByLabel(NL.email).blur();
    await expect(page.locator("#newsletter").getByText("Ongeldig e-mailadres")).toBeVisible();
    expect(posts).toBe(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts, and the page it came from shows the outcome or the server's field errors", async ({ page }) => {
      const email = uniqueEmail("nojs");
      await page.goto("/news?lang=nl");
      await fillAndSubmit(page, NL, "Noor", email);
      await expect(page).toHaveURL(/\/news\?lang=nl&newsletter=success#newsletter$/, SIGN_UP_TIMEOUT);
      await expect(page.getByTestId("newsletter-result")).toContainText("Succesvol aangemeld!");
      await confirmationPath(email);

      // "x@y" passes the browser's own check but not the standard pattern on the server.
      await page.goto("/?lang=nl");
      await fillAndSubmit(page, NL, "Noor", "x@y");
      await expect(page).toHaveURL(/newsletter=invalid/);
      await expect(page.locator("#newsletter").getByText("Ongeldig e-mailadres")).toBeVisible();
    });
  });
});
