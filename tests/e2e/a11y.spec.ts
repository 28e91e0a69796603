import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { adminRoutes } from "../../app/routes/admin/routes";
import { ADMIN_TEST_EVENT, bookAsVisitor, cancelWithFullRefund, openRegistration } from "./admin-bookings";
import { createAdminAccount, freshTotpCode, signInAdmin } from "./admin-login";
import { seriousAxeViolations } from "./checks";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";
import { ADMIN_PATHS, PUBLIC_PATHS as SITE_PATHS } from "./site-paths";

/**
 * axe-core on every public route and the main admin pages, at phone and desktop width, in both
 * languages, with the dialogs open where a page has them. Only serious and critical violations
 * fail. One page per width is reused for all routes, so the whole sweep stays a few tests.
 */
// The sweep's pages, plus the states only axe needs to see: a filter, a second dialog, the 404.
const PUBLIC_PATHS = [...SITE_PATHS, "/calendar?filter=completed", "/calendar?event=ocean-racing-academy", "/deze-pagina-bestaat-niet"];

const WIDTHS = [390, 1280] as const;

type Finding = { path: string; width: number; lang: string; id: string; impact: string; targets: string[] };

async function seriousViolations(page: Page, path: string, width: number, lang: string): Promise<Finding[]> {
  return (await seriousAxeViolations(page)).map((v) => ({ path, width, lang, id: v.id, impact: v.impact!, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
}

/** Only this server is contacted: third-party embeds fail at once instead of loading. */
async function localOnly(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "" }));
}

async function sweep(page: Page, paths: string[], lang: "nl" | "en", width: number): Promise<Finding[]> {
  const findings: Finding[] = [];
  await localOnly(page);
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  for (const path of paths) {
    await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    findings.push(...(await seriousViolations(page, path, width, lang)));
  }
  return findings;
}

// The 404 page answers 404, the admin login 401, and one demo article's picture is missing on purpose. (One pattern: Playwright reads a two-element
// array as [value, options].)
test.use({ allowConsoleErrors: [/status of 40[14]|missing-photo/] });
// Independent sweeps: the two workers share them.
test.describe.configure({ mode: "parallel", timeout: 300_000 });

// Two halves per language and width, so each sweep stays well inside its timeout on 2 cores.
const HALVES = [PUBLIC_PATHS.slice(0, 10), PUBLIC_PATHS.slice(10)];

// Each language once, each at one width: Dutch on a phone, English on a desktop. What differs by
// language (text length, wrapping) and by width (menu, layout) is each covered, at half the cost of
// all four combinations, which kept CI over its time budget; the dialogs below run at both widths.
const SWEEPS = [
  ["nl", 390],
  ["en", 1280],
] as const;

for (const [lang, width] of SWEEPS) {
  HALVES.forEach((paths, half) => {
    test(`public pages have no serious or critical axe violations (${lang}, ${width}px, part ${half + 1})`, async ({ page }) => {
      const findings = await sweep(page, paths, lang, width);
      expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
    });
  });
}

test("the unlocked private page, the mobile menu, the registration and video dialogs have no serious axe violations", async ({ page }) => {
  await localOnly(page);
  const findings: Finding[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto("/vwdtp?lang=nl");
    await hydrated(page);
    const code = page.getByLabel("Wachtwoord", { exact: true });
    if (await code.count()) {
      await code.fill("vwdtp2025");
      await page.getByRole("button", { name: "Toegang", exact: true }).click();
    }
    await expect(page.getByText("Exclusief zeil evenement voor VWDTP leden")).toBeVisible();
    findings.push(...(await seriousViolations(page, "/vwdtp (unlocked)", width, "nl")));
    if (width < 1024) {
      await page.getByRole("button", { name: "Menu openen" }).click();
      await expect(page.locator("#mobile-menu")).toBeVisible();
      findings.push(...(await seriousViolations(page, "/vwdtp (menu open)", width, "nl")));
      await page.keyboard.press("Escape");
    }
    // The registration dialog over an event's dialog, and a video in its dialog.
    await page.goto("/calendar?event=offshore-trainingsweekend&lang=en");
    await hydrated(page);
    await page.getByTestId("event-dialog").locator("a[data-action=register]").click();
    await expect(page.getByLabel("Full name")).toBeVisible();
    findings.push(...(await seriousViolations(page, "registration dialog", width, "en")));
    await page.goto("/videos?lang=nl");
    await hydrated(page);
    await page.locator("a[aria-haspopup=dialog]").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    findings.push(...(await seriousViolations(page, "video dialog", width, "nl")));
  }
  expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
});

