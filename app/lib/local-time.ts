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
