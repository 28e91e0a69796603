import { createContext, useContext } from "react";
import type { Locale } from "./define";
import admin from "./messages/admin";
import booking from "./messages/booking";
import common from "./messages/common";
import content from "./messages/content";
import errors from "./messages/errors";
import events from "./messages/events";
import home from "./messages/home";
import news from "./messages/news";
import newsletter from "./messages/newsletter";
import privatePages from "./messages/private";

export type { Locale } from "./define";

const areas = [common, home, content, news, newsletter, events, booking, privatePages, admin, errors] as const;

type Area = (typeof areas)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllMessages = UnionToIntersection<Area["en"]>;
export type MessageKey = keyof AllMessages & string;

function merge(locale: Locale): Record<MessageKey, string> {
  return Object.assign({}, ...areas.map((area) => area[locale])) as Record<MessageKey, string>;
}

export const messages: Record<Locale, Record<MessageKey, string>> = { en: merge("en"), nl: merge("nl") };

export type TranslateParams = Record<string, string | number>;

/** The message in the language, with `{placeholders}` filled in. */
export function translate(locale: Locale, key: MessageKey, params?: TranslateParams): string {
  const template = messages[locale][key] ?? messages.en[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export type Translator = (key: MessageKey, params?: TranslateParams) => string;

export function translator(locale: Locale): Translator {
  return (key, params) => translate(locale, key, params);
}

export function isLocale(value: unknown): value is Locale {
  return value === "nl" || value === "en";
}

export const LocaleContext = createContext<Locale>("nl");

/** The page's language (forced pages included) and its translator. */
export function useI18n(): { locale: Locale; t: Translator } {
  const locale = useContext(LocaleContext);
  return { locale, t: translator(locale) };
}
