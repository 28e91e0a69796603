import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { isMessageKey, useI18n, type Translator } from "~/i18n";
import { cn } from "~/lib/utils";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

/** A form error: a schema's message key translated; anything else (a server's own text) as is. */
export function fieldMessage(t: Translator, key: string): string {
  return isMessageKey(key) ? t(key) : key;
}

type TextFieldProps = {
  field: FieldMetadata<string | undefined>;
  label: string;
  required?: boolean;
  type?: "text" | "email" | "tel" | "date";
  autoComplete?: string;
  maxLength?: number;
  max?: string;
  className?: string;
};

/**
 * A labelled input of a Conform form, with the required mark (and its words for screen readers)
 * and the field's first error under it. Conform ties an invalid field to its message itself
 * (aria-invalid, aria-describedby).
 */
export function TextField({ field, label, required = false, type = "text", autoComplete, maxLength, max, className }: TextFieldProps) {
  const { t } = useI18n();
  const { key, ...inputProps } = getInputProps(field, { type });
  // content-start: beside a field showing its error the row is taller; label and input stay at its top.
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={field.id} className="text-navy-900">
        {label}
        {required && (
          <>
            <span aria-hidden className="ml-0.5 text-signal-700">*</span>
            <span className="sr-only"> ({t("booking.form.required")})</span>
          </>
        )}
      </Label>
      <Input key={key} {...inputProps} aria-required={required || undefined} autoComplete={autoComplete} maxLength={maxLength} max={max} />
      {field.errors && (
        <p id={field.errorId} className="text-sm font-medium text-destructive">
          {fieldMessage(t, field.errors[0])}
        </p>
      )}
    </div>
  );
}
