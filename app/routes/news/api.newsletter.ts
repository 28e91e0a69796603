import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { translate, type Locale } from "~/i18n";
import { requestLocale } from "~/i18n/locale.server";
import { readForm } from "@server/http/form.server";
import { log } from "@server/log.server";
import { subscribe } from "@server/newsletter/subscriptions.server";
import { newsletterRateLimiter } from "@server/newsletter/rate-limit.server";
import type { Route } from "./+types/api.newsletter";
import {
  NEWSLETTER_ERROR_PARAMS,
  NEWSLETTER_FETCHER_FIELD,
  NEWSLETTER_RESULT_PARAM,
  newsletterErrorKey,
  newsletterSchema,
  type NewsletterActionData,
  type NewsletterOutcome,
} from "~/schemas/newsletter";

const STATUS: Record<NewsletterOutcome, number> = {
  success: 200,
  emailFailed: 200,
  // An expected answer, not a failure: 200 keeps the browser console clean.
  alreadySubscribed: 200,
  invalid: 400,
  rateLimited: 429,
  error: 503,
};

const MESSAGE = {
  success: "newsletter.success",
  emailFailed: "newsletter.emailFailed",
  alreadySubscribed: "newsletter.alreadySubscribed",
  invalid: "common.invalidForm",
  rateLimited: "common.tooManyRequests",
  error: "newsletter.error",
} as const satisfies Record<NewsletterOutcome, string>;

function actionData(locale: Locale, outcome: NewsletterOutcome, result?: SubmissionResult<string[]>): NewsletterActionData {
  return {
    outcome,
    message: translate(locale, MESSAGE[outcome]),
    detail: outcome === "success" ? translate(locale, "newsletter.successDetail") : undefined,
    result,
  };
}

/**
 * Where a post without JavaScript goes back to: the page it came from (same site only), with the
 * outcome in the query so that page can show it, scrolled to the form.
 */
function backToForm(
  request: Request,
  outcome: NewsletterOutcome,
  fieldErrors: Partial<Record<keyof typeof NEWSLETTER_ERROR_PARAMS, string>> = {},
): string {
  const here = new URL(request.url);
  let target = new URL("/", here);
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.host === here.host && !from.pathname.startsWith("/api/")) target = from;
    } catch {
      // not a URL: go home
    }
  }
  target.searchParams.delete(NEWSLETTER_RESULT_PARAM);
  for (const param of Object.values(NEWSLETTER_ERROR_PARAMS)) target.searchParams.delete(param);
  target.searchParams.set(NEWSLETTER_RESULT_PARAM, outcome);
  for (const [field, key] of Object.entries(fieldErrors)) {
    if (key) target.searchParams.set(NEWSLETTER_ERROR_PARAMS[field as keyof typeof NEWSLETTER_ERROR_PARAMS], key);
  }
  return `${target.pathname}${target.search}#newsletter`;
}

// The form posts here; a GET (someone opening the URL) goes to the form.
export function loader() {
  return redirect("/#newsletter");
}

/** Newsletter sign-up: validates with the form's schema, then subscribes (double opt-in). */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = await requestLocale(request);
  const formData = await readForm(request);
  const viaFetcher = formData.get(NEWSLETTER_FETCHER_FIELD) === "1";
  const answer = (
    outcome: NewsletterOutcome,
    result?: SubmissionResult<string[]>,
    fieldErrors?: Parameters<typeof backToForm>[2],
    headers?: HeadersInit,
  ) =>
    viaFetcher
      ? data(actionData(locale, outcome, result), { status: STATUS[outcome], headers })
      : redirect(backToForm(request, outcome, fieldErrors), { status: 303, headers });

  const limit = await newsletterRateLimiter.consume(context.clientAddress).catch((error: unknown) => {
    log.error("Newsletter sign-up: the rate limit could not be read", error);
    return undefined;
  });
  if (!limit) return answer("error");
  if (!limit.allowed) {
    log.warn("Newsletter sign-up rate limit reached for a client address");
    return answer("rateLimited", undefined, undefined, { "Retry-After": String(limit.retryAfterSeconds) });
  }

  const submission = parseWithZod(formData, { schema: newsletterSchema(locale) });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const firstKey = (field: "name" | "email") => {
      const message = errors[field]?.[0];
      return message ? newsletterErrorKey(locale, message) : undefined;
    };
    return answer("invalid", submission.reply(), { name: firstKey("name"), email: firstKey("email") });
  }

  try {
    const outcome = await subscribe({ ...submission.value, locale });
    return answer(outcome, outcome === "alreadySubscribed" ? submission.reply() : submission.reply({ resetForm: true }));
  } catch (error) {
    log.error("Newsletter sign-up failed", error);
    return answer("error", submission.reply());
  }
}
