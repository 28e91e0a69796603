import { data, redirect } from "react-router";
import { asLocale, isLocale, type Locale } from "~/i18n";
import { storedLocale } from "~/i18n/locale.server";
import { log } from "../log.server";
import type { RateLimiter } from "../security/rate-limit.server";

/**
 * A page reached by a signed link in an e-mail (the booker's `/my-booking/<token>`, the
 * participant's `/my-place/<token>`): the HTTP rules both follow, in one place.
 */

/**
 * Every answer about a booking reached by a token link: never cached anywhere, never indexed,
 * and the address (with its token) never sent to another site as a Referer (Stripe, a calendar
 * link). `same-origin` rather than `no-referrer`: with `no-referrer` a browser posts the page's
 * plain forms with `Origin: null`, which the site's cross-origin check refuses (403), so the
 * forms would not work without JavaScript; requests to this site itself may carry the address,
 * since the server already knows the token and logs neither Referer nor token paths.
 */
export const TOKEN_LINK_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
} as const;

/** The route's `headers`: the same private headers on every answer (the page, a form's result, the 404, 410 and 429). */
export function tokenLinkHeaders({ loaderHeaders, actionHeaders, errorHeaders }: { loaderHeaders: Headers; actionHeaders: Headers; errorHeaders?: Headers }): Headers {
  const headers = new Headers(TOKEN_LINK_HEADERS);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, name) => {
      if (name.toLowerCase() !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
}

/** A thrown answer that says nothing about a booking: the route's error boundary renders the page for the status. */
export function tokenLinkRefusal<Body>(status: 404 | 410 | 429 | 503, extra: Record<string, string> = {}, body: Body | null = null) {
  return data(body, { status, headers: { ...TOKEN_LINK_HEADERS, ...extra } });
}

/**
 * Takes one try of `limiter` for this address before the token is checked, in the same statement
 * as the decision, so parallel guesses cannot all pass (a right token gives it back with
 * `limiter.refund`): throws 429 when the address tried too many wrong tokens (then even a right one
 * waits, so guessing stays slow), 503 when the limit could not be read.
 */
export async function takeTokenTry(limiter: RateLimiter, clientAddress: string, what: string): Promise<void> {
  const taken = await limiter.consume(clientAddress).catch((error: unknown) => {
    log.error(`${what}: the rate limit could not be read`, error);
    return undefined;
  });
  if (!taken) throw tokenLinkRefusal(503, { "Retry-After": "30" });
  if (!taken.allowed) throw tokenLinkRefusal(429, { "Retry-After": String(taken.retryAfterSeconds) }, { retryAfterSeconds: taken.retryAfterSeconds });
}

/** The page's language: the visitor's own choice (`?lang=`, or the stored one), else the link's own (`linkLocale`). */
export async function tokenLinkLocale(request: Request, linkLocale: string): Promise<Locale> {
  const fromQuery = new URL(request.url).searchParams.get("lang");
  if (isLocale(fromQuery)) return fromQuery;
  return (await storedLocale(request)) ?? asLocale(linkLocale);
}

/**
 * The site renders a page in the root's language (`?lang=` > stored choice > the browser's).
 * A visitor who never chose one is sent to `?lang=<the link's language>` once, which the root
 * applies (and stores), so the header, footer and page all speak it; the switcher then works as
 * on every page. Other query parameters are kept. `address`: the page's address (the loader's
 * `url`: a client navigation's request is a data request).
 */
export async function tokenLinkLanguageRedirect(request: Request, address: URL, linkLocale: string): Promise<Response | undefined> {
  const url = new URL(address);
  if (isLocale(url.searchParams.get("lang")) || (await storedLocale(request))) return undefined;
  url.searchParams.set("lang", asLocale(linkLocale));
  return redirect(`${url.pathname}${url.search}`, { status: 302, headers: TOKEN_LINK_HEADERS });
}
