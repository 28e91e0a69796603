import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ListPlus, Loader2 } from "lucide-react";
import { useI18n, type MessageKey } from "~/i18n";
import "~/i18n/waitlist";
import { WAITLIST_LIMITS, waitlistSchema, type WaitlistOutcome } from "~/schemas/waitlist";
import { problemOf, signupForms, SignupAlert, SignupSuccess, type SignupActionData, type SignupFieldsProps, type SignupTexts } from "./event-signup";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";

/** What `/events/:slug/waitlist` answers to a POST that does not redirect. */
export type WaitlistActionData = SignupActionData<WaitlistOutcome>;

const TEXTS: SignupTexts = {
  success: { title: "waitlist.joined.title", text: "waitlist.joined.text", note: "waitlist.joined.leave" },
  duplicate: { title: "waitlist.duplicate.title", text: "waitlist.duplicate.text" },
  failed: { title: "waitlist.failed.title", text: "waitlist.failed.text" },
};

export function WaitlistSuccess({ eventName }: { eventName: string }) {
  return <SignupSuccess texts={TEXTS} eventName={eventName} />;
}


const selectClass =
  "flex h-10 w-full max-w-32 rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** Name, e-mail, phone, places and a message, validated by the same schema in the browser and the action. */
function WaitlistFields({ event, action, FormComponent, inline, result, pending, autoFocus }: SignupFieldsProps<WaitlistActionData>) {
  const { t, locale } = useI18n();
  const [form, fields] = useForm({
    id: `waitlist-${event.slug}`,
    lastResult: result?.reply ?? undefined,
    defaultValue: { places: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: waitlistSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const problem = problemOf(result?.outcome, TEXTS);
  const error = (messages: string[] | undefined, id: string) =>
    messages?.[0] ? (
      <p id={id} className="text-sm text-destructive">
        {t(messages[0] as MessageKey)}
      </p>
    ) : null;
  const required = <span aria-hidden className="ml-0.5 text-signal-700">*</span>;

  return (
    <FormComponent method="post" action={action} className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="locale" value={locale} />
      {inline && <input type="hidden" name="inline" value="1" />}
      {problem && <SignupAlert words={problem} />}
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
          {Array.from({ length: event.maxPlacesPerBooking ?? 4 }, (_, i) => i + 1).map((n) => (
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

const forms = signupForms("waitlist", WaitlistFields, TEXTS);
/** The form inside the event dialog: posts with a fetcher and stays in the dialog. */
export const InlineWaitlistForm = forms.Inline;
/** The form on `/events/:slug/waitlist`: a plain post that redirects back on success. */
export const PageWaitlistForm = forms.Page;
