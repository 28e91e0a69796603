import type { Browser, Locator, Page } from "@playwright/test";
import { signInAdmin } from "./admin-login";
import { done, expectNoAxeFindings, person } from "./checks";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";
import { ownServer } from "./own-server";

/**
 * Issue 27's "done when", in a real browser: staff build the crew file of an offshore leg that
 * needs approval (a medical declaration with a file, a passport, a qualification, a gear size, and
 * the sea miles asked on the application form itself);
 * one application (English) is approved and paid, another (Dutch) declined; the approved sailor
 * fills the crew file in over two visits (English, then Dutch); the manifest and the readiness
 * line follow; a skipper sees the health answers of their own event only, office staff none; with
 * the clock pinned past its deadline the medical declaration is locked, the gear size is not.
 *
 * It creates events, staff and bookings, and restarts with a pinned clock: a server of its own.
 */

const server = ownServer("crew-file");

test.describe.configure({ timeout: 480_000 });

const PLACE_LINK = /\/my-place\/[A-Za-z0-9_-]{44}/;
const MANAGE_LINK = /\/my-booking\/[A-Za-z0-9_-]{44}/;
const DAY = 86_400_000;
/** A real PDF's first bytes: the crew file judges files by their bytes. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

type Staff = { email: string; password: string };

/** The admin creates an offshore leg (€300 a place, 50% now) that needs approval, with a readiness rule. */
async function createOffshoreEvent(page: Page, name: string, startDay: string): Promise<{ slug: string; id: string }> {
  await page.goto("/admin/events/new");
  await hydrated(page);
  await page.getByLabel("Naam", { exact: true }).fill(name);
  const slug = await page.getByLabel("Slug", { exact: true }).inputValue();
  await page.getByLabel("Beschrijving", { exact: true }).fill("Een oversteek van de Noordzee met wachtlopen, 's nachts doorzeilen.");
  await page.getByLabel("Begint op").fill(`${startDay}T09:00`);
  await page.getByLabel("Eindigt op").fill(`${startDay}T21:00`);
  await page.getByLabel("Prijs per persoon (€)").fill("300");
  await page.getByLabel("Maximum aantal deelnemers").fill("6");
  await page.getByLabel("Offshore", { exact: true }).check();
  await page.getByLabel("Gereedheid: kwalificatie").fill("World Sailing OSR");
  await page.getByLabel("Gereedheid: minimum % van de bemanning").fill("50");
  await page.getByLabel("Goedkeuring vereist").check();
  await page.getByRole("button", { name: "Evenement opslaan" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 20_000 });
  const id = /\/admin\/events\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id, "the new event's admin page").toBeTruthy();
  return { slug, id: id! };
}

type NewItem = { kind: string; nl: string; en: string; days?: number; health?: boolean; options?: string; qualification?: string; atRegistration?: boolean };

