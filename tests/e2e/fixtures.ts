import { expect, test as base, type Page } from "@playwright/test";
import { outboxIn, type OutboxMail } from "./checks";
import { sharedServer, sharedServerRecord } from "./servers";

/** The data directory of the "main" test server: its outbox holds every e-mail as an .eml file. */
export function mainDataDir(): string {
  const main = sharedServerRecord("main");
  if (!main) throw new Error("the main server has not been started: ask for `page`, `request` or `baseURL` first");
  return main.dataDir;
}

/** The main server's e-mails whose text contains `needle` (e.g. a recipient address), oldest first. */
export function outboxMessages(needle: string): OutboxMail[] {
  return outboxIn(mainDataDir(), needle);
}

/** Waits until an e-mail containing `needle` lands in the outbox. */
export async function waitForEmail(needle: string, timeoutMs = 10_000): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
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

type TestFixtures = {
  /** Console errors a test provokes on purpose (a 404, a 429, the demo article's missing picture). */
  allowConsoleErrors: RegExp[];
  /** The server whose clock starts at 2025-08-01T12:00:00Z, before the Sail-Out opening. */
  pastUrl: string;
  /** The server whose clock starts inside the Sail-Out registration window (2025-08-15T10:00:00Z). */
  sailOutUrl: string;
};
type WorkerFixtures = { mainServerUrl: string; pastServerUrl: string; sailOutServerUrl: string };

/**
 * Pages are drawn without backdrop blur (the dialogs' overlay). This Chromium has no GPU and
 * blurs the whole screen in software on every frame while a dialog is open: typing into a
 * dialog's form took twice the browser's CPU with it (5.6–6.9 s against 3.4–3.6 s for the same
 * keystrokes), and two browsers and the servers share two cores. The blur is decoration: no
 * test reads it, and axe checks contrast against the overlay's colour either way.
 * E2E_BACKDROP_BLUR=1 keeps it.
 */
const NO_BACKDROP_BLUR = `(() => {
  const style = () => {
    const sheet = document.createElement("style");
    sheet.textContent = "*, *::before, *::after { backdrop-filter: none !important; -webkit-backdrop-filter: none !important; }";
    (document.head ?? document.documentElement).append(sheet);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", style, { once: true });
  else style();
})();`;

/**
 * The shared servers (tests/e2e/servers.ts) start when a test first needs one, whichever worker
 * runs it: `page`, `context`, `request` and `baseURL` need the main one; the `pastUrl` and
 * `sailOutUrl` fixtures the others. A spec that asks for none of them (it starts its own server,
 * or talks to the database) starts none. Worker-scoped with a long timeout: a server's start on a
 * busy machine is not charged to the test that happened to need it first.
 */
const STARTUP = { scope: "worker", timeout: 300_000 } as const;

// Playwright reads a fixture's dependencies from its first parameter, which must be an object
// pattern even when empty; `provide` is Playwright's `use` (renamed for the React hooks lint).
/* eslint-disable no-empty-pattern */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Every context of the worker, also those a spec makes with `browser.newContext()`.
  browser: [
    async ({ browser }, provide) => {
      if (process.env.E2E_BACKDROP_BLUR !== "1") {
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          await context.addInitScript(NO_BACKDROP_BLUR);
          return context;
        };
      }
      await provide(browser);
    },
    { scope: "worker" },
  ],
  mainServerUrl: [async ({}, provide) => provide((await sharedServer("main")).url), STARTUP],
  pastServerUrl: [async ({}, provide) => provide((await sharedServer("past")).url), STARTUP],
  sailOutServerUrl: [async ({}, provide) => provide((await sharedServer("sailout")).url), STARTUP],
  /* eslint-enable no-empty-pattern */
  baseURL: async ({ mainServerUrl }, provide) => provide(mainServerUrl),
  pastUrl: async ({ pastServerUrl }, provide) => provide(pastServerUrl),
  sailOutUrl: async ({ sailOutServerUrl }, provide) => provide(sailOutServerUrl),
  allowConsoleErrors: [[], { option: true }],
  /**
   * Fails the test when its page logs a console error or throws. A test that provokes an error on
   * purpose lists it with `test.use({ allowConsoleErrors: [/regex/] })`.
   */
  page: async ({ page, allowConsoleErrors }, provide) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const where = msg.location()?.url ?? "";
      const text = `${msg.text()} ${where}`;
      if (!allowConsoleErrors.some((re) => re.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await provide(page);
    expect(errors, "console errors on the page").toEqual([]);
  },
});

/** Waits until React has hydrated the page (the root sets data-hydrated). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

export { expect };
