import { eq } from "drizzle-orm";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { localeFromAcceptLanguage, storedLocaleIn, LANG_COOKIE } from "~/i18n/locale.server";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { pageCacheVersion } from "../db/schema.server";
import { log } from "../log.server";
import { cookieNames, isPersonalPath, matchesIfNoneMatch } from "./page-cache.server";

/**
 * The render cache of anonymous public pages (docs/decisions/020-render-cache.md).
 *
 * A public page is the same for every anonymous visitor in one language, so once rendered it is
 * kept in this process's memory and answered again without running the loaders or React:
 * - only for a GET/HEAD without cookies other than the language choice, without `?lang=` (that
 *   sets a cookie), outside the personal paths; and only pages whose render the page policy
 *   called `revalidate` (200, no Set-Cookie, no form result, no route Cache-Control) are stored;
 * - the key is the path with its query and the visitor's language;
 * - an entry holds while `page_cache_version` (raised at the commit of any transaction that
 *   changes what public pages show, on any instance sharing the database) is what it was when
 *   the render began, for at most `MAX_AGE_MS` of the application's clock (places held by
 *   expiring holds and date rules change without a write);
 * - the HTML is stored with the render's CSP nonce taken out and every answer gets its own
 *   (the header was set for this response by server/app.ts); no cookie is ever stored.
 */
export const MAX_AGE_MS = 5_000;
/** Pages are 20–80 KB; this bounds the memory whatever the number of paths asked for. */
const MAX_BYTES = 32 * 1024 * 1024;

type Entry = {
  version: number;
  renderedAt: number;
  /** The HTML's bytes split where the nonce was: joined with each answer's own nonce. */
  parts: Buffer[];
  etag: string;
  headers: [string, string][];
  size: number;
};

type RenderedPage = { html: string; nonce: string; etag: string; headers: Headers };

/**
 * What the entry point needs to keep the page it is about to render (`res.locals.renderCache`,
 * passed on as `context.renderCache`): the page is stored under the key and version read before
 * its loaders ran.
 */
export type RenderCacheSlot = { store: (page: RenderedPage) => void };

/** The version all instances agree on; undefined when it cannot be read (then nothing is cached). */
async function currentVersion(): Promise<number | undefined> {
  try {
    const [row] = await db().select({ version: pageCacheVersion.version }).from(pageCacheVersion).where(eq(pageCacheVersion.id, 1));
    return row?.version;
  } catch (error) {
    log.warn("Render cache: version unreadable, rendering", error);
    return undefined;
  }
}

/** The cache key for a request that may be answered from the cache, or undefined. */
async function keyFor(req: Request): Promise<string | undefined> {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const url = new URL(req.originalUrl, "http://cache.invalid");
  if (url.searchParams.has("lang") || url.pathname.endsWith(".data") || isPersonalPath(url.pathname)) return undefined;
  const cookie = req.headers.cookie;
  if (cookieNames(cookie ?? null).some((name) => name !== LANG_COOKIE)) return undefined;
  const locale = (await storedLocaleIn(cookie)) ?? localeFromAcceptLanguage(req.headers["accept-language"] ?? null);
  return `${locale} ${url.pathname}${url.search}`;
}

function age(entry: Entry): number {
  return now().getTime() - entry.renderedAt;
}

/** How long a request waits for another one's render of the same page before rendering itself. */
const WAIT_FOR_RENDER_MS = 3_000;

/**
 * Express middleware before React Router: answers a cached page, or leaves a slot in
 * `res.locals.renderCache` for the entry point to store the page it is about to render. Each app
 * has its own cache (a test that rebuilds the app with other settings starts empty).
 *
 * One render per page at a time: under load, the requests that arrive while a page is being
 * rendered wait for that render instead of each running the loaders and React again. While a
 * page that is only too old (same version) is rendered again, the others get the old one for
 * that moment; a page whose data changed (new version) is never answered from before the change.
 */
export function renderCache(): RequestHandler {
  const entries = new LRUCache<string, Entry>({ maxSize: MAX_BYTES, sizeCalculation: (entry) => entry.size });
  const rendering = new Map<string, { version: number; done: Promise<void> }>();

  /** The entry that may answer a request that read `version`, if any. */
  const usable = (key: string, version: number, evenIfOld: boolean) => {
    const entry = entries.get(key);
    if (!entry || entry.version !== version || age(entry) < 0) return undefined;
    return age(entry) < MAX_AGE_MS || evenIfOld ? entry : undefined;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      const key = await keyFor(req);
      if (!key) return next();
      const version = await currentVersion();
      if (version === undefined) return next();
      let entry = usable(key, version, false);
      const other = rendering.get(key);
      if (!entry && other && other.version >= version) {
        entry = usable(key, version, true);
        if (!entry) {
          await Promise.race([other.done, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_RENDER_MS).unref())]);
          entry = entries.get(key);
          if (entry && (entry.version < version || age(entry) < 0)) entry = undefined;
        }
      }
      if (!entry) return renderAndKeep(key, version, res, next);
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      res.setHeader("X-Render-Cache", "hit");
      if (matchesIfNoneMatch(req.headers["if-none-match"] ?? null, entry.etag)) {
        res.removeHeader("Content-Type");
        res.status(304).end();
        return;
      }
      const nonce = Buffer.from(String(res.locals.nonce));
      const body = Buffer.concat(entry.parts.flatMap((part, i) => (i === 0 ? [part] : [nonce, part])));
      res.setHeader("Content-Length", String(body.length));
      res.status(200).end(req.method === "HEAD" ? undefined : body);
    })().catch(next);
  };

  /** Lets React Router render the page, and keeps it if the entry point says it may be kept. */
  function renderAndKeep(key: string, version: number, res: Response, next: NextFunction): void {
    // From before the loaders run: the stored page's data is at least this fresh.
    const renderedAt = now().getTime();
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const mine = { version, done };
    rendering.set(key, mine);
    const settle = () => {
      if (rendering.get(key) === mine) rendering.delete(key);
      finish();
    };
    // A page that is not kept (an error, a cookie) or a client gone: the waiting ones go on.
    res.once("close", settle);
    const store = (page: RenderedPage) => {
      const kept = toEntry(page, version, renderedAt);
      const current = entries.get(key);
      // Never replace a page rendered from newer data with one from older data.
      if (kept && !(current && current.version > version)) entries.set(key, kept);
      settle();
    };
    res.locals.renderCache = { store } satisfies RenderCacheSlot;
    next();
  }
}

/**
 * The entry for a page the entry point rendered with the `revalidate` policy and answered 200.
 * Headers are kept but for the length, any cookie and any CSP (a page of that policy sets
 * neither; never keep one even so: each answer has its own nonce).
 */
function toEntry(page: RenderedPage, version: number, renderedAt: number): Entry | undefined {
  // Without a (long, random) nonce to take out, the answers could not each get their own.
  if (page.nonce.length < 16) return undefined;
  const headers = [...page.headers.entries()].filter(([name]) => !["content-length", "set-cookie", "content-security-policy"].includes(name.toLowerCase()));
  const parts = page.html.split(page.nonce).map((part) => Buffer.from(part, "utf8"));
  return { version, renderedAt, parts, etag: page.etag, headers, size: parts.reduce((sum, part) => sum + part.length, 512) };
}
