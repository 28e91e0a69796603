import { AsyncLocalStorage } from "node:async_hooks";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isDatabaseBusy } from "@server/db/timeouts.server";
import { reportError } from "@server/error-report.server";
import { noteBusyRequest } from "@server/http/busy.server";
import { matchesIfNoneMatch, NO_STORE, pageETag, pagePolicy, REVALIDATE, volatileValues } from "@server/http/page-cache.server";
import { modulePreloadTags } from "@server/http/module-preloads.server";
import { log, type RequestRef } from "@server/log.server";
import { effectiveLocale } from "./i18n/define";
import { formatSeedElement, setFormatRecorder, type FormatRecord } from "./lib/intl";
import { setLazyModuleRecorder } from "./lib/lazy-modules";
import { NonceContext } from "./lib/nonce";
import type { RootData } from "./lib/seo";

export const streamTimeout = 5_000;

/** The request as the log names it: the id the request log gave it (server/app.ts), method and path. */
function requestRef(request: Request, loadContext: AppLoadContext | undefined): RequestRef {
  return { id: loadContext?.requestId, method: request.method, url: request.url };
}

/**
 * A loader, an action or a render threw (React Router calls this for each; a request the
 * visitor gave up is not an error): one line in the JSON log with the request's id, and the
 * error reporter when one is configured. The visitor gets the error page; in production React
 * Router sends it no message or stack.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs): void {
  if (request.signal.aborted) return;
  const ref = requestRef(request, context as AppLoadContext | undefined);
  // React Router's own answers with an error inside (no route matches, no action for a post):
  // the visitor's request, not a fault of ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn(`Answered ${error.status}: ${error.statusText}`, undefined, ref);
    return;
  }
  if (isDatabaseBusy(error)) {
    // A lock or statement timeout: nothing changed. The error page goes out as a 503 with
    // Retry-After (server/http/busy.server.ts); the text says to try again later.
    log.warn("Request failed: the database was busy", error, ref);
    noteBusyRequest(request);
    return;
  }
  log.error("Request failed", error, ref);
  reportError(error, ref);
}

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
          // Before the shell, React Router gets the error (onShellError) and calls handleError.
          if (shellRendered && !request.signal.aborted) {
            const ref = requestRef(request, loadContext);
            log.error("Rendering failed", error, ref);
            reportError(error, ref);
          }
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  }));
}
