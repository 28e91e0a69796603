import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, hydrated, test, uniqueEmail, waitForEmail } from "./fixtures";

const EVENT = "zakelijke-zeildag"; // €295, 50% deposit: €147.50 due

async function english(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
}

/** Fills every required field of the registration form inside `scope`. */
async function fillRegistration(scope: Locator | Page, email: string, name = "Sanne de Vries") {
  await scope.getByLabel("Full name").fill(name);
  await scope.getByLabel("Email address").fill(email);
  await scope.getByLabel("Date of birth").fill("1990-05-17");
  await scope.getByLabel("Street address").fill("Havenstraat 1");
  await scope.getByLabel("Postal code").fill("2583 AB");
  await scope.getByLabel("City").fill("Den Haag");
  await scope.getByLabel("Country").fill("Nederland");
  await scope.getByLabel("Emergency contact person").fill("Joris de Vries");
  await scope.getByLabel("Emergency contact phone number").fill("+31 6 12345678");
}

/** The .eml's calendar attachment, decoded. */
function calendarAttachment(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: text\/calendar/i.test(p));
  expect(part, "an attached text/calendar part").toBeDefined();
  const body = part!.slice(part!.search(/\r?\n\r?\n/)).trim();
  return /Content-Transfer-Encoding: base64/i.test(part!) ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : body;
}

async function payInTestCheckout(page: Page, amountLabel: string) {
  await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
  await expect(page.getByText(/This is a TEST payment\. No money moves/)).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: amountLabel, exact: true }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=test_[\w-]+&event_id=[0-9a-f-]{36}$/);
}

async function expectConfirmed(page: Page, email: string) {
  await expect(page.getByRole("heading", { name: "Booking confirmed" })).toBeVisible();
  await expect(page.getByText("Payment successful! Your booking has been confirmed").first()).toBeVisible();
  await expect(page.getByTestId("amount-paid")).toHaveText("€147.50");
  const reference = (await page.getByTestId("registration-reference").textContent())!.trim();
  expect(reference).toMatch(/^OR-[A-Z0-9]{6}$/);
  await expect(page.getByText(`A confirmation e-mail with all details and a calendar invite is on its way to ${email}.`)).toBeVisible();
  return reference;
}

