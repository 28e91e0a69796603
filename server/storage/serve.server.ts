import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { uploads } from "../db/schema.server";
import { fileStore, type StoredFile, type StoredFileInfo } from "./file-store.server";
import { CONTENT_TYPES, isStoredFileKey, storedFileExtension } from "./files.server";

/** Stored files never change (a new upload gets a new name), so browsers may keep them a year. */
const CACHE_FOREVER = "public, max-age=31536000, immutable";

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** RFC 6266: an ASCII fallback and the real name in UTF-8. */
function contentDisposition(type: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A stored upload as a response. Only names this app generated are served, with the content type
 * of the extension we chose from the file's bytes and `nosniff`, so a browser never reinterprets
 * a file as something else. Word files are downloads; PDFs open in the browser's viewer (which
 * Chromium refuses to run under a CSP sandbox, and which isolates the PDF from our origin anyway).
 */
export async function serveUpload(db: DbOrTx, request: Request, bucketParam: string | undefined, file: string | undefined): Promise<Response> {
  if (!file || !isStoredFileKey(bucketParam, file)) return notFound();
  const extension = storedFileExtension(file);
  const store = fileStore(db);

  // A plain GET reads the file at once (one query on the database store); a HEAD or a
  // revalidation needs only its size, and the bytes only if the ETag no longer matches.
  const wantsBody = request.method !== "HEAD" && !request.headers.has("if-none-match");
  let stored: StoredFile | undefined;
  let info: StoredFileInfo | undefined;
  if (wantsBody) {
    stored = await store.get(bucketParam, file);
    info = stored?.info;
  } else {
    info = await store.stat(bucketParam, file);
  }
  if (!info) return notFound();

  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[extension],
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": CACHE_FOREVER,
    // Name and size, not the store's own tag: the same file has the same ETag from either store.
    ETag: `"${file}-${info.size}"`,
    "Last-Modified": info.modifiedAt.toUTCString(),
  });
  if (bucketParam === "documents") {
    const [record] = await db.select({ originalName: uploads.originalName }).from(uploads).where(eq(uploads.storageKey, file)).limit(1);
    if (!record) {
      await stored?.body.cancel();
      return notFound();
    }
    headers.set("Content-Disposition", contentDisposition(extension === "pdf" ? "inline" : "attachment", record.originalName));
    if (extension !== "pdf") headers.set("Content-Security-Policy", "sandbox; default-src 'none'");
  }

  if (request.headers.get("if-none-match") === headers.get("ETag")) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(info.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  stored ??= await store.get(bucketParam, file);
  if (!stored) return notFound();
  return new Response(stored.body, { status: 200, headers });
}
