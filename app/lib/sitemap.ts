import type { Locale } from "~/i18n";
import { languageAlternates, languageUrl } from "./seo";

/**
 * One page of the sitemap: its plain address, when it last changed, whether it forces one
 * language (`oneLanguage`), and the languages its content is written in (default both).
 */
export type SitemapPage = { url: string; lastmod?: string; oneLanguage?: boolean; languages?: readonly Locale[] };

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The sitemap (decision 016): a page is listed at the address of each language it is written in
 * (its canonical one), each entry naming all its alternates (`xhtml:link`: those languages and
 * the plain address as x-default), as search engines ask; a page that forces one language at
 * its plain address.
 */
export function sitemapXml(pages: SitemapPage[]): string {
  const entries = pages.flatMap((page) => {
    const lastmod = page.lastmod ? `<lastmod>${escapeXml(page.lastmod)}</lastmod>` : "";
    if (page.oneLanguage) return [`  <url><loc>${escapeXml(page.url)}</loc>${lastmod}</url>`];
    const languages: readonly Locale[] = page.languages && page.languages.length > 0 ? page.languages : ["nl", "en"];
    const links = languageAlternates(page.url, languages)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hrefLang}" href="${escapeXml(a.href)}"/>`)
      .join("");
    return languages.map((locale) => `  <url><loc>${escapeXml(languageUrl(page.url, locale))}</loc>${lastmod}${links}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}
