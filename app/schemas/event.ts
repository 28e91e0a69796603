import { z } from "zod";
import type { MessageKey } from "~/i18n";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "~/lib/slug";
import { checkbox, optionalFile } from "./article";
import { MAX_PLACES_LIMIT } from "./registration";

/**
 * The event form's one schema (browser and action). Dates are Amsterdam wall-clock strings from
 * datetime-local inputs ("yyyy-mm-ddThh:mm"), which compare correctly as text; the action turns
 * them into instants. Messages are i18n keys.
 */

export const EVENT_STATUSES = ["upcoming", "ongoing", "live", "completed", "cancelled"] as const;
export const EVENT_KINDS = ["race", "event", "training", "sailing", "corporate"] as const;
export const BOOKING_MODES = ["registration", "interest", "waitlist", "walk_in"] as const;

const REQUIRED: MessageKey = "admin.events.validation.required";
const TOO_LONG: MessageKey = "admin.events.validation.tooLong";
const DATE_TIME: MessageKey = "admin.events.validation.dateTime";
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** Whole euros or euros and cents, with a comma or a point: "1250", "1250,50", "99.5". */
const EUROS = /^\d{1,7}(?:[.,]\d{1,2})?$/;
export const EVENT_MAX_PRICE_CENTS = 100_000_000;

function requiredText(max: number) {
  return z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, TOO_LONG);
}

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, TOO_LONG)
    .optional()
    .transform((value) => value || null);
}

/** One item per line; blank lines dropped. */
function lines(max: number) {
  return z
    .string()
    .max(max, TOO_LONG)
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    );
}

function optionalInteger(min: number, max: number, message: MessageKey) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional();
}

/** A whole number in [min, max] typed into a number input (the form sends text). */
function wholeNumber(min: number, max: number, message: MessageKey) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const localDateTime = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).regex(LOCAL_DATE_TIME, DATE_TIME);
const optionalLocalDateTime = z.string().trim().regex(LOCAL_DATE_TIME, DATE_TIME).optional();

/** "1.250,50" style input to integer cents (the form asks for euros). */
export function eurosToCents(value: string): number {
  const [whole, fraction = ""] = value.trim().split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export const eventSchema = z
  .object({
    name: requiredText(200),
    nameEn: optionalText(200),
    slug: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(SLUG_MAX_LENGTH, TOO_LONG)
      .regex(SLUG_PATTERN, "admin.events.validation.slugPattern" satisfies MessageKey),
    description: requiredText(10_000),
    descriptionEn: optionalText(10_000),
    startDate: localDateTime,
    endDate: localDateTime,
    location: optionalText(200),
    /** The place's English name, only where it differs from the Dutch one. */
    locationEn: optionalText(200),
    price: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .regex(EUROS, "admin.events.validation.price" satisfies MessageKey)
      .transform(eurosToCents)
      .refine((cents) => cents <= EVENT_MAX_PRICE_CENTS, "admin.events.validation.price" satisfies MessageKey),
    status: z.enum(EVENT_STATUSES, { error: "admin.events.validation.choice" satisfies MessageKey }).default("upcoming"),
    included: lines(5_000),
    includedEn: lines(5_000),
    maxParticipants: optionalInteger(1, 10_000, "admin.events.validation.maxParticipants"),
    kind: z.enum(EVENT_KINDS, { error: "admin.events.validation.choice" satisfies MessageKey }).default("event"),
    bookingMode: z.enum(BOOKING_MODES, { error: "admin.events.validation.choice" satisfies MessageKey }).default("registration"),
    depositPercent: z.coerce
      .number({ error: "admin.events.validation.percent" satisfies MessageKey })
      .int("admin.events.validation.percent" satisfies MessageKey)
      .min(0, "admin.events.validation.percent" satisfies MessageKey)
      .max(100, "admin.events.validation.percent" satisfies MessageKey)
      .default(50),
    /** The balance and cancellation policy (server/booking/money.server.ts): days before the start, and a share. */
    balanceDueDays: wholeNumber(0, 365, "admin.bookings.validation.days").default(30),
    refundUntilDays: wholeNumber(0, 365, "admin.bookings.validation.days").default(30),
    refundPercent: wholeNumber(0, 100, "admin.events.validation.percent").default(100),
    /** The VAT rate the price includes, as a percentage ("21", "9", "5,5"); out: basis points (2100), as stored (decision 046). */
    vatPercent: z
      .string()
      .trim()
      .default("21")
      .refine((v) => /^\d{1,2}([.,]\d{1,2})?$/.test(v) && Number(v.replace(",", ".")) <= 30, "admin.events.validation.vatPercent" satisfies MessageKey)
      .transform((v) => Math.round(Number(v.replace(",", ".")) * 100)),
    /** Group bookings (decision 042): places one booking may hold, and the participants' deadline. */
    maxPlacesPerBooking: wholeNumber(1, MAX_PLACES_LIMIT, "admin.events.validation.maxPlacesPerBooking").default(8),
    participantDeadlineDays: wholeNumber(0, 365, "admin.bookings.validation.days").default(7),
    registrationOpensAt: optionalLocalDateTime,
    earlyBirdPercent: optionalInteger(1, 90, "admin.events.validation.earlyBirdPercent"),
    earlyBirdUntil: optionalLocalDateTime,
    // --- crew file and applications (issue 27, decision 043) ---
    offshore: checkbox,
    /** The crew readiness rule: all three, or none (qualification empty: no rule). */
    crewRuleQualification: optionalText(200),
    crewRuleMinPercent: optionalInteger(1, 100, "admin.crew.event.validation.minPercent"),
    crewRuleSkipperIncluded: checkbox,
    healthRetentionDays: wholeNumber(0, 3650, "admin.crew.event.validation.retentionDays").default(30),
    requiresApproval: checkbox,
    approvalHoldHours: wholeNumber(1, 720, "admin.crew.event.validation.holdHours").default(72),
    // --- end crew file ---
    listed: checkbox,
    privatePageKey: optionalText(100),
    documentName: optionalText(200),
    document: optionalFile,
    removeDocument: checkbox,
    image: optionalFile,
    removeImage: checkbox,
  })
  .superRefine((event, ctx) => {
    if (event.endDate < event.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "admin.events.validation.endBeforeStart" satisfies MessageKey });
    }
    if (event.earlyBirdPercent !== undefined && !event.earlyBirdUntil) {
      ctx.addIssue({ code: "custom", path: ["earlyBirdUntil"], message: "admin.events.validation.earlyBirdPair" satisfies MessageKey });
    }
    if (event.earlyBirdUntil && event.earlyBirdPercent === undefined) {
      ctx.addIssue({ code: "custom", path: ["earlyBirdPercent"], message: "admin.events.validation.earlyBirdPair" satisfies MessageKey });
    }
    if (event.earlyBirdUntil && event.earlyBirdUntil > event.startDate) {
      ctx.addIssue({ code: "custom", path: ["earlyBirdUntil"], message: "admin.events.validation.earlyBirdAfterStart" satisfies MessageKey });
    }
    if (event.registrationOpensAt && event.registrationOpensAt > event.startDate) {
      ctx.addIssue({ code: "custom", path: ["registrationOpensAt"], message: "admin.events.validation.opensAfterStart" satisfies MessageKey });
    }
    if (event.crewRuleQualification && event.crewRuleMinPercent === undefined) {
      ctx.addIssue({ code: "custom", path: ["crewRuleMinPercent"], message: "admin.crew.event.validation.rulePair" satisfies MessageKey });
    }
    if (!event.crewRuleQualification && (event.crewRuleMinPercent !== undefined || event.crewRuleSkipperIncluded)) {
      ctx.addIssue({ code: "custom", path: ["crewRuleQualification"], message: "admin.crew.event.validation.rulePair" satisfies MessageKey });
    }
    // 0% means free: a paid event that took nothing at registration would never be paid for.
    if (event.bookingMode === "registration" && event.price > 0 && event.depositPercent === 0) {
      ctx.addIssue({ code: "custom", path: ["depositPercent"], message: "admin.events.validation.freeDeposit" satisfies MessageKey });
    }
  });