/** One item added on the crew file's editor, as staff do. */
async function addItem(page: Page, item: NewItem) {
  const form = page.getByTestId("crew-item-form");
  await form.getByLabel("Soort").selectOption(item.kind);
  if (item.days !== undefined) await form.getByLabel("Uiterlijk (dagen voor de start)").fill(String(item.days));
  await form.getByLabel("Vraag (Nederlands)").fill(item.nl);
  await form.getByLabel("Vraag (Engels)").fill(item.en);
  if (item.options) await form.getByLabel("Opties (alleen bij keuze)").fill(item.options);
  if (item.qualification) await form.getByLabel("Naam van het certificaat (alleen bij kwalificatie)").fill(item.qualification);
  if (item.health) await form.getByLabel("Gezondheidsgegevens", { exact: true }).check();
  if (item.atRegistration) await form.getByLabel("Wanneer gevraagd").selectOption("registration");
  await form.getByRole("button", { name: "Onderdeel toevoegen" }).click();
  await expect(page.getByText(`Onderdeel "${item.nl}" toegevoegd`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("crew-item").filter({ hasText: item.nl })).toBeVisible();
}

/** A staff account with `role`, made by the admin on /admin/users. */
async function createStaff(page: Page, name: string, staff: Staff, role: "skipper" | "office") {
  await page.goto("/admin/users");
  await hydrated(page);
  await page.getByLabel("Naam", { exact: true }).fill(name);
  await page.getByLabel("E-mailadres", { exact: true }).fill(staff.email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(staff.password);
  await page.getByLabel("Rol", { exact: true }).selectOption(role);
  await page.getByRole("button", { name: "Gebruiker aanmaken" }).click();
  await expect(page.getByRole("row").filter({ hasText: staff.email })).toBeVisible();
}

/**
 * Applies for the event on its registration page, as a sailor who books for themselves, answering
 * the crew file's question asked on the form (sea miles); `forgetFirst`: the first try leaves it
 * blank and is refused, with the question's own message, before the answer is given.
 */
async function apply(page: Page, locale: "nl" | "en", slug: string, who: { name: string; email: string; miles: string }, forgetFirst = false): Promise<string> {
  const nl = locale === "nl";
  await page.goto(`/events/${slug}/register`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: nl ? /^Aanmelden voor / : /^Apply for / })).toBeVisible();
  await page.getByLabel(nl ? "Volledige naam" : "Full name").fill(who.name);
  await page.getByLabel(nl ? "E-mailadres" : "Email address").fill(who.email);
  await page.getByLabel(nl ? "Geboortedatum" : "Date of birth").fill("1984-07-21");
  await page.getByLabel(nl ? "Straat en huisnummer" : "Street address").fill("Havenkade 3");
  await page.getByLabel(nl ? "Postcode" : "Postal code").fill("2583 AA");
  await page.getByLabel(nl ? "Woonplaats" : "City").fill("Den Haag");
  await page.getByLabel(nl ? "Land" : "Country").fill("Nederland");
  await page.getByLabel(nl ? "Contactpersoon voor noodgevallen" : "Emergency contact person").fill("Familie Wind");
  await page.getByLabel(nl ? "Telefoonnummer contactpersoon" : "Emergency contact phone number").fill("+31 6 55501234");
  await page.getByText(nl ? "Voorwaarden en afstandsverklaring" : "Terms and liability waiver").click();
  await page.getByLabel(nl ? /Ik heb de algemene voorwaarden/ : /I have read the terms and conditions/).check();
  const submit = page.getByRole("button", { name: nl ? "Aanmelding versturen" : "Send my application" });
  const miles = page.getByTestId("registration-questions").getByRole("group", { name: nl ? /^Zeemijlen/ : /^Sea miles/ });
  if (forgetFirst) {
    await submit.click();
    await expect(page.getByRole("alert").filter({ hasText: nl ? "Controleer je antwoorden op de vragen voor het bemanningsdossier." : "Please check your answers to the crew file questions." })).toBeVisible({ timeout: 15_000 });
    await expect(miles.getByText(nl ? "Vul dit in." : "Please fill this in.")).toBeVisible();
  }
  await miles.getByLabel(nl ? "Je antwoord" : "Your answer").fill(who.miles);
  await submit.click();
  // No checkout: an application is received, nothing is charged.
  await expect(page.getByTestId("application-received")).toBeVisible({ timeout: 20_000 });
  return (await page.getByTestId("registration-reference").textContent())!.trim();
}

/** The admin's page of an application, from the dashboard's list of applications waiting for a decision. */
async function openApplication(page: Page, reference: string, name: string) {
  await page.goto("/admin/dashboard");
  await hydrated(page);
  await page.getByTestId("application-row").filter({ hasText: reference }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/admin\/registrations\/[0-9a-f-]{36}$/);
  await hydrated(page);
  await expect(page.getByTestId("application-card")).toBeVisible();
}

/** A crew-file item on the participant's page, by its label. */
const crewItem = (page: Page, label: string): Locator => page.getByRole("article", { name: new RegExp(`^${label}`) });

async function saveItem(item: Locator, savedText: string) {
  await item.getByTestId("crew-save").click();
  await expect(item.getByText(savedText)).toBeVisible({ timeout: 15_000 });
}

/** Signs a staff member in (setting up their second factor) and opens `path`; answers the page's status. */
async function staffPage(browser: Browser, staff: Staff, path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const who = await person(browser, server.base, "nl", [/status of 40[13]/]);
  await signInAdmin(who.page, path, staff);
  return { page: who.page, close: () => done(who, staff.email) };
}

