import type { MessageKey } from "~/i18n";
import type { CrewItemState } from "~/lib/crew";
import type { CrewAnswerValue, CrewItemKind } from "./crew";

/**
 * The participant's crew file on their own page (`/my-place/<token>`, issue 27): what the
 * checklist shows and what its forms post. One form per item, `intent=crew` and `itemId`; the
 * field names below are the ones the server reads (server/crew/answers.server.ts).
 */
export const CREW_FIELDS = {
  text: "text",
  choice: "choice",
  yesNo: "yesNo",
  followUp: "followUp",
  date: "date",
  number: "number",
  country: "country",
  file: "file",
  certName: "certName",
  certNumber: "certNumber",
  nationality: "nationality",
  passportNumber: "passportNumber",
  expiresOn: "expiresOn",
} as const;
export type CrewField = (typeof CREW_FIELDS)[keyof typeof CREW_FIELDS];

/** The longest answers taken (characters). */
export const CREW_LIMITS = { shortText: 200, longText: 4000, followUp: 2000, certName: 200, docNumber: 100 } as const;

/** One item on the participant's checklist, in the page's language. */
export type CrewChecklistItem = {
  id: string;
  kind: CrewItemKind;
  label: string;
  help: string | null;
  options: { value: string; label: string }[];
  /** A yes/no item's follow-up question (asked on yes). */
  followUp: string | null;
  required: boolean;
  health: boolean;
  /** The last day to complete or change it (YYYY-MM-DD, Amsterdam). */
  lastDay: string;
  state: CrewItemState;
  /** Past its deadline (and not opened again by staff): shown read-only. */
  locked: boolean;
  /** Staff opened it again until this moment (ISO), if so. */
  unlockedUntil: string | null;
  /** The participant's own answer (health answers included: they are theirs). */
  answer: CrewAnswerValue | null;
};

export type CrewChecklistView = {
  items: CrewChecklistItem[];
  /** Countries by name in the page's language, when an item asks for one (country, passport). */
  countries: { code: string; name: string }[] | null;
};

/** What a crew item's form answers. `values` fills the form again after a refusal (no JavaScript needed). */
export type CrewActionData = {
  intent: "crew";
  itemId: string;
  outcome: "saved" | "invalid" | "locked" | "closed" | "unknown";
  errors?: Partial<Record<CrewField | "form", MessageKey>>;
  values?: Partial<Record<CrewField, string | string[]>>;
};

/**
 * An item asked on the registration (or application) form itself (`asked` = registration), for
 * the booker's own place when they sail: what the form shows, in the visitor's language. A file
 * is never asked there (the form posts no files): its item is answered on the participant's own
 * page after booking, and the form says so.
 */
export type RegistrationQuestion = Pick<CrewChecklistItem, "id" | "kind" | "label" | "help" | "options" | "followUp" | "required" | "health" | "lastDay">;

export type RegistrationQuestions = {
  items: RegistrationQuestion[];
  /** Countries by name in the page's language, when an item asks for one. */
  countries: { code: string; name: string }[] | null;
  /** Health answers are erased this many days after the event (the event's setting). */
  healthRetentionDays: number;
};

/**
 * A registration-form answer's field name: `crew:<item id>:<field>`. Flat (no dot or bracket),
 * so the form's own schema passes it by and the server reads each item's fields by its prefix.
 */
export function registrationAnswerName(itemId: string, field: CrewField): string {
  return `crew:${itemId}:${field}`;
}

/** The errors of the registration form's crew questions, per item id. */
export type RegistrationAnswerErrors = Record<string, Partial<Record<CrewField, MessageKey>>>;
