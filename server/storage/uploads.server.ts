import { eq, inArray, like, or } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import sharp, { type Metadata } from "sharp";
import type { MessageKey } from "~/i18n";
import { now } from "../clock.server";
import type { DbOrTx } from "../db/client.server";
import { blogPosts, events, uploads, type ImageVariant, type Upload } from "../db/schema.server";
import { log } from "../log.server";
import { fileStore } from "./file-store.server";
import { cleanOriginalName, newStorageKey, publicPath, type Bucket } from "./files.server";
import { DOCUMENT_MAX_BYTES, IMAGE_DEFAULT_WIDTH, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_WIDTHS } from "./limits.server";
import { checkDocument, DOCUMENT_CONTENT_TYPES, sniffImage, type ImageFormat } from "./sniff.server";

export type UploadResult<T> = { ok: true; value: T } | { ok: false; error: MessageKey };

export type SavedImage = { upload: Upload; /** The default variant (1280 px WebP, or narrower). */ url: string };
export type SavedDocument = { upload: Upload; url: string; name: string };

const SHARP_FORMATS: Record<ImageFormat, string> = { jpeg: "jpeg", png: "png", gif: "gif", webp: "webp", avif: "heif" };
const ORIGINAL_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
};

/** The widths to produce: the standard ones below the original, and the original if narrower. */
export function variantWidths(originalWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((w) => w < originalWidth) as number[];
  if (originalWidth <= IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]) widths.push(originalWidth);
  else widths.push(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
  return [...new Set(widths)].sort((a, b) => a - b);
}

/** The variant the plain `image` column points at: the widest WebP not wider than 1280 px. */
export function defaultVariant(variants: ImageVariant[]): ImageVariant | undefined {
  const webp = variants.filter((v) => v.format === "webp").sort((a, b) => a.width - b.width);
  return webp.filter((v) => v.width <= IMAGE_DEFAULT_WIDTH).pop() ?? webp[0];
}

async function fileBytes(file: File): Promise<Buffer> {
  return Buffer.from(await file.arrayBuffer());
}

/**
 * Checks an image by its bytes, then re-encodes it: rotated upright by its EXIF orientation,
 * every piece of metadata (EXIF, GPS, XMP, comments) dropped — sharp writes none unless asked —
 * and written as AVIF and WebP in responsive widths. The original bytes are never stored.
 */
export async function saveImage(db: DbOrTx, file: File, uploadedBy: string | null): Promise<UploadResult<SavedImage>> {
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, error: "admin.uploads.imageTooLarge" };
  const bytes = await fileBytes(file);
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, error: "admin.uploads.imageTooLarge" };
  const format = sniffImage(bytes);
  if (!format) return { ok: false, error: "admin.uploads.imageType" };

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return { ok: false, error: "admin.uploads.imageUnreadable" };
  }
  // sharp must agree with the magic number (AVIF is reported as HEIF with AV1 compression).
  if (metadata.format !== SHARP_FORMATS[format] || (format === "avif" && metadata.compression !== "av1")) {
    return { ok: false, error: "admin.uploads.imageType" };
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) return { ok: false, error: "admin.uploads.imageUnreadable" };
  if (width * height > IMAGE_MAX_PIXELS) return { ok: false, error: "admin.uploads.imageTooManyPixels" };

  const key = newStorageKey(now());
  const store = fileStore(db);
  const written: string[] = [];
  try {
    const source = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" }).autoOrient();
    const variants: ImageVariant[] = [];
    for (const targetWidth of variantWidths(width)) {
      for (const outputFormat of ["avif", "webp"] as const) {
        const resized = source.clone().resize({ width: targetWidth, withoutEnlargement: true });
        const encoded = outputFormat === "avif" ? resized.avif({ quality: 55, effort: 4 }) : resized.webp({ quality: 80 });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        const name = `${key}-${info.width}.${outputFormat}`;
        await store.put("blog-images", name, data);
        written.push(name);
        variants.push({ width: info.width, height: info.height, format: outputFormat, file: name });
      }
    }
    const [upload] = await db
      .insert(uploads)
      .values({
        bucket: "blog-images",
        storageKey: key,
        originalName: cleanOriginalName(file.name),
        contentType: ORIGINAL_CONTENT_TYPES[format],
        sizeBytes: bytes.length,
        width,
        height,
        variants,
        uploadedBy,
      })
      .returning();
    const main = defaultVariant(variants)!;
    return { ok: true, value: { upload, url: publicPath("blog-images", main.file) } };
  } catch (error) {
    await store.delete("blog-images", written).catch((cleanup) => log.warn(`Could not remove the variants of ${key}`, cleanup));
    log.warn(`Image upload failed (${cleanOriginalName(file.name)})`, error);
    return { ok: false, error: "admin.uploads.imageUnreadable" };
  }
}

