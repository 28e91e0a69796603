// @engine both: SITE_MODE=live refusals, and the admin form's access codes stored in the database (a demo code refused on both engines)
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { translate } from "~/i18n";
import { action as codesAction } from "~/routes/admin/codes";
import { demoAccessCodeRefused } from "@server/access/pages.server";
import { liveAccessCodeProblems, storedCodeHashes, syncAccessCodes } from "@server/access/store.server";
import { privatePages } from "@server/db/schema.server";
import { EnvError, parseEnv, setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { formRequest, routeArgs } from "../support/forms";
import { signedInUser } from "./admin-fixtures";

const LIVE = {
  SITE_MODE: "live",
  STRIPE_SECRET_KEY: "sk_live_51abcdefghijklmnop",
  STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijklmnop",
  SMTP_URL: "smtps://mailer:secret@smtp.example.org:465",
  SESSION_SECRET: "a-live-session-secret-of-enough-length-123",
  PUBLIC_URL: "https://www.oceanracing.example",
  HEALTH_DATA_KEY: "q83vEjRWeJqrze8SNFZ4mqvN7xI0VniaQ2VkZQAxMjM=",
  SELLER_LEGAL_NAME: "Ocean Racing Team B.V.",
  SELLER_ADDRESS: "Dr. Lelykade 1|2583 CL Den Haag|Nederland",
  SELLER_KVK: "12345678",
  SELLER_VAT_NUMBER: "NL123456789B01",
  SELLER_IBAN: "NL91 ABNA 0417 1643 00",
};

describe("SITE_MODE=live fails closed (issue 10)", () => {
  it("the demo stays the default, with demo content and without anything configured", () => {
    const demo = parseEnv({});
    expect(demo.SITE_MODE).toBe("demo");
    expect(demo.DEMO_CONTENT).toBe(true);
  });

  it("refuses to start live without payments, mail, secret or https, naming every variable at once", () => {
    let message = "";
    try {
      parseEnv({ SITE_MODE: "live", PUBLIC_URL: "http://www.oceanracing.example", DEMO_CONTENT: "true" });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    for (const name of [
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "SMTP_URL",
      "SESSION_SECRET",
      "PUBLIC_URL: must be an https",
      "DEMO_CONTENT",
      "HEALTH_DATA_KEY",
      // Every invoice names the seller (decision 046).
      "SELLER_LEGAL_NAME",
      "SELLER_ADDRESS",
      "SELLER_KVK",
      "SELLER_VAT_NUMBER",
      "SELLER_IBAN",
    ]) {
      expect(message).toContain(name);
    }
  });

  it("refuses keys that are not Stripe's, and starts with everything in place (no demo content)", () => {
    expect(() => parseEnv({ ...LIVE, STRIPE_SECRET_KEY: "pk_live_publishable" })).toThrow(/STRIPE_SECRET_KEY: not a Stripe secret key/);
    expect(() => parseEnv({ ...LIVE, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    // The crew file's health data is sealed with a key of 32 bytes (decision 043): a shorter one is refused.
    expect(() => parseEnv({ ...LIVE, HEALTH_DATA_KEY: "c2hvcnQ=" })).toThrow(/HEALTH_DATA_KEY: must be 32 bytes/);
    // The seller's identifiers by their format: an IBAN whose check digits do not match, a VAT number that is none.
    expect(() => parseEnv({ ...LIVE, SELLER_IBAN: "NL92ABNA0417164300" })).toThrow(/SELLER_IBAN: must be a valid IBAN/);
    expect(() => parseEnv({ ...LIVE, SELLER_VAT_NUMBER: "123456789" })).toThrow(/SELLER_VAT_NUMBER/);
    expect(() => parseEnv({ ...LIVE, SELLER_KVK: "1234" })).toThrow(/SELLER_KVK/);
    const live = parseEnv(LIVE);
    expect(live.SITE_MODE).toBe("live");
    expect(live.DEMO_CONTENT).toBe(false);
  });

  it("the demo says so on every page (the root loader's flag); a live site does not", async () => {
    const { loader } = await import("~/root");
    const demoFlag = async () => {
      const result = (await loader({ request: new Request("http://localhost/"), params: {}, context: {} } as never)) as unknown as { data: { demo?: boolean } };
      return result.data.demo;
    };
    setEnvForTests({ SITE_MODE: "demo" });
    expect(await demoFlag()).toBe(true);
    setEnvForTests(LIVE);
    expect(await demoFlag()).toBe(false);
    setEnvForTests({ SITE_MODE: "demo" });
  });

  describe("access codes", () => {
    const database = useTestDatabase();
    const configure = (overrides: Record<string, string | undefined>) =>
      setEnvForTests({
        ...LIVE,
        DATA_DIR: database.dataDir(),
        DATABASE_URL: process.env.DATABASE_URL,
        LOG_LEVEL: "silent",
        ACCESS_CODE_ARC_REGISTRATION: undefined,
        ACCESS_CODE_VWDTP: undefined,
        ACCESS_CODE_SCHEVENINGEN: undefined,
        ACCESS_CODE_ZOMERAVONDZEILEN: undefined,
        ...overrides,
      });
    beforeEach(async () => {
      await database.db().delete(privatePages);
    });
    afterAll(() => setEnvForTests({ SITE_MODE: "demo" }));

    it("names every private page without a real code, and a demo code from the README", async () => {
      configure({ ACCESS_CODE_VWDTP: "Echte-Code-2026", ACCESS_CODE_SCHEVENINGEN: "cascais2025" });
      const problems = liveAccessCodeProblems(await syncAccessCodes());
      expect(problems).toHaveLength(3);
      expect(problems.join("\n")).toMatch(/ACCESS_CODE_ARC_REGISTRATION: missing/);
      expect(problems.join("\n")).toMatch(/ACCESS_CODE_ZOMERAVONDZEILEN: missing/);
      expect(problems.join("\n")).toMatch(/ACCESS_CODE_SCHEVENINGEN: holds a demo access code/);
    });

    it("refuses a README demo code typed into /admin/codes by the start-up check's own rule, changing nothing", async () => {
      configure({ ACCESS_CODE_VWDTP: "Echte-Code-2026", ACCESS_CODE_ARC_REGISTRATION: undefined });
      await syncAccessCodes();
      const admin = await signedInUser({ admin: true });
      const post = (fields: Record<string, string>) =>
        codesAction(routeArgs(formRequest("/admin/codes", fields, { origin: "https://www.oceanracing.example", cookie: admin.cookie }), {}) as never) as Promise<unknown>;
      const before = await storedCodeHashes("arc-registration");
      // Any page's demo code, whatever its case or the spaces around it.
      for (const code of ["arc2025", " ARC2025 ", "cascais2025"]) {
        const answer = (await post({ pageKey: "arc-registration", code })) as { data: { errors: { code?: string }; feedback: { message: string } }; init: { status: number } };
        expect(answer.init.status).toBe(400);
        expect(answer.data.errors.code).toBe("admin.codes.validation.demo");
        expect(translate("nl", "admin.codes.validation.demo")).toMatch(/^Dit is een democode uit de README/);
      }
      const second = (await post({ pageKey: "zomeravondzeilen", code: "Zomer-Avond-26", secondCode: "avond2025" })) as { data: { errors: { secondCode?: string } }; init: { status: number } };
      expect(second.init.status).toBe(400);
      expect(second.data.errors.secondCode).toBe("admin.codes.validation.demo");
      expect(await storedCodeHashes("arc-registration")).toEqual(before);
      expect(await storedCodeHashes("zomeravondzeilen")).toEqual([]);
      // The start-up check says no to the same code, by the same rule.
      configure({ ACCESS_CODE_VWDTP: "Echte-Code-2026", ACCESS_CODE_ARC_REGISTRATION: "ARC2025" });
      expect(liveAccessCodeProblems(await syncAccessCodes()).join("\n")).toMatch(/ACCESS_CODE_ARC_REGISTRATION: holds a demo access code/);
      // A real code is taken.
      configure({ ACCESS_CODE_VWDTP: "Echte-Code-2026" });
      // (A plain object: the action's success answer is its data.)
      const real = (await post({ pageKey: "arc-registration", code: "Arc-Leden-2026" })) as { feedback: { kind: string } };
      expect(real.feedback.kind).toBe("success");
      expect(await storedCodeHashes("arc-registration")).toHaveLength(1);
      // Only the demo with its demo content takes a demo code.
      expect(demoAccessCodeRefused("arc2025", { SITE_MODE: "demo", DEMO_CONTENT: true })).toBe(false);
      expect(demoAccessCodeRefused("arc2025", { SITE_MODE: "demo", DEMO_CONTENT: false })).toBe(true);
      expect(demoAccessCodeRefused("Arc-Leden-2026", { SITE_MODE: "live", DEMO_CONTENT: false })).toBe(false);
    });

    it("accepts real codes for every page", async () => {
      configure({
        ACCESS_CODE_ARC_REGISTRATION: "Arc-Leden-2026",
        ACCESS_CODE_VWDTP: "Echte-Code-2026",
        ACCESS_CODE_SCHEVENINGEN: "Cascais-Zeilers-26",
        ACCESS_CODE_ZOMERAVONDZEILEN: "Zomer-Avond-26,Tweede-Code-26",
      });
      expect(liveAccessCodeProblems(await syncAccessCodes())).toEqual([]);
    });
  });
});
