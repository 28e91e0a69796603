import "~/i18n/manage";
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { isMessageKey, useI18n, type Translator } from "~/i18n";
import { cn } from "~/lib/utils";
import { REGISTRATION_LIMITS } from "~/schemas/registration";
import { contactDetailsSchema, type ManageActionData, type ManageView } from "~/schemas/manage";
import { Card } from "./card";

/** Translates a schema message key; anything else is shown as is. */
function message(t: Translator, key: string): string {
  return isMessageKey(key) ? t(key) : key;
}

function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  maxLength,
  required = true,
  className,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "tel";
  autoComplete: string;
  maxLength: number;
  required?: boolean;
  className?: string;
}) {
  const { t } = useI18n();
  // Conform ties an invalid field to its message itself (aria-invalid, aria-describedby).
  const { key, ...inputProps } = getInputProps(field, { type });
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={field.id} className="text-navy-900">
        {label}
        {required && (
          <>
            <span aria-hidden className="ml-0.5 text-signal-700">*</span>
            <span className="sr-only"> ({t("booking.form.required")})</span>
          </>
        )}
      </Label>
      <Input key={key} {...inputProps} aria-required={required || undefined} autoComplete={autoComplete} maxLength={maxLength} />
      {field.errors && (
        <p id={field.errorId} className="text-sm font-medium text-destructive">
          {message(t, field.errors[0])}
        </p>
      )}
    </div>
  );
}

/** The contact details the participant may correct until the event starts (`#details`). */
export function DetailsCard({ view, actionData, teamEmail }: { view: ManageView; actionData: ManageActionData | undefined; teamEmail: string }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  const c = view.contact;
  const [form, fields] = useForm({
    id: "contact-details",
    lastResult: actionData?.intent === "details" ? actionData.result : undefined,
    defaultValue: {
      phoneNumber: c.phoneNumber ?? "",
      street: c.street,
      postalCode: c.postalCode,
      city: c.city,
      country: c.country,
      nextOfKinName: c.nextOfKinName ?? "",
      nextOfKinPhone: c.nextOfKinPhone ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactDetailsSchema }),
  });
  return (
    <Card id="details" title={t("manage.details.title")}>
      {view.can.changeDetails ? (
        <Form method="post" {...getFormProps(form)} className="grid gap-6" aria-busy={saving || undefined}>
          <p className="text-sm text-slate-700">{t("manage.details.intro")}</p>
          <TextField
            field={fields.phoneNumber}
            label={t("booking.field.phoneNumber")}
            type="tel"
            autoComplete="tel"
            maxLength={REGISTRATION_LIMITS.phone}
            required={false}
            className="sm:max-w-xs"
          />
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("booking.form.address")}</legend>
            <TextField field={fields.street} label={t("booking.field.street")} autoComplete="street-address" maxLength={REGISTRATION_LIMITS.street} className="sm:col-span-2" />
            <TextField field={fields.postalCode} label={t("booking.field.postalCode")} autoComplete="postal-code" maxLength={REGISTRATION_LIMITS.postalCode} />
            <TextField field={fields.city} label={t("booking.field.city")} autoComplete="address-level2" maxLength={REGISTRATION_LIMITS.city} />
            <TextField field={fields.country} label={t("booking.field.country")} autoComplete="country-name" maxLength={REGISTRATION_LIMITS.country} className="sm:col-span-2" />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("booking.form.emergency")}</legend>
            <TextField field={fields.nextOfKinName} label={t("booking.field.nextOfKinName")} autoComplete="off" maxLength={REGISTRATION_LIMITS.name} />
            <TextField field={fields.nextOfKinPhone} label={t("booking.field.nextOfKinPhone")} type="tel" autoComplete="off" maxLength={REGISTRATION_LIMITS.phone} />
          </fieldset>
          <div>
            <Button type="submit" name="intent" value="details" disabled={saving} className="w-full sm:w-auto" data-testid="manage-save">
              {saving ? t("manage.details.saving") : t("manage.details.save")}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">{t(view.disruption?.choice === "pending" ? "manage.details.closedChoosing" : "manage.details.closed", { email: teamEmail })}</p>
      )}
    </Card>
  );
}
