import "~/i18n/manage";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { REGISTRATION_LIMITS } from "~/schemas/registration";
import { bookerContactSchema, contactDetailsSchema, type ManageActionData, type ManageView } from "~/schemas/manage";
import { TextField } from "~/components/text-field";
import { Card } from "./card";

/**
 * The contact details the booker may correct until the event starts (`#details`): the booking's
 * phone and address, and, when the booker sails, their own emergency contact (their place's).
 */
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
    // The fields are the sailing booker's; a booker who does not sail has the same form without the emergency contact.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: (view.bookerSails ? contactDetailsSchema : bookerContactSchema) as typeof contactDetailsSchema }),
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
            className="sm:max-w-xs"
          />
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("booking.form.address")}</legend>
            <TextField field={fields.street} required label={t("booking.field.street")} autoComplete="street-address" maxLength={REGISTRATION_LIMITS.street} className="sm:col-span-2" />
            <TextField field={fields.postalCode} required label={t("booking.field.postalCode")} autoComplete="postal-code" maxLength={REGISTRATION_LIMITS.postalCode} />
            <TextField field={fields.city} required label={t("booking.field.city")} autoComplete="address-level2" maxLength={REGISTRATION_LIMITS.city} />
            <TextField field={fields.country} required label={t("booking.field.country")} autoComplete="country-name" maxLength={REGISTRATION_LIMITS.country} className="sm:col-span-2" />
          </fieldset>
          {view.bookerSails && (
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("booking.form.emergency")}</legend>
              <TextField field={fields.nextOfKinName} required label={t("booking.field.nextOfKinName")} autoComplete="off" maxLength={REGISTRATION_LIMITS.name} />
              <TextField field={fields.nextOfKinPhone} required label={t("booking.field.nextOfKinPhone")} type="tel" autoComplete="off" maxLength={REGISTRATION_LIMITS.phone} />
            </fieldset>
          )}
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
