import { describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "react-router";
import { handleError } from "~/entry.server";
import { isDatabaseBusy } from "@server/db/timeouts.server";
import { setEnvForTests } from "@server/env.server";
import { scrubReport } from "@server/error-report.server";
import { answeredBusy } from "@server/http/busy.server";

describe("what an error report may carry (SENTRY_DSN)", () => {
  it("drops the request, the user, breadcrumbs and extras, and a failed query's parameters from the messages", () => {
    const event = {
      message: "Failed query: select 1\nparams: jan@example.com",
      exception: { values: [{ type: "Error", value: 'Failed query: insert into "registrations"\nparams: Jan Jansen,jan@example.com' }, { type: "PostgresError" }] },
      request: { url: "https://site.example/events/x/register?email=jan@example.com", cookies: { session: "secret" }, data: "customerName=Jan" },
      user: { ip_address: "10.1.2.3" },
      breadcrumbs: [{ message: "GET /manage/abc" }],
      extra: { body: "customerEmail=jan@example.com" },
      tags: { request_id: "a-b-c", path: "/events/x/register" },
    };
    const sent = JSON.stringify(scrubReport(event));
    expect(sent).not.toContain("jan@example.com");
    expect(sent).not.toContain("Jan Jansen");
    expect(sent).not.toContain("secret");
    expect(sent).not.toContain("10.1.2.3");
    expect(sent).toContain("params: [redacted]");
    expect(event.tags).toEqual({ request_id: "a-b-c", path: "/events/x/register" });
    expect(Object.keys(event).sort()).toEqual(["exception", "message", "tags"]);
  });
});

describe("isDatabaseBusy", () => {
  const pgError = (code: string) => Object.assign(new Error(`postgres ${code}`), { code });
  it("recognises lock and statement timeouts, deadlocks and serialization failures, also wrapped by Drizzle", () => {
    for (const code of ["55P03", "57014", "40P01", "40001"]) {
      expect(isDatabaseBusy(pgError(code))).toBe(true);
      expect(isDatabaseBusy(new Error("Failed query: …", { cause: pgError(code) }))).toBe(true);
    }
  });
  it("does not take other faults for a busy database", () => {
    expect(isDatabaseBusy(pgError("23505"))).toBe(false);
    expect(isDatabaseBusy(new Error("Failed query: …", { cause: pgError("42P01") }))).toBe(false);
    expect(isDatabaseBusy("55P03")).toBe(false);
    expect(isDatabaseBusy(undefined)).toBe(false);
  });
});

describe("a loader or action that failed on a busy database, uncaught", () => {
  const fail = (error: unknown) => {
    const request = new Request("http://localhost/manage/abc");
    handleError(error, { request, params: {}, context: { requestId: "r-1" } } as unknown as LoaderFunctionArgs);
    return answeredBusy(request, new Response("error page", { status: 500 }));
  };

  it("gets its error page as a 503 with Retry-After instead of a 500", async () => {
    setEnvForTests({ LOG_LEVEL: "silent" });
    const answer = fail(new Error("Failed query: select … for update", { cause: Object.assign(new Error("lock timeout"), { code: "55P03" }) }));
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("5");
    expect(await answer.text()).toBe("error page");
  });

  it("leaves any other failure a 500", () => {
    setEnvForTests({ LOG_LEVEL: "silent" });
    expect(fail(new Error("a fault")).status).toBe(500);
  });
});
