import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import { signInAdmin } from "./admin-login";
import { axeFindings, decodeMail } from "./checks";
import { expect, hydrated, test, uniqueEmail, waitForEmail } from "./fixtures";

/**
 * Issue 14's "a person's data on request", in a real browser: a participant books and pays the
 * deposit, then cancels from the link in the e-mail (a running booking is not erased); staff find
 * everything under the address at /admin/privacy, download it as JSON and HTML (the booking is in
 * both), erase it behind the confirmation dialog, and afterwards the booking keeps only its
 * bookkeeping fields (reference, amounts, status), with no name, address or e-mail left.
 */

const EVENT = "zakelijke-zeildag"; // €295, 50% deposit: €147.50 due, free cancellation well ahead
const PERSON = { name: "Pieternel Privacyproef", street: "Vuurtorenweg 12", city: "Vlieland", phone: "+31 6 55501234", kin: "Kees Kustwacht" };

async function bookAndCancel(page: Page, email: string): Promise<string> {
  await page.goto(`/events/${EVENT}/register?lang=nl`);
  await hydrated(page);
  await page.getByLabel("Volledige naam").fill(PERSON.name);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Geboortedatum").fill("1987-07-21");
  await page.getByLabel("Straat en huisnummer").fill(PERSON.street);
  await page.getByLabel("Postcode").fill("8899 AB");
  await page.getByLabel("Woonplaats").fill(PERSON.city);
  await page.getByLabel("Land").fill("Nederland");
  await page.getByLabel("Contactpersoon voor noodgevallen").fill(PERSON.kin);
  await page.getByLabel("Telefoonnummer contactpersoon").fill(PERSON.phone);
  await page.getByText("Voorwaarden en afstandsverklaring").click();
  await page.getByLabel(/Ik heb de algemene voorwaarden/).check();
  await page.getByRole("button", { name: "Inschrijven en betalen" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
  await hydrated(page);
  await page.getByRole("button", { name: "Betaal €147,50", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Boeking bevestigd" })).toBeVisible();
  const reference = (await page.getByTestId("registration-reference").textContent())!.trim();

  const mail = await waitForEmail(email, 15_000);
  const link = /https?:\/\/[^\s"'<>]+(\/my-booking\/[A-Za-z0-9_-]{44})/.exec(decodeMail(mail.raw));
  expect(link, "a /my-booking/<token> link in the e-mail").not.toBeNull();
  await page.goto(link![1]);
  await hydrated(page);
  await page.getByTestId("manage-cancel-start").click();
  await page.getByRole("button", { name: "Ja, annuleer mijn boeking" }).click();
  await expect(page.getByTestId("manage-status")).toHaveText("Geannuleerd");
  return reference;
}

/** Screenshots for a person to look at, only when asked for (SHOTS_DIR=/some/dir). */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

async function saved(download: Download): Promise<string> {
  const file = await download.path();
  return fs.readFileSync(file, "utf8");
}

async function search(page: Page, email: string) {
  await page.getByRole("form", { name: "Zoeken op e-mailadres" }).getByLabel("E-mailadres").fill(email);
  await page.getByRole("button", { name: "Zoeken" }).click();
}

// The admin page answers 401 (with the sign-in form) until signInAdmin has signed in.
test.use({ allowConsoleErrors: [/status of 401 \(Unauthorized\).*\/admin\/privacy$/] });

test.describe("a person's data on request", () => {
  // A booking, a payment, a cancellation, two downloads and an erasure: long on 2 cores.
  test.describe.configure({ timeout: 120_000 });

  test("the export holds the booking; the erasure leaves only the bookkeeping fields", async ({ page, browser }) => {
    const email = uniqueEmail("privacy-request");
    const visitorContext = await browser.newContext();
    const reference = await bookAndCancel(await visitorContext.newPage(), email);
    await visitorContext.close();

    await signInAdmin(page, "/admin/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Persoonsgegevens op verzoek" })).toBeVisible();
    // Case does not matter; the address goes in a POST body, never in the URL.
    await search(page, email.toUpperCase());
    await expect(page).toHaveURL(/\/admin\/privacy$/);
    const row = page.getByTestId("privacy-registration");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(reference);
    await expect(row).toContainText(PERSON.name);
    await expect(row).toContainText(PERSON.street);
    await expect(row).toContainText("Geannuleerd");

    await shot(page, "privacy-result");
    expect(await axeFindings(page)).toEqual([]);

    // The JSON file: the booking, its payment and refund, the e-mails and the history.
    const [jsonDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download JSON" }).click()]);
    // Named by the booking's reference: two people's files in one folder are told apart.
    expect(jsonDownload.suggestedFilename()).toMatch(new RegExp(`^persoonsgegevens-${reference}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const doc = JSON.parse(await saved(jsonDownload)) as {
      email: string;
      registrations: { id: string; reference: string; name: string; address: { street: string }; emergencyContact: { name: string }; status: string; payments: { amountCents: number; status: string }[]; refunds: { amountCents: number }[] }[];
      emails: { subject: string }[];
      audit: { action: string; sentence: string }[];
    };
    expect(doc.email).toBe(email.toLowerCase());
    expect(doc.registrations).toHaveLength(1);
    const [booking] = doc.registrations;
    expect(booking).toMatchObject({ reference, name: PERSON.name, address: { street: PERSON.street }, emergencyContact: { name: PERSON.kin }, status: "cancelled" });
    expect(booking.payments.map((p) => [p.amountCents, p.status])).toContainEqual([14_750, "paid"]);
    expect(booking.refunds.map((f) => f.amountCents)).toEqual([14_750]);
    expect(doc.emails.length).toBeGreaterThan(0);
    expect(doc.audit.map((a) => a.action)).toEqual(expect.arrayContaining(["registration.created", "registration.cancelled"]));
    // Beside the machine fields, the history as sentences in the person's language (she booked in Dutch).
    expect(doc.audit.find((a) => a.action === "registration.cancelled")?.sentence).toBe("Boeking geannuleerd (door de deelnemer). Reden: Geannuleerd door de deelnemer");
    for (const line of doc.audit) expect(line.sentence).not.toMatch(/[{}]/);

    // The readable HTML file: the same booking.
    const [htmlDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download HTML" }).click()]);
    expect(htmlDownload.suggestedFilename()).toMatch(new RegExp(`^persoonsgegevens-${reference}-\\d{4}-\\d{2}-\\d{2}\\.html$`));
    const html = await saved(htmlDownload);
    expect(html).toContain(reference);
    expect(html).toContain(PERSON.name);
    expect(html).toContain("Je persoonsgegevens");
    expect(html).toContain("Boeking geannuleerd (door de deelnemer).");
    expect(html).not.toContain("&quot;status&quot;");

    // Erase, behind the confirmation dialog; "Behouden" first changes nothing.
    await page.getByRole("button", { name: "Wissen", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Gegevens van deze persoon wissen?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Behouden" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(PERSON.name);
    await page.getByRole("button", { name: "Wissen", exact: true }).click();
    await shot(page, "privacy-confirm");
    await dialog.getByRole("button", { name: "Definitief wissen" }).click();

    const report = page.getByRole("status").filter({ hasText: "Gewist" });
    await expect(report).toBeVisible();
    await expect(page.getByTestId("privacy-kept")).toContainText("1 boeking(en): referentie, event, prijs");
    await expect(report).toContainText("fiscale bewaarplicht verplicht ons");
    // The booking and the booker's own place (its reference and number) are kept for the books.
    await expect(report).toContainText(`Bewaarde referenties: ${reference}, ${reference}-1.`);
    await expect(page.getByTestId("privacy-removed")).toContainText("naam, e-mailadres, telefoon, adres, geboortedatum");
    await shot(page, "privacy-erased");

    // Nothing is found under the address any more.
    await search(page, email);
    await expect(page.getByTestId("privacy-summary")).toHaveText(/Onder dit adres bewaren we niets/);
    await expect(page.getByRole("button", { name: "Wissen", exact: true })).toHaveCount(0);

    // The booking itself: reference, amounts and status kept; no name, e-mail or address.
    await page.goto(`/admin/registrations/${booking.id}`);
    await hydrated(page);
    const body = page.locator("body");
    await expect(body).toContainText(reference);
    await expect(page.locator("main")).toContainText(/Betaald\s*€\s?147,50/);
    await expect(page.locator("main")).toContainText("[verwijderd]");
    for (const gone of [PERSON.name, email, PERSON.street, PERSON.city, "8899", PERSON.kin, PERSON.phone, "1987"]) await expect(body).not.toContainText(gone);
  });
});
