/**
 * The crew file (issue 27, decision 043): the items staff define per event and the answers each
 * participant gives on their own link. Shared by the browser (forms) and the server (storage,
 * checks). The server's rules live in `server/crew/`.
 */

export const CREW_ITEM_KINDS = [
  "short_text",
  "long_text",
  "choice_one",
  "choice_many",
  "yes_no",
  "date",
  "number",
  "country",
  "file",
  "qualification",
  "passport",
] as const;
export type CrewItemKind = (typeof CREW_ITEM_KINDS)[number];

export const CREW_ROLES = ["skipper", "mate", "watch_leader", "crew"] as const;
export type CrewRole = (typeof CREW_ROLES)[number];

/** One choice of a choice item: a stable value (kept in answers) and its label in both languages. */
export type CrewItemOption = { value: string; nl: string; en: string };

/**
 * The event's crew readiness rule: at least `minPercent`% of the live crew (rounded up), the
 * skipper among them when `skipperIncluded`, hold a qualification item answer whose certificate
 * name is `qualification` and whose expiry is on or after the start date.
 */
export type CrewRule = { qualification: string; minPercent: number; skipperIncluded: boolean };

/** A stored file of the crew file (crew_files row), as an answer refers to it. */
export type CrewFileRef = { fileId: string; name: string; contentType: string; byteSize: number };

/** An answer's value; `kind` is the item's kind (choice_one and choice_many share "choice"). */
export type CrewAnswerValue =
  | { kind: "text"; text: string }
  | { kind: "choice"; values: string[] }
  | { kind: "yes_no"; yes: boolean; followUp: string | null }
  | { kind: "date"; date: string }
  | { kind: "number"; number: number }
  | { kind: "country"; country: string }
  | { kind: "file"; file: CrewFileRef }
  | { kind: "qualification"; name: string; number: string; expiresOn: string; file: CrewFileRef | null }
  | { kind: "passport"; nationality: string; number: string; expiresOn: string; file: CrewFileRef | null };
