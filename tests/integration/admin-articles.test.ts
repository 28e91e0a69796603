// @engine pglite: admin article forms and page shapes through the query builder
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as articlesAction, loader as articlesLoader } from "~/routes/admin/articles";
import { action as editAction, loader as editLoader } from "~/routes/admin/blog-edit";
import { action as newAction } from "~/routes/admin/blog-new";
import { action as cleanupAction } from "~/routes/admin/cleanup";
import { loader as uploadsLoader } from "~/routes/uploads";
import { publishedArticles } from "@server/articles/queries.server";
import { blogPosts, uploads } from "@server/db/schema.server";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { fileStore, readStoredFile } from "@server/storage/file-store.server";
import { imageSourcesByPath } from "@server/storage/srcset.server";
import { useTestDatabase } from "../support/db";
import { makePdf } from "../unit/upload-fixtures";
import { signedInUser } from "./admin-fixtures";
import { call, multipartRequest, postForm, unwrap, type UploadPart } from "./admin-articles-helpers";

type FormAnswer = {
  feedback?: { kind: string; title: string; message?: string; params?: Record<string, unknown> };
  result?: { error?: Record<string, string[] | null> } | null;
  savedId?: string | null;
  confirm?: { id: string } | null;
  confirmIds?: string[] | null;
};

async function landscapeJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: "#14608c" } }).jpeg().toBuffer();
}

const fields = (overrides: Record<string, string> = {}) => ({
  title: "Zeilen naar Cascais",
  slug: "zeilen-naar-cascais",
  description: "De overtocht van Scheveningen naar Cascais.",
  content: "## Dag 1\n\nWe vertrekken uit **Scheveningen**.",
  date: "2026-03-14",
  category: "team",
  ...overrides,
});

