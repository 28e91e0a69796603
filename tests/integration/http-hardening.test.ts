// @engine pglite: body limits and refusals in front of React Router: HTTP glue
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as AuthModule from "@server/auth/auth.server";
import type * as LoginModule from "@server/auth/login.server";
import type * as UsersModule from "@server/auth/users.server";
import type * as SchemaModule from "@server/db/schema.server";
import { startTestApp, type TestApp } from "../support/http-app";
import { signInAdminWithCode } from "../support/admin-session";

// Request checks in front of React Router (server/http/): body limits, malformed input, origins.
// Runs the real Express app with every route, on PGlite and on PostgreSQL.

let app: TestApp;
let adminCookie = "";

type Answer = { status: number; text: string; headers: http.IncomingHttpHeaders; bytesSent: number };

/**
 * A request through node:http, which (unlike fetch) can declare any Content-Length, send a
 * chunked body, and stop sending as soon as the answer arrives.
 */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; stream?: { chunk: Buffer; max: number } } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request(`${app.url}${path}`, { method: options.method ?? "POST", headers: options.headers, agent: false }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers, bytesSent }));
      res.on("error", reject);
    });
    // The server may close the connection while we are still sending: that is its point.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (options.stream) {
      const { chunk, max } = options.stream;
      const pump = () => {
        while (!answered && bytesSent < max) {
          bytesSent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered) req.end();
      };
      pump();
    } else {
      if (options.body !== undefined) bytesSent = Buffer.byteLength(options.body);
      req.end(options.body);
    }
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  app = await startTestApp();
  const { upsertUser } = await app.load<typeof UsersModule>("/server/auth/users.server.ts");
  const { signInWithPassword } = await app.load<typeof LoginModule>("/server/auth/login.server.ts");
  await upsertUser({ email: "hardening-admin@example.com", password: "correct-horse-battery", admin: true });
  const { auth } = await app.load<typeof AuthModule>("/server/auth/auth.server.ts");
  // Password and TOTP code (decision 017): the helper sets the second factor up on first sign-in.
  ({ cookie: adminCookie } = await signInAdminWithCode({ signInWithPassword, auth }, { email: "hardening-admin@example.com", password: "correct-horse-battery", clientAddress: "10.1.2.3" }));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("body size limits", () => {
  it("refuses a declared oversized form body with 413 before reading it, in the visitor's language", async () => {
    // Only the headers are sent: the answer must come without the 10 MB ever arriving.
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${app.url}/api/newsletter`, {
        method: "POST",
        agent: false,
        headers: { ...FORM, "content-length": String(10 * 1024 * 1024), "accept-language": "nl-NL,nl;q=0.9" },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, text, headers: res.headers, bytesSent: 0 });
          req.destroy();
        });
      });
      req.on("error", reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("te groot");
  });

  it("stops reading a chunked body as soon as it passes the limit", async () => {
    const answer = await send("/api/newsletter", {
      headers: { ...FORM, "accept-language": "en" },
      stream: { chunk: Buffer.alloc(64 * 1024, "a"), max: 200 * 1024 * 1024 },
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("too large");
    // The answer came long before the 200 MB were sent (socket buffers hold a few MB at most).
    expect(answer.bytesSent).toBeLessThan(32 * 1024 * 1024);
  });

  it("gives admin upload forms their own, larger limit", async () => {
    const boundary = "----limit";
    const big = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${"x".repeat(1024 * 1024)}\r\n--${boundary}--\r\n`;
    const headers = { "content-type": `multipart/form-data; boundary=${boundary}`, cookie: adminCookie };
    // 1 MB: over the 64 KB of an ordinary form, well within an upload form's.
    expect((await send("/admin/codes", { headers, body: big })).status).toBe(413);
    expect((await send("/admin/blog/new", { headers, body: big })).status).not.toBe(413);
    const tooBig = await send("/admin/blog/new", { headers: { ...headers, "content-length": String(40 * 1024 * 1024) }, stream: { chunk: Buffer.alloc(64 * 1024), max: 40 * 1024 * 1024 } });
    expect(tooBig.status).toBe(413);
  });

  it("asks for the admin session before reading an upload form's body", async () => {
    const boundary = "----anonymous";
    const headers = { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(15 * 1024 * 1024) };
    // An anonymous 15 MB upload is answered 401 at once, long before its body has been sent.
    const anonymous = await send("/admin/blog/new", { headers, stream: { chunk: Buffer.alloc(64 * 1024, "a"), max: 15 * 1024 * 1024 } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.bytesSent).toBeLessThan(8 * 1024 * 1024);
  });

  it("limits the Stripe webhook to an event's size, without the form checks", async () => {
    const json = { "content-type": "application/json", "stripe-signature": "t=1,v1=00" };
    expect((await send("/api/stripe/webhook", { headers: json, body: JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) }) })).status).toBe(413);
    // A small JSON body reaches the signature check (400), not the form checks (415).
    expect((await send("/api/stripe/webhook", { headers: json, body: "{}" })).status).toBe(400);
  });
});

