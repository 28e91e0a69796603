// @engine pglite: who may see admin pages: session checks, HTTP glue
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import { SESSION_ABSOLUTE_MAX_MS } from "@server/auth/auth.server";
import { currentUser, getAdminState, requireStaff } from "@server/auth/guard.server";
import { resetLoginLimitsForTests, signInWithPassword, signOut } from "@server/auth/login.server";
import { upsertUser } from "@server/auth/users.server";
import { setNowForTests } from "@server/clock.server";
import { session } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { signedInUser, withCookie } from "./admin-fixtures";

/** The administrator's rule (the staff permission, decision 044): what `requireAdmin` was before roles. */
const requireAdmin = (request: Request) => requireStaff(request, "staff");

type LoginArgs = Parameters<typeof loginAction>[0];

async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

/** Calls the login route's action as React Router would; returns status, headers and data. */
async function postLogin(fields: Record<string, string>, address = "10.1.1.1") {
  const request = formRequest("/admin/login", fields, { origin: "http://localhost" });
  try {
    const result = (await loginAction({ request, params: {}, context: testContext(address) } as unknown as LoginArgs)) as unknown as {
      data: { error?: string };
      init: ResponseInit | null;
    };
    return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), body: result.data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, headers: error.headers, body: undefined };
    throw error;
  }
}

