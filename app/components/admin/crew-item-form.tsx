import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useI18n } from "~/i18n";
import { CREW_ITEM_KINDS } from "~/schemas/crew";
import { CREW_ITEM_ASKED, crewItemSchema, type CrewItemFormDefaults } from "~/schemas/crew-item-form";
import { Field, FormPanel, FormSwitch, hintId, LanguageColumn, LanguageColumns, SaveBar, selectClasses } from "./article-fields";

/**
 * One crew-file item, new or edited (issue 27): its kind, both languages' label and help, the
 * options of a choice, a yes/no's follow-up, a qualification's name, when it is asked and due,
 * required, health data. A real form; without JavaScript every field shows and the server
 * ignores what the kind does not use.
 */
export function CrewItemForm({
  defaults,
  lastResult,
  itemId,
}: {
  defaults: CrewItemFormDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  /** The item edited; none for a new one. */
  itemId?: string;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const intent = itemId ? "update" : "create";
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: itemId ? `crew-item-${itemId}` : "crew-item-new",
    lastResult,
    defaultValue: { ...defaults, required: defaults.required ? "on" : undefined, health: defaults.health ? "on" : undefined },
    constraint: getZodConstraint(crewItemSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: crewItemSchema }),
  });
  // Every field shows (the form works before hydration); the hints say which kind uses it, and
  // the server ignores what the kind does not use.
  const text = (field: (typeof fields)[keyof typeof fields], hinted = false, lang?: string) => {
    const { key, ...props } = getInputProps(field, { type: "text", ariaDescribedBy: hinted ? hintId(field) : undefined });
    return <Input key={key} {...props} lang={lang} />;
  };

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6" data-testid="crew-item-form">
      <input type="hidden" name="intent" value={intent} />
      {itemId && <input type="hidden" name="id" value={itemId} />}
      <FormPanel title={t(itemId ? "admin.crew.items.editTitle" : "admin.crew.items.newTitle")}>
        <div className="grid gap-5 md:grid-cols-3">
          <Field meta={fields.kind} label={t("admin.crew.items.field.kind")} required>
            <select {...getSelectProps(fields.kind)} key={fields.kind.key} className={selectClasses}>
              {CREW_ITEM_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`admin.crew.kind.${k}` as const)}
                </option>
              ))}
            </select>
          </Field>
          <Field meta={fields.asked} label={t("admin.crew.items.field.asked")}>
            <select {...getSelectProps(fields.asked)} key={fields.asked.key} className={selectClasses}>
              {CREW_ITEM_ASKED.map((a) => (
                <option key={a} value={a}>
                  {t(`admin.crew.asked.${a}` as const)}
                </option>
              ))}
            </select>
          </Field>
          <Field meta={fields.dueDaysBefore} label={t("admin.crew.items.field.dueDaysBefore")} hint={t("admin.crew.items.field.dueDaysBeforeHint")}>
            {(() => {
              const { key, ...props } = getInputProps(fields.dueDaysBefore, { type: "number", ariaDescribedBy: hintId(fields.dueDaysBefore) });
              return <Input key={key} {...props} min={0} max={365} />;
            })()}
          </Field>
        </div>
        <LanguageColumns>
          <LanguageColumn legend={t("admin.language.dutch")}>
            <Field meta={fields.labelNl} label={t("admin.crew.items.field.label")} required>
              {text(fields.labelNl)}
            </Field>
            <Field meta={fields.helpNl} label={t("admin.crew.items.field.help")}>
              <Textarea {...getTextareaProps(fields.helpNl)} key={fields.helpNl.key} rows={2} />
            </Field>
            <Field meta={fields.followUpNl} label={t("admin.crew.items.field.followUp")} hint={t("admin.crew.items.field.followUpHint")}>
              {text(fields.followUpNl, true)}
            </Field>
          </LanguageColumn>
          <LanguageColumn legend={t("admin.events.section.english")}>
            <Field meta={fields.labelEn} label={t("admin.crew.items.field.labelEn")} required>
              {text(fields.labelEn, false, "en")}
            </Field>
            <Field meta={fields.helpEn} label={t("admin.crew.items.field.helpEn")}>
              <Textarea {...getTextareaProps(fields.helpEn)} key={fields.helpEn.key} rows={2} lang="en" />
            </Field>
            <Field meta={fields.followUpEn} label={t("admin.crew.items.field.followUpEn")}>
              {text(fields.followUpEn, false, "en")}
            </Field>
          </LanguageColumn>
        </LanguageColumns>
        <Field meta={fields.options} label={t("admin.crew.items.field.options")} hint={t("admin.crew.items.field.optionsHint")}>
          <Textarea {...getTextareaProps(fields.options, { ariaDescribedBy: hintId(fields.options) })} key={fields.options.key} rows={5} className="font-mono" />
        </Field>
        <Field meta={fields.qualificationName} label={t("admin.crew.items.field.qualificationName")} hint={t("admin.crew.items.field.qualificationNameHint")}>
          {text(fields.qualificationName, true)}
        </Field>
        <div className="grid gap-5 md:grid-cols-2">
          <FormSwitch id={fields.required.id} name={fields.required.name} label={t("admin.crew.items.field.required")} defaultChecked={defaults.required} />
          <FormSwitch id={fields.health.id} name={fields.health.name} label={t("admin.crew.items.field.health")} hint={t("admin.crew.items.field.healthHint")} defaultChecked={defaults.health} />
        </div>
      </FormPanel>
      <SaveBar saving={saving} label={t(itemId ? "admin.crew.items.save" : "admin.crew.items.add")} savingLabel={t("admin.crew.items.saving")} />
    </Form>
  );
}
