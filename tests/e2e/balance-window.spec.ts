import type { Page } from "@playwright/test";
import { signInAdmin } from "./admin-login";
import { done, person } from "./checks";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";
import { ownServer } from "./own-server";

/**
 * Issue "What participants and staff still trip over", money and dates: a booking made inside the
 * balance window (the balance's due day has come) pays the whole price and is never overdue at
 * once. In a real browser on today's clock, in English and in Dutch: the admin creates an event
 * starting in 20 days (balance and free cancellation until 30 days before: both passed); each
 * participant sees the whole price and that cancelling gives nothing back before paying, pays the
 * whole price on the test checkout, and finds nothing due and nothing overdue on their booking
 * page; the confirmation e-mail says so; the admin sees nothing overdue.
 *
 * It creates and fills an event, which would change what the shared servers show other specs, so
 * it starts its own server (same build, fresh embedded database).
 */

const server = ownServer("balance-window");

/** The Amsterdam calendar day `days` from today, "yyyy-mm-dd". */
function amsterdamDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A day as the site writes it: "26 November 2026" / "26 november 2026". */
function written(day: string, locale: "en" | "nl"): string {
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "nl-NL", { timeZone: "Europe/Amsterdam", day: "numeric", month: "long", year: "numeric" }).format(new Date(`${day}T12:00:00Z`));
}

async function fillRegistration(page: Page, locale: "nl" | "en", name: string, email: string) {
  const nl = locale === "nl";
  await page.getByLabel(nl ? "Volledige naam" : "Full name").fill(name);
  await page.getByLabel(nl ? "E-mailadres" : "Email address").fill(email);
  await page.getByLabel(nl ? "Geboortedatum" : "Date of birth").fill("1990-05-17");
  await page.getByLabel(nl ? "Straat en huisnummer" : "Street address").fill("Havenstraat 1");
  await page.getByLabel(nl ? "Postcode" : "Postal code").fill("2583 AB");
  await page.getByLabel(nl ? "Woonplaats" : "City").fill("Den Haag");
  await page.getByLabel(nl ? "Land" : "Country").fill("Nederland");
  await page.getByLabel(nl ? "Contactpersoon voor noodgevallen" : "Emergency contact person").fill("Familie");
  await page.getByLabel(nl ? "Telefoonnummer contactpersoon" : "Emergency contact phone number").fill("+31 6 12345678");
  await page.getByText(nl ? "Voorwaarden en afstandsverklaring" : "Terms and liability waiver").click();
  await page.getByLabel(nl ? /Ik heb de algemene voorwaarden/ : /I have read the terms and conditions/).check();
}


// Two visitors, four payments pages, an admin: long on 2 busy cores.
test.describe.configure({ timeout: 300_000 });

