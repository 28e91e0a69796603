import { env } from "./env.server";

const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof order, "silent">;

function write(level: Level, message: string, detail?: unknown): void {
  if (order[level] < order[env().LOG_LEVEL]) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase()} ${message}`;
  const out = level === "error" || level === "warn" ? console.error : console.log;
  if (detail === undefined) out(line);
  else out(line, detail instanceof Error ? (detail.stack ?? detail.message) : detail);
}

/** Server log. Never sent to visitors. */
export const log = {
  debug: (message: string, detail?: unknown) => write("debug", message, detail),
  info: (message: string, detail?: unknown) => write("info", message, detail),
  warn: (message: string, detail?: unknown) => write("warn", message, detail),
  error: (message: string, detail?: unknown) => write("error", message, detail),
};
