import { z } from "zod";
import type { MessageKey } from "~/i18n";
import { checkbox } from "./article";
import { CREW_ITEM_KINDS, type CrewItemKind, type CrewItemOption } from "./crew";

/**
 * The staff's form of one crew-file item (issue 27, decision 043): browser and action share it.
 * Messages are i18n keys (the admin reads them in Dutch).
 */

const REQUIRED: MessageKey = "admin.crew.items.validation.required";
const TOO_LONG: MessageKey = "admin.crew.items.validation.tooLong";

export const CREW_ITEM_ASKED = ["registration", "later"] as const;
export const CHOICE_KINDS: readonly CrewItemKind[] = ["choice_one", "choice_many"];
export const MAX_CREW_OPTIONS = 50;

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, TOO_LONG)
    .optional()
    .transform((value) => value || null);
}

/** A stable value for an option from its Dutch label ("Maat L" → "maat-l"). */
export function optionValue(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

/**
 * The options of a choice item, one per line: "value | Nederlands | English", "Nederlands |
 * English" (the value made from the Dutch label) or a single label for both languages.
 */
export function parseCrewOptions(text: string): { ok: true; options: CrewItemOption[] } | { ok: false; error: MessageKey } {
  const options: CrewItemOption[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const parts = line.split("|").map((part) => part.trim());
    let option: CrewItemOption;
    if (parts.length === 1) option = { value: optionValue(parts[0]), nl: parts[0], en: parts[0] };
    else if (parts.length === 2) option = { value: optionValue(parts[0]), nl: parts[0], en: parts[1] };
    else if (parts.length === 3) option = { value: optionValue(parts[0]), nl: parts[1], en: parts[2] };
    else return { ok: false, error: "admin.crew.items.validation.optionLine" };
    if (!option.value || !option.nl || !option.en) return { ok: false, error: "admin.crew.items.validation.optionLine" };
    if (option.nl.length > 200 || option.en.length > 200) return { ok: false, error: TOO_LONG };
    if (options.some((o) => o.value === option.value)) return { ok: false, error: "admin.crew.items.validation.optionDuplicate" };
    options.push(option);
  }
  if (options.length > MAX_CREW_OPTIONS) return { ok: false, error: "admin.crew.items.validation.optionCount" };
  return { ok: true, options };
}

/** The options as the form's textarea holds them. */
export function crewOptionsText(options: readonly CrewItemOption[]): string {
  return options.map((o) => `${o.value} | ${o.nl} | ${o.en}`).join("\n");
}

export const crewItemSchema = z
  .object({
    kind: z.enum(CREW_ITEM_KINDS, { error: "admin.crew.items.validation.kind" satisfies MessageKey }),
    labelNl: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, TOO_LONG),
    labelEn: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, TOO_LONG),
    helpNl: optionalText(2000),
    helpEn: optionalText(2000),
    options: z.string().max(10_000, TOO_LONG).optional().default(""),
    followUpNl: optionalText(300),
    followUpEn: optionalText(300),
    qualificationName: optionalText(200),
    asked: z.enum(CREW_ITEM_ASKED, { error: "admin.crew.items.validation.asked" satisfies MessageKey }).default("later"),
    dueDaysBefore: z.coerce
      .number({ error: "admin.crew.items.validation.days" satisfies MessageKey })
      .int("admin.crew.items.validation.days" satisfies MessageKey)
      .min(0, "admin.crew.items.validation.days" satisfies MessageKey)
      .max(365, "admin.crew.items.validation.days" satisfies MessageKey)
      .optional(),
    required: checkbox,
    health: checkbox,
  })
  .superRefine((item, ctx) => {
    if (CHOICE_KINDS.includes(item.kind)) {
      const parsed = parseCrewOptions(item.options);
      if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["options"], message: parsed.error });
      else if (parsed.options.length < 2) ctx.addIssue({ code: "custom", path: ["options"], message: "admin.crew.items.validation.optionsNeeded" satisfies MessageKey });
    }
    if (item.kind === "yes_no" && Boolean(item.followUpNl) !== Boolean(item.followUpEn)) {
      ctx.addIssue({ code: "custom", path: [item.followUpNl ? "followUpEn" : "followUpNl"], message: "admin.crew.items.validation.followUpBoth" satisfies MessageKey });
    }
  });

export type CrewItemFormValues = z.infer<typeof crewItemSchema>;

/** The item's columns from the form's values: options only for choices, follow-up only for yes/no, … */
export function crewItemColumns(values: CrewItemFormValues) {
  const parsed = CHOICE_KINDS.includes(values.kind) ? parseCrewOptions(values.options) : undefined;
  return {
    kind: values.kind,
    labelNl: values.labelNl,
    labelEn: values.labelEn,
    helpNl: values.helpNl,
    helpEn: values.helpEn,
    options: parsed?.ok ? parsed.options : [],
    followUpNl: values.kind === "yes_no" ? values.followUpNl : null,
    followUpEn: values.kind === "yes_no" ? values.followUpEn : null,
    qualificationName: values.kind === "qualification" ? values.qualificationName : null,
    asked: values.asked,
    dueDaysBefore: values.dueDaysBefore ?? null,
    required: values.required,
    health: values.health,
  };
}

/** Every field of the item form as text, the way the inputs hold it. */
export type CrewItemFormDefaults = {
  kind: CrewItemKind;
  labelNl: string;
  labelEn: string;
  helpNl: string;
  helpEn: string;
  options: string;
  followUpNl: string;
  followUpEn: string;
  qualificationName: string;
  asked: (typeof CREW_ITEM_ASKED)[number];
  dueDaysBefore: string;
  required: boolean;
  health: boolean;
};

export const EMPTY_CREW_ITEM: CrewItemFormDefaults = {
  kind: "short_text",
  labelNl: "",
  labelEn: "",
  helpNl: "",
  helpEn: "",
  options: "",
  followUpNl: "",
  followUpEn: "",
  qualificationName: "",
  asked: "later",
  dueDaysBefore: "",
  required: true,
  health: false,
};
