import { z } from "zod";
import type { MessageKey } from "~/i18n";

/**
 * The interest form's one schema, for the browser and the action. Messages are i18n keys
 * (`events.interest.*`); the UI translates them, so one schema speaks both languages.
 */

export const INTEREST_LIMITS = { name: 200, email: 254, message: 2000 } as const;

const NAME_REQUIRED: MessageKey = "events.interest.nameRequired";
const EMAIL_REQUIRED: MessageKey = "events.interest.emailRequired";
const INVALID_EMAIL: MessageKey = "events.interest.invalidEmail";
const NAME_TOO_LONG: MessageKey = "events.interest.nameTooLong";
const MESSAGE_TOO_LONG: MessageKey = "events.interest.messageTooLong";

// The pragmatic address pattern browsers use for type="email" (WHATWG).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const interestSchema = z.object({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(INTEREST_LIMITS.name, NAME_TOO_LONG),
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(INTEREST_LIMITS.email, INVALID_EMAIL)
    .regex(EMAIL_PATTERN, INVALID_EMAIL),
  message: z
    .string()
    .trim()
    .max(INTEREST_LIMITS.message, MESSAGE_TOO_LONG)
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export type InterestInput = z.infer<typeof interestSchema>;

/** True when the visitor left out a required field: the spec's 'Required fields' message. */
export function missesRequiredField(errors: Partial<Record<string, string[] | null | undefined>> | undefined): boolean {
  if (!errors) return false;
  return Boolean(errors.name?.includes(NAME_REQUIRED) || errors.email?.includes(EMAIL_REQUIRED));
}

/** What the interest action answers; the form shows it (toast, alert or success panel). */
export type InterestOutcome =
  | { status: "sent"; eventName: string }
  | { status: "invalid" }
  | { status: "duplicate" }
  | { status: "failed"; message?: MessageKey };
