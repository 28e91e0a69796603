import type { SubmissionResult } from "@conform-to/react";

// The newsletter form's rules without Zod: the browser checks a sign-up with
// `newsletterFieldErrors()` (the form is in every page's footer and home page, and Zod + Conform
// would triple its JavaScript); the server validates with the Zod schema in ./newsletter.ts,
// built on the same limits and pattern. tests/unit/newsletter-schema.test.ts keeps them in step.

/** The spec's limit for an address (RFC 5321's practical maximum). */
export const NEWSLETTER_EMAIL_MAX = 254;
export const NEWSLETTER_NAME_MAX = 100;

// The standard address pattern browsers use for type="email" (WHATWG), with a dot in the domain.
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

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

/** What the sign-up action answers a form submitted with JavaScript. */
export type NewsletterActionData = {
  outcome: NewsletterOutcome;
  /** The outcome in the visitor's language. */
  message: string;
  detail?: string;
  /** Conform's reply: field errors for the form, or a reset after success. */
  result?: SubmissionResult<string[]>;
};

export type NewsletterFieldErrors = Partial<Record<keyof typeof NEWSLETTER_ERROR_PARAMS, NewsletterErrorKey>>;

/**
 * The first error of each field, as a message key, by the schema's rules: the name and the
 * address are trimmed; an empty one is required, a name over 100 characters is too long, an
 * address over 254 characters or not of the standard pattern is invalid.
 */
export function newsletterFieldErrors(values: { name?: unknown; email?: unknown }): NewsletterFieldErrors {
  const errors: NewsletterFieldErrors = {};
  const name = typeof values.name === "string" ? values.name.trim() : "";
  const email = typeof values.email === "string" ? values.email.trim() : "";
  if (!name) errors.name = "newsletter.nameRequired";
  else if (name.length > NEWSLETTER_NAME_MAX) errors.name = "newsletter.nameTooLong";
  if (!email) errors.email = "newsletter.emailRequired";
  else if (email.length > NEWSLETTER_EMAIL_MAX || !EMAIL_PATTERN.test(email)) errors.email = "newsletter.invalidEmail";
  return errors;
}
