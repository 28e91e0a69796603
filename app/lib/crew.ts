import { addDays, teamDay, teamDayEnd } from "~/lib/local-time";
import type { CrewAnswerValue, CrewItemKind } from "~/schemas/crew";

/**
 * The crew file's rules both sides use (decision 043): when an item is due, whether it is locked,
 * and whether an answer completes it. The server decides with them; the pages show them.
 */

/** The item's deadline: the end of the Amsterdam day `dueDaysBefore` calendar days before the start's day (null: the start's day). */
export function crewItemDeadline(item: { dueDaysBefore: number | null }, eventStart: Date | string): { lastDay: string; deadline: Date } {
  const lastDay = addDays(teamDay(new Date(eventStart)), -Math.max(0, Math.trunc(item.dueDaysBefore ?? 0)));
  return { lastDay, deadline: teamDayEnd(lastDay) };
}

/**
 * Whether the participant can no longer change the answer: the item's deadline passed, unless
 * staff opened it again until a later moment (`unlockedUntil`, with an audit row).
 */
export function crewItemLocked(
  item: { dueDaysBefore: number | null },
  eventStart: Date | string,
  now: Date,
  unlockedUntil: Date | string | null | undefined,
): boolean {
  if (unlockedUntil && new Date(unlockedUntil).getTime() > now.getTime()) return false;
  return teamDay(now) > crewItemDeadline(item, eventStart).lastDay;
}

/** Whether an answer's value completes an item of this kind (a qualification or passport needs every field). */
export function crewAnswerComplete(kind: CrewItemKind, value: CrewAnswerValue | null | undefined): boolean {
  if (!value) return false;
  switch (value.kind) {
    case "text":
      return (kind === "short_text" || kind === "long_text") && value.text.trim() !== "";
    case "choice":
      return (kind === "choice_one" ? value.values.length === 1 : kind === "choice_many" && value.values.length > 0);
    case "yes_no":
      return kind === "yes_no";
    case "date":
      return kind === "date" && value.date !== "";
    case "number":
      return kind === "number" && Number.isFinite(value.number);
    case "country":
      return kind === "country" && value.country !== "";
    case "file":
      return kind === "file";
    case "qualification":
      return kind === "qualification" && value.name.trim() !== "" && value.number.trim() !== "" && value.expiresOn !== "";
    case "passport":
      return kind === "passport" && value.nationality !== "" && value.number.trim() !== "" && value.expiresOn !== "";
  }
}

/** An item's state on a participant's checklist and in the staff's crew file. */
export type CrewItemState = "complete" | "missing" | "overdue" | "optional";

export function crewItemState(
  item: { kind: CrewItemKind; required: boolean; dueDaysBefore: number | null },
  value: CrewAnswerValue | null | undefined,
  eventStart: Date | string,
  now: Date,
): CrewItemState {
  if (crewAnswerComplete(item.kind, value)) return "complete";
  if (!item.required) return "optional";
  return teamDay(now) > crewItemDeadline(item, eventStart).lastDay ? "overdue" : "missing";
}
