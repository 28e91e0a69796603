import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  AccessCodeError,
  codeSetFingerprint,
  hashAccessCode,
  hashesMatchCodes,
  MAX_CODE_LENGTH,
  normalizeAccessCodes,
  parseCodeList,
  verifyAccessCode,
} from "@server/access/codes.server";
import { hasUnlock, unlockCookie, unlockCookieName } from "@server/access/unlock.server";
import { setEnvForTests } from "@server/env.server";

describe("access code hashes", () => {
  it("stores scrypt hashes with a random salt, never the code", async () => {
    const first = await hashAccessCode("vwdtp2025");
    const second = await hashAccessCode("vwdtp2025");
    expect(first).toMatch(/^scrypt\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toContain("vwdtp2025");
    expect(first).not.toBe(second);
  });

  it("accepts the exact code only: case-sensitive, no trimming", async () => {
    const hashes = [await hashAccessCode("Cascais2025")];
    expect(await verifyAccessCode("Cascais2025", hashes)).toBe(true);
    expect(await verifyAccessCode("cascais2025", hashes)).toBe(false);
    expect(await verifyAccessCode("CASCAIS2025", hashes)).toBe(false);
    expect(await verifyAccessCode(" Cascais2025", hashes)).toBe(false);
    expect(await verifyAccessCode("Cascais2025 ", hashes)).toBe(false);
    expect(await verifyAccessCode("Cascais202", hashes)).toBe(false);
    expect(await verifyAccessCode("", hashes)).toBe(false);
  });

  it("accepts either of several codes (the summer evenings take two)", async () => {
    const hashes = await Promise.all(["zomer2025", "avond2025"].map(hashAccessCode));
    expect(await verifyAccessCode("zomer2025", hashes)).toBe(true);
    expect(await verifyAccessCode("avond2025", hashes)).toBe(true);
    expect(await verifyAccessCode("zomeravond2025", hashes)).toBe(false);
  });

  it("locks everyone out when no hashes are stored, and ignores malformed ones", async () => {
    expect(await verifyAccessCode("anything", [])).toBe(false);
    expect(await verifyAccessCode("plain", ["plain", "scrypt$abc", "bcrypt$x$y", ""])).toBe(false);
  });

  it("refuses over-long input without hashing it", async () => {
    const spy = vi.spyOn(crypto, "scrypt");
    expect(await verifyAccessCode("x".repeat(MAX_CODE_LENGTH + 1), [await hashAccessCode("x")])).toBe(false);
    // One call: the hashAccessCode above; the over-long guess is never hashed.
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("compares in constant time, and checks every stored hash even after a match", async () => {
    const hashes = await Promise.all(["first", "second", "third"].map(hashAccessCode));
    const spy = vi.spyOn(crypto, "timingSafeEqual");
    expect(await verifyAccessCode("first", hashes)).toBe(true);
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockClear();
    expect(await verifyAccessCode("nope", hashes)).toBe(false);
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
  });

  it("knows when stored hashes are exactly a set of codes", async () => {
    const hashes = await Promise.all(["a-code", "b-code"].map(hashAccessCode));
    expect(await hashesMatchCodes(["a-code", "b-code"], hashes)).toBe(true);
    expect(await hashesMatchCodes(["b-code", "a-code", "a-code"], hashes)).toBe(true);
    expect(await hashesMatchCodes(["a-code"], hashes)).toBe(false);
    expect(await hashesMatchCodes(["a-code", "c-code"], hashes)).toBe(false);
    expect(await hashesMatchCodes([], [])).toBe(true);
  });

  it("fingerprints a code set: stable for the same hashes, different after a rotation", async () => {
    const hashes = await Promise.all(["one", "two"].map(hashAccessCode));
    expect(codeSetFingerprint(hashes)).toBe(codeSetFingerprint([...hashes].reverse()));
    expect(codeSetFingerprint(hashes)).toHaveLength(16);
    // Same code, new salt: a rotation to the same word still relocks earlier unlocks.
    expect(codeSetFingerprint([await hashAccessCode("one"), hashes[1]])).not.toBe(codeSetFingerprint(hashes));
  });

  it("parses the ACCESS_CODE_* list and refuses codes that cannot be stored", () => {
    expect(parseCodeList(" zomer2025 , avond2025,, ")).toEqual(["zomer2025", "avond2025"]);
    expect(parseCodeList(undefined)).toEqual([]);
    expect(normalizeAccessCodes(["a", "a", "B"])).toEqual(["a", "B"]);
    expect(() => normalizeAccessCodes([""])).toThrow(AccessCodeError);
    expect(() => normalizeAccessCodes([" padded"])).toThrow(AccessCodeError);
    expect(() => normalizeAccessCodes(["a,b"])).toThrow(AccessCodeError);
    expect(() => normalizeAccessCodes(["x".repeat(MAX_CODE_LENGTH + 1)])).toThrow(AccessCodeError);
  });
});

describe("unlock cookies", () => {
  beforeAll(() => {
    setEnvForTests({ SESSION_SECRET: "unit-test-secret-unit-test-secret-0123456789" });
  });
  afterEach(() => vi.restoreAllMocks());

  const request = (cookie?: string, url = "http://localhost/vwdtp") =>
    new Request(url, { headers: cookie ? { cookie } : {} });
  /** The cookie a browser sends back for a Set-Cookie header. */
  const sentBack = (setCookie: string) => setCookie.split(";")[0];

  it("is HttpOnly, SameSite=Lax, for the whole site and without an expiry (browser session)", async () => {
    const header = await unlockCookie("vwdtp", [await hashAccessCode("x")], request());
    expect(header.startsWith(`${unlockCookieName("vwdtp")}=`)).toBe(true);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Path=/");
    expect(header).not.toMatch(/Max-Age|Expires/i);
    expect(header).not.toContain("Secure");
    expect(await unlockCookie("vwdtp", [], request(undefined, "https://example.com/vwdtp"))).toContain("; Secure");
  });

  it("unlocks its own page for the current codes only", async () => {
    const hashes = [await hashAccessCode("vwdtp2025")];
    const cookie = sentBack(await unlockCookie("vwdtp", hashes, request()));
    expect(await hasUnlock(request(cookie), "vwdtp", hashes)).toBe(true);
    expect(await hasUnlock(request(), "vwdtp", hashes)).toBe(false);
    // Another page's cookie name, or this value under another page's name, unlocks nothing.
    const value = cookie.slice(cookie.indexOf("=") + 1);
    expect(await hasUnlock(request(`${unlockCookieName("scheveningen")}=${value}`), "scheveningen", hashes)).toBe(false);
    // Rotated codes relock; a page without codes is locked for everyone.
    expect(await hasUnlock(request(cookie), "vwdtp", [await hashAccessCode("vwdtp2025")])).toBe(false);
    expect(await hasUnlock(request(cookie), "vwdtp", [])).toBe(false);
  });

  it("refuses a forged or altered cookie", async () => {
    const hashes = [await hashAccessCode("vwdtp2025")];
    const cookie = sentBack(await unlockCookie("vwdtp", hashes, request()));
    const name = unlockCookieName("vwdtp");
    const value = decodeURIComponent(cookie.slice(name.length + 1));
    const [payload] = value.split(".");
    expect(await hasUnlock(request(`${name}=${encodeURIComponent(`${payload}.forged`)}`), "vwdtp", hashes)).toBe(false);
    expect(await hasUnlock(request(`${name}=${encodeURIComponent(payload)}`), "vwdtp", hashes)).toBe(false);
    expect(await hasUnlock(request(`${name}=true`), "vwdtp", hashes)).toBe(false);
  });
});
