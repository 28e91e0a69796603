import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Cookie, type Page } from "@playwright/test";
import { TOTP_PERIOD_MS, totpCode, totpStep } from "../support/totp";
import { hydrated } from "./fixtures";
import { runDir, SHARED_ADMIN, withFileLock } from "./servers";

/** The admin the shared e2e servers create on start (tests/e2e/servers.ts). */
export const E2E_ADMIN = SHARED_ADMIN;

type Admin = { email: string; password: string };
/** `lastStep`: the last TOTP time step used on the account (the server takes each step once). */
type Factor = { secret: string; recoveryCodes: string[]; lastStep?: number };

/**
 * Admins sign in with a password and a TOTP code (decision 017); the first sign-in of an account
 * sets the factor up. The servers are shared by both workers and every browser context, so the
 * secret of each (server, account) is kept in a file of the run's folder, and the first sign-in
 * runs under a lock, so two workers cannot both start a set-up (the second would replace the
 * first one's key). A new run has a new folder: it never reads an old run's secret.
 */
function stateFile(origin: string, email: string): string {
  const key = createHash("sha256").update(`${origin}|${email.toLowerCase()}`).digest("hex").slice(0, 24);
  return path.join(runDir(), "admin", `${key}.json`);
}

function readFactor(file: string): Factor | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Factor;
  } catch {
    return undefined;
  }
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(value));
  fs.renameSync(temporary, file);
}
const writeFactor = (file: string, factor: Factor) => writeJson(file, factor);

/**
 * The first time step after `last` whose code the server takes now: the current step, or the next
 * one (the server takes the next window's code too); when even that was used, this waits for the
 * window to move on (at most 30 s). A time step signs in once per account (decision 040).
 */
async function nextUnusedStep(last: number | undefined): Promise<number> {
  const step = Math.max(totpStep(), (last ?? Number.NEGATIVE_INFINITY) + 1);
  const wait = (step - 1) * TOTP_PERIOD_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 250));
  return step;
}

/** The steps used per secret by this worker, for accounts a spec set up itself. */
const usedSteps = new Map<string, number>();

/** A code the app shows for `secret` that this worker has not used yet (see `nextUnusedStep`). */
export async function freshTotpCode(secret: string): Promise<string> {
  const step = await nextUnusedStep(usedSteps.get(secret));
  usedSteps.set(secret, step);
  return totpCode(secret, step);
}

/** A code for a shared account (`signInAdmin`'s file) that no worker has used, taken under the lock. */
async function claimTotpCode(file: string): Promise<string> {
  return withFileLock(file, async () => {
    const factor = readFactor(file);
    if (!factor) throw new Error("no known second factor for this account");
    const step = await nextUnusedStep(factor.lastStep);
    writeFactor(file, { ...factor, lastStep: step });
    return totpCode(factor.secret, step);
  });
}

/** A code of the shared account `admin` on the server at `origin`, not used before (a spec that fills the code in itself). */
export function unusedTotpCode(origin: string, admin: Admin = E2E_ADMIN): Promise<string> {
  return claimTotpCode(stateFile(new URL(origin).origin, admin.email));
}

