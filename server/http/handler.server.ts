import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import { createRequestHandler, matchRoutes, type AppLoadContext, type RouteObject, type ServerBuild } from "react-router";
import type { Locale } from "~/i18n";
import { requestLocale } from "~/i18n/locale.server";
import { env } from "../env.server";
import { answeredBusy } from "./busy.server";
import { hasNullByte, isFormContentType, logRefusal, parseFormBody, refusal, rememberCheckedForm, type RefusalStatus } from "./form.server";
import { requireStaffMember } from "../auth/guard.server";
import { bodyLimit, crewFormToken, FORM_BODY_MAX_BYTES, routePath, STRIPE_WEBHOOK_PATH } from "./limits.server";
import { placeIdFromToken } from "../booking/places.server";
import { isCrossOrigin, originOf } from "./origin.server";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

/** Methods that carry a body and may change something; React Router runs actions for them. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  return headers;
}

/** The request's URL as @react-router/express builds it (host and port from the proxy when trusted). */
function requestUrl(req: ExpressRequest): URL {
  const forwarded = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const hostPort = req.get("host")?.split(":")[1];
  const port = [forwarded, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/** Why a URL can't be served: an undecodable path, or a NUL character (PostgreSQL refuses those). */
function urlProblem(url: URL): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return "undecodable path";
  }
  if (hasNullByte(path)) return "NUL character in the path";
  for (const [name, value] of url.searchParams) if (hasNullByte(name) || hasNullByte(value)) return "NUL character in the query";
  return undefined;
}

/** The build's routes as the nested tree `matchRoutes` takes (the build lists them flat). */
const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();
function routeTree(build: ServerBuild): RouteObject[] {
  let tree = routeTrees.get(build);
  if (tree) return tree;
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route !== undefined && route.parentId === parentId)
      .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: route!.index ? undefined : children(route!.id) }) as RouteObject);
  tree = children(undefined);
  routeTrees.set(build, tree);
  return tree;
}

/** hasAction's answers per build and path. */
const actionAnswers = new WeakMap<ServerBuild, LRUCache<string, boolean>>();

/**
 * Whether the route a state-changing request goes to has an action. React Router answers 405
 * without one too, but logs a stack trace for each such request; this answers before it.
 * Like React Router, a POST to an index route's path goes to its parent unless `?index` is set.
 */
function hasAction(build: ServerBuild, url: URL): boolean {
  // matchRoutes ranks every branch of the tree on each call (~9 % of a registration post's CPU
  // under load): the answer per path is kept, in a bounded cache (paths are the visitor's choice).
  const key = `${url.searchParams.has("index") ? "index " : ""}${routePath(url.pathname)}`;
  let answers = actionAnswers.get(build);
  if (!answers) actionAnswers.set(build, (answers = new LRUCache<string, boolean>({ max: 1000 })));
  const known = answers.get(key);
  if (known !== undefined) return known;
  const matches = matchRoutes(routeTree(build), routePath(url.pathname)) ?? [];
  let target = matches.at(-1);
  if (target?.route.index && !url.searchParams.has("index")) target = matches.at(-2);
  const id = target?.route.id;
  const answer = id !== undefined && Boolean(build.routes[id]?.module.action);
  answers.set(key, answer);
  return answer;
}

type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: "tooLarge" | "aborted" };

/** Reads the body into memory, stopping at the first byte past `limit`: nothing more is held. */
function readBody(req: ExpressRequest, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (result: BodyRead) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("aborted", onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        req.pause();
        chunks.length = 0;
        finish({ ok: false, reason: "tooLarge" });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, total) });
    const onError = () => finish({ ok: false, reason: "aborted" });
    req.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onError);
  });
}

/**
 * React Router behind Express, like @react-router/express, but checking each request first so
 * that malformed or hostile input gets a short 4xx in the visitor's language instead of reaching
 * loaders and actions (where it became a 500):
 * - a path or query that does not decode, or holds a NUL character: 400;
 * - a state-changing request from another site (Origin / Sec-Fetch-Site): 403 — resource routes
 *   such as /api/newsletter are outside React Router's own Origin check;
 * - a state-changing request to a route without an action: 405 (React Router's own 405 comes
 *   with a logged stack trace);
 * - a body over the route's limit: 413, by Content-Length before reading, or as soon as a body
 *   without one passes it; never more than the limit is held in memory;
 * - a body that is not a form: 415; a form that does not parse or holds a NUL character: 400.
 * The Stripe webhook is exempt from the Origin and form checks: its signature is checked on the
 * raw JSON body.
 */
