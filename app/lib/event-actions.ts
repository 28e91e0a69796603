import { translate, type Locale, type MessageKey } from "~/i18n";
import type { EventView } from "~/lib/events";
import { teamDateFormat } from "~/lib/dates";

/**
 * The one action an event offers, decided from its data and the server's clock. Pure, so the
 * dialog, the private pages and the server-side checks all agree.
 */
export type EventAction =
  /** `apply`: the event requires approval (decision 045): the visitor applies, and pays once the team approves. */
  | { kind: "register"; apply: boolean }
  | { kind: "not_open"; opensAt: string }
  | { kind: "fully_booked" }
  | { kind: "finished" }
  | { kind: "ongoing" }
  | { kind: "interest" }
  | { kind: "waitlist" }
  | { kind: "walk_in" }
  | { kind: "cancelled" };

export type EventActionKind = EventAction["kind"];

type ActionInput = Pick<EventView, "status" | "bookingMode" | "placesLeft" | "registrationOpensAt" | "requiresApproval">;

/**
 * Precedence, first match wins:
 * cancelled → finished → walk-in (the boat can be visited while the event runs) → ongoing →
 * waiting list → interest → fully booked → not open yet → register.
 * Full comes before "not open" so a full event never promises an opening it cannot keep.
 * An event that requires approval offers the same action, worded "Apply" (decision 045): an
 * application is taken under the same availability rule, and the places are checked again when
 * the team approves it.
 */
export function eventAction(event: ActionInput, now: Date): EventAction {
  if (event.status === "cancelled") return { kind: "cancelled" };
  if (event.status === "completed") return { kind: "finished" };
  if (event.bookingMode === "walk_in") return { kind: "walk_in" };
  if (event.status === "live") return { kind: "ongoing" };
  if (event.bookingMode === "waitlist") return { kind: "waitlist" };
  if (event.bookingMode === "interest") return { kind: "interest" };
  if (event.placesLeft !== null && event.placesLeft <= 0) return { kind: "fully_booked" };
  if (event.registrationOpensAt && new Date(event.registrationOpensAt).getTime() > now.getTime()) {
    return { kind: "not_open", opensAt: event.registrationOpensAt };
  }
  return { kind: "register", apply: event.requiresApproval === true };
}

/** Why the server takes no registration for an event right now. */
export type RegistrationRefusal =
  | "not_found"
  | "not_bookable"
  | "cancelled"
  | "finished"
  | "ongoing"
  | "not_open"
  | "full"
  | "too_many_holds"
  | "too_many_places"
  /** More places than the event takes in one booking. */
  | "too_many_places_per_booking"
  /** Fewer places left than the booking asks for (the refusal says how many are left). */
  | "places_left"
  /** The waiting-list offer it was made through is unknown, used up, expired or closed. */
  | "offer_invalid";

/**
 * What the server answers a registration for an event that shows `action`. This is the one
 * availability rule: the button a visitor sees and the check that refuses a registration both
 * come from eventAction(), so a page never offers 'Register' for an event the server refuses, nor
 * hides it for one the server would take. (The per-booker limits come on top, in the booking.)
 */
export function registrationRefusal(action: EventAction): RegistrationRefusal | undefined {
  switch (action.kind) {
    case "register":
      return undefined;
    case "not_open":
      return "not_open";
    case "fully_booked":
      return "full";
    case "finished":
      return "finished";
    case "ongoing":
      return "ongoing";
    case "cancelled":
      return "cancelled";
    case "interest":
    case "waitlist":
    case "walk_in":
      return "not_bookable";
  }
}

/** Interest events hide their price (the spec's rule). */
export function showsPrice(event: Pick<EventView, "bookingMode">): boolean {
  return event.bookingMode !== "interest";
}

/**
 * "Aug 12 09:00" (en) / "12 aug 09:00" (nl), in the team's time zone, so the opening reads the
 * same wherever the visitor is.
 */
export function formatOpening(iso: string, locale: Locale): string {
  const parts = teamDateFormat(locale, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, "en-US").formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const month = part("month").replace(/\.$/, "");
  const time = `${part("hour")}:${part("minute")}`;
  return locale === "nl" ? `${part("day")} ${month} ${time}` : `${month} ${part("day")} ${time}`;
}

const LABEL_KEYS: Record<Exclude<EventActionKind, "not_open">, MessageKey> = {
  register: "events.action.register",
  fully_booked: "events.action.fullyBooked",
  finished: "events.action.finished",
  ongoing: "events.action.ongoing",
  interest: "events.action.interest",
  waitlist: "events.action.waitlist",
  walk_in: "events.action.walkIn",
  cancelled: "events.action.cancelled",
};

/** The action's visible label in the visitor's language. */
export function eventActionLabel(action: EventAction, locale: Locale): string {
  if (action.kind === "register" && action.apply) return translate(locale, "events.action.apply");
  if (action.kind === "not_open") return translate(locale, "events.action.opensAt", { when: formatOpening(action.opensAt, locale) });
  return translate(locale, LABEL_KEYS[action.kind]);
}
