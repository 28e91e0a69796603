import type { Locale } from "~/i18n";
import { dateTimeFormat } from "~/lib/intl";

/**
 * The one home of how dates and times are written. Instants are shown in the team's time zone,
 * whatever the visitor's machine or the server says, in the visitor's language: Dutch as in the
 * Netherlands, English as in Britain (the news dates and an opening's time follow the spec's
 * "en-US"). Every formatter comes from `~/lib/intl`, so a page hydrates with the strings its
 * server render wrote, without building Intl (decision 031).
 */

/** The team's time zone: every date and time a visitor or the team reads, and the admin's inputs (`~/lib/local-time`). */
export const TEAM_TIME_ZONE = "Europe/Amsterdam";

type Instant = string | Date;

const LONG_DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };

function teamFormat(locale: Locale, options: Intl.DateTimeFormatOptions, english: "en-GB" | "en-US" = "en-GB") {
  return dateTimeFormat(locale === "nl" ? "nl-NL" : english, { timeZone: TEAM_TIME_ZONE, ...options });
}

/** An instant with the given parts (default "14 juni 2026" / "14 June 2026"), in the team's time zone. */
export function formatDate(at: Instant, locale: Locale, options: Intl.DateTimeFormatOptions = LONG_DATE): string {
  return teamFormat(locale, options).format(new Date(at));
}

/** "12 – 14 juni 2026" style range; a single day when start and end fall on the same day. */
export function formatDateRange(start: Instant, end: Instant, locale: Locale): string {
  const format = teamFormat(locale, { day: "numeric", month: "short", year: "numeric" });
  const from = new Date(start);
  const to = new Date(end);
  if (format.format(from) === format.format(to)) return format.format(from);
  // ICU versions differ in the spaces around the dash (thin or normal): Node's and the browser's
  // output must match, or hydration fails.
  return format.formatRange(from, to).replace(/[\u2009\u202f\u00a0]/g, " ");
}

/** "14 November 2026" (an e-mail's due date or deadline). */
export function formatDay(at: Date, locale: Locale): string {
  return formatDate(at, locale);
}

/** "Friday 14 November 2025, 09:30 – Saturday 15 November 2025, 17:00" (an event's times in e-mails). */
export function formatEventTimes(event: { startDate: Date; endDate: Date }, locale: Locale): string {
  const options: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" };
  return teamFormat(locale, options).formatRange(event.startDate, event.endDate);
}

/** "Sunday 14 June 2026, 18:30": when an offer ends. */
export function formatUntil(at: Date, locale: Locale): string {
  return formatDate(at, locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** "18:30". */
export function timeOf(at: Instant, locale: Locale): string {
  return formatDate(at, locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

/** "18:30 - 21:30". */
export function timeRange(start: Instant, end: Instant, locale: Locale): string {
  return `${timeOf(start, locale)} - ${timeOf(end, locale)}`;
}

/** "zaterdag 14 november 2026" (the long date with weekday). */
export function longDateWithWeekday(at: Instant, locale: Locale): string {
  return formatDate(at, locale, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
}

/** "07 juni 2026" (dd month yyyy). */
export function dayMonthYear(at: Instant, locale: Locale): string {
  return formatDate(at, locale, { day: "2-digit", month: "long", year: "numeric" });
}

/** News dates: nl-NL or en-US by language (the spec's rule). */
export function formatArticleDate(at: Instant, locale: Locale): string {
  return teamFormat(locale, LONG_DATE, "en-US").format(new Date(at));
}

/**
 * "Aug 12 09:00" (en) / "12 aug 09:00" (nl): when registration opens, so the opening reads the
 * same wherever the visitor is.
 */
export function formatOpening(at: Instant, locale: Locale): string {
  const parts = teamFormat(locale, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, "en-US").formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const month = part("month").replace(/\.$/, "");
  const time = `${part("hour")}:${part("minute")}`;
  return locale === "nl" ? `${part("day")} ${month} ${time}` : `${month} ${part("day")} ${time}`;
}

/**
 * A calendar date without a time ("2025-01-15") as a long date. Read and written in UTC, so the
 * server and the browser agree whatever their time zones (no hydration mismatch, no day off).
 */
export function formatLongDate(isoDate: string, locale: Locale): string {
  return dateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { ...LONG_DATE, timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** "2026-06-12 14:30" in the team's time zone (a format Excel recognises as a date and time). */
export function csvDateTime(value: Date | null | undefined): string {
  if (!value) return "";
  return dateTimeFormat("sv-SE", { timeZone: TEAM_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(value);
}
