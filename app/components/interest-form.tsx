import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Loader2, Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { toast } from "~/components/toaster";
import { useI18n, type MessageKey } from "~/i18n";
import type { EventView } from "~/lib/events";
import { INTEREST_LIMITS, interestSchema, missesRequiredField, type InterestOutcome } from "~/schemas/interest";
import { interestPath } from "./interest-form-inline";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";

/** What `/events/:slug/interest` answers to a POST that does not redirect. */
export type InterestActionData = { outcome: InterestOutcome; reply?: SubmissionResult<string[]> | null };

export { interestPath };

/** The title and text the visitor sees for an outcome that is not a success. */
function problemOf(outcome: InterestOutcome | undefined): { title: MessageKey; text: MessageKey } | undefined {
  if (!outcome) return undefined;
  if (outcome.status === "duplicate") return { title: "events.interest.duplicateTitle", text: "events.interest.duplicateText" };
  if (outcome.status === "failed") return { title: "events.interest.failedTitle", text: outcome.message ?? "events.interest.failedText" };
  return undefined;
}

function Alert({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <p className="font-semibold text-destructive">{title}</p>
      <p className="mt-0.5 text-slate-700">{text}</p>
    </div>
  );
}

export function InterestSuccess({ eventName }: { eventName: string }) {
  const { t } = useI18n();
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-emerald-600/30 bg-emerald-50 p-4 text-emerald-950">
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
      <div>
        <p className="font-semibold">{t("events.interest.successTitle")}</p>
        <p className="mt-1 text-sm">{t("events.interest.successText", { event: eventName })}</p>
      </div>
    </div>
  );
}

type FieldsProps = {
  event: EventView;
  /** `fetcher.Form` in the dialog, the router's `Form` on the standalone page. */
  FormComponent: typeof Form;
  /** Posted by the dialog so the action answers with data instead of a redirect. */
  inline: boolean;
  result: InterestActionData | undefined;
  pending: boolean;
  autoFocus?: boolean;
};

/** Name, e-mail and an optional message, validated by the same schema in the browser and the action. */
function InterestFields({ event, FormComponent, inline, result, pending, autoFocus }: FieldsProps) {
  const { t } = useI18n();
  const [form, fields] = useForm({
    id: `interest-${event.slug}`,
    lastResult: result?.reply ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: interestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const fieldErrors = { name: fields.name.errors, email: fields.email.errors };
  const problem = missesRequiredField(fieldErrors)
    ? { title: "events.interest.requiredTitle" as const, text: "events.interest.requiredText" as const }
    : problemOf(result?.outcome);
  const error = (messages: string[] | undefined, id: string) =>
    messages?.[0] ? (
      <p id={id} className="text-sm text-destructive">
        {t(messages[0] as MessageKey)}
      </p>
    ) : null;

  return (
    <FormComponent method="post" action={interestPath(event.slug)} className="grid gap-4" {...getFormProps(form)}>
      {inline && <input type="hidden" name="inline" value="1" />}
      {problem && <Alert title={t(problem.title)} text={t(problem.text)} />}
      <div className="grid gap-1.5">
        <Label htmlFor={fields.name.id}>{t("events.interest.name")}</Label>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          autoComplete="name"
          maxLength={INTEREST_LIMITS.name}
          required
          autoFocus={autoFocus}
        />
        {error(fields.name.errors, fields.name.errorId)}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.email.id}>{t("events.interest.email")}</Label>
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          maxLength={INTEREST_LIMITS.email}
          required
        />
        {error(fields.email.errors, fields.email.errorId)}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.message.id}>{t("events.interest.message")}</Label>
        <Textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={3} maxLength={INTEREST_LIMITS.message} />
        {error(fields.message.errors, fields.message.errorId)}
      </div>
      <Button type="submit" variant="accent" size="lg" disabled={pending} className="justify-self-start">
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
        {pending ? t("events.interest.sending") : t("events.interest.submit")}
      </Button>
    </FormComponent>
  );
}

/** Toasts an outcome once per answer. */
function useOutcomeToast(outcome: InterestOutcome | undefined, eventName: string) {
  const { t } = useI18n();
  const shown = useRef<InterestOutcome | undefined>(undefined);
  useEffect(() => {
    if (!outcome || shown.current === outcome) return;
    shown.current = outcome;
    if (outcome.status === "sent") {
      toast.success(t("events.interest.successTitle"), { description: t("events.interest.successText", { event: eventName }) });
      return;
    }
    const problem = problemOf(outcome);
    if (problem) toast.error(t(problem.title), { description: t(problem.text) });
  }, [outcome, eventName, t]);
}

/** The form inside the event dialog: posts with a fetcher and stays in the dialog. */
export function InlineInterestForm({ event }: { event: EventView }) {
  const fetcher = useFetcher<InterestActionData>({ key: `interest-${event.slug}` });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useOutcomeToast(result?.outcome, event.name);
  if (result?.outcome.status === "sent") return <InterestSuccess eventName={result.outcome.eventName} />;
  return (
    <InterestFields
      event={event}
      FormComponent={fetcher.Form as typeof Form}
      inline
      result={fetcher.data}
      pending={fetcher.state !== "idle"}
      autoFocus
    />
  );
}

/** The form on `/events/:slug/interest`: a plain post that redirects back on success. */
export function PageInterestForm({ event, result }: { event: EventView; result: InterestActionData | undefined }) {
  const navigation = useNavigation();
  useOutcomeToast(result?.outcome, event.name);
  return (
    <InterestFields event={event} FormComponent={Form} inline={false} result={result} pending={navigation.state === "submitting"} />
  );
}
