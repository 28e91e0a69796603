import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "./env.server";

/**
 * The server log: one JSON object a line (pino), so several instances' logs can be collected and
 * searched; warnings and errors on stderr, the rest on stdout. In development the same lines are
 * printed readably. Never sent to visitors.
 *
 * What is never logged: secrets, access codes, passwords and participants' personal data. Call
 * sites log references and ids, not names or addresses; errors pass through `safeError`, which
 * drops what a database driver attaches to an error (the failed query's parameters, the row's
 * `detail`), since those are the participants' own data.
 */

const MAX_STACK_FRAMES = 12;

/** Only an error's kind, message (without query parameters), code and stack frames. */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: typeof error === "string" ? scrub(error) : "non-error thrown" };
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .slice(0, MAX_STACK_FRAMES)
    .map((line) => line.trim());
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: scrub(error.message),
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    ...(frames.length > 0 ? { stack: frames } : {}),
    ...(error.cause !== undefined && error.cause !== error ? { cause: safeError(error.cause) } : {}),
  };
}

/** Drizzle puts the failed query's parameters (names, e-mail addresses, …) in its message. */
export function scrub(message: string): string {
  return message.replace(/(\n\s*params:)[\s\S]*$/, "$1 [redacted]");
}

/** Development: `12:00:01 WARN message {extra}` instead of JSON. */
function readable(out: NodeJS.WriteStream): DestinationStream {
  return {
    write(line: string) {
      try {
        const { time, level, msg, pid: _pid, hostname: _host, ...extra } = JSON.parse(line) as Record<string, unknown>;
        const rest = Object.keys(extra).length > 0 ? ` ${JSON.stringify(extra)}` : "";
        out.write(`${String(time).slice(11, 19)} ${String(level).toUpperCase().padEnd(5)} ${String(msg)}${rest}\n`);
      } catch {
        out.write(line);
      }
    },
  };
}

/**
 * The path as logged: no query string, and path segments that look like tokens (newsletter
 * confirmations, checkout sessions, manage links: mixed case, long hex or long digit runs)
 * replaced, so a log reader cannot use them.
 */
export function loggedPath(url: string | undefined): string {
  const pathOnly = (url ?? "").split("?")[0].slice(0, 300);
  return pathOnly
    .split("/")
    .map((segment) => (segment.length >= 16 && (/[A-Z]/.test(segment) || /^[0-9a-f-]+$/.test(segment) || /\d{6}/.test(segment)) ? ":token" : segment))
    .join("/");
}

let cached: { logger: Logger; dev: boolean } | undefined;
/** Tests: where every line goes instead of stdout and stderr. */
let testDestination: DestinationStream | undefined;

/**
 * Tests: every line to `destination` (JSON, one object a line), or back to stdout and stderr
 * with undefined. The HTTP request log keeps the logger it was made with: build the app after.
 */
export function setLogDestinationForTests(destination: DestinationStream | undefined): void {
  testDestination = destination;
  cached = undefined;
}

function logger(): Logger {
  const config = env();
  const dev = config.NODE_ENV === "development" && !testDestination;
  if (!cached || cached.dev !== dev) {
    const stdout = testDestination ?? (dev ? readable(process.stdout) : pino.destination({ fd: 1, sync: true }));
    const stderr = testDestination ?? (dev ? readable(process.stderr) : pino.destination({ fd: 2, sync: true }));
    cached = {
      dev,
      logger: pino(
        {
          level: "debug",
          timestamp: pino.stdTimeFunctions.isoTime,
          formatters: { level: (label) => ({ level: label }) },
          serializers: { err: safeError },
        },
        // dedupe: each line goes to one stream only, the one for the highest level it reaches.
        pino.multistream(
          [
            { level: "debug", stream: stdout },
            { level: "warn", stream: stderr },
          ],
          { dedupe: true },
        ),
      ),
    };
  }
  // Tests change LOG_LEVEL on the fly (setEnvForTests).
  if (cached.logger.level !== config.LOG_LEVEL) cached.logger.level = config.LOG_LEVEL;
  return cached.logger;
}

/** The pino logger itself, for the HTTP request log. */
export function baseLogger(): Logger {
  return logger();
}

type Level = "debug" | "info" | "warn" | "error";

/** The path of a request's address: a Fetch request's `url` is absolute, Express's `originalUrl` a path. */
function pathOf(url: string): string {
  if (url.startsWith("/")) return url;
  try {
    return new URL(url).pathname;
  } catch {
    return "";
  }
}

/**
 * The request a line is about: its id (pino-http's, also the X-Request-Id answer header) and
 * what the request log shows of it, so an error's line and its request's line are found together.
 */
export type RequestRef = { id?: string; method: string; url: string };

function write(level: Level, message: string, detail?: unknown, request?: RequestRef, target: Logger = logger()): void {
  if (!target.isLevelEnabled(level)) return;
  const fields: Record<string, unknown> = {};
  if (request) fields.req = { id: request.id, method: request.method, path: loggedPath(pathOf(request.url)) };
  if (detail instanceof Error) fields.err = detail;
  else if (typeof detail === "string") fields.detail = scrub(detail);
  else if (detail !== undefined) fields.detail = detail;
  if (Object.keys(fields).length === 0) target[level](message);
  else target[level](fields, message);
}

/** Lines about the process itself (ready, stopping): written at info whatever LOG_LEVEL says, unless "silent". */
function lifecycle(message: string): void {
  const base = logger();
  if (base.level === "silent") return;
  write("info", message, undefined, undefined, base.isLevelEnabled("info") ? base : base.child({}, { level: "info" }));
}

/** Server log. Never sent to visitors. `request`: the request the line is about (its id, method and path). */
export const log = {
  debug: (message: string, detail?: unknown, request?: RequestRef) => write("debug", message, detail, request),
  info: (message: string, detail?: unknown, request?: RequestRef) => write("info", message, detail, request),
  warn: (message: string, detail?: unknown, request?: RequestRef) => write("warn", message, detail, request),
  error: (message: string, detail?: unknown, request?: RequestRef) => write("error", message, detail, request),
  lifecycle,
};