/** Every page of app/routes/admin/routes.ts (resource routes, the files ending in .ts, are no pages). */
function adminPagePatterns(routes: RouteConfigEntry[]): string[] {
  return routes.flatMap((r) => [...(r.path && r.file.endsWith(".tsx") ? [`/${r.path}`] : []), ...adminPagePatterns(r.children ?? [])]);
}

/** The ids the admin's pages need, read from the pages that link to them. */
async function adminIds(page: Page): Promise<Record<string, string>> {
  const id = async (path: string, selector: string, pattern: RegExp) => {
    await page.goto(path);
    await hydrated(page);
    const hrefs = await page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const found = hrefs.map((h) => pattern.exec(h)?.[1]).find(Boolean);
    expect(found, `an id on ${path}`).toBeTruthy();
    return found!;
  };
  return {
    eventId: await id("/admin/events", "a[href^='/admin/events/']", /^\/admin\/events\/([0-9a-f-]{36})$/),
    articleId: await id("/admin/articles", "a[href$='/edit']", /^\/admin\/blog\/([0-9a-f-]{36})\/edit$/),
    registrationId: await id("/admin/dashboard", "a[href^='/admin/registrations/']", /^\/admin\/registrations\/([0-9a-f-]{36})$/),
  };
}

/** A page of every admin route: its parameters filled in; the catch-all as a path that does not exist. */
function adminPaths(patterns: string[], ids: Record<string, string>): string[] {
  return patterns.map((pattern) =>
    pattern
      .replace(/:(eventId)|(?<=events\/):id/g, ids.eventId)
      .replace(/(?<=registrations\/):id/, ids.registrationId)
      .replace(/(?<=blog\/):id/, ids.articleId)
      .replace(/\*$/, "deze-pagina-bestaat-niet"),
  );
}

// Signed in already, or covered elsewhere: the sign-in pages (below, and the two-factor test).
const SIGN_IN_PAGES = ["/admin/login", "/admin/2fa", "/admin/2fa/setup"];

// One test per width: each stays inside its time on a busy machine, and the two workers share them.
for (const width of WIDTHS) {
  test(`every admin page has no serious or critical axe violations (${width}px)`, async ({ page }) => {
    test.setTimeout(400_000);
    await localOnly(page);
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    const findings: Finding[] = [];
    // Signed out: the login form (the gate shows it on any admin page too).
    for (const path of ["/admin/login", "/admin"]) {
      await page.goto(path);
      await hydrated(page);
      findings.push(...(await seriousViolations(page, `${path} (signed out)`, width, "nl")));
    }
    await signInAdmin(page, "/admin");
    await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
    const patterns = adminPagePatterns(adminRoutes).filter((p) => !SIGN_IN_PAGES.includes(p));
    const paths = adminPaths(patterns, await adminIds(page));
    // Every route's page is visited: a new admin route with a parameter this test cannot fill fails here.
    expect(paths.filter((p) => p.includes(":"))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(ADMIN_PATHS));
    for (const path of paths) {
      await page.goto(path);
      await hydrated(page);
      findings.push(...(await seriousViolations(page, path, width, "nl")));
    }
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  });
}

