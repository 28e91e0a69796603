import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import sharp from "sharp";
import { makeElf, makePdf } from "../unit/upload-fixtures";
import { signInAdmin } from "./admin-login";
import { expect, hydrated, test } from "./fixtures";

/**
 * The admin's content pages in a real browser: articles with uploads, the cleanup screen, upload
 * refusals and access-code rotation. They publish articles and change private-page codes, which
 * would disturb the other specs on the shared servers, so this file starts its own server (same
 * build, fresh embedded database) and stops it afterwards.
 */

const ADMIN = { email: "admin@oceanracing.test", password: "admin-password-e2e" };
let server: { url: string; process: ChildProcess; dataDir: string };
/** The admin's signed-in browser state, made once and reused by every test. */
let adminState: BrowserContextOptions["storageState"];

async function startServer(): Promise<typeof server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-e2e-content-"));
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
      APP_NOW: "",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Site ready on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { url, process: child, dataDir };
}

// Serial: later tests use what earlier ones made. A slow start-up is not a slow test.
test.describe.configure({ mode: "serial", timeout: 60_000 });
// The gate answers 401 before login; refused uploads answer 400: Chromium logs both.
test.use({ allowConsoleErrors: [/status of 40[01]/] });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startServer();
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, "/admin");
  adminState = await context.storageState();
  await context.close();
});

test.afterAll(async () => {
  server?.process.kill("SIGTERM");
  fs.rmSync(server?.dataDir ?? "/nonexistent", { recursive: true, force: true });
});

