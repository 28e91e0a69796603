import { FORM_MAX_BYTES } from "../storage/limits.server";

/** A form without files: its fields are a few KB; 64 KB leaves room and refuses floods early. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;
/**
 * Stripe's webhook posts one event as JSON: a few KB, a checkout session with line items well
 * under 100 KB. 1 MiB refuses floods without ever refusing a real event.
 */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;
/** Verified by its signature on the raw JSON body, not by Origin, and not a form. */
export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/**
 * The admin forms that carry a picture (5 MB) and a document (10 MB). FORM_MAX_BYTES is what
 * their actions accept: both files plus the text fields and the multipart overhead.
 */
const UPLOAD_ROUTES = [/^\/admin\/blog\/new$/, /^\/admin\/blog\/[^/]+\/edit$/, /^\/admin\/events\/new$/, /^\/admin\/events\/[^/]+$/];

// --- The crew file (issue 27): a participant's page posts one item's answer, with a file of up
// to 10 MB (server/crew/files.server.ts). Its whole body may be CREW_FORM_MAX_BYTES (11 MB).
const CREW_FORM_MAX_BYTES = 11 * 1024 * 1024;
const CREW_FORM_ROUTES = [/^\/my-place\/[^/]+$/];
// --- end crew file

/** The place token of a participant's crew form path (`/my-place/<token>`, also its `.data`), or undefined. */
export function crewFormToken(pathname: string): string | undefined {
  const path = routePath(pathname);
  return CREW_FORM_ROUTES.some((pattern) => pattern.test(path)) ? path.split("/")[2] : undefined;
}

/** The route a request is for: React Router's data requests add `.data` (or `/_.data`, `_root.data`). */
export function routePath(pathname: string): string {
  const path = pathname.replace(/\/_\.data$/, "").replace(/^\/_root\.data$/, "/").replace(/\.data$/, "");
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** The largest body a request to this path may carry. */
export function bodyLimit(pathname: string): number {
  const path = routePath(pathname);
  if (path === STRIPE_WEBHOOK_PATH) return STRIPE_WEBHOOK_MAX_BYTES;
  if (UPLOAD_ROUTES.some((pattern) => pattern.test(path))) return FORM_MAX_BYTES;
  if (CREW_FORM_ROUTES.some((pattern) => pattern.test(path))) return CREW_FORM_MAX_BYTES;
  return FORM_BODY_MAX_BYTES;
}
