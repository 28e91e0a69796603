import type { Locale } from "./define";
import type publicEn from "./messages/en";
import type adminEn from "./messages/en/admin";
import type adminBookingsEn from "./messages/en/admin-bookings";
import type lifecycleEn from "./messages/en/lifecycle";
import type manageEn from "./messages/en/manage";
import type adminWaitlistEn from "./messages/en/admin-waitlist";
import type adminTwoFactorEn from "./messages/en/admin-2fa";
import type disruptionEn from "./messages/en/disruption";
import type adminDisruptionEn from "./messages/en/admin-disruption";
import type adminPrivacyEn from "./messages/en/admin-privacy";
import type adminLanguageEn from "./messages/en/admin-language";
import language from "./messages/language";

/**
 * Every message key. Each area's English module (`messages/en/<area>.ts`) defines its keys and the
 * Dutch one must have exactly the same (`satisfies Messages<typeof en>`), so a key missing in one
 * language fails typecheck.
 */
export type MessageKey = (keyof typeof publicEn | keyof typeof adminEn | keyof typeof lifecycleEn | keyof typeof manageEn | keyof typeof adminBookingsEn | keyof typeof adminWaitlistEn | keyof typeof adminTwoFactorEn | keyof typeof disruptionEn | keyof typeof adminDisruptionEn | keyof typeof adminPrivacyEn | keyof typeof adminLanguageEn | keyof typeof language.en) & string;

/**
 * The messages this process holds. The server (and every Node tool or test) holds them all once
 * this module has loaded. A browser holds only what its pages need: the public messages of the
 * page's language (one chunk per language, loaded before hydration and when another language is
 * first shown), the admin's once an admin route module loads (`~/i18n/admin`), the booking page's
 * with it (`~/i18n/manage`), never the e-mails' (server only), and the language
 * toggle's few keys in both languages.
 */
export const messages: Record<Locale, Record<MessageKey, string>> = {
  en: { ...language.en } as Record<MessageKey, string>,
  nl: { ...language.nl } as Record<MessageKey, string>,
};

/** Adds messages to a language's catalog (the admin's, or a public chunk once loaded). */
export function addMessages(locale: Locale, catalog: Partial<Record<MessageKey, string>>): void {
  Object.assign(messages[locale], catalog);
}

const publicCatalogs: Record<Locale, () => Promise<{ default: Partial<Record<MessageKey, string>> }>> = {
  en: () => import("./messages/en"),
  nl: () => import("./messages/nl"),
};
/** The languages whose public messages this process holds. */
export const loaded = new Set<Locale>();
const loading: Partial<Record<Locale, Promise<void>>> = {};

/** Loads a language's public messages (once; a failed load is tried again next time). */
export function loadMessages(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return Promise.resolve();
  return (loading[locale] ??= publicCatalogs[locale]().then(
    (catalog) => {
      addMessages(locale, catalog.default);
      loaded.add(locale);
    },
    (error: unknown) => {
      delete loading[locale];
      throw error;
    },
  ));
}