test.describe("booking: register, pay, confirm", () => {
  // Three pages, a payment and an e-mail per test: generous on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test("from the registration page: waiver, amount due, test checkout, confirmation e-mail with .ics", async ({ page, context, baseURL }) => {
    await english(context, baseURL);
    const email = uniqueEmail("booking-page");
    await page.goto(`/events/${EVENT}/register`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: /Register for Corporate sailing day/i })).toBeVisible();
    await expect(page.getByTestId("amount-due")).toHaveText("€147.50");
    await expect(page.getByText("50% deposit of €295.00")).toBeVisible();

    const submit = page.getByRole("button", { name: "Register and pay" });
    const agree = page.getByLabel(/I have read the terms and conditions/);
    await expect(submit).toBeDisabled();
    await expect(agree).toBeDisabled();

    await fillRegistration(page, email);
    await expect(submit).toBeDisabled(); // terms still unchecked
    await page.getByText("Terms and liability waiver").click();
    await expect(page.getByText("1. Acknowledgment of Risk")).toBeVisible();
    await expect(page.getByText("10. Age Confirmation")).toBeAttached();
    await expect(agree).toBeEnabled();
    await agree.check();
    await expect(submit).toBeEnabled();
    await submit.click();

    await payInTestCheckout(page, "Pay €147.50");
    const reference = await expectConfirmed(page, email);

    // Reloading the result changes nothing and shows the same booking.
    await page.reload();
    await expect(page.getByTestId("registration-reference")).toHaveText(reference);

    const mail = await waitForEmail(email);
    expect(mail.raw).toContain(reference);
    expect(mail.raw).toMatch(/Subject: Booking confirmed: Corporate sailing day/);
    expect(mail.raw).toMatch(/filename=zakelijke-zeildag\.ics/);
    const ics = calendarAttachment(mail.raw);
    expect(ics).toContain("BEGIN:VCALENDAR\r\n");
    expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(ics).toContain("SUMMARY:Corporate sailing day");
  });

  test("through the calendar's dialog, in Dutch", async ({ page }) => {
    const email = uniqueEmail("booking-dialog");
    await page.goto(`/calendar?event=${EVENT}&lang=nl`);
    await hydrated(page);
    await page.getByTestId("event-dialog").getByRole("link", { name: "Inschrijven", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: /Inschrijven voor Zakelijke zeildag/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("amount-due")).toHaveText("€147,50");

    await dialog.getByLabel("Volledige naam").fill("Daan Meijer");
    await dialog.getByLabel("E-mailadres").fill(email);
    await dialog.getByLabel("Geboortedatum").fill("1985-02-03");
    await dialog.getByLabel("Straat en huisnummer").fill("Kade 2");
    await dialog.getByLabel("Postcode").fill("1011 AA");
    await dialog.getByLabel("Woonplaats").fill("Amsterdam");
    await dialog.getByLabel("Land").fill("Nederland");
    await dialog.getByLabel("Contactpersoon voor noodgevallen", { exact: false }).first().fill("Noor Meijer");
    await dialog.getByLabel("Telefoonnummer contactpersoon").fill("+31 6 87654321");

    const agree = dialog.getByLabel(/Ik heb de algemene voorwaarden/);
    const submit = dialog.getByRole("button", { name: "Inschrijven en betalen" });
    await expect(agree).toBeDisabled();
    await expect(submit).toBeDisabled();
    await dialog.getByText("Voorwaarden en afstandsverklaring").click();
    await expect(dialog.getByText("1. Erkenning van risico's")).toBeVisible();
    // Leaving a field validates it quietly: no toast before the visitor submits.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await agree.check();
    await submit.click();

    await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
    await expect(page.getByText(/Dit is een TESTbetaling/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Annuleren" })).toHaveAttribute("href", `/calendar?event=${EVENT}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Betaal €147,50", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Boeking bevestigd" })).toBeVisible();
    await expect(page.getByText("Betaling geslaagd! Je boeking is bevestigd").first()).toBeVisible();
    const mail = await waitForEmail(email);
    expect(mail.raw).toMatch(/Subject: Boeking bevestigd: Zakelijke zeildag/);
  });

  test("shows the validation messages, and why a full event takes no registration", async ({ page, context, baseURL }) => {
    await english(context, baseURL);
    await page.goto(`/events/${EVENT}/register`);
    await hydrated(page);
    await fillRegistration(page, "not-an-address");
    await page.getByText("Terms and liability waiver").click();
    await page.getByLabel(/I have read the terms and conditions/).check();
    await page.getByRole("button", { name: "Register and pay" }).click();
    await expect(page.getByText("Invalid email address").first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/events/${EVENT}/register$`));

    // A full event has no form: the page says why.
    await page.goto("/events/kennismaking-oceaanracen/register");
    await expect(page.getByText("Fully Booked")).toBeVisible();
    await expect(page.getByRole("button", { name: "Register and pay" })).toHaveCount(0);
  });
});

test.describe("booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowConsoleErrors: [/status of 400 \(Bad Request\).*\/register/] });

  test("a plain form post answers 303 to the checkout", async ({ page }) => {
    const response = await page.request.post(`/events/${EVENT}/register`, {
      form: {
        customerName: "Plain Form",
        customerEmail: uniqueEmail("booking-nojs"),
        street: "Havenstraat 1",
        city: "Den Haag",
        postalCode: "2583 AB",
        country: "Nederland",
        birthDate: "1990-05-17",
        nextOfKinName: "Family",
        nextOfKinPhone: "+31 6 12345678",
        termsAccepted: "on",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toMatch(/^\/checkout\/test\/test_[\w-]+$/);
  });

  test("the whole path works as plain HTML: form, test checkout, confirmed page", async ({ page, context, baseURL }) => {
    await english(context, baseURL);
    const email = uniqueEmail("booking-html");
    await page.goto(`/events/${EVENT}/register`);
    await fillRegistration(page, email, "Plain Html");
    await page.getByLabel(/I have read the terms and conditions/).check();
    await page.getByRole("button", { name: "Register and pay" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/test_[\w-]+$/);
    await page.getByRole("button", { name: "Pay €147.50", exact: true }).click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=/);
    await expect(page.getByRole("heading", { name: "Booking confirmed" })).toBeVisible();
    await expect(page.getByTestId("amount-paid")).toHaveText("€147.50");
  });

  test("the page's own form shows the messages when fields are missing", async ({ page, context, baseURL }) => {
    await english(context, baseURL);
    await page.goto(`/events/${EVENT}/register`);
    await page.getByLabel("Full name").fill("Only A Name");
    await page.getByRole("button", { name: "Register and pay" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Required fields" })).toContainText(
      "Please fill in all required fields: name, email address, address, city, postal code, country, date of birth, emergency contact person and phone number",
    );
    await expect(page.getByLabel("Full name")).toHaveValue("Only A Name");
    await expect(page.getByText("This field is required").first()).toBeVisible();
  });
});

test.describe("booking before the Sail-Out opens (server clock 2025-08-01)", () => {
  test("the page says registration is not open yet, and a forced post is refused", async ({ page, context, pastUrl }) => {
    await english(context, pastUrl);
    await page.goto(`${pastUrl}/events/sail-out/register`);
    await hydrated(page);
    await expect(page.getByText("Registration not open yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Register and pay" })).toHaveCount(0);

    const forced = await page.request.post(`${pastUrl}/events/sail-out/register`, {
      form: {
        customerName: "Too Early",
        customerEmail: uniqueEmail("booking-early"),
        street: "Havenstraat 1",
        city: "Den Haag",
        postalCode: "2583 AB",
        country: "Nederland",
        birthDate: "1990-05-17",
        nextOfKinName: "Family",
        nextOfKinPhone: "+31 6 12345678",
        termsAccepted: "on",
      },
      headers: { "accept-language": "en" },
      maxRedirects: 0,
    });
    expect(forced.status()).toBe(409);
    expect(await forced.text()).toContain("Registration not open yet");
  });
});
