import { Eye, EyeOff, KeyRound, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { useI18n } from "~/i18n";
import { ACCESS_CODE_MAX_LENGTH } from "~/lib/access-code";
import { cn } from "~/lib/utils";
import type { AccessCodeActionData } from "~/schemas/access-code";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { fieldMessage } from "./text-field";
import "~/i18n/private";

/** The shared schema's first complaint about a code, or nothing. */
type CodeCheck = (code: string) => string | undefined;

let loadingCheck: Promise<CodeCheck> | undefined;

/**
 * The form's schema (the action's too), loaded when the visitor first turns to the form: zod and
 * the schema are ~25 KB that a locked page's first load does without (issue 13).
 */
function loadCheck(): Promise<CodeCheck> {
  loadingCheck ??= import("~/schemas/access-code").then(
    ({ accessCodeSchema }) =>
      (code: string) => {
        const result = accessCodeSchema.safeParse({ code });
        return result.success ? undefined : result.error.issues[0]?.message;
      },
    // Not loadable (offline, a new deployment): the server checks the code all the same.
    () => () => undefined,
  );
  return loadingCheck;
}

/** The message of the action's answer: the field's, else the form's. */
function answerError(actionData: AccessCodeActionData | undefined): string | undefined {
  const errors = actionData?.result.error;
  return errors?.code?.[0] ?? errors?.[""]?.[0] ?? undefined;
}

/**
 * The password form of a private page: a real POST form to the page's own action (works before
 * hydration), checked on the server. A wrong code comes back as the field's error; the right one
 * redirects to the unlocked page, which clears the error. In the browser the same schema checks
 * the field on submit (and on each input after a failed try) once it has loaded; a submit before
 * that goes to the server, which answers with the same message.
 */
export function AccessCodeForm({
  actionData,
  showToggle = false,
  idPrefix = "access",
}: {
  actionData: AccessCodeActionData | undefined;
  /** The show/hide button beside the field (the spec gives it to /arc-registration). */
  showToggle?: boolean;
  idPrefix?: string;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const location = useLocation();
  const [visible, setVisible] = useState(false);
  const check = useRef<CodeCheck | undefined>(undefined);
  const [checkError, setCheckError] = useState<string | undefined>();
  /** After a failed try, each input is checked again (and an answer from the server is dropped). */
  const [tried, setTried] = useState(false);
  const [answerDropped, setAnswerDropped] = useState(false);
  useEffect(() => setAnswerDropped(false), [actionData]);

  const prepare = () => {
    if (!check.current) void loadCheck().then((loaded) => (check.current = loaded));
  };
  // Loaded once the page is idle (after its first paint and load), or at once on intent.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(prepare);
  }, []);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!check.current) {
      // Submitted before the check arrived: wait for it, then submit again through the check.
      event.preventDefault();
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void loadCheck().then((loaded) => {
        check.current = loaded;
        form.requestSubmit(submitter);
      });
      return;
    }
    const code = new FormData(event.currentTarget).get("code");
    const problem = check.current?.(typeof code === "string" ? code : "");
    setTried(true);
    setCheckError(problem);
    if (problem) {
      event.preventDefault();
      (event.currentTarget.elements.namedItem("code") as HTMLInputElement | null)?.focus();
    } else setAnswerDropped(true);
  };
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    if (!tried && !answerError(actionData)) return;
    setAnswerDropped(true);
    setCheckError(check.current?.(event.currentTarget.value));
  };

  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.location?.pathname === location.pathname;
  const answered = navigation.state === "idle" && !answerDropped ? answerError(actionData) : undefined;
  const error = checkError ?? answered;
  const formId = `${idPrefix}-form`;
  const fieldId = `${formId}-code`;
  const errorId = `${fieldId}-error`;

  return (
    // noValidate: the schema's message in the page's language instead of the browser's own bubble.
    <Form method="post" id={formId} noValidate onSubmit={onSubmit} onFocus={prepare} onPointerEnter={prepare} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={fieldId} className="text-navy-900">
          {t("private.code.label")}
        </Label>
        <div className="relative">
          <KeyRound className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ocean-600" aria-hidden />
          <Input
            id={fieldId}
            name="code"
            type={visible ? "text" : "password"}
            onInput={onInput}
            // The schema checks it; the attribute says so to assistive technology.
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            maxLength={ACCESS_CODE_MAX_LENGTH}
            autoComplete="current-password"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            variant={null}
            className={cn("h-12 border-input bg-background pl-10 text-base", showToggle && "pr-12")}
          />
          {showToggle && (
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-controls={fieldId}
              aria-pressed={visible}
              aria-label={visible ? t("private.code.hide") : t("private.code.show")}
              title={visible ? t("private.code.hide") : t("private.code.show")}
              className="absolute right-1.5 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-ocean-700 hover:bg-foam-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
            </button>
          )}
        </div>
        <p id={errorId} role="alert" className={cn("text-sm font-medium text-destructive", !error && "sr-only")}>
          {error ? fieldMessage(t, error) : ""}
        </p>
      </div>
      <Button type="submit" variant="accent" size="lg" disabled={busy} className="w-full">
        {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
        {busy ? t("private.code.checking") : t("private.code.submit")}
      </Button>
    </Form>
  );
}
