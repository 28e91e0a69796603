import fs from "node:fs";
import path from "node:path";
import { expect, test as base, type Page } from "@playwright/test";

/** The data directory of the "main" test server: its outbox holds every e-mail as an .eml file. */
export const mainDataDir = () => process.env.E2E_DATA_DIR!;
/** The base URL of the server whose clock starts at 2025-08-01T12:00:00Z. */
export const pastUrl = () => process.env.E2E_PAST_URL!;
/** The base URL of the server whose clock starts inside the Sail-Out registration window (2025-08-15T10:00:00Z). */
export const sailOutUrl = () => process.env.E2E_SAILOUT_URL!;

/** Parsed .eml files in the outbox whose raw text contains `needle` (e.g. a recipient address). */
export function outboxMessages(needle: string): { file: string; raw: string }[] {
  const dir = path.join(mainDataDir(), "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((file) => ({ file, raw: fs.readFileSync(path.join(dir, file), "utf8") }))
    .filter((m) => m.raw.includes(needle));
}

/** Waits until an e-mail containing `needle` lands in the outbox. */
export async function waitForEmail(needle: string, timeoutMs = 10_000): Promise<{ file: string; raw: string }> {
  let found: { file: string; raw: string } | undefined;
  await expect
    .poll(() => {
      found = outboxMessages(needle)[0];
      return Boolean(found);
    }, { timeout: timeoutMs })
    .toBe(true);
  return found!;
}

/** A unique e-mail address per test, so parallel tests never see each other's mail. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Fails the test when a page logs a console error or throws. A test that provokes an error on
 * purpose (a 404, a 429, the demo article's missing picture) lists it in `allowConsoleErrors`.
 */
export const test = base.extend<{ consoleErrors: string[]; allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const where = msg.location()?.url ?? "";
        const text = `${msg.text()} ${where}`;
        if (!allowConsoleErrors.some((re) => re.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until React has hydrated the page (the root sets data-hydrated). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

export { expect };
