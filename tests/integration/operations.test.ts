// @engine both: /readyz reads the applied migrations and the job queue from the database server
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedPath } from "@server/log.server";
import { startTestApp, type TestApp } from "../support/http-app";

/** Running it (issue 10): readiness, request ids, and what the request log may show. */
describe("operations", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("/healthz says the process lives; /readyz says it is ready: database, migrations, job queue", async () => {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    // Tests start no job queue (they drive the work); jobs.test.ts covers a running and a stopped one.
    expect(await ready.json()).toEqual({ status: "ok", database: "ok", migrations: "applied", queue: "not started" });
  });

  it("/readyz answers 503 while a migration is not applied", async () => {
    // Both drivers: postgres-js answers rows as an array, PGlite as { rows }.
    const result = (await app.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`)) as unknown;
    const newest = ((result as { rows?: unknown[] }).rows ?? (result as unknown[]))[0] as { id: number; hash: string; created_at: string };
    expect(newest).toBeDefined();
    await app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const notReady = await fetch(`${app.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({ status: "error", migrations: "pending" });
    } finally {
      await app.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`);
    }
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
  });

  it("gives every response its own request id", async () => {
    const [a, b] = await Promise.all([fetch(`${app.url}/robots.txt`), fetch(`${app.url}/robots.txt`)]);
    expect(a.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it("logs paths without query strings or tokens", () => {
    expect(loggedPath("/news?lang=en&email=jan@example.com")).toBe("/news");
    expect(loggedPath("/newsletter/confirm/Xk3vQ9rT2mPz8LwA4bN6")).toBe("/newsletter/confirm/:token");
    expect(loggedPath("/checkout/test/cs_test_a1B2c3D4e5F6g7H8")).toBe("/checkout/test/:token");
    expect(loggedPath("/calendar")).toBe("/calendar");
    expect(loggedPath("/events/zakelijke-zeildag/register")).toBe("/events/zakelijke-zeildag/register");
  });
});
