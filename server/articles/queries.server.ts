import { and, desc, eq } from "drizzle-orm";
import type { Locale } from "~/i18n";
import type { ArticleView } from "~/lib/articles";
import { fallbackOf, pickText, type PickedText } from "~/lib/content-language";
import type { DbOrTx } from "../db/client.server";
import { blogPosts, type BlogPost } from "../db/schema.server";
import { imageSourcesByPath } from "../storage/srcset.server";

/**
 * An article card in `locale`: each text in the visitor's language where it is written, else in
 * the other one (an article may be written in one language only; the Dutch columns then hold "").
 * `content`, when given, is the body's pick: its fallback is named with the others.
 */
function toSummary(post: SummaryRow, locale: Locale, imageSources: ArticleView["imageSources"], content?: PickedText): ArticleSummary {
  const title = pickText(locale, post.title, post.titleEn);
  const description = pickText(locale, post.description, post.descriptionEn);
  return {
    id: post.id,
    slug: post.slug,
    title: title.value,
    description: description.value,
    date: post.date.toISOString(),
    category: post.category,
    image: post.image,
    imageSources,
    fallback: fallbackOf(locale, content ? { title, description, content } : { title, description }),
  };
}

/** An article in `locale` (its card's texts, the body and the document), as `toSummary` picks them. */
export function toArticleView(post: BlogPost, locale: Locale, imageSources: ArticleView["imageSources"] = null): ArticleView {
  const content = pickText(locale, post.content, post.contentEn);
  return { ...toSummary(post, locale, imageSources, content), content: content.value, documentUrl: post.documentUrl, documentName: post.documentName };
}

/** Article views with the responsive sources of uploaded images (one query for the list). */
export async function toArticleViews(db: DbOrTx, posts: BlogPost[], locale: Locale): Promise<ArticleView[]> {
  const sources = await imageSourcesByPath(db, posts.map((p) => p.image));
  return posts.map((post) => toArticleView(post, locale, (post.image && sources.get(post.image)) || null));
}

/** What an article card shows: no body text, no document (the dialog loads those by slug). */
export type ArticleSummary = Omit<ArticleView, "content" | "documentUrl" | "documentName">;

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  titleEn: blogPosts.titleEn,
  description: blogPosts.description,
  descriptionEn: blogPosts.descriptionEn,
  date: blogPosts.date,
  category: blogPosts.category,
  image: blogPosts.image,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: BlogPost[K] };

/** Newest first; the id breaks ties so pages never overlap or skip an article. */
const newestFirst = [desc(blogPosts.date), desc(blogPosts.createdAt), desc(blogPosts.id)];

/**
 * One page of the news list, as cards: the first `limit` published articles after `offset`,
 * newest first, and whether more follow. Reads only the card's columns (an article's text can be
 * long, and a list of a thousand must not cost a thousand texts); served by
 * `blog_posts_published_list_idx`.
 */
export async function publishedArticleSummaries(
  db: DbOrTx,
  locale: Locale,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<{ articles: ArticleSummary[]; hasMore: boolean }> {
  const rows: SummaryRow[] = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst)
    .limit(limit + 1)
    .offset(offset);
  const page = rows.slice(0, limit);
  const sources = await imageSourcesByPath(db, page.map((p) => p.image));
  return {
    hasMore: rows.length > limit,
    articles: page.map((post) => toSummary(post, locale, (post.image && sources.get(post.image)) || null)),
  };
}

/** Published articles, newest first; `limit` for the home page's three. */
export async function publishedArticles(db: DbOrTx, limit?: number): Promise<BlogPost[]> {
  const query = db.select().from(blogPosts).where(eq(blogPosts.published, true)).orderBy(...newestFirst);
  return limit === undefined ? query : query.limit(limit);
}

export async function publishedArticleBySlug(db: DbOrTx, slug: string): Promise<BlogPost | undefined> {
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return post;
}
