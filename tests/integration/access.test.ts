// @engine both: access codes: attempts counted in the database rate limiter, codes stored hashed
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attemptUnlock, MAX_WRONG_CODES, resetUnlockAttemptsForTests } from "@server/access/attempt.server";
import { verifyAccessCode } from "@server/access/codes.server";
import { listPrivatePages, setAccessCodes, storedCodeHashes, syncAccessCodes } from "@server/access/store.server";
import { isUnlocked } from "@server/access/unlock.server";
import { setNowForTests } from "@server/clock.server";
import { privatePages } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { log } from "@server/log.server";
import { useTestDatabase } from "../support/db";

const CODE_VARS = ["ACCESS_CODE_ARC_REGISTRATION", "ACCESS_CODE_VWDTP", "ACCESS_CODE_SCHEVENINGEN", "ACCESS_CODE_ZOMERAVONDZEILEN"] as const;

describe("private page access codes", () => {
  const database = useTestDatabase();

  function configure(overrides: Record<string, string | undefined> = {}) {
    const cleared = Object.fromEntries(CODE_VARS.map((name) => [name, undefined]));
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SESSION_SECRET: "integration-secret-integration-secret-42",
      LOG_LEVEL: "silent",
      DEMO_CONTENT: "true",
      ...cleared,
      ...overrides,
    });
  }

  beforeEach(async () => {
    configure();
    await resetUnlockAttemptsForTests();
    setNowForTests(undefined);
    await database.db().delete(privatePages);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setNowForTests(undefined);
  });

  /** The request a browser sends after the unlock's Set-Cookie. */
  const withCookie = (setCookie: string) => new Request("http://localhost/page", { headers: { cookie: setCookie.split(";")[0] } });
  const anyRequest = () => new Request("http://localhost/page", { method: "POST" });

  async function unlockWith(pageKey: "vwdtp" | "zomeravondzeilen" | "scheveningen" | "arc-registration", code: string, address = "10.0.0.1") {
    const attempt = await attemptUnlock({ pageKey, code, clientAddress: address, request: anyRequest() });
    if (attempt.outcome !== "unlocked") throw new Error(`expected an unlock, got ${attempt.outcome}`);
    return attempt.setCookie;
  }

  it("demo start: creates the pages and gives them the README's codes", async () => {
    const outcomes = await syncAccessCodes();
    expect(outcomes).toEqual({ "arc-registration": "demo", vwdtp: "demo", scheveningen: "demo", zomeravondzeilen: "demo" });
    expect(await verifyAccessCode("arc2025", await storedCodeHashes("arc-registration"))).toBe(true);
    expect(await verifyAccessCode("vwdtp2025", await storedCodeHashes("vwdtp"))).toBe(true);
    expect(await verifyAccessCode("cascais2025", await storedCodeHashes("scheveningen"))).toBe(true);
    const summer = await storedCodeHashes("zomeravondzeilen");
    expect(await verifyAccessCode("zomer2025", summer)).toBe(true);
    expect(await verifyAccessCode("avond2025", summer)).toBe(true);
    // Codes are never stored as such.
    const rows = await database.db().select().from(privatePages);
    expect(JSON.stringify(rows)).not.toMatch(/arc2025|vwdtp2025|cascais2025|zomer2025|avond2025/);
  });

  it("a restart keeps stored codes, so earlier unlocks stay valid", async () => {
    await syncAccessCodes();
    const cookie = await unlockWith("vwdtp", "vwdtp2025");
    const before = await storedCodeHashes("vwdtp");
    expect(await syncAccessCodes()).toMatchObject({ vwdtp: "kept" });
    expect(await storedCodeHashes("vwdtp")).toEqual(before);
    expect(await isUnlocked(withCookie(cookie), "vwdtp")).toBe(true);
  });

  it("environment codes win over stored and demo codes, and are not rehashed when unchanged", async () => {
    await syncAccessCodes();
    configure({ ACCESS_CODE_VWDTP: "Leden-2026", ACCESS_CODE_ZOMERAVONDZEILEN: "juni, juli" });
    const outcomes = await syncAccessCodes();
    expect(outcomes).toMatchObject({ vwdtp: "from-environment", zomeravondzeilen: "from-environment", scheveningen: "kept" });
    const vwdtp = await storedCodeHashes("vwdtp");
    expect(await verifyAccessCode("Leden-2026", vwdtp)).toBe(true);
    expect(await verifyAccessCode("vwdtp2025", vwdtp)).toBe(false);
    const summer = await storedCodeHashes("zomeravondzeilen");
    expect(summer).toHaveLength(2);
    expect(await verifyAccessCode("juni", summer)).toBe(true);
    expect(await verifyAccessCode("juli", summer)).toBe(true);

    const cookie = await unlockWith("vwdtp", "Leden-2026");
    expect(await syncAccessCodes()).toMatchObject({ vwdtp: "unchanged", zomeravondzeilen: "unchanged" });
    expect(await storedCodeHashes("vwdtp")).toEqual(vwdtp);
    expect(await isUnlocked(withCookie(cookie), "vwdtp")).toBe(true);
  });

  it("a code rotated by an admin survives a restart (without an environment code)", async () => {
    await syncAccessCodes();
    await setAccessCodes("scheveningen", ["Nieuw-2026"]);
    expect(await syncAccessCodes()).toMatchObject({ scheveningen: "kept" });
    const hashes = await storedCodeHashes("scheveningen");
    expect(await verifyAccessCode("Nieuw-2026", hashes)).toBe(true);
    expect(await verifyAccessCode("cascais2025", hashes)).toBe(false);
  });

  it("production (DEMO_CONTENT=false): no demo codes; a page without codes stays locked and the log says why", async () => {
    await syncAccessCodes(); // an earlier demo run left the public demo codes behind
    await setAccessCodes("arc-registration", ["Real-ARC-code"]);
    configure({ DEMO_CONTENT: "false", ACCESS_CODE_VWDTP: "Members-only" });
    const warnings: string[] = [];
    vi.spyOn(log, "warn").mockImplementation((message: string) => void warnings.push(message));

    const outcomes = await syncAccessCodes();
    expect(outcomes).toEqual({
      "arc-registration": "kept",
      vwdtp: "from-environment",
      scheveningen: "locked",
      zomeravondzeilen: "locked",
    });
    expect(await storedCodeHashes("scheveningen")).toEqual([]);
    expect(await storedCodeHashes("zomeravondzeilen")).toEqual([]);
    expect(warnings.some((w) => w.includes("/scheveningen stays locked") && w.includes("ACCESS_CODE_SCHEVENINGEN"))).toBe(true);
    expect(warnings.some((w) => w.includes("/zomeravondzeilen stays locked"))).toBe(true);
    const attempt = await attemptUnlock({ pageKey: "scheveningen", code: "cascais2025", clientAddress: "10.0.0.9", request: anyRequest() });
    expect(attempt.outcome).toBe("wrong");

    // A fresh production database gets its rows, but no codes.
    await database.db().delete(privatePages);
    configure({ DEMO_CONTENT: "false" });
    expect(Object.values(await syncAccessCodes())).toEqual(["locked", "locked", "locked", "locked"]);
    expect(await database.db().$count(privatePages)).toBe(4);
  });

  it("a refused environment code names its variable", async () => {
    configure({ ACCESS_CODE_SCHEVENINGEN: "x".repeat(201) });
    await expect(syncAccessCodes()).rejects.toThrow(/ACCESS_CODE_SCHEVENINGEN/);
  });

  it("rotation takes effect at once: the old code stops and earlier unlocks are relocked", async () => {
    await syncAccessCodes();
    const cookie = await unlockWith("zomeravondzeilen", "zomer2025");
    expect(await isUnlocked(withCookie(cookie), "zomeravondzeilen")).toBe(true);

    expect(await setAccessCodes("zomeravondzeilen", ["augustus"])).toEqual({ codeCount: 1 });
    expect(await isUnlocked(withCookie(cookie), "zomeravondzeilen")).toBe(false);
    const old = await attemptUnlock({ pageKey: "zomeravondzeilen", code: "zomer2025", clientAddress: "10.0.0.2", request: anyRequest() });
    expect(old.outcome).toBe("wrong");
    const fresh = await unlockWith("zomeravondzeilen", "augustus", "10.0.0.2");
    expect(await isUnlocked(withCookie(fresh), "zomeravondzeilen")).toBe(true);

    const [row] = await database.db().select().from(privatePages).where(eq(privatePages.key, "zomeravondzeilen"));
    expect(row.codesUpdatedAt).toBeInstanceOf(Date);
    // An empty list locks the page for everyone.
    await setAccessCodes("zomeravondzeilen", []);
    expect((await attemptUnlock({ pageKey: "zomeravondzeilen", code: "augustus", clientAddress: "10.0.0.3", request: anyRequest() })).outcome).toBe("wrong");
  });

  it("an unlock is for one page only", async () => {
    await syncAccessCodes();
    await setAccessCodes("scheveningen", ["shared-word"]);
    await setAccessCodes("vwdtp", ["shared-word"]);
    const cookie = await unlockWith("vwdtp", "shared-word");
    expect(await isUnlocked(withCookie(cookie), "vwdtp")).toBe(true);
    expect(await isUnlocked(withCookie(cookie.replace("access_vwdtp", "access_scheveningen")), "scheveningen")).toBe(false);
  });

  it("lists the pages for the admin side, without codes", async () => {
    await syncAccessCodes();
    configure({ ACCESS_CODE_VWDTP: "Leden-2026" });
    const pages = await listPrivatePages();
    expect(pages.map((p) => p.key)).toEqual(["arc-registration", "vwdtp", "scheveningen", "zomeravondzeilen"]);
    expect(pages.find((p) => p.key === "zomeravondzeilen")).toMatchObject({ codeCount: 2, path: "/zomeravondzeilen", setByEnvironment: false });
    expect(pages.find((p) => p.key === "vwdtp")).toMatchObject({ envVar: "ACCESS_CODE_VWDTP", setByEnvironment: true });
    expect(JSON.stringify(pages)).not.toContain("scrypt$");
  });

  it("after 10 wrong codes in 10 minutes an address is refused, even with the right code, until the window passes", async () => {
    await syncAccessCodes();
    setNowForTests("2026-03-01T10:00:00Z");
    for (let i = 0; i < MAX_WRONG_CODES; i++) {
      const attempt = await attemptUnlock({ pageKey: "vwdtp", code: `guess-${i}`, clientAddress: "192.0.2.7", request: anyRequest() });
      expect(attempt.outcome).toBe("wrong");
    }
    const eleventh = await attemptUnlock({ pageKey: "vwdtp", code: "vwdtp2025", clientAddress: "192.0.2.7", request: anyRequest() });
    // The pinned clock keeps running while the codes are hashed: allow a few seconds.
    expect(eleventh.outcome).toBe("limited");
    expect(eleventh.outcome === "limited" && eleventh.retryAfterSeconds).toBeGreaterThan(590);

    // Another address, or the same address on another page, is not affected.
    expect((await attemptUnlock({ pageKey: "vwdtp", code: "vwdtp2025", clientAddress: "192.0.2.8", request: anyRequest() })).outcome).toBe("unlocked");
    expect((await attemptUnlock({ pageKey: "scheveningen", code: "cascais2025", clientAddress: "192.0.2.7", request: anyRequest() })).outcome).toBe("unlocked");

    setNowForTests("2026-03-01T10:09:00Z");
    const later = await attemptUnlock({ pageKey: "vwdtp", code: "vwdtp2025", clientAddress: "192.0.2.7", request: anyRequest() });
    expect(later.outcome === "limited" && later.retryAfterSeconds).toBeGreaterThan(50);
    expect(later.outcome === "limited" && later.retryAfterSeconds).toBeLessThanOrEqual(70);
    setNowForTests("2026-03-01T10:10:30Z");
    expect((await attemptUnlock({ pageKey: "vwdtp", code: "vwdtp2025", clientAddress: "192.0.2.7", request: anyRequest() })).outcome).toBe("unlocked");
  });

  it("right codes do not count towards the limit", async () => {
    await syncAccessCodes();
    for (let i = 0; i < MAX_WRONG_CODES + 2; i++) {
      expect((await attemptUnlock({ pageKey: "arc-registration", code: "arc2025", clientAddress: "192.0.2.9", request: anyRequest() })).outcome).toBe("unlocked");
    }
  });
});
