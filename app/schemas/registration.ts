import { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import type { MessageKey } from "~/i18n";

/**
 * The registration form's one schema, used by the dialog in the browser and by the action on the
 * server. Messages are i18n keys (`booking.validation.*`); the UI translates them, so the same
 * schema speaks Dutch and English.
 */

export const REGISTRATION_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  street: 200,
  city: 100,
  postalCode: 20,
  country: 100,
  comments: 2000,
  /** Oldest plausible participant, in years. */
  maxAgeYears: 110,
} as const;

export const REQUIRED_FIELDS = [
  "customerName",
  "customerEmail",
  "street",
  "city",
  "postalCode",
  "country",
  "birthDate",
  "nextOfKinName",
  "nextOfKinPhone",
] as const;

export const OPTIONAL_FIELDS = ["phoneNumber", "comments"] as const;

export type RegistrationField = (typeof REQUIRED_FIELDS)[number] | (typeof OPTIONAL_FIELDS)[number] | "termsAccepted";

const REQUIRED: MessageKey = "booking.validation.fieldRequired";
const TOO_LONG: MessageKey = "booking.validation.tooLong";
const INVALID_EMAIL: MessageKey = "booking.validation.invalidEmail";
const INVALID_PHONE: MessageKey = "booking.validation.invalidPhone";
const INVALID_BIRTH_DATE: MessageKey = "booking.validation.invalidBirthDate";
const TERMS: MessageKey = "booking.validation.termsText";

// Digits with the usual separators and an optional leading +; at least 6 digits in all.
const PHONE_PATTERN = /^\+?[0-9 ()./-]+$/;
// The same pragmatic address pattern the browser's type="email" uses (WHATWG).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

function requiredText(max: number) {
  return z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, TOO_LONG);
}

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, TOO_LONG)
    .optional()
    .transform((value) => (value ? value : undefined));
}

function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value) && value.replace(/\D/g, "").length >= 6;
}

/** "yyyy-mm-dd" that is a real calendar day. */
function parseDay(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/** A real day, before today, and not more than a plausible lifetime ago. */
export function isPlausibleBirthDate(value: string, today: Date): boolean {
  const day = parseDay(value);
  if (!day) return false;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const oldest = Date.UTC(today.getUTCFullYear() - REGISTRATION_LIMITS.maxAgeYears, today.getUTCMonth(), today.getUTCDate());
  return day.getTime() < todayUtc && day.getTime() >= oldest;
}

/**
 * The schema, with the clock the birth-date rule uses (the server passes the app clock, the
 * browser its own).
 */
export function makeRegistrationSchema(today: () => Date = () => new Date()) {
  return z.object({
    customerName: requiredText(REGISTRATION_LIMITS.name),
    customerEmail: requiredText(REGISTRATION_LIMITS.email).regex(EMAIL_PATTERN, INVALID_EMAIL),
    phoneNumber: optionalText(REGISTRATION_LIMITS.phone).refine((v) => v === undefined || isPhone(v), INVALID_PHONE),
    street: requiredText(REGISTRATION_LIMITS.street),
    city: requiredText(REGISTRATION_LIMITS.city),
    postalCode: requiredText(REGISTRATION_LIMITS.postalCode),
    country: requiredText(REGISTRATION_LIMITS.country),
    birthDate: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .refine((v) => isPlausibleBirthDate(v, today()), INVALID_BIRTH_DATE),
    nextOfKinName: requiredText(REGISTRATION_LIMITS.name),
    nextOfKinPhone: requiredText(REGISTRATION_LIMITS.phone).refine(isPhone, INVALID_PHONE),
    comments: optionalText(REGISTRATION_LIMITS.comments),
    // A checkbox posts "on" when ticked and nothing otherwise.
    termsAccepted: z.literal("on", { error: TERMS }),
  });
}

export const registrationSchema = makeRegistrationSchema();

export type RegistrationInput = z.infer<ReturnType<typeof makeRegistrationSchema>>;

/** Field errors as Conform and the action report them: field name → message keys. */
export type RegistrationErrors = Partial<Record<string, string[] | null | undefined>>;

/**
 * The one summary the visitor sees for a failed form, as the spec words it: missing required
 * fields first ('Required fields'), then the terms ('Agreement required'), then the first
 * other problem (an invalid e-mail address or date).
 */
export function registrationErrorSummary(errors: RegistrationErrors): { title: MessageKey; text: MessageKey } | undefined {
  const has = (field: string, key?: MessageKey) => {
    const messages = errors[field];
    return Boolean(messages && messages.length > 0 && (key === undefined || messages.includes(key)));
  };
  if (REQUIRED_FIELDS.some((field) => has(field, REQUIRED))) {
    return { title: "booking.validation.requiredTitle", text: "booking.validation.requiredText" };
  }
  if (has("termsAccepted")) return { title: "booking.validation.termsTitle", text: "booking.validation.termsText" };
  for (const field of [...REQUIRED_FIELDS, ...OPTIONAL_FIELDS]) {
    const first = errors[field]?.[0];
    if (first) return { title: "booking.registrationFailed", text: first as MessageKey };
  }
  return undefined;
}

/** What the register action answers with a 400 (a redirect on success). */
export type RegisterActionData = {
  /** Conform's reply: field errors (message keys) and the submitted values. */
  result: SubmissionResult<string[]>;
  /** A failure to show as a destructive toast, already in the visitor's language. */
  failure?: { title: string; description: string };
};
