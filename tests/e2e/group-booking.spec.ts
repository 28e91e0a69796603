import type { Locator, Page } from "@playwright/test";
import { signInAdmin } from "./admin-login";
import { done, expectNoAxeFindings, person } from "./checks";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";
import { ownServer } from "./own-server";

/**
 * Issue 26's "done when", in a real browser with the test checkout: an HR booker who does not
 * sail books 5 places for a priced event (Dutch) and a free one (English), pays the deposit and
 * invites five people; two complete their details and accept the waiver from their own links
 * (one in English); one is replaced; the booker cancels one place (that place's share comes back)
 * and then pays the balance for the rest; the manifest shows 4 participants with their waiver
 * state; a participant's link shows nothing of the others and cannot cancel; the replaced
 * participant's link says it no longer works.
 *
 * It creates events and bookings, so it runs on a server of its own (fresh embedded database).
 */

const server = ownServer("group-booking");

test.describe.configure({ timeout: 300_000 });

const PLACE_LINK = /\/my-place\/[A-Za-z0-9_-]{44}/;
const MANAGE_LINK = /\/my-booking\/[A-Za-z0-9_-]{44}/;

/** The admin creates an event with 10 places (price in euros; 0 = free) and returns its slug and admin path. */
async function createEvent(page: Page, name: string, euros: number): Promise<{ slug: string; adminPath: string }> {
  const start = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  await page.goto("/admin/events/new");
  await hydrated(page);
  await page.getByLabel("Naam", { exact: true }).fill(name);
  const slug = await page.getByLabel("Slug", { exact: true }).inputValue();
  await page.getByLabel("Beschrijving", { exact: true }).fill("Een zakelijke zeildag voor een heel team.");
  await page.getByLabel("Begint op").fill(`${start}T09:00`);
  await page.getByLabel("Eindigt op").fill(`${start}T17:00`);
  await page.getByLabel("Prijs per persoon (€)").fill(String(euros));
  await page.getByLabel("Maximum aantal deelnemers").fill("10");
  await expect(page.getByLabel("Max. plaatsen per boeking")).toHaveValue("8");
  await page.getByRole("button", { name: "Evenement opslaan" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 20_000 });
  return { slug, adminPath: new URL(page.url()).pathname };
}

type Participant = { name: string; email: string; locale?: "nl" | "en" };

/** Fills the booking form for a booker who does not sail, with `participants` named by name and e-mail. */
async function bookForOthers(page: Page, locale: "nl" | "en", booker: { name: string; email: string }, participants: Participant[]) {
  const nl = locale === "nl";
  await page.getByLabel(nl ? "Aantal plaatsen" : "Number of places").selectOption(String(participants.length));
  await page.getByLabel(nl ? "Ik boek voor anderen en zeil zelf niet mee" : "I am booking for others and do not sail myself").check();
  // The booker's own contact block comes first; each participant has a group of their own.
  await page.getByLabel(nl ? "Volledige naam" : "Full name").first().fill(booker.name);
  await page.getByLabel(nl ? "E-mailadres" : "Email address").first().fill(booker.email);
  await page.getByLabel(nl ? "Straat en huisnummer" : "Street address").first().fill("Kantoorweg 10");
  await page.getByLabel(nl ? "Postcode" : "Postal code").first().fill("2511 AA");
  await page.getByLabel(nl ? "Woonplaats" : "City").first().fill("Den Haag");
  await page.getByLabel(nl ? "Land" : "Country").first().fill("Nederland");
  // Not sailing: the booker is not asked for a date of birth or an emergency contact.
  await expect(page.getByLabel(nl ? "Contactpersoon voor noodgevallen" : "Emergency contact person", { exact: true }).first()).toBeHidden();
  for (const [index, participant] of participants.entries()) {
    const group = participantGroup(page, locale, index + 1);
    await group.getByLabel(nl ? "Volledige naam" : "Full name").fill(participant.name);
    await group.getByLabel(nl ? "E-mailadres" : "Email address").fill(participant.email);
    if (participant.locale) await group.getByLabel(nl ? "Taal van de e-mail" : "Language of their e-mail").selectOption(participant.locale);
  }
  await page.getByText(nl ? "Voorwaarden en afstandsverklaring" : "Terms and liability waiver").click();
  await page.getByLabel(nl ? /Ik heb de algemene voorwaarden/ : /I have read the terms and conditions/).check();
}

function participantGroup(page: Page, locale: "nl" | "en", number: number): Locator {
  return page.getByRole("group", { name: `${locale === "nl" ? "Deelnemer" : "Participant"} ${number}`, exact: true });
}

