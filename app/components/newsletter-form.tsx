import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, AlertTriangle, Loader2, Mail } from "lucide-react";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useI18n, type MessageKey } from "~/i18n";
import { cn } from "~/lib/utils";
import {
  isNewsletterErrorKey,
  isNewsletterOutcome,
  NEWSLETTER_EMAIL_MAX,
  NEWSLETTER_ERROR_PARAMS,
  NEWSLETTER_FETCHER_FIELD,
  NEWSLETTER_RESULT_PARAM,
  newsletterSchema,
  type NewsletterActionData,
  type NewsletterOutcome,
} from "~/schemas/newsletter";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

const noSubscription = () => () => {};
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const OUTCOME_MESSAGE: Record<NewsletterOutcome, MessageKey> = {
  success: "newsletter.success",
  emailFailed: "newsletter.emailFailed",
  alreadySubscribed: "newsletter.alreadySubscribed",
  invalid: "common.invalidForm",
  rateLimited: "common.tooManyRequests",
  error: "newsletter.error",
};

/** Shows the outcome of a sign-up made with JavaScript as a toast. */
function useOutcomeToast(data: NewsletterActionData | undefined) {
  useEffect(() => {
    if (!data) return;
    switch (data.outcome) {
      case "success":
        toast.success(data.message, { description: data.detail });
        break;
      case "emailFailed":
      case "alreadySubscribed":
        toast.warning(data.message);
        break;
      case "invalid":
        // The fields show their own messages.
        break;
      default:
        toast.error(data.message);
    }
  }, [data]);
}

/** The outcome of a sign-up made without JavaScript: the action redirected back with it in the query. */
function useRedirectedResult() {
  const [params] = useSearchParams();
  const outcome = params.get(NEWSLETTER_RESULT_PARAM);
  const fieldError = (field: keyof typeof NEWSLETTER_ERROR_PARAMS) => {
    const key = params.get(NEWSLETTER_ERROR_PARAMS[field]);
    return isNewsletterErrorKey(key) ? key : undefined;
  };
  return { outcome: isNewsletterOutcome(outcome) ? outcome : undefined, nameError: fieldError("name"), emailError: fieldError("email") };
}

function FieldError({ id, errors, tone }: { id: string; errors: string[] | undefined; tone: "light" | "dark" }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className={cn("mt-1.5 text-sm font-medium", tone === "dark" ? "text-signal-500" : "text-destructive")}>
      {errors[0]}
    </p>
  );
}

function TextField({
  field,
  label,
  type,
  placeholder,
  autoComplete,
  maxLength,
  serverError,
  tone,
}: {
  field: FieldMetadata<string>;
  label: string;
  type: "text" | "email";
  placeholder: string;
  autoComplete: string;
  maxLength?: number;
  serverError?: string;
  tone: "light" | "dark";
}) {
  const errors = field.errors ?? (serverError ? [serverError] : undefined);
  const { key, ...inputProps } = getInputProps(field, { type });
  return (
    <div className="min-w-0 flex-1">
      <Label htmlFor={field.id} className={tone === "dark" ? "text-foam-100" : "text-navy-900"}>
        {label}
      </Label>
      <Input
        key={key}
        {...inputProps}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength ?? inputProps.maxLength}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? field.errorId : undefined}
        className={cn("mt-2 h-11", tone === "dark" && "border-white/25 bg-white text-navy-900")}
      />
      <FieldError id={field.errorId} errors={errors} tone={tone} />
    </div>
  );
}

/**
 * The newsletter sign-up: a real form that posts to /api/newsletter and works before the
 * JavaScript has loaded (the action redirects back with the outcome); once hydrated it validates
 * in the browser with the same schema as the server and submits with a fetcher and toasts.
 */
export function NewsletterForm({ variant = "section" }: { variant?: "section" | "card" }) {
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const fetcher = useFetcher<NewsletterActionData>();
  const schema = useMemo(() => newsletterSchema(locale), [locale]);
  const redirected = useRedirectedResult();
  const busy = fetcher.state !== "idle";
  const dark = variant === "card";
  const tone = dark ? "dark" : "light";

  const [form, fields] = useForm({
    id: `newsletter-${variant}`,
    lastResult: busy ? undefined : fetcher.data?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useOutcomeToast(busy ? undefined : fetcher.data);

  // Before hydration the server's answer comes back in the URL: show it in place of a toast.
  // Field errors speak for themselves; the banner is for every other outcome.
  const hasFieldErrors = Boolean(redirected.nameError || redirected.emailError);
  const shownOutcome = fetcher.data || (redirected.outcome === "invalid" && hasFieldErrors) ? undefined : redirected.outcome;
  const positive = shownOutcome === "success";

  return (
    <div>
      <div>
        <p className={cn("flex items-center gap-2 text-sm font-semibold uppercase tracking-widest", dark ? "text-signal-500" : "text-signal-700")}>
          <Mail className="size-4" aria-hidden />
          {t("newsletter.kicker")}
        </p>
        <h2
          id="newsletter-title"
          className={cn("mt-2 font-bold uppercase leading-none", dark ? "text-3xl text-white" : "text-4xl text-navy-900 sm:text-5xl")}
        >
          {t("newsletter.title")}
        </h2>
        <p className={cn("mt-4", dark ? "text-foam-200" : "text-lg text-muted-foreground")}>{t("newsletter.pitch")}</p>
      </div>

      <fetcher.Form
        method="post"
        action="/api/newsletter"
        {...getFormProps(form)}
        className={cn("mt-6", !dark && "mt-8 rounded-lg border bg-foam-100 p-6 shadow-sm sm:p-8")}
      >
        {hydrated ? <input type="hidden" name={NEWSLETTER_FETCHER_FIELD} value="1" /> : null}
        {shownOutcome ? (
          <p
            role={positive ? "status" : "alert"}
            className={cn(
              "mb-5 flex items-start gap-2 rounded-md p-3 text-sm font-medium",
              positive ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-900",
            )}
            data-testid="newsletter-result"
          >
            {positive ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            ) : (
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            )}
            <span>
              {t(OUTCOME_MESSAGE[shownOutcome])}
              {positive ? <span className="mt-1 block font-normal">{t("newsletter.successDetail")}</span> : null}
            </span>
          </p>
        ) : null}
        <div className={cn("flex flex-col gap-4", dark ? "" : "sm:flex-row")}>
          <TextField
            field={fields.name}
            label={t("newsletter.nameLabel")}
            type="text"
            placeholder={t("newsletter.namePlaceholder")}
            autoComplete="name"
            serverError={redirected.nameError && !fetcher.data ? t(redirected.nameError) : undefined}
            tone={tone}
          />
          <TextField
            field={fields.email}
            label={t("newsletter.emailLabel")}
            type="email"
            placeholder={t("newsletter.emailPlaceholder")}
            autoComplete="email"
            maxLength={NEWSLETTER_EMAIL_MAX}
            serverError={redirected.emailError && !fetcher.data ? t(redirected.emailError) : undefined}
            tone={tone}
          />
        </div>
        <Button type="submit" variant="accent" size="lg" className="mt-5 w-full" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {busy ? t("newsletter.submitting") : t("newsletter.submit")}
        </Button>
        <p className={cn("mt-3 text-xs", dark ? "text-foam-200" : "text-muted-foreground")}>
          {t("newsletter.note")}{" "}
          <Link to="/privacy" className="underline underline-offset-2 hover:no-underline">
            {t("newsletter.privacyLink")}
          </Link>
        </p>
      </fetcher.Form>
    </div>
  );
}
