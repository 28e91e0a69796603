/**
 * Shared Intl formatters. Building an `Intl.DateTimeFormat` or `Intl.NumberFormat` costs far
 * more than using one (it loads locale data), and a page formats hundreds of dates and prices:
 * each distinct locale + options pair is built once and kept. The options come from the code,
 * so the set is small; the cap only guards against a caller that builds options from input.
 *
 * A browser does not build them to hydrate a page (decision 031). The first Intl formatter of a
 * page sets up ICU, 40–90 ms of main thread in Chromium here (more on a phone), which landed in
 * hydration as one long task. So the server render records every string it formats
 * (`setFormatRecorder`), the page carries them (`seedFormats`, read from the
 * `#intl-seed` data block in the head), and the browser answers the same call with the same
 * string: the text hydrates as rendered, and Intl is built only for a value the server did not
 * format (after a client-side navigation, say).
 */
const MAX_ENTRIES = 500;

export type DateFormatter = Pick<Intl.DateTimeFormat, "format" | "formatRange" | "formatToParts">;
export type NumberFormatter = Pick<Intl.NumberFormat, "format">;
export type ListFormatter = Pick<Intl.ListFormat, "format">;
/** A formatted string, or a date's parts. */
export type Formatted = string | Intl.DateTimeFormatPart[];
/** Per formatter (kind, locale and options), per call (method and arguments): the result. */
export type FormatRecord = Map<string, Map<string, Formatted>>;

const dateFormats = new Map<string, DateFormatter>();
const numberFormats = new Map<string, NumberFormatter>();
const listFormats = new Map<string, ListFormatter>();

/** The id of the page's data block with what its server render formatted. */
export const FORMAT_SEED_ID = "intl-seed";

/** What the page's server render formatted (browser only). */
const seeded: FormatRecord = new Map();
/** Where the server render in progress records its calls (server only). */
let recorder: (() => FormatRecord | undefined) | undefined;

/** The server: `current` gives the record of the render in progress, if any (entry.server.tsx). */
export function setFormatRecorder(current: () => FormatRecord | undefined): void {
  recorder = current;
}

/** The browser: the calls the server made for this page, with their results (the data block's JSON). */
export function seedFormats(seed: Record<string, Record<string, Formatted>>): void {
  for (const [formatter, calls] of Object.entries(seed)) {
    const known = seeded.get(formatter) ?? new Map<string, Formatted>();
    for (const [call, result] of Object.entries(calls)) known.set(call, result);
    seeded.set(formatter, known);
  }
}

/** The recorded calls as the page's data block (the JSON escaped for a script element). */
export function formatSeedElement(recorded: FormatRecord): string {
  const seed = Object.fromEntries([...recorded].map(([formatter, calls]) => [formatter, Object.fromEntries(calls)]));
  return `<script type="application/json" id="${FORMAT_SEED_ID}">${JSON.stringify(seed).replace(/</g, "\\u003c")}</script>`;
}

function remembered<T extends Formatted>(formatter: string, call: string, format: () => T): T {
  const seed = seeded.get(formatter)?.get(call);
  if (seed !== undefined) return seed as T;
  const result = format();
  const record = recorder?.();
  if (record) {
    let calls = record.get(formatter);
    if (!calls) record.set(formatter, (calls = new Map()));
    calls.set(call, result);
  }
  return result;
}

function cached<T>(cache: Map<string, T>, kind: string, locale: string, options: object, make: (key: string) => T): T {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (format === undefined) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    format = make(key);
    cache.set(key, format);
  }
  return format;
}

/** A date or number as part of a call's key. */
const stamp = (value: Date | number | bigint) => String(value instanceof Date ? value.getTime() : value);

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options, and only when needed. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): DateFormatter {
  return cached(dateFormats, "date", locale, options, (key) => {
    let intl: Intl.DateTimeFormat | undefined;
    const built = () => (intl ??= new Intl.DateTimeFormat(locale, options));
    return {
      // Without a date Intl formats "now": never recorded or seeded.
      format: (date) => (date === undefined ? built().format() : remembered(key, `format ${stamp(date)}`, () => built().format(date))),
      formatToParts: (date) =>
        date === undefined ? built().formatToParts() : remembered(key, `parts ${stamp(date)}`, () => built().formatToParts(date)),
      formatRange: (start, end) => remembered(key, `range ${stamp(start)} ${stamp(end)}`, () => built().formatRange(start, end)),
    };
  });
}

/** `new Intl.NumberFormat(locale, options)`, built once per locale and options, and only when needed. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): NumberFormatter {
  return cached(numberFormats, "number", locale, options, (key) => {
    let intl: Intl.NumberFormat | undefined;
    return { format: (value) => remembered(key, `format ${String(value)}`, () => (intl ??= new Intl.NumberFormat(locale, options)).format(value)) };
  });
}

/** `new Intl.ListFormat(locale, options)`, built once per locale and options, and only when needed. */
export function listFormat(locale: string, options: Intl.ListFormatOptions = {}): ListFormatter {
  return cached(listFormats, "list", locale, options, (key) => {
    let intl: Intl.ListFormat | undefined;
    return {
      format: (items) => {
        const list = [...items];
        return remembered(key, `format ${JSON.stringify(list)}`, () => (intl ??= new Intl.ListFormat(locale, options)).format(list));
      },
    };
  });
}

if (typeof document !== "undefined") {
  // The browser, before anything renders: module scripts run after the document is parsed.
  const seed = document.getElementById(FORMAT_SEED_ID)?.textContent;
  if (seed) {
    try {
      seedFormats(JSON.parse(seed) as Record<string, Record<string, Formatted>>);
    } catch {
      // A damaged seed only means Intl is built as before.
    }
  }
}
