import fs from "node:fs";
import path from "node:path";
import { log } from "../log.server";

/**
 * The scripts a page's HTML announces beyond React Router's own module preloads, read from the
 * client build's Vite manifest (decision 032):
 * - the message catalogs its scripts wait for in its language. The browser loads a language's
 *   messages with dynamic imports: the public ones from the shared chunk, an area's from the
 *   module of that area (`~/i18n/news`, …), each awaited before the modules that show them run.
 *   On a first visit each was asked for only once the chunk importing it had arrived and run: a
 *   round trip more before the page hydrates.
 * - the code of lazily loaded parts the server rendered into the page (`~/lib/lazy-modules`: the
 *   calendar's event dialog on a shared `?event=` link), with what it imports and its catalogs.
 */
export type ModulePreloads = (page: {
  /** React Router's module files of the page (its entry and routes, with their static imports). */
  moduleFiles: readonly string[];
  locale: string;
  /** Source paths of lazily loaded modules the server rendered. */
  lazySources?: Iterable<string>;
}) => string[];

type ManifestEntry = { file: string; imports?: string[]; dynamicImports?: string[] };

/** app/i18n/messages/<language>/index.ts (the public messages) or <area>.ts. */
const CATALOG = /^app\/i18n\/messages\/(en|nl)\/[a-z0-9-]+\.ts$/;

/** The lookup from a Vite manifest (`build.manifest`). */
export function modulePreloadsFromManifest(manifest: Record<string, ManifestEntry>): ModulePreloads {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, entry]) => [`/${entry.file}`, key]));
  /** A chunk's file and the files of the chunks it imports statically. */
  const withImports = (key: string, files = new Set<string>()): Set<string> => {
    const entry = manifest[key];
    if (!entry || files.has(`/${entry.file}`)) return files;
    files.add(`/${entry.file}`);
    for (const imported of entry.imports ?? []) withImports(imported, files);
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
        byLocale.set(match[1]!, withImports(dynamic, files));
      }
    }
    reached.set(start, byLocale);
    return byLocale;
  };
  const unknownSources = new Set<string>();
  return ({ moduleFiles, locale, lazySources = [] }) => {
    const announced = new Set(moduleFiles);
    const starts = moduleFiles.flatMap((file) => keyOfFile.get(file) ?? []);
    const files = new Set<string>();
    for (const source of lazySources) {
      if (!manifest[source]) {
        // A renamed module whose caller still names the old path: the page works, a round trip later.
        if (!unknownSources.has(source)) log.warn("A lazily loaded module the page rendered is not in the client build's manifest", { source });
        unknownSources.add(source);
        continue;
      }
      starts.push(source);
      for (const file of withImports(source)) if (!announced.has(file)) files.add(file);
    }
    for (const key of starts) for (const catalog of catalogsReached(key).get(locale) ?? []) files.add(catalog);
    return [...files];
  };
}

/**
 * The lookup for the client build in `clientDir`; none without a manifest (a build made without
 * one; the Vite dev server, which loads modules as they are asked for).
 */
export function readModulePreloads(clientDir: string | undefined): ModulePreloads | undefined {
  if (!clientDir) return undefined;
  const file = path.join(clientDir, ".vite", "manifest.json");
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    log.warn("No Vite manifest in the client build: pages do not announce their message files", { file });
    return undefined;
  }
  return modulePreloadsFromManifest(JSON.parse(text) as Record<string, ManifestEntry>);
}

/**
 * `<link rel="modulepreload">` tags for files, with the response's nonce written exactly as
 * React writes it, so the render cache takes it out with the others (server/http/csp.server.ts).
 */
export function modulePreloadTags(files: readonly string[], nonce: string): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return files.map((file) => `<link rel="modulepreload" href="${file}"${nonceAttribute}/>`).join("");
}
