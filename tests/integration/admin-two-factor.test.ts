// @engine both: sign-in state and codes in the database, timestamps through the driver
import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as loginAction } from "~/routes/admin/login";
import { loader as gateLoader } from "~/routes/admin/gate";
import { action as codeAction, loader as codeLoader } from "~/routes/admin/two-factor";
import { action as setupAction, loader as setupLoader } from "~/routes/admin/two-factor-setup";
import { loader as registrationsCsvLoader } from "~/routes/admin/exports.registrations";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { getAdminState, requireStaff } from "@server/auth/guard.server";
import { resetLoginLimitsForTests, signInWithPassword } from "@server/auth/login.server";
import { auth } from "@server/auth/auth.server";
import * as totp from "@server/auth/totp.server";
import * as recovery from "@server/auth/recovery-codes.server";
import { resetTwoFactor, resetTwoFactorLimitsForTests } from "@server/auth/two-factor.server";
import { setNowForTests } from "@server/clock.server";
import { upsertUser } from "@server/auth/users.server";
import { session, twoFactor, user } from "@server/db/schema.server";
import { cookieHeader } from "../support/admin-session";
import { useTestDatabase } from "../support/db";
import { formRequest, routeArgs } from "../support/forms";
import { totpCode, totpStep } from "../support/totp";
import { withCookie } from "./admin-fixtures";

/** The administrator's rule (the staff permission, decision 044): what `requireAdmin` was before roles. */
const requireAdmin = (request: Request) => requireStaff(request, "staff");

// Every code the sign-in checks goes through these two functions: wrapped (still doing their
// work), they count how many codes were really checked, whatever the answers say.
vi.mock("@server/auth/totp.server", async (importOriginal) => {
  const actual = await importOriginal<typeof totp>();
  return { ...actual, matchingTotpStep: vi.fn(actual.matchingTotpStep) };
});
vi.mock("@server/auth/recovery-codes.server", async (importOriginal) => {
  const actual = await importOriginal<typeof recovery>();
  return { ...actual, matchRecoveryCode: vi.fn(actual.matchRecoveryCode) };
});
const codesChecked = () => vi.mocked(totp.matchingTotpStep).mock.calls.length + vi.mocked(recovery.matchRecoveryCode).mock.calls.length;

/**
 * A code an app would show that this account has not used yet: a time step is taken once per
 * account (the set-up's too), and the sign-in takes the next step's code as well as the current.
 */
const lastStepUsed = new Map<string, number>();
function freshCode(secret: string): string {
  const step = Math.max(totpStep(), (lastStepUsed.get(secret) ?? -1) + 1);
  if (step > totpStep() + 1) throw new Error("no unused code in this window: use another account");
  lastStepUsed.set(secret, step);
  return totpCode(secret, step);
}
/** The code `freshCode` would give next, without taking it. */
function unusedCode(secret: string): string {
  return totpCode(secret, Math.max(totpStep(), (lastStepUsed.get(secret) ?? -1) + 1));
}
const wrongCodeFor = (secret: string) => {
  const right = new Set([-1, 0, 1].map((d) => totpCode(secret, totpStep() + d)));
  return ["000000", "111111", "222222", "333333"].find((c) => !right.has(c))!;
};

type Answer = { status: number; headers: Headers; body: Record<string, unknown> | undefined };

/** Calls a route function as React Router would: a returned `data()`, or a thrown Response. */
async function run(call: () => Promise<unknown>): Promise<Answer> {
  try {
    const result = (await call()) as { type?: string; data?: Record<string, unknown>; init?: ResponseInit | null } | Response;
    if (result instanceof Response) return { status: result.status, headers: result.headers, body: undefined };
    // A plain object returned by a loader is its data.
    if (result.type !== "DataWithResponseInit") return { status: 200, headers: new Headers(), body: result as Record<string, unknown> };
    return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), body: result.data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, headers: error.headers, body: undefined };
    throw error;
  }
}

