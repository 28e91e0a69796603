import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Eye, EyeOff, KeyRound, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { isMessageKey, useI18n, type Translator } from "~/i18n";
import { cn } from "~/lib/utils";
import { accessCodeSchema, ACCESS_CODE_MAX_LENGTH, type AccessCodeActionData } from "~/schemas/access-code";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import "~/i18n/private";

function message(t: Translator, text: string): string {
  return isMessageKey(text) ? t(text) : text;
}

/**
 * The password form of a private page: a real POST form to the page's own action (works before
 * hydration), checked on the server. A wrong code comes back as the field's error; the right one
 * redirects to the unlocked page, which clears the error.
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
  const [form, fields] = useForm({
    id: `${idPrefix}-form`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accessCodeSchema }),
  });
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.location?.pathname === location.pathname;
  const error = fields.code.errors?.[0] ?? form.errors?.[0];
  const errorId = fields.code.errors ? fields.code.errorId : form.errorId;
  const { key, ...inputProps } = getInputProps(fields.code, { type: visible ? "text" : "password", ariaDescribedBy: error ? errorId : undefined });

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={fields.code.id} className="text-navy-900">
          {t("private.code.label")}
        </Label>
        <div className="relative">
          <KeyRound className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ocean-600" aria-hidden />
          <Input
            key={key}
            {...inputProps}
            // Conform leaves `required` to the schema; the attribute keeps the check before hydration.
            required
            aria-invalid={error ? true : undefined}
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
              aria-controls={fields.code.id}
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
          {error ? message(t, error) : ""}
        </p>
      </div>
      <Button type="submit" variant="accent" size="lg" disabled={busy} className="w-full">
        {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
        {busy ? t("private.code.checking") : t("private.code.submit")}
      </Button>
    </Form>
  );
}
