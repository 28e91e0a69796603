// Precompresses the client build once, at build time: each text file (JS, CSS, SVG, JSON, …)
// gets a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside it, which the server sends
// as they are (server/http/static.server.ts) instead of compressing the file again on every
// request. Runs as a Vite plugin after the client build (vite.config.ts), so `npm run build`,
// `npm start` and every `react-router build` produce them; also runnable by hand:
//   npx tsx scripts/precompress.ts build/client
// See docs/decisions/013-compression-and-http-caching.md.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/** Text and other compressible formats. Fonts in WOFF/WOFF2, images and PDFs are already compressed. */
export const PRECOMPRESSED_EXTENSIONS = new Set([".js", ".mjs", ".css", ".svg", ".json", ".txt", ".xml", ".html", ".map", ".webmanifest", ".ico", ".ttf", ".otf"]);
/** Below this a compressed copy saves too little to be worth a second file (the server's dynamic threshold too). */
export const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    // Dot folders (Vite's manifest in .vite/) are never served: nothing to compress there.
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export type PrecompressResult = { files: number; originalBytes: number; brotliBytes: number; gzipBytes: number };

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` (recursively) of at
 * least PRECOMPRESS_MIN_BYTES; a variant that would not be smaller than the original is not
 * written (and an older one is removed), so the server sends the original instead.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, originalBytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    jobs.push(
      (async () => {
        const original = await fs.readFile(file);
        if (original.length < PRECOMPRESS_MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(original, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
            },
          }),
          gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        for (const [suffix, bytes] of [[".br", br], [".gz", gz]] as const) {
          if (bytes.length < original.length) await fs.writeFile(file + suffix, bytes);
          else await fs.rm(file + suffix, { force: true });
        }
        result.files += 1;
        result.originalBytes += original.length;
        result.brotliBytes += Math.min(br.length, original.length);
        result.gzipBytes += Math.min(gz.length, original.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

/** Vite plugin: precompresses the client build's output folder (public files included) once it is written. */
export function precompressPlugin(): Plugin {
  return {
    name: "ocean-racing:precompress",
    apply: "build",
    async writeBundle(outputOptions) {
      // The server build's files are never sent to browsers.
      if (this.environment.config.consumer !== "client" || !outputOptions.dir) return;
      const done = await precompressDirectory(outputOptions.dir);
      this.environment.logger.info(
        `Precompressed ${done.files} files: ${kb(done.originalBytes)} → brotli ${kb(done.brotliBytes)}, gzip ${kb(done.gzipBytes)}`,
      );
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: tsx scripts/precompress.ts <client build folder>");
    process.exit(2);
  }
  const done = await precompressDirectory(dir);
  console.log(`Precompressed ${done.files} files: ${kb(done.originalBytes)} → brotli ${kb(done.brotliBytes)}, gzip ${kb(done.gzipBytes)}`);
}