type Args = ReturnType<typeof routeArgs>;
const args = (request: Request, address = "10.5.0.1", url?: URL) => routeArgs(request, {}, address, url) as Args;

function post(url: string, fields: Record<string, string>, cookie: string): Request {
  return formRequest(url, fields, { origin: "http://localhost", cookie });
}

/** A browser's cookie jar: Set-Cookie headers applied in order. */
class Jar {
  private setCookies: string[] = [];
  add(headers: Headers) {
    this.setCookies.push(...headers.getSetCookie());
  }
  get header() {
    return cookieHeader(this.setCookies);
  }
}

const PASSWORD = "correct-horse-battery";

/** Signs in with the password through the login action; the jar then holds what the browser would. */
async function passwordStep(email: string, jar: Jar, redirectTo = "/admin/dashboard", address = "10.5.0.1") {
  const answer = await run(() =>
    loginAction(args(post("/admin/login", { intent: "login", email, password: PASSWORD, redirectTo }, jar.header), address) as never),
  );
  jar.add(answer.headers);
  return answer;
}

/** The whole set-up of a new admin through the pages; answers the secret and recovery codes. */
async function setUp(email: string, jar: Jar) {
  await upsertUser({ email, password: PASSWORD, admin: true });
  await passwordStep(email, jar);
  const start = await run(() => setupAction(args(post("/admin/2fa/setup?redirectTo=/admin/dashboard", { intent: "start", password: PASSWORD }, jar.header)) as never));
  expect(start.status).toBe(303);
  const page = await run(() => setupLoader(args(withCookie("/admin/2fa/setup", jar.header)) as never));
  const setup = page.body?.setup as { secret: string; qrSvg: string };
  const secret = setup.secret;
  const confirmed = await run(() => setupAction(args(post("/admin/2fa/setup?redirectTo=/admin/dashboard", { intent: "confirm", code: freshCode(secret) }, jar.header)) as never));
  expect(confirmed.status).toBe(200);
  jar.add(confirmed.headers);
  return { secret, recoveryCodes: confirmed.body?.recoveryCodes as string[], confirmed, setup };
}

