import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, ListPlus, Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { toast } from "~/components/toaster";
import { useI18n, type MessageKey } from "~/i18n";
import type { EventView } from "~/lib/events";
import { WAITLIST_LIMITS, waitlistSchema, type WaitlistOutcome } from "~/schemas/waitlist";
import { waitlistPath } from "./waitlist-form-inline";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";

/** What `/events/:slug/waitlist` answers to a POST that does not redirect. */
export type WaitlistActionData = { outcome: WaitlistOutcome; reply?: SubmissionResult<string[]> | null };

export { waitlistPath };

/** The title and text the visitor sees for an outcome that is not a success. */
function problemOf(outcome: WaitlistOutcome | undefined): { title: MessageKey; text: MessageKey } | undefined {
  if (!outcome) return undefined;
  if (outcome.status === "duplicate") return { title: "waitlist.duplicate.title", text: "waitlist.duplicate.text" };
  if (outcome.status === "failed") return { title: "waitlist.failed.title", text: outcome.message ?? "waitlist.failed.text" };
  return undefined;
}

export function WaitlistSuccess({ eventName }: { eventName: string }) {
  const { t } = useI18n();
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-emerald-600/30 bg-emerald-50 p-4 text-emerald-950">
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
      <div>
        <p className="font-semibold">{t("waitlist.joined.title")}</p>
        <p className="mt-1 text-sm">{t("waitlist.joined.text", { event: eventName })}</p>
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
  result: WaitlistActionData | undefined;
  pending: boolean;
  autoFocus?: boolean;
};

const selectClass =
  "flex h-10 w-full max-w-32 rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** Name, e-mail, phone, places and a message, validated by the same schema in the browser and the action. */
function WaitlistFields({ event, FormComponent, inline, result, pending, autoFocus }: FieldsProps) {
  const { t, locale } = useI18n();
  const [form, fields] = useForm({
    id: `waitlist-${event.slug}`,
    lastResult: result?.reply ?? undefined,
    defaultValue: { places: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: waitlistSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const problem = problemOf(result?.outcome);
  const error = (messages: string[] | undefined, id: string) =>
    messages?.[0] ? (
      <p id={id} className="text-sm text-destructive">
        {t(messages[0] as MessageKey)}
      </p>
    ) : null;
  const required = <span aria-hidden className="ml-0.5 text-signal-700">*</span>;

  return (
    <FormComponent method="post" action={waitlistPath(event.slug)} className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="locale" value={locale} />
      {inline && <input type="hidden" name="inline" value="1" />}
      {problem && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-semibold text-destructive">{t(problem.title)}</p>
          <p className="mt-0.5 text-slate-700">{t(problem.text)}</p>
        </div>
      )}
      <p className="text-sm text-muted-foreground">{t("waitlist.form.required")}</p>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.name.id}>
          {t("waitlist.form.name")}
          {required}
        </Label>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          autoComplete="name"
          maxLength={WAITLIST_LIMITS.name}
          required
          autoFocus={autoFocus}
        />
        {error(fields.name.errors, fields.name.errorId)}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.email.id}>
          {t("waitlist.form.email")}
          {required}
        </Label>
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          maxLength={WAITLIST_LIMITS.email}
          required
        />
        {error(fields.email.errors, fields.email.errorId)}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.phone.id}>{t("waitlist.form.phone")}</Label>
        <Input {...getInputProps(fields.phone, { type: "tel" })} key={fields.phone.key} autoComplete="tel" maxLength={WAITLIST_LIMITS.phone} />
        {error(fields.phone.errors, fields.phone.errorId)}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.places.id}>
          {t("waitlist.form.places")}
          {required}
        </Label>
        <select
          {...getSelectProps(fields.places, { ariaDescribedBy: `${fields.places.id}-hint` })}
          key={fields.places.key}
          className={selectClass}
          required
        >
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
        <p id={`${fields.places.id}-hint`} className="text-xs text-muted-foreground">
          {t("waitlist.form.placesHint")}
        </p>
        {error(fields.places.errors, fields.places.errorId)}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.message.id}>{t("waitlist.form.message")}</Label>
        <Textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={3} maxLength={WAITLIST_LIMITS.message} />
        {error(fields.message.errors, fields.message.errorId)}
      </div>
      <Button type="submit" variant="accent" size="lg" disabled={pending} className="justify-self-start">
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <ListPlus aria-hidden />}
        {pending ? t("waitlist.form.sending") : t("waitlist.form.submit")}
      </Button>
    </FormComponent>
  );
}

/** Toasts an outcome once per answer. */
function useOutcomeToast(outcome: WaitlistOutcome | undefined, eventName: string) {
  const { t } = useI18n();
  const shown = useRef<WaitlistOutcome | undefined>(undefined);
  useEffect(() => {
    if (!outcome || shown.current === outcome) return;
    shown.current = outcome;
    if (outcome.status === "joined") {
      toast.success(t("waitlist.joined.title"), { description: t("waitlist.joined.text", { event: eventName }) });
      return;
    }
    const problem = problemOf(outcome);
    if (problem) toast.error(t(problem.title), { description: t(problem.text) });
  }, [outcome, eventName, t]);
}

/** The form inside the event dialog: posts with a fetcher and stays in the dialog. */
export function InlineWaitlistForm({ event }: { event: EventView }) {
  const fetcher = useFetcher<WaitlistActionData>({ key: `waitlist-${event.slug}` });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useOutcomeToast(result?.outcome, event.name);
  if (result?.outcome.status === "joined") return <WaitlistSuccess eventName={result.outcome.eventName} />;
  return (
    <WaitlistFields
      event={event}
      FormComponent={fetcher.Form as typeof Form}
      inline
      result={fetcher.data}
      pending={fetcher.state !== "idle"}
      autoFocus
    />
  );
}

/** The form on `/events/:slug/waitlist`: a plain post that redirects back on success. */
export function PageWaitlistForm({ event, result }: { event: EventView; result: WaitlistActionData | undefined }) {
  const navigation = useNavigation();
  useOutcomeToast(result?.outcome, event.name);
  return <WaitlistFields event={event} FormComponent={Form} inline={false} result={result} pending={navigation.state === "submitting"} />;
}
