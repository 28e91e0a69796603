import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@server/env.server";

const POSTGRES = "postgres://postgres@127.0.0.1:5432/site";

describe("UPLOAD_STORAGE", () => {
  it("defaults to the disk on PGlite and to the database with DATABASE_URL", () => {
    expect(parseEnv({}).uploadStorage).toBe("disk");
    expect(parseEnv({ UPLOAD_STORAGE: "" }).uploadStorage).toBe("disk");
    expect(parseEnv({ DATABASE_URL: POSTGRES }).uploadStorage).toBe("database");
  });

  it("can be chosen either way, whatever the database", () => {
    expect(parseEnv({ UPLOAD_STORAGE: "database" }).uploadStorage).toBe("database");
    expect(parseEnv({ UPLOAD_STORAGE: " disk ", DATABASE_URL: POSTGRES }).uploadStorage).toBe("disk");
  });

  it("refuses anything else, naming the variable", () => {
    for (const value of ["s3", "Disk", "db", "true"]) {
      expect(() => parseEnv({ UPLOAD_STORAGE: value }), value).toThrow(EnvError);
      expect(() => parseEnv({ UPLOAD_STORAGE: value }), value).toThrow(/UPLOAD_STORAGE: must be disk or database/);
    }
  });
});