describe("two-factor sign-in for admins (decision 017)", () => {
  const database = useTestDatabase();
  afterEach(() => setNowForTests(undefined));
  beforeEach(async () => {
    await resetLoginLimitsForTests();
    await resetTwoFactorLimitsForTests();
  });

  it("gives an admin without a second factor only the set-up: every admin route refuses, the gate redirects", async () => {
    const email = "nieuw-admin@example.com";
    await upsertUser({ email, password: PASSWORD, admin: true });
    const jar = new Jar();
    const login = await passwordStep(email, jar);
    expect(login.status).toBe(303);
    const request = () => withCookie("/admin/dashboard", jar.header);
    expect((await getAdminState(request())).state.status).toBe("setup-required");
    expect((await run(() => requireAdmin(request()))).status).toBe(403);
    // The CSV exports (resource routes outside the gate) refuse too.
    expect((await run(() => registrationsCsvLoader(args(withCookie("/admin/exports/registrations.csv", jar.header)) as never))).status).toBe(403);
    const gate = await run(() => gateLoader(args(withCookie("/admin/events?x=1", jar.header)) as never));
    expect(gate.status).toBe(302);
    expect(gate.headers.get("location")).toBe(`/admin/2fa/setup?${new URLSearchParams({ redirectTo: "/admin/events?x=1" }).toString()}`);
    // A client navigation's data request comes back to the page's address, not the request's.
    const dataRequest = withCookie("/admin/events.data?x=1&_routes=routes%2Fadmin%2Fgate", jar.header);
    const fromData = await run(() => gateLoader(args(dataRequest, undefined, new URL("http://localhost/admin/events?x=1")) as never));
    expect(fromData.headers.get("location")).toBe(`/admin/2fa/setup?${new URLSearchParams({ redirectTo: "/admin/events?x=1" }).toString()}`);
    // The set-up page opens, with nothing started yet.
    const page = await run(() => setupLoader(args(request()) as never));
    expect(page.body).toMatchObject({ status: "setup", setup: null });
  });

  it("sets up with the password, a QR code and a code, ends password-only sessions and shows ten recovery codes once", async () => {
    const email = "zeiler@example.com";
    await upsertUser({ email, password: PASSWORD, admin: true });
    const other = new Jar();
    await passwordStep(email, other, "/admin", "10.5.0.9");
    const jar = new Jar();
    await passwordStep(email, jar);

    const wrongPassword = await run(() => setupAction(args(post("/admin/2fa/setup", { intent: "start", password: "niet-het-wachtwoord" }, jar.header)) as never));
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body?.error).toBe("Dat wachtwoord klopt niet");
    const noPassword = await run(() => setupAction(args(post("/admin/2fa/setup", { intent: "start" }, jar.header)) as never));
    expect(noPassword.status).toBe(400);

    const start = await run(() => setupAction(args(post("/admin/2fa/setup?redirectTo=/admin/events", { intent: "start", password: PASSWORD }, jar.header)) as never));
    expect(start.status).toBe(303);
    const page = await run(() => setupLoader(args(withCookie("/admin/2fa/setup", jar.header)) as never));
    const setup = page.body?.setup as { secret: string; qrSvg: string };
    expect(setup.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>\s*$/);
    expect(setup.qrSvg).not.toMatch(/<script|href=/i);
    // Still not through the guard: the factor is not verified yet.
    expect((await run(() => requireAdmin(withCookie("/admin", jar.header)))).status).toBe(403);

    const badFormat = await run(() => setupAction(args(post("/admin/2fa/setup", { intent: "confirm", code: "12ab" }, jar.header)) as never));
    expect(badFormat.status).toBe(400);
    expect(badFormat.body?.error).toBe("Vul de 6-cijferige code uit je app in");
    const wrong = await run(() => setupAction(args(post("/admin/2fa/setup", { intent: "confirm", code: wrongCodeFor(setup.secret) }, jar.header)) as never));
    expect(wrong.status).toBe(400);
    expect(wrong.body?.error).toMatch(/^Die code klopt niet/);

    const code = freshCode(setup.secret);
    const confirmed = await run(() =>
      setupAction(args(post("/admin/2fa/setup?redirectTo=/admin/events", { intent: "confirm", code: `${code.slice(0, 3)} ${code.slice(3)}` }, jar.header)) as never),
    );
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body?.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // No look-alikes (0/O, 1/l/I), no capitals: twelve characters in three groups of four.
    for (const recovery of codes) expect(recovery).toMatch(/^[2-9a-hjkmnp-tv-z]{4}-[2-9a-hjkmnp-tv-z]{4}-[2-9a-hjkmnp-tv-z]{4}$/);
    expect(confirmed.body?.redirectTo).toBe("/admin/events");
    jar.add(confirmed.headers);
    await expect(requireAdmin(withCookie("/admin", jar.header))).resolves.toMatchObject({ email });
    // The other browser signed in with the password alone: that session is gone.
    expect((await run(() => requireAdmin(withCookie("/admin", other.header)))).status).toBe(401);
    const [account] = await database.db().select().from(user).where(eq(user.email, email));
    expect(account.twoFactorEnabled).toBe(true);
    expect(await database.db().select().from(session).where(eq(session.userId, account.id))).toHaveLength(1);
    // The page no longer shows the key.
    expect((await run(() => setupLoader(args(withCookie("/admin/2fa/setup", jar.header)) as never))).body).toMatchObject({ status: "enabled", setup: null });
  });

  it("signs in with password and code: no session between the steps, the code page finishes it", async () => {
    const email = "stuurman@example.com";
    const { secret } = await setUp(email, new Jar());

    const jar = new Jar();
    const login = await passwordStep(email, jar, "/admin/events");
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe(`/admin/2fa?${new URLSearchParams({ redirectTo: "/admin/events" }).toString()}`);
    expect(jar.header).toMatch(/or-admin\.two_factor=/);
    expect(jar.header).not.toMatch(/session_token=/);
    // Password passed, code not: nothing admin opens.
    expect((await run(() => requireAdmin(withCookie("/admin", jar.header)))).status).toBe(401);
    expect((await run(() => registrationsCsvLoader(args(withCookie("/admin/exports/registrations.csv", jar.header)) as never))).status).toBe(401);
    expect((await run(() => codeLoader(args(withCookie("/admin/2fa?redirectTo=/admin/events", jar.header)) as never))).body).toEqual({ redirectTo: "/admin/events" });

    const bad = await run(() => codeAction(args(post("/admin/2fa?redirectTo=/admin/events", { intent: "totp", code: "12 34" }, jar.header)) as never));
    expect(bad.status).toBe(400);
    const wrong = await run(() => codeAction(args(post("/admin/2fa?redirectTo=/admin/events", { intent: "totp", code: wrongCodeFor(secret) }, jar.header)) as never));
    expect(wrong.status).toBe(401);
    expect(wrong.body?.error).toBe("Die code klopt niet. Controleer de tijd op je telefoon en probeer het opnieuw. Nog 4 pogingen.");

    const ok = await run(() => codeAction(args(post("/admin/2fa?redirectTo=/admin/events", { intent: "totp", code: freshCode(secret) }, jar.header)) as never));
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/admin/events");
    jar.add(ok.headers);
    await expect(requireAdmin(withCookie("/admin", jar.header))).resolves.toMatchObject({ email });
    // The challenge is used up: the code page sends a signed-in admin on.
    expect((await run(() => codeLoader(args(withCookie("/admin/2fa?redirectTo=/admin/events", jar.header)) as never))).status).toBe(302);
  });

  it("takes each recovery code once", async () => {
    const email = "bootsman@example.com";
    const { recoveryCodes } = await setUp(email, new Jar());

    const first = new Jar();
    await passwordStep(email, first);
    const used = await run(() => codeAction(args(post("/admin/2fa", { intent: "recovery", code: recoveryCodes[3] }, first.header)) as never));
    expect(used.status).toBe(303);
    first.add(used.headers);
    await expect(requireAdmin(withCookie("/admin", first.header))).resolves.toMatchObject({ email });

    const second = new Jar();
    await passwordStep(email, second);
    const again = await run(() => codeAction(args(post("/admin/2fa", { intent: "recovery", code: recoveryCodes[3] }, second.header)) as never));
    expect(again.status).toBe(401);
    expect(again.body?.error).toBe("Die herstelcode klopt niet of is al gebruikt. Nog 4 pogingen.");
    const malformed = await run(() => codeAction(args(post("/admin/2fa", { intent: "recovery", code: "x".repeat(500) }, second.header)) as never));
    expect(malformed.status).toBe(400);
    const next = await run(() => codeAction(args(post("/admin/2fa", { intent: "recovery", code: recoveryCodes[4] }, second.header)) as never));
    expect(next.status).toBe(303);
  });

  it("limits wrong codes like passwords: five a minute from one address, five per sign-in, each answer saying which", async () => {
    const email = "navigator@example.com";
    const { secret } = await setUp(email, new Jar());
    const jar = new Jar();
    await passwordStep(email, jar, "/admin", "10.6.0.1");
    const texts: string[] = [];
    for (let i = 0; i < 5; i++) {
      const wrong = await run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code: wrongCodeFor(secret) }, jar.header), "10.6.0.1") as never));
      expect(wrong.status).toBe(401);
      texts.push(String(wrong.body?.error));
    }
    expect(texts.slice(0, 4).map((t) => t.replace(/^.*\. (Nog .*)$/, "$1"))).toEqual(["Nog 4 pogingen.", "Nog 3 pogingen.", "Nog 2 pogingen.", "Nog 1 poging."]);
    // The fifth is the last of this sign-in (and of this address's minute): the sign-in says so.
    expect(texts[4]).toBe("Die code klopt niet. Controleer de tijd op je telefoon en probeer het opnieuw. Dat was de laatste poging van deze aanmelding: log opnieuw in met je wachtwoord.");
    const limited = await run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code: unusedCode(secret) }, jar.header), "10.6.0.1") as never));
    expect(limited.status).toBe(429);
    expect(limited.body?.error).toMatch(/^Te veel verkeerde codes vanaf dit adres\. Probeer het over \d+ seconden opnieuw\.$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The five tries of that sign-in are spent: from another address it is over, sign in again.
    const spent = await run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code: unusedCode(secret) }, jar.header), "10.6.0.2") as never));
    expect(spent.status).toBe(401);
    expect(spent.body?.error).toBe("Je hebt de vijf pogingen van deze aanmelding gebruikt. Log opnieuw in met je wachtwoord.");
    expect(spent.body?.expired).toBe(true);
  });

  it("answers several wrong codes sent at once each as wrong, and the sign-in stays good for the right code", async () => {
    const email = "parallel@example.com";
    const { secret } = await setUp(email, new Jar());
    const jar = new Jar();
    await passwordStep(email, jar, "/admin", "10.6.1.1");
    const wrong = await Promise.all(
      [0, 1, 2].map(() => run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code: wrongCodeFor(secret) }, jar.header), "10.6.1.1") as never))),
    );
    expect(wrong.map((w) => w.status)).toEqual([401, 401, 401]);
    for (const answer of wrong) expect(answer.body?.error).toMatch(/^Die code klopt niet\. .* Nog [1-4] poging(en)?\.$/);
    // Each counts its own try: the last of the three counted leaves two (the address's and the
    // sign-in's counters are separate statements, so two answers may both see the tightest).
    const left = wrong.map((w) => Number(String(w.body?.error).match(/Nog (\d)/)?.[1]));
    expect(Math.min(...left)).toBe(2);
    expect(Math.max(...left)).toBeLessThanOrEqual(4);
    const ok = await run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code: freshCode(secret) }, jar.header), "10.6.1.1") as never));
    expect(ok.status).toBe(303);
  });

  it("checks at most ten codes of 200 sent at once from 40 addresses, then locks the account's codes for 15 minutes", async () => {
    const email = "aanval@example.com";
    const { secret } = await setUp(email, new Jar());
    // The password is known: 40 sign-ins, each from its own address with its own challenge.
    const addresses = Array.from({ length: 40 }, (_, i) => `10.8.${Math.floor(i / 200)}.${(i % 200) + 1}`);
    // (One after the other: a burst of password checks is shed by the hash slots, decision 008.)
    const jars: { jar: Jar; address: string }[] = [];
    for (const address of addresses) {
      const jar = new Jar();
      expect((await passwordStep(email, jar, "/admin", address)).status).toBe(303);
      jars.push({ jar, address });
    }
    const wrongCode = wrongCodeFor(secret);
    const before = codesChecked();
    const answers = await Promise.all(
      jars.flatMap(({ jar, address }) =>
        Array.from({ length: 5 }, () => run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code: wrongCode }, jar.header), address) as never))),
      ),
    );
    const checked = codesChecked() - before;
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked).toBeGreaterThan(0);
    // Each answer says what happened: a wrong code was checked, or the account is locked.
    const wrongAnswers = answers.filter((a) => a.status === 401);
    expect(wrongAnswers).toHaveLength(checked);
    for (const answer of wrongAnswers) expect(answer.body?.error).toMatch(/^Die code klopt niet\./);
    for (const answer of answers.filter((a) => a.status !== 401)) {
      expect(answer.status).toBe(429);
      expect(answer.body?.error).toMatch(/^Te veel verkeerde codes op rij voor dit account: inloggen met een code kan over 1[45] minuten weer\.$/);
    }
    expect(answers.filter((a) => a.status === 401).length + answers.filter((a) => a.status === 429).length).toBe(200);
    const [factor] = await database.db().select().from(twoFactor).innerJoin(user, eq(user.id, twoFactor.userId)).where(eq(user.email, email));
    expect(factor.two_factor.lockedUntil).not.toBeNull();

    // Locked: even the right code from a new sign-in is refused, and not checked.
    const owner = new Jar();
    await passwordStep(email, owner, "/admin", "10.9.0.1");
    const checkedBefore = codesChecked();
    const refused = await run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code: unusedCode(secret) }, owner.header), "10.9.0.1") as never));
    expect(refused.status).toBe(429);
    expect(codesChecked()).toBe(checkedBefore);
    // Fifteen minutes on (the app clock), the lock is over.
    setNowForTests(new Date(Date.now() + 15 * 60_000 + 1000));
    const later = new Jar();
    await passwordStep(email, later, "/admin", "10.9.0.2");
    const ok = await run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code: freshCode(secret) }, later.header), "10.9.0.2") as never));
    expect(ok.status).toBe(303);
  }, 180_000);

  it("takes a TOTP code once: ten sign-ins with one code at once make one session, and it is refused after", async () => {
    const email = "eenmalig@example.com";
    const { secret } = await setUp(email, new Jar());
    const jars: { jar: Jar; address: string }[] = [];
    for (let i = 1; i <= 10; i++) {
      const jar = new Jar();
      await passwordStep(email, jar, "/admin", `10.10.0.${i}`);
      jars.push({ jar, address: `10.10.0.${i}` });
    }
    const code = freshCode(secret);
    const answers = await Promise.all(jars.map(({ jar, address }) => run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code }, jar.header), address) as never))));
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 303);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.status).toBe(401);
      // How many tries are left is read as each try was counted: parallel tries may see the
      // account's count at ten a moment before the one right code reset it.
      expect(answer.body?.error).toMatch(/^Deze code is al gebruikt\. Wacht tot je app een nieuwe code toont en vul die in\. (Nog \d poging(en)?\.|Na tien verkeerde codes op rij)/);
    }
    const [account] = await database.db().select().from(user).where(eq(user.email, email));
    // The set-up's session and the one sign-in.
    expect(await database.db().select().from(session).where(eq(session.userId, account.id))).toHaveLength(2);
    // The same code again, alone, later: still refused.
    const again = new Jar();
    await passwordStep(email, again, "/admin", "10.10.1.1");
    const replay = await run(() => codeAction(args(post("/admin/2fa", { intent: "totp", code }, again.header), "10.10.1.1") as never));
    expect(replay.status).toBe(401);
    expect(replay.body?.error).toMatch(/^Deze code is al gebruikt/);
  }, 180_000);

  it("takes recovery codes in any case, with spaces or without dashes, and still the codes made before in their old form", async () => {
    const email = "oude-codes@example.com";
    const { recoveryCodes } = await setUp(email, new Jar());
    const typed = ` ${recoveryCodes[0].toUpperCase().replace(/-/g, " ")} `;
    const first = new Jar();
    await passwordStep(email, first, "/admin", "10.11.0.1");
    expect((await run(() => codeAction(args(post("/admin/2fa", { intent: "recovery", code: typed }, first.header), "10.11.0.1") as never))).status).toBe(303);

    // An account set up before: Better Auth's mixed-case codes, stored (encrypted) as they were.
    const [account] = await database.db().select().from(user).where(eq(user.email, email));
    const context = await auth().$context;
    const old = ["AbC12-dEf34", "Xy9Zq-8WvUt"];
    await database.db().update(twoFactor).set({ backupCodes: await symmetricEncrypt({ key: context.secretConfig, data: JSON.stringify(old) }) }).where(eq(twoFactor.userId, account.id));
    const second = new Jar();
    await passwordStep(email, second, "/admin", "10.11.0.2");
    // Case still counts for an old code (it was issued mixed-case)...
    const lower = await run(() => codeAction(args(post("/admin/2fa", { intent: "recovery", code: "abc12-def34" }, second.header), "10.11.0.2") as never));
    expect(lower.status).toBe(401);
    expect(lower.body?.error).toMatch(/^Die herstelcode klopt niet of is al gebruikt\. Nog \d pogingen\.$/);
    // ...a missing dash does not.
    const ok = await run(() => codeAction(args(post("/admin/2fa", { intent: "recovery", code: "AbC12dEf34" }, second.header), "10.11.0.2") as never));
    expect(ok.status).toBe(303);
  });

  it("resets a lost second factor: sessions end, the next sign-in sets it up again", async () => {
    const email = "kwijt@example.com";
    const jar = new Jar();
    await setUp(email, jar);
    const [account] = await database.db().select().from(user).where(eq(user.email, email));
    await resetTwoFactor(account.id);
    expect((await run(() => requireAdmin(withCookie("/admin", jar.header)))).status).toBe(401);
    expect(await database.db().select().from(twoFactor).where(eq(twoFactor.userId, account.id))).toHaveLength(0);
    const again = new Jar();
    const login = await passwordStep(email, again);
    expect(login.headers.get("location")).toBe("/admin/dashboard");
    expect((await getAdminState(withCookie("/admin", again.header))).state.status).toBe("setup-required");
  });

  it("answers the password sign-in of an account with a factor with the challenge only", async () => {
    const email = "challenge@example.com";
    await setUp(email, new Jar());
    const result = await signInWithPassword({ email, password: PASSWORD, clientAddress: "10.5.5.5", headers: new Headers() });
    expect(result).toMatchObject({ ok: true, twoFactor: true });
    const header = result.ok ? cookieHeader(result.setCookies) : "";
    expect(header).toMatch(/or-admin\.two_factor=/);
    expect((await run(() => requireAdmin(withCookie("/admin", header)))).status).toBe(401);
  });

  it("lets another admin reset a lost second factor on /admin/users, not their own", async () => {
    const lost = "telefoon-kwijt@example.com";
    const lostJar = new Jar();
    await setUp(lost, lostJar);
    const helper = new Jar();
    await setUp("collega@example.com", helper);
    const [account] = await database.db().select().from(user).where(eq(user.email, lost));
    const [me] = await database.db().select().from(user).where(eq(user.email, "collega@example.com"));

    const list = await run(() => usersLoader(args(withCookie("/admin/users", helper.header)) as never));
    const rows = (list.body as unknown as { users: { email: string; twoFactorEnabled: boolean }[] }).users;
    expect(rows.find((u) => u.email === lost)?.twoFactorEnabled).toBe(true);

    const self = await run(() => usersAction(args(post("/admin/users", { intent: "reset2fa", userId: me.id }, helper.header)) as never));
    expect(self.status).toBe(400);
    expect(self.body?.message).toBe("Je kunt je eigen tweestapsverificatie hier niet resetten.");
    const unknown = await run(() => usersAction(args(post("/admin/users", { intent: "reset2fa", userId: "nope" }, helper.header)) as never));
    expect(unknown.status).toBe(404);
    // Someone without a full admin session cannot.
    const pending = new Jar();
    await passwordStep(lost, pending);
    expect((await run(() => usersAction(args(post("/admin/users", { intent: "reset2fa", userId: me.id }, pending.header)) as never))).status).toBe(401);

    const reset = await run(() => usersAction(args(post("/admin/users", { intent: "reset2fa", userId: account.id }, helper.header)) as never));
    expect(reset.status).toBe(200);
    expect(reset.body?.message).toBe(`Tweestapsverificatie van ${lost} is gereset. Hun sessies zijn beëindigd.`);
    expect((await run(() => requireAdmin(withCookie("/admin", lostJar.header)))).status).toBe(401);
    const again = new Jar();
    await passwordStep(lost, again);
    expect((await getAdminState(withCookie("/admin", again.header))).state.status).toBe("setup-required");
    await expect(requireAdmin(withCookie("/admin", helper.header))).resolves.toMatchObject({ email: "collega@example.com" });
  });
});
