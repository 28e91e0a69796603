// @engine both: cached pages invalidated by database changes, SQL written by hand
import crypto from "node:crypto";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as AuthModule from "@server/auth/auth.server";
import type * as LoginModule from "@server/auth/login.server";
import type * as UsersModule from "@server/auth/users.server";
import type * as ClockModule from "@server/clock.server";
import type * as SchemaModule from "@server/db/schema.server";
import { MAX_AGE_MS } from "@server/http/render-cache.server";
import { signInAdminWithCode } from "../support/admin-session";
import { httpRequest, startTestApp, type HttpAnswer, type TestApp } from "../support/http-app";
import { participantForm } from "./booking-fixtures";

// The render cache of anonymous public pages (server/http/render-cache.server.ts, decisions 020
// and 022): a cached page carries no nonce (its inline scripts are allowed by their hashes), no
// cookie and nothing one visitor sent, and what it shows is fresh after a booking, an edit by any
// instance, and once it is too old.

let app: TestApp;
let adminCookie = "";
let schema: typeof SchemaModule;
let clock: typeof ClockModule;
/** A query of its own per test: its first request is never answered from the cache. */
let fresh = 0;
const unique = (path: string) => `${path}${path.includes("?") ? "&" : "?"}t=${++fresh}`;
let slug = "";
let eventName = "";

const request = (urlPath: string, options: Parameters<typeof httpRequest>[1] = {}) => httpRequest(`${app.url}${urlPath}`, options);

const DUTCH = { "accept-language": "nl-NL,nl;q=0.9" };
const ENGLISH = { "accept-language": "en-GB,en;q=0.9" };
const hit = (answer: HttpAnswer) => answer.headers["x-render-cache"] === "hit";
const nonceOf = (answer: HttpAnswer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1] ?? "";
/** Every nonce attribute in the HTML. */
const noncesIn = (html: string) => new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]));
/** The script-src sources of an answer's CSP. */
const scriptSources = (answer: HttpAnswer) => /script-src ([^;]*)/.exec(String(answer.headers["content-security-policy"]))![1]!.split(" ");
/** The SHA-256 source of every inline script in the HTML (worked out here, not by the server's code). */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(` ${attributes}`))
    .map(([, , body]) => `'sha256-${crypto.createHash("sha256").update(body!).digest("base64")}'`);

/** A cached answer: no nonce anywhere, and every inline script (there are some) allowed by its hash alone. */
function expectHashedPage(answer: HttpAnswer) {
  expect(noncesIn(answer.text)).toEqual(new Set());
  const sources = scriptSources(answer);
  expect(sources.filter((source) => source.startsWith("'nonce-") || source === "'unsafe-inline'")).toEqual([]);
  const hashes = inlineScriptHashes(answer.text);
  expect(hashes.length).toBeGreaterThan(1);
  expect(sources.filter((source) => source.startsWith("'sha256-")).sort()).toEqual([...new Set(hashes)].sort());
}
const placesLine = (html: string) => /nog (\d+) plaatsen/.exec(html)?.[1];

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  schema = await app.load<typeof SchemaModule>("/server/db/schema.server.ts");
  clock = await app.load<typeof ClockModule>("/server/clock.server.ts");
  const { upsertUser } = await app.load<typeof UsersModule>("/server/auth/users.server.ts");
  const { signInWithPassword } = await app.load<typeof LoginModule>("/server/auth/login.server.ts");
  const { auth } = await app.load<typeof AuthModule>("/server/auth/auth.server.ts");
  await upsertUser({ email: "render-cache-admin@example.com", password: "a-long-password-1", admin: true });
  ({ cookie: adminCookie } = await signInAdminWithCode(
    { signInWithPassword, auth },
    { email: "render-cache-admin@example.com", password: "a-long-password-1", clientAddress: "10.1.7.4" },
  ));
  // A small open event in the calendar: its places left show on the card.
  slug = `cache-day-${crypto.randomBytes(3).toString("hex")}`;
  eventName = `Cachezeildag ${slug.slice(-6)}`;
  const start = new Date(Date.now() + 40 * 86_400_000);
  await app.db.insert(schema.events).values({
    slug,
    name: eventName,
    nameEn: `Cache sailing day ${slug.slice(-6)}`,
    startDate: start,
    endDate: new Date(start.getTime() + 8 * 3_600_000),
    location: "Scheveningen",
    priceCents: 19_500,
    maxParticipants: 5,
  });
}, 120_000);

afterAll(async () => {
  clock?.setNowForTests(undefined);
  await app?.close();
});

/** The card of the test's event on the calendar, as an anonymous Dutch visitor gets it. */
async function calendarCard(page: string): Promise<{ answer: HttpAnswer; places: string | undefined }> {
  const answer = await request(page, { headers: DUTCH });
  expect(answer.status).toBe(200);
  const at = answer.text.indexOf(eventName);
  expect(at, "the event is on the calendar").toBeGreaterThan(-1);
  return { answer, places: placesLine(answer.text.slice(at, at + 3000)) };
}

