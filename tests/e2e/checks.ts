import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

/** An e-mail's text: quoted-printable soft line breaks and escapes undone, so links can be read. */
export function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

type AxeViolations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/**
 * The page's serious and critical findings of the WCAG 2.2 A/AA rules (no best-practice set).
 * Third-party frames (the AIS map, YouTube) are not ours to test and would stall the run.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolations> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .exclude("iframe")
    // Only violations are read: axe keeps one node of the other kinds (much less work per page).
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** `seriousAxeViolations` as readable lines: the rule and the elements it found. */
export async function axeFindings(page: Page): Promise<string[]> {
  return (await seriousAxeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

export type Person = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A browser of its own for one person of a story, in one language (the site's language cookie),
 * whose console errors are collected to be checked by `done` (`allow`: errors provoked on purpose).
 */
export async function person(browser: Browser, baseURL: string, locale: "nl" | "en", allow: RegExp[] = []): Promise<Person> {
  const context = await browser.newContext({ baseURL, locale: locale === "en" ? "en-GB" : "nl-NL" });
  await context.addCookies([{ name: "lang", value: locale, url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    const text = `${msg.text()} ${msg.location()?.url ?? ""}`;
    if (msg.type() === "error" && !allow.some((re) => re.test(text))) errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Ends a person's browser: no console errors may have been logged in it. */
export async function done(who: Person, name: string): Promise<void> {
  expect(who.errors, `console errors in ${name}'s browser`).toEqual([]);
  await who.context.close();
}
