import type { CrewReadinessView } from "~/schemas/crew-file-view";
import type { CrewAnswerValue, CrewRole, CrewRule } from "~/schemas/crew";
import { teamDay } from "~/lib/local-time";

/**
 * The crew readiness rule of an event (decision 043): at least `minPercent`% of the live crew
 * (rounded up to whole people), the skipper among them when the rule says so, hold a
 * qualification whose name is the rule's and that is valid on the start's day.
 */

/** One qualification answer of a participant, with the name its item looks for. */
export type HeldQualification = { value: CrewAnswerValue | null; itemQualificationName: string | null };

export type ReadinessParticipant = { role: CrewRole; qualifications: HeldQualification[] };

const same = (a: string | null | undefined, b: string) => (a ?? "").trim().toLocaleLowerCase("en") === b.trim().toLocaleLowerCase("en");

/**
 * Whether one answer meets the rule on `validOn`: a qualification answer whose certificate name
 * equals the rule's (case-insensitive), or whose item is the rule's qualification, and whose
 * expiry is on or after the start's day (valid through the day it expires).
 */
export function qualificationCounts(held: HeldQualification, rule: Pick<CrewRule, "qualification">, validOn: string): boolean {
  const value = held.value;
  if (!value || value.kind !== "qualification") return false;
  if (!(same(value.name, rule.qualification) || same(held.itemQualificationName, rule.qualification))) return false;
  return /^\d{4}-\d{2}-\d{2}$/.test(value.expiresOn) && value.expiresOn >= validOn;
}

/** The people needed: ceil(minPercent% × crew), in whole numbers (no floating rounding). */
export function neededCrew(minPercent: number, crew: number): number {
  const percent = Math.min(100, Math.max(0, minPercent));
  // An integer percentage keeps this exact; a fractional one is rounded up on the hundredth.
  return Math.ceil(Math.round(percent * crew * 100) / 10_000);
}

export function crewReadiness(rule: CrewRule, eventStart: Date, participants: ReadinessParticipant[]): CrewReadinessView {
  const validOn = teamDay(eventStart);
  const qualifiedOf = (p: ReadinessParticipant) => p.qualifications.some((q) => qualificationCounts(q, rule, validOn));
  const crew = participants.length;
  const qualified = participants.filter(qualifiedOf).length;
  const needed = neededCrew(rule.minPercent, crew);
  const skippers = participants.filter((p) => p.role === "skipper");
  // Every skipper aboard must hold it (usually one); no skipper among the participants: not met.
  const skipperQualified = skippers.length === 0 ? null : skippers.every(qualifiedOf);
  const skipperOk = !rule.skipperIncluded || skipperQualified === true;
  return {
    qualification: rule.qualification,
    minPercent: rule.minPercent,
    validOn,
    crew,
    qualified,
    needed,
    percent: crew === 0 ? 0 : Math.floor((qualified * 100) / crew),
    skipperIncluded: rule.skipperIncluded,
    skipperQualified,
    met: crew > 0 && qualified >= needed && skipperOk,
  };
}