export function createCheckedRequestHandler({ build, mode, getLoadContext }: Options) {
  const handleRequest = createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const url = requestUrl(req);
      const headers = headersOf(req);
      const refuse = async (status: RefusalStatus, why: string) => {
        logRefusal(status, req.method, url.pathname, why);
        // Worked out only for a refusal: a Request object per request costs more than it seems.
        const locale: Locale = await requestLocale(new Request(url, { headers }));
        // A body left unread can't stay on a kept-alive connection: close it after answering.
        const unreadBody = !SAFE_METHODS.has(req.method);
        return sendResponse(res, refusal(locale, status, unreadBody ? { Connection: "close" } : {}));
      };

      const problem = urlProblem(url);
      if (problem) return await refuse(400, problem);

      let body: Buffer | undefined;
      let form: FormData | URLSearchParams | undefined;
      if (!SAFE_METHODS.has(req.method)) {
        const route = routePath(url.pathname);
        const webhook = route === STRIPE_WEBHOOK_PATH;
        if (!webhook) {
          const own = [originOf(env().publicUrl), `${req.protocol}://${req.host}`].filter((o): o is string => o !== undefined);
          if (isCrossOrigin({ origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") }, own)) {
            return await refuse(403, `cross-origin (${JSON.stringify(req.get("origin")?.slice(0, 100) ?? req.get("sec-fetch-site"))})`);
          }
        }
        const serverBuild = typeof build === "function" ? await build() : build;
        if (!hasAction(serverBuild, url)) {
          logRefusal(405, req.method, url.pathname, "no form here");
          res.setHeader("Connection", "close");
          return await sendResponse(res, new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } }));
        }
        let limit = bodyLimit(url.pathname);
        const crewToken = crewFormToken(url.pathname);
        if (crewToken !== undefined) {
          // A participant's crew form may carry a 10 MB file, but only behind a genuine link: its
          // signature is checked here (no database read), so a made-up address cannot make the
          // server buffer megabytes; with a wrong one the small limit applies and the page answers.
          if (!placeIdFromToken(crewToken)) limit = FORM_BODY_MAX_BYTES;
        } else if (!webhook && limit > FORM_BODY_MAX_BYTES) {
          // Only the admin's upload forms take large bodies: ask for a staff session before reading
          // megabytes, so nobody else can make the server buffer and parse them (the route's own
          // action then checks its permission, decision 044).
          try {
            await requireStaffMember(new Request(url, { headers }));
          } catch (error) {
            if (!(error instanceof Response)) throw error;
            logRefusal(error.status === 401 ? 401 : 403, req.method, url.pathname, "upload without a staff session");
            res.setHeader("Connection", "close");
            return await sendResponse(res, error);
          }
        }
        const declared = req.get("content-length");
        if (declared !== undefined && Number(declared) > limit) return await refuse(413, `declared ${declared.slice(0, 20)} bytes, over ${limit}`);
        const contentType = req.get("content-type") ?? "";
        if (!webhook && !isFormContentType(contentType)) {
          return await refuse(415, `not a form (${JSON.stringify(contentType.slice(0, 60) || "no content type")})`);
        }
        const read = await readBody(req, limit);
        if (!read.ok) {
          if (read.reason === "aborted") return; // the client went away: nobody to answer
          return await refuse(413, `body over ${limit} bytes`);
        }
        if (!webhook) {
          const parsed = await parseFormBody(read.body, contentType);
          if ("problem" in parsed) return await refuse(400, parsed.problem);
          form = parsed.form;
        }
        body = read.body;
      }

      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(url, {
        method: req.method,
        headers,
        signal: controller.signal,
        ...(body !== undefined ? { body: new Uint8Array(body), duplex: "half" } : {}),
      } as RequestInit);
      // The action's readForm takes it from here instead of parsing the body again.
      if (form) rememberCheckedForm(request, form);
      const response = await handleRequest(request, getLoadContext(req, res));
      await sendResponse(res, answeredBusy(request, response));
    } catch (error) {
      next(error);
    }
  };
}

/** Writes a Fetch response to Express (as @react-router/express does). */
async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The route's headers replace the app-wide defaults set earlier (a header sent twice, such as
  // `nosniff, nosniff`, is a malformed value); only Set-Cookie is a list.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
