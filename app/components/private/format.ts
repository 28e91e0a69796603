import type { Locale } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";

// The private pages' ways of writing times and prices, built on the homes of dates and money
// (kept here so they load with these pages, not with every page's first script).

/** "18:30", in the team's time zone. */
export function timeOf(iso: string, locale: Locale): string {
  return formatDate(iso, locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

/** "18:30 - 21:30". */
export function timeRange(startIso: string, endIso: string, locale: Locale): string {
  return `${timeOf(startIso, locale)} - ${timeOf(endIso, locale)}`;
}

/** "zaterdag 14 november 2026" (the long nl-NL date with weekday). */
export function longDateWithWeekday(iso: string, locale: Locale): string {
  return formatDate(iso, locale, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
}

/** "07 juni 2026" (dd month yyyy). */
export function dayMonthYear(iso: string, locale: Locale): string {
  return formatDate(iso, locale, { day: "2-digit", month: "long", year: "numeric" });
}

/** A price without the sign, for texts that carry their own "€": "175", "4.455,50". */
export function euroNumber(cents: number, locale: Locale): string {
  return formatPrice(cents, locale).replace("€", "");
}