describe("the admin guard", () => {
  const database = useTestDatabase();
  beforeEach(() => resetLoginLimitsForTests());
  afterEach(() => setNowForTests(undefined));

  it("answers 401 without a session and reveals nothing", async () => {
    const refusal = await thrownResponse(requireAdmin(new Request("http://localhost/admin/dashboard")));
    expect(refusal.status).toBe(401);
    expect(await refusal.text()).toBe("Unauthorized");
    expect(refusal.headers.get("cache-control")).toBe("no-store");
    // A made-up cookie is no session either.
    const forged = await thrownResponse(requireAdmin(withCookie("/admin", "or-admin.session_token=forged.value")));
    expect(forged.status).toBe(401);
  });

  it("answers 403 to a signed-in user without admin rights", async () => {
    const user = await signedInUser({ admin: false });
    const refusal = await thrownResponse(requireAdmin(user.request()));
    expect(refusal.status).toBe(403);
    expect(await refusal.text()).toBe("Forbidden");
    const { state } = await getAdminState(user.request());
    expect(state).toMatchObject({ status: "forbidden", user: { email: user.email } });
  });

  it("lets an admin through", async () => {
    const admin = await signedInUser({ admin: true });
    await expect(requireAdmin(admin.request())).resolves.toMatchObject({ email: admin.email });
    expect((await getAdminState(admin.request())).state.status).toBe("admin");
  });

  it("sets an HttpOnly, SameSite=Lax session cookie, Secure only behind https", async () => {
    const admin = await signedInUser({ admin: true });
    const sessionCookie = admin.setCookies.find((c) => c.startsWith("or-admin.session_token="));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);

    setEnvForTests({ DATA_DIR: database.dataDir(), PUBLIC_URL: "https://www.oceanracing.example", LOG_LEVEL: "error" });
    try {
      // The admin has a second factor now: the password gives the sign-in challenge cookie.
      const secure = await signInWithPassword({ email: admin.email, password: admin.password, clientAddress: "10.2.2.2", headers: new Headers() });
      expect(secure).toMatchObject({ ok: true, twoFactor: true });
      const challenge = secure.ok ? secure.setCookies.find((c) => c.includes("two_factor=")) : undefined;
      expect(challenge).toMatch(/^__Secure-or-admin\.two_factor=[^;]+/);
      expect(challenge).toMatch(/;\s*Secure/i);
      expect(challenge).toMatch(/HttpOnly/i);
      // A user without a factor gets the session cookie itself.
      const user = await upsertUser({ email: "secure-user@example.com", password: "correct-horse-battery", admin: false });
      const plain = await signInWithPassword({ email: user.email, password: "correct-horse-battery", clientAddress: "10.2.2.3", headers: new Headers() });
      const cookie = plain.ok ? plain.setCookies.find((c) => c.includes("session_token=")) : undefined;
      expect(cookie).toMatch(/^__Secure-or-admin\.session_token=[^;]+/);
      expect(cookie).toMatch(/;\s*Secure/i);
    } finally {
      setEnvForTests({ DATA_DIR: database.dataDir(), PUBLIC_URL: undefined, LOG_LEVEL: "error" });
    }
  });

  it("ends a session past its absolute lifetime, however recently it was used", async () => {
    const admin = await signedInUser({ admin: true });
    const [row] = await database.db().select().from(session).where(eq(session.userId, (await requireAdmin(admin.request())).id));
    await database
      .db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - SESSION_ABSOLUTE_MAX_MS - 60_000) })
      .where(eq(session.id, row.id));
    expect((await thrownResponse(requireAdmin(admin.request()))).status).toBe(401);
    expect(await database.db().select().from(session).where(eq(session.id, row.id))).toHaveLength(0);
  });

  it("signing out deletes the session on the server", async () => {
    const admin = await signedInUser({ admin: true });
    const { setCookies } = await signOut(admin.request().headers);
    expect(setCookies.some((c) => /session_token=;/.test(c) || /Max-Age=0/i.test(c))).toBe(true);
    // The old cookie, replayed, is worth nothing.
    expect((await currentUser(admin.request())).user).toBeNull();
  });

  it("logs in through the route action: 303 to the page asked for, with the session cookie", async () => {
    await upsertUser({ email: "schipper@example.com", password: "zeilen-op-de-noordzee", admin: true });
    const ok = await postLogin({ intent: "login", email: "Schipper@Example.com ", password: "zeilen-op-de-noordzee", redirectTo: "/admin/dashboard" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/admin/dashboard");
    expect(ok.headers.getSetCookie().some((c) => c.startsWith("or-admin.session_token="))).toBe(true);

    const offsite = await postLogin({ intent: "login", email: "schipper@example.com", password: "zeilen-op-de-noordzee", redirectTo: "//evil.example/admin" });
    expect(offsite.headers.get("location")).toBe("/admin");
  });

  it("gives one generic message for an unknown account and a wrong password", async () => {
    await upsertUser({ email: "bestaat@example.com", password: "het-goede-wachtwoord", admin: true });
    const unknown = await postLogin({ intent: "login", email: "bestaat-niet@example.com", password: "wat-dan-ook-123" }, "10.3.0.1");
    const wrong = await postLogin({ intent: "login", email: "bestaat@example.com", password: "verkeerd-wachtwoord" }, "10.3.0.2");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body?.error).toBe("Ongeldig e-mailadres of wachtwoord");
    expect(wrong.body).toEqual(unknown.body);
  });

  it("refuses a login with missing fields with a 400 and Dutch messages", async () => {
    const empty = await postLogin({ intent: "login", email: "", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fieldErrors: { email: "Vul je e-mailadres in", password: "Vul je wachtwoord in" } });
  });

  it("answers 429 after five failures a minute from one address, even with the right password", async () => {
    await upsertUser({ email: "kapitein@example.com", password: "juiste-wachtwoord-1", admin: true });
    for (let i = 0; i < 5; i++) {
      const failed = await postLogin({ intent: "login", email: `poging${i}@example.com`, password: "fout-fout-fout" }, "10.4.0.1");
      expect(failed.status).toBe(401);
    }
    const sixth = await postLogin({ intent: "login", email: "kapitein@example.com", password: "juiste-wachtwoord-1" }, "10.4.0.1");
    expect(sixth.status).toBe(429);
    expect(sixth.body?.error).toBe("Te veel mislukte inlogpogingen. Wacht een minuut en probeer het opnieuw.");
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected, and after the minute the first one may try again.
    expect((await postLogin({ intent: "login", email: "kapitein@example.com", password: "juiste-wachtwoord-1" }, "10.4.0.2")).status).toBe(303);
    setNowForTests(new Date(Date.now() + 61_000));
    expect((await postLogin({ intent: "login", email: "kapitein@example.com", password: "juiste-wachtwoord-1" }, "10.4.0.1")).status).toBe(303);
  });

  it("does not lock an account out for everyone after five failures from other addresses (issue 12)", async () => {
    await upsertUser({ email: "stuurman@example.com", password: "juiste-wachtwoord-2", admin: false });
    for (let i = 0; i < 5; i++) {
      expect((await postLogin({ intent: "login", email: "stuurman@example.com", password: `fout-${i}-fout-fout` }, `10.5.0.${i + 1}`)).status).toBe(401);
    }
    // Five strangers guessing do not keep the owner out: the account-wide throttle is loose.
    const owner = await postLogin({ intent: "login", email: "STUURMAN@example.com", password: "juiste-wachtwoord-2" }, "10.5.0.99");
    expect(owner.status).toBe(303);
  });

  it("answers 429 after five failures a minute on one account from one address", async () => {
    await upsertUser({ email: "bootsman@example.com", password: "juiste-wachtwoord-3", admin: false });
    for (let i = 0; i < 5; i++) {
      // Another address in between does not reset the (account, address) pair's count.
      await postLogin({ intent: "login", email: "bootsman@example.com", password: `fout-${i}-fout` }, "10.6.0.50");
      expect((await postLogin({ intent: "login", email: "bootsman@example.com", password: `fout-${i}-fout-fout` }, "10.6.0.1")).status).toBe(401);
    }
    const blocked = await postLogin({ intent: "login", email: "bootsman@example.com", password: "juiste-wachtwoord-3" }, "10.6.0.1");
    expect(blocked.status).toBe(429);
  });

  it("sends a signed-in visitor of the login page on to the admin side", async () => {
    const admin = await signedInUser({ admin: true });
    const response = await thrownResponse(
      loginLoader({ request: admin.request("http://localhost/admin/login?redirectTo=/admin/emails"), params: {}, context: testContext() } as never),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/emails");
  });
});
