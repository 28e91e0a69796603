import fs from "node:fs";
import type { Page } from "@playwright/test";
import { bookAsVisitor, cancelWithFullRefund, openRegistration } from "./admin-bookings";
import { signInAdmin } from "./admin-login";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";

const ADMIN = { email: "admin@oceanracing.test", password: "admin-password-e2e" };
const DUTCH_NAME = "Jeroen van Ærlé-Dückers";

const REGISTRATION_COLUMNS = [
  "Referentie", "Event", "Startdatum event", "Status", "Naam", "E-mail", "Telefoon", "Geboortedatum", "Adres",
  "Postcode", "Plaats", "Land", "Contactpersoon noodgeval", "Telefoon noodgeval", "Opmerkingen", "Taal",
  "Prijs (EUR)", "Te betalen bij inschrijving (EUR)", "Betaald (EUR)", "Voorwaarden geaccepteerd op",
  "Versie vrijwaring", "Ingeschreven op", "Bevestigd op", "Geannuleerd op",
  "Terugbetaald (EUR)", "Netto ontvangen (EUR)", "Openstaand (EUR)", "Restbetaling uiterlijk", "Achterstallig", "Lopende boeking",
  // Group bookings (decision 042): one row per participant.
  "Plaatsnummer", "Deelnemersreferentie", "Boeker", "E-mail boeker", "Aantal plaatsen in boeking", "Vrijwaring deelnemer",
  "Vrijwaring geaccepteerd op", "Gegevens compleet",
];

// The login page is answered with 401 before signing in.
test.use({ allowConsoleErrors: [/status of 401/] });

async function logInAsAdmin(page: Page, path: string) {
  await signInAdmin(page, path, ADMIN);
}

/** Downloads a CSV by clicking its link; returns the raw bytes. */
async function download(page: Page, linkName: string): Promise<{ bytes: Buffer; fileName: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: linkName }).click()]);
  return { bytes: fs.readFileSync((await file.path())!), fileName: file.suggestedFilename() };
}

/** The header row of a ";"-separated CSV. */
const headerRow = (text: string) => text.replace(/^\uFEFF/, "").split("\r\n")[0].split(";");

