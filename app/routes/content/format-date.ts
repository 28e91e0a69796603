import type { Locale } from "~/i18n";
import { dateTimeFormat } from "~/lib/intl";

/**
 * A date-only ISO string (YYYY-MM-DD) as a long date. Formatted in UTC so the server and the
 * browser agree whatever their time zones (no hydration mismatch, no off-by-one day).
 */
export function formatLongDate(isoDate: string, locale: Locale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return dateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}
