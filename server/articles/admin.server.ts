import { storeFormFiles } from "../storage/form-uploads.server";
import { and, desc, eq, ne } from "drizzle-orm";
import type { ArticleFormValues } from "~/schemas/article";
import type { MessageKey } from "~/i18n";
import { now } from "../clock.server";
import { fromLocalInput } from "~/lib/local-time";
import type { DbOrTx } from "../db/client.server";
import { isUniqueViolation, isUuid } from "../db/values.server";
import { blogPosts, type BlogPost, type Upload } from "../db/schema.server";
import { log } from "../log.server";
import { discardUploads, releaseUploadIfUnused, uploadByPublicPath } from "../storage/uploads.server";

/** An article as the admin lists show it (the list and the clean-up page): no body text. */
export type ArticleSummary = Pick<BlogPost, "id" | "title" | "slug" | "description" | "category" | "published"> & { date: string };

/** The title the admin lists show: the Dutch one, else (an article in English only) the English one. */
export function adminTitle(post: Pick<BlogPost, "title" | "titleEn">): string {
  return post.title || post.titleEn || "";
}

/** Every article, published or not, newest first (the admin lists). */
export async function articleSummaries(db: DbOrTx): Promise<ArticleSummary[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      titleEn: blogPosts.titleEn,
      slug: blogPosts.slug,
      description: blogPosts.description,
      category: blogPosts.category,
      published: blogPosts.published,
      date: blogPosts.date,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.date), desc(blogPosts.createdAt));
  return rows.map(({ titleEn, ...row }) => ({ ...row, title: adminTitle({ title: row.title, titleEn }), date: row.date.toISOString() }));
}

export async function articleById(db: DbOrTx, id: string): Promise<BlogPost | undefined> {
  if (!isUuid(id)) return undefined;
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return post;
}

/** Whether another article already uses the slug (`exceptId`: the article being edited). */
export async function slugTaken(db: DbOrTx, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug))
    .limit(1);
  return Boolean(row);
}

export type ArticleField = "slug" | "date" | "image" | "document";
export type SaveArticleResult = { ok: true; post: BlogPost } | { ok: false; field?: ArticleField; error: MessageKey };

/** 12:00 Amsterdam time on the chosen day: the same calendar day in every European zone. */
function articleDate(day: string | undefined): Date | undefined {
  if (!day) return now();
  return fromLocalInput(`${day}T12:00`);
}

/**
 * Creates (no `id`) or updates an article with its picture and document. Checks run before any
 * file is stored, and files stored for a save that then fails are removed again, so a refused
 * form leaves nothing behind. A replaced or removed upload is deleted once nothing uses it.
 */
export async function saveArticle(
  db: DbOrTx,
  values: ArticleFormValues,
  options: { id?: string; uploadedBy: string | null },
): Promise<SaveArticleResult> {
  const existing = options.id ? await articleById(db, options.id) : undefined;
  if (options.id && !existing) return { ok: false, error: "admin.articles.notFound" };
  const date = articleDate(values.date);
  if (!date) return { ok: false, field: "date", error: "admin.articles.validation.date" };
  if (await slugTaken(db, values.slug, existing?.id)) return { ok: false, field: "slug", error: "admin.articles.validation.slugTaken" };

  const files = await storeFormFiles(db, values, options.uploadedBy);
  if (!files.ok) return files;
  const { stored, image, document } = files;

  const documentUrl = document === undefined ? (existing?.documentUrl ?? null) : (document?.url ?? null);
  const row = {
    // An article in English only keeps "" in the Dutch columns (NOT NULL); views skip empty texts.
    title: values.title ?? "",
    slug: values.slug,
    description: values.description ?? "",
    content: values.content ?? "",
    titleEn: values.titleEn,
    descriptionEn: values.descriptionEn,
    contentEn: values.contentEn,
    date,
    category: values.category,
    published: values.published,
    ...(image !== undefined && { image: image?.url ?? null, imageUploadId: image?.uploadId ?? null }),
    documentUrl,
    // The name shown on the link: what the admin typed, else the uploaded file's name.
    documentName: !documentUrl ? null : (values.documentName ?? document?.name ?? existing?.documentName ?? null),
  };

  let post: BlogPost;
  try {
    if (existing) {
      [post] = await db.update(blogPosts).set(row).where(eq(blogPosts.id, existing.id)).returning();
    } else {
      [post] = await db.insert(blogPosts).values(row).returning();
    }
  } catch (error) {
    await discardUploads(db, stored);
    if (isUniqueViolation(error)) return { ok: false, field: "slug", error: "admin.articles.validation.slugTaken" };
    log.error("Saving an article failed", error);
    return { ok: false, error: "admin.articles.saveFailed" };
  }

  if (existing) await releaseReplacedUploads(db, existing, post);
  return { ok: true, post };
}

/** The uploads an article pointed at before a change and no longer does. */
async function releaseReplacedUploads(db: DbOrTx, before: BlogPost, after: BlogPost): Promise<void> {
  const dropped: (Upload | undefined)[] = [];
  if (before.image !== after.image) dropped.push(await uploadByPublicPath(db, before.image));
  if (before.documentUrl !== after.documentUrl) dropped.push(await uploadByPublicPath(db, before.documentUrl));
  for (const upload of dropped) {
    if (upload) await releaseUploadIfUnused(db, upload).catch((error) => log.warn("Could not release an upload", error));
  }
}

export async function setPublished(db: DbOrTx, id: string, published: boolean): Promise<BlogPost | undefined> {
  if (!isUuid(id)) return undefined;
  const [post] = await db.update(blogPosts).set({ published }).where(eq(blogPosts.id, id)).returning();
  return post;
}

/** Deletes one article and, when nothing else uses them, its picture and document. */
export async function deleteArticle(db: DbOrTx, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [post] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  if (!post) return false;
  for (const url of [post.image, post.documentUrl]) {
    const upload = await uploadByPublicPath(db, url);
    if (upload) await releaseUploadIfUnused(db, upload).catch((error) => log.warn("Could not release an upload", error));
  }
  return true;
}

/**
 * Deletes several articles one by one, as the cleanup screen does. An id that is not an article
 * (already gone, or malformed) counts as a failure, like a delete that errors.
 */
export async function deleteArticles(db: DbOrTx, ids: string[]): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  for (const id of new Set(ids)) {
    try {
      if (await deleteArticle(db, id)) deleted++;
      else failed++;
    } catch (error) {
      log.error(`Deleting article ${id} failed`, error);
      failed++;
    }
  }
  return { deleted, failed };
}
