import type { Page } from "@playwright/test";
import { signInAdmin } from "./admin-login";
import { done, expectNoAxeFindings, person } from "./checks";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";
import { ownServer } from "./own-server";

/**
 * The waiting list as its people meet it, in English and Dutch: a free event with one place is
 * full; B (English) joins the line and reads one plain confirmation at 390 px; C (Dutch) joins
 * behind. A cancels, B gets the offer: the page has B's name and e-mail filled in, B books, and
 * reopening the offer leads to B's booking. C leaves the line by the link in their e-mail, after
 * confirming. The spec fills an event, so it starts its own server (same build, fresh database).
 */

const server = ownServer("waitlist-offer");

// Four browsers, an admin sign-in and three axe runs on a fresh server: minutes on a busy machine.
test.describe.configure({ timeout: 420_000 });

/** The registration form's fields after name and e-mail, in English, then submit (a free event). */
async function finishRegistration(page: Page) {
  await page.getByLabel("Date of birth").fill("1990-05-17");
  await page.getByLabel("Street address").fill("Harbour Street 1");
  await page.getByLabel("Postal code").fill("2583 AB");
  await page.getByLabel("City").fill("The Hague");
  await page.getByLabel("Country").fill("Netherlands");
  await page.getByLabel("Emergency contact person").fill("Family");
  await page.getByLabel("Emergency contact phone number").fill("+31 6 12345678");
  await page.getByText("Terms and liability waiver").click();
  await page.getByLabel(/I have read the terms and conditions/).check();
  await page.getByRole("button", { name: "Register", exact: true }).click();
}

async function joinLine(page: Page, slug: string, name: string, email: string, nl: boolean) {
  await page.goto(`/events/${slug}/waitlist`);
  await hydrated(page);
  await page.getByLabel(/^(Naam|Name)/).fill(name);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole("button", { name: nl ? "Op de wachtlijst" : "Join the waiting list" }).click();
}

