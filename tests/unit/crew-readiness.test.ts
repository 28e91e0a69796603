import { describe, expect, it } from "vitest";
import { crewReadiness, neededCrew, qualificationCounts, type ReadinessParticipant } from "@server/crew/readiness.server";
import { parseCrewOptions } from "~/schemas/crew-item-form";
import type { CrewAnswerValue, CrewRule } from "~/schemas/crew";

// 12 March 2027, 09:00 in Amsterdam (CET): the start's day is 2027-03-12.
const START = new Date("2027-03-12T08:00:00Z");
const RULE: CrewRule = { qualification: "World Sailing OSR", minPercent: 30, skipperIncluded: true };

const osr = (expiresOn: string, name = "World Sailing OSR"): CrewAnswerValue => ({ kind: "qualification", name, number: "OSR-1", expiresOn, file: null });
const person = (role: ReadinessParticipant["role"], ...values: (CrewAnswerValue | null)[]): ReadinessParticipant => ({
  role,
  qualifications: values.map((value) => ({ value, itemQualificationName: null })),
});
const crewOf = (qualified: number, total: number, skipper: "qualified" | "unqualified" | "none" = "qualified"): ReadinessParticipant[] => {
  const list: ReadinessParticipant[] = [];
  let left = qualified;
  if (skipper !== "none") {
    const has = skipper === "qualified";
    list.push(person("skipper", has ? osr("2030-01-01") : null));
    if (has) left -= 1;
  }
  while (list.length < total) {
    list.push(person("crew", left > 0 ? osr("2030-01-01") : null));
    left -= 1;
  }
  return list;
};

describe("the crew readiness rule", () => {
  it("needs ceil(minPercent% × crew) people, in whole numbers without floating errors", () => {
    expect(neededCrew(30, 10)).toBe(3);
    expect(neededCrew(30, 7)).toBe(3); // 2.1 → 3
    expect(neededCrew(30, 9)).toBe(3); // 2.7 → 3
    expect(neededCrew(30, 11)).toBe(4); // 3.3 → 4
    expect(neededCrew(50, 4)).toBe(2);
    expect(neededCrew(100, 6)).toBe(6);
    expect(neededCrew(1, 1)).toBe(1);
    expect(neededCrew(30, 0)).toBe(0);
    // 0.1 × 3 is 0.30000000000000004 in floating point: still 1 person needed of 3 at 10%.
    expect(neededCrew(10, 3)).toBe(1);
    expect(neededCrew(10, 20)).toBe(2);
  });

  it("counts 3 of 10 (30%) with the skipper qualified as met", () => {
    const readiness = crewReadiness(RULE, START, crewOf(3, 10));
    expect(readiness).toMatchObject({ crew: 10, qualified: 3, needed: 3, percent: 30, validOn: "2027-03-12", skipperQualified: true, met: true });
  });

  it("is not met one person short, rounding up", () => {
    const readiness = crewReadiness(RULE, START, crewOf(2, 7));
    expect(readiness).toMatchObject({ crew: 7, qualified: 2, needed: 3, percent: 28, met: false });
    expect(crewReadiness(RULE, START, crewOf(3, 7)).met).toBe(true);
  });

  it("counts a certificate that expires on the start's day, not one that expired the day before", () => {
    const rule = { ...RULE, skipperIncluded: false, minPercent: 100 };
    expect(crewReadiness(rule, START, [person("crew", osr("2027-03-12"))]).met).toBe(true);
    expect(crewReadiness(rule, START, [person("crew", osr("2027-03-11"))]).met).toBe(false);
    // The start's day is Amsterdam's: 00:30 on 12 March there is still 11 March in UTC.
    const justAfterMidnight = new Date("2027-03-11T23:30:00Z");
    expect(crewReadiness(rule, justAfterMidnight, [person("crew", osr("2027-03-12"))]).validOn).toBe("2027-03-12");
  });

  it("is not met when the rule includes the skipper and the skipper holds no qualification, whatever the share", () => {
    const readiness = crewReadiness(RULE, START, crewOf(5, 10, "unqualified"));
    expect(readiness).toMatchObject({ qualified: 5, needed: 3, skipperQualified: false, met: false });
    // The same crew under a rule without the skipper: met.
    expect(crewReadiness({ ...RULE, skipperIncluded: false }, START, crewOf(5, 10, "unqualified")).met).toBe(true);
  });

  it("is not met without a skipper among the participants when the rule includes the skipper", () => {
    const readiness = crewReadiness(RULE, START, crewOf(4, 4, "none"));
    expect(readiness).toMatchObject({ qualified: 4, skipperQualified: null, met: false });
  });

  it("matches the certificate's name case-insensitively, or the item's qualification name", () => {
    expect(qualificationCounts({ value: osr("2030-01-01", "world sailing osr "), itemQualificationName: null }, RULE, "2027-03-12")).toBe(true);
    expect(qualificationCounts({ value: osr("2030-01-01", "OSR Personal Survival"), itemQualificationName: "World Sailing OSR" }, RULE, "2027-03-12")).toBe(true);
    expect(qualificationCounts({ value: osr("2030-01-01", "RYA Sea Survival"), itemQualificationName: "RYA" }, RULE, "2027-03-12")).toBe(false);
    expect(qualificationCounts({ value: { kind: "text", text: "World Sailing OSR" }, itemQualificationName: "World Sailing OSR" }, RULE, "2027-03-12")).toBe(false);
    expect(qualificationCounts({ value: osr(""), itemQualificationName: null }, RULE, "2027-03-12")).toBe(false);
  });

  it("counts a person with two qualification answers once", () => {
    const readiness = crewReadiness({ ...RULE, skipperIncluded: false }, START, [person("crew", osr("2030-01-01"), osr("2031-01-01")), person("crew", null)]);
    expect(readiness).toMatchObject({ crew: 2, qualified: 1, percent: 50 });
  });

  it("an empty crew is not ready", () => {
    expect(crewReadiness({ ...RULE, skipperIncluded: false }, START, [])).toMatchObject({ crew: 0, needed: 0, percent: 0, met: false });
  });
});

describe("a choice item's options", () => {
  it("reads 'value | nl | en', 'nl | en' and a single label", () => {
    expect(parseCrewOptions("s | Maat S | Size S\nMaat M | Size M\n\nXL")).toEqual({
      ok: true,
      options: [
        { value: "s", nl: "Maat S", en: "Size S" },
        { value: "maat-m", nl: "Maat M", en: "Size M" },
        { value: "xl", nl: "XL", en: "XL" },
      ],
    });
  });

  it("refuses duplicate values and lines with too many parts", () => {
    expect(parseCrewOptions("Ja | Yes\nja | yes")).toEqual({ ok: false, error: "admin.crew.items.validation.optionDuplicate" });
    expect(parseCrewOptions("a | b | c | d")).toEqual({ ok: false, error: "admin.crew.items.validation.optionLine" });
    expect(parseCrewOptions(" | English")).toEqual({ ok: false, error: "admin.crew.items.validation.optionLine" });
  });
});
