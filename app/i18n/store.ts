import type { Locale } from "./define";
import type publicEn from "./messages/en";
import type contentEn from "./messages/en/content";
import type privateEn from "./messages/en/private";
import type newsEn from "./messages/en/news";
import type bookingEn from "./messages/en/booking";
import type waitlistEn from "./messages/en/waitlist";
import type newsletterLinksEn from "./messages/en/newsletter-links";
import type adminEn from "./messages/en/admin";
import type adminBookingsEn from "./messages/en/admin-bookings";
import type lifecycleEn from "./messages/en/lifecycle";
import type formEmailsEn from "./messages/en/form-emails";
import type errorsEn from "./messages/en/errors";
import type manageEn from "./messages/en/manage";
import type adminWaitlistEn from "./messages/en/admin-waitlist";
import type adminTwoFactorEn from "./messages/en/admin-2fa";
import type disruptionEn from "./messages/en/disruption";
import type adminDisruptionEn from "./messages/en/admin-disruption";
import type adminPrivacyEn from "./messages/en/admin-privacy";
import type adminLanguageEn from "./messages/en/admin-language";
import type placeEn from "./messages/en/place";
import type placeEmailsEn from "./messages/en/place-emails";
// The crew file (issue 27): the participant's page and its reminders.
import type crewEn from "./messages/en/crew";
import type crewEmailsEn from "./messages/en/crew-emails";
// Invoices and credit notes (issue 28): their PDFs and the e-mails that carry them.
import type invoiceEn from "./messages/en/invoice";
import language from "./messages/language";

/**
 * Every message key. Each area's English module (`messages/en/<area>.ts`) defines its keys and the
 * Dutch one must have exactly the same (`satisfies Messages<typeof en>`), so a key missing in one
 * language fails typecheck.
 */
export type MessageKey = (keyof typeof publicEn | keyof typeof contentEn | keyof typeof privateEn | keyof typeof newsEn | keyof typeof bookingEn | keyof typeof waitlistEn | keyof typeof newsletterLinksEn | keyof typeof adminEn | keyof typeof lifecycleEn | keyof typeof formEmailsEn | keyof typeof errorsEn | keyof typeof manageEn | keyof typeof adminBookingsEn | keyof typeof adminWaitlistEn | keyof typeof adminTwoFactorEn | keyof typeof disruptionEn | keyof typeof adminDisruptionEn | keyof typeof adminPrivacyEn | keyof typeof adminLanguageEn | keyof typeof placeEn | keyof typeof placeEmailsEn | keyof typeof crewEn | keyof typeof crewEmailsEn | keyof typeof invoiceEn | keyof typeof language.en) & string;

/**
 * The messages this process holds. The server (and every Node tool or test) holds them all once
 * this module has loaded. A browser holds only what its pages need: the public messages of the
 * page's language (one chunk per language, loaded before hydration and when another language is
 * first shown), an area's (`loadArea`) once a module showing it loads, the admin's once an admin route module loads (`~/i18n/admin`), the booking page's
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

type Catalog = () => Promise<{ default: Partial<Record<MessageKey, string>> }>;

/** An area's catalog in each language: the dynamic imports its module passes to `loadArea`. */
export type AreaCatalogs = Record<Locale, Catalog>;

/**
 * Areas only some pages show (the news pages' texts, the content pages', the private pages', the
 * booking forms', the waiting list's, the pages the newsletter's links open): each language's
 * loads with the first module that needs it (`~/i18n/news`, `~/i18n/content`, `~/i18n/private`,
 * `~/i18n/booking`, `~/i18n/waitlist`, `~/i18n/newsletter-links`), so the other pages' first
 * visit does not carry them. Each of those modules makes the dynamic imports of its own area, so
 * the build's manifest says which chunks wait for which catalogs (the server announces them in a
 * page's head, decision 032).
 */
const AREAS = ["news", "content", "private", "booking", "waitlist", "newsletter-links", "crew"] as const;
export type Area = (typeof AREAS)[number];
type Part = "public" | Area;

const publicCatalogs: AreaCatalogs = { en: () => import("./messages/en"), nl: () => import("./messages/nl") };

/** The languages whose public messages (and every area wanted so far) this process holds. */
export const loaded = new Set<Locale>();
const loading: Partial<Record<Locale, Promise<void>>> = {};
const wanted = new Map<Area, AreaCatalogs>();
const parts: Record<Locale, Partial<Record<Part, Promise<void>>>> = { en: {}, nl: {} };

/** Marks every part held (the server and Node tools, which hold all messages from the start). */
export function holdAll(): void {
  for (const locale of ["en", "nl"] as const) {
    for (const part of ["public", ...AREAS] as const) parts[locale][part] = Promise.resolve();
    loaded.add(locale);
  }
}

/** Loads one part in one language (once; a failed load is tried again next time). */
function loadPart(locale: Locale, part: Part, catalogs: AreaCatalogs): Promise<void> {
  return (parts[locale][part] ??= catalogs[locale]().then(
    (catalog) => addMessages(locale, catalog.default),
    (error: unknown) => {
      delete parts[locale][part];
      throw error;
    },
  ));
}

/** Loads a language's public messages and the areas wanted so far (once; a failure is tried again). */
export function loadMessages(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return Promise.resolve();
  return (loading[locale] ??= loadPart(locale, "public", publicCatalogs)
    .then(() => Promise.all([...wanted].map(([area, catalogs]) => loadPart(locale, area, catalogs))))
    .then(
      () => {
        loaded.add(locale);
      },
      (error: unknown) => {
        delete loading[locale];
        throw error;
      },
    ));
}

/**
 * Loads an area in the languages held or being loaded, and in those loaded later (`loadMessages`).
 * In the browser also the page's language (`<html lang>`), which the page's first render needs
 * even when this runs before the public messages have arrived.
 */
export function loadArea(area: Area, catalogs: AreaCatalogs): Promise<void> {
  wanted.set(area, catalogs);
  const locales = new Set<Locale>([...loaded, ...(Object.keys(loading) as Locale[])]);
  const pageLocale = typeof document === "undefined" ? undefined : document.documentElement.lang;
  if (pageLocale === "en" || pageLocale === "nl") locales.add(pageLocale);
  return Promise.all([...locales].map((locale) => loadPart(locale, area, catalogs))).then(() => undefined);
}