/** Submits the login form of the page (an admin page showing it, or /admin/login). */
async function passwordStep(page: Page, path: string, admin: Admin): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await page.getByLabel("E-mailadres").fill(admin.email);
  await page.getByLabel("Wachtwoord").fill(admin.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

/** After the password: the code page, or the set-up for an account without a factor. */
async function landed(page: Page): Promise<"code" | "setup"> {
  await page.waitForURL((url) => url.pathname === "/admin/2fa" || url.pathname === "/admin/2fa/setup");
  await hydrated(page);
  return new URL(page.url()).pathname === "/admin/2fa" ? "code" : "setup";
}

/**
 * On the set-up page: confirms the password, reads the key shown for typing by hand, enters the
 * code an app would show and keeps the recovery codes. Ends on the page asked for.
 */
export async function setUpTwoFactor(page: Page, admin: Admin): Promise<Factor> {
  await page.getByLabel("Bevestig je wachtwoord om te beginnen").fill(admin.password);
  await page.getByRole("button", { name: "Instellen starten" }).click();
  const shown = page.getByTestId("totp-secret");
  await expect(shown).toBeVisible();
  await hydrated(page);
  const secret = (await shown.innerText()).replace(/\s/g, "");
  await page.getByLabel("Code uit de app").fill(await freshTotpCode(secret));
  await page.getByRole("button", { name: "Bevestigen en aanzetten" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allInnerTexts()).map((code) => code.trim());
  await page.getByRole("link", { name: "Codes bewaard, ga verder" }).click();
  return { secret, recoveryCodes, lastStep: usedSteps.get(secret) };
}

/**
 * On the code page: a code the authenticator app shows now, or `code` (one claimed for a shared
 * account). Each time step signs in once per account (decision 040): see `freshTotpCode`.
 */
export async function enterTotpCode(page: Page, secret: string, code?: string): Promise<void> {
  await page.getByLabel("Code uit de app").fill(code ?? (await freshTotpCode(secret)));
  await page.getByRole("button", { name: "Controleren" }).click();
}

/** The state file of the server the page is on (a spec's own server, or a shared one). */
function fileFor(page: Page, admin: Admin): string {
  return stateFile(new URL(page.url()).origin, admin.email);
}

/**
 * The second step, for a page whose login form was just submitted with `admin`'s password (a
 * spec that fills the form itself calls this; `path` is the page it opened). Sets the factor up
 * when the account has none, under the lock: a worker that finds it set up meanwhile (which
 * ended its own password-only session) signs in again and enters a code.
 */
export async function answerSecondStep(page: Page, path: string, admin: Admin = E2E_ADMIN): Promise<void> {
  let step = await landed(page);
  const file = fileFor(page, admin);
  if (step === "setup") {
    await withFileLock(file, async () => {
      // Set up by another worker meanwhile, or a known secret of a server since started afresh?
      if (readFactor(file)) {
        await passwordStep(page, path, admin);
        step = await landed(page);
      }
      if (step === "setup") writeFactor(file, await setUpTwoFactor(page, admin));
    });
  }
  if (step === "code") {
    // Just set up by another worker, which writes the file before it lets go of the lock.
    const factor = readFactor(file) ?? (await withFileLock(file, async () => readFactor(file)));
    if (!factor) throw new Error(`${admin.email} has a second factor this helper does not know: set it up through signInAdmin only`);
    await enterTotpCode(page, factor.secret, await claimTotpCode(file));
  }
}

/** The factor `signInAdmin` set up for an account on the server at `origin` (after a sign-in). */
export function knownFactor(origin: string, admin: Admin = E2E_ADMIN): Factor | undefined {
  return readFactor(stateFile(new URL(origin).origin, admin.email));
}

/** The admin cookies of a signed-in session (Better Auth's session, the admin device cookie). */
const sessionFile = (origin: string, admin: Admin) => stateFile(origin, admin.email).replace(/\.json$/, ".session.json");

/**
 * Signs `page` in with the session an earlier `signInAdmin` of this run kept for the account on
 * this server, if it is still good. `path` is open afterwards either way (signed in, or the
 * sign-in form when there was no good session).
 */
async function reuseSession(page: Page, path: string, admin: Admin): Promise<boolean> {
  const first = await page.goto(path);
  const origin = new URL(page.url()).origin;
  if (first?.status() !== 401) return true; // this context is signed in already
  let cookies: Cookie[] | undefined;
  try {
    cookies = JSON.parse(fs.readFileSync(sessionFile(origin, admin), "utf8")) as Cookie[];
  } catch {
    return false;
  }
  await page.context().addCookies(cookies);
  // 401 again: the session ended (a test signed out, or reset the factor); sign in afresh.
  return (await page.goto(path))?.status() !== 401;
}

/**
 * Opens `path` (an admin page, which answers with the sign-in form until signed in) as a signed-in
 * admin and waits until the admin page is there. Every spec signs in through this one function.
 *
 * The first sign-in of an account on a server in a run enters password and code (setting the
 * second factor up on the account's first sign-in); its session is kept and later calls, in any
 * worker, reuse it: a page load instead of three. A test that signs out, or otherwise ends its
 * session, passes `{ fresh: true }`: a sign-in of its own, never shared.
 */
export async function signInAdmin(page: Page, path: string, admin: Admin = E2E_ADMIN, options: { fresh?: boolean } = {}): Promise<void> {
  const signedIn = page.getByRole("button", { name: "Admin Uitloggen" });
  if (!options.fresh && (await reuseSession(page, path, admin))) {
    await expect(signedIn).toBeVisible();
    await hydrated(page);
    return;
  }
  // The second factor adds a page (two on the first sign-in) to every sign-in: give the test
  // that much more time on a busy machine.
  test.info().setTimeout(test.info().timeout + 20_000);
  await passwordStep(page, path, admin);
  await answerSecondStep(page, path, admin);
  await expect(signedIn).toBeVisible();
  await hydrated(page);
  if (!options.fresh) {
    const origin = new URL(page.url()).origin;
    const cookies = (await page.context().cookies(origin)).filter((cookie) => cookie.name.startsWith("or-admin"));
    writeJson(sessionFile(origin, admin), cookies);
  }
}

/**
 * A new admin account, made the way staff do it: the e2e admin creates it on /admin/users in a
 * context of its own. It has no second factor yet: its first sign-in is the set-up.
 */
export async function createAdminAccount(browser: Browser, baseURL: string, admin: Admin): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signInAdmin(page, "/admin/users");
    await page.getByLabel("Naam").fill("Tweede Schipper");
    await page.getByLabel("E-mailadres").fill(admin.email);
    await page.getByLabel("Wachtwoord").fill(admin.password);
    await page.getByLabel("Rol", { exact: true }).selectOption("admin");
    await page.getByRole("button", { name: "Gebruiker aanmaken" }).click();
    await expect(page.getByRole("row").filter({ hasText: admin.email })).toBeVisible();
  } finally {
    await context.close();
  }
}

