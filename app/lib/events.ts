import type { Locale } from "~/i18n";
import type { LanguageFallback } from "~/lib/content-language";
import type { RegistrationQuestions } from "~/schemas/crew-place";

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
  /** The most places one booking (or waiting party) may have (decision 042). */
  maxPlacesPerBooking?: number;
  /** Places still free (confirmed + held places subtracted); null without a maximum. */
  placesLeft: number | null;
  status: DisplayStatus;
  /** The end date has passed (by the server's clock). */
  ended: boolean;
  kind: EventKind;
  bookingMode: BookingMode;
  /** Registration makes an application the team approves or declines before anything is paid (decision 045). Absent: false. */
  requiresApproval?: boolean;
  depositPercent: number;
  /** The money rules (decision 014): the balance is due, and a cancellation refunds until, so many days before the start. */
  balanceDueDays: number;
  refundUntilDays: number;
  refundPercent: number;
  /** A group's participants complete their details (and may be replaced) until this many days before the start (decision 042). */
  participantDeadlineDays?: number;
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
  /**
   * The crew-file items its registration form asks a booker who sails (issue 27): on the form's
   * own pages (its page, an offer). The lists (calendar, home, private pages) carry only
   * `asksOnForm`, and the form fetches the items when it opens: in a list's HTML they cost its
   * largest paint 0.15 s (measured, decision 043).
   */
  questions?: RegistrationQuestions;
  asksOnForm?: boolean;
};

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
