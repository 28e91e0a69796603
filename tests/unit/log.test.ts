import { describe, expect, it } from "vitest";
import { safeError } from "@server/log.server";

describe("the server log keeps personal data out (issue 10)", () => {
  it("drops a failed query's parameters from an error, keeping its kind, code and frames", () => {
    const error = Object.assign(
      new Error('Failed query: insert into "registrations" ("customer_name", "customer_email") values ($1, $2)\nparams: Jan Jansen,jan@example.com'),
      { code: "23505", detail: "Key (customer_email)=(jan@example.com) already exists." },
    );
    const logged = JSON.stringify(safeError(error));
    expect(logged).not.toContain("jan@example.com");
    expect(logged).not.toContain("Jan Jansen");
    expect(logged).toContain("params: [redacted]");
    expect(safeError(error)).toMatchObject({ type: "Error", code: "23505" });
    expect((safeError(error).stack as string[]).every((line) => line.startsWith("at "))).toBe(true);
  });

  it("follows causes, and never dumps a thrown non-error object", () => {
    const wrapped = new Error("outer", { cause: new Error("Failed query: select 1\nparams: geheim@example.com") });
    expect(JSON.stringify(safeError(wrapped))).not.toContain("geheim@example.com");
    expect(safeError({ email: "x@example.com" })).toEqual({ message: "non-error thrown" });
  });
});
