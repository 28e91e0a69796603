import { AsyncLocalStorage } from "node:async_hooks";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { matchesIfNoneMatch, NO_STORE, pageETag, pagePolicy, REVALIDATE, volatileValues } from "@server/http/page-cache.server";
import { modulePreloadTags } from "@server/http/module-preloads.server";
import { effectiveLocale } from "./i18n/define";
import { formatSeedElement, setFormatRecorder, type FormatRecord } from "./lib/intl";
import { setLazyModuleRecorder } from "./lib/lazy-modules";
import { NonceContext } from "./lib/nonce";
import type { RootData } from "./lib/seo";

export const streamTimeout = 5_000;

/**
 * What the render in progress formatted with ~/lib/intl (decision 031) and which lazily loaded
 * modules it rendered (~/lib/lazy-modules); only pages answered whole note them.
 */
type RenderRecord = { formats: FormatRecord; lazyModules: Set<string> };
const rendering = new AsyncLocalStorage<RenderRecord | undefined>();
setFormatRecorder(() => rendering.getStore()?.formats);
setLazyModuleRecorder(() => rendering.getStore()?.lazyModules);

function insertAt(html: Buffer<ArrayBuffer>, at: number, text: string): Buffer<ArrayBuffer> {
  return at < 0 || !text ? html : Buffer.concat([html.subarray(0, at), Buffer.from(text), html.subarray(at)]);
}

/**
 * The message catalogs the page's modules wait for in its language and the lazily loaded code it
 * rendered (decision 032), to announce after React Router's module preloads: asked for with the
 * page's scripts instead of once the chunks importing them have run, and after them, so the
 * shared chunk keeps its early place.
 */
function modulePreloads(routerContext: EntryContext, loadContext: AppLoadContext | undefined, lazySources: Set<string>, nonce: string): string {
  if (!loadContext?.modulePreloads) return "";
  const { manifest, staticHandlerContext } = routerContext;
  const root = staticHandlerContext.loaderData.root as Pick<RootData, "locale"> | undefined;
  const lang = effectiveLocale(staticHandlerContext.matches.map((match) => match.route.handle), root?.locale);
  const modules = [manifest.entry.module, ...manifest.entry.imports];
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (route) modules.push(route.module, ...(route.imports ?? []));
  }
  return modulePreloadTags(loadContext.modulePreloads({ moduleFiles: modules, locale: lang, lazySources }), nonce);
}

/**
 * A page's HTML with what the browser needs to hydrate it at once: its message catalogs announced
 * and its formatted strings, at the end of the head.
 */
function withHydrationAids(html: Buffer<ArrayBuffer>, recorded: RenderRecord, routerContext: EntryContext, loadContext: AppLoadContext | undefined, nonce: string): Buffer<ArrayBuffer> {
  const aids =
    modulePreloads(routerContext, loadContext, recorded.lazyModules, nonce) + (recorded.formats.size === 0 ? "" : formatSeedElement(recorded.formats));
  return insertAt(html, html.indexOf("</head>"), aids);
}

/**
 * Renders a page. Public pages for anonymous visitors are rendered whole, get a weak ETag over
 * the HTML (nonce and render instant masked) and `Cache-Control: private, no-cache`, and are answered 304 when the
 * browser already holds the same page; everything else streams as it renders, with
 * `private, no-store` unless the route chose its own Cache-Control (server/http/page-cache.server.ts).
 * A page answered with the ETag is also kept for the next anonymous visitor (render cache).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce ?? "";
  const policy = pagePolicy(request, responseStatusCode, responseHeaders, routerContext);
  if (policy === "no-store") responseHeaders.set("Cache-Control", NO_STORE);
  // Crawlers, SPA-mode and pages answered whole (for their ETag) wait for all content. Pages
  // answered whole carry what they formatted and announce their messages; a streamed page's
  // browser does both itself.
  const whole = policy === "revalidate";
  const recorded: RenderRecord = { formats: new Map(), lazyModules: new Set() };
  return rendering.run(whole ? recorded : undefined, () => new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      whole || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A page answered whole is sent at once: a Suspense boundary bigger than React's chunk size
        // (the calendar's event dialog) would otherwise come after the page, hidden, for a script to
        // move into place, which a browser without JavaScript never runs.
        ...(whole ? { progressiveChunkSize: Number.POSITIVE_INFINITY } : {}),
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!whole || responseStatusCode !== 200) {
            if (whole) responseHeaders.set("Cache-Control", NO_STORE); // an error while rendering
            const stream = createReadableStreamFromReadable(body);
            resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
            pipe(body);
            return;
          }
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            const html = withHydrationAids(Buffer.concat(chunks), recorded, routerContext, loadContext, nonce);
            const etag = pageETag(html, volatileValues(routerContext, nonce));
            responseHeaders.set("ETag", etag);
            responseHeaders.set("Cache-Control", REVALIDATE);
            // As on the 200 (compressed by server/http/static.server.ts's responseCompression).
            responseHeaders.set("Vary", "Accept-Encoding");
            // The same page for the next anonymous visitor in this language (server/http/render-cache.server.ts).
            loadContext?.renderCache?.store({ html: html.toString("utf8"), nonce, etag, headers: responseHeaders });
            if (matchesIfNoneMatch(request.headers.get("If-None-Match"), etag)) {
              // The browser's copy stands, with the CSP it came with (server/app.ts leaves the
              // Content-Security-Policy out of a 304 so its nonce still matches that copy).
              responseHeaders.delete("Content-Type");
              resolve(new Response(null, { headers: responseHeaders, status: 304 }));
              return;
            }
            responseHeaders.set("Content-Length", String(html.length));
            resolve(new Response(new Uint8Array(html.buffer, html.byteOffset, html.length), { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  }));
}
