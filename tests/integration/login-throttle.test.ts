// @engine both: login limits under parallel attempts: counters in the database
import { promisify } from "node:util";
import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attemptUnlock, MAX_WRONG_CODES, resetUnlockAttemptsForTests } from "@server/access/attempt.server";
import { syncAccessCodes } from "@server/access/store.server";
import {
  ACCOUNT_FREE_FAILURES,
  LOGIN_FAILURE_LIMIT,
  resetLoginLimitsForTests,
  signInWithPassword,
  type LoginResult,
} from "@server/auth/login.server";
import { upsertUser } from "@server/auth/users.server";
import { now, setNowForTests } from "@server/clock.server";
import { hashSlotUsage, MAX_RUNNING, MAX_WAITING } from "@server/security/hash-slots.server";
import { useTestDatabase } from "../support/db";

const gzip = promisify(zlib.gzip);

function login(email: string, password: string, clientAddress: string, cookie?: string): Promise<LoginResult> {
  const headers = new Headers({ origin: "http://localhost" });
  if (cookie) headers.set("cookie", cookie);
  return signInWithPassword({ email, password, clientAddress, headers });
}

/** The `name=value` part of each Set-Cookie, joined as a browser sends them back. */
function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

function count(results: LoginResult[], reason: "invalid" | "rate-limited" | "busy"): number {
  return results.filter((r) => !r.ok && r.reason === reason).length;
}