test("an offer fills in who it is for and leads to the booking once used; the e-mails' link takes someone off the line (English and Dutch)", async ({ browser }) => {
  const run = Date.now().toString(36);
  const nameNl = `Wachtlijst tocht ${run}`;
  const nameEn = `Waiting-list passage ${run}`;
  const start = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const emailA = uniqueEmail("waitlist-a");
  const emailB = uniqueEmail("waitlist-b");
  const emailC = uniqueEmail("waitlist-c");

  // A free event with one place.
  const admin = await person(browser, server.base, "nl", [/status of 401/]);
  await signInAdmin(admin.page, "/admin/events/new");
  await admin.page.getByLabel("Naam", { exact: true }).fill(nameNl);
  const slug = await admin.page.getByLabel("Slug", { exact: true }).inputValue();
  await admin.page.getByLabel("Beschrijving", { exact: true }).fill("Een dag op zee om de wachtlijst te testen.");
  await admin.page.getByLabel("Begint op").fill(`${start}T09:00`);
  await admin.page.getByLabel("Eindigt op").fill(`${start}T17:00`);
  await admin.page.getByLabel("Prijs per persoon (€)").fill("0");
  await admin.page.getByLabel("Maximum aantal deelnemers").fill("1");
  await admin.page.getByText("Engelse versie (optioneel)").click();
  await admin.page.getByLabel("Naam (Engels)").fill(nameEn);
  await admin.page.getByRole("button", { name: "Evenement opslaan" }).click();
  await expect(admin.page.getByRole("heading", { level: 1, name: nameNl })).toBeVisible({ timeout: 20_000 });
  await done(admin, "the admin");

  // A takes the place.
  const a = await person(browser, server.base, "en");
  await a.page.goto(`/events/${slug}/register`);
  await hydrated(a.page);
  await a.page.getByLabel("Full name").fill("Alex Archer");
  await a.page.getByLabel("Email address").fill(emailA);
  await finishRegistration(a.page);
  await expect(a.page.getByTestId("registration-reference")).toBeVisible({ timeout: 20_000 });

  // B (English) joins the line: one plain confirmation, with room for its text on a phone.
  const b = await person(browser, server.base, "en");
  await b.page.setViewportSize({ width: 390, height: 844 });
  await joinLine(b.page, slug, "Beth Brown", emailB, false);
  const joined = b.page.getByRole("status").filter({ hasText: "You are on the waiting list" });
  await expect(joined).toBeVisible();
  await expect(joined).toContainText("Every e-mail about the waiting list has a link to leave it.");
  const lineWidth = await joined.locator("p").last().evaluate((p) => p.getBoundingClientRect().width);
  expect(lineWidth, "the confirmation's text width at 390 px").toBeGreaterThan(270);
  await expectNoAxeFindings(b.page, "waitlist-joined-en");

  // C (Dutch) joins behind B.
  const c = await person(browser, server.base, "nl");
  await joinLine(c.page, slug, "Cas de Vries", emailC, true);
  await expect(c.page.getByRole("status").filter({ hasText: "Je staat op de wachtlijst" })).toBeVisible();

  // A cancels: the place is offered to B.
  const manageLink = await server.linkInMail(emailA, /\/my-booking\/[A-Za-z0-9_-]{44}/);
  await a.page.goto(manageLink);
  await hydrated(a.page);
  await a.page.getByTestId("manage-cancel-start").click();
  await a.page.getByRole("button", { name: "Yes, cancel my booking" }).click();
  await expect(a.page.getByTestId("manage-status")).toHaveText("Cancelled");
  await done(a, "A");

  const offerLink = await server.linkInMail(emailB, /\/waitlist\/offer\/[A-Za-z0-9_-]{44}/);
  expect(server.mails(emailB).some((text) => text.includes("A place for you") && text.includes("/waitlist/leave/")), "the offer e-mail, with the way off the line").toBe(true);
  await b.page.goto(offerLink);
  await hydrated(b.page);
  await expect(b.page.getByRole("heading", { level: 1, name: `Book your place: ${nameEn}` })).toBeVisible();
  await expect(b.page.getByText("We filled in the name and e-mail address you gave for the waiting list.")).toBeVisible();
  await expect(b.page.getByLabel("Full name")).toHaveValue("Beth Brown");
  await expect(b.page.getByLabel("Email address")).toHaveValue(emailB);
  await expectNoAxeFindings(b.page, "offer-page-en");
  await finishRegistration(b.page);
  await expect(b.page.getByTestId("registration-reference")).toBeVisible({ timeout: 20_000 });
  const referenceB = (await b.page.getByTestId("registration-reference").textContent())!.trim();

  // The offer is used: its link leads to the booking.
  await b.page.goto(offerLink);
  await hydrated(b.page);
  await expect(b.page.getByRole("heading", { name: "You booked through this offer" })).toBeVisible();
  await b.page.getByRole("link", { name: `Your booking ${referenceB}` }).click();
  await expect(b.page).toHaveURL(/\/my-booking\/[A-Za-z0-9_-]{44}$/);
  await expect(b.page.getByTestId("manage-reference")).toHaveText(referenceB);
  await done(b, "B");

  // C leaves the line by the link in the confirmation e-mail, after saying so on the page.
  const leaveLink = await server.linkInMail(emailC, /\/waitlist\/leave\/[A-Za-z0-9_-]{44}/);
  await c.page.goto(leaveLink);
  await hydrated(c.page);
  await expect(c.page.getByRole("heading", { level: 1, name: `Van de wachtlijst voor ${nameNl} af?` })).toBeVisible();
  await expectNoAxeFindings(c.page, "waitlist-leave-nl");
  await c.page.getByRole("button", { name: "Van de wachtlijst af" }).click();
  await expect(c.page.getByRole("heading", { name: "Je staat niet meer op de wachtlijst" })).toBeVisible();
  await c.page.goto(leaveLink);
  await expect(c.page.getByRole("heading", { name: "Je staat niet op deze wachtlijst" })).toBeVisible();
  await done(c, "C");
});
