import { promisify } from "node:util";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { localeFromAcceptLanguage, storedLocaleIn, LANG_COOKIE } from "~/i18n/locale.server";
import { now } from "../clock.server";
import { db, embeddedClient } from "../db/client.server";
import { sharedReads } from "../db/shared-reads.server";
import { pageCacheVersion } from "../db/schema.server";
import { log } from "../log.server";
import { contentSecurityPolicy, withScriptHashes } from "./csp.server";
import { cookieNames, isPersonalPath, matchesIfNoneMatch } from "./page-cache.server";
import { BROTLI_OPTIONS, GZIP_OPTIONS } from "./static.server";

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
 * - the HTML is stored with the render's CSP nonce taken out; its inline scripts are allowed by
 *   their SHA-256 in the entry's own CSP instead (decision 022), so the bytes are the same for
 *   every visitor and are compressed once, not per answer; no cookie is ever stored.
 */
export const MAX_AGE_MS = 5_000;
/** Pages are 20–80 KB; this bounds the memory whatever the number of paths asked for. */
const MAX_BYTES = 32 * 1024 * 1024;

type Encoding = "br" | "gzip";

type Entry = {
  version: number;
  renderedAt: number;
  /** The page as every visitor gets it: no nonce anywhere. */
  body: Buffer;
  /** The page's Content-Security-Policy: its inline scripts by hash. */
  csp: string;
  /** The body compressed, each made once, on the first answer that asks for it. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  etag: string;
  headers: [string, string][];
  size: number;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// The compression middleware's settings, so a page answered from the cache is the size it would
// have been when rendered.
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotli(body, BROTLI_OPTIONS),
  gzip: (body) => gzip(body, GZIP_OPTIONS),
};

/** Brotli where the client takes it, else gzip, else the plain bytes (as the middleware chooses). */
function encodingFor(req: Request): Encoding | undefined {
  if (!req.headers["accept-encoding"]) return undefined;
  if (req.acceptsEncodings("br")) return "br";
  if (req.acceptsEncodings("gzip")) return "gzip";
  return undefined;
}

/**
 * The bytes to send: compressed as the client accepts (then Content-Encoding is set, which tells
 * the compression middleware to leave them alone), or plain when compression failed.
 */
async function answerBody(req: Request, res: Response, entry: Entry): Promise<Buffer> {
  const encoding = encodingFor(req);
  if (!encoding) return entry.body;
  try {
    const body = await encodedBody(entry, encoding);
    res.setHeader("Content-Encoding", encoding);
    return body;
  } catch (error) {
    log.warn("Render cache: compression failed, sending the page uncompressed", error);
    return entry.body;
  }
}

/** The entry's body in `encoding`, compressed once (off the main thread) and kept with it. */
function encodedBody(entry: Entry, encoding: Encoding): Promise<Buffer> {
  const made = (entry.encoded[encoding] ??= compressors[encoding](entry.body));
  // A failed compression is not kept: the next answer tries again.
  made.catch(() => {
    if (entry.encoded[encoding] === made) delete entry.encoded[encoding];
  });
  return made;
}

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

/**
 * The version for a request, read as cheaply as freshness allows:
 * - on PostgreSQL any instance may commit at any moment, so every request reads it (shared with
 *   the requests that come in during a read, see `sharedReads`);
 * - PGlite is reached by this process only, and each commit that raises the version notifies it
 *   before the committing call returns (migration 0013, asked for by `page_cache.notify`), so a
 *   version read stays valid until the next notification: no query per request.
 */
function versionReader(): () => Promise<number | undefined> {
  const shared = sharedReads(currentVersion);
  let listening: { client: PGlite; ready: Promise<boolean> } | undefined;
  let known: number | undefined;
  let generation = 0;
  const listen = async (client: PGlite) => {
    try {
      await client.exec("SET page_cache.notify = 'on'");
      await client.listen("page_cache_version", () => {
        generation++;
        known = undefined;
      });
      return true;
    } catch (error) {
      log.warn("Render cache: no notifications from the embedded database, reading the version on each request", error);
      return false;
    }
  };
  return async () => {
    const client = embeddedClient();
    if (!client) return shared();
    // A database opened again (tests) is listened to again.
    if (listening?.client !== client) {
      known = undefined;
      listening = { client, ready: listen(client) };
    }
    if (!(await listening.ready)) return shared();
    if (known !== undefined) return known;
    const before = generation;
    const version = await shared();
    // A commit notified during the read: this answer may predate it, so it is not kept.
    if (generation === before && listening.client === client) known = version;
    return version;
  };
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
export function renderCache(options: { dev: boolean }): RequestHandler {
  const entries = new LRUCache<string, Entry>({ maxSize: MAX_BYTES, sizeCalculation: (entry) => entry.size });
  const rendering = new Map<string, { version: number; done: Promise<void> }>();
  const versionNow = versionReader();

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
      const version = await versionNow();
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
      res.setHeader("Content-Security-Policy", entry.csp);
      res.setHeader("X-Render-Cache", "hit");
      if (matchesIfNoneMatch(req.headers["if-none-match"] ?? null, entry.etag)) {
        res.removeHeader("Content-Type");
        res.status(304).end();
        return;
      }
      const body = await answerBody(req, res, entry);
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
      const kept = toEntry(page, version, renderedAt, options.dev);
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
 * Headers are kept but for the length, any cookie and the CSP (a page of that policy sets no
 * cookie; never keep one even so). The nonce is taken out and the inline scripts are allowed by
 * their hashes instead; a page where that cannot be done safely is not kept.
 */
function toEntry(page: RenderedPage, version: number, renderedAt: number, dev: boolean): Entry | undefined {
  const hashed = withScriptHashes(page.html, page.nonce);
  if (!hashed) return undefined;
  const headers = [...page.headers.entries()].filter(([name]) => !["content-length", "set-cookie", "content-security-policy", "content-encoding"].includes(name.toLowerCase()));
  const body = Buffer.from(hashed.html, "utf8");
  // The compressed copies, made later, are a fraction of the page: counted ahead as half of it.
  const size = Math.ceil(body.length * 1.5) + 1024;
  return { version, renderedAt, body, csp: contentSecurityPolicy(hashed.scriptSources, dev), encoded: {}, etag: page.etag, headers, size };
}