describe("an anonymous public page", () => {
  it("is answered from the cache the second time: the same bytes for everyone, no nonce, its scripts allowed by hash", async () => {
    const page = unique("/news");
    const first = await request(page, { headers: DUTCH });
    const second = await request(page, { headers: DUTCH });
    const third = await request(page, { headers: DUTCH });
    expect(first.status).toBe(200);
    expect(hit(first)).toBe(false);
    // The render itself went out with its own nonce on every script.
    expect(noncesIn(first.text)).toEqual(new Set([nonceOf(first)]));
    expect(hit(second)).toBe(true);
    expect(second.status).toBe(200);
    expectHashedPage(second);
    expect(second.text).not.toContain(nonceOf(first));
    expect(second.text).toBe(first.text.split(` nonce="${nonceOf(first)}"`).join(""));
    expect(third.body.equals(second.body)).toBe(true);
    expect(third.headers["content-security-policy"]).toBe(second.headers["content-security-policy"]);
    expect(second.headers["set-cookie"]).toBeUndefined();
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(Number(second.headers["content-length"])).toBe(second.body.length);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("is sent compressed as the client accepts: brotli first, else gzip, else plain, each decoding to the page", async () => {
    const page = unique("/calendar");
    await request(page, { headers: DUTCH });
    const plain = await request(page, { headers: DUTCH });
    expect(hit(plain)).toBe(true);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;
    for (const [accept, encoding] of [["gzip, deflate, br, zstd", "br"], ["gzip, deflate", "gzip"], ["br;q=0, gzip", "gzip"], ["identity", undefined]] as const) {
      for (let i = 0; i < 2; i++) {
        const answer = await request(page, { headers: { ...DUTCH, "accept-encoding": accept } });
        expect(hit(answer), accept).toBe(true);
        expect(answer.headers["content-encoding"], accept).toBe(encoding);
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
        expect(String(answer.headers.vary)).toMatch(/Accept-Encoding/i);
        expect((encoding ? decoders[encoding](answer.body) : answer.body).equals(plain.body), accept).toBe(true);
      }
    }
  });

  it("answers 304 from the cache to a matching If-None-Match, without a CSP of its own", async () => {
    const page = unique("/about");
    const first = await request(page, { headers: DUTCH });
    const again = await request(page, { headers: { ...DUTCH, "if-none-match": String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(hit(again)).toBe(true);
    expect(again.text).toBe("");
    expect(again.headers["content-security-policy"]).toBeUndefined();
  });

  it("is kept per language: Dutch, English and the stored choice each get their own", async () => {
    const page = unique("/calendar");
    const dutch = await request(page, { headers: DUTCH });
    const english = await request(page, { headers: ENGLISH });
    const chosen = await request(page, { headers: { ...DUTCH, cookie: "lang=en" } });
    expect(dutch.text).toContain('<html lang="nl"');
    expect(english.text).toContain('<html lang="en"');
    expect(hit(english)).toBe(false);
    expect(chosen.text).toContain('<html lang="en"');
    expect(hit(chosen)).toBe(true);
    // `?lang=` sets the choice (a cookie): rendered, never taken from or put in the cache.
    const switching = await request("/calendar?lang=en", { headers: DUTCH });
    expect(hit(switching)).toBe(false);
    expect(String(switching.headers["set-cookie"])).toMatch(/^lang=en/);
    const afterSwitch = await request("/calendar?lang=en", { headers: DUTCH });
    expect(hit(afterSwitch)).toBe(false);
  });
});

describe("under load", () => {
  it("renders a page once for many visitors asking at the same moment; the render has its own nonce, the others none", async () => {
    const page = unique("/calendar");
    const answers = await Promise.all(Array.from({ length: 12 }, () => request(page, { headers: DUTCH })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rendered = answers.filter((a) => !hit(a));
    expect(rendered).toHaveLength(1);
    expect(noncesIn(rendered[0]!.text)).toEqual(new Set([nonceOf(rendered[0]!)]));
    for (const answer of answers.filter(hit)) expectHashedPage(answer);
  });
});

describe("never another visitor's data", () => {
  it("a signed-in admin's page is rendered for the admin and never served to anyone else", async () => {
    const page = unique("/");
    const asAdmin = await request(page, { headers: { ...DUTCH, cookie: adminCookie } });
    expect(asAdmin.status).toBe(200);
    expect(hit(asAdmin)).toBe(false);
    expect(asAdmin.headers["cache-control"]).toBe("private, no-store");
    const anonymous = await request(page, { headers: DUTCH });
    expect(hit(anonymous)).toBe(false);
    const again = await request(page, { headers: { ...DUTCH, cookie: adminCookie } });
    expect(hit(again)).toBe(false);
  });

  it("what a visitor posted is answered to that visitor only; the next visitor gets the page without it", async () => {
    const before = await request(`/events/${slug}/register`, { headers: DUTCH });
    expect(before.status).toBe(200);
    const marker = `Leak Test ${crypto.randomBytes(4).toString("hex")}`;
    // A form with an error (no birth date): the page comes back with the visitor's own values.
    const body = new URLSearchParams(participantForm(1, { customerName: marker, birthDate: "" })).toString();
    const refused = await request(`/events/${slug}/register`, {
      method: "POST",
      headers: { ...DUTCH, origin: app.url, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.7.7.7" },
      body,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(marker);
    expect(hit(refused)).toBe(false);
    const next = await request(`/events/${slug}/register`, { headers: DUTCH });
    expect(next.status).toBe(200);
    expect(next.text).not.toContain(marker);
    expect(next.text).not.toContain(nonceOf(refused));
  });

  it("a request with any other cookie is rendered, not served from the cache", async () => {
    const page = unique("/videos");
    await request(page, { headers: DUTCH });
    expect(hit(await request(page, { headers: DUTCH }))).toBe(true);
    expect(hit(await request(page, { headers: { ...DUTCH, cookie: "something=else" } }))).toBe(false);
  });
});

describe("fresh", () => {
  it("places left are fresh after a booking", async () => {
    const page = unique("/calendar");
    expect((await calendarCard(page)).places).toBe("5");
    const cached = await calendarCard(page);
    expect(hit(cached.answer)).toBe(true);
    const booked = await request(`/events/${slug}/register`, {
      method: "POST",
      headers: { ...DUTCH, origin: app.url, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.7.7.8" },
      body: new URLSearchParams(participantForm(2)).toString(),
    });
    expect(booked.status).toBe(303);
    const after = await calendarCard(page);
    expect(hit(after.answer)).toBe(false);
    expect(after.places).toBe("4");
  });

  it("an article changed outside this process (another instance, a script) shows at once", async () => {
    const page = unique("/news");
    const [post] = await app.db.select().from(schema.blogPosts).where(eq(schema.blogPosts.published, true)).limit(1);
    expect(post).toBeDefined();
    await request(page, { headers: DUTCH });
    expect(hit(await request(page, { headers: DUTCH }))).toBe(true);
    const title = `Nieuwe titel ${crypto.randomBytes(3).toString("hex")}`;
    // Plain SQL, as another instance or a script would write: the database raises the version.
    await app.db.execute(sql`update blog_posts set title = ${title} where id = ${post!.id}`);
    const after = await request(page, { headers: DUTCH });
    expect(hit(after)).toBe(false);
    expect(after.text).toContain(title);
  });

  it("a crew-file question asked on the registration form is on the calendar at once (its table raises the version too)", async () => {
    const page = unique("/calendar");
    await request(page, { headers: DUTCH });
    expect(hit(await request(page, { headers: DUTCH }))).toBe(true);
    const [event] = await app.db.select({ id: schema.events.id }).from(schema.events).where(eq(schema.events.slug, slug));
    const question = `Zeilervaring in mijlen ${crypto.randomBytes(3).toString("hex")}`;
    await app.db.execute(
      sql`insert into crew_items (event_id, kind, label_nl, label_en, asked, position) values (${event!.id}, 'number', ${question}, 'Sailing miles', 'registration', 1)`,
    );
    const after = await request(page, { headers: DUTCH });
    expect(hit(after)).toBe(false);
    // The calendar names no question (the form fetches them), only that the event asks some.
    expect(after.text).not.toContain(question);
    expect(after.text).toContain("asksOnForm");
  });

  it("a write that is rolled back leaves the cache as it was", async () => {
    const page = unique("/news");
    await request(page, { headers: DUTCH });
    expect(hit(await request(page, { headers: DUTCH }))).toBe(true);
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`update blog_posts set title = title || ' (x)'`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(hit(await request(page, { headers: DUTCH }))).toBe(true);
  });

  it("a page is rendered again once it is MAX_AGE_MS old on the application's clock", async () => {
    const page = unique("/about");
    await request(page, { headers: DUTCH });
    expect(hit(await request(page, { headers: DUTCH }))).toBe(true);
    clock.setNowForTests(new Date(Date.now() + MAX_AGE_MS + 1000));
    try {
      expect(hit(await request(page, { headers: DUTCH }))).toBe(false);
      expect(hit(await request(page, { headers: DUTCH }))).toBe(true);
    } finally {
      clock.setNowForTests(undefined);
    }
    // Back in time (a clock pinned earlier): never an entry from the future.
    expect(hit(await request(page, { headers: DUTCH }))).toBe(false);
  });
});
