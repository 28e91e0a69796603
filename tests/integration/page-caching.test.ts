// @engine pglite: cache headers of public pages: HTTP glue
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as AuthModule from "@server/auth/auth.server";
import type * as LoginModule from "@server/auth/login.server";
import type * as UsersModule from "@server/auth/users.server";
import type * as SchemaModule from "@server/db/schema.server";
import { httpRequest, startTestApp, type HttpAnswer, type TestApp } from "../support/http-app";
import { signInAdminWithCode } from "../support/admin-session";

// HTTP caching of pages (server/http/page-cache.server.ts, decision 013): anonymous public pages
// get a weak ETag that ignores the per-response CSP nonce and are answered 304 when unchanged;
// anything personal is `private, no-store`.

let app: TestApp;
let adminCookie = "";

const request = (urlPath: string, options: Parameters<typeof httpRequest>[1] = {}) => httpRequest(`${app.url}${urlPath}`, options);

const nonceOf = (answer: HttpAnswer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  const { upsertUser } = await app.load<typeof UsersModule>("/server/auth/users.server.ts");
  const { signInWithPassword } = await app.load<typeof LoginModule>("/server/auth/login.server.ts");
  await upsertUser({ email: "cache-admin@example.com", password: "a-long-password-1", admin: true });
  const { auth } = await app.load<typeof AuthModule>("/server/auth/auth.server.ts");
  // Password and TOTP code (decision 017): the helper sets the second factor up on first sign-in.
  ({ cookie: adminCookie } = await signInAdminWithCode({ signInWithPassword, auth }, { email: "cache-admin@example.com", password: "a-long-password-1", clientAddress: "10.1.2.4" }));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("public pages for anonymous visitors", () => {
  it("carry a weak ETag that stays the same across responses although each has its own nonce", async () => {
    for (const page of ["/", "/news", "/calendar", "/about"]) {
      const first = await request(page);
      const second = await request(page);
      expect(first.status, page).toBe(200);
      expect(first.headers["cache-control"], page).toBe("private, no-cache");
      expect(first.headers.etag, page).toMatch(/^W\/"[\w-]{20,}"$/);
      expect(first.text).toContain(`nonce="${nonceOf(first)}"`);
      // The second has its own nonce, or none at all (from the render cache, decision 022).
      expect(second.text).not.toContain(nonceOf(first)!);
      expect(second.headers.etag, page).toBe(first.headers.etag);
      expect(Number(first.headers["content-length"])).toBe(Buffer.byteLength(first.text));
    }
  });

  it("answer 304 without a body (and without a new CSP) to a matching If-None-Match", async () => {
    const first = await request("/news");
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.replace(/^W\//, ""), "*"]) {
      const again = await request("/news", { headers: { "if-none-match": ifNoneMatch } });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.text).toBe("");
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe("private, no-cache");
      // The browser keeps the page it holds, with that page's CSP: a new nonce would block its scripts.
      expect(again.headers["content-security-policy"]).toBeUndefined();
    }
    const stale = await request("/news", { headers: { "if-none-match": 'W/"something-else"' } });
    expect(stale.status).toBe(200);
    // In full, with a CSP of its own: the render's nonce, or the hashes of the scripts of a page
    // from the render cache (decision 022; render-cache.test.ts checks both closely).
    const csp = String(stale.headers["content-security-policy"]);
    if (stale.headers["x-render-cache"] === "hit") expect(csp).toMatch(/script-src 'self' 'sha256-/);
    else expect(csp).toContain(`'nonce-${nonceOf(stale)}'`);
  });

  it("get a new ETag when the data behind them changes (the old one is answered in full)", async () => {
    const { events } = await app.load<typeof SchemaModule>("/server/db/schema.server.ts");
    const before = await request("/calendar?lang=nl", { headers: { cookie: "lang=nl" } });
    const etag = String(before.headers.etag);
    const [event] = await app.db.select({ id: events.id, name: events.name }).from(events).where(eq(events.status, "upcoming")).limit(1);
    expect(before.text).toContain(event!.name);
    await app.db.update(events).set({ name: `${event!.name} (verzet)` }).where(eq(events.id, event!.id));
    const after = await request("/calendar", { headers: { cookie: "lang=nl", "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(after.text).toContain(`${event!.name} (verzet)`);
    expect(after.headers.etag).not.toBe(etag);
  });

  it("differ by language", async () => {
    const nl = await request("/about", { headers: { cookie: "lang=nl" } });
    const en = await request("/about", { headers: { cookie: "lang=en", "if-none-match": String(nl.headers.etag) } });
    expect(en.status).toBe(200);
    expect(en.headers.etag).not.toBe(nl.headers.etag);
  });
});

describe("personal or one-off answers", () => {
  it("a visitor with a session cookie gets private, no-store and no ETag", async () => {
    const page = await request("/news", { headers: { cookie: adminCookie } });
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers.etag).toBeUndefined();
  });

  it("a response that sets a cookie (a language switch) is not stored", async () => {
    const page = await request("/?lang=en");
    expect(page.headers["set-cookie"]?.join()).toContain("lang=en");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers.etag).toBeUndefined();
  });

  it("private pages keep their own no-store, locked or not", async () => {
    const page = await request("/vwdtp");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers.etag).toBeUndefined();
  });

  it("a form result (POST) and the payment result are not stored", async () => {
    const post = await request("/vwdtp", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: "code=wrong-code",
    });
    expect(post.headers["cache-control"]).toContain("no-store");
    const payment = await request("/payment-success?session_id=cs_test_unknown&event_id=none");
    expect(payment.headers["cache-control"]).toBe("private, no-store");
    expect(payment.headers.etag).toBeUndefined();
  });

  it("an unknown page (404) is not stored", async () => {
    const page = await request("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers.etag).toBeUndefined();
  });
});
