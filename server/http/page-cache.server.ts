import crypto from "node:crypto";
import type { EntryContext } from "react-router";
import { LANG_COOKIE } from "~/i18n/locale.server";

/**
 * HTTP caching of server-rendered pages (docs/decisions/013-compression-and-http-caching.md).
 *
 * - `revalidate`: an anonymous GET of a public page answered 200. `Cache-Control: private,
 *   no-cache` and a weak ETag over the HTML with the CSP nonce and the render instant masked out: the browser keeps the
 *   page and asks each time; an unchanged page is answered 304 without a body. `private`: the
 *   page carries a per-response nonce, which a shared cache would hand to every visitor.
 * - `no-store`: anything personal or one-off: a form result (POST), a response that sets a
 *   cookie, a request with any cookie but the language choice (the admin session or device, a
 *   private page's unlock), the payment result and token links, errors, pages that stream
 *   deferred data.
 * - `route`: the route set Cache-Control itself (private pages, the admin gate): left alone.
 */
export type PagePolicy = "revalidate" | "no-store" | "route";

export const REVALIDATE = "private, no-cache";
export const NO_STORE = "private, no-store";

/** Pages about one visitor's booking or subscription, reached by a link with a token or id. */
const PERSONAL_PATHS = [/^\/payment-success(\/|$)/, /^\/checkout\//, /^\/newsletter\/(confirm|unsubscribe)\//, /^\/admin(\/|$)/];

export function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter(Boolean);
}

export function isPersonalPath(pathname: string): boolean {
  return PERSONAL_PATHS.some((pattern) => pattern.test(pathname));
}

function streamsDeferredData(context: EntryContext): boolean {
  const data = context.staticHandlerContext.loaderData ?? {};
  return Object.values(data).some(
    (routeData) =>
      routeData !== null &&
      typeof routeData === "object" &&
      Object.values(routeData as Record<string, unknown>).some((value) => value instanceof Promise),
  );
}

export function pagePolicy(request: Request, status: number, headers: Headers, context: EntryContext): PagePolicy {
  if (headers.has("Cache-Control")) return "route";
  if (request.method !== "GET" && request.method !== "HEAD") return "no-store";
  if (status !== 200) return "no-store";
  if (context.staticHandlerContext.actionData) return "no-store";
  if (headers.has("Set-Cookie")) return "no-store";
  if (cookieNames(request.headers.get("cookie")).some((name) => name !== LANG_COOKIE)) return "no-store";
  if (isPersonalPath(new URL(request.url).pathname)) return "no-store";
  if (streamsDeferredData(context)) return "no-store";
  return "revalidate";
}

/**
 * What differs between two renderings of the same page: the CSP nonce, and the instants of the
 * server's clock that loaders hand to the page as `now` (the root's and, e.g., the calendar's),
 * so that server and browser render time rules alike; everything derived from them is in the
 * markup itself. A loader that passes the clock to its page names it `now`.
 */
export function volatileValues(context: EntryContext, nonce: string): string[] {
  const values = new Set([nonce]);
  for (const routeData of Object.values(context.staticHandlerContext.loaderData ?? {})) {
    const now = routeData !== null && typeof routeData === "object" ? (routeData as { now?: unknown }).now : undefined;
    if (typeof now === "string") values.add(now);
  }
  return [...values].filter((value) => value.length >= 8);
}

/**
 * A weak ETag over the page with its volatile values taken out: two renderings of the same
 * content differ only by those, so they are equal in meaning (weak), not byte for byte (strong).
 */
export function pageETag(html: Buffer, volatile: string[]): string {
  let text = html.toString("utf8");
  for (const value of volatile) text = text.split(value).join("");
  return `W/"${crypto.createHash("sha256").update(text).digest("base64url").slice(0, 32)}"`;
}

/** If-None-Match with weak comparison (RFC 9110 13.1.2): any listed tag equal to ours, or `*`. */
export function matchesIfNoneMatch(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const ours = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === ours);
}
