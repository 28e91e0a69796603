import { z } from "zod";
import { translate, type Locale } from "~/i18n";
import { EMAIL_PATTERN, NEWSLETTER_EMAIL_MAX, NEWSLETTER_ERROR_KEYS, NEWSLETTER_NAME_MAX, type NewsletterErrorKey } from "./newsletter-fields";

// The form's limits, outcomes and the browser's own checks live in ./newsletter-fields (no Zod,
// so the footer form on every page does not carry it); the server validates with this schema.
export * from "./newsletter-fields";

/**
 * The newsletter form's schema, in the visitor's language: the sign-up action validates with it.
 * The browser applies the same rules with `newsletterFieldErrors()` (same limits, same pattern,
 * same messages). Each failure has its own message (nameRequired, emailRequired, invalidEmail).
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

/** Which key a translated schema message came from (to pass it through a redirect as a key). */
export function newsletterErrorKey(locale: Locale, message: string): NewsletterErrorKey | undefined {
  return NEWSLETTER_ERROR_KEYS.find((key) => translate(locale, key) === message);
}
