import { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import type { MessageKey } from "~/i18n";
import { compactIdentifier, euVatNumberValid, isEuVatPrefix } from "~/lib/identifiers";
import type { RegistrationAnswerErrors } from "./crew-place";

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
  company: 200,
  vatNumber: 20,
  poReference: 100,
  invoiceAddress: 500,
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

export const OPTIONAL_FIELDS = ["phoneNumber", "comments", "companyName", "companyVatNumber", "companyPoReference", "invoiceAddress"] as const;

export type RegistrationField = (typeof REQUIRED_FIELDS)[number] | (typeof OPTIONAL_FIELDS)[number] | "termsAccepted";

const REQUIRED: MessageKey = "booking.validation.fieldRequired";
const TOO_LONG: MessageKey = "booking.validation.tooLong";
const INVALID_EMAIL: MessageKey = "booking.validation.invalidEmail";
const INVALID_PHONE: MessageKey = "booking.validation.invalidPhone";
const INVALID_BIRTH_DATE: MessageKey = "booking.validation.invalidBirthDate";
const TERMS: MessageKey = "booking.validation.termsText";
const INVALID_PLACES: MessageKey = "booking.validation.invalidPlaces";
const PARTICIPANT_COUNT: MessageKey = "booking.validation.participantCount";
const DUPLICATE_EMAIL: MessageKey = "booking.validation.duplicateEmail";
const INVALID_VAT_NUMBER: MessageKey = "booking.validation.invalidVatNumber";

// Digits with the usual separators and an optional leading +; at least 6 digits in all.
const PHONE_PATTERN = /^\+?[0-9 ()./-]+$/;
// The same pragmatic address pattern the browser's type="email" uses (WHATWG).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** A VAT number: an EU one in its country's format; another country's taken as given if it looks like one (two letters, then 2–13 characters). */
function vatNumberAcceptable(value: string): boolean {
  const vat = compactIdentifier(value);
  if (isEuVatPrefix(vat)) return euVatNumberValid(vat);
  return /^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(vat);
}

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

/** No event may take more places in one booking than this (its own maximum is at most this). */
export const MAX_PLACES_LIMIT = 20;

/** The booker's own details as a participant: asked only when the booker sails. */
export const SAILING_BOOKER_FIELDS = ["birthDate", "nextOfKinName", "nextOfKinPhone"] as const;

function birthDateField(today: () => Date) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((v) => v === undefined || isPlausibleBirthDate(v, today()), INVALID_BIRTH_DATE);
}

/** The emergency contact as a field pair that must be there (a sailing participant's). */
export const emergencyContactFields = {
  nextOfKinName: requiredText(REGISTRATION_LIMITS.name),
  nextOfKinPhone: requiredText(REGISTRATION_LIMITS.phone).refine(isPhone, INVALID_PHONE),
};

/**
 * Another participant of a group booking, as the booker enters them: a name and an e-mail address
 * (their invitation goes there and they complete the rest from their own link), and whatever
 * else the booker already knows. Each field is checked when given; none is asked twice.
 */
export function makeParticipantSchema(today: () => Date = () => new Date()) {
  return z.object({
    name: requiredText(REGISTRATION_LIMITS.name),
    email: requiredText(REGISTRATION_LIMITS.email).regex(EMAIL_PATTERN, INVALID_EMAIL),
    /** The language of their invitation; the booking's when not chosen. */
    locale: z.enum(["nl", "en"]).optional().catch(undefined),
    birthDate: birthDateField(today),
    street: optionalText(REGISTRATION_LIMITS.street),
    city: optionalText(REGISTRATION_LIMITS.city),
    postalCode: optionalText(REGISTRATION_LIMITS.postalCode),
    country: optionalText(REGISTRATION_LIMITS.country),
    nextOfKinName: optionalText(REGISTRATION_LIMITS.name),
    nextOfKinPhone: optionalText(REGISTRATION_LIMITS.phone).refine((v) => v === undefined || isPhone(v), INVALID_PHONE),
  });
}

export type ParticipantInput = z.infer<ReturnType<typeof makeParticipantSchema>>;

/**
 * The schema, with the clock the birth-date rule uses (the server passes the app clock, the
 * browser its own). A booking holds `places` places (1 … MAX_PLACES_LIMIT here; the event's own
 * maximum is the server's check); the booker fills in their contact details and, when they sail
 * (`bookerSails`, "yes" unless the form says "no"), their date of birth and emergency contact as
 * the participant of place 1. `participants` are the other places' people, one per place.
 */
export function makeRegistrationSchema(today: () => Date = () => new Date()) {
  return makeRegistrationFields(today).superRefine(bookingRules, { when: () => true });
}

