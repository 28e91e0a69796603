import type { Locale } from "~/i18n";
import { formatDate } from "~/lib/dates";

/**
 * A date-only ISO string (YYYY-MM-DD) as a long date. Formatted in UTC so the server and the
 * browser agree whatever their time zones (no hydration mismatch, no off-by-one day).
 */
export function formatLongDate(isoDate: string, locale: Locale): string {
  return formatDate(`${isoDate}T00:00:00Z`, locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}
