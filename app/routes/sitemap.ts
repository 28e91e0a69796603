import { and, eq, ne } from "drizzle-orm";
import { publishedArticles } from "@server/articles/queries.server";
import { db } from "@server/db/client.server";
import { events } from "@server/db/schema.server";
import { env } from "@server/env.server";
import { writtenLanguages } from "~/lib/seo";
import { sitemapXml } from "~/lib/sitemap";

/** Public pages that exist whatever the content. */
const STATIC_PATHS = ["/", "/about", "/news", "/calendar", "/videos", "/waar-is-de-boot", "/privacy", "/servicevoorwaarden", "/arc", "/sail-out"];
/** Pages that force one language (`handle.locale`): no language alternates. */
const ONE_LANGUAGE_PATHS = new Set(["/servicevoorwaarden", "/arc"]);

export async function loader() {
  const base = env().publicUrl;
  const [articles, listed] = await Promise.all([
    publishedArticles(db()),
    db().select({ slug: events.slug, updatedAt: events.updatedAt, description: events.description, descriptionEn: events.descriptionEn }).from(events).where(and(eq(events.listed, true), ne(events.status, "cancelled"))),
  ]);
  const body = sitemapXml([
    ...STATIC_PATHS.map((path) => ({ url: `${base}${path}`, oneLanguage: ONE_LANGUAGE_PATHS.has(path) })),
    // Each in the languages it is written in, as its page announces them.
    ...articles.map((a) => ({
      url: `${base}/news/${a.slug}`,
      lastmod: a.updatedAt.toISOString(),
      languages: writtenLanguages({ nl: [a.title, a.description, a.content], en: [a.titleEn, a.descriptionEn, a.contentEn] }),
    })),
    ...listed.map((e) => ({
      url: `${base}/calendar?event=${encodeURIComponent(e.slug)}`,
      lastmod: e.updatedAt.toISOString(),
      languages: writtenLanguages({ nl: [e.description], en: [e.descriptionEn] }),
    })),
  ]);
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
