// How the client build groups modules into files (vite.config.ts, client build only).
//
// Rollup's default makes one chunk for every set of entries sharing modules: with a route module
// per page that was ~45 small files on a first visit of /, each gzipped on its own (header,
// imports and exports, a dictionary learnt anew). Here every module that every public page loads
// anyway — what the root route, the site layout and the browser entry import statically, React
// and React Router included — goes into one chunk ("site"). The set is closed under static
// imports, so the chunk imports no other chunk and no chunk cycle can form. Dynamic imports (the
// dialogs, Conform/Zod, sonner, the message chunks) and what only some pages import stay with
// Rollup's default splitting.
//
// Package barrels (`lucide-react`, `radix-ui`: modules of nothing but re-exports) would spoil
// that: Rollup puts *every* static dependency of a manual chunk's module into the chunk, and a
// barrel depends on all its re-exports, so one icon in the header would bring every icon the
// site uses anywhere (admin included). `directImports()` therefore rewrites `import { Menu } from
// "lucide-react"` to an import of the icon's own module, in the client build only.
// See docs/decisions/023-client-chunks.md.
import fs from "node:fs";
import type { ManualChunkMeta, ModuleInfo } from "rollup";
import { parseAst } from "rollup/parseAst";
import type { Plugin } from "vite";

/** Modules that, with all they import statically, make the shell every page loads. */
const SHELL = [/\/app\/root\.tsx(\?|$)/, /\/app\/routes\/site-layout\.tsx(\?|$)/];
/**
 * Modules whose static imports (not themselves) join it. The browser entry: React, React DOM and
 * React Router, but not the entry itself, which hydrates the page when it runs: the page's inline
 * script must have registered the route modules by then, and it imports them (so the shared chunk)
 * before it imports the entry. The home page's parts, most of which other pages share (cards,
 * buttons, the newsletter form), on the page most first visits open.
 */
const SHELL_IMPORTS_OF = [/\/entry\.client\.[jt]sx?(\?|$)/, /\/app\/routes\/home\.tsx$/];

/** Packages whose main module is a barrel: imported name by name (`directImports`). */
const BARRELS = ["lucide-react", "radix-ui"];

/** Packages the shared chunk holds whole anyway (their barrels are no harm). */
const WHOLE = ["react-router"];

type ManualChunks = (id: string, meta: ManualChunkMeta) => string | undefined;

/**
 * The pages built around events (the calendar and the private event pages). Each statically
 * imports a dozen small shared parts (event details, the inline interest and waiting-list forms,
 * icons): one file each made ~20 requests before the page's largest picture, over the 6
 * connections a browser opens to an HTTP/1.1 server. What only these pages import goes into one
 * chunk ("events"); what other pages import too keeps Rollup's splitting.
 */
const EVENT_PAGES = [/\/app\/routes\/booking\/calendar\.tsx$/, /\/app\/routes\/private\/[a-z-]+\.tsx$/];
const ROUTE_MODULE = /\/app\/routes\/.+\.tsx$/;

export function clientChunks(): ManualChunks {
  let site: Set<string> | undefined;
  let events: Set<string> | undefined;
  return (id, meta) => {
    site ??= shell(meta);
    events ??= eventParts(meta, site);
    if (site.has(id)) return "site";
    return events.has(id) ? "events" : undefined;
  };
}

type Graph = Pick<ManualChunkMeta, "getModuleIds" | "getModuleInfo">;

/** Every module statically reachable from `from` (themselves included), not entering `outside`. */
function reachable({ getModuleInfo }: Graph, from: string[], outside: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id) || outside.has(id)) continue;
    seen.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** What the event pages import statically and no other route does (route modules themselves excepted). */
function eventParts(graph: Graph, site: Set<string>): Set<string> {
  const routes = [...graph.getModuleIds()].filter((id) => ROUTE_MODULE.test(id));
  const eventRoutes = routes.filter((id) => EVENT_PAGES.some((pattern) => pattern.test(id)));
  const elsewhere = reachable(graph, routes.filter((id) => !eventRoutes.includes(id)), site);
  return new Set([...reachable(graph, eventRoutes, site)].filter((id) => !elsewhere.has(id) && !ROUTE_MODULE.test(id)));
}

/**
 * Every module statically reachable from the shell's modules. Warns about a package barrel in it
 * (see BARRELS).
 */