export type EventFormValues = z.infer<typeof eventSchema>;

/** Every field of the form as text, the way the inputs hold it. */
export type EventFormDefaults = {
  name: string;
  nameEn: string;
  slug: string;
  description: string;
  descriptionEn: string;
  startDate: string;
  endDate: string;
  location: string;
  locationEn: string;
  price: string;
  status: (typeof EVENT_STATUSES)[number];
  included: string;
  includedEn: string;
  maxParticipants: string;
  kind: (typeof EVENT_KINDS)[number];
  bookingMode: (typeof BOOKING_MODES)[number];
  depositPercent: string;
  balanceDueDays: string;
  refundUntilDays: string;
  refundPercent: string;
  vatPercent: string;
  maxPlacesPerBooking: string;
  participantDeadlineDays: string;
  registrationOpensAt: string;
  earlyBirdPercent: string;
  earlyBirdUntil: string;
  listed: boolean;
  privatePageKey: string;
  documentName: string;
  offshore: boolean;
  crewRuleQualification: string;
  crewRuleMinPercent: string;
  crewRuleSkipperIncluded: boolean;
  healthRetentionDays: string;
  requiresApproval: boolean;
  approvalHoldHours: string;
};

export const EMPTY_EVENT_DEFAULTS: EventFormDefaults = {
  name: "",
  nameEn: "",
  slug: "",
  description: "",
  descriptionEn: "",
  startDate: "",
  endDate: "",
  location: "Scheveningen, 3e haven",
  locationEn: "Scheveningen, 3rd harbour",
  price: "",
  status: "upcoming",
  included: "",
  includedEn: "",
  maxParticipants: "",
  kind: "event",
  bookingMode: "registration",
  depositPercent: "50",
  balanceDueDays: "30",
  refundUntilDays: "30",
  refundPercent: "100",
  vatPercent: "21",
  maxPlacesPerBooking: "8",
  participantDeadlineDays: "7",
  registrationOpensAt: "",
  earlyBirdPercent: "",
  earlyBirdUntil: "",
  listed: true,
  privatePageKey: "",
  documentName: "",
  offshore: false,
  crewRuleQualification: "",
  crewRuleMinPercent: "",
  crewRuleSkipperIncluded: false,
  healthRetentionDays: "30",
  requiresApproval: false,
  approvalHoldHours: "72",
};
