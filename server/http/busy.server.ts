import { BUSY_RETRY_AFTER_SECONDS } from "../db/timeouts.server";

/**
 * Requests whose loader or action failed because the database was busy (a lock or statement
 * timeout, `isDatabaseBusy`): entry.server.tsx's handleError notes them, and their error page
 * goes out as a 503 with Retry-After instead of a 500. Nothing changed; the page's text, in the
 * visitor's language, already says to try again later. Actions that answer with their own form
 * (the registration) say so themselves.
 */
const busyRequests = new WeakSet<Request>();

/** This request failed on a busy database. */
export function noteBusyRequest(request: Request): void {
  busyRequests.add(request);
}

/** The answer to send: React Router's 500 for a request noted busy becomes a 503 with Retry-After. */
export function answeredBusy(request: Request, response: Response): Response {
  if (response.status !== 500 || !busyRequests.has(request)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}
