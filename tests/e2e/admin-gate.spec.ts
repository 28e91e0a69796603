import type { Browser, Page } from "@playwright/test";
import { answerSecondStep, knownFactor, signInAdmin, unusedTotpCode } from "./admin-login";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";

/** The admin the e2e servers create on start (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config). */
const ADMIN = { email: "admin@oceanracing.test", password: "admin-password-e2e" };
const STAFF_PASSWORD = "staff-password-e2e";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

async function logIn(page: Page, email: string, password: string, path = "/admin") {
  await page.goto(path);
  await hydrated(page);
  await fillLogin(page, email, password);
}

/** A user without admin rights, made the way staff do it: by an admin on /admin/users. */
async function createStaffUser(browser: Browser, baseURL: string): Promise<string> {
  const email = uniqueEmail("staff");
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAdmin(page, "/admin/users", ADMIN);
  await expect(page.getByRole("heading", { name: "Gebruikers", level: 1 })).toBeVisible();
  await page.getByLabel("Naam").fill("Wal Medewerker");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Gebruiker aanmaken" }).click();
  await expect(toast(page, "Gebruiker aangemaakt")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Geen toegang");
  await context.close();
  return email;
}

// Signed-out pages answer 401, a non-admin's 403, failed logins 401/429: Chromium logs each.
test.use({ allowConsoleErrors: [/status of (401|403|429)/] });

test.describe("admin gate", () => {
  test("signed out: the login form on every admin page, with required e-mail and password", async ({ page }) => {
    for (const path of ["/admin", "/admin/dashboard", "/admin/newsletter", "/database-cleanup"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(401);
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
      await expect(page.getByText("Log in met een admin account om toegang te krijgen")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    }
    const email = page.getByLabel("E-mailadres");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await expect(page.getByLabel("Wachtwoord")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Wachtwoord")).toHaveAttribute("type", "password");
    // No admin data in the page.
    await expect(page.getByText("Betaalde inschrijvingen")).toHaveCount(0);
  });

  test("a wrong password: 'Inloggen...' while it runs, then the 'Login mislukt' toast", async ({ page }) => {
    await page.goto("/admin");
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/login.data*", async (route) => {
      await held;
      await route.continue();
    });
    await fillLogin(page, ADMIN.email, "not-the-password");
    const busy = page.getByRole("button", { name: "Inloggen..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    const failure = toast(page, "Login mislukt");
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("Ongeldig e-mailadres of wachtwoord");
    await expect(failure).toHaveAttribute("data-type", "error");
    await expect(page.getByRole("button", { name: "Inloggen" })).toBeEnabled();
  });

  test("an admin: 'Laden...' while the page loads, the page, then 'Admin Uitloggen' back to the login form", async ({ page }) => {
    // Signed in once through the helper first, so the account's second factor is set up; a
    // session of its own, since this test signs out.
    await signInAdmin(page, "/admin", ADMIN, { fresh: true });
    await page.getByRole("button", { name: "Admin Uitloggen" }).click();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await page.goto("/admin/dashboard");
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/admin\/dashboard\.data/, async (route) => {
      await held;
      await route.continue();
    });
    // Password, then the code (decision 017); the dashboard loads after the code.
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await answerSecondStep(page, "/admin/dashboard", ADMIN);
    const loading = page.getByRole("status").filter({ hasText: "Laden..." });
    await expect(loading).toBeVisible();
    await expect(loading.locator("svg.animate-spin")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.unroute(/\/admin\/dashboard\.data/);

    const logout = page.getByRole("button", { name: "Admin Uitloggen" });
    await expect(logout).toBeVisible();
    const box = await logout.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 40);
    expect(box!.y).toBeLessThan(40);
    // The form around the button is what is pinned to the corner.
    await expect(logout.locator("xpath=ancestor::form[1]")).toHaveCSS("position", "fixed");

    await logout.click();
    await expect(toast(page, "Uitgelogd")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    // The session is gone on the server: a fresh load is signed out too.
    expect((await page.goto("/admin/dashboard"))?.status()).toBe(401);
  });

  test.describe("a signed-in user without admin rights", () => {
    let staffEmail: string;
    test.beforeAll(async ({ browser, baseURL }) => {
      staffEmail = await createStaffUser(browser, baseURL!);
    });

    test("sees 'Toegang Geweigerd' and can log out", async ({ page }) => {
      await logIn(page, staffEmail, STAFF_PASSWORD);
      await expect(page.getByRole("heading", { name: "Toegang Geweigerd" })).toBeVisible();
      await expect(page.getByText("Je hebt geen admin rechten om deze pagina te bekijken.")).toBeVisible();
      await expect(page.getByText("Betaalde inschrijvingen")).toHaveCount(0);
      await page.getByRole("button", { name: "Uitloggen", exact: true }).click();
      await expect(toast(page, "Uitgelogd")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    });

    test("gets 403 and no data from direct GETs and POSTs; nobody gets 401", async ({ page, playwright, baseURL }) => {
      await logIn(page, staffEmail, STAFF_PASSWORD);
      await expect(page.getByRole("heading", { name: "Toegang Geweigerd" })).toBeVisible();
      const origin = { Origin: baseURL! };
      const gets = ["/admin", "/admin/dashboard", "/admin/emails", "/admin/users", "/admin/exports/registrations.csv", "/admin/exports/interest.csv", "/admin/exports/newsletter.csv", "/admin/dashboard.data"];
      for (const path of gets) {
        const response = await page.request.get(path);
        expect(response.status(), `GET ${path}`).toBe(403);
        const body = await response.text();
        expect(body, path).not.toContain("Sanne de Vries");
        expect(body, path).not.toContain("Referentie");
      }
      const posts: [string, Record<string, string>][] = [
        ["/admin/users", { intent: "create", name: "Indringer", email: uniqueEmail("intruder"), password: "0123456789abc", admin: "on" }],
        ["/admin/users", { intent: "role", userId: "x", admin: "true" }],
        ["/admin/emails", { id: "00000000-0000-4000-8000-000000000000" }],
        ["/admin/exports/registrations.csv", {}],
      ];
      for (const [path, form] of posts) {
        const response = await page.request.post(path, { form, headers: origin, maxRedirects: 0 });
        expect(response.status(), `POST ${path}`).toBe(403);
      }
      const anonymous = await playwright.request.newContext({ baseURL });
      for (const path of ["/admin/dashboard", "/admin/exports/registrations.csv"]) {
        expect((await anonymous.get(path)).status(), `anonymous GET ${path}`).toBe(401);
      }
      expect((await anonymous.post("/admin/users", { form: { intent: "create" }, headers: origin, maxRedirects: 0 })).status()).toBe(401);
      await anonymous.dispose();
    });
  });
});

test.describe("admin login without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain form post signs in, or shows the reason", async ({ page, browser, baseURL }) => {
    if (!knownFactor(baseURL!, ADMIN)) {
      // The account's second factor is set up on its first sign-in, with JavaScript.
      const context = await browser.newContext({ baseURL });
      await signInAdmin(await context.newPage(), "/admin", ADMIN);
      await context.close();
    }
    await page.goto("/admin/dashboard");
    await page.getByLabel("E-mailadres").fill(ADMIN.email);
    await page.getByLabel("Wachtwoord").fill("wrong-password-nojs");
    await page.getByRole("button", { name: "Inloggen" }).click();
    await expect(page.getByRole("alert")).toHaveText("Ongeldig e-mailadres of wachtwoord");
    await page.getByLabel("E-mailadres").fill(ADMIN.email);
    await page.getByLabel("Wachtwoord").fill(ADMIN.password);
    await page.getByRole("button", { name: "Inloggen" }).click();
    await expect(page).toHaveURL(/\/admin\/2fa\?redirectTo=%2Fadmin%2Fdashboard$/);
    await page.getByLabel("Code uit de app").fill(await unusedTotpCode(baseURL!, ADMIN));
    await page.getByRole("button", { name: "Controleren" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });
});

test.describe("login rate limit", () => {
  // On the second server, so the blocked address does not slow the other admin tests down.
  test("the sixth failure within a minute answers 429 with a clear message", async ({ page, pastUrl }) => {
    const email = uniqueEmail("guess");
    await page.goto(`${pastUrl}/admin`);
    await hydrated(page);
    for (let i = 1; i <= 5; i++) {
      const answer = page.waitForResponse((r) => r.url().includes("/admin/login") && r.request().method() === "POST");
      await fillLogin(page, email, `guess-number-${i}`);
      expect((await answer).status()).toBe(401);
      await expect(toast(page, "Ongeldig e-mailadres of wachtwoord").first()).toBeVisible();
    }
    const sixth = page.waitForResponse((r) => r.url().includes("/admin/login") && r.request().method() === "POST");
    await fillLogin(page, email, "guess-number-6");
    expect((await sixth).status()).toBe(429);
    const limited = toast(page, "Te veel mislukte inlogpogingen. Wacht een minuut en probeer het opnieuw.");
    await expect(limited).toBeVisible();
    await expect(limited).toContainText("Login mislukt");
  });
});