test("the admin pages stay accessible after a cancellation, with a place held, and after an erasure", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await localOnly(page);
  const email = uniqueEmail("a11y-erase");
  const reference = await bookAsVisitor(browser, baseURL!, { name: "Anouk Toegankelijk", email }, true);
  await bookAsVisitor(browser, baseURL!, { name: "Henk Houdtvast", email: uniqueEmail("a11y-hold") }, false);
  await signInAdmin(page, "/admin");
  const findings: Finding[] = [];
  const check = async (label: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      findings.push(...(await seriousViolations(page, label, width, "nl")));
    }
  };

  // A cancelled booking's page (with its refund), and its event's page with a place held.
  const registration = await openRegistration(page, reference!);
  await cancelWithFullRefund(page);
  await page.goto(registration);
  await hydrated(page);
  await expect(page.getByTestId("actions-unavailable")).toBeVisible();
  await check("registration after a cancellation");
  // The event's page, from the registration's link (opened as a page load: a busy machine's loaders are slow).
  await page.goto((await page.getByRole("link", { name: ADMIN_TEST_EVENT.name, exact: true }).getAttribute("href"))!);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: ADMIN_TEST_EVENT.name })).toBeVisible();
  await expect(page.getByTestId("held-row").filter({ hasText: "Henk Houdtvast" })).toBeVisible();
  await check("event with a cancellation and a hold");
  // The release's confirmation dialog.
  await page.getByTestId("held-row").filter({ hasText: "Henk Houdtvast" }).getByRole("button", { name: /^Vrijgeven/ }).click();
  await expect(page.getByRole("alertdialog", { name: "Deze plaats nu vrijgeven?" })).toBeVisible();
  findings.push(...(await seriousViolations(page, "release dialog", WIDTHS[1], "nl")));
  await page.keyboard.press("Escape");

  // The person's data, then its erasure; the dashboard and the booking afterwards.
  await page.goto("/admin/privacy");
  await hydrated(page);
  await page.getByRole("form", { name: "Zoeken op e-mailadres" }).getByLabel("E-mailadres").fill(email);
  await page.getByRole("button", { name: "Zoeken" }).click();
  await expect(page.getByTestId("privacy-registration")).toHaveCount(1);
  await check("privacy search result");
  await page.getByRole("button", { name: "Wissen", exact: true }).click();
  await page.getByRole("alertdialog", { name: "Gegevens van deze persoon wissen?" }).getByRole("button", { name: "Definitief wissen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Gewist" })).toBeVisible();
  await check("privacy after an erasure");
  await page.goto("/admin/dashboard");
  await hydrated(page);
  // The erased person's row: no empty mail link, a dash.
  const erased = page.getByTestId("dashboard-ended-registration").filter({ hasText: reference! });
  await expect(erased).toContainText("[verwijderd]");
  await expect(erased.locator("a[href^='mailto:']")).toHaveCount(0);
  await check("dashboard after an erasure");
  await page.goto(registration);
  await hydrated(page);
  await check("registration after an erasure");
  expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
});

test("the two-factor set-up and code pages have no serious or critical axe violations", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await localOnly(page);
  const admin = { email: uniqueEmail("a11y-admin"), password: "a11y-admin-password" };
  await createAdminAccount(browser, baseURL!, admin);
  const findings: Finding[] = [];
  const logIn = async () => {
    await page.goto("/admin");
    await hydrated(page);
    await page.getByLabel("E-mailadres").fill(admin.email);
    await page.getByLabel("Wachtwoord").fill(admin.password);
    await page.getByRole("button", { name: "Inloggen" }).click();
  };
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn();
  await expect(page.getByRole("heading", { name: "Tweestapsverificatie instellen" })).toBeVisible();
  await hydrated(page);
  findings.push(...(await seriousViolations(page, "/admin/2fa/setup (start)", 390, "nl")));
  await page.getByLabel("Bevestig je wachtwoord om te beginnen").fill(admin.password);
  await page.getByRole("button", { name: "Instellen starten" }).click();
  await expect(page.getByTestId("totp-secret")).toBeVisible();
  findings.push(...(await seriousViolations(page, "/admin/2fa/setup (QR code)", 390, "nl")));
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  await page.getByLabel("Code uit de app").fill(await freshTotpCode(secret));
  await page.getByRole("button", { name: "Bevestigen en aanzetten" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  findings.push(...(await seriousViolations(page, "/admin/2fa/setup (recovery codes)", 390, "nl")));
  await page.getByRole("link", { name: "Codes bewaard, ga verder" }).click();
  await page.getByRole("button", { name: "Admin Uitloggen" }).click();
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await logIn();
    await expect(page.getByRole("heading", { name: "Tweestapsverificatie", exact: true })).toBeVisible();
    await hydrated(page);
    await page.getByText("Een herstelcode gebruiken").click();
    await expect(page.getByLabel("Herstelcode")).toBeVisible();
    findings.push(...(await seriousViolations(page, "/admin/2fa", width, "nl")));
  }
  expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
});
