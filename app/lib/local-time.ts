import { teamDateFormat } from "./dates";

/**
 * The admin forms speak Amsterdam wall-clock time (`<input type="datetime-local">` and
 * `type="date"` carry no zone); the database stores instants. Conversions use the time-zone
 * database through Intl, so daylight-saving changes are right in every year.
 */

const partsFormat = teamDateFormat("en", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function wallClock(instant: Date): { year: string; month: string; day: string; hour: string; minute: string } {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** "yyyy-mm-ddThh:mm" as Amsterdam clocks show the instant (for datetime-local inputs). */
export function toLocalInput(instant: Date | null | undefined): string {
  if (!instant) return "";
  const c = wallClock(instant);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}`;
}

/** "yyyy-mm-dd" of the instant in Amsterdam (for date inputs). */
export function toLocalDateInput(instant: Date | null | undefined): string {
  return toLocalInput(instant).slice(0, 10);
}

/** Amsterdam's offset from UTC at an instant, in milliseconds. */
function offsetMs(instantMs: number): number {
  const c = wallClock(new Date(instantMs));
  const asUtc = Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day), Number(c.hour), Number(c.minute));
  return asUtc - Math.floor(instantMs / 60_000) * 60_000;
}

const DAY_MS = 86_400_000;

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/**
 * The instant at which Amsterdam clocks show the given "yyyy-mm-dd[Thh:mm]"; undefined when it
 * is not a real date and time. A date alone means the start of that day.
 */
export function fromLocalInput(value: string): Date | undefined {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour = "0", minute = "0"] = match.slice(1).map((v) => v ?? undefined) as string[];
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return undefined;
  const wallMs = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wallMs);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  // The offsets in force a day before and a day after (a change is months from the next): the
  // time is the instant one of them gives whose clocks show it. In the repeated hour of autumn
  // both do, and it is the first of the two; in the hour skipped in spring neither does, and it
  // is read with the offset before the gap (02:30 is 03:30 summer time). RFC 5545's rule for
  // local times, which calendars follow; a form shown for an instant in the repeated hour's
  // first pass is then saved unchanged.
  const before = offsetMs(wallMs - DAY_MS);
  const after = offsetMs(wallMs + DAY_MS);
  const shown = (instantMs: number) => offsetMs(instantMs) === wallMs - instantMs;
  const earlier = wallMs - Math.max(before, after);
  const later = wallMs - Math.min(before, after);
  return new Date(shown(earlier) ? earlier : shown(later) ? later : wallMs - before);
}

// --- Days on the team's calendar ----------------------------------------------------------------
// Deadlines are days in Amsterdam ("due by 26 November" means until that day ends there), so the
// date a participant reads is the date the rules apply, whatever the event's start time or the
// time of day something is asked. Days are "yyyy-mm-dd" strings: they compare as strings.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function parseDay(day: string): [number, number, number] {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The Amsterdam calendar day of an instant, "yyyy-mm-dd". */
export function teamDay(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError("Invalid date");
  return toLocalDateInput(at);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parseDay(day);
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The first instant of an Amsterdam day (midnight there; the clocks never change at midnight). */
export function teamDayStart(day: string): Date {
  parseDay(day);
  const start = fromLocalInput(day);
  if (!start) throw new RangeError(`Not a day: ${day}`);
  return start;
}

/** The last millisecond of an Amsterdam day: the deadline "by <day>". */
export function teamDayEnd(day: string): Date {
  return new Date(teamDayStart(addDays(day, 1)).getTime() - 1);
}

/** An Amsterdam day as an instant inside it (noon there), for the date formatters. */
export function dayInstant(day: string): Date {
  return new Date(teamDayStart(day).getTime() + DAY_MS / 2);
}
