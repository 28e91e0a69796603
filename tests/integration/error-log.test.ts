// @engine pglite: error logging and the reporting hook of the HTTP app; no SQL of its own
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type * as AppModule from "@server/app";
import type * as ClientModule from "@server/db/client.server";
import type * as ReportModule from "@server/error-report.server";
import type * as LogModule from "@server/log.server";
import { httpRequest, startTestApp, type TestApp } from "../support/http-app";

// A loader that throws: one JSON line in the server log with the request's id, no stack for the
// visitor, and the error reporter called when SENTRY_DSN is set (a fake here: no network).
// Runs the real Express app with every route, on PGlite and on PostgreSQL.

let app: TestApp;
let lines: string[] = [];
let logModule: typeof LogModule;
let report: typeof ReportModule;
let client: typeof ClientModule;
const reported: { error: unknown; request: unknown; dsn: string }[] = [];
let loads = 0;

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { req?: { id?: string; path?: string }; err?: { message?: string; stack?: string[] } });

/** Makes the next request's loader throw: the database goes away while the request runs, then comes back. */
async function withDatabaseGone<T>(request: () => Promise<T>): Promise<T> {
  const embedded = client.embeddedClient();
  const open = { db: app.db, kind: embedded ? ("pglite" as const) : ("postgres" as const), embedded, close: async () => {} };
  client.setDatabase(undefined);
  try {
    return await request();
  } finally {
    client.setDatabase(open);
  }
}

beforeAll(async () => {
  app = await startTestApp({ env: { LOG_LEVEL: "info" } });
  logModule = await app.load<typeof LogModule>("/server/log.server.ts");
  report = await app.load<typeof ReportModule>("/server/error-report.server.ts");
  client = await app.load<typeof ClientModule>("/server/db/client.server.ts");
  logModule.setLogDestinationForTests({ write: (line: string) => void lines.push(line) });
  report.setErrorReporterLoaderForTests(async (dsn) => {
    loads += 1;
    return { capture: (error, request) => void reported.push({ error, request, dsn }), flush: async () => true };
  });
  // The request log is made with the app: built again, it writes to the captured lines too.
  app.reconfigure({ LOG_LEVEL: "info" });
}, 120_000);

afterEach(() => {
  lines = [];
  reported.length = 0;
});

afterAll(async () => {
  report?.setErrorReporterLoaderForTests(undefined);
  logModule?.setLogDestinationForTests(undefined);
  await app?.close();
});

describe("a loader that throws", () => {
  it("is logged once, as JSON with the request's id and path (no query), and the visitor sees no message or stack", async () => {
    const errors = vi.spyOn(console, "error");
    try {
      const answer = await withDatabaseGone(() => httpRequest(`${app.url}/calendar?email=jan@example.com`, { headers: { "accept-language": "en" } }));
      expect(answer.status).toBe(500);
      const requestId = answer.headers["x-request-id"];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.text).not.toContain("The database is not open yet");
      expect(answer.text).not.toMatch(/\bat \S+ \(|client\.server/);
      expect(answer.text).toContain("An unexpected error occurred");

      const entries = logged();
      // (The render cache notes separately that it could not read the database either.)
      const failures = entries.filter((entry) => entry.req?.id === requestId && entry.err !== undefined);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ level: "error", msg: "Request failed", req: { id: requestId, method: "GET", path: "/calendar" }, err: { message: "The database is not open yet" } });
      expect(failures[0].err?.stack?.length).toBeGreaterThan(0);
      // The request's own line carries the same id; nothing holds the query's e-mail address.
      expect(entries.some((entry) => entry.req?.id === requestId && entry.msg === "GET /calendar 500")).toBe(true);
      expect(lines.join("\n")).not.toContain("jan@example.com");
      // Every line is the JSON log's; React Router's own console.error is not used.
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    // Without SENTRY_DSN the reporter is never even loaded.
    expect(loads).toBe(0);
    expect(reported).toHaveLength(0);
  });

  it("goes to the error reporter too when SENTRY_DSN is set, with the request's id", async () => {
    app.reconfigure({ LOG_LEVEL: "info", SENTRY_DSN: "https://public-key@errors.example/42" });
    try {
      const answer = await withDatabaseGone(() => httpRequest(`${app.url}/calendar`));
      expect(answer.status).toBe(500);
      await vi.waitFor(() => expect(reported).toHaveLength(1));
      expect(loads).toBe(1);
      expect(reported[0].dsn).toBe("https://public-key@errors.example/42");
      expect((reported[0].error as Error).message).toBe("The database is not open yet");
      expect(reported[0].request).toMatchObject({ id: answer.headers["x-request-id"], method: "GET" });
    } finally {
      app.reconfigure({ LOG_LEVEL: "info" });
    }
  });
});

describe("Express's last-resort error handler", () => {
  it("logs the error with the request's id, reports it when configured, and answers a plain 500", async () => {
    const { lastResortErrorHandler } = await app.load<typeof AppModule>("/server/app.ts");
    app.reconfigure({ LOG_LEVEL: "info", SENTRY_DSN: "https://public-key@errors.example/42" });
    try {
      const sent: { status?: number; body?: string } = {};
      const res = {
        headersSent: false,
        status(code: number) {
          sent.status = code;
          return this;
        },
        type() {
          return this;
        },
        send(body: string) {
          sent.body = body;
          return this;
        },
      } as unknown as ExpressResponse;
      const req = { id: "req-123", method: "POST", originalUrl: "/api/newsletter?email=jan@example.com" } as unknown as ExpressRequest;
      lastResortErrorHandler(new Error("socket trouble"), req, res, () => {});
      expect(sent).toEqual({ status: 500, body: "Internal server error" });
      const [entry] = logged().filter((line) => line.err?.message === "socket trouble");
      expect(entry).toMatchObject({ msg: "Unhandled server error", req: { id: "req-123", method: "POST", path: "/api/newsletter" } });
      await vi.waitFor(() => expect(reported).toHaveLength(1));
      expect(reported[0].request).toMatchObject({ id: "req-123" });
      expect(lines.join("\n")).not.toContain("jan@example.com");
    } finally {
      app.reconfigure({ LOG_LEVEL: "info" });
    }
  });
});
