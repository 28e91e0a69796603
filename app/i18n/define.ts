export type Locale = "nl" | "en";

/**
 * One area's messages in both languages. The English keys define the area; the Dutch object
 * must have exactly the same keys, so a key missing in one language fails typecheck.
 * Placeholders are written `{name}`.
 */
export function defineMessages<const K extends string>(messages: {
  en: Record<K, string>;
  nl: Record<NoInfer<K>, string>;
}): { en: Record<K, string>; nl: Record<K, string> } {
  return messages;
}
