import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { matchesIfNoneMatch, pageETag, pagePolicy, volatileValues } from "@server/http/page-cache.server";

// The ETag and the caching rule of pages (decision 013).

const context = (loaderData: Record<string, unknown>, actionData: unknown = null) =>
  ({ staticHandlerContext: { loaderData, actionData } }) as unknown as EntryContext;

function page(nonce: string, rootNow: string, calendarNow: string, name = "ARC 2026") {
  return Buffer.from(
    `<html><script nonce="${nonce}">x</script><h1>${name}</h1><script nonce="${nonce}">ctx(["now","${rootNow}","events",{"now":"${calendarNow}"}])</script></html>`,
  );
}

describe("pageETag", () => {
  it("is the same for two renderings that differ only by the nonce and the loaders' clock instants", () => {
    const a = context({ root: { now: "2026-11-24T10:00:00.001Z" }, "routes/booking/calendar": { now: "2026-11-24T10:00:00.002Z" } });
    const b = context({ root: { now: "2026-11-24T10:00:05.120Z" }, "routes/booking/calendar": { now: "2026-11-24T10:00:05.121Z" } });
    const first = pageETag(page("nonceAAAAAAAAAAAAAAAAAA==", "2026-11-24T10:00:00.001Z", "2026-11-24T10:00:00.002Z"), volatileValues(a, "nonceAAAAAAAAAAAAAAAAAA=="));
    const second = pageETag(page("nonceBBBBBBBBBBBBBBBBBB==", "2026-11-24T10:00:05.120Z", "2026-11-24T10:00:05.121Z"), volatileValues(b, "nonceBBBBBBBBBBBBBBBBBB=="));
    expect(first).toMatch(/^W\/"[\w-]{32}"$/);
    expect(second).toBe(first);
    const changed = pageETag(page("nonceBBBBBBBBBBBBBBBBBB==", "2026-11-24T10:00:05.120Z", "2026-11-24T10:00:05.121Z", "ARC 2027"), volatileValues(b, "nonceBBBBBBBBBBBBBBBBBB=="));
    expect(changed).not.toBe(first);
  });
});

describe("matchesIfNoneMatch", () => {
  it("compares weakly, in a list, and takes *", () => {
    expect(matchesIfNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch("*", 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch(null, 'W/"abc"')).toBe(false);
  });
});

describe("pagePolicy", () => {
  const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });
  it("revalidates anonymous public pages and stores nothing personal", () => {
    expect(pagePolicy(get("/news"), 200, new Headers(), context({}))).toBe("revalidate");
    expect(pagePolicy(get("/news", { cookie: "lang=en" }), 200, new Headers(), context({}))).toBe("revalidate");
    expect(pagePolicy(get("/news", { cookie: "lang=en; or-admin.session_token=x" }), 200, new Headers(), context({}))).toBe("no-store");
    expect(pagePolicy(get("/"), 200, new Headers({ "Set-Cookie": "lang=en" }), context({}))).toBe("no-store");
    expect(pagePolicy(new Request("http://localhost/vwdtp", { method: "POST" }), 200, new Headers(), context({}))).toBe("no-store");
    expect(pagePolicy(get("/news"), 200, new Headers(), context({}, { form: "result" }))).toBe("no-store");
    expect(pagePolicy(get("/nope"), 404, new Headers(), context({}))).toBe("no-store");
    expect(pagePolicy(get("/payment-success?session_id=x"), 200, new Headers(), context({}))).toBe("no-store");
    expect(pagePolicy(get("/newsletter/confirm/abc"), 200, new Headers(), context({}))).toBe("no-store");
    expect(pagePolicy(get("/news"), 200, new Headers(), context({ "routes/x": { verification: Promise.resolve(1) } }))).toBe("no-store");
    expect(pagePolicy(get("/vwdtp"), 200, new Headers({ "Cache-Control": "private, no-store" }), context({}))).toBe("route");
  });
});
