// First: the messages this process starts with (everything on the server and in Node tools and
// tests; the page's language in the browser, loaded before hydration). package.json "imports"
// picks ./catalog.browser.ts or ./catalog.node.ts.
import "#i18n-catalog";
import { createContext, use, useContext } from "react";
import type { Locale } from "./define";
import { loaded, loadMessages, messages, type MessageKey } from "./store";

export type { Locale } from "./define";

export { messages, type MessageKey } from "./store";

export type TranslateParams = Record<string, string | number>;

/** The message in the language, with `{placeholders}` filled in. */
export function translate(locale: Locale, key: MessageKey, params?: TranslateParams): string {
  const template = messages[locale][key] ?? messages.en[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Whether a text is a message key (held in either language: a browser holds only the page's). */
export function isMessageKey(text: string): text is MessageKey {
  return text in messages.en || text in messages.nl;
}

export type Translator = (key: MessageKey, params?: TranslateParams) => string;

export function translator(locale: Locale): Translator {
  return (key, params) => translate(locale, key, params);
}

export { asLocale, effectiveLocale, forcedLocale, isLocale } from "./define";

export const LocaleContext = createContext<Locale>("nl");

/**
 * The page's language (forced pages included) and its translator. A language whose messages the
 * browser has not loaded yet (a switch of language, a page forced to the other one) suspends the
 * render until they are: navigations run in a transition, so the old page stays until then.
 */
export function useI18n(): { locale: Locale; t: Translator } {
  const locale = useContext(LocaleContext);
  if (!loaded.has(locale)) use(loadMessages(locale));
  return { locale, t: translator(locale) };
}