test("the dashboard: counts, paid registrations, interest with messages, places per event, exports and manifest", async ({ page }) => {
  // An interest sign-up with a Dutch name full of diacritics, through the public dialog.
  const email = uniqueEmail("aerle");
  await page.goto("/calendar?event=ocean-racing-academy&lang=en");
  await hydrated(page);
  const dialog = page.getByTestId("event-dialog");
  await dialog.getByRole("link", { name: "Show Interest" }).click();
  await dialog.getByLabel("Name").fill(DUTCH_NAME);
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByLabel("Message (optional)").fill("Graag meedoen; met \"vrienden\".");
  await dialog.getByRole("button", { name: "Submit Interest" }).click();
  await expect(page.getByText("Thank you for your interest!").first()).toBeVisible();

  await logInAsAdmin(page, "/admin");
  await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
  for (const section of ["Dashboard", "Artikelen", "Events", "Nieuwsbrief", "E-mails", "Toegangscodes"]) {
    await expect(page.getByRole("link", { name: section, exact: true })).toBeVisible();
  }
  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Terug naar admin" })).toHaveAttribute("href", "/admin");

  // The seeded fully booked event is full of paid registrations, each by another person.
  const stat = async (label: string) =>
    Number(await page.getByRole("article").filter({ has: page.getByRole("heading", { name: label, exact: true }) }).getByTestId("stat-value").textContent());
  const paid = await stat("Betaalde inschrijvingen");
  expect(paid).toBeGreaterThanOrEqual(1);
  expect(await stat("Interesse-aanmeldingen")).toBeGreaterThanOrEqual(1);
  const customers = await stat("Unieke klanten");
  expect(customers).toBeGreaterThanOrEqual(1);
  expect(customers).toBeLessThanOrEqual(paid);

  const registrations = page.getByRole("region", { name: "Betaalde inschrijvingen" });
  await expect(registrations.getByRole("row").filter({ hasText: "Sanne de Vries" })).toContainText("Kennismaking oceaanracen");
  const interest = page.getByRole("region", { name: "Interesse-aanmeldingen" });
  const card = interest.getByRole("article").filter({ hasText: DUTCH_NAME });
  await expect(card).toContainText('Graag meedoen; met "vrienden".');
  await expect(card).toContainText(email);
  const places = page.getByRole("region", { name: "Plaatsen per event" });
  await expect(places.getByRole("row").filter({ hasText: "Kennismaking oceaanracen" })).toContainText(/(\d+) van \1/);

  // Interest CSV: BOM, Dutch characters intact, quoting.
  const interestCsv = await download(page, "Interesse (CSV)");
  expect(interestCsv.fileName).toMatch(/^interesse-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...interestCsv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const interestText = interestCsv.bytes.toString("utf8");
  expect(headerRow(interestText)).toEqual(["Event", "Startdatum event", "Naam", "E-mail", "Bericht", "Taal", "Aangemeld op"]);
  expect(interestText).toContain(`;${DUTCH_NAME};${email};"Graag meedoen; met ""vrienden"".";`);

  // Registrations CSV: every column, emergency contact included.
  const registrationsCsv = await download(page, "Inschrijvingen (CSV)");
  const registrationsText = registrationsCsv.bytes.toString("utf8");
  expect(registrationsText.startsWith("\uFEFF")).toBe(true);
  expect(headerRow(registrationsText)).toEqual(REGISTRATION_COLUMNS);
  const sanne = registrationsText.split("\r\n").find((line) => line.includes(";Sanne de Vries;"))!;
  expect(sanne.split(";")).toEqual(expect.arrayContaining(["Familie Vries", "bevestigd", "Nederland", "2025-01"]));

  // The printable manifest of the fully booked event.
  // The link's name starts with the word it shows (WCAG 2.5.3).
  await places.getByRole("link", { name: "Deelnemerslijst voor Kennismaking oceaanracen" }).click();
  await expect(page.getByRole("heading", { name: "Deelnemerslijst: Kennismaking oceaanracen" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Sanne de Vries" });
  await expect(row).toContainText("Familie Vries");
  await expect(row).toContainText(/\d{2}-\d{2}-19\d{2}/);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Admin Uitloggen" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Afdrukken" })).toBeHidden();
  await expect(row).toBeVisible();
});

/**
 * The dashboard's figures as one page shows them: each tile against the lists and the table on
 * the same page (other specs book at the same time, so the figures are compared with what the
 * page itself lists, not with counts taken before).
 */
async function dashboardFigures(page: Page) {
  await page.goto("/admin/dashboard");
  await hydrated(page);
  const stat = async (label: string) =>
    Number(await page.getByRole("article").filter({ has: page.getByRole("heading", { name: label, exact: true }) }).getByTestId("stat-value").textContent());
  const paidRows = page.getByTestId("dashboard-registration");
  const emails = (await paidRows.locator("td:nth-child(3)").allInnerTexts()).map((e) => e.trim().toLowerCase());
  const sold = (await page.getByRole("region", { name: "Plaatsen per event" }).locator("tbody tr td:nth-child(3)").allInnerTexts()).map((cell) => Number(/^(\d+)/.exec(cell.trim())![1]));
  return {
    paid: await stat("Betaalde inschrijvingen"),
    places: await stat("Bevestigde plaatsen"),
    customers: await stat("Unieke klanten"),
    paidRows: await paidRows.count(),
    // An erased address shows as "–": each such booking is a customer of its own.
    distinctEmails: new Set(emails.filter((e) => e !== "–")).size + emails.filter((e) => e === "–").length,
    soldTotal: sold.reduce((sum, n) => sum + n, 0),
    paidReferences: await paidRows.locator("td:last-child").allInnerTexts(),
    endedReferences: await page.getByTestId("dashboard-ended-registration").locator("td:last-child").allInnerTexts(),
  };
}

test("after a cancellation and its refund through the admin, every dashboard figure counts the live bookings only", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const kept = await bookAsVisitor(browser, baseURL!, { name: "Lotte Levend", email: uniqueEmail("live") }, true);
  const cancelled = await bookAsVisitor(browser, baseURL!, { name: "Coen Geannuleerd", email: uniqueEmail("cancelled") }, true);
  // Signed in on the light admin home; the dashboard (a heavier page) loads with the navigation's own timeout.
  await logInAsAdmin(page, "/admin");

  const before = await dashboardFigures(page);
  expect(before.paidReferences).toEqual(expect.arrayContaining([kept, cancelled]));

  await openRegistration(page, cancelled!);
  await cancelWithFullRefund(page);
  // The cancelled booking's page says why nothing more can be done, rather than offering disabled forms.
  await expect(page.getByTestId("actions-unavailable")).toContainText("Deze boeking is geannuleerd op");
  await expect(page.getByRole("button", { name: "Betaallink sturen" })).toHaveCount(0);

  const after = await dashboardFigures(page);
  // The cancelled and refunded booking left the list of paid bookings for the list below it.
  expect(after.paidReferences).toContain(kept);
  expect(after.paidReferences).not.toContain(cancelled);
  expect(after.endedReferences).toContain(cancelled);
  // Each tile is the live bookings it stands for, as the page lists them.
  for (const figures of [before, after]) {
    expect(figures.paid).toBe(figures.paidRows);
    expect(figures.customers).toBe(figures.distinctEmails);
    expect(figures.places).toBe(figures.soldTotal);
  }
  const row = page.getByTestId("dashboard-ended-registration").filter({ hasText: cancelled! });
  await expect(row).toContainText("Geannuleerd");
  await expect(row).toContainText(/€\s?147,50.*€\s?147,50/);
});

test("newsletter subscribers and the e-mail log", async ({ page }) => {
  await logInAsAdmin(page, "/admin/newsletter");
  await expect(page.getByRole("heading", { name: "Nieuwsbrief", level: 1 })).toBeVisible();
  const csv = await download(page, "Exporteer CSV");
  expect(csv.fileName).toMatch(/^nieuwsbrief-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(headerRow(csv.bytes.toString("utf8"))).toEqual(["Naam", "E-mail", "Status", "Taal", "Aangemeld op", "Bevestigd op", "Afgemeld op"]);

  await page.getByRole("link", { name: "Terug naar admin" }).click();
  await page.getByRole("link", { name: "E-mails", exact: true }).click();
  await expect(page.getByRole("heading", { name: "E-mails", level: 1 })).toBeVisible();
  const log = page.getByRole("region", { name: "E-mails" });
  await expect(log.getByRole("columnheader", { name: "Pogingen" })).toBeVisible();
  await expect(log.getByRole("columnheader", { name: "Laatste fout" })).toBeVisible();
});
