export type Locale = "nl" | "en";

export function isLocale(value: unknown): value is Locale {
  return value === "nl" || value === "en";
}

/** The language the last matched route that forces one says (`handle = { locale: "en" }`, e.g. the English terms), if any. */
export function forcedLocale(handles: readonly unknown[]): Locale | undefined {
  for (let i = handles.length - 1; i >= 0; i--) {
    const forced = (handles[i] as { locale?: unknown } | undefined)?.locale;
    if (isLocale(forced)) return forced;
  }
  return undefined;
}

/**
 * A page's language: the one its routes force, else the visitor's. The layout's `<html lang>` and
 * the server's choice of message catalogs to announce (decision 032) both use it.
 */
export function effectiveLocale(handles: readonly unknown[], visitorLocale: Locale | undefined): Locale {
  return forcedLocale(handles) ?? visitorLocale ?? "nl";
}

/** A stored language (a booking's, a subscriber's): English when it says so, else Dutch, the site's own. */
export function asLocale(value: string | null | undefined): Locale {
  return value === "en" ? "en" : "nl";
}

/**
 * The other language's messages of an area: exactly the keys of the English ones (`satisfies
 * Messages<typeof en>`), so a key missing or extra in one language fails typecheck.
 * Placeholders are written `{name}`.
 */
export type Messages<En> = { [K in keyof En]: string };

/** An area kept in both languages in one module (only the few keys every page needs in both). */
export function defineMessages<const K extends string>(messages: {
  en: Record<K, string>;
  nl: Record<NoInfer<K>, string>;
}): { en: Record<K, string>; nl: Record<K, string> } {
  return messages;
}