describe("admin articles", () => {
  const database = useTestDatabase();
  let cookie: string;
  beforeAll(async () => {
    await resetLoginLimitsForTests();
    cookie = (await signedInUser({ admin: true })).cookie;
  });

  async function create(overrides: Record<string, string> = {}, files: UploadPart[] = []) {
    return unwrap<FormAnswer>(await call(newAction, multipartRequest("/admin/blog/new", cookie, fields(overrides), files)));
  }

  it("refuses writes without an admin session: 401 signed out, 403 for a non-admin", async () => {
    const anonymous = (await call(newAction, multipartRequest("/admin/blog/new", undefined, fields({ slug: "geen-sessie" })))) as Response;
    expect(anonymous.status).toBe(401);
    const user = await signedInUser({ admin: false });
    const forbidden = (await call(newAction, multipartRequest("/admin/blog/new", user.cookie, fields({ slug: "geen-admin" })))) as Response;
    expect(forbidden.status).toBe(403);
    const listing = (await call(articlesLoader, user.request("/admin/articles"))) as Response;
    expect(listing.status).toBe(403);
    const cleanup = (await call(cleanupAction, postForm("/database-cleanup", user.cookie, { intent: "delete-many", ids: ["x"], confirmed: "yes" }))) as Response;
    expect(cleanup.status).toBe(403);
    expect(await database.db().$count(blogPosts)).toBe(0);
  });

  it("requires a slug, and title, description and content in at least one language", async () => {
    const answer = await create({ title: "", slug: "", description: " ", content: "" });
    expect(answer.status).toBe(400);
    expect(answer.data.feedback).toMatchObject({ kind: "error", title: "admin.uploads.errorTitle" });
    const errors = answer.data.result?.error ?? {};
    expect(errors.slug).toEqual(["admin.articles.validation.required"]);
    for (const field of ["title", "description", "content"]) expect(errors[field]).toEqual(["admin.language.oneRequired"]);
    expect(await database.db().$count(blogPosts)).toBe(0);
  });

  it("refuses a slug outside the rule's alphabet", async () => {
    const answer = await create({ slug: "Met Spaties!" });
    expect(answer.status).toBe(400);
    expect(answer.data.result?.error?.slug).toEqual(["admin.articles.validation.slugPattern"]);
  });

  it("creates an unpublished article by default, with an image in AVIF and WebP widths and a PDF", async () => {
    const answer = await create({}, [
      { field: "image", bytes: await landscapeJpeg(), name: "cascais.jpg", type: "image/jpeg" },
      { field: "document", bytes: makePdf("Routeplan"), name: "Routeplan Cascais.pdf", type: "application/pdf" },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.data.feedback).toMatchObject({ kind: "success", title: "admin.articles.created" });
    const [post] = await database.db().select().from(blogPosts).where(eq(blogPosts.slug, "zeilen-naar-cascais"));
    expect(post.published).toBe(false);
    expect(post.category).toBe("team");
    expect(post.image).toMatch(/^\/uploads\/blog-images\/\d+-[0-9a-f]{16}-1280\.webp$/);
    expect(post.documentUrl).toMatch(/^\/uploads\/documents\/\d+-[0-9a-f]{16}\.pdf$/);
    expect(post.documentName).toBe("Routeplan Cascais.pdf");

    const [image] = await database.db().select().from(uploads).where(eq(uploads.id, post.imageUploadId!));
    expect(image.variants.map((v) => `${v.format}-${v.width}`).sort()).toEqual(["avif-1280", "avif-1600", "avif-640", "webp-1280", "webp-1600", "webp-640"]);
    for (const variant of image.variants) {
      // Through the store the app uses: the disk on PGlite, the database with DATABASE_URL.
      const file = await readStoredFile(fileStore(database.db()), "blog-images", variant.file);
      if (!file) throw new Error(`${variant.file} is not stored`);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : "webp");
      expect(meta.width).toBe(variant.width);
    }

    // srcset values for the news pages: every width, per format; demo pictures have none.
    const sources = await imageSourcesByPath(database.db(), [post.image, "/images/crew-1280.webp", null]);
    expect([...sources.keys()]).toEqual([post.image]);
    expect(sources.get(post.image!)?.webp).toMatch(/^\/uploads\/blog-images\/\S+-640\.webp 640w, \S+-1280\.webp 1280w, \S+-1600\.webp 1600w$/);
    expect(sources.get(post.image!)?.avif).toContain("-640.avif 640w");

    // Served to everyone, with a safe type and a long cache.
    const [, , bucket, file] = post.image!.split("/");
    const served = (await call(uploadsLoader, new Request(`http://localhost${post.image}`), { bucket, file })) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toContain("immutable");
    const [, , docBucket, docFile] = post.documentUrl!.split("/");
    const pdf = (await call(uploadsLoader, new Request(`http://localhost${post.documentUrl}`), { bucket: docBucket, file: docFile })) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain("Routeplan Cascais.pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("says the slug is taken, and stores no upload for the refused form", async () => {
    const before = await database.db().$count(uploads);
    const answer = await create({ title: "Ander artikel" }, [{ field: "image", bytes: await landscapeJpeg(), name: "x.jpg", type: "image/jpeg" }]);
    expect(answer.status).toBe(400);
    expect(answer.data.result?.error?.slug).toEqual(["Deze slug is al in gebruik door een ander artikel"]);
    expect(answer.data.feedback?.message).toBe("admin.articles.validation.slugTaken");
    expect(await database.db().$count(uploads)).toBe(before);
  });

  it("publishes and unpublishes from the list", async () => {
    const [post] = await database.db().select().from(blogPosts).where(eq(blogPosts.slug, "zeilen-naar-cascais"));
    const published = unwrap<FormAnswer>(await call(articlesAction, postForm("/admin/articles", cookie, { intent: "publish", id: post.id })));
    expect(published.data.feedback?.title).toBe("admin.articles.publishedDone");
    expect((await publishedArticles(database.db())).map((p) => p.slug)).toContain("zeilen-naar-cascais");
    unwrap(await call(articlesAction, postForm("/admin/articles", cookie, { intent: "unpublish", id: post.id })));
    expect((await publishedArticles(database.db())).map((p) => p.slug)).not.toContain("zeilen-naar-cascais");
  });

  it("edits an article: keeps its picture when none is chosen, refuses another article's slug", async () => {
    const other = await create({ title: "Tweede artikel", slug: "tweede-artikel" });
    expect(other.status).toBe(200);
    const [post] = await database.db().select().from(blogPosts).where(eq(blogPosts.slug, "zeilen-naar-cascais"));
    const loaded = (await call(editLoader, new Request("http://localhost/x", { headers: { cookie } }), { id: post.id })) as { defaults: { slug: string } };
    expect(loaded.defaults.slug).toBe("zeilen-naar-cascais");

    const clash = unwrap<FormAnswer>(await call(editAction, multipartRequest(`/admin/blog/${post.id}/edit`, cookie, fields({ slug: "tweede-artikel" })), { id: post.id }));
    expect(clash.status).toBe(400);
    expect(clash.data.result?.error?.slug).toEqual(["Deze slug is al in gebruik door een ander artikel"]);

    const saved = unwrap<FormAnswer>(
      await call(editAction, multipartRequest(`/admin/blog/${post.id}/edit`, cookie, fields({ title: "Zeilen naar Cascais (bijgewerkt)", published: "on" })), { id: post.id }),
    );
    expect(saved.data.feedback?.title).toBe("admin.articles.updated");
    const [after] = await database.db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(after.title).toBe("Zeilen naar Cascais (bijgewerkt)");
    expect(after.published).toBe(true);
    expect(after.image).toBe(post.image);
    expect(after.documentUrl).toBe(post.documentUrl);
  });

  it("deletes an article only once confirmed, with its files", async () => {
    const [post] = await database.db().select().from(blogPosts).where(eq(blogPosts.slug, "zeilen-naar-cascais"));
    const imageFile = post.image!.split("/").pop()!;
    expect(await fileStore(database.db()).stat("blog-images", imageFile)).toBeDefined();

    const asked = unwrap<FormAnswer>(await call(articlesAction, postForm("/admin/articles", cookie, { intent: "delete", id: post.id })));
    expect(asked.data.confirm?.id).toBe(post.id);
    expect(await database.db().$count(blogPosts, eq(blogPosts.id, post.id))).toBe(1);

    const done = unwrap<FormAnswer>(await call(articlesAction, postForm("/admin/articles", cookie, { intent: "delete", id: post.id, confirmed: "yes" })));
    expect(done.data.feedback?.title).toBe("admin.articles.deleted");
    expect(await database.db().$count(blogPosts, eq(blogPosts.id, post.id))).toBe(0);
    expect(await fileStore(database.db()).stat("blog-images", imageFile)).toBeUndefined();
    expect(await database.db().$count(uploads, eq(uploads.id, post.imageUploadId!))).toBe(0);
  });

  it("deletes several articles and reports 'Failed to delete N articles' for those that fail", async () => {
    const a = await create({ title: "Off-topic A", slug: "off-topic-a" });
    const b = await create({ title: "Off-topic B", slug: "off-topic-b" });
    const keep = await create({ title: "Blijft staan", slug: "blijft-staan" });
    const ids = [a.data.savedId!, b.data.savedId!, "00000000-0000-4000-8000-000000000000", "geen-uuid"];

    const asked = unwrap<FormAnswer>(await call(cleanupAction, postForm("/database-cleanup", cookie, { intent: "delete-many", ids })));
    expect(asked.data.confirmIds).toEqual(ids);
    expect(await database.db().$count(blogPosts, eq(blogPosts.slug, "off-topic-a"))).toBe(1);

    const answer = unwrap<FormAnswer>(await call(cleanupAction, postForm("/database-cleanup", cookie, { intent: "delete-many", ids, confirmed: "yes" })));
    expect(answer.status).toBe(500);
    expect(answer.data.feedback).toMatchObject({ kind: "error", title: "admin.cleanup.failed", params: { count: 2, deleted: 2 } });
    const { translate } = await import("~/i18n");
    expect(translate("nl", "admin.cleanup.failed", { count: 2 })).toBe("Failed to delete 2 articles");
    const remaining = (await database.db().select({ slug: blogPosts.slug }).from(blogPosts)).map((p) => p.slug);
    expect(remaining).not.toContain("off-topic-a");
    expect(remaining).not.toContain("off-topic-b");
    expect(remaining).toContain("blijft-staan");

    const clean = unwrap<FormAnswer>(await call(cleanupAction, postForm("/database-cleanup", cookie, { intent: "delete-many", ids: [keep.data.savedId!], confirmed: "yes" })));
    expect(clean.data.feedback).toMatchObject({ kind: "success", title: "admin.cleanup.deletedOne", params: { count: 1 } });
  });
});
