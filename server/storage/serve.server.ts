import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { uploads } from "../db/schema.server";
import { bucketDir, CONTENT_TYPES, isBucket, isStoredFileName } from "./files.server";

const BUCKET_EXTENSIONS = { "blog-images": ["avif", "webp"], documents: ["pdf", "doc", "docx"] } as const;
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
  if (!isBucket(bucketParam) || !file || !isStoredFileName(file)) return notFound();
  const extension = file.slice(file.lastIndexOf(".") + 1);
  if (!(BUCKET_EXTENSIONS[bucketParam] as readonly string[]).includes(extension)) return notFound();

  const filePath = path.join(bucketDir(bucketParam), file);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(filePath);
  } catch {
    return notFound();
  }
  if (!stat.isFile()) return notFound();

  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[extension],
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": CACHE_FOREVER,
    ETag: `"${file}-${stat.size}"`,
    "Last-Modified": stat.mtime.toUTCString(),
  });
  if (bucketParam === "documents") {
    const [record] = await db.select({ originalName: uploads.originalName }).from(uploads).where(eq(uploads.storageKey, file)).limit(1);
    if (!record) return notFound();
    headers.set("Content-Disposition", contentDisposition(extension === "pdf" ? "inline" : "attachment", record.originalName));
    if (extension !== "pdf") headers.set("Content-Security-Policy", "sandbox; default-src 'none'");
  }

  if (request.headers.get("if-none-match") === headers.get("ETag")) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(stat.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(fs.createReadStream(filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