/**
 * The same sign-in without a browser (plain HTTP, for specs that talk to servers directly):
 * password, then the set-up on the account's first sign-in or a code. Answers the `cookie`
 * header of the signed-in admin. `headers` go with every request (Origin, X-Forwarded-For).
 */
export async function signInAdminOverHttp(base: string, admin: Admin, headers: Record<string, string>): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const send = async (path: string, form?: Record<string, string>) => {
    const response = await fetch(`${base}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
      headers: { ...headers, cookie: cookie(), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      if (value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  const expectStatus = async (response: Response, status: number, what: string) => {
    if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  };
  const file = stateFile(new URL(base).origin, admin.email);
  const login = await send("/admin/login", { intent: "login", email: admin.email, password: admin.password });
  await expectStatus(login, 303, "the password step");
  if (login.headers.get("location")?.startsWith("/admin/2fa?")) {
    const factor = readFactor(file) ?? (await withFileLock(file, async () => readFactor(file)));
    if (!factor) throw new Error(`${admin.email} has a second factor this helper does not know`);
    await expectStatus(await send("/admin/2fa", { intent: "totp", code: await claimTotpCode(file) }), 303, "the code step");
    return cookie();
  }
  await withFileLock(file, async () => {
    await expectStatus(await send("/admin/2fa/setup", { intent: "start", password: admin.password }), 303, "starting the set-up");
    const page = await (await send("/admin/2fa/setup")).text();
    const secret = /data-testid="totp-secret">([^<]+)</.exec(page)?.[1]?.replace(/\s/g, "");
    if (!secret) throw new Error("the set-up page shows no key");
    const confirmed = await send("/admin/2fa/setup", { intent: "confirm", code: await freshTotpCode(secret) });
    await expectStatus(confirmed, 200, "confirming the set-up");
    writeFactor(file, { secret, recoveryCodes: [], lastStep: usedSteps.get(secret) });
  });
  return cookie();
}
