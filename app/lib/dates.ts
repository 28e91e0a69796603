import type { Locale } from "~/i18n";
import { dateTimeFormat } from "~/lib/intl";

/**
 * The one home of how dates and times are written. Instants are shown in the team's time zone,
 * whatever the visitor's machine or the server says, in the visitor's language: Dutch as in the
 * Netherlands, English as in Britain (the news dates and an opening's time follow the spec's
 * "en-US"). Every formatter comes from `~/lib/intl`, so a page hydrates with the strings its
 * server render wrote, without building Intl (decision 031).
 *
 * This module is in the script every page loads first (the home page uses it): a function here
 * that some page's browser code calls is in every first visit. So what only some pages show in
 * the browser is a preset beside them, built on `teamDateFormat` or `formatDate` (the private
 * pages' times in `~/components/private/format`, the opening of registration in
 * `~/lib/event-actions`, the legal pages' date); what only the server writes (e-mails, exports)
 * is here.
 */

/** The team's time zone: every date and time a visitor or the team reads, and the admin's inputs (`~/lib/local-time`). */
export const TEAM_TIME_ZONE = "Europe/Amsterdam";

type Instant = string | Date;

const LONG_DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };

/** The formatter for these parts in the team's time zone and the visitor's language (British or American English). */
export function teamDateFormat(locale: Locale, options: Intl.DateTimeFormatOptions, english: "en-GB" | "en-US" = "en-GB") {
  return dateTimeFormat(locale === "nl" ? "nl-NL" : english, { timeZone: TEAM_TIME_ZONE, ...options });
}

/** An instant with the given parts (default "14 juni 2026" / "14 June 2026"), in the team's time zone. */
export function formatDate(at: Instant, locale: Locale, options: Intl.DateTimeFormatOptions = LONG_DATE): string {
  return teamDateFormat(locale, options).format(new Date(at));
}

/** "12 – 14 juni 2026" style range; a single day when start and end fall on the same day. */
export function formatDateRange(start: Instant, end: Instant, locale: Locale): string {
  const format = teamDateFormat(locale, { day: "numeric", month: "short", year: "numeric" });
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
  return teamDateFormat(locale, options).formatRange(event.startDate, event.endDate);
}

/** "Sunday 14 June 2026, 18:30": when an offer ends. */
export function formatUntil(at: Date, locale: Locale): string {
  return formatDate(at, locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** News dates: nl-NL or en-US by language (the spec's rule). */
export function formatArticleDate(at: Instant, locale: Locale): string {
  return teamDateFormat(locale, LONG_DATE, "en-US").format(new Date(at));
}

/** "2026-06-12 14:30" in the team's time zone (a format Excel recognises as a date and time). */
export function csvDateTime(value: Date | null | undefined): string {
  if (!value) return "";
  return dateTimeFormat("sv-SE", { timeZone: TEAM_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(value);
}
