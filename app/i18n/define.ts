export type Locale = "nl" | "en";

export function isLocale(value: unknown): value is Locale {
  return value === "nl" || value === "en";
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
