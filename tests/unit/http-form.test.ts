import { describe, expect, it } from "vitest";
import { readForm, rememberCheckedForm } from "@server/http/form.server";
import { bodyLimit, crewFormToken, FORM_BODY_MAX_BYTES, routePath, STRIPE_WEBHOOK_MAX_BYTES } from "@server/http/limits.server";
import { isCrossOrigin } from "@server/http/origin.server";
import { FORM_MAX_BYTES } from "@server/storage/limits.server";

const post = (body: BodyInit | null, headers: Record<string, string>) =>
  new Request("http://localhost/admin/codes", { method: "POST", headers, body, duplex: "half" } as RequestInit);

/** The Response readForm threw (its status and text), or the form it returned. */
async function outcome(request: Request): Promise<{ status: number; text: string } | FormData> {
  try {
    return await readForm(request);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, text: await thrown.text() };
  }
}

describe("readForm", () => {
  it("returns the fields of a urlencoded or multipart form", async () => {
    const form = await outcome(post("pageKey=vwdtp&code=abc", { "content-type": "application/x-www-form-urlencoded" }));
    expect(form instanceof FormData && form.get("code")).toBe("abc");
    const multipart = new FormData();
    multipart.set("id", "x");
    const parsed = await outcome(new Request("http://localhost/admin/emails", { method: "POST", body: multipart }));
    expect(parsed instanceof FormData && parsed.get("id")).toBe("x");
  });

  it("hands over the form the request checks parsed, without reading the body; a second read parses the body", async () => {
    const request = post("code=from-the-body", { "content-type": "application/x-www-form-urlencoded" });
    rememberCheckedForm(request, new URLSearchParams("code=checked&code=twice"));
    const form = await outcome(request);
    expect(form instanceof FormData && form.getAll("code")).toEqual(["checked", "twice"]);
    expect(request.bodyUsed).toBe(false);
    const again = await outcome(request);
    expect(again instanceof FormData && again.get("code")).toBe("from-the-body");
    const multipart = new FormData();
    multipart.set("id", "x");
    const other = post("id=y", { "content-type": "application/x-www-form-urlencoded" });
    rememberCheckedForm(other, multipart);
    expect(await outcome(other)).toBe(multipart);
  });

  it("answers a body that is not a form with 415, in the visitor's language", async () => {
    expect(await outcome(post('{"id":1}', { "content-type": "application/json", "accept-language": "nl" }))).toEqual({
      status: 415,
      text: "Dit formulier is verstuurd in een vorm die de site niet accepteert.\n",
    });
    expect(await outcome(post("id=1", {}))).toMatchObject({ status: 415 });
  });

  it("answers broken multipart and NUL characters with 400", async () => {
    expect(await outcome(post("--zzz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end", { "content-type": "multipart/form-data; boundary=zzz" }))).toMatchObject({ status: 400 });
    expect(await outcome(post("code=a%00b", { "content-type": "application/x-www-form-urlencoded" }))).toMatchObject({ status: 400 });
    expect(await outcome(post("co%00de=ab", { "content-type": "application/x-www-form-urlencoded" }))).toMatchObject({ status: 400 });
  });

  it("answers an oversized body with 413, declared or streamed", async () => {
    const big = "a=" + "x".repeat(FORM_BODY_MAX_BYTES);
    expect(await outcome(post(big, { "content-type": "application/x-www-form-urlencoded", "content-length": String(big.length) }))).toMatchObject({ status: 413 });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(120));
      },
    });
    expect(await outcome(post(endless, { "content-type": "application/x-www-form-urlencoded" }))).toMatchObject({ status: 413 });
    // It stopped pulling right after the limit (a stream may read a chunk or two ahead).
    expect(pulled).toBeLessThan(FORM_BODY_MAX_BYTES + 4 * 16 * 1024);
  });
});

describe("body limits per route", () => {
  it("gives forms 64 KB, upload forms their files' limit, the webhook Stripe's size", () => {
    expect(bodyLimit("/api/newsletter")).toBe(FORM_BODY_MAX_BYTES);
    expect(bodyLimit("/events/zomer/register.data")).toBe(FORM_BODY_MAX_BYTES);
    expect(bodyLimit("/admin/blog/new")).toBe(FORM_MAX_BYTES);
    expect(bodyLimit("/admin/blog/123/edit.data")).toBe(FORM_MAX_BYTES);
    expect(bodyLimit("/admin/events/abc")).toBe(FORM_MAX_BYTES);
    expect(bodyLimit("/admin/events")).toBe(FORM_BODY_MAX_BYTES);
    expect(bodyLimit("/api/stripe/webhook")).toBe(STRIPE_WEBHOOK_MAX_BYTES);
    // A participant's crew form: 11 MB (a 10 MB file), only behind a genuine link (the handler checks the token).
    expect(bodyLimit("/my-place/abc.data")).toBe(11 * 1024 * 1024);
    expect(crewFormToken("/my-place/abc.data")).toBe("abc");
    expect(crewFormToken("/my-place/abc")).toBe("abc");
    expect(crewFormToken("/my-place/abc/files/x")).toBeUndefined();
    expect(crewFormToken("/my-booking/abc")).toBeUndefined();
    expect(routePath("/_root.data")).toBe("/");
    expect(routePath("/news/_.data")).toBe("/news");
  });
});

describe("isCrossOrigin", () => {
  const own = ["https://www.example.nl", "http://127.0.0.1:3000"];
  it("accepts the site's own origins and requests from no browser page", () => {
    expect(isCrossOrigin({ origin: "https://www.example.nl" }, own)).toBe(false);
    expect(isCrossOrigin({ origin: "http://127.0.0.1:3000", secFetchSite: "same-origin" }, own)).toBe(false);
    expect(isCrossOrigin({}, own)).toBe(false);
    expect(isCrossOrigin({ secFetchSite: "same-origin" }, own)).toBe(false);
  });
  it("refuses other origins, null, a sibling site and junk", () => {
    expect(isCrossOrigin({ origin: "https://evil.example" }, own)).toBe(true);
    expect(isCrossOrigin({ origin: "http://www.example.nl" }, own)).toBe(true);
    expect(isCrossOrigin({ origin: "null" }, own)).toBe(true);
    expect(isCrossOrigin({ origin: "not a url" }, own)).toBe(true);
    expect(isCrossOrigin({ secFetchSite: "cross-site" }, own)).toBe(true);
    expect(isCrossOrigin({ secFetchSite: "same-site" }, own)).toBe(true);
  });
});