/** The form's fields, each with its own rule, without the rules across fields (`bookingRules`): what other forms pick from. */
export function makeRegistrationFields(today: () => Date = () => new Date()) {
  return z.object({
    places: z.coerce
      .number({ error: INVALID_PLACES })
      .int(INVALID_PLACES)
      .min(1, INVALID_PLACES)
      .max(MAX_PLACES_LIMIT, INVALID_PLACES)
      .optional()
      .transform((v) => v ?? 1),
    bookerSails: z
      .enum(["yes", "no"], { error: INVALID_PLACES })
      .optional()
      .transform((v) => v !== "no"),
    customerName: requiredText(REGISTRATION_LIMITS.name),
    customerEmail: requiredText(REGISTRATION_LIMITS.email).regex(EMAIL_PATTERN, INVALID_EMAIL),
    phoneNumber: optionalText(REGISTRATION_LIMITS.phone).refine((v) => v === undefined || isPhone(v), INVALID_PHONE),
    street: requiredText(REGISTRATION_LIMITS.street),
    city: requiredText(REGISTRATION_LIMITS.city),
    postalCode: requiredText(REGISTRATION_LIMITS.postalCode),
    country: requiredText(REGISTRATION_LIMITS.country),
    birthDate: birthDateField(today),
    nextOfKinName: optionalText(REGISTRATION_LIMITS.name),
    nextOfKinPhone: optionalText(REGISTRATION_LIMITS.phone).refine((v) => v === undefined || isPhone(v), INVALID_PHONE),
    participants: z
      .array(makeParticipantSchema(today))
      .max(MAX_PLACES_LIMIT)
      .optional()
      .transform((v) => v ?? []),
    comments: optionalText(REGISTRATION_LIMITS.comments),
    /**
     * A company booking (issue 28): ticked, the company's name is required and its VAT number
     * (an EU one checked by its country's format), purchase-order reference and invoice address
     * (empty: the address above) go on the invoice. Unticked, the block posts nothing.
     */
    asCompany: z
      .literal("on")
      .optional()
      .catch(undefined)
      .transform((v) => v === "on"),
    companyName: optionalText(REGISTRATION_LIMITS.company),
    companyVatNumber: optionalText(REGISTRATION_LIMITS.vatNumber)
      .refine((v) => v === undefined || vatNumberAcceptable(v), INVALID_VAT_NUMBER)
      .transform((v) => (v === undefined ? undefined : compactIdentifier(v))),
    companyPoReference: optionalText(REGISTRATION_LIMITS.poReference),
    invoiceAddress: optionalText(REGISTRATION_LIMITS.invoiceAddress),
    // A checkbox posts "on" when ticked and nothing otherwise.
    termsAccepted: z.literal("on", { error: TERMS }),
  });
}

/**
 * The rules across the form's fields, read from the raw values (they run even when a field
 * failed, so every missing field is named at once): a sailing booker's own details, one
 * participant for every other place, and one e-mail address per person (each gets their own link).
 */
function bookingRules(value: unknown, ctx: z.RefinementCtx): void {
  const raw = (value ?? {}) as Record<string, unknown>;
  // A company booking names its company (the invoice is made out to it).
  if ((raw.asCompany === "on" || raw.asCompany === true) && (typeof raw.companyName !== "string" || raw.companyName.trim() === "")) {
    ctx.addIssue({ code: "custom", message: REQUIRED, path: ["companyName"] });
  }
  const sails = raw.bookerSails !== false && raw.bookerSails !== "no";
  if (sails) {
    for (const field of SAILING_BOOKER_FIELDS) {
      const given = raw[field];
      if (typeof given !== "string" || given.trim() === "") ctx.addIssue({ code: "custom", message: REQUIRED, path: [field] });
    }
  }
  const places = typeof raw.places === "number" && Number.isInteger(raw.places) ? raw.places : 1;
  const participants: unknown[] = Array.isArray(raw.participants) ? raw.participants : [];
  if (participants.length !== places - (sails ? 1 : 0)) ctx.addIssue({ code: "custom", message: PARTICIPANT_COUNT, path: ["places"] });
  const seen = new Set<string>();
  if (sails && typeof raw.customerEmail === "string") seen.add(raw.customerEmail.trim().toLowerCase());
  participants.forEach((participant, i) => {
    const email = participant && typeof participant === "object" ? (participant as Record<string, unknown>).email : undefined;
    if (typeof email !== "string" || email.trim() === "") return;
    const key = email.trim().toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: "custom", message: DUPLICATE_EMAIL, path: ["participants", i, "email"] });
    seen.add(key);
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
  const participantKeys = Object.keys(errors).filter((key) => key.startsWith("participants["));
  if (REQUIRED_FIELDS.some((field) => has(field, REQUIRED))) {
    return { title: "booking.validation.requiredTitle", text: "booking.validation.requiredText" };
  }
  // Only another participant's name or e-mail missing: say that, not the booker's list of fields.
  if (participantKeys.some((key) => has(key, REQUIRED))) {
    return { title: "booking.validation.requiredTitle", text: "booking.validation.participantsRequiredText" };
  }
  if (has("termsAccepted")) return { title: "booking.validation.termsTitle", text: "booking.validation.termsText" };
  for (const field of ["places", ...REQUIRED_FIELDS, ...OPTIONAL_FIELDS, ...participantKeys]) {
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
  /** The crew-file questions asked on the form that were refused, per item (message keys). */
  crewErrors?: RegistrationAnswerErrors;
};