async function payOnTestCheckout(page: Page, amount: string, locale: "nl" | "en") {
  await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
  await hydrated(page);
  await page.getByRole("button", { name: `${locale === "nl" ? "Betaal" : "Pay"} ${amount}`, exact: true }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
}

/** A participant completes their details and accepts the waiver on their own page. */
async function completePlace(page: Page, locale: "nl" | "en") {
  const nl = locale === "nl";
  await page.getByLabel(nl ? "Geboortedatum" : "Date of birth").fill("1988-03-14");
  await page.getByLabel(nl ? "Straat en huisnummer" : "Street and number").fill("Duinweg 4");
  await page.getByLabel(nl ? "Postcode" : "Postal code").fill("2585 JV");
  await page.getByLabel(nl ? "Plaats" : "City", { exact: true }).fill("Den Haag");
  await page.getByLabel(nl ? "Land" : "Country").fill("Nederland");
  await page.getByLabel(nl ? "Contactpersoon voor noodgevallen" : "Emergency contact", { exact: true }).fill("Familie Duin");
  await page.getByLabel(nl ? "Telefoon van de contactpersoon" : "Emergency contact's phone").fill("+31 6 11223344");
  await page.getByRole("button", { name: nl ? "Gegevens opslaan" : "Save my details" }).click();
  await expect(page.getByText(nl ? "Je gegevens zijn opgeslagen." : "Your details are saved.")).toBeVisible();
  await page.getByLabel(nl ? "Ik heb de vrijwaring gelezen en accepteer hem" : "I have read the waiver and accept it").check();
  await page.getByRole("button", { name: nl ? "Vrijwaring accepteren" : "Accept the waiver" }).click();
  await expect(page.getByText(nl ? "Je plek is compleet. Tot aan boord!" : "Your place is complete. See you on board!")).toBeVisible();
}

test("an HR booker books 5 places, invites them, one is replaced, one place cancelled and refunded, the balance paid; the manifest shows who accepted the waiver (Dutch and English)", async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const pricedName = `Bedrijfszeildag ${run}`;
  const freeName = `Open zeilavond ${run}`;
  const bookerEmail = uniqueEmail("group-booker");
  const crew: Participant[] = [
    { name: "Anna Visser", email: uniqueEmail("group-anna") },
    { name: "Bram Koster", email: uniqueEmail("group-bram") },
    { name: "Chloe Evans", email: uniqueEmail("group-chloe"), locale: "en" },
    { name: "Dirk Smit", email: uniqueEmail("group-dirk") },
    { name: "Eva Mulder", email: uniqueEmail("group-eva") },
  ];
  const replacement = { name: "Femke de Wit", email: uniqueEmail("group-femke") };

  // 1. The admin creates a paid event (€200 a place, 50% deposit) and a free one.
  const admin = await person(browser, server.base, "nl", [/status of 401/]);
  await signInAdmin(admin.page, "/admin/events/new");
  const priced = await createEvent(admin.page, pricedName, 200);
  const free = await createEvent(admin.page, freeName, 0);

  // 2. The booker (Dutch, not sailing) books 5 places and pays the deposit of the whole: €500.
  const hr = await person(browser, server.base, "nl");
  await hr.page.goto(`/events/${priced.slug}/register`);
  await hydrated(hr.page);
  await bookForOthers(hr.page, "nl", { name: "Hanna de Ruiter", email: bookerEmail }, crew);
  await expect(hr.page.getByText("5 plaatsen × €200,00 per plaats = €1.000,00")).toBeVisible();
  await expectNoAxeFindings(hr.page, "group-form-nl");
  await hr.page.getByRole("button", { name: "5 plaatsen boeken en betalen" }).click();
  await payOnTestCheckout(hr.page, "€500,00", "nl");
  await expect(hr.page.getByRole("heading", { name: "Boeking bevestigd" })).toBeVisible();

  // 3. Each participant gets their own invitation, in the language the booker chose for them.
  const links: string[] = [];
  for (const participant of crew) links.push(await server.linkInMail(participant.email, PLACE_LINK));
  expect(new Set(links).size).toBe(5);

  // 4. Anna (Dutch) and Chloe (English) complete their place from their own links.
  const anna = await person(browser, server.base, "nl");
  await anna.page.goto(links[0]);
  await hydrated(anna.page);
  await expect(anna.page.getByTestId("place-event-name")).toContainText(pricedName);
  await expect(anna.page.getByTestId("place-booked-by")).toContainText("Hanna de Ruiter");
  await expectNoAxeFindings(anna.page, "place-page-nl");
  await completePlace(anna.page, "nl");
  // Her page shows nothing of the others and nothing of the money, and cannot cancel anything.
  const annaText = (await anna.page.locator("main").textContent()) ?? "";
  for (const other of crew.slice(1)) {
    expect(annaText).not.toContain(other.name);
    expect(annaText).not.toContain(other.email);
  }
  expect(annaText).not.toContain("€");
  await expect(anna.page.getByRole("button", { name: /annuleer|cancel/i })).toHaveCount(0);
  await expect(anna.page.getByRole("link", { name: /annuleer|cancel/i })).toHaveCount(0);

  const chloe = await person(browser, server.base, "en");
  await chloe.page.goto(links[2]);
  await hydrated(chloe.page);
  await expect(chloe.page.locator("html")).toHaveAttribute("lang", "en");
  await completePlace(chloe.page, "en");

  // 5. The booker's page: 2 of 5 complete. Eva is replaced by Femke; Dirk's place is cancelled.
  const manageLink = await server.linkInMail(bookerEmail, MANAGE_LINK);
  await hr.page.goto(manageLink);
  await hydrated(hr.page);
  await expect(hr.page.getByTestId("manage-places-complete")).toHaveText("2 van 5 compleet");
  // A replaced participant's row stays under the live one and names its replacement: the live row comes first.
  const place = (name: string) => hr.page.getByTestId("manage-place").filter({ hasText: name }).first();

  await place("Eva Mulder").getByTestId("manage-place-replace").click();
  const replaceForm = hr.page.getByTestId("manage-place-replace-form");
  await replaceForm.getByLabel("Naam").fill(replacement.name);
  await replaceForm.getByLabel("E-mailadres").fill(replacement.email);
  await replaceForm.getByRole("button", { name: "Vervangen" }).click();
  await expect(place(replacement.name)).toBeVisible();
  await server.linkInMail(replacement.email, PLACE_LINK);

  await place("Dirk Smit").getByTestId("manage-place-cancel").click();
  // The deposit was €500 for 5 places: this place's share is €100, all of it back in time.
  await expect(hr.page.getByTestId("manage-place-cancel-quote")).toContainText("€100,00");
  await hr.page.getByRole("button", { name: "Ja, annuleer deze plaats" }).click();
  await expect(place("Dirk Smit")).toContainText("Geannuleerd");
  await expect(hr.page.getByTestId("manage-places-complete")).toHaveText("2 van 4 compleet");
  // Four places at €200 less the €400 kept of the deposit: €400 left to pay.
  await expect(hr.page.getByTestId("manage-balance")).toHaveText("€400,00");

  // 6. The balance of the remaining four places, paid online.
  await hr.page.getByRole("button", { name: "Betaal het restbedrag van €400,00" }).click();
  await payOnTestCheckout(hr.page, "€400,00", "nl");
  await hr.page.goto(manageLink);
  await hydrated(hr.page);
  await expect(hr.page.getByTestId("manage-balance")).toHaveCount(0);
  // The invoice of the deposit and the credit note of Dirk's place (decision 046), each a PDF; the balance adds none.
  const documents = hr.page.getByTestId("manage-invoices").getByRole("link");
  await expect(documents).toHaveCount(2);
  await expect(documents.nth(0)).toHaveText(/^Factuur \d{4}-\d{6} \(pdf\)$/);
  await expect(documents.nth(1)).toHaveText(/^Creditnota \d{4}-\d{6} \(pdf\)$/);
  const invoicePdf = await hr.page.request.get((await documents.nth(0).getAttribute("href"))!);
  expect(invoicePdf.status()).toBe(200);
  expect(invoicePdf.headers()["content-type"]).toBe("application/pdf");
  expect((await invoicePdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // 7. Eva's old link no longer opens a place.
  const eva = await person(browser, server.base, "nl", [/status of 410/]);
  const gone = await eva.page.goto(links[4]);
  expect(gone?.status()).toBe(410);
  await expect(eva.page.getByRole("heading", { name: "Deze link is niet meer geldig" })).toBeVisible();

  // 8. The manifest: 4 participants; Anna and Chloe accepted the waiver, the others not yet.
  const eventId = priced.adminPath.split("/").pop();
  await admin.page.goto(`/admin/manifest/${eventId}`);
  await hydrated(admin.page);
  const rows = admin.page.getByTestId("manifest-row");
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "Anna Visser" })).toContainText("geaccepteerd");
  await expect(rows.filter({ hasText: "Chloe Evans" })).toContainText("geaccepteerd");
  await expect(rows.filter({ hasText: "Bram Koster" })).toContainText("nog niet");
  await expect(rows.filter({ hasText: replacement.name })).toContainText("nog niet");
  await expect(rows.filter({ hasText: "Dirk Smit" })).toHaveCount(0);
  await expect(rows.filter({ hasText: "Eva Mulder" })).toHaveCount(0);

  // 9. The same booker books 5 places on the free evening in English: confirmed at once, five invitations.
  const hrEn = await person(browser, server.base, "en");
  await hrEn.page.goto(`/events/${free.slug}/register`);
  await hydrated(hrEn.page);
  const freeCrew = crew.map((p, i) => ({ name: `${p.name} ${i}`, email: uniqueEmail(`group-free-${i}`) }));
  await bookForOthers(hrEn.page, "en", { name: "Hanna de Ruiter", email: uniqueEmail("group-booker-free") }, freeCrew);
  await expectNoAxeFindings(hrEn.page, "group-form-en");
  await hrEn.page.getByRole("button", { name: "Book 5 places" }).click();
  await expect(hrEn.page.getByRole("heading", { name: "Registration confirmed" })).toBeVisible();
  await expect(hrEn.page.getByText("Your 5 places are confirmed. No payment is needed.")).toBeVisible();
  for (const participant of freeCrew) await server.linkInMail(participant.email, PLACE_LINK);

  await done(anna, "Anna");
  await done(chloe, "Chloe");
  await done(eva, "Eva");
  await done(hr, "the booker");
  await done(hrEn, "the booker (English)");
  await done(admin, "the admin");
});
