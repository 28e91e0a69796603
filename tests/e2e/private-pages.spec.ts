import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { messages, type Locale, type MessageKey } from "../../app/i18n";
import { demoEvents } from "../../server/db/seed/events.server";
import { expect, hydrated, test, uniqueEmail, waitForEmail } from "./fixtures";

const t = (locale: Locale, key: MessageKey, params: Record<string, string | number> = {}) =>
  messages[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

// The demo's events (the same data the servers seed), to know what must stay hidden.
const seeded = demoEvents(new Date());
const bySlug = (slug: string) => seeded.find((e) => e.slug === slug)!;
const summerDescription = seeded.find((e) => e.privatePageKey === "zomeravondzeilen")!.description!;

type PrivatePage = {
  path: string;
  locale: Locale;
  code: string;
  wrongMessage: string;
  /** The event text that must not be in the page before it is unlocked. */
  secret: string;
  /** Something only the unlocked page shows. */
  unlockedText: string;
};

const PAGES: PrivatePage[] = [
  {
    path: "/vwdtp",
    locale: "nl",
    code: "vwdtp2025",
    wrongMessage: "Onjuist wachtwoord",
    secret: bySlug("vwdtp-challenge").description!,
    unlockedText: "Exclusief zeil evenement voor VWDTP leden",
  },
  {
    path: "/zomeravondzeilen",
    locale: "nl",
    code: "avond2025",
    wrongMessage: "Onjuist wachtwoord",
    secret: summerDescription,
    unlockedText: t("nl", "private.zomer.invite.boat"),
  },
  {
    path: "/scheveningen",
    locale: "nl",
    code: "cascais2025",
    wrongMessage: "Verkeerd wachtwoord. Probeer het opnieuw.",
    secret: bySlug("scheveningen-cascais").description!,
    unlockedText: "Inschrijving Gesloten",
  },
  {
    path: "/arc-registration",
    locale: "en",
    code: "arc2025",
    wrongMessage: "Incorrect password. Please try again.",
    secret: bySlug("arc-2025").descriptionEn!,
    unlockedText: "Full refund available until 30 days before departure",
  },
];

const codeField = (page: Page, locale: Locale) => page.getByLabel(t(locale, "private.code.label"), { exact: true });
const submitButton = (page: Page, locale: Locale) => page.getByRole("button", { name: t(locale, "private.code.submit") });

async function submitCode(page: Page, locale: Locale, code: string) {
  await codeField(page, locale).fill(code);
  await submitButton(page, locale).click();
}

async function unlock(page: Page, path: string, locale: Locale, code: string, base = "") {
  await page.goto(`${base}${path}`);
  await hydrated(page);
  await submitCode(page, locale, code);
  await expect(page.getByTestId("locked")).toHaveCount(0);
}

/**
 * A wrong code is an expected answer (200 with the message, nothing in the console); only a
 * rate-limited attempt (429) is logged by the browser as a failed fetch.
 */
const refusedFetch = [/status of 429/];

for (const p of PAGES) {
  test.describe(`${p.path}`, () => {
    test("is locked on a first visit, and the event is not in the response at all", async ({ page, request }) => {
      const raw = await request.get(p.path);
      expect(raw.status()).toBe(200);
      expect(raw.headers()["cache-control"]).toContain("no-store");
      const html = await raw.text();
      expect(html).not.toContain(p.secret.slice(0, 60));
      expect(html).not.toContain(p.unlockedText);
      expect(html).toContain(`name="code"`);

      const response = await page.goto(p.path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", p.locale);
      await expect(page.getByTestId("locked")).toBeVisible();
      await expect(codeField(page, p.locale)).toHaveAttribute("type", "password");
      await expect(codeField(page, p.locale)).toHaveAttribute("required", "");
      await expect(page.getByText(p.unlockedText)).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    });

    test.describe("unlocking", () => {
      test.use({ allowConsoleErrors: refusedFetch });

      test("a wrong code shows the page's message; the right one unlocks for the browser session", async ({ page, browser, baseURL }) => {
        await page.goto(p.path);
        await hydrated(page);
        // Empty: the field is required, said by the form's schema in the browser (loaded after the
        // page, not with it), without a request.
        const posts: string[] = [];
        page.on("request", (request) => {
          if (request.method() === "POST") posts.push(request.url());
        });
        await submitButton(page, p.locale).click();
        await expect(page.getByRole("alert").filter({ hasText: t(p.locale, "private.code.required") })).toBeVisible();
        await expect(codeField(page, p.locale)).toBeFocused();
        expect(posts).toEqual([]);

        await submitCode(page, p.locale, p.code.toUpperCase());
        const error = page.getByRole("alert").filter({ hasText: p.wrongMessage });
        await expect(error).toHaveText(p.wrongMessage);
        await expect(codeField(page, p.locale)).toHaveAttribute("aria-invalid", "true");

        await submitCode(page, p.locale, p.code);
        await expect(page.getByText(p.unlockedText).first()).toBeVisible();
        await expect(page.getByText(p.secret.slice(0, 60)).first()).toBeVisible();
        await expect(page.getByText(p.wrongMessage)).toHaveCount(0);
        expect(new URL(page.url()).pathname).toBe(p.path);

        // The unlock is a session cookie: HttpOnly, no expiry.
        const cookies = await page.context().cookies();
        const cookie = cookies.find((c) => c.name === `access_${p.path.slice(1)}`);
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", expires: -1 });

        // A reload keeps it unlocked, rendered on the server at once.
        await page.reload();
        await expect(page.getByText(p.unlockedText).first()).toBeVisible();
        await expect(page.getByTestId("locked")).toHaveCount(0);
        expect(await (await page.request.get(p.path)).text()).toContain(p.secret.slice(0, 60));

        // A new browser session is locked again.
        const other = await browser.newContext({ baseURL });
        const fresh = await other.newPage();
        await fresh.goto(p.path);
        await expect(fresh.getByTestId("locked")).toBeVisible();
        await expect(fresh.getByText(p.unlockedText)).toHaveCount(0);
        await other.close();
      });
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowConsoleErrors: refusedFetch });

  test("the password form is a real form: wrong code 200 with the message, right code unlocks", async ({ page }) => {
    await page.goto("/vwdtp");
    await codeField(page, "nl").fill("wrong-code");
    const [wrong] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), submitButton(page, "nl").click()]);
    expect(wrong.status()).toBe(200);
    await expect(page.getByText("Onjuist wachtwoord")).toBeVisible();
    await codeField(page, "nl").fill("vwdtp2025");
    await submitButton(page, "nl").click();
    await expect(page.getByText("Exclusief zeil evenement voor VWDTP leden")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/vwdtp");
  });
});

test.describe("the pages' own content", () => {
  test("/vwdtp: the card, the full-payment note, and registration charges the full price", async ({ page }) => {
    await unlock(page, "/vwdtp", "nl", "vwdtp2025");
    await expect(page.getByText("Exclusief toegankelijk").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("VWDTP Challenge");
    const card = page.getByTestId("private-event");
    await expect(card.getByText("(volledige betaling)")).toBeVisible();
    await expect(card.getByTestId("event-date")).toHaveText(/^(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag) \d{1,2} \w+ \d{4}$/);
    await expect(card.getByText("10:00 - 17:00")).toBeVisible();
    await expect(card.getByText("Lunch aan boord")).toBeVisible();

    await card.getByRole("link", { name: "Nu inschrijven" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Volledige betaling van €175 vereist bij inschrijving")).toBeVisible();
    await fillRegistration(dialog, "nl", uniqueEmail("vwdtp"));
    await dialog.getByRole("button", { name: t("nl", "booking.submit.pay") }).click();
    await page.waitForURL(/\/checkout\/test\//);
    await expect(page.getByRole("button", { name: /^Pay €175\.00$/ })).toBeVisible();
  });

  test("/zomeravondzeilen: the invitation, every evening in a two-column grid, free registration confirmed at once", async ({ page }) => {
    await unlock(page, "/zomeravondzeilen", "nl", "zomer2025");
    for (const key of ["private.zomer.invite.boat", "private.zomer.invite.practical", "private.zomer.invite.cancel"] as const) {
      await expect(page.getByText(t("nl", key))).toBeVisible();
    }
    await expect(page.getByTestId("invitation").getByRole("link", { name: "team@oceanracing.test" })).toHaveAttribute("href", "mailto:team@oceanracing.test");
    const evenings = page.getByTestId("evening");
    const expected = seeded.filter((e) => e.privatePageKey === "zomeravondzeilen");
    await expect(evenings).toHaveCount(expected.length);
    await expect(evenings.first().getByRole("heading", { level: 3 })).toHaveText(expected[0].name);
    await expect(evenings.last().getByRole("heading", { level: 3 })).toHaveText(expected[expected.length - 1].name);
    await expect(evenings.first().getByText("Gratis")).toBeVisible();
    // Two columns on a wide screen.
    const [first, second] = [await evenings.nth(0).boundingBox(), await evenings.nth(1).boundingBox()];
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);

    const email = uniqueEmail("zomer");
    await evenings.first().getByRole("link", { name: "Inschrijven" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("amount-due")).toHaveText("Gratis");
    await fillRegistration(dialog, "nl", email);
    await dialog.getByRole("button", { name: t("nl", "booking.submit.free"), exact: true }).click();
    await page.waitForURL(/\/payment-success\?confirmed=/);
    await expect(page.getByText(t("en", "booking.success.freeTitle"))).toBeVisible();
    expect(page.url()).not.toContain("/checkout/");
    await waitForEmail(email);
  });

  test("/scheveningen stays Dutch with English chosen, and shows registration closed", async ({ page }) => {
    await page.goto("/?lang=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/scheveningen");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page).toHaveTitle("Scheveningen - Cascais - Privé Registratie | Ocean Racing Team");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scheveningen - Cascais - Privé Registratie");
    await expect(page.getByText(t("nl", "private.scheveningen.locked.text"))).toBeVisible();
    await hydrated(page);
    await submitCode(page, "nl", "cascais2025");
    const card = page.getByTestId("private-event");
    await expect(card.getByRole("heading", { name: "Scheveningen - Cascais" })).toBeVisible();
    await expect(card.getByText("Max 8 deelnemers")).toBeVisible();
    await expect(card.getByText(/^\d{2} \w+ \d{4} - \d{2} \w+ \d{4}$/)).toBeVisible();
    await expect(card.getByText(/^Aanvang \d{2}:\d{2}$/)).toBeVisible();
    await expect(card.getByText("per persoon")).toBeVisible();
    const closed = page.getByTestId("registration-closed");
    await expect(closed.getByRole("heading")).toHaveText("Inschrijving Gesloten");
    await expect(closed.getByText("Dit event is momenteel vol.")).toBeVisible();
    await expect(closed.getByText("Interesse in de wachtlijst?")).toBeVisible();
    await expect(closed.getByRole("link", { name: "Mail ons" })).toHaveAttribute("href", /^mailto:team@oceanracing\.test\?subject=/);
    const brochure = card.getByRole("link", { name: "Scheveningen - Cascais Brochure" });
    await expect(brochure).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: "Inschrijven" })).toHaveCount(0);
  });

  test("/arc-registration: show/hide toggle, then the private registration card", async ({ page }) => {
    await page.goto("/arc-registration");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ARC 2025 Private Registration");
    const field = codeField(page, "en");
    await field.fill("arc2025");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(field).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(field).toHaveAttribute("type", "password");
    await submitButton(page, "en").click();

    const card = page.getByTestId("private-event");
    await expect(card.getByRole("heading", { name: "ARC 2025", exact: true })).toBeVisible();
    await expect(card.getByText("Max 10 participants")).toBeVisible();
    await expect(card.getByRole("heading", { name: "What's included" })).toBeVisible();
    await expect(card.getByTestId("date-range")).toHaveText(/^\d{1,2} \w{3}( 2025)? – \d{1,2} \w{3} 2025$/);
    await expect(card.getByText(/^Start time \d{2}:\d{2}$/)).toBeVisible();
    await expect(card.getByText("Secure payment via the test checkout (no money moves)")).toBeVisible();
    await expect(card.getByText("Full refund available until 30 days before departure")).toBeVisible();
    await expect(card.getByRole("link", { name: "ARC 2025 Brochure" })).toHaveAttribute("target", "_blank");
    // The ARC has ended by today's clock: the page says so instead of offering registration.
    await expect(card.getByRole("button", { name: t("en", "events.action.finished") })).toBeDisabled();
  });

  test("/arc-registration on the 2025 server: 'Register & Pay Now' opens the registration dialog for the sold-out ARC", async ({ page, pastUrl }) => {
    await unlock(page, "/arc-registration", "en", "arc2025", pastUrl);
    const card = page.getByTestId("private-event");
    await card.getByRole("link", { name: "Register & Pay Now" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Register for ARC 2025" })).toBeVisible();
    // The server's clock (1 August 2025): the early-bird price (90%), 50% deposit due now.
    await expect(dialog.getByTestId("amount-due")).toHaveText("€2,227.50");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("/arc", () => {
  async function jsonLd(request: APIRequestContext, url: string) {
    const html = await (await request.get(url)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
    const event = blocks.find((block) => block["@type"] === "Event");
    expect(event, "schema.org Event JSON-LD").toBeDefined();
    return event!;
  }

  test("is public and English, and says the 2025 ARC has ended, with nothing to book and the dialog not opened", async ({ page, baseURL }) => {
    await page.goto("/?lang=nl");
    const response = await page.goto("/arc");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle(t("en", "private.arc.meta.title"));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/arc`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", t("en", "private.arc.meta.description"));
    // Today the 2025 ARC is over (issue 11): the page says so, and offers nothing to book.
    await expect(page.getByTestId("event-ended").getByRole("heading")).toHaveText("This event has ended");
    await expect(page.getByTestId("arc-closed")).toHaveCount(0);
    await hydrated(page);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("before the event, says registration is closed, with a mail link and the dialog not opened", async ({ page, pastUrl }) => {
    await page.goto(`${pastUrl}/arc`);
    const closed = page.getByTestId("arc-closed");
    await expect(closed.getByRole("heading")).toHaveText("Online registration is now closed");
    await expect(closed.getByText(/Some spots are still available/)).toBeVisible();
    await expect(closed.getByRole("link", { name: "E-mail the team" })).toHaveAttribute("href", /^mailto:team@oceanracing\.test/);
    await hydrated(page);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("carries schema.org Event data with the full price today, no longer available once the event has ended", async ({ request, baseURL }) => {
    const data = await jsonLd(request, "/arc");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "ARC 2025",
      description: bySlug("arc-2025").descriptionEn,
      startDate: "2025-11-23T12:30:00.000Z",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place", name: "Las Palmas de Gran Canaria → Saint Lucia" },
      offers: { "@type": "Offer", price: "4950.00", priceCurrency: "EUR", availability: "https://schema.org/Discontinued" },
      organizer: { "@type": "Organization", name: "Ocean Racing Team", url: baseURL },
    });
    expect(data.endDate).toBe(bySlug("arc-2025").endDate!.toISOString());
  });

  test("carries the early-bird offer (90%) before 1 September 2025", async ({ request, pastUrl }) => {
    const data = await jsonLd(request, `${pastUrl}/arc`);
    expect(data.offers).toMatchObject({ price: "4455.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" });
  });

  test("shows its loading state during a client-side navigation", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold only the page's own data (a route with a clientLoader is fetched on its own).
    await page.route((url) => url.pathname === "/arc.data" && (url.searchParams.get("_routes") ?? "").includes("private/arc"), async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => {
      void (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate("/arc");
    });
    await expect(page.getByRole("status")).toHaveText(t("en", "private.arc.loading"));
    release();
    await expect(page.getByTestId("arc-event")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: t("en", "private.arc.loading") })).toHaveCount(0);
  });
});

test.describe("/sail-out", () => {
  test("titles from the translation keys in both languages, with event data", async ({ page, request }) => {
    for (const locale of ["en", "nl"] as const) {
      await page.goto(`/sail-out?lang=${locale}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page).toHaveTitle(t(locale, "private.sailOut.meta.title"));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", t(locale, "private.sailOut.meta.description"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(locale === "en" ? bySlug("sail-out").nameEn! : bySlug("sail-out").name);
    }
    const html = await (await request.get("/sail-out")).text();
    expect(html).toContain('"@type":"Event"');
  });

  test("before the opening (2025-08-12 09:00 +02:00) the button is disabled and says when it opens", async ({ page, pastUrl }) => {
    await page.goto(`${pastUrl}/sail-out?lang=en`);
    await hydrated(page);
    const button = page.getByRole("button", { name: "Registration opens Aug 12 09:00" });
    await expect(button).toBeDisabled();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("once registration is open, the registration dialog opens by itself after loading", async ({ page, sailOutUrl }) => {
    await page.goto(`${sailOutUrl}/sail-out?lang=en`);
    await hydrated(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full name")).toBeVisible();
    // Closing it leaves the Register control (a link to the form page before hydration) to open it again.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.getByRole("link", { name: "Register", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("a forced registration before the opening is refused: 'Registration not open yet'", async ({ request, pastUrl }) => {
    const response = await request.post(`${pastUrl}/events/sail-out/register`, {
      form: registrationFields("en", uniqueEmail("sailout")),
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain("Registration not open yet");
  });
});

test.describe("guessing is rate limited (on the 2025 server, so the main server's pages stay usable)", () => {
  test.use({ allowConsoleErrors: refusedFetch });

  for (const p of PAGES) {
    test(`${p.path}: the 11th wrong code in a row is refused with 429, in the page's language`, async ({ request, pastUrl }) => {
      const url = `${pastUrl}${p.path}`;
      for (let i = 1; i <= 10; i++) {
        const response = await request.post(url, { form: { code: `wrong-${i}` }, maxRedirects: 0 });
        expect(response.status(), `attempt ${i}`).toBe(200);
      }
      const refused = await request.post(url, { form: { code: p.code }, maxRedirects: 0 });
      expect(refused.status()).toBe(429);
      const retryAfter = Number(refused.headers()["retry-after"]);
      expect(retryAfter).toBeGreaterThan(400);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // The message names the minutes left (10 unless the ten tries took a while on a slow machine).
      expect(await refused.text()).toContain(t(p.locale, "private.code.tooMany", { minutes: Math.ceil(retryAfter / 60) }));
    });
  }

  test("the browser shows the limit message", async ({ page, request, pastUrl }) => {
    // Limited already when the tests above ran; otherwise guess until it is.
    for (let i = 0; i < 11; i++) {
      if ((await request.post(`${pastUrl}/vwdtp`, { form: { code: `guess-${i}` }, maxRedirects: 0 })).status() === 429) break;
    }
    await page.goto(`${pastUrl}/vwdtp`);
    await hydrated(page);
    await submitCode(page, "nl", "vwdtp2025");
    await expect(page.getByRole("alert").filter({ hasText: "Te veel onjuiste pogingen" })).toHaveText(t("nl", "private.code.tooMany", { minutes: 10 }));
    await expect(page.getByTestId("locked")).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------

function registrationFields(locale: Locale, email: string): Record<string, string> {
  return {
    locale,
    customerName: "Sanne de Vries",
    customerEmail: email,
    birthDate: "1990-05-05",
    street: "Havenstraat 1",
    postalCode: "2583 AB",
    city: "Den Haag",
    country: "Nederland",
    nextOfKinName: "Joris de Vries",
    nextOfKinPhone: "+31 6 12345678",
    termsAccepted: "on",
  };
}

async function fillRegistration(dialog: Locator, locale: Locale, email: string) {
  // Required fields' names end in "(required)" for screen readers: match the start.
  const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
  const textbox = (key: MessageKey) => dialog.getByRole("textbox", { name: startsWith(t(locale, key)) });
  await textbox("booking.field.customerName").fill("Sanne de Vries");
  await textbox("booking.field.customerEmail").fill(email);
  await dialog.getByLabel(startsWith(t(locale, "booking.field.birthDate"))).fill("1990-05-05");
  await textbox("booking.field.street").fill("Havenstraat 1");
  await textbox("booking.field.postalCode").fill("2583 AB");
  await textbox("booking.field.city").fill("Den Haag");
  await textbox("booking.field.country").fill("Nederland");
  await textbox("booking.field.nextOfKinName").fill("Joris de Vries");
  await textbox("booking.field.nextOfKinPhone").fill("+31 6 12345678");
  await dialog.locator("summary", { hasText: t(locale, "booking.waiver.toggle") }).click();
  await dialog.getByRole("checkbox", { name: t(locale, "booking.terms.agree") }).check();
}
