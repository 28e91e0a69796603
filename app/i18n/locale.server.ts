import { createCookie } from "react-router";
import { isLocale, type Locale } from "./index";

export const LANG_COOKIE = "lang";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * React Router keeps a cookie's value as base64 JSON; the language cookie keeps its plain value
 * (`lang=nl`), as browsers already hold it. These turn one into the other on the way out and in.
 */
const plainValue = {
  encode: (encoded: string) => encodeURIComponent(String(JSON.parse(atob(encoded)))),
  decode: (raw: string) => {
    try {
      return btoa(JSON.stringify(decodeURIComponent(raw)));
    } catch {
      return undefined; // not a plain ASCII value: no stored choice
    }
  },
};

/** The visitor's language choice: not signed (it decides nothing but the language), one year. */
const langCookie = createCookie(LANG_COOKIE, { path: "/", sameSite: "lax", maxAge: ONE_YEAR_SECONDS, ...plainValue });

/** The language stored in the cookie, if any. */
export async function storedLocale(request: Request): Promise<Locale | undefined> {
  return storedLocaleIn(request.headers.get("cookie"));
}

/** The same from a Cookie header (the page cache reads it before React Router has a Request). */
export async function storedLocaleIn(cookieHeader: string | null | undefined): Promise<Locale | undefined> {
  const stored: unknown = await langCookie.parse(cookieHeader ?? null);
  return typeof stored === "string" && isLocale(stored) ? stored : undefined;
}

export function localeFromAcceptLanguage(header: string | null): Locale {
  // The spec's rule: the browser's (first) language starting with "nl" gives Dutch.
  const first = header?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("nl") ? "nl" : "en";
}

/**
 * `?lang=` (which also sets the choice) > the stored choice (cookie) > Accept-Language.
 * Returns the Set-Cookie header to send when `?lang=` changed the choice.
 */
export async function resolveLocale(request: Request): Promise<{ locale: Locale; setCookie?: string }> {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("lang");
  if (isLocale(fromQuery)) {
    return { locale: fromQuery, setCookie: await langCookie.serialize(fromQuery, { secure: url.protocol === "https:" }) };
  }
  const stored = await storedLocale(request);
  if (stored) return { locale: stored };
  return { locale: localeFromAcceptLanguage(request.headers.get("accept-language")) };
}

/** The visitor's language for an action or resource route (no cookie change). */
export async function requestLocale(request: Request): Promise<Locale> {
  return (await resolveLocale(request)).locale;
}
