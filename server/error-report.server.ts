import { env } from "./env.server";
import { log, loggedPath, scrub, type RequestRef } from "./log.server";

/**
 * Errors the server could not answer well (a loader, an action or a render that threw; Express's
 * last-resort handler) go to the log, and, when `SENTRY_DSN` is set, to Sentry as well. The SDK is
 * loaded only then, on first use (`import()`): without a DSN it costs nothing, not even loading.
 *
 * Nothing personal leaves: Sentry gets the error's kind, scrubbed message and stack frames, the
 * request's id, method and path (no query string, tokens masked as in the log), and nothing of
 * the request itself: no body, cookies, headers, query string, user or breadcrumbs.
 */

/** What is known of the request an error belongs to. */
export type ErrorRequest = RequestRef;

/** Where errors are sent besides the log. */
export type ErrorReporter = {
  capture: (error: unknown, request: ErrorRequest | undefined) => void;
  /** Waits (at most `timeoutMs`) for what is still being sent. */
  flush: (timeoutMs: number) => Promise<unknown>;
};

type ReporterLoader = (dsn: string) => Promise<ErrorReporter>;

/** A Sentry event, as far as scrubbing needs it. */
type ReportEvent = {
  message?: string;
  exception?: { values?: { value?: string }[] };
  request?: unknown;
  user?: unknown;
  breadcrumbs?: unknown;
  extra?: unknown;
};

/** The event as it may leave: the request, the user, breadcrumbs and extras dropped, messages scrubbed like the log's. */
export function scrubReport<T extends ReportEvent>(event: T): T {
  delete event.request;
  delete event.user;
  delete event.breadcrumbs;
  delete event.extra;
  if (event.message) event.message = scrub(event.message);
  for (const value of event.exception?.values ?? []) if (value.value) value.value = scrub(value.value);
  return event;
}

/**
 * Sentry for errors only: no default integrations (they would record console lines, HTTP
 * requests, source lines and local variables), no tracing, no OpenTelemetry provider and no
 * module hooks (loaded after start, they could not instrument what is loaded anyway), nothing of
 * requests collected; linked errors for `cause` chains.
 */
const loadSentry: ReporterLoader = async (dsn) => {
  const Sentry = await import("@sentry/node");
  Sentry.initWithoutDefaultIntegrations({
    dsn,
    environment: env().SITE_MODE,
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    integrations: [Sentry.linkedErrorsIntegration()],
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      frameContextLines: 0,
    },
    beforeBreadcrumb: () => null,
    beforeSend: (event) => scrubReport(event),
  });
  return {
    capture: (error, request) =>
      void Sentry.captureException(error, request ? { tags: { request_id: request.id, method: request.method, path: loggedPath(request.url) } } : undefined),
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
};

let loadReporter: ReporterLoader = loadSentry;
/** The reporter for a DSN, once loaded (undefined: it could not be). */
let loaded: { dsn: string; reporter: Promise<ErrorReporter | undefined> } | undefined;

/** The reporter when SENTRY_DSN is set, loaded on first use; undefined without one. */
function reporter(): Promise<ErrorReporter | undefined> | undefined {
  const dsn = env().SENTRY_DSN;
  if (!dsn) return undefined;
  if (loaded?.dsn !== dsn) {
    const pending = loadReporter(dsn).catch((error: unknown) => {
      log.error("Error reporting: the Sentry SDK could not be loaded; errors are only logged", error);
      return undefined;
    });
    loaded = { dsn, reporter: pending };
  }
  return loaded.reporter;
}

/** Loads the reporter now when SENTRY_DSN is set (at start, so a broken set-up shows then, not at the first error). */
export async function prepareErrorReporting(): Promise<void> {
  await reporter();
}

/** Sends an error to the reporter, if one is configured; never throws, never waits. The caller logs it. */
export function reportError(error: unknown, request?: ErrorRequest): void {
  void reporter()?.then((target) => {
    try {
      target?.capture(error, request);
    } catch (failure) {
      log.warn("Error reporting: an error could not be reported", failure);
    }
  });
}

/** Waits for reports still being sent (a stopping server), at most `timeoutMs`. */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  const target = await reporter();
  await target?.flush(timeoutMs).catch(() => undefined);
}

/** Tests: how the reporter is loaded for a DSN (a fake: no network), or Sentry again with undefined. */
export function setErrorReporterLoaderForTests(loader: ReporterLoader | undefined): void {
  loadReporter = loader ?? loadSentry;
  loaded = undefined;
}
