import fs from "node:fs";
import path from "node:path";
import { log } from "../log.server";

/**
 * Which message catalogs a page's scripts wait for, read from the client build's Vite manifest
 * (decision 032). The browser loads a language's messages with dynamic imports: the public ones
 * from the shared chunk, an area's from the module of that area (`~/i18n/news`, …), each awaited
 * before the modules that show them run. On a first visit each catalog was asked for only once
 * the chunk importing it had arrived and run: a round trip more before the page hydrates. Given
 * the page's modules (React Router's) and its language, this names the catalogs' files, which
 * the page then announces in its head beside React Router's own module preloads.
 */
export type MessageChunks = (moduleFiles: readonly string[], locale: string) => string[];

type ManifestEntry = { file: string; imports?: string[]; dynamicImports?: string[] };

/** app/i18n/messages/<language>/index.ts (the public messages) or <area>.ts. */
const CATALOG = /^app\/i18n\/messages\/(en|nl)\/[a-z0-9-]+\.ts$/;

/** The lookup from a Vite manifest (`build.manifest`). */
export function messageChunksFromManifest(manifest: Record<string, ManifestEntry>): MessageChunks {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, entry]) => [`/${entry.file}`, key]));
  /** A catalog's file and the chunks it imports itself (none today: catalogs are plain objects). */
  const catalogFiles = (key: string, files = new Set<string>()): Set<string> => {
    const entry = manifest[key];
    if (!entry || files.has(`/${entry.file}`)) return files;
    files.add(`/${entry.file}`);
    for (const imported of entry.imports ?? []) catalogFiles(imported, files);
    return files;
  };
  /** The catalogs a chunk or any chunk it imports statically loads, by language. */
  const reached = new Map<string, Map<string, Set<string>>>();
  const catalogsReached = (start: string): Map<string, Set<string>> => {
    const known = reached.get(start);
    if (known) return known;
    const byLocale = new Map<string, Set<string>>();
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const key = queue.pop()!;
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      queue.push(...(manifest[key].imports ?? []));
      for (const dynamic of manifest[key].dynamicImports ?? []) {
        const match = CATALOG.exec(dynamic);
        if (!match) continue;
        const files = byLocale.get(match[1]!) ?? new Set<string>();
        byLocale.set(match[1]!, catalogFiles(dynamic, files));
      }
    }
    reached.set(start, byLocale);
    return byLocale;
  };
  return (moduleFiles, locale) => {
    const files = new Set<string>();
    for (const file of moduleFiles) {
      const key = keyOfFile.get(file);
      if (key) for (const catalog of catalogsReached(key).get(locale) ?? []) files.add(catalog);
    }
    return [...files];
  };
}

/**
 * The lookup for the client build in `clientDir`; none without a manifest (a build made without
 * one; the Vite dev server, which loads modules as they are asked for).
 */
export function readMessageChunks(clientDir: string | undefined): MessageChunks | undefined {
  if (!clientDir) return undefined;
  const file = path.join(clientDir, ".vite", "manifest.json");
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    log.warn("No Vite manifest in the client build: pages do not announce their message files", { file });
    return undefined;
  }
  return messageChunksFromManifest(JSON.parse(text) as Record<string, ManifestEntry>);
}

/**
 * `<link rel="modulepreload">` tags for files, with the response's nonce written exactly as
 * React writes it, so the render cache takes it out with the others (server/http/csp.server.ts).
 */
export function modulePreloadTags(files: readonly string[], nonce: string): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return files.map((file) => `<link rel="modulepreload" href="${file}"${nonceAttribute}/>`).join("");
}
