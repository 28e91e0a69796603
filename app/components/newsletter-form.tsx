import { CheckCircle2, AlertTriangle, Loader2, Mail } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "~/lib/hydrated";
import { Link, useFetcher, useSearchParams } from "react-router";
import { toast } from "~/components/toaster";
import { useI18n, type MessageKey } from "~/i18n";
import { cn } from "~/lib/utils";
import {
  isNewsletterErrorKey,
  isNewsletterOutcome,
  NEWSLETTER_EMAIL_MAX,
  NEWSLETTER_ERROR_PARAMS,
  NEWSLETTER_FETCHER_FIELD,
  NEWSLETTER_RESULT_PARAM,
  newsletterFieldErrors,
  type NewsletterActionData,
  type NewsletterErrorKey,
  type NewsletterOutcome,
} from "~/schemas/newsletter-fields";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

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

function FieldError({ id, error, tone }: { id: string; error: string | undefined; tone: "light" | "dark" }) {
  if (!error) return null;
  return (
    <p id={id} className={cn("mt-1.5 text-sm font-medium", tone === "dark" ? "text-signal-500" : "text-destructive")}>
      {error}
    </p>
  );
}

type Field = keyof typeof NEWSLETTER_ERROR_PARAMS;

function TextField({
  id,
  name,
  label,
  type,
  placeholder,
  autoComplete,
  maxLength,
  error,
  tone,
  onBlur,
  onInput,
}: {
  id: string;
  name: Field;
  label: string;
  type: "text" | "email";
  placeholder: string;
  autoComplete: string;
  maxLength?: number;
  error?: string;
  tone: "light" | "dark";
  onBlur(field: Field): void;
  onInput(field: Field): void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="min-w-0 flex-1">
      <Label htmlFor={id} className={tone === "dark" ? "text-foam-100" : "text-navy-900"}>
        {label}
      </Label>
      <Input
        type={type}
        id={id}
        name={name}
        required
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        onBlur={() => onBlur(name)}
        onInput={() => onInput(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        variant={null}
        className={cn("mt-2 h-11 text-base", tone === "dark" ? "border-white/25 bg-white text-navy-900" : "border-input bg-background")}
      />
      <FieldError id={errorId} error={error} tone={tone} />
    </div>
  );
}

/** What the form holds now: its fields' values as the browser sends them. */
function formValues(form: HTMLFormElement): { name: unknown; email: unknown } {
  const data = new FormData(form);
  return { name: data.get("name"), email: data.get("email") };
}

/**
 * The browser's validation, by the server's rules (`newsletterFieldErrors`): a field is checked
 * when it loses focus and, once it shows an error, again on every keystroke; submitting checks
 * both and focuses the first wrong one. The server's own field errors show until the field
 * changes.
 */
function useFieldValidation(formRef: React.RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<Partial<Record<Field, NewsletterErrorKey>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const checked = useRef(new Set<Field>());
  const reset = useCallback(() => {
    checked.current.clear();
    setErrors({});
    setServerErrors({});
  }, []);

  const check = (field: Field) => {
    const form = formRef.current;
    if (!form) return;
    checked.current.add(field);
    const found = newsletterFieldErrors(formValues(form));
    setErrors((current) => ({ ...current, [field]: found[field] }));
  };

  return {
    errors,
    serverErrors,
    setServerErrors,
    onBlur: check,
    onInput: (field: Field) => {
      setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
      if (checked.current.has(field)) check(field);
    },
    /** Checks every field; false (and focus on the first wrong field) when the form may not be sent. */
    submit: (form: HTMLFormElement): boolean => {
      const found = newsletterFieldErrors(formValues(form));
      checked.current.add("name").add("email");
      setErrors(found);
      setServerErrors({});
      const first = (["name", "email"] as const).find((field) => found[field]);
      if (!first) return true;
      (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return false;
    },
    reset,
  };
}

/**
 * The newsletter sign-up: a real form that posts to /api/newsletter and works before the
 * JavaScript has loaded (the action redirects back with the outcome); once hydrated it checks
 * the fields in the browser by the server's rules and submits with a fetcher and toasts.
 */
export function NewsletterForm({ variant = "section" }: { variant?: "section" | "card" }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const fetcher = useFetcher<NewsletterActionData>();
  const redirected = useRedirectedResult();
  const busy = fetcher.state !== "idle";
  const dark = variant === "card";
  const tone = dark ? "dark" : "light";
  const formId = `newsletter-${variant}`;
  const formRef = useRef<HTMLFormElement>(null);
  const validation = useFieldValidation(formRef);
  const { setServerErrors, reset } = validation;
  const answer = busy ? undefined : fetcher.data;
  useOutcomeToast(answer);

  // The server's answer: its field errors, or an empty form after a sign-up.
  useEffect(() => {
    if (!answer) return;
    if (answer.outcome === "success" || answer.outcome === "emailFailed") {
      formRef.current?.reset();
      reset();
      return;
    }
    const fieldErrors = answer.result?.error;
    if (fieldErrors) setServerErrors({ name: fieldErrors.name?.[0] ?? undefined, email: fieldErrors.email?.[0] ?? undefined });
  }, [answer, reset, setServerErrors]);

  // Before hydration the server's answer comes back in the URL: show it in place of a toast.
  // Field errors speak for themselves; the banner is for every other outcome.
  const hasFieldErrors = Boolean(redirected.nameError || redirected.emailError);
  const shownOutcome = fetcher.data || (redirected.outcome === "invalid" && hasFieldErrors) ? undefined : redirected.outcome;
  const positive = shownOutcome === "success";

  const fieldError = (field: Field): string | undefined => {
    const own = validation.errors[field];
    if (own) return t(own);
    if (validation.serverErrors[field]) return validation.serverErrors[field];
    const fromRedirect = field === "name" ? redirected.nameError : redirected.emailError;
    return fromRedirect && !fetcher.data ? t(fromRedirect) : undefined;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!validation.submit(event.currentTarget)) event.preventDefault();
  };

  return (
    <div>
      <div>
        <p className={cn("flex items-center gap-2 text-sm font-semibold uppercase tracking-widest", dark ? "text-signal-500" : "text-signal-700")}>
          <Mail className="size-4" aria-hidden />
          {t("newsletter.kicker")}
        </p>
        <h2
          id="newsletter-title"
          className={cn("mt-2 font-bold uppercase", dark ? "text-3xl text-white" : "text-4xl text-navy-900 sm:text-5xl")}
        >
          {t("newsletter.title")}
        </h2>
        <p className={cn("mt-4", dark ? "text-foam-200" : "text-lg text-muted-foreground")}>{t("newsletter.pitch")}</p>
      </div>

      <fetcher.Form
        ref={formRef}
        method="post"
        action="/api/newsletter"
        id={formId}
        noValidate
        onSubmit={onSubmit}
        className={dark ? "mt-6" : "mt-8 rounded-lg border bg-foam-100 p-6 shadow-sm sm:p-8"}
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
            id={`${formId}-name`}
            name="name"
            label={t("newsletter.nameLabel")}
            type="text"
            placeholder={t("newsletter.namePlaceholder")}
            autoComplete="name"
            error={fieldError("name")}
            tone={tone}
            onBlur={validation.onBlur}
            onInput={validation.onInput}
          />
          <TextField
            id={`${formId}-email`}
            name="email"
            label={t("newsletter.emailLabel")}
            type="email"
            placeholder={t("newsletter.emailPlaceholder")}
            autoComplete="email"
            maxLength={NEWSLETTER_EMAIL_MAX}
            error={fieldError("email")}
            tone={tone}
            onBlur={validation.onBlur}
            onInput={validation.onInput}
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
