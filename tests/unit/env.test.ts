import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@server/env.server";
import { requireSharedSecret } from "@server/secrets.server";

describe("configuration", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_CONTENT).toBe(true);
    expect(env.dataDir).toMatch(/data$/);
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", SMTP_URL: " ", APP_NOW: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.APP_NOW).toBeUndefined();
  });

  it.each([
    ["PORT", "eighty"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["PUBLIC_URL", "not a url"],
    ["TEAM_EMAIL", "nobody"],
    ["SMTP_URL", "http://mail"],
    ["APP_NOW", "yesterday"],
    ["SESSION_SECRET", "short"],
  ])("stops on a wrong %s, naming it", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(name));
  });

  it("strips a trailing slash from PUBLIC_URL", () => {
    expect(parseEnv({ PUBLIC_URL: "https://www.example.org/" }).publicUrl).toBe("https://www.example.org");
  });

  it("needs SESSION_SECRET from the environment on PostgreSQL, where several instances share it (issue 10)", () => {
    const url = "postgres://postgres@127.0.0.1:5432/site";
    expect(() => requireSharedSecret(parseEnv({ DATABASE_URL: url }))).toThrow(/SESSION_SECRET: required with DATABASE_URL/);
    expect(() => requireSharedSecret(parseEnv({ DATABASE_URL: url, SESSION_SECRET: "x".repeat(40) }))).not.toThrow();
    expect(() => requireSharedSecret(parseEnv({}))).not.toThrow();
  });
});
