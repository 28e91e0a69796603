import crypto from "node:crypto";

export type Bucket = "blog-images" | "documents";

export function isBucket(value: unknown): value is Bucket {
  return value === "blog-images" || value === "documents";
}

/** Where browsers fetch a stored file. */
export function publicPath(bucket: Bucket, file: string): string {
  return `/uploads/${bucket}/${file}`;
}

/** The spec's naming: a timestamp and a random string (never the visitor's file name). */
export function newStorageKey(now: Date): string {
  return `${now.getTime()}-${crypto.randomBytes(8).toString("hex")}`;
}

/**
 * Only names this module produced: "<timestamp>-<hex>[-<width>].<ext>", the width 1 to 99999
 * pixels (an icon-sized picture is 5 px wide). Anything else (dots, slashes, encoded separators)
 * is refused before it comes near the file system.
 */
const STORED_FILE_NAME = /^\d{10,16}-[0-9a-f]{16}(?:-[1-9]\d{0,4})?\.(?:avif|webp|pdf|doc|docx)$/;

export function isStoredFileName(name: string): boolean {
  return STORED_FILE_NAME.test(name);
}

/** What each bucket holds: pictures only as we re-encoded them, documents as recognised. */
const BUCKET_EXTENSIONS: Record<Bucket, readonly string[]> = { "blog-images": ["avif", "webp"], documents: ["pdf", "doc", "docx"] };

/** The extension of a stored file name (the part after the last dot). */
export function storedFileExtension(name: string): string {
  return name.slice(name.lastIndexOf(".") + 1);
}

/**
 * A name this app could have stored in this bucket: the only keys the file stores accept, so
 * a bucket or name from a URL never reaches a path or a query unchecked.
 */
export function isStoredFileKey(bucket: unknown, name: unknown): bucket is Bucket {
  return isBucket(bucket) && typeof name === "string" && isStoredFileName(name) && BUCKET_EXTENSIONS[bucket].includes(storedFileExtension(name));
}

/** Content types by our own extension; the extension was chosen from the bytes, not the name. */
export const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** A file name as the admin chose it, safe to show and to put in a download header. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim().slice(0, 200);
  return cleaned || "bestand";
}
