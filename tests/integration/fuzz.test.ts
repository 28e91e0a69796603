// @engine both: random input into forms: driver errors (NUL, encodings) differ between engines
import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import type * as AuthModule from "@server/auth/auth.server";
import type * as LoginModule from "@server/auth/login.server";
import type * as UsersModule from "@server/auth/users.server";
import { startTestApp, type TestApp } from "../support/http-app";
import { signInAdminWithCode } from "../support/admin-session";

/**
 * Malformed and hostile requests to every route and form of the real app (the route list is
 * React Router's own, built from app/routes.ts and app/routes/<area>/routes.ts): random bytes,
 * NUL characters, wrong content types, broken multipart, huge fields, as a visitor and as an
 * admin. None may answer 5xx. Seeded, so a failure can be replayed: FUZZ_SEED=<n>.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** An upper bound on requests (about 10 per route; 618 with the crew file's routes), so the test stays fast on a small machine. */
const MAX_REQUESTS = 800;
const CONCURRENCY = 4;

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const bytes = (length: number) => Buffer.from(Array.from({ length }, () => int(256)));
  return { next, int, pick, bytes };
}

const rand = prng(SEED);

/** Odd values for a path segment, a query or a field. */
function oddValue(): string {
  switch (rand.int(9)) {
    case 0:
      return "a\0b";
    case 1:
      return rand.bytes(1 + rand.int(40)).toString("latin1");
    case 2:
      return "x".repeat(2000 + rand.int(4000));
    case 3:
      return "'; drop table events; --";
    case 4:
      return "\u{1F6A4}\uFFFE\u200B\uD800";
    case 5:
      return "../../etc/passwd";
    case 6:
      return "<script>alert(1)</script>";
    case 7:
      return String(rand.int(1e9) - 5e8);
    default:
      return "00000000-0000-0000-0000-000000000000";
  }
}

/** A path segment: percent-encoded odd values, raw malformed escapes, or plain junk. */
function oddSegment(): string {
  switch (rand.int(5)) {
    case 0:
      return "a%00b";
    case 1:
      return "%E0%A4%A";
    case 2:
      return "%FF%FE";
    case 3:
      // Every byte escaped (encodeURIComponent refuses lone surrogates).
      return [...Buffer.from(oddValue(), "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
    default:
      return rand.bytes(8).toString("hex");
  }
}

const FIELD_NAMES = ["name", "email", "intent", "id", "ids", "code", "secondCode", "pageKey", "password", "redirectTo", "userId", "admin", "title", "content", "slug", "consent", "confirmed", "_fetcher", "phoneNumber", "birthDate", "paymentOption", "participants", "waiver"];
const INTENTS = ["publish", "unpublish", "delete", "delete-many", "role", "create", "retry", "save", "login"];

function fields(): [string, string][] {
  const out: [string, string][] = [];
  const count = 1 + rand.int(6);
  for (let i = 0; i < count; i++) {
    const name = rand.int(10) === 0 ? oddValue().slice(0, 50) : rand.pick(FIELD_NAMES);
    const value = name === "intent" && rand.int(2) === 0 ? rand.pick(INTENTS) : oddValue();
    out.push([name, value]);
  }
  return out;
}

type Body = { label: string; contentType?: string; body: Buffer };

function multipart(parts: [string, string][], file?: Buffer): { contentType: string; body: Buffer } {
  const boundary = `----fuzz${rand.int(1e9)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${rand.pick(["image", "document", "file"])}"; filename="${rand.pick(["a.jpg", "a\0.pdf", "x.docx", "..\\..\\evil.png"])}"\r\nContent-Type: ${rand.pick(["image/jpeg", "application/pdf", "text/html"])}\r\n\r\n`));
    chunks.push(file, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

/** A hostile body for a POST. */
function oddBody(): Body {
  const kind = rand.int(9);
  switch (kind) {
    case 0:
    case 1:
      return { label: "urlencoded", contentType: "application/x-www-form-urlencoded", body: Buffer.from(new URLSearchParams(fields()).toString()) };
    case 2:
      return { label: "multipart", ...multipart(fields(), rand.int(2) ? rand.bytes(rand.int(4000)) : undefined) };
    case 3: {
      const whole = multipart(fields()).body;
      return { label: "broken multipart", contentType: "multipart/form-data; boundary=" + rand.pick(["zzz", "", "----fuzz"]), body: whole.subarray(0, rand.int(whole.length)) };
    }
    case 4:
      return { label: "json", contentType: "application/json", body: Buffer.from(JSON.stringify(Object.fromEntries(fields()))) };
    case 5:
      return { label: "random bytes as a form", contentType: rand.pick(["application/x-www-form-urlencoded", "multipart/form-data"]), body: rand.bytes(rand.int(3000)) };
    case 6:
      return { label: "no content type", body: rand.bytes(rand.int(200)) };
    case 7:
      return { label: "huge field", contentType: "application/x-www-form-urlencoded", body: Buffer.from(`name=${"A".repeat(50_000 + rand.int(100_000))}&email=a%40b.nl`) };
    default:
      return { label: "text/plain", contentType: rand.pick(["text/plain", "application/xml", "image/png"]), body: rand.bytes(rand.int(500)) };
  }
}

type Probe = { method: string; path: string; headers: Record<string, string>; body?: Buffer; label: string };

function send(app: TestApp, probe: Probe): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(`${app.url}${probe.path}`, { method: probe.method, headers: probe.headers, agent: false }, (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    // The server may close the connection while an oversized body is still being sent.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    req.setTimeout(20_000, () => req.destroy(new Error("timeout")));
    req.end(probe.body);
  });
}

let app: TestApp;
let adminCookie = "";

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  const { upsertUser } = await app.load<typeof UsersModule>("/server/auth/users.server.ts");
  const { signInWithPassword } = await app.load<typeof LoginModule>("/server/auth/login.server.ts");
  await upsertUser({ email: "fuzz-admin@example.com", password: "correct-horse-battery", admin: true });
  const { auth } = await app.load<typeof AuthModule>("/server/auth/auth.server.ts");
  // Password and TOTP code (decision 017): the helper sets the second factor up on first sign-in.
  ({ cookie: adminCookie } = await signInAdminWithCode({ signInWithPassword, auth }, { email: "fuzz-admin@example.com", password: "correct-horse-battery", clientAddress: "10.7.7.7" }));
}, 180_000);

