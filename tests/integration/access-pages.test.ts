// @engine pglite: HTTP glue of the private pages (the code store and its limits are tested on both in access.test)
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetUnlockAttemptsForTests } from "@server/access/attempt.server";
import { syncAccessCodes } from "@server/access/store.server";
import { setDatabase } from "@server/db/client.server";
import { seedDemoContentIfEmpty } from "@server/db/seed/index.server";
import { events } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import * as arcPage from "~/routes/private/arc";
import * as scheveningenPage from "~/routes/private/scheveningen";
import * as vwdtpPage from "~/routes/private/vwdtp";
import { useTestDatabase } from "../support/db";
import { formRequest, routeArgs } from "../support/forms";

/** What a loader or action answered: React Router's data() wrapper, a Response, or plain data. */
function unwrap(result: unknown): { status: number; body: unknown; headers: Headers } {
  if (result instanceof Response) return { status: result.status, body: undefined, headers: result.headers };
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

const args = (request: Request, address = "10.9.0.1") => routeArgs(request, {}, address) as never;

describe("private page routes on the server", () => {
  const database = useTestDatabase();

  beforeAll(async () => {
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SESSION_SECRET: "route-test-secret-route-test-secret-0001",
      LOG_LEVEL: "silent",
      DEMO_CONTENT: "true",
      ACCESS_CODE_VWDTP: undefined,
      ACCESS_CODE_SCHEVENINGEN: undefined,
    });
    await seedDemoContentIfEmpty(database.db(), new Date());
    await syncAccessCodes();
  });
  beforeEach(() => resetUnlockAttemptsForTests());

  async function unlockCookie(path: string, code: string, action: (a: never) => Promise<unknown>) {
    const answer = unwrap(await action(args(formRequest(path, { code }))));
    expect(answer.status).toBe(303);
    return answer.headers.get("set-cookie")!.split(";")[0];
  }

  it("a locked page's loader answers only that it is locked", async () => {
    const answer = unwrap(await vwdtpPage.loader(args(new Request("http://localhost/vwdtp"))));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ state: "locked" });
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });

  it("the action: required, wrong (page's message, code not echoed), right (303 + cookie), then the loader serves the event", async () => {
    const empty = unwrap(await vwdtpPage.action(args(formRequest("/vwdtp", { code: "" }))));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("private.code.required");

    const wrong = unwrap(await vwdtpPage.action(args(formRequest("/vwdtp", { code: "VWDTP2025" }))));
    // A wrong code is an expected answer, not an error (no 4xx in the browser console).
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ result: { error: { code: ["Onjuist wachtwoord"] } } });
    expect(JSON.stringify(wrong.body)).not.toContain("VWDTP2025");

    const right = unwrap(await vwdtpPage.action(args(formRequest("/vwdtp?lang=en", { code: "vwdtp2025" }))));
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/vwdtp");
    // Posted with JavaScript the request is a data request; the answer still goes to the page.
    const fromScript = unwrap(await vwdtpPage.action(args(formRequest("/vwdtp.data?lang=en", { code: "vwdtp2025" }))));
    expect(fromScript.headers.get("location")).toBe("/vwdtp");
    const cookie = right.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^access_vwdtp=.+; Path=\/; HttpOnly; SameSite=Lax$/);

    const loaded = unwrap(await vwdtpPage.loader(args(new Request("http://localhost/vwdtp", { headers: { cookie: cookie.split(";")[0] } }))));
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ state: "loaded", event: { slug: "vwdtp-challenge", name: "VWDTP Challenge", depositPercent: 100 } });
  });

  it("the 11th wrong code from one address answers 429 with Retry-After, in the page's language", async () => {
    for (let i = 0; i < 10; i++) {
      expect(unwrap(await scheveningenPage.action(args(formRequest("/scheveningen", { code: `x${i}` }), "10.9.0.50"))).status).toBe(200);
    }
    const limited = unwrap(await scheveningenPage.action(args(formRequest("/scheveningen", { code: "cascais2025" }), "10.9.0.50")));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(590);
    expect(JSON.stringify(limited.body)).toContain("Te veel onjuiste pogingen. Probeer het over 10 minuten opnieuw.");
  });

  it("not found and database errors are states with their own status, never a thrown 500", async () => {
    const cookie = await unlockCookie("/scheveningen", "cascais2025", scheveningenPage.action);
    const request = () => new Request("http://localhost/scheveningen", { headers: { cookie } });
    expect(unwrap(await scheveningenPage.loader(args(request())))).toMatchObject({ status: 200, body: { state: "loaded" } });

    await database.db().update(events).set({ privatePageKey: null }).where(eq(events.slug, "scheveningen-cascais"));
    expect(unwrap(await scheveningenPage.loader(args(request())))).toMatchObject({ status: 404, body: { state: "not_found" } });
    await database.db().update(events).set({ privatePageKey: "scheveningen" }).where(eq(events.slug, "scheveningen-cascais"));

    const handle = { db: database.db(), kind: database.kind(), close: async () => undefined };
    setDatabase(undefined); // every query now fails, as with a database that is down
    try {
      expect(unwrap(await scheveningenPage.loader(args(request())))).toMatchObject({ status: 500, body: { state: "error" } });
      expect(unwrap(await vwdtpPage.loader(args(new Request("http://localhost/vwdtp"))))).toMatchObject({ status: 500, body: { state: "empty" } });
      expect(unwrap(await arcPage.loader())).toMatchObject({ status: 500, body: { state: "error" } });
    } finally {
      setDatabase(handle);
    }
  });

  it("/arc: the ARC by its slug, with the offer price; 404 state when it is missing", async () => {
    const loaded = unwrap(await arcPage.loader());
    expect(loaded.body).toMatchObject({ state: "loaded", event: { slug: "arc-2025", name: "ARC 2025" }, offerPriceCents: 495_000 });
    await database.db().update(events).set({ slug: "arc-2025-renamed" }).where(eq(events.slug, "arc-2025"));
    try {
      expect(unwrap(await arcPage.loader())).toMatchObject({ status: 404, body: { state: "not_found" } });
    } finally {
      await database.db().update(events).set({ slug: "arc-2025" }).where(eq(events.slug, "arc-2025-renamed"));
    }
  });
});
