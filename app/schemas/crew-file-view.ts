import type { CrewItemState } from "~/lib/crew";
import type { CrewAnswerValue, CrewItemKind, CrewItemOption, CrewRole } from "./crew";

/**
 * What the staff's crew-file pages show (issue 27, decision 043), built by the server
 * (`server/crew/crew-file.server.ts`), drawn by `app/components/admin/crew-*.tsx`. Health items
 * are left out entirely for staff without the health permission on the event.
 */

export type CrewFileItem = {
  id: string;
  kind: CrewItemKind;
  labelNl: string;
  options: CrewItemOption[];
  required: boolean;
  health: boolean;
  archived: boolean;
  /** The last day the participant can answer (YYYY-MM-DD, Amsterdam). */
  lastDay: string;
};

export type CrewFileCell = {
  state: CrewItemState;
  /** The answer (a health one opened only for the health permission, and recorded). */
  value: CrewAnswerValue | null;
  /** The participant can no longer change it (the deadline passed, not unlocked). */
  locked: boolean;
  unlockedUntil: string | null;
  answeredAt: string | null;
  erased: boolean;
};

export type CrewFileRow = {
  placeId: string;
  registrationId: string;
  reference: string;
  name: string;
  role: CrewRole;
  cells: Record<string, CrewFileCell>;
  /** Complete items of the (shown) active ones, and how many there are. */
  complete: number;
  total: number;
};

/** Per active required item: who still lacks it. */
export type CrewFileMissing = { itemId: string; label: string; names: string[] };

export type CrewReadinessView = {
  qualification: string;
  minPercent: number;
  /** The start's day (YYYY-MM-DD): a certificate must be valid on it. */
  validOn: string;
  crew: number;
  qualified: number;
  /** ceil(minPercent% × crew). */
  needed: number;
  /** Whole percent of the crew qualified. */
  percent: number;
  skipperIncluded: boolean;
  /** null: no skipper among the participants. */
  skipperQualified: boolean | null;
  met: boolean;
};

export type CrewFileView = {
  event: { id: string; name: string; startDate: string; offshore: boolean };
  items: CrewFileItem[];
  rows: CrewFileRow[];
  missing: CrewFileMissing[];
  readiness: CrewReadinessView | null;
  /** The viewer holds the health permission on the event: health items are in the lists. */
  health: boolean;
};

export type CrewPlaceAnswer = { item: CrewFileItem; cell: CrewFileCell };

export type CrewPlaceView = {
  placeId: string;
  reference: string;
  name: string;
  role: CrewRole;
  answers: CrewPlaceAnswer[];
};
