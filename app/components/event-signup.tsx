import type { SubmissionResult } from "@conform-to/react";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, type ComponentType } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { toast } from "~/components/toaster";
import { useI18n, type MessageKey } from "~/i18n";
import type { EventView } from "~/lib/events";

/*
 * What the event sign-up forms (Show interest, Join the waiting list) share: the same kinds of
 * answer, shown the same way — a success box, an alert in the form, a toast once per answer — in
 * the event dialog (a fetcher, no navigation) and on the form's own page (a plain post).
 */

/** An answer of a sign-up action: its success (`sent`, `joined`) carries the event's name. */
export type SignupOutcome =
  | { status: "sent" | "joined"; eventName: string }
  | { status: "invalid" }
  | { status: "duplicate" }
  | { status: "failed"; message?: MessageKey };

export type SignupActionData<O extends SignupOutcome = SignupOutcome> = { outcome: O; reply?: SubmissionResult<string[]> | null };

type Words = { title: MessageKey; text: MessageKey };

/** A form's own texts for its answers (the success text gets `{event}`; `note`: what to know next). */
export type SignupTexts = { success: Words & { note?: MessageKey }; duplicate: Words; failed: Words };

function succeeded(outcome: SignupOutcome | undefined): outcome is Extract<SignupOutcome, { eventName: string }> {
  return outcome !== undefined && "eventName" in outcome;
}

/** The title and text the visitor sees for an answer that is not a success. */
export function problemOf(outcome: SignupOutcome | undefined, texts: SignupTexts): Words | undefined {
  if (outcome?.status === "duplicate") return texts.duplicate;
  if (outcome?.status === "failed") return { title: texts.failed.title, text: outcome.message ?? texts.failed.text };
  return undefined;
}

export function SignupSuccess({ texts, eventName }: { texts: SignupTexts; eventName: string }) {
  const { t } = useI18n();
  return (
    // No box of its own: it sits in the form's card (the page's, or the dialog's section), and a
    // third frame left a phone about 190 px of line.
    <div role="status" className="flex gap-3 text-navy-900">
      <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden />
      <div className="min-w-0">
        <p className="text-lg font-semibold text-emerald-800">{t(texts.success.title)}</p>
        <p className="mt-1">{t(texts.success.text, { event: eventName })}</p>
        {texts.success.note && <p className="mt-2 text-sm text-slate-700">{t(texts.success.note)}</p>}
      </div>
    </div>
  );
}

export function SignupAlert({ words }: { words: Words }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <p className="font-semibold text-destructive">{t(words.title)}</p>
      <p className="mt-0.5 text-slate-700">{t(words.text)}</p>
    </div>
  );
}

/** Toasts an answer once (the page re-renders; the answer object stays the same). */
function useOutcomeToast(outcome: SignupOutcome | undefined, texts: SignupTexts) {
  const { t } = useI18n();
  const shown = useRef<SignupOutcome | undefined>(undefined);
  useEffect(() => {
    if (!outcome || shown.current === outcome) return;
    shown.current = outcome;
    if (succeeded(outcome)) {
      toast.success(t(texts.success.title), { description: t(texts.success.text, { event: outcome.eventName }) });
      return;
    }
    const problem = problemOf(outcome, texts);
    if (problem) toast.error(t(problem.title), { description: t(problem.text) });
  }, [outcome, texts, t]);
}

/** What a sign-up form's fields get from the dialog or the page around them. */
export type SignupFieldsProps<D extends SignupActionData> = {
  event: EventView;
  /** Where the form posts (`interestPath`, `waitlistPath`: handed in, so the form's chunk needs no paths). */
  action: string;
  /** `fetcher.Form` in the dialog, the router's `Form` on the standalone page. */
  FormComponent: typeof Form;
  /** Posted by the dialog so the action answers with data instead of a redirect. */
  inline: boolean;
  result: D | undefined;
  pending: boolean;
  autoFocus?: boolean;
};

/**
 * The dialog's and the page's variant of a sign-up form around its `Fields`: the dialog posts with
 * a fetcher and shows the success in place; the page posts plainly (the action redirects back).
 */
export function signupForms<D extends SignupActionData>(name: string, Fields: ComponentType<SignupFieldsProps<D>>, texts: SignupTexts) {
  function Inline({ event, action }: { event: EventView; action: string }) {
    const fetcher = useFetcher<D>({ key: `${name}-${event.slug}` });
    const result = fetcher.state === "idle" ? (fetcher.data as D | undefined) : undefined;
    useOutcomeToast(result?.outcome, texts);
    if (succeeded(result?.outcome)) return <SignupSuccess texts={texts} eventName={result.outcome.eventName} />;
    return <Fields event={event} action={action} FormComponent={fetcher.Form as typeof Form} inline result={fetcher.data as D | undefined} pending={fetcher.state !== "idle"} autoFocus />;
  }
  function Page({ event, action, result }: { event: EventView; action: string; result: D | undefined }) {
    const navigation = useNavigation();
    useOutcomeToast(result?.outcome, texts);
    return <Fields event={event} action={action} FormComponent={Form} inline={false} result={result} pending={navigation.state === "submitting"} />;
  }
  return { Inline, Page };
}
