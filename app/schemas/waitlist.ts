import { z } from "zod";
import type { MessageKey } from "~/i18n";

/**
 * The waiting-list form's one schema, for the browser and the action. Messages are i18n keys
 * (`waitlist.form.*`); the UI translates them, so one schema speaks both languages.
 */

/**
 * `maxPlaces`: no party is larger than any event's maximum per booking (decision 042:
 * MAX_PLACES_LIMIT of ~/schemas/registration, not imported so the waiting-list form's chunk stays
 * without the registration form's schema); the event's own maximum
 * (`events.max_places_per_booking`) is the server's check when joining.
 */
export const WAITLIST_LIMITS = { name: 200, email: 254, phone: 40, message: 2000, minPlaces: 1, maxPlaces: 20 } as const;

const NAME_REQUIRED: MessageKey = "waitlist.form.nameRequired";
const NAME_TOO_LONG: MessageKey = "waitlist.form.nameTooLong";
const EMAIL_REQUIRED: MessageKey = "waitlist.form.emailRequired";
const INVALID_EMAIL: MessageKey = "waitlist.form.invalidEmail";
const INVALID_PHONE: MessageKey = "waitlist.form.invalidPhone";
const INVALID_PLACES: MessageKey = "waitlist.form.invalidPlaces";
const MESSAGE_TOO_LONG: MessageKey = "waitlist.form.messageTooLong";

// The pragmatic address pattern browsers use for type="email" (WHATWG).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
// Digits with the usual separators and an optional leading +; at least 6 digits (as the registration form).
const PHONE_PATTERN = /^\+?[0-9 ()./-]+$/;

export const waitlistSchema = z.object({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(WAITLIST_LIMITS.name, NAME_TOO_LONG),
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(WAITLIST_LIMITS.email, INVALID_EMAIL)
    .regex(EMAIL_PATTERN, INVALID_EMAIL),
  phone: z
    .string()
    .trim()
    .max(WAITLIST_LIMITS.phone, INVALID_PHONE)
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || (PHONE_PATTERN.test(value) && value.replace(/\D/g, "").length >= 6), INVALID_PHONE),
  places: z.coerce
    .number({ error: INVALID_PLACES })
    .int(INVALID_PLACES)
    .min(WAITLIST_LIMITS.minPlaces, INVALID_PLACES)
    .max(WAITLIST_LIMITS.maxPlaces, INVALID_PLACES),
  message: z
    .string()
    .trim()
    .max(WAITLIST_LIMITS.message, MESSAGE_TOO_LONG)
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export type WaitlistInput = z.infer<typeof waitlistSchema>;

/** What the waiting-list action answers; the form shows it (success panel or alert). */
export type WaitlistOutcome =
  | { status: "joined"; eventName: string }
  | { status: "invalid" }
  | { status: "duplicate" }
  | { status: "failed"; message?: MessageKey };
