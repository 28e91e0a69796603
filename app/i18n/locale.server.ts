import { isLocale, type Locale } from "./index";

export const LANG_COOKIE = "lang";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
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
export function resolveLocale(request: Request): { locale: Locale; setCookie?: string } {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("lang");
  if (isLocale(fromQuery)) {
    const secure = url.protocol === "https:" ? "; Secure" : "";
    return {
      locale: fromQuery,
      setCookie: `${LANG_COOKIE}=${fromQuery}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`,
    };
  }
  const stored = readCookie(request, LANG_COOKIE);
  if (isLocale(stored)) return { locale: stored };
  return { locale: localeFromAcceptLanguage(request.headers.get("accept-language")) };
}

/** The visitor's language for an action or resource route (no cookie change). */
export function requestLocale(request: Request): Locale {
  return resolveLocale(request).locale;
}

export { readCookie };