describe("malformed input", () => {
  it.each(["/news/a%00b", "/newsletter/confirm/a%00b", "/newsletter/unsubscribe/a%00b", "/events/a%00b/register", "/events/a%00b/interest", "/calendar?month=%00", "/news/%E0%A4%A"])(
    "answers %s with a 4xx, not a 5xx",
    async (path) => {
      const answer = await send(path, { method: "GET", headers: { "accept-language": "en" } });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    },
  );

  it("refuses a NUL character in a form field with 400", async () => {
    const answer = await send("/api/newsletter", { headers: FORM, body: form({ name: "a\0b", email: "nul@example.com", consent: "on" }) });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("could not be read");
  });

  it.each(["/admin/login", "/admin/codes", "/admin/users", "/database-cleanup", "/admin/emails", "/admin/articles"])(
    "answers a JSON or broken multipart body to %s with 415/400",
    async (path) => {
      const json = await send(path, { headers: { "content-type": "application/json", cookie: adminCookie }, body: '{"intent":"delete"}' });
      expect(json.status).toBe(415);
      const broken = await send(path, { headers: { "content-type": "multipart/form-data; boundary=zzz", cookie: adminCookie }, body: "--zzz\r\nContent-Disposition: form-data; name=\"id\"\r\n\r\nunterminated" });
      expect(broken.status).toBe(400);
      const noType = await send(path, { headers: { cookie: adminCookie }, body: "intent=delete" });
      expect(noType.status).toBe(415);
    },
  );

  it("still accepts a proper form", async () => {
    const answer = await send("/api/newsletter", { headers: { ...FORM, origin: app.url }, body: form({ name: "Jan", email: "jan-hardening@example.com", consent: "on" }) });
    expect(answer.status).toBe(303);
  });

  it("parses a form once: the action's readForm takes the form the checks parsed", async () => {
    // The app runs in this process: every Fetch parse of a body goes through these two methods.
    const requestParses = vi.spyOn(Request.prototype, "formData");
    const responseParses = vi.spyOn(Response.prototype, "formData");
    try {
      // URL-encoded: parsed by the checks with URLSearchParams, never by Fetch.
      const answer = await send("/api/newsletter", { headers: { ...FORM, origin: app.url }, body: form({ name: "Eén", email: "once-hardening@example.com", consent: "on" }) });
      expect(answer.status).toBe(303);
      expect(requestParses).not.toHaveBeenCalled();
      expect(responseParses).not.toHaveBeenCalled();
      // Multipart: parsed by Fetch once, by the checks.
      const multipart = new FormData();
      multipart.set("name", "Twee");
      multipart.set("email", "twice-hardening@example.com");
      multipart.set("consent", "on");
      const encoded = new Response(multipart);
      const body = Buffer.from(await encoded.arrayBuffer());
      responseParses.mockClear();
      const posted = await send("/api/newsletter", { headers: { "content-type": encoded.headers.get("content-type")!, origin: app.url }, body });
      expect(posted.status).toBe(303);
      expect(requestParses).not.toHaveBeenCalled();
      expect(responseParses).toHaveBeenCalledTimes(1);
    } finally {
      requestParses.mockRestore();
      responseParses.mockRestore();
    }
    const { newsletterSubscribers } = await app.load<typeof SchemaModule>("/server/db/schema.server.ts");
    const emails = (await app.db.select().from(newsletterSubscribers)).map((row) => row.email);
    expect(emails).toEqual(expect.arrayContaining(["once-hardening@example.com", "twice-hardening@example.com"]));
  });
});

describe("origin check on state-changing requests", () => {
  const fields = form({ name: "Eve", email: "eve-hardening@example.com", consent: "on" });

  it("refuses a cross-origin newsletter sign-up with 403 and changes nothing", async () => {
    const byOrigin = await send("/api/newsletter", { headers: { ...FORM, origin: "https://evil.example", "accept-language": "nl" }, body: fields });
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.text).toContain("alleen vanaf deze website");
    const bySecFetch = await send("/api/newsletter", { headers: { ...FORM, "sec-fetch-site": "cross-site" }, body: fields });
    expect(bySecFetch.status).toBe(403);
    const nullOrigin = await send("/api/newsletter", { headers: { ...FORM, origin: "null" }, body: fields });
    expect(nullOrigin.status).toBe(403);
    const { newsletterSubscribers } = await app.load<typeof SchemaModule>("/server/db/schema.server.ts");
    const rows = await app.db.select().from(newsletterSubscribers);
    expect(rows.some((row) => row.email === "eve-hardening@example.com")).toBe(false);
  });

  it("accepts the site's own origin, and PUBLIC_URL's", async () => {
    expect((await send("/api/newsletter", { headers: { ...FORM, origin: app.url, "sec-fetch-site": "same-origin" }, body: fields })).status).toBe(303);
    app.reconfigure({ PUBLIC_URL: "https://www.example.nl" });
    try {
      const answer = await send("/api/newsletter", { headers: { ...FORM, origin: "https://www.example.nl" }, body: form({ name: "Pub", email: "pub-hardening@example.com", consent: "on" }) });
      expect(answer.status).toBe(303);
    } finally {
      app.reconfigure({});
    }
  });

  it("takes the site's address from a trusted proxy only", async () => {
    const proxied = { ...FORM, origin: "https://site.example", "x-forwarded-proto": "https", "x-forwarded-host": "site.example" };
    expect((await send("/api/newsletter", { headers: proxied, body: fields })).status).toBe(403);
    app.reconfigure({ TRUST_PROXY: "1" });
    try {
      const answer = await send("/api/newsletter", { headers: proxied, body: form({ name: "Prox", email: "proxy-hardening@example.com", consent: "on" }) });
      expect(answer.status).toBe(303);
    } finally {
      app.reconfigure({});
    }
  });

  it("leaves the Stripe webhook to its signature check", async () => {
    const answer = await send("/api/stripe/webhook", { headers: { "content-type": "application/json", origin: "https://evil.example" }, body: "{}" });
    expect(answer.status).toBe(400);
  });
});