const at = (route: string) => `${server.url}${route}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function logIn(page: Page, route: string) {
  await signInAdmin(page, at(route), ADMIN);
}

async function fillRequired(page: Page, title: string) {
  await page.getByLabel("Titel", { exact: true }).fill(title);
  await page.getByLabel("Beschrijving", { exact: true }).fill(`Korte beschrijving van ${title}.`);
  await page.getByLabel("Inhoud (markdown)", { exact: true }).fill("## Onderweg\n\nWe **vertrekken** om zes uur.");
}

const save = (page: Page) => page.getByRole("button", { name: "Artikel opslaan" }).click();

async function photo(width = 1600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#14608c" } })
    .withExif({ IFD0: { Make: "PhoneCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 6/1 1234/100" } })
    .jpeg()
    .toBuffer();
}

async function newAdminPage(browser: Browser, route: string): Promise<Page> {
  const context = await browser.newContext({ storageState: adminState });
  const page = await context.newPage();
  await page.goto(at(route));
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Admin Uitloggen" })).toBeVisible();
  return page;
}

test("the slug follows the title by the spec's rule, stays once edited, and must be unique", async ({ browser }) => {
  const page = await newAdminPage(browser, "/admin/blog/new");
  const title = page.getByLabel("Titel", { exact: true });
  const slug = page.getByLabel("Slug", { exact: true });
  await title.fill("Één dag: Noordzee & ARC 2025!");
  await expect(slug).toHaveValue("een-dag-noordzee-arc-2025");
  await expect(page.getByText("Adres: /news/een-dag-noordzee-arc-2025")).toBeVisible();

  await slug.fill("mijn-eigen-slug");
  await title.fill("Een andere titel");
  await expect(slug).toHaveValue("mijn-eigen-slug");
  await slug.fill("");
  await title.fill("Terug Naar De Titel");
  await expect(slug).toHaveValue("terug-naar-de-titel");

  // The server says so when another article has the slug (a seeded one here).
  await fillRequired(page, "Refit deel twee");
  await slug.fill("refit-boot-op-de-kant");
  await save(page);
  const failure = toast(page, "Fout");
  await expect(failure).toBeVisible();
  await expect(failure).toContainText("Deze slug is al in gebruik door een ander artikel");
  await expect(failure).toHaveAttribute("data-type", "error");
  await expect(slug).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Deze slug is al in gebruik door een ander artikel").first()).toBeVisible();
  // The typed form is kept.
  await expect(title).toHaveValue("Refit deel twee");
  await page.context().close();
});

test("creates a published article with an image and a PDF; it is on /news with its picture and document link", async ({ browser }) => {
  const page = await newAdminPage(browser, "/admin/blog/new");
  await fillRequired(page, "Kwalificatietocht geslaagd");
  // The live preview renders the markdown.
  const preview = page.getByTestId("article-preview");
  await expect(preview.getByRole("heading", { name: "Onderweg" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("vertrekken");
  await page.getByLabel("Categorie").selectOption("victory");
  await page.getByLabel("Afbeelding", { exact: true }).setInputFiles({ name: "finish.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await page.getByLabel("Document", { exact: true }).setInputFiles({ name: "Verslag.pdf", mimeType: "application/pdf", buffer: makePdf("Verslag") });
  await page.getByLabel("Naam van het document (optioneel)").fill("Wedstrijdverslag");
  const published = page.getByRole("switch", { name: "Gepubliceerd" });
  await expect(published).not.toBeChecked();
  await published.check();
  await save(page);

  await expect(toast(page, "Artikel opgeslagen")).toBeVisible({ timeout: 20_000 });
  // The form starts again: empty, and unpublished.
  await expect(page.getByLabel("Titel", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue("");
  await expect(page.getByRole("switch", { name: "Gepubliceerd" })).not.toBeChecked();
  await expect(page.getByLabel("Afbeelding", { exact: true })).toHaveValue("");

  const visitor = await browser.newPage();
  await visitor.goto(at("/news"));
  const card = visitor.locator("article").filter({ hasText: "Kwalificatietocht geslaagd" });
  await expect(card).toBeVisible();
  const image = card.locator("img").first();
  await expect(image).toHaveAttribute("src", /^\/uploads\/blog-images\/\d+-[0-9a-f]{16}-1280\.webp$/);
  // Served responsively: AVIF and WebP sources in several widths; the browser picks one.
  await expect(card.locator("picture source[type='image/avif']")).toHaveAttribute("srcset", /-640\.avif 640w, .*-1280\.avif 1280w/);
  await expect(card.locator("picture source[type='image/webp']")).toHaveAttribute("srcset", /-640\.webp 640w/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc.includes("/uploads/blog-images/"))).toBe(true);
  const served = await visitor.request.get(at((await image.getAttribute("src"))!));
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["x-content-type-options"]).toContain("nosniff");
  const stored = await sharp(await served.body()).metadata();
  expect(stored.exif).toBeUndefined();

  await card.getByRole("link", { name: "Kwalificatietocht geslaagd" }).click();
  const dialog = visitor.getByTestId("article-dialog");
  await expect(dialog.getByRole("heading", { name: "Onderweg" })).toBeVisible();
  const documentLink = dialog.getByRole("link", { name: /Wedstrijdverslag/ });
  await expect(documentLink).toHaveAttribute("href", /^\/uploads\/documents\/\d+-[0-9a-f]{16}\.pdf$/);
  const pdf = await visitor.request.get(at((await documentLink.getAttribute("href"))!));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await visitor.close();
  await page.context().close();
});

test("refuses an executable renamed to .png, a 6 MB image and a text file renamed to .pdf, in Dutch", async ({ browser }) => {
  const page = await newAdminPage(browser, "/admin/blog/new");
  const imageInput = page.getByLabel("Afbeelding", { exact: true });
  const documentInput = page.getByLabel("Document", { exact: true });

  // Too large: refused in the browser at once, and left out of the form.
  await imageInput.setInputFiles({ name: "groot.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 0xff) });
  await expect(toast(page, "Fout").filter({ hasText: "Maximum grootte is 5MB" })).toBeVisible();
  await expect(imageInput).toHaveValue("");
  await expect(imageInput).toHaveAttribute("aria-invalid", "true");

  // What a file is, only its bytes tell: the server refuses these.
  await fillRequired(page, "Weigering van bestanden");
  await imageInput.setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: makeElf() });
  await save(page);
  await expect(toast(page, "Dit bestand is geen afbeelding")).toBeVisible();
  await expect(toast(page, "Dit bestand is geen afbeelding")).toContainText("Fout");

  await imageInput.setInputFiles([]);
  await documentInput.setInputFiles({ name: "brochure.pdf", mimeType: "application/pdf", buffer: Buffer.from("Dit is gewoon tekst.\n") });
  await save(page);
  await expect(toast(page, "Alleen PDF-, DOC- of DOCX-bestanden zijn toegestaan.")).toBeVisible();
  await expect(page.getByText("Alleen PDF-, DOC- of DOCX-bestanden zijn toegestaan.").first()).toBeVisible();

  // Nothing was saved.
  await page.goto(at("/admin/articles"));
  await expect(page.getByRole("row").filter({ hasText: "Weigering van bestanden" })).toHaveCount(0);
  await page.context().close();
});

test("deletes an article after confirming in a dialog, and several at once on /database-cleanup", async ({ browser }) => {
  const page = await newAdminPage(browser, "/admin/articles");
  const row = page.getByRole("row").filter({ hasText: "Kwalificatietocht geslaagd" });
  await row.getByRole("button", { name: "'Kwalificatietocht geslaagd' verwijderen" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Artikel verwijderen?");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: "'Kwalificatietocht geslaagd' verwijderen" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Definitief verwijderen" }).click();
  await expect(toast(page, "Artikel verwijderd")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(at("/news/kwalificatietocht-geslaagd"))).status()).toBe(404);

  await page.goto(at("/database-cleanup"));
  await hydrated(page);
  const deleteButton = page.getByRole("button", { name: "Geselecteerde verwijderen" });
  await expect(deleteButton).toBeDisabled();
  for (const title of ["Concept: nieuwe hoofdsponsor voor het team", "Refit: de boot staat op de kant"]) {
    await page.getByRole("checkbox", { name: `'${title}' selecteren` }).check();
  }
  await expect(page.getByText("2 geselecteerd")).toBeVisible();
  await deleteButton.click();
  await expect(page.getByRole("alertdialog")).toContainText("2 artikelen verwijderen?");
  await page.getByRole("alertdialog").getByRole("button", { name: "Definitief verwijderen" }).click();
  await expect(toast(page, "2 artikelen verwijderd")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "'Refit: de boot staat op de kant' selecteren" })).toHaveCount(0);
  await page.context().close();
});

test("rotating a code: the new one unlocks the private page at once, the old one fails", async ({ browser }) => {
  const page = await newAdminPage(browser, "/admin/codes");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "VWDTP Challenge" }) });
  await card.getByLabel("Nieuwe code").fill("zeilen-2031");
  await card.getByRole("button", { name: "Code vervangen" }).click();
  await expect(toast(page, "Code vervangen")).toBeVisible();
  await expect(card.getByLabel("Nieuwe code")).toHaveValue("");
  // Stored codes are never shown.
  expect(await page.content()).not.toContain("zeilen-2031");

  const visitor = await browser.newPage();
  await visitor.goto(at("/vwdtp"));
  await hydrated(visitor);
  await visitor.getByLabel("Wachtwoord", { exact: true }).fill("vwdtp2025");
  await visitor.getByRole("button", { name: "Toegang" }).click();
  await expect(visitor.getByRole("alert").filter({ hasText: "Onjuist wachtwoord" })).toBeVisible();
  await visitor.getByLabel("Wachtwoord", { exact: true }).fill("zeilen-2031");
  await visitor.getByRole("button", { name: "Toegang" }).click();
  await expect(visitor.getByText("Exclusief zeil evenement voor VWDTP leden")).toBeVisible();
  await visitor.close();
  await page.context().close();
});

test("creates an event with Amsterdam times and cancels it after confirming", async ({ browser }) => {
  const page = await newAdminPage(browser, "/admin/events/new");
  await page.getByLabel("Naam", { exact: true }).fill("Wintertraining Noordzee");
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue("wintertraining-noordzee");
  await page.getByLabel("Beschrijving", { exact: true }).fill("Een dag trainen in de winterse Noordzee.");
  await page.getByLabel("Begint op").fill("2031-01-18T09:00");
  await page.getByLabel("Eindigt op").fill("2031-01-18T17:00");
  await page.getByLabel("Prijs per persoon (€)").fill("149,50");
  await page.getByLabel("Maximum aantal deelnemers").fill("6");
  await page.getByLabel("Inbegrepen (één per regel)").fill("Lunch\nZeilpak");
  await page.getByRole("button", { name: "Evenement opslaan" }).click();
  // A POST, a redirect and the new event's admin page: slow on 2 busy cores (lifecycle.spec).
  await expect(page.getByRole("heading", { level: 1, name: "Wintertraining Noordzee" })).toBeVisible({ timeout: 20_000 });
  await expect(toast(page, "Evenement aangemaakt")).toBeVisible();
  await expect(page.getByText("0 van 6 plaatsen bezet")).toBeVisible();
  await expect(page.getByLabel("Begint op")).toHaveValue("2031-01-18T09:00");
  await expect(page.getByLabel("Prijs per persoon (€)")).toHaveValue("149,50");

  await page.getByRole("button", { name: "Evenement annuleren" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ja, annuleren" }).click();
  await expect(toast(page, "Evenement geannuleerd")).toBeVisible();
  await expect(page.getByText("Dit evenement is geannuleerd.")).toBeVisible();
  await page.goto(at("/admin/events"));
  await expect(page.getByRole("row").filter({ hasText: "Wintertraining Noordzee" })).toContainText("Geannuleerd");
  await page.context().close();
});