test("a booking inside the balance window pays the whole price and is never overdue at once (English and Dutch)", async ({ browser }) => {
  const run = Date.now().toString(36);
  const nameNl = `Balansvenster dag ${run}`;
  const nameEn = `Balance window day ${run}`;
  const startDay = amsterdamDay(20);
  // Balance and free cancellation: until 30 days before the start's day, both 10 days ago.
  const dueDay = amsterdamDay(-10);

  // The admin creates a €200 event with a 50% deposit and the default policy (30 days).
  const admin = await person(browser, server.base, "nl", [/status of 401/]);
  await signInAdmin(admin.page, "/admin/events/new");
  await admin.page.getByLabel("Naam", { exact: true }).fill(nameNl);
  const slug = await admin.page.getByLabel("Slug", { exact: true }).inputValue();
  await admin.page.getByLabel("Beschrijving", { exact: true }).fill("Een dag op zee, binnen de termijn van het restbedrag geboekt.");
  await admin.page.getByLabel("Begint op").fill(`${startDay}T09:00`);
  await admin.page.getByLabel("Eindigt op").fill(`${startDay}T17:00`);
  await admin.page.getByLabel("Prijs per persoon (€)").fill("200");
  await expect(admin.page.getByLabel("Te betalen bij inschrijving (%)")).toHaveValue("50");
  await admin.page.getByLabel("Maximum aantal deelnemers").fill("4");
  await admin.page.getByText("Engelse versie (optioneel)").click();
  await admin.page.getByLabel("Naam (Engels)").fill(nameEn);
  await admin.page.getByRole("button", { name: "Evenement opslaan" }).click();
  await expect(admin.page.getByRole("heading", { level: 1, name: nameNl })).toBeVisible({ timeout: 20_000 });
  const adminEventPath = new URL(admin.page.url()).pathname;

  const participants = [
    {
      locale: "en" as const,
      name: "Alex Archer",
      email: uniqueEmail("balance-window-en"),
      amount: "€200.00",
      note: "Full payment at registration",
      full: `Full payment: the balance for this event was due by ${written(dueDay, "en")}, so you pay the whole price now and nothing later.`,
      policy: `Cancelling this booking will not give money back: the free-cancellation period ended on ${written(dueDay, "en")}.`,
      pay: "Pay €200.00",
      afterFull: "This pays the whole price: nothing is left to pay after it.",
      confirmed: "Booking confirmed",
      settled: "Nothing left to pay. Thank you!",
      overdue: /Overdue/,
      mailSaysPaid: `The balance for this event was due by ${written(dueDay, "en")}, so you paid the whole price at registration: there is nothing left to pay.`,
    },
    {
      locale: "nl" as const,
      name: "Bo Bakker",
      email: uniqueEmail("balance-window-nl"),
      amount: "€200,00",
      note: "Volledige betaling bij inschrijving",
      full: `Volledige betaling: het restbedrag voor dit evenement moest uiterlijk ${written(dueDay, "nl")} betaald zijn, dus je betaalt nu de hele prijs en later niets meer.`,
      policy: `Als je deze boeking annuleert, krijg je geen geld terug: kosteloos annuleren kon tot en met ${written(dueDay, "nl")}.`,
      pay: "Betaal €200,00",
      afterFull: "Hiermee betaal je de hele prijs: daarna hoef je niets meer te betalen.",
      confirmed: "Boeking bevestigd",
      settled: "Alles is betaald. Dank je wel!",
      overdue: /Te laat/,
      mailSaysPaid: `Het restbedrag voor dit evenement moest uiterlijk ${written(dueDay, "nl")} betaald zijn, dus je hebt bij je inschrijving de hele prijs betaald: je hoeft niets meer te betalen.`,
    },
  ];

  const references: string[] = [];
  for (const p of participants) {
    const visitor = await person(browser, server.base, p.locale);
    const page = visitor.page;
    // The calendar's dialog already says the whole price is due at registration, not the deposit.
    await page.goto(`/calendar?event=${slug}`);
    await hydrated(page);
    await expect(page.getByTestId("event-dialog").getByTestId("event-payment-note")).toHaveText(p.note);
    await page.goto(`/events/${slug}/register`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(p.locale === "en" ? nameEn : nameNl);

    // Before paying: the whole price, why, and that cancelling gives nothing back.
    await expect(page.getByTestId("amount-due")).toHaveText(p.amount);
    await expect(page.getByTestId("amount-kind")).toHaveText(p.full);
    await expect(page.getByTestId("amount-balance")).toHaveCount(0);
    await expect(page.getByTestId("cancellation-policy")).toHaveText(p.policy);
    await fillRegistration(page, p.locale, p.name, p.email);
    await page.getByRole("button", { name: p.locale === "nl" ? "Inschrijven en betalen" : "Register and pay" }).click();

    // The test checkout asks the whole price, and says nothing is left after it.
    await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
    await hydrated(page);
    await expect(page.getByTestId("checkout-after")).toHaveText(p.afterFull);
    await page.getByRole("button", { name: p.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/payment-success\?/);
    await expect(page.getByRole("heading", { name: p.confirmed })).toBeVisible();
    await expect(page.getByTestId("amount-paid")).toHaveText(p.amount);
    await expect(page.getByTestId("amount-still-due")).toHaveCount(0);
    references.push((await page.getByTestId("registration-reference").textContent())!.trim());

    // The confirmation e-mail says the whole price was paid and promises no reminder.
    const manageLink = await server.linkInMail(p.email, /\/my-booking\/[A-Za-z0-9_-]{44}/);
    const confirmation = server.outbox(p.email).find((mail) => mail.file.includes("-booking-confirmation-") && mail.text.includes(p.mailSaysPaid))?.text;
    expect(confirmation, "the confirmation e-mail explains the full payment").toBeTruthy();
    expect(confirmation).toContain(p.policy);
    expect(confirmation).not.toMatch(/reminder|herinnering/);

    // The booking page: paid in full, nothing due, nothing overdue.
    await page.goto(manageLink);
    await hydrated(page);
    await expect(page.getByTestId("manage-paid")).toHaveText(p.amount);
    await expect(page.getByTestId("manage-balance")).toHaveCount(0);
    await expect(page.getByText(p.settled)).toBeVisible();
    await expect(page.getByText(p.overdue)).toHaveCount(0);
    await done(visitor, p.name);
  }

  // The admin: both bookings paid in full, nothing owed, nothing overdue.
  await admin.page.goto(adminEventPath);
  await hydrated(admin.page);
  await expect(admin.page.getByText("2 van 4 plaatsen bezet")).toBeVisible();
  await expect(admin.page.getByText("Achterstallig")).toHaveCount(0);
  const pages: string[] = [];
  for (const reference of references) {
    const link = admin.page.getByTestId("registration-row").filter({ hasText: reference }).getByRole("link", { name: `Open inschrijving ${reference}` });
    pages.push((await link.getAttribute("href"))!);
  }
  for (const registrationPage of pages) {
    await admin.page.goto(registrationPage);
    await hydrated(admin.page);
    await expect(admin.page.getByTestId("balance-due")).toHaveText("€0");
    await expect(admin.page.getByText("Achterstallig")).toHaveCount(0);
  }
  // The dashboard lists every paid booking with its balance (the demo ones too): nothing overdue.
  await admin.page.goto("/admin/dashboard");
  await hydrated(admin.page);
  await expect(admin.page.getByRole("region", { name: "Betaalde inschrijvingen" }).getByRole("row").filter({ hasText: participants[0].name })).toBeVisible();
  await expect(admin.page.getByText("Achterstallig")).toHaveCount(0);

  // No balance e-mail of any kind (payment link, reminders) went to either participant.
  for (const p of participants) expect(server.outbox(p.email).filter((mail) => /-(payment-link|balance-reminder)/.test(mail.file))).toEqual([]);
  await done(admin, "the admin");
});
