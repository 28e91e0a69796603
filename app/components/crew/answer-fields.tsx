import type { ReactNode } from "react";
import { useI18n, type MessageKey } from "~/i18n";
import "~/i18n/crew";
import type { CrewAnswerValue } from "~/schemas/crew";
import { CREW_FIELDS, CREW_LIMITS, type CrewChecklistItem, type CrewChecklistView, type CrewField } from "~/schemas/crew-place";

type FieldProps = {
  base: string;
  name: CrewField;
  label: string;
  error: MessageKey | undefined;
  children: (props: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined }) => ReactNode;
  hint?: string;
};

/** One labelled field with its hint and error, linked for screen readers. */
function Field({ base, name, label, error, hint, children }: FieldProps) {
  const { t } = useI18n();
  const id = `${base}-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-navy-900">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {t(error)}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/**
 * The answer's fields for a crew-file item's kind, filled with what was posted (after a refusal)
 * or stored: the participant's page (one form per item) and the registration form (every field
 * named by `name`, e.g. `crew:<item id>:text`) alike. `optional`: the item may be left blank as a
 * whole, so no field is required by the browser (the server checks an answer that was begun).
 * `file`: the file input and the current file's link; absent, no file is asked (the registration
 * form posts none).
 */
export function CrewAnswerFields({
  item,
  base,
  countries,
  answer,
  posted,
  errors: given,
  name = (field) => field,
  optional = false,
  file,
}: {
  item: Pick<CrewChecklistItem, "kind" | "options" | "followUp" | "required">;
  base: string;
  countries: CrewChecklistView["countries"];
  answer: CrewAnswerValue | null;
  posted?: Partial<Record<CrewField, string | string[]>>;
  errors?: Partial<Record<CrewField | "form", MessageKey>>;
  name?: (field: CrewField) => string;
  optional?: boolean;
  file?: { current: ReactNode; has: boolean };
}) {
  const { t } = useI18n();
  const a = answer;
  const errors = given ?? {};
  const required = !optional;
  const value = (field: CrewField, stored: string | undefined): string => {
    const p = posted?.[field];
    return typeof p === "string" ? p : posted ? "" : (stored ?? "");
  };
  const countrySelect = (field: CrewField, label: string, stored: string | undefined) => (
    <Field base={base} name={field} label={label} error={errors[field]}>
      {(props) => (
        <select
          {...props}
          name={name(field)}
          defaultValue={value(field, stored)}
          required={required}
          className={inputClass}
          autoComplete={field === "country" ? "country" : "off"}
        >
          <option value="">{t("crew.choose")}</option>
          {(countries ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const dateInput = (field: CrewField, label: string, stored: string | undefined) => (
    <Field base={base} name={field} label={label} error={errors[field]}>
      {(props) => <input {...props} type="date" name={name(field)} defaultValue={value(field, stored)} required={required} className={inputClass} />}
    </Field>
  );
  const textInput = (field: CrewField, label: string, stored: string | undefined, maxLength: number) => (
    <Field base={base} name={field} label={label} error={errors[field]}>
      {(props) => (
        <input
          {...props}
          type="text"
          name={name(field)}
          defaultValue={value(field, stored)}
          maxLength={maxLength}
          required={required}
          className={inputClass}
          autoComplete="off"
        />
      )}
    </Field>
  );
  const fileInput = (fileRequired: boolean) =>
    file ? (
      <>
        {file.current}
        <Field
          base={base}
          name={CREW_FIELDS.file}
          label={t(fileRequired ? "crew.field.file" : "crew.field.fileOptional")}
          error={errors.file}
          hint={`${t("crew.file.hint")}${file.has ? ` ${t("crew.file.replace")}` : ""}`}
        >
          {(props) => (
            <input
              {...props}
              type="file"
              name={name(CREW_FIELDS.file)}
              accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
              required={fileRequired && !file.has}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-foam-100 file:px-3 file:py-1.5"
            />
          )}
        </Field>
      </>
    ) : null;

  switch (item.kind) {
    case "short_text":
      return textInput(CREW_FIELDS.text, t("crew.field.answer"), a?.kind === "text" ? a.text : undefined, CREW_LIMITS.shortText);
    case "long_text":
      return (
        <Field base={base} name={CREW_FIELDS.text} label={t("crew.field.answer")} error={errors.text}>
          {(props) => (
            <textarea
              {...props}
              name={name(CREW_FIELDS.text)}
              defaultValue={value(CREW_FIELDS.text, a?.kind === "text" ? a.text : undefined)}
              maxLength={CREW_LIMITS.longText}
              required={required}
              rows={4}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm"
            />
          )}
        </Field>
      );
    case "choice_one":
    case "choice_many": {
      const stored = a?.kind === "choice" ? a.values : [];
      const picked = posted ? (Array.isArray(posted.choice) ? posted.choice : typeof posted.choice === "string" ? [posted.choice] : []) : stored;
      const errorId = `${base}-choice-error`;
      return (
        <fieldset aria-describedby={errors.choice ? errorId : undefined} className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-navy-900">{t("crew.field.answer")}</legend>
          {item.options.map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm text-navy-900">
              <input
                type={item.kind === "choice_one" ? "radio" : "checkbox"}
                name={name(CREW_FIELDS.choice)}
                value={o.value}
                defaultChecked={picked.includes(o.value)}
                required={item.kind === "choice_one" && required}
                className="size-4 accent-ocean-700"
              />
              {o.label}
            </label>
          ))}
          {errors.choice && (
            <p id={errorId} className="text-sm text-destructive">
              {t(errors.choice)}
            </p>
          )}
        </fieldset>
      );
    }
    case "yes_no": {
      const stored = a?.kind === "yes_no" ? (a.yes ? "yes" : "no") : "";
      const picked = value(CREW_FIELDS.yesNo, stored);
      const errorId = `${base}-yesNo-error`;
      return (
        <div className="group/yes-no grid gap-3">
          <fieldset aria-describedby={errors.yesNo ? errorId : undefined} className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-navy-900">{t("crew.field.answer")}</legend>
            <div className="flex gap-6">
              {(["yes", "no"] as const).map((v) => (
                <label key={v} className="flex items-center gap-2 text-sm text-navy-900">
                  <input
                    type="radio"
                    name={name(CREW_FIELDS.yesNo)}
                    value={v}
                    defaultChecked={picked === v}
                    required={required}
                    className="size-4 accent-ocean-700"
                  />
                  {t(v === "yes" ? "crew.yes" : "crew.no")}
                </label>
              ))}
            </div>
            {errors.yesNo && (
              <p id={errorId} className="text-sm text-destructive">
                {t(errors.yesNo)}
              </p>
            )}
          </fieldset>
          {item.followUp && (
            // Asked on yes: hidden by CSS alone once "no" is picked (no script needed; a browser
            // without :has() shows it always, and the server ignores it on no).
            <div className="group-has-[input[value=no]:checked]/yes-no:hidden" data-testid="crew-follow-up">
              <Field base={base} name={CREW_FIELDS.followUp} label={item.followUp} error={errors.followUp}>
                {(props) => (
                  <textarea
                    {...props}
                    name={name(CREW_FIELDS.followUp)}
                    defaultValue={value(CREW_FIELDS.followUp, a?.kind === "yes_no" ? (a.followUp ?? "") : undefined)}
                    maxLength={CREW_LIMITS.followUp}
                    rows={3}
                    className="w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm"
                  />
                )}
              </Field>
            </div>
          )}
        </div>
      );
    }
    case "date":
      return dateInput(CREW_FIELDS.date, t("crew.field.answer"), a?.kind === "date" ? a.date : undefined);
    case "number":
      return (
        <Field base={base} name={CREW_FIELDS.number} label={t("crew.field.answer")} error={errors.number}>
          {(props) => (
            <input
              {...props}
              type="text"
              inputMode="decimal"
              name={name(CREW_FIELDS.number)}
              defaultValue={value(CREW_FIELDS.number, a?.kind === "number" ? String(a.number) : undefined)}
              required={required}
              className={inputClass}
            />
          )}
        </Field>
      );
    case "country":
      return countrySelect(CREW_FIELDS.country, t("crew.field.answer"), a?.kind === "country" ? a.country : undefined);
    case "file":
      return fileInput(true);
    case "qualification":
      return (
        <>
          {textInput(CREW_FIELDS.certName, t("crew.field.certName"), a?.kind === "qualification" ? a.name : undefined, CREW_LIMITS.certName)}
          <div className="grid gap-3 sm:grid-cols-2">
            {textInput(CREW_FIELDS.certNumber, t("crew.field.certNumber"), a?.kind === "qualification" ? a.number : undefined, CREW_LIMITS.docNumber)}
            {dateInput(CREW_FIELDS.expiresOn, t("crew.field.expiresOn"), a?.kind === "qualification" ? a.expiresOn : undefined)}
          </div>
          {fileInput(false)}
        </>
      );
    case "passport":
      return (
        <>
          {countrySelect(CREW_FIELDS.nationality, t("crew.field.nationality"), a?.kind === "passport" ? a.nationality : undefined)}
          <div className="grid gap-3 sm:grid-cols-2">
            {textInput(CREW_FIELDS.passportNumber, t("crew.field.passportNumber"), a?.kind === "passport" ? a.number : undefined, CREW_LIMITS.docNumber)}
            {dateInput(CREW_FIELDS.expiresOn, t("crew.field.expiresOn"), a?.kind === "passport" ? a.expiresOn : undefined)}
          </div>
          {fileInput(false)}
        </>
      );
  }
}
