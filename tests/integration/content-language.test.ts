// @engine pglite: articles in one language: page shapes through the query builder
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as articlesLoader } from "~/routes/admin/articles";
import { action as newAction } from "~/routes/admin/blog-new";
import { loader as articleLoader, meta as articleMeta } from "~/routes/news/article";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { publishedArticleSummaries } from "@server/articles/queries.server";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { blogPosts } from "@server/db/schema.server";
import { env } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { signedInUser, withCookie } from "./admin-fixtures";
import { call, multipartRequest, unwrap } from "./admin-articles-helpers";

type FormAnswer = { result?: { error?: Record<string, string[] | null> } | null; savedId?: string | null };

const english = {
  slug: "english-only-story",
  titleEn: "A story in English only",
  descriptionEn: "Written for our international crew.",
  contentEn: "## Hello\n\nThis one was never translated.",
  date: "2026-03-14",
  category: "team",
  published: "on",
};
const dutch = {
  slug: "alleen-nederlands",
  title: "Een verhaal alleen in het Nederlands",
  description: "Voor de Nederlandse bemanning.",
  content: "Nooit vertaald.",
  date: "2026-03-13",
  category: "team",
  published: "on",
};

describe("articles in one language", () => {
  const database = useTestDatabase();
  let cookie: string;
  beforeAll(async () => {
    await resetLoginLimitsForTests();
    cookie = (await signedInUser({ admin: true })).cookie;
  });

  const create = async (fields: Record<string, string>) => unwrap<FormAnswer>(await call(newAction, multipartRequest("/admin/blog/new", cookie, fields)));

  it("saves an article written only in English, with the Dutch columns empty", async () => {
    const answer = await create(english);
    expect(answer.status).toBe(200);
    const [row] = await database.db().select().from(blogPosts).where(eq(blogPosts.slug, english.slug));
    expect(row).toMatchObject({ title: "", description: "", content: "", titleEn: english.titleEn, published: true });
    // The admin list names it by its English title.
    const list = unwrap<{ articles: { slug: string; title: string }[] }>(await call(articlesLoader, withCookie("/admin/articles", cookie)));
    expect(list.data.articles.find((a) => a.slug === english.slug)?.title).toBe(english.titleEn);
  });

  it("refuses a half-written second language with a 400 naming its missing fields", async () => {
    const answer = await create({ ...dutch, slug: "half-engels", titleEn: "Half English" });
    expect(answer.status).toBe(400);
    expect(answer.data.result?.error?.descriptionEn).toEqual(["admin.language.completeLanguage"]);
    expect(answer.data.result?.error?.contentEn).toEqual(["admin.language.completeLanguage"]);
  });

  it("shows each visitor the other language, marked, where theirs is missing", async () => {
    expect((await create(dutch)).status).toBe(200);
    const nl = await publishedArticleSummaries(database.db(), "nl", { limit: 10 });
    const en = await publishedArticleSummaries(database.db(), "en", { limit: 10 });
    expect(nl.articles.find((a) => a.slug === english.slug)).toMatchObject({ title: english.titleEn, fallback: { lang: "en", fields: ["title", "description"] } });
    expect(en.articles.find((a) => a.slug === dutch.slug)).toMatchObject({ title: dutch.title, fallback: { lang: "nl", fields: ["title", "description"] } });

    const page = (await articleLoader({ request: new Request(`http://localhost/news/${dutch.slug}?lang=en`), params: { slug: dutch.slug } } as never)) as {
      article: { content: string; fallback: unknown };
    };
    expect(page.article).toMatchObject({ content: dutch.content, fallback: { lang: "nl", fields: ["title", "description", "content"] } });
  });

  it("announces an article only in the languages it is written in: its page's alternates and the sitemap", async () => {
    const base = env().publicUrl;
    const headLinks = async (slug: string, lang: "nl" | "en") => {
      const data = (await articleLoader({ request: new Request(`http://localhost/news/${slug}?lang=${lang}`), params: { slug } } as never)) as never;
      const tags = articleMeta({ data, matches: [{ loaderData: { locale: lang, publicUrl: base, languageAddress: true } }] } as never) as Record<string, string>[];
      return {
        canonical: tags.find((t) => t.rel === "canonical")?.href,
        alternates: tags.filter((t) => t.rel === "alternate").map((t) => `${t.hrefLang} ${t.href}`),
        ogLocales: tags.filter((t) => t.property?.startsWith("og:locale")).map((t) => `${t.property} ${t.content}`),
      };
    };
    // A Dutch-only article, asked for in English (Dutch text with the note): Dutch only, and the Dutch address as canonical.
    for (const lang of ["nl", "en"] as const) {
      expect(await headLinks(dutch.slug, lang)).toEqual({
        canonical: `${base}/news/${dutch.slug}?lang=nl`,
        alternates: [`nl ${base}/news/${dutch.slug}?lang=nl`, `x-default ${base}/news/${dutch.slug}`],
        ogLocales: ["og:locale nl_NL"],
      });
    }
    expect((await headLinks(english.slug, "nl")).alternates).toEqual([`en ${base}/news/${english.slug}?lang=en`, `x-default ${base}/news/${english.slug}`]);

    const xml = await (await sitemapLoader()).text();
    expect(xml).toContain(`<loc>${base}/news/${english.slug}?lang=en</loc>`);
    expect(xml).not.toContain(`<loc>${base}/news/${english.slug}?lang=nl</loc>`);
    expect(xml).not.toContain(`href="${base}/news/${english.slug}?lang=nl"`);
    expect(xml).toContain(`<loc>${base}/news/${dutch.slug}?lang=nl</loc>`);
    expect(xml).not.toContain(`${base}/news/${dutch.slug}?lang=en`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${base}/news/${dutch.slug}"/>`);
    expect(xml).toContain(`<loc>${base}/servicevoorwaarden</loc>`);
  });

  it("announces an article written in both languages in both", async () => {
    expect((await create({ ...dutch, slug: "tweetalig", titleEn: "Both", descriptionEn: "In both languages.", contentEn: "Translated." })).status).toBe(200);
    const base = env().publicUrl;
    const xml = await (await sitemapLoader()).text();
    for (const lang of ["nl", "en"]) expect(xml).toContain(`<loc>${base}/news/tweetalig?lang=${lang}</loc>`);
  });
});
