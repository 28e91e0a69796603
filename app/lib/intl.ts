/**
 * Shared Intl formatters. Building an `Intl.DateTimeFormat` or `Intl.NumberFormat` costs far
 * more than using one (it loads locale data), and a page formats hundreds of dates and prices:
 * each distinct locale + options pair is built once and kept. The options come from the code,
 * so the set is small; the cap only guards against a caller that builds options from input.
 *
 * A browser does not build them to hydrate a page (decision 031). The first Intl formatter of a
 * page sets up ICU, 40–90 ms of main thread in Chromium here (more on a phone), which landed in
 * hydration as one long task. So the server render records every string it formats
 * (`setFormatRecorder`), a page answered whole carries them in the `#intl-seed` data block in
 * its head, and the browser answers the same call with the same string: the text hydrates as
 * rendered, and Intl is built only for a call the server did not make (after a client-side
 * navigation, say).
 */
const MAX_ENTRIES = 500;

export type DateFormatter = Pick<Intl.DateTimeFormat, "format" | "formatRange" | "formatToParts">;
export type NumberFormatter = Pick<Intl.NumberFormat, "format">;
export type ListFormatter = { format: (list: string[]) => string };
/** A formatted string, or a date's parts. */
export type Formatted = string | Intl.DateTimeFormatPart[];
/** Per formatter (kind, locale and options), per call (method and arguments): the result. */
export type FormatRecord = Map<string, Map<string, Formatted>>;
type Seed = Record<string, Record<string, Formatted> | undefined>;
type Argument = Date | number | bigint | string[] | undefined;

/** The id of the page's data block with what its server render formatted. */
export const FORMAT_SEED_ID = "intl-seed";

/** What the page's server render formatted (browser only): the data block's JSON. */
let seeded: Seed = {};
/** Where the server render in progress records its calls (server only). */
let recorder: (() => FormatRecord | undefined) | undefined;

/** The server: `current` gives the record of the render in progress, if any (entry.server.tsx). */
export function setFormatRecorder(current: () => FormatRecord | undefined): void {
  recorder = current;
}

/** The browser: what the server formatted for this page (the data block's JSON). */
export function seedFormats(seed: Seed): void {
  seeded = seed;
}

/** The recorded calls as the page's data block (the JSON escaped for a script element). */
export function formatSeedElement(recorded: FormatRecord): string {
  const seed = Object.fromEntries([...recorded].map(([formatter, calls]) => [formatter, Object.fromEntries(calls)]));
  return `<script type="application/json" id="${FORMAT_SEED_ID}">${JSON.stringify(seed).replace(/</g, "\\u003c")}</script>`;
}

type Methods = Record<string, (...args: Argument[]) => Formatted>;
const formatters = new Map<string, Methods>();

/** One formatter: its methods answer from the seed, or build the Intl object (once) and record. */
function formatter(kind: string, locale: string, options: object, build: () => object) {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let methods = formatters.get(key);
  if (!methods) {
    let intl: Methods | undefined;
    const method =
      (name: string) =>
      (...args: Argument[]): Formatted => {
        const run = () => (intl ??= build() as unknown as Methods)[name](...args);
        const seededCalls = seeded[key];
        const record = recorder?.();
        // Without an argument Intl formats "now": never recorded or seeded. Nothing to look up or
        // note (a streamed render, a formatter the seed lacks): no call key to build either.
        if (args[0] === undefined || (!seededCalls && !record)) return run();
        const call = `${name} ${args.map((a) => (a instanceof Date ? a.getTime() : Array.isArray(a) ? JSON.stringify(a) : String(a))).join(" ")}`;
        const seed = seededCalls?.[call];
        if (seed !== undefined) return seed;
        const result = run();
        if (record) record.set(key, (record.get(key) ?? new Map<string, Formatted>()).set(call, result));
        return result;
      };
    if (formatters.size >= MAX_ENTRIES) formatters.clear();
    formatters.set(key, (methods = { format: method("format"), formatToParts: method("formatToParts"), formatRange: method("formatRange") }));
  }
  return methods;
}

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options, and only when needed. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  formatter("date", locale, options, () => new Intl.DateTimeFormat(locale, options)) as unknown as DateFormatter;

/** `new Intl.NumberFormat(locale, options)`, built once per locale and options, and only when needed. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  formatter("number", locale, options, () => new Intl.NumberFormat(locale, options)) as unknown as NumberFormatter;

/** `new Intl.ListFormat(locale, options)`, built once per locale and options, and only when needed. */
export const listFormat = (locale: string, options: Intl.ListFormatOptions = {}) =>
  formatter("list", locale, options, () => new Intl.ListFormat(locale, options)) as unknown as ListFormatter;

if (typeof document !== "undefined") {
  // The browser, before anything renders: module scripts run after the document is parsed. A
  // damaged seed only means Intl is built as before.
  try {
    seeded = JSON.parse(document.getElementById(FORMAT_SEED_ID)?.textContent || "{}") as Seed;
  } catch {
    // as before
  }
}
