import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Send } from "lucide-react";
import { useI18n, type MessageKey } from "~/i18n";
import { INTEREST_LIMITS, interestSchema, missesRequiredField, type InterestOutcome } from "~/schemas/interest";
import { problemOf, signupForms, SignupAlert, SignupSuccess, type SignupActionData, type SignupFieldsProps, type SignupTexts } from "./event-signup";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";

/** What `/events/:slug/interest` answers to a POST that does not redirect. */
export type InterestActionData = SignupActionData<InterestOutcome>;

const TEXTS: SignupTexts = {
  success: { title: "events.interest.successTitle", text: "events.interest.successText" },
  duplicate: { title: "events.interest.duplicateTitle", text: "events.interest.duplicateText" },
  failed: { title: "events.interest.failedTitle", text: "events.interest.failedText" },
};

export function InterestSuccess({ eventName }: { eventName: string }) {
  return <SignupSuccess texts={TEXTS} eventName={eventName} />;
}


/** Name, e-mail and an optional message, validated by the same schema in the browser and the action. */
function InterestFields({ event, action, FormComponent, inline, result, pending, autoFocus }: SignupFieldsProps<InterestActionData>) {
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
    : problemOf(result?.outcome, TEXTS);
  const error = (messages: string[] | undefined, id: string) =>
    messages?.[0] ? (
      <p id={id} className="text-sm text-destructive">
        {t(messages[0] as MessageKey)}
      </p>
    ) : null;

  return (
    <FormComponent method="post" action={action} className="grid gap-4" {...getFormProps(form)}>
      {inline && <input type="hidden" name="inline" value="1" />}
      {problem && <SignupAlert words={problem} />}
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

const forms = signupForms("interest", InterestFields, TEXTS);
/** The form inside the event dialog: posts with a fetcher and stays in the dialog. */
export const InlineInterestForm = forms.Inline;
/** The form on `/events/:slug/interest`: a plain post that redirects back on success. */
export const PageInterestForm = forms.Page;
