import type { Locale } from "~/i18n";
import type { LanguageFallback } from "~/lib/content-language";
import { dateTimeFormat, numberFormat } from "~/lib/intl";

export type EventKind = "race" | "event" | "training" | "sailing" | "corporate";
export type BookingMode = "registration" | "interest" | "waitlist" | "walk_in";
/** What visitors see: `ongoing` shows as live; `cancelled` events are never listed. */
export type DisplayStatus = "upcoming" | "live" | "completed" | "cancelled";

/** An event as the browser receives it: localized, serializable, without private fields. */
export type EventView = {
  id: string;
  slug: string;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  location: string;
  priceCents: number;
  included: string[];
  maxParticipants: number | null;
  /** Places still free (confirmed + held places subtracted); null without a maximum. */
  placesLeft: number | null;
  status: DisplayStatus;
  /** The end date has passed (by the server's clock). */
  ended: boolean;
  kind: EventKind;
  bookingMode: BookingMode;
  depositPercent: number;
  registrationOpensAt: string | null;
  earlyBirdPercent: number | null;
  earlyBirdUntil: string | null;
  documentUrl: string | null;
  documentName: string | null;
  imageUrl: string | null;
  /** The team's message when it cancelled or moved this date (decision 015), in the visitor's language. */
  cancellationMessage?: string | null;
  /** Texts shown in the other language because the visitor's is missing (null or absent: none). */
  fallback?: LanguageFallback | null;
  /** The languages its description is written in: what its page announces (hreflang). Absent: both. */
  languages?: Locale[];
};

/**
 * Euros from integer cents, in the visitor's language ("€1.250" / "€1,250"): the euro sign
 * against the number in both languages, as on payment buttons and in the spec's texts, so one
 * page never shows "€ 175" beside "€175".
 */
export function formatPrice(cents: number, locale: Locale): string {
  return numberFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  })
    .format(cents / 100)
    .replace(/€[\s\u00a0\u202f]+/, "€");
}

/** Dates are shown in the team's time zone, whatever the visitor's machine says. */
export const TEAM_TIME_ZONE = "Europe/Amsterdam";

export function formatDate(iso: string, locale: Locale, options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" }): string {
  return dateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { timeZone: TEAM_TIME_ZONE, ...options }).format(new Date(iso));
}

/** "12 – 14 juni 2026" style range; a single day when start and end fall on the same day. */
export function formatDateRange(startIso: string, endIso: string, locale: Locale): string {
  const format = dateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    timeZone: TEAM_TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (format.format(start) === format.format(end)) return format.format(start);
  // ICU versions differ in the spaces around the dash (thin or normal): Node's and the browser's
  // output must match, or hydration fails.
  return format.formatRange(start, end).replace(/[\u2009\u202f\u00a0]/g, " ");
}

/** Whole days an event spans, rounded up (a 3-hour evening is 1 day). */
export function durationDays(startIso: string, endIso: string): number {
  const ms = new Date(endIso).getTime() - new Date(startIso).getTime();
  return Math.max(1, Math.ceil(ms / 86_400_000));
}

/**
 * The calendar's order: what can still be joined first (live and upcoming, soonest first), then
 * finished events, most recent first. Stable for equal dates (by name).
 */
export function calendarOrder<T extends Pick<EventView, "status" | "startDate" | "endDate" | "name">>(events: T[]): T[] {
  const finished = (e: T) => e.status === "completed";
  return [...events].sort((a, b) => {
    if (finished(a) !== finished(b)) return finished(a) ? 1 : -1;
    const byDate = finished(a)
      ? new Date(b.endDate).getTime() - new Date(a.endDate).getTime()
      : new Date(a.startDate).getTime() - new Date(b.startDate).getTime();
    // By code unit, not localeCompare: the same order on the server and in every browser, and
    // no collator to set up while the calendar hydrates (decision 031).
    return byDate || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  });
}
