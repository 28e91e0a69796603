import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { translate, type Locale } from "~/i18n";

/** The spec's limit for an address (RFC 5321's practical maximum). */
export const NEWSLETTER_EMAIL_MAX = 254;
export const NEWSLETTER_NAME_MAX = 100;

// The standard address pattern browsers use for type="email" (WHATWG), with a dot in the domain.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * The newsletter form's one schema, in the visitor's language: Conform validates with it in the
 * browser and the sign-up action on the server. Each failure has its own message
 * (nameRequired, emailRequired, invalidEmail).
 */
export function newsletterSchema(locale: Locale) {
  const nameRequired = translate(locale, "newsletter.nameRequired");
  const emailRequired = translate(locale, "newsletter.emailRequired");
  const invalidEmail = translate(locale, "newsletter.invalidEmail");
  return z.object({
    name: z
      .string({ error: nameRequired })
      .trim()
      .min(1, { error: nameRequired, abort: true })
      .max(NEWSLETTER_NAME_MAX, translate(locale, "newsletter.nameTooLong")),
    email: z
      .string({ error: emailRequired })
      .trim()
      .min(1, { error: emailRequired, abort: true })
      .refine((value) => value.length <= NEWSLETTER_EMAIL_MAX && EMAIL_PATTERN.test(value), invalidEmail),
  });
}

export type NewsletterInput = z.infer<ReturnType<typeof newsletterSchema>>;

/** What a sign-up came to; the form shows each one in the visitor's language. */
export type NewsletterOutcome = "success" | "alreadySubscribed" | "emailFailed" | "error" | "invalid" | "rateLimited";

export const NEWSLETTER_OUTCOMES: readonly NewsletterOutcome[] = ["success", "alreadySubscribed", "emailFailed", "error", "invalid", "rateLimited"];

export function isNewsletterOutcome(value: unknown): value is NewsletterOutcome {
  return typeof value === "string" && (NEWSLETTER_OUTCOMES as readonly string[]).includes(value);
}

/** Added by the hydrated form: the action answers such posts with data instead of a redirect. */
export const NEWSLETTER_FETCHER_FIELD = "_fetcher";

/** Query parameters a sign-up without JavaScript is redirected back with. */
export const NEWSLETTER_RESULT_PARAM = "newsletter";
export const NEWSLETTER_ERROR_PARAMS = { name: "newsletter-name", email: "newsletter-email" } as const;

/** The message keys a field error can carry through the redirect. */
export const NEWSLETTER_ERROR_KEYS = [
  "newsletter.nameRequired",
  "newsletter.nameTooLong",
  "newsletter.emailRequired",
  "newsletter.invalidEmail",
] as const;
export type NewsletterErrorKey = (typeof NEWSLETTER_ERROR_KEYS)[number];

export function isNewsletterErrorKey(value: unknown): value is NewsletterErrorKey {
  return typeof value === "string" && (NEWSLETTER_ERROR_KEYS as readonly string[]).includes(value);
}

/** Which key a translated schema message came from (to pass it through a redirect as a key). */
export function newsletterErrorKey(locale: Locale, message: string): NewsletterErrorKey | undefined {
  return NEWSLETTER_ERROR_KEYS.find((key) => translate(locale, key) === message);
}

/** What the sign-up action answers a form submitted with JavaScript. */
export type NewsletterActionData = {
  outcome: NewsletterOutcome;
  /** The outcome in the visitor's language. */
  message: string;
  detail?: string;
  /** Conform's reply: field errors for the form, or a reset after success. */
  result?: SubmissionResult<string[]>;
};
