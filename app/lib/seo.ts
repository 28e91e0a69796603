import type { MetaDescriptor } from "react-router";
import { translate, type Locale, type MessageKey } from "~/i18n";
import { hasText } from "~/lib/content-language";

export type RootData = {
  locale: Locale;
  teamEmail: string;
  publicUrl: string;
  /** The server's clock (ISO) when the page was loaded: prices and states use it, not the visitor's. */
  now?: string;
  /** This request's `?lang=` changed the stored language choice. */
  langChanged?: boolean;
  /** This request's address names its language (`?lang=`): the page's canonical address does too. */
  languageAddress?: boolean;
  /** SITE_MODE=demo: every page says payments are simulated. */
  demo?: boolean;
};

export type SeoOptions = {
  title: string;
  description: string;
  path: string;
  publicUrl: string;
  locale: Locale;
  /** The request's address carries `?lang=` (RootData.languageAddress). */
  languageAddress: boolean | undefined;
  image?: string;
  type?: "website" | "article";
  noIndex?: boolean;
  /** The page exists in one language only (it forces it: the English terms, /arc): no alternates. */
  oneLanguage?: boolean;
  /**
   * The languages the page's content is written in (`writtenLanguages`), when not both: an
   * article in Dutch only is announced in Dutch only (its English address shows the Dutch text
   * with a note, and names the Dutch address as canonical).
   */
  languages?: readonly Locale[];
  /** The preload of the page's largest picture (`picturePreload()` / `srcSetPreload()`, app/components/picture.tsx). */
  largestPicture?: MetaDescriptor;
};

const SITE_SUFFIX = "| Ocean Racing Team";

/** Every page title ends with "| Ocean Racing Team" (added when the title lacks it). */
export function siteTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed.endsWith(SITE_SUFFIX) ? trimmed : `${trimmed} ${SITE_SUFFIX}`;
}

/** A page's address in one language: `?lang=` chooses it (and stores the choice). */
export function languageUrl(url: string, locale: Locale): string {
  return `${url}${url.includes("?") ? "&" : "?"}lang=${locale}`;
}

const BOTH: readonly Locale[] = ["nl", "en"];

/**
 * The languages whose texts are all written (`texts.nl` every Dutch text of the page, `texts.en`
 * the English ones): what the page announces. Both when neither is complete (nothing to prefer).
 */
export function writtenLanguages(texts: Record<Locale, ReadonlyArray<string | null | undefined>>): Locale[] {
  const written = BOTH.filter((locale) => texts[locale].every(hasText));
  return written.length > 0 ? written : [...BOTH];
}

/**
 * The hreflang alternates of a page (decision 016): each language it is written in at its
 * `?lang=` address, and the plain address, which picks the language by the visitor's cookie or
 * browser, as `x-default`. The sitemap lists the same set.
 */
export function languageAlternates(url: string, languages: readonly Locale[] = BOTH): { hrefLang: Locale | "x-default"; href: string }[] {
  return [...languages.map((locale) => ({ hrefLang: locale, href: languageUrl(url, locale) })), { hrefLang: "x-default" as const, href: url }];
}

/**
 * Title, description, canonical link, hreflang alternates and Open Graph tags for one page.
 * A page in both languages asked for at its language's `?lang=` address names that address as
 * canonical, so each language is indexed on its own address (a canonical shared by both would
 * fold them into one and void the alternates). Asked for at its plain address, which picks the
 * language by cookie or browser and is the `x-default` alternate, it names the plain address: a
 * canonical pointing from one alternate to another is a cross-language canonical, which search
 * engines (and Lighthouse's SEO audit) treat as a mistake (decision 024). A page in one language,
 * or not indexed, keeps its plain address.
 */
export function seo(input: SeoOptions): MetaDescriptor[] {
  const options = { ...input, title: siteTitle(input.title) };
  const plainUrl = `${options.publicUrl}${options.path}`;
  const bilingual = !options.noIndex && !options.oneLanguage;
  const languages = options.languages && options.languages.length > 0 ? options.languages : BOTH;
  // The language the content is shown in: the visitor's where written, else the one it has.
  const contentLocale = languages.includes(options.locale) ? options.locale : languages[0];
  const url = bilingual && options.languageAddress ? languageUrl(plainUrl, contentLocale) : plainUrl;
  const image = `${options.publicUrl}${options.image ?? "/images/og-1200.jpg"}`;
  const tags: MetaDescriptor[] = [
    { title: options.title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: options.title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:image", content: image },
    { property: "og:locale", content: (bilingual ? contentLocale : options.locale) === "nl" ? "nl_NL" : "en_GB" },
    { property: "og:site_name", content: "Ocean Racing Team" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (bilingual) {
    for (const other of languages.filter((l) => l !== contentLocale)) tags.push({ property: "og:locale:alternate", content: other === "nl" ? "nl_NL" : "en_GB" });
    for (const alternate of languageAlternates(plainUrl, languages)) tags.push({ tagName: "link", rel: "alternate", ...alternate });
  }
  if (options.noIndex) tags.push({ name: "robots", content: "noindex" });
  if (options.largestPicture) tags.push(options.largestPicture);
  return tags;
}

/** `seo()` for a page whose title and description are messages, in the page's language. */
export function pageMeta(options: Omit<SeoOptions, "title" | "description"> & { title: MessageKey; description: MessageKey }): MetaDescriptor[] {
  return seo({
    ...options,
    title: translate(options.locale, options.title),
    description: translate(options.locale, options.description),
  });
}
