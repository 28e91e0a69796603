import type { Locale } from "~/i18n";

/**
 * Events and articles keep a Dutch and an English text side by side (decision 016). A visitor
 * gets their own language's text; where it is missing, the other one, and the item says which
 * of its texts fell back (`LanguageFallback`), so the page can show a note and mark those texts
 * with their language (`lang`, WCAG 3.1.2 language of parts).
 */

/** The texts an item can show in the other language. */
export type FallbackField = "title" | "description" | "content" | "name" | "included";

/** Which texts are shown in `lang` (the other language) because the visitor's is missing. */
export type LanguageFallback = { lang: Locale; fields: FallbackField[] };

export function otherLocale(locale: Locale): Locale {
  return locale === "nl" ? "en" : "nl";
}

/** A text that is written: not null and not only white space. */
export function hasText(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/** A list with at least one written item. */
export function hasItems(value: readonly string[] | null | undefined): value is string[] {
  return Array.isArray(value) && value.some(hasText);
}

/** A text as `pickText` chose it, and whether it is the other language's. */
export type PickedText = { value: string; fellBack: boolean };

/** One text in `locale`: the visitor's language where written, else the other one. */
export function pickText(locale: Locale, dutch: string | null | undefined, english: string | null | undefined): PickedText {
  const own = locale === "en" ? english : dutch;
  const other = locale === "en" ? dutch : english;
  if (hasText(own)) return { value: own, fellBack: false };
  if (hasText(other)) return { value: other, fellBack: true };
  return { value: "", fellBack: false };
}

/** One list in `locale` (an event's included items), as `pickText`. */
export function pickList(locale: Locale, dutch: readonly string[] | null | undefined, english: readonly string[] | null | undefined): { value: string[]; fellBack: boolean } {
  const own = locale === "en" ? english : dutch;
  const other = locale === "en" ? dutch : english;
  if (hasItems(own)) return { value: [...own], fellBack: false };
  if (hasItems(other)) return { value: [...other], fellBack: true };
  return { value: [], fellBack: false };
}

/** The fallback of an item from its picked texts: null when every text is in the visitor's language. */
export function fallbackOf(locale: Locale, picked: Partial<Record<FallbackField, { fellBack: boolean }>>): LanguageFallback | null {
  const fields = (Object.keys(picked) as FallbackField[]).filter((field) => picked[field]?.fellBack);
  return fields.length > 0 ? { lang: otherLocale(locale), fields } : null;
}

/** The `lang` attribute for one of an item's texts: the other language where it fell back, else none. */
export function langOf(fallback: LanguageFallback | null | undefined, field: FallbackField): Locale | undefined {
  return fallback?.fields.includes(field) ? fallback.lang : undefined;
}