afterAll(async () => {
  await app?.close();
});

it(`answers no malformed request with a 5xx (seed ${SEED})`, async () => {
  const build = await app.build();
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
  };
  const targets = routes
    .filter((route) => route.id !== "root" && (route.path !== undefined || route.index))
    .map((route) => ({ pattern: fullPath(route.id) || "/", hasAction: Boolean(route.module.action) }));
  expect(targets.length).toBeGreaterThan(30);

  const probes: Probe[] = [];
  const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+\??/g, () => oddSegment()).replace(/\*$/, oddSegment());
  const headers = (extra: Record<string, string> = {}) => ({
    "accept-language": rand.pick(["nl", "en", "nl\u00ff;q=abc", "x".repeat(300)]),
    ...(rand.int(2) === 0 ? { cookie: adminCookie } : {}),
    ...extra,
  });
  for (const { pattern, hasAction } of targets) {
    for (let i = 0; i < 3; i++) {
      const query = rand.int(2) === 0 ? `?${rand.pick(["lang", "month", "page", "redirectTo", "q"])}=${oddSegment()}` : "";
      const path = `${concrete(pattern)}${query}`;
      probes.push({ method: "GET", path, headers: headers(), label: "GET" });
      if (rand.int(3) === 0) probes.push({ method: "GET", path: `${concrete(pattern).replace(/\/$/, "") || "/_root"}.data`, headers: headers(), label: "GET .data" });
    }
    for (let i = 0; i < (hasAction ? 8 : 1); i++) {
      const body = oddBody();
      const path = i % 4 === 3 ? `${concrete(pattern).replace(/\/$/, "") || "/_root"}.data` : concrete(pattern);
      const extra: Record<string, string> = body.contentType ? { "content-type": body.contentType } : {};
      probes.push({ method: rand.pick(["POST", "POST", "POST", "PUT", "DELETE"]), path, headers: headers(extra), body: body.body, label: body.label });
    }
  }
  expect(probes.length).toBeLessThanOrEqual(MAX_REQUESTS);

  const failures: string[] = [];
  let cursor = 0;
  const worker = async () => {
    while (cursor < probes.length) {
      const probe = probes[cursor++]!;
      try {
        const status = await send(app, probe);
        if (status >= 500) failures.push(`${status} ${probe.method} ${probe.path.slice(0, 120)} (${probe.label})`);
      } catch (error) {
        failures.push(`no answer: ${probe.method} ${probe.path.slice(0, 120)} (${probe.label}): ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(failures, `seed ${SEED}, ${probes.length} requests`).toEqual([]);
}, 120_000);
