/**
 * Shared Intl formatters. Building an `Intl.DateTimeFormat` or `Intl.NumberFormat` costs far
 * more than using one (it loads locale data), and a page formats hundreds of dates and prices:
 * each distinct locale + options pair is built once and kept. The options come from the code,
 * so the set is small; the cap only guards against a caller that builds options from input.
 */
const MAX_ENTRIES = 500;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, options: object, make: () => T): T {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (format === undefined) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, built once per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}
