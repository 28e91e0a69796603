import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

/**
 * An e-mail's text: quoted-printable soft line breaks and escapes undone, so links and words can
 * be read. The escapes are the bytes of UTF-8 text: a run of them is decoded together ("€" is
 * three escapes, "ë" two).
 */
export function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
}

/** An .eml file of a server's outbox: its name (which carries the template), raw and decoded text. */
export type OutboxMail = { file: string; raw: string; text: string };

/** The e-mails in the outbox of the server with `dataDir`, oldest first, whose decoded text contains every needle. */
export function outboxIn(dataDir: string, ...needles: string[]): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), "utf8");
      return { file, raw, text: decodeMail(raw) };
    })
    .filter((mail) => needles.every((needle) => mail.text.includes(needle)));
}

type AxeViolations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/**
 * The page's serious and critical findings of the WCAG 2.2 A/AA rules (no best-practice set).
 * Third-party frames (the AIS map, YouTube) are not ours to test and would stall the run.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolations> {
  // Parts below the first screen are skipped by the browser until they come near it
  // (`content-visibility: auto`, the `below-fold` utility, decision 027): axe would read a skipped
  // footer's text against the page's white instead of its own dark background (a contrast
  // finding that no visitor sees, which came and went with the page's length). They are
  // rendered for the check and left to the browser again after it.
  await page.evaluate(() => document.querySelectorAll<HTMLElement>(".below-fold").forEach((el) => (el.style.contentVisibility = "visible")));
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .exclude("iframe")
    // Only violations are read: axe keeps one node of the other kinds (much less work per page).
    .options({ resultTypes: ["violations"] })
    .analyze();
  await page.evaluate(() => document.querySelectorAll<HTMLElement>(".below-fold").forEach((el) => (el.style.contentVisibility = "")));
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** `seriousAxeViolations` as readable lines: the rule and the elements it found. */
export async function axeFindings(page: Page): Promise<string[]> {
  return (await seriousAxeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The phone and desktop widths every accessibility check runs at. */
export const AXE_WIDTHS = [390, 1280] as const;

/**
 * No serious or critical axe finding on the page as it is, at phone and then desktop width
 * (`afterEach`: e.g. a screenshot at each width).
 */
export async function expectNoAxeFindings(page: Page, label: string, afterEach?: (width: number) => Promise<void>): Promise<void> {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    expect(await axeFindings(page), `${label} at ${width}px`).toEqual([]);
    await afterEach?.(width);
  }
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