describe("login and code limits under parallel attempts (issue 12)", () => {
  useTestDatabase();
  beforeEach(async () => {
    await resetLoginLimitsForTests();
    await resetUnlockAttemptsForTests();
  });
  afterEach(() => setNowForTests(undefined));

  it("checks at most the limit of 60 simultaneous guesses from one address, and refuses the right password after them", async () => {
    await upsertUser({ email: "schipper@example.com", password: "het-juiste-wachtwoord", admin: true });
    const guesses = Array.from({ length: 60 }, (_, i) => login("schipper@example.com", `gok-nummer-${i}`, "203.0.113.5"));
    const right = login("schipper@example.com", "het-juiste-wachtwoord", "203.0.113.5");
    const results = await Promise.all(guesses);
    expect(count(results, "invalid")).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    expect(count(results, "invalid") + count(results, "rate-limited") + count(results, "busy")).toBe(60);
    const last = await right;
    expect(last.ok).toBe(false);
    expect(!last.ok && last.reason).toBe("rate-limited");
  });

  it("checks at most 10 of 60 simultaneous access codes from one address", async () => {
    await syncAccessCodes();
    const request = new Request("http://localhost/vwdtp", { method: "POST" });
    const attempts = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attemptUnlock({ pageKey: "vwdtp", code: `raad-${i}`, clientAddress: "203.0.113.6", request })),
    );
    const wrong = attempts.filter((a) => a.outcome === "wrong").length;
    expect(wrong).toBeLessThanOrEqual(MAX_WRONG_CODES);
    expect(attempts.filter((a) => a.outcome === "limited").length).toBeGreaterThanOrEqual(60 - MAX_WRONG_CODES);
    // The right code is refused too: the address has used its tries.
    const right = await attemptUnlock({ pageKey: "vwdtp", code: "vwdtp2025", clientAddress: "203.0.113.6", request });
    expect(right.outcome).toBe("limited");
  });

  it("holds strangers back with growing delays once an account has many failures, but lets its owner in", async () => {
    setNowForTests("2026-03-01T10:00:00Z");
    await upsertUser({ email: "navigator@example.com", password: "navigator-wachtwoord", admin: true });
    // The owner signed in once before from their own address and browser.
    const first = await login("navigator@example.com", "navigator-wachtwoord", "198.51.100.1");
    expect(first.ok).toBe(true);
    const device = first.ok ? cookieHeader(first.setCookies) : "";
    const strangersGuess = (prefix: string, from: number) =>
      Promise.all(
        Array.from({ length: ACCOUNT_FREE_FAILURES }, (_, i) => login("navigator@example.com", `${prefix}-${i}`, `192.0.2.${from + i}`)),
      );

    // Strangers on many addresses guess: the first ones are checked, then the account slows down.
    const free = await strangersGuess("fout-wachtwoord", 1);
    expect(free.every((r) => !r.ok && r.reason === "invalid")).toBe(true);
    // The clock is re-pinned after each slow hash, so the machine's speed does not matter.
    const t0 = now();
    const slowed = await login("navigator@example.com", "nog-een-gok", "192.0.2.200");
    expect(!slowed.ok && slowed.reason).toBe("invalid");
    setNowForTests(t0);
    const refused = await login("navigator@example.com", "nog-een-gok-2", "192.0.2.201");
    expect(!refused.ok && refused.reason).toBe("rate-limited");
    const retryAfter = !refused.ok && refused.reason === "rate-limited" ? refused.retryAfterSeconds : 0;
    // 2 s from the moment that try was counted (a few ms after t0).
    expect(retryAfter).toBeGreaterThanOrEqual(2);
    expect(retryAfter).toBeLessThanOrEqual(3);

    // The next stranger may try once the delay has passed, and then waits longer (4 s, not 2 s).
    const t1 = new Date(t0.getTime() + 3000);
    setNowForTests(t1);
    const later = await login("navigator@example.com", "gok-na-de-pauze", "192.0.2.202");
    expect(!later.ok && later.reason).toBe("invalid");
    setNowForTests(t1);
    const longer = await login("navigator@example.com", "gok-na-de-pauze-2", "192.0.2.203");
    const longerWait = !longer.ok && longer.reason === "rate-limited" ? longer.retryAfterSeconds : 0;
    expect(longerWait).toBeGreaterThanOrEqual(4);
    expect(longerWait).toBeLessThanOrEqual(5);
    // Even the right password from an unknown client waits, and a forged device cookie does not help.
    setNowForTests(t1);
    expect((await login("navigator@example.com", "navigator-wachtwoord", "203.0.113.77")).ok).toBe(false);
    const forged = device.replace(/or-admin-device=[^;]*/, "or-admin-device=eyJmYWtlIjp0cnVlfQ%3D%3D.forged");
    expect(forged).not.toBe(device);
    expect((await login("navigator@example.com", "navigator-wachtwoord", "203.0.113.80", forged)).ok).toBe(false);

    // The owner still gets in: with their browser from anywhere, and from their own address.
    expect((await login("navigator@example.com", "navigator-wachtwoord", "203.0.113.78", device)).ok).toBe(true);
    await strangersGuess("weer-fout", 100);
    await login("navigator@example.com", "weer-fout-extra", "192.0.2.150");
    expect((await login("navigator@example.com", "navigator-wachtwoord", "203.0.113.79")).ok).toBe(false);
    expect((await login("navigator@example.com", "navigator-wachtwoord", "198.51.100.1")).ok).toBe(true);

    // After the window the account starts afresh for anyone.
    await strangersGuess("nog-meer-fout", 160);
    await login("navigator@example.com", "nog-meer-fout-extra", "192.0.2.180");
    expect((await login("navigator@example.com", "navigator-wachtwoord", "203.0.113.81")).ok).toBe(false);
    setNowForTests(new Date(now().getTime() + 16 * 60_000));
    expect((await login("navigator@example.com", "navigator-wachtwoord", "203.0.113.81")).ok).toBe(true);
  }, 180_000);

  it("runs at most a few password hashes at once and sheds the rest, so other work on the thread pool stays fast", async () => {
    await upsertUser({ email: "kok@example.com", password: "kok-wachtwoord-1", admin: false });
    // 150 guesses from 150 addresses: no per-address limit stops them, only the hash slots.
    const flood = Array.from({ length: 150 }, (_, i) => login(`kok${i}@example.com`, "wat-dan-ook-1", `10.77.${Math.floor(i / 200)}.${i % 200}`));
    let settled = false;
    const all = Promise.all(flood).finally(() => (settled = true));
    const peak = { running: 0, waiting: 0 };
    const sample = () => {
      const usage = hashSlotUsage();
      peak.running = Math.max(peak.running, usage.running);
      peak.waiting = Math.max(peak.waiting, usage.waiting);
    };
    // Until the slots are busy (the limits are counted in the database first).
    for (let i = 0; i < 500 && hashSlotUsage().running < MAX_RUNNING && !settled; i++) await new Promise((r) => setTimeout(r, 5));

    // Compression (like every gzip'd page) shares libuv's thread pool with scrypt.
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      sample();
      const started = performance.now();
      await gzip(Buffer.alloc(4096, i));
      timings.push(performance.now() - started);
    }
    while (!settled) {
      sample();
      await new Promise((r) => setTimeout(r, 5));
    }
    const results = await all;
    timings.sort((a, b) => a - b);
    expect(timings[2]).toBeLessThan(200);
    expect(peak.running).toBe(MAX_RUNNING);
    expect(peak.waiting).toBeLessThanOrEqual(MAX_WAITING);
    expect(count(results, "busy")).toBeGreaterThan(0);
    expect(count(results, "invalid")).toBeGreaterThan(0);
    expect(count(results, "busy") + count(results, "invalid")).toBe(150);
    // A shed attempt is not counted as a failure: the address can try again at once.
    expect(hashSlotUsage()).toEqual({ running: 0, waiting: 0 });
    const again = await login("kok@example.com", "kok-wachtwoord-1", "10.77.0.149");
    expect(again.ok).toBe(true);
  });
});