function shell(graph: Graph): Set<string> {
  const ids = [...graph.getModuleIds()];
  const from = ids.filter((id) => SHELL.some((pattern) => pattern.test(id)));
  for (const id of ids) if (SHELL_IMPORTS_OF.some((pattern) => pattern.test(id))) from.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  const seen = reachable(graph, from);
  for (const id of seen) {
    const info = graph.getModuleInfo(id);
    if (info && barrel(info) && !WHOLE.some((pkg) => id.includes(`/node_modules/${pkg}/`))) {
      console.warn(`client-chunks: the shared chunk imports the barrel ${id}, so it takes everything re-exported from it that any page uses; add its package to BARRELS in scripts/client-chunks.ts`);
    }
  }
  return seen;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Named = { name?: string; value?: unknown };
const nameOf = (node: unknown): string => {
  const n = node as Named;
  return n.name ?? String(n.value);
};
const bodyOf = (ast: unknown): Node[] => (ast as { body: Node[] }).body;

/** A module of nothing but imports and re-exports, in a package. */
function barrel(info: ModuleInfo): boolean {
  if (!info.id.includes("/node_modules/") || !info.ast) return false;
  const body = bodyOf(info.ast);
  return (
    body.length > 1 &&
    body.every(
      (node) =>
        node.type === "ImportDeclaration" ||
        node.type === "ExportAllDeclaration" ||
        (node.type === "ExportNamedDeclaration" && !node.declaration) ||
        (node.type === "ExpressionStatement" && typeof node.directive === "string"),
    )
  );
}

type Origin = { file: string; imported: string };

type Resolve = (source: string, importer: string) => Promise<string | undefined>;

/** A barrel's exported names → the file and the name (`default`, `*`, a name) they come from. */
async function reExports(barrelFile: string, resolve: Resolve): Promise<Map<string, Origin>> {
  const body = bodyOf(parseAst(fs.readFileSync(barrelFile, "utf8")));
  const imports = new Map<string, { source: string; imported: string }>();
  const named = new Map<string, Origin>();
  const files = new Map<string, string | undefined>();
  for (const node of body) {
    const source = (node.source as Named | null | undefined)?.value as string | undefined;
    if (!source) continue;
    if (!files.has(source)) files.set(source, await resolve(source, barrelFile));
    if (node.type === "ImportDeclaration") {
      for (const spec of node.specifiers as Node[]) {
        const imported = spec.type === "ImportNamespaceSpecifier" ? "*" : spec.type === "ImportDefaultSpecifier" ? "default" : nameOf(spec.imported);
        imports.set(nameOf(spec.local), { source, imported });
      }
    }
  }
  for (const node of body) {
    if (node.type !== "ExportNamedDeclaration") continue;
    const source = (node.source as Named | null | undefined)?.value as string | undefined;
    for (const spec of node.specifiers as Node[]) {
      const local = nameOf(spec.local);
      const from = source ? { source, imported: local } : imports.get(local);
      const file = from && files.get(from.source);
      // Not found: that name keeps going through the barrel.
      if (from && file) named.set(nameOf(spec.exported), { file, imported: from.imported });
    }
  }
  return named;
}

/**
 * `import { Menu, X } from "lucide-react"` → `import Menu from ".../icons/menu.mjs"; import X from
 * ".../icons/x.mjs"` (the same modules the barrel re-exports), in the client build's app code.
 */
export function directImports(): Plugin {
  const maps = new Map<string, Promise<Map<string, Origin> | undefined>>();
  return {
    name: "direct-imports",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async transform(code, id) {
      const resolve: Resolve = async (source, importer) => {
        const resolved = await this.resolve(source, importer);
        return resolved && !resolved.external ? resolved.id : undefined;
      };
      const exportsOf = (pkg: string): Promise<Map<string, Origin> | undefined> => {
        let map = maps.get(pkg);
        if (!map) {
          map = resolve(pkg, id).then((file) => (file ? reExports(file, resolve) : undefined));
          maps.set(pkg, map);
        }
        return map;
      };
      if (id.includes("/node_modules/") || !/\.[cm]?[jt]sx?(\?|$)/.test(id)) return null;
      if (!BARRELS.some((pkg) => code.includes(`"${pkg}"`) || code.includes(`'${pkg}'`))) return null;
      let out = "";
      let last = 0;
      for (const node of bodyOf(this.parse(code))) {
        if (node.type !== "ImportDeclaration") continue;
        const pkg = nameOf(node.source);
        if (!BARRELS.includes(pkg)) continue;
        const map = await exportsOf(pkg);
        const specifiers = node.specifiers as Node[];
        if (!map || !specifiers.length || specifiers.some((spec) => spec.type !== "ImportSpecifier")) continue;
        const direct: string[] = [];
        const kept: string[] = [];
        for (const spec of specifiers) {
          const imported = nameOf(spec.imported);
          const local = nameOf(spec.local);
          const origin = map.get(imported);
          if (!origin) kept.push(`${imported} as ${local}`);
          else if (origin.imported === "default") direct.push(`import ${local} from ${JSON.stringify(origin.file)};`);
          else if (origin.imported === "*") direct.push(`import * as ${local} from ${JSON.stringify(origin.file)};`);
          else direct.push(`import { ${origin.imported} as ${local} } from ${JSON.stringify(origin.file)};`);
        }
        if (kept.length) direct.push(`import { ${kept.join(", ")} } from ${JSON.stringify(pkg)};`);
        out += code.slice(last, node.start) + direct.join(" ");
        last = node.end;
      }
      return last ? { code: out + code.slice(last), map: null } : null;
    },
  };
}
