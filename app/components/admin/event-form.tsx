import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps } from "react";
import { Form, useNavigation } from "react-router";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useI18n } from "~/i18n";
import { Field, FormPanel, FormSwitch, hintId, LanguageColumn, LanguageColumns, SaveBar, selectClasses } from "./article-fields";
import { BOOKING_MODES, EVENT_KINDS, EVENT_STATUSES, eventSchema, type EventFormDefaults } from "~/schemas/event";
import { useTitleSlugFields } from "./title-slug-fields";
import { FilesPanel, type CurrentUpload } from "./upload-field";

/** Create and edit an event: every column of the events table, as a real multipart form. */
export function EventForm({
  defaults,
  lastResult,
  privatePages,
  currentImage,
  currentDocument,
  editing,
}: {
  defaults: EventFormDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  privatePages: { key: string; title: string }[];
  currentImage?: CurrentUpload | null;
  currentDocument?: CurrentUpload | null;
  editing: boolean;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: "event-form",
    lastResult,
    defaultValue: {
      ...defaults,
      listed: defaults.listed ? "on" : undefined,
      offshore: defaults.offshore ? "on" : undefined,
      crewRuleSkipperIncluded: defaults.crewRuleSkipperIncluded ? "on" : undefined,
      requiresApproval: defaults.requiresApproval ? "on" : undefined,
    },
    constraint: getZodConstraint(eventSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventSchema }),
  });

  const listedInitially = lastResult ? fields.listed.initialValue === "on" : defaults.listed;
  const { title: nameField, slug: slugField } = useTitleSlugFields({
    title: fields.name,
    slug: fields.slug,
    defaults: { title: defaults.name, slug: defaults.slug },
    titleLabel: t("admin.events.field.name"),
    titleMaxLength: 200,
    slugLabel: t("admin.events.field.slug"),
    slugHint: () => t("admin.events.field.slugHint"),
    editing,
  });

  /** An input bound to its field, described by its hint when it has one. */
  const text = (field: (typeof fields)[keyof typeof fields], type: "text" | "number" | "datetime-local", hinted = false, extra: ComponentProps<"input"> = {}) => {
    const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: hinted ? hintId(field) : undefined });
    return <Input key={key} {...props} {...extra} />;
  };

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
      <input type="hidden" name="intent" value="save" />
      <FormPanel title={t("admin.language.texts")} description={t("admin.language.eventHint")}>
        <LanguageColumns>
          <LanguageColumn legend={t("admin.language.dutch")} testId="texts-nl">
            {nameField}
            <Field meta={fields.description} label={t("admin.events.field.description")} required>
              <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={6} />
            </Field>
            <Field meta={fields.included} label={t("admin.events.field.included")}>
              <Textarea {...getTextareaProps(fields.included)} key={fields.included.key} rows={5} />
            </Field>
          </LanguageColumn>
          <LanguageColumn legend={t("admin.events.section.english")} testId="texts-en">
            <Field meta={fields.nameEn} label={t("admin.events.field.nameEn")}>
              {text(fields.nameEn, "text", false, { maxLength: 200, lang: "en" })}
            </Field>
            <Field meta={fields.descriptionEn} label={t("admin.events.field.descriptionEn")}>
              <Textarea {...getTextareaProps(fields.descriptionEn)} key={fields.descriptionEn.key} rows={6} lang="en" />
            </Field>
            <Field meta={fields.includedEn} label={t("admin.events.field.includedEn")}>
              <Textarea {...getTextareaProps(fields.includedEn)} key={fields.includedEn.key} rows={5} lang="en" />
            </Field>
          </LanguageColumn>
        </LanguageColumns>
      </FormPanel>

      <FormPanel title={t("admin.events.section.basics")}>
        {slugField}
        <div className="grid gap-5 md:grid-cols-3">
          <Field meta={fields.location} label={t("admin.events.field.location")}>
            {text(fields.location, "text", false, { maxLength: 200 })}
          </Field>
          <Field meta={fields.locationEn} label={t("admin.events.field.locationEn")} hint={t("admin.events.field.locationEnHint")}>
            {text(fields.locationEn, "text", true, { maxLength: 200, lang: "en" })}
          </Field>
          <Field meta={fields.kind} label={t("admin.events.field.kind")}>
            <select {...getSelectProps(fields.kind)} key={fields.kind.key} className={selectClasses}>
              {EVENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`admin.events.kind.${kind}` as const)}
                </option>
              ))}
            </select>
          </Field>
          <Field meta={fields.status} label={t("admin.events.field.status")}>
            <select {...getSelectProps(fields.status)} key={fields.status.key} className={selectClasses}>
              {EVENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`admin.events.status.${status}` as const)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </FormPanel>

      <FormPanel title={t("admin.events.section.dates")} description={t("admin.events.field.timeHint")}>
        <div className="grid gap-5 md:grid-cols-2">
          <Field meta={fields.startDate} label={t("admin.events.field.startDate")} required>
            {text(fields.startDate, "datetime-local")}
          </Field>
          <Field meta={fields.endDate} label={t("admin.events.field.endDate")} required>
            {text(fields.endDate, "datetime-local")}
          </Field>
        </div>
      </FormPanel>

      <FormPanel title={t("admin.events.section.booking")}>
        <div className="grid gap-5 md:grid-cols-3">
          <Field meta={fields.bookingMode} label={t("admin.events.field.bookingMode")}>
            <select {...getSelectProps(fields.bookingMode)} key={fields.bookingMode.key} className={selectClasses}>
              {BOOKING_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`admin.events.mode.${mode}` as const)}
                </option>
              ))}
            </select>
          </Field>
          <Field meta={fields.price} label={t("admin.events.field.price")} hint={t("admin.events.field.priceHint")} required>
            {text(fields.price, "text", true, { inputMode: "decimal" })}
          </Field>
          <Field meta={fields.depositPercent} label={t("admin.events.field.depositPercent")} hint={t("admin.events.field.depositPercentHint")}>
            {text(fields.depositPercent, "number", true)}
          </Field>
          <Field meta={fields.vatPercent} label={t("admin.events.field.vatPercent")} hint={t("admin.events.field.vatPercentHint")}>
            {text(fields.vatPercent, "text", true, { inputMode: "decimal" })}
          </Field>
          <Field meta={fields.maxParticipants} label={t("admin.events.field.maxParticipants")} hint={t("admin.events.field.maxParticipantsHint")}>
            {text(fields.maxParticipants, "number", true)}
          </Field>
          <Field meta={fields.maxPlacesPerBooking} label={t("admin.events.field.maxPlacesPerBooking")} hint={t("admin.events.field.maxPlacesPerBookingHint")}>
            {text(fields.maxPlacesPerBooking, "number", true)}
          </Field>
          <Field meta={fields.participantDeadlineDays} label={t("admin.events.field.participantDeadlineDays")} hint={t("admin.events.field.participantDeadlineDaysHint")}>
            {text(fields.participantDeadlineDays, "number", true)}
          </Field>
          <div className="hidden md:block" />
          <Field meta={fields.registrationOpensAt} label={t("admin.events.field.registrationOpensAt")} hint={t("admin.events.field.registrationOpensAtHint")}>
            {text(fields.registrationOpensAt, "datetime-local", true)}
          </Field>
          <div className="hidden md:block" />
          <Field meta={fields.earlyBirdPercent} label={t("admin.events.field.earlyBirdPercent")} hint={t("admin.events.field.earlyBirdHint")}>
            {text(fields.earlyBirdPercent, "number", true)}
          </Field>
          <Field meta={fields.earlyBirdUntil} label={t("admin.events.field.earlyBirdUntil")}>
            {text(fields.earlyBirdUntil, "datetime-local")}
          </Field>
        </div>
      </FormPanel>

      <FormPanel title={t("admin.bookings.policy.section")} description={t("admin.bookings.policy.description")}>
        <div className="grid gap-5 md:grid-cols-3">
          <Field meta={fields.balanceDueDays} label={t("admin.bookings.policy.balanceDueDays")} hint={t("admin.bookings.policy.balanceDueDaysHint")}>
            {text(fields.balanceDueDays, "number", true)}
          </Field>
          <Field meta={fields.refundUntilDays} label={t("admin.bookings.policy.refundUntilDays")} hint={t("admin.bookings.policy.refundUntilDaysHint")}>
            {text(fields.refundUntilDays, "number", true)}
          </Field>
          <Field meta={fields.refundPercent} label={t("admin.bookings.policy.refundPercent")} hint={t("admin.bookings.policy.refundPercentHint")}>
            {text(fields.refundPercent, "number", true)}
          </Field>
        </div>
      </FormPanel>

      {/* --- crew file and applications (issue 27) --- */}
      <FormPanel title={t("admin.crew.event.section")} description={t("admin.crew.event.sectionHint")}>
        <div className="grid gap-5 md:grid-cols-3">
          <FormSwitch id={fields.offshore.id} name={fields.offshore.name} label={t("admin.crew.event.offshore")} hint={t("admin.crew.event.offshoreHint")} defaultChecked={lastResult ? fields.offshore.initialValue === "on" : defaults.offshore} />
          <Field meta={fields.healthRetentionDays} label={t("admin.crew.event.retentionDays")} hint={t("admin.crew.event.retentionDaysHint")}>
            {text(fields.healthRetentionDays, "number", true)}
          </Field>
          <div className="hidden md:block" />
          <Field meta={fields.crewRuleQualification} label={t("admin.crew.event.ruleQualification")} hint={t("admin.crew.event.ruleQualificationHint")}>
            {text(fields.crewRuleQualification, "text", true, { maxLength: 200 })}
          </Field>
          <Field meta={fields.crewRuleMinPercent} label={t("admin.crew.event.ruleMinPercent")} hint={t("admin.crew.event.ruleMinPercentHint")}>
            {text(fields.crewRuleMinPercent, "number", true)}
          </Field>
          <FormSwitch
            id={fields.crewRuleSkipperIncluded.id}
            name={fields.crewRuleSkipperIncluded.name}
            label={t("admin.crew.event.ruleSkipper")}
            defaultChecked={lastResult ? fields.crewRuleSkipperIncluded.initialValue === "on" : defaults.crewRuleSkipperIncluded}
          />
          <FormSwitch
            id={fields.requiresApproval.id}
            name={fields.requiresApproval.name}
            label={t("admin.crew.event.requiresApproval")}
            hint={t("admin.crew.event.requiresApprovalHint")}
            defaultChecked={lastResult ? fields.requiresApproval.initialValue === "on" : defaults.requiresApproval}
          />
          <Field meta={fields.approvalHoldHours} label={t("admin.crew.event.holdHours")} hint={t("admin.crew.event.holdHoursHint")}>
            {text(fields.approvalHoldHours, "number", true)}
          </Field>
        </div>
      </FormPanel>
      {/* --- end crew file --- */}

      <FormPanel title={t("admin.events.section.visibility")}>
        <div className="grid gap-5 md:grid-cols-2">
          <FormSwitch
            id={fields.listed.id}
            name={fields.listed.name}
            label={t("admin.events.field.listed")}
            hint={t("admin.events.field.listedHint")}
            defaultChecked={listedInitially}
          />
          <Field meta={fields.privatePageKey} label={t("admin.events.field.privatePageKey")}>
            <select {...getSelectProps(fields.privatePageKey)} key={fields.privatePageKey.key} className={selectClasses}>
              <option value="">{t("admin.events.field.noPrivatePage")}</option>
              {privatePages.map((page) => (
                <option key={page.key} value={page.key}>
                  {page.title}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </FormPanel>

      <FilesPanel
        title={t("admin.events.section.files")}
        fields={fields}
        currentImage={currentImage}
        currentDocument={currentDocument}
        documentLabel={t("admin.events.field.brochure")}
        documentNameLabel={t("admin.events.field.documentName")}
        documentNameHint={t("admin.events.field.documentNameHint")}
      />

      <SaveBar saving={saving} label={t("admin.events.save")} savingLabel={t("admin.events.saving")} />
    </Form>
  );
}
