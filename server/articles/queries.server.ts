import { and, desc, eq } from "drizzle-orm";
import type { Locale } from "~/i18n";
import type { ArticleView } from "~/lib/articles";
import type { DbOrTx } from "../db/client.server";
import { blogPosts, type BlogPost } from "../db/schema.server";
import { imageSourcesByPath } from "../storage/srcset.server";

export function toArticleView(post: BlogPost, locale: Locale, imageSources: ArticleView["imageSources"] = null): ArticleView {
  const english = locale === "en";
  return {
    id: post.id,
    slug: post.slug,
    title: (english && post.titleEn) || post.title,
    description: (english && post.descriptionEn) || post.description,
    content: (english && post.contentEn) || post.content,
    date: post.date.toISOString(),
    category: post.category,
    image: post.image,
    imageSources,
    documentUrl: post.documentUrl,
    documentName: post.documentName,
  };
}

/** Article views with the responsive sources of uploaded images (one query for the list). */
export async function toArticleViews(db: DbOrTx, posts: BlogPost[], locale: Locale): Promise<ArticleView[]> {
  const sources = await imageSourcesByPath(db, posts.map((p) => p.image));
  return posts.map((post) => toArticleView(post, locale, (post.image && sources.get(post.image)) || null));
}

/** Published articles, newest first; `limit` for the home page's three. */
export async function publishedArticles(db: DbOrTx, limit?: number): Promise<BlogPost[]> {
  const query = db.select().from(blogPosts).where(eq(blogPosts.published, true)).orderBy(desc(blogPosts.date), desc(blogPosts.createdAt));
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