test("staff build an offshore crew file; one application approved and paid, one declined; the sailor fills it in over two visits; roles see what they may; an item locks after its deadline (Dutch and English)", async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const eventName = `Noordzee-oversteek ${run}`;
  const start = new Date(Date.now() + 60 * DAY);
  const startDay = start.toISOString().slice(0, 10);
  const alex = { name: "Alex Morgan", email: uniqueEmail("crew-alex"), miles: "1200" };
  const bo = { name: "Bo de Zeeuw", email: uniqueEmail("crew-bo"), miles: "150" };
  const skipper: Staff = { email: uniqueEmail("crew-skipper"), password: "schipper-wachtwoord-1" };
  const office: Staff = { email: uniqueEmail("crew-office"), password: "kantoor-wachtwoord-1" };

  // 1. The admin creates the leg and its crew file, and a skipper (assigned to it) and office staff.
  const admin = await person(browser, server.base, "nl", [/status of 401/]);
  await signInAdmin(admin.page, "/admin/events/new");
  const event = await createOffshoreEvent(admin.page, eventName, startDay);
  await admin.page.getByTestId("crew-items-link").click();
  await expect(admin.page).toHaveURL(new RegExp(`/admin/events/${event.id}/crew-items$`));
  await hydrated(admin.page);
  await addItem(admin.page, { kind: "file", nl: "Medische verklaring", en: "Medical declaration", days: 14, health: true });
  await addItem(admin.page, { kind: "passport", nl: "Paspoort", en: "Passport" });
  await addItem(admin.page, { kind: "qualification", nl: "Veiligheidscursus", en: "Safety course", qualification: "World Sailing OSR" });
  await addItem(admin.page, { kind: "choice_one", nl: "Maat zeilpak", en: "Foul-weather gear size", options: "S | S\nM | M\nL | L" });
  await addItem(admin.page, { kind: "number", nl: "Zeemijlen", en: "Sea miles", atRegistration: true });
  await expect(admin.page.getByTestId("crew-item")).toHaveCount(5);
  await expect(admin.page.getByTestId("crew-item").filter({ hasText: "Zeemijlen" })).toContainText("Gevraagd bij inschrijving");
  await expect(admin.page.getByTestId("crew-item").filter({ hasText: "Medische verklaring" })).toContainText("uiterlijk 14 dagen voor de start");
  await expectNoAxeFindings(admin.page, "crew-items-editor");

  await createStaff(admin.page, "Sanne Schipper", skipper, "skipper");
  const skipperRow = admin.page.getByRole("row").filter({ hasText: skipper.email });
  await skipperRow.getByText("Evenementen als schipper").click();
  await skipperRow.getByLabel(new RegExp(`^${eventName}`)).check();
  await skipperRow.getByRole("button", { name: "Evenementen opslaan" }).click();
  await expect(admin.page.getByText("Evenementen van de schipper opgeslagen").first()).toBeVisible();
  await createStaff(admin.page, "Karel Kantoor", office, "office");

  // 2. The calendar's wording: "Apply" for an event that needs approval. Two applications.
  const alexBrowser = await person(browser, server.base, "en");
  const alexRef = await apply(alexBrowser.page, "en", event.slug, alex);
  // Bo's first try (the question left blank) is refused: a 400 the browser logs.
  const boBrowser = await person(browser, server.base, "nl", [/status of 400/]);
  const boRef = await apply(boBrowser.page, "nl", event.slug, bo, true);
  await done(boBrowser, "Bo");

  // 3. Staff decline Bo's application with a message, and approve Alex's.
  await openApplication(admin.page, boRef, bo.name);
  const boCard = admin.page.getByTestId("application-card");
  await boCard.getByLabel("Bericht aan de aanvrager").fill("Deze oversteek vraagt meer nachtervaring; graag zien we je bij een trainingsweekend.");
  await boCard.getByRole("button", { name: "Afwijzen" }).click();
  await expect(admin.page.getByText(`Aanvraag afgewezen: ${bo.name} krijgt een e-mail.`).first()).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => server.mails(bo.email, "Aanmelding niet geaccepteerd", "graag zien we je bij een trainingsweekend").length, { timeout: 15_000 }).toBe(1);
  expect(server.mails(bo.email, "Betaal").length, "a declined applicant is never asked to pay").toBe(0);

  await openApplication(admin.page, alexRef, alex.name);
  await admin.page.getByTestId("application-card").getByRole("button", { name: "Goedkeuren" }).click();
  await expect(admin.page.getByText(/^Aanvraag goedgekeurd: Alex Morgan kan betalen tot /).first()).toBeVisible({ timeout: 15_000 });

  // 4. Alex pays from the approval e-mail's link (the places are held for 72 hours).
  const manageLink = await server.linkInMail([alex.email, "Approved: pay for"], MANAGE_LINK);
  await alexBrowser.page.goto(manageLink);
  await hydrated(alexBrowser.page);
  await alexBrowser.page.getByRole("button", { name: /^Pay €/ }).click();
  await expect(alexBrowser.page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
  await hydrated(alexBrowser.page);
  await alexBrowser.page.getByRole("button", { name: /^Pay €150\.00$/ }).click();
  await expect(alexBrowser.page.getByRole("heading", { name: "Booking confirmed" })).toBeVisible({ timeout: 20_000 });

  // 5. First visit (English): from the booking page to the crew file; the gear size and the passport.
  await alexBrowser.page.goto(manageLink);
  await hydrated(alexBrowser.page);
  await alexBrowser.page.getByTestId("manage-crew-file").click();
  await expect(alexBrowser.page).toHaveURL(PLACE_LINK);
  await hydrated(alexBrowser.page);
  const placePath = new URL(alexBrowser.page.url()).pathname;
  await expect(alexBrowser.page.getByRole("heading", { name: "Crew file" })).toBeVisible();
  // The sea miles were answered on the application form: already complete, and still changeable.
  await expect(alexBrowser.page.getByTestId("crew-progress")).toHaveText("1 of 5 required items complete");
  await expect(crewItem(alexBrowser.page, "Sea miles").getByLabel("Your answer")).toHaveValue("1200");
  await expect(crewItem(alexBrowser.page, "Sea miles").getByTestId("crew-item-state")).toHaveText("Complete");
  const gear = crewItem(alexBrowser.page, "Foul-weather gear size");
  await gear.getByLabel("M", { exact: true }).check();
  await saveItem(gear, "Saved: Foul-weather gear size.");
  const passport = crewItem(alexBrowser.page, "Passport");
  await passport.getByLabel("Nationality").selectOption("NL");
  await passport.getByLabel("Passport number").fill("NX1234567");
  await passport.getByLabel("Valid until").fill("2031-01-31");
  await saveItem(passport, "Saved: Passport.");
  await expect(passport.getByTestId("crew-item-state")).toHaveText("Complete");
  await expect(alexBrowser.page.getByTestId("crew-progress")).toHaveText("3 of 5 required items complete");
  await expectNoAxeFindings(alexBrowser.page, "crew-checklist-en");
  await done(alexBrowser, "Alex (first visit)");

  // The manifest: 2 of 4 complete; the readiness rule (50% with World Sailing OSR) not met.
  await admin.page.goto(`/admin/manifest/${event.id}`);
  await hydrated(admin.page);
  await expect(admin.page.getByTestId("manifest-crew").first()).toHaveText("3/5");
  await expect(admin.page.getByTestId("crew-readiness")).toHaveAttribute("data-met", "no");
  await expect(admin.page.getByTestId("crew-readiness")).toContainText("0 van 1");

  // 6. Second visit, in Dutch, another browser: earlier answers kept; the medical declaration and the course.
  const secondVisit = await person(browser, server.base, "nl");
  await secondVisit.page.goto(`${placePath}?lang=nl`);
  await hydrated(secondVisit.page);
  await expect(secondVisit.page.getByRole("heading", { name: "Bemanningsdossier" })).toBeVisible();
  await expect(crewItem(secondVisit.page, "Maat zeilpak").getByLabel("M", { exact: true })).toBeChecked();
  await expect(crewItem(secondVisit.page, "Paspoort").getByLabel("Paspoortnummer")).toHaveValue("NX1234567");
  const medical = crewItem(secondVisit.page, "Medische verklaring");
  await expect(medical).toContainText("Gezondheidsgegevens");
  await medical.getByLabel("Bestand").setInputFiles({ name: "medische-verklaring.pdf", mimeType: "application/pdf", buffer: PDF });
  await saveItem(medical, "Opgeslagen: Medische verklaring.");
  await expect(medical.getByTestId("crew-file-link")).toBeVisible();
  const course = crewItem(secondVisit.page, "Veiligheidscursus");
  await course.getByLabel("Certificaat", { exact: true }).fill("World Sailing OSR");
  await course.getByLabel("Certificaatnummer").fill("OSR-2291");
  await course.getByLabel("Geldig tot").fill("2031-06-30");
  await saveItem(course, "Opgeslagen: Veiligheidscursus.");
  await expect(secondVisit.page.getByTestId("crew-progress")).toHaveText("5 van 5 verplichte onderdelen compleet");
  await expectNoAxeFindings(secondVisit.page, "crew-checklist-nl");
  await done(secondVisit, "Alex (second visit)");

  // 7. The manifest and the readiness line follow.
  await admin.page.reload();
  await hydrated(admin.page);
  await expect(admin.page.getByTestId("manifest-crew").first()).toHaveText("5/5");
  await expect(admin.page.getByTestId("crew-readiness")).toHaveAttribute("data-met", "yes");
  await expect(admin.page.getByTestId("crew-readiness")).toContainText("1 van 1");
  // Another event's id, for the skipper who is not assigned to it (any demo event).
  await admin.page.goto("/admin/events");
  const otherEventId = (await admin.page.locator('a[href^="/admin/events/"]').evaluateAll((links, own) => links.map((a) => /^\/admin\/events\/([0-9a-f-]{36})$/.exec(a.getAttribute("href") ?? "")?.[1]).find((id) => id && id !== own), event.id))!;
  expect(otherEventId).toBeTruthy();
  await done(admin, "the admin");

  // 8. The skipper: the health answers of their own event (the view is recorded), nothing of another.
  const sk = await staffPage(browser, skipper, `/admin/events/${event.id}/crew`);
  await expect(sk.page.getByText("Gezondheidsgegevens getoond: elke inzage wordt vastgelegd.")).toBeVisible();
  const download = sk.page.getByTestId("crew-row").filter({ hasText: alex.name }).getByRole("link", { name: /downloaden/ });
  await expect(download).toHaveCount(1);
  const fileHref = (await download.getAttribute("href"))!;
  expect(fileHref).toMatch(new RegExp(`^/admin/events/${event.id}/crew/files/[0-9a-f-]{36}$`));
  const fileAnswer = await sk.page.request.get(fileHref);
  expect(fileAnswer.status()).toBe(200);
  expect((await fileAnswer.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const elsewhere = await sk.page.goto(`/admin/events/${otherEventId}/crew`);
  expect(elsewhere?.status()).toBe(403);
  await sk.close();

  // 9. Office staff: the crew file's states, never a health answer or file.
  const of = await staffPage(browser, office, `/admin/events/${event.id}/crew`);
  await expect(of.page.getByText("Gezondheidsonderdelen worden niet getoond (geen gezondheidsrecht).")).toBeVisible();
  await expect(of.page.getByTestId("crew-row").filter({ hasText: alex.name }).getByRole("link", { name: /downloaden/ })).toHaveCount(0);
  expect((await of.page.request.get(fileHref)).status()).toBe(403);
  await of.close();

  // 10. Ten days before the start (the clock pinned): the medical declaration (due 14 days before)
  // is locked, its answer kept; the gear size (due on the start day) can still change.
  expect(await server.restart({ APP_NOW: new Date(start.getTime() - 10 * DAY).toISOString() })).toBe(0);
  const late = await person(browser, server.base, "en");
  await late.page.goto(`${placePath}?lang=en`);
  await hydrated(late.page);
  const lockedMedical = crewItem(late.page, "Medical declaration");
  await expect(lockedMedical.getByTestId("crew-locked")).toContainText("Locked since");
  await expect(lockedMedical.getByTestId("crew-save")).toHaveCount(0);
  await expect(lockedMedical.getByTestId("crew-file-link")).toBeVisible();
  await expect(crewItem(late.page, "Foul-weather gear size").getByTestId("crew-save")).toBeVisible();
  await done(late, "Alex (after the deadline)");
});
