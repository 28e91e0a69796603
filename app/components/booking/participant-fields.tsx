import { getSelectProps, useField } from "@conform-to/react";
import { ChevronDown } from "lucide-react";
import { useEffect, useState } from "react";
import { useI18n } from "~/i18n";
import "~/i18n/booking";
import { REGISTRATION_LIMITS, type ParticipantInput } from "~/schemas/registration";
import { cn } from "~/lib/utils";
import { Label } from "../ui/label";
import { fieldMessage, TextField } from "../text-field";
import { selectClasses } from "./places-fields";

/** The details a booker may give now or leave to the participant's own link. */
const OPTIONAL_DETAILS = ["birthDate", "street", "postalCode", "city", "country", "nextOfKinName", "nextOfKinPhone"] as const;

/**
 * One other participant of a group booking (`participants[index]`): their name and e-mail address
 * (their invitation goes there), the language of that e-mail, and behind a disclosure the rest of
 * their details, which they otherwise complete themselves. A block past the places chosen stays
 * in the page disabled and hidden: a disabled fieldset posts nothing (so the schema never sees
 * it), and what was typed comes back when the visitor chooses more places again.
 */
export function ParticipantFields({ index, number, active, today }: { index: number; number: number; active: boolean; today: string }) {
  const { t, locale } = useI18n();
  const [meta] = useField<ParticipantInput>(`participants[${index}]`);
  const f = meta.getFieldset();
  const detailErrors = OPTIONAL_DETAILS.some((name) => Boolean(f[name].errors?.length));
  const detailValues = OPTIONAL_DETAILS.some((name) => Boolean(f[name].initialValue));
  const [open, setOpen] = useState(detailValues || detailErrors);
  // A detail the server (or the schema) refused must be visible to be corrected.
  useEffect(() => {
    if (detailErrors) setOpen(true);
  }, [detailErrors]);
  const { key: localeKey, ...localeProps } = getSelectProps(f.locale);

  return (
    <fieldset
      disabled={!active}
      hidden={!active}
      className={cn("gap-4 rounded-lg border border-ocean-700/15 bg-foam-100/60 p-4 sm:grid-cols-2 sm:p-5", active ? "grid" : "hidden")}
      data-testid={`participant-${index}`}
    >
      <legend className="sr-only">{t("booking.form.participantN", { number })}</legend>
      {/* The legend of a fieldset cannot be styled freely in every browser: the visible heading. */}
      <p aria-hidden className="font-display text-base font-semibold uppercase tracking-wide text-ocean-700 sm:col-span-2">
        {t("booking.form.participantN", { number })}
      </p>
      <TextField
        field={f.name}
        label={t("booking.field.customerName")}
        required
        autoComplete="off"
        maxLength={REGISTRATION_LIMITS.name}
        className="sm:col-span-2"
      />
      <TextField field={f.email} label={t("booking.field.customerEmail")} required type="email" autoComplete="off" maxLength={REGISTRATION_LIMITS.email} />
      <div className="grid content-start gap-1.5">
        <Label htmlFor={f.locale.id} className="text-navy-900">
          {t("booking.field.participantLocale")}
        </Label>
        <select {...localeProps} key={localeKey} defaultValue={f.locale.initialValue ?? locale} className={selectClasses}>
          <option value="nl" lang="nl">
            Nederlands
          </option>
          <option value="en" lang="en">
            English
          </option>
        </select>
      </div>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group rounded-md border border-ocean-700/15 bg-white sm:col-span-2">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-md px-3 py-2.5 text-sm font-semibold text-navy-900 hover:bg-foam-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
          {t("booking.form.moreDetails")}
          <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
        </summary>
        <div className="grid gap-4 border-t px-3 pb-4 pt-3 sm:grid-cols-2">
          <p className="text-xs text-muted-foreground sm:col-span-2">{t("booking.form.moreDetailsHint")}</p>
          <TextField field={f.birthDate} label={t("booking.field.birthDate")} type="date" autoComplete="off" max={today} />
          <TextField field={f.street} label={t("booking.field.street")} autoComplete="off" maxLength={REGISTRATION_LIMITS.street} />
          <TextField field={f.postalCode} label={t("booking.field.postalCode")} autoComplete="off" maxLength={REGISTRATION_LIMITS.postalCode} />
          <TextField field={f.city} label={t("booking.field.city")} autoComplete="off" maxLength={REGISTRATION_LIMITS.city} />
          <TextField
            field={f.country}
            label={t("booking.field.country")}
            autoComplete="off"
            maxLength={REGISTRATION_LIMITS.country}
            className="sm:col-span-2"
          />
          <TextField field={f.nextOfKinName} label={t("booking.field.nextOfKinName")} autoComplete="off" maxLength={REGISTRATION_LIMITS.name} />
          <TextField field={f.nextOfKinPhone} label={t("booking.field.nextOfKinPhone")} type="tel" autoComplete="off" maxLength={REGISTRATION_LIMITS.phone} />
        </div>
      </details>
      {meta.errors && (
        <p id={meta.errorId} className="text-sm font-medium text-destructive sm:col-span-2">
          {fieldMessage(t, meta.errors[0])}
        </p>
      )}
    </fieldset>
  );
}
