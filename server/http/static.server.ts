import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express, { type RequestHandler, type Router } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The client build's files. Text files were compressed once at build time (scripts/precompress.ts):
 * a client that takes brotli or gzip gets the `.br` / `.gz` file as it is, with its own
 * Content-Length and `Content-Encoding`, `Vary: Accept-Encoding`; any other client the original.
 * Hashed file names under /assets are cached for a year as immutable; other files (favicon,
 * public images) for an hour. See docs/decisions/013-compression-and-http-caching.md.
 */
export function staticFiles(clientDir: string): Router {
  const options = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false };
  const router = express.Router();
  // Every file of the build has an extension; a page's path has none: it skips the file lookups
  // (a stat per request was ~5 % of the CPU of a page answered from the render cache).
  router.use((req, _res, next) => (path.extname(req.path) ? next() : next("router")));
  // Hashed file names: cache forever.
  router.use("/assets", expressStaticGzip(path.join(clientDir, "assets"), { ...options, serveStatic: { immutable: true, maxAge: "1y", index: false } }));
  router.use(expressStaticGzip(clientDir, { ...options, serveStatic: { maxAge: "1h", index: false } }));
  return router;
}

/**
 * On-the-fly compression for what was not compressed beforehand (HTML, JSON, CSV): brotli at
 * quality 4 (about as fast as gzip, smaller; quality 11, zlib's default, costs 50–100 ms on a
 * page) when the client takes it, else gzip. A response that already has a Content-Encoding
 * (a precompressed file) is passed through untouched: never compressed twice.
 */
export function responseCompression(): RequestHandler {
  return compression({ brotli: BROTLI_OPTIONS, level: GZIP_OPTIONS.level });
}

/** The on-the-fly settings, also for pages the render cache compresses once (render-cache.server.ts). */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };
