import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { uploads } from "../db/schema.server";
import { srcSets } from "./uploads.server";

export type ImageSources = { avif: string; webp: string };

/**
 * `srcset` values for pictures that are uploads, keyed by the public path stored on the article
 * or event (the 1280 px WebP). Paths that are not uploads (the demo pictures) are left out, so a
 * caller falls back to the plain `src`. One query for a whole list of articles.
 */
export async function imageSourcesByPath(db: DbOrTx, paths: (string | null | undefined)[]): Promise<Map<string, ImageSources>> {
  const keys = new Map<string, string>();
  for (const path of paths) {
    const match = path ? /^\/uploads\/blog-images\/(\d+-[0-9a-f]{16})-\d+\.webp$/.exec(path) : null;
    if (path && match) keys.set(match[1], path);
  }
  if (keys.size === 0) return new Map();
  const rows = await db.select({ storageKey: uploads.storageKey, variants: uploads.variants }).from(uploads).where(inArray(uploads.storageKey, [...keys.keys()]));
  return new Map(rows.map((row) => [keys.get(row.storageKey)!, srcSets(row.variants)]));
}
