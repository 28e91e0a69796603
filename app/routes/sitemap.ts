import { and, eq, ne } from "drizzle-orm";
import { publishedArticles } from "@server/articles/queries.server";
import { db } from "@server/db/client.server";
import { events } from "@server/db/schema.server";
import { env } from "@server/env.server";

/** Public pages that exist whatever the content. */
const STATIC_PATHS = ["/", "/about", "/news", "/calendar", "/videos", "/waar-is-de-boot", "/privacy", "/servicevoorwaarden", "/arc", "/sail-out"];

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export async function loader() {
  const base = env().publicUrl;
  const [articles, listed] = await Promise.all([
    publishedArticles(db()),
    db().select({ slug: events.slug, updatedAt: events.updatedAt }).from(events).where(and(eq(events.listed, true), ne(events.status, "cancelled"))),
  ]);
  const urls = [
    ...STATIC_PATHS.map((path) => ({ loc: `${base}${path}`, lastmod: undefined as string | undefined })),
    ...articles.map((a) => ({ loc: `${base}/news/${a.slug}`, lastmod: a.updatedAt.toISOString() })),
    ...listed.map((e) => ({ loc: `${base}/calendar?event=${encodeURIComponent(e.slug)}`, lastmod: e.updatedAt.toISOString() })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`)
    .join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