/** PDF, DOC or DOCX, recognised by their bytes, stored as they are under our own name. */
export async function saveDocument(db: DbOrTx, file: File, uploadedBy: string | null): Promise<UploadResult<SavedDocument>> {
  if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, error: "admin.uploads.documentTooLarge" };
  const bytes = await fileBytes(file);
  if (bytes.length > DOCUMENT_MAX_BYTES) return { ok: false, error: "admin.uploads.documentTooLarge" };
  const check = checkDocument(bytes);
  if (!check.ok) {
    const error: MessageKey =
      check.reason === "docx-too-large" ? "admin.uploads.docxTooLarge" : check.reason === "docx-corrupt" ? "admin.uploads.docxCorrupt" : "admin.uploads.documentType";
    return { ok: false, error };
  }

  const key = newStorageKey(now());
  const name = `${key}.${check.kind}`;
  const store = fileStore(db);
  let written = false;
  try {
    await store.put("documents", name, bytes);
    written = true;
    const originalName = cleanOriginalName(file.name);
    const [upload] = await db
      .insert(uploads)
      .values({
        bucket: "documents",
        storageKey: name,
        originalName,
        contentType: DOCUMENT_CONTENT_TYPES[check.kind],
        sizeBytes: bytes.length,
        uploadedBy,
      })
      .returning();
    return { ok: true, value: { upload, url: publicPath("documents", name), name: originalName } };
  } catch (error) {
    // Only a file this call wrote: a name that was already taken belongs to another upload.
    if (written) await store.delete("documents", [name]).catch((cleanup) => log.warn(`Could not remove ${name}`, cleanup));
    log.warn(`Document upload failed (${cleanOriginalName(file.name)})`, error);
    return { ok: false, error: "admin.uploads.failed" };
  }
}

/** The stored files of an upload: every variant of an image, or the document itself. */
export function uploadFiles(upload: Upload): string[] {
  return upload.bucket === "blog-images" ? upload.variants.map((v) => v.file) : [upload.storageKey];
}

/** Removes uploads (rows and files), e.g. when the form they came with failed to save. */
export async function discardUploads(db: DbOrTx, discarded: Upload[]): Promise<void> {
  for (const upload of discarded) {
    try {
      await db.delete(uploads).where(eq(uploads.id, upload.id));
      await fileStore(db).delete(upload.bucket, uploadFiles(upload));
    } catch (error) {
      log.warn(`Could not remove upload ${upload.storageKey}`, error);
    }
  }
}

/** The upload a public path such as /uploads/documents/<file> points at, if it is one of ours. */
export async function uploadByPublicPath(db: DbOrTx, url: string | null): Promise<Upload | undefined> {
  const match = url ? /^\/uploads\/(blog-images|documents)\/([^/]+)$/.exec(url) : null;
  if (!match) return undefined;
  const [bucket, file] = [match[1] as Bucket, match[2]];
  const storageKey = bucket === "documents" ? file : file.replace(/-\d+\.(avif|webp)$/, "");
  const [upload] = await db.select().from(uploads).where(eq(uploads.storageKey, storageKey)).limit(1);
  return upload?.bucket === bucket ? upload : undefined;
}

/** `srcset` values for an image upload's variants, per format. */
export function srcSets(variants: ImageVariant[]): { avif: string; webp: string } {
  const list = (format: "avif" | "webp") =>
    variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${publicPath("blog-images", v.file)} ${v.width}w`)
      .join(", ");
  return { avif: list("avif"), webp: list("webp") };
}

/**
 * Deletes an upload (row and files) once nothing points at it any more: no article or event uses
 * it as picture or document, and no article text links to it. Called after an article or event
 * dropped or replaced it.
 */
export async function releaseUploadIfUnused(db: DbOrTx, upload: Upload): Promise<boolean> {
  const files = uploadFiles(upload);
  const paths = files.map((file) => publicPath(upload.bucket, file));
  const mentions = (column: AnyPgColumn) => or(...files.map((file) => like(column, `%${file}%`)));
  const [usedByArticle] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      or(
        eq(blogPosts.imageUploadId, upload.id),
        inArray(blogPosts.image, paths),
        inArray(blogPosts.documentUrl, paths),
        mentions(blogPosts.content),
        mentions(blogPosts.contentEn),
      ),
    )
    .limit(1);
  if (usedByArticle) return false;
  const [usedByEvent] = await db
    .select({ id: events.id })
    .from(events)
    .where(or(inArray(events.imageUrl, paths), inArray(events.documentUrl, paths), mentions(events.description), mentions(events.descriptionEn)))
    .limit(1);
  if (usedByEvent) return false;
  await discardUploads(db, [upload]);
  return true;
}
