import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Save } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useI18n } from "~/i18n";
import { slugify } from "~/lib/slug";
import { Field, FormPanel, FormSwitch, hintId, selectClasses } from "./article-fields";
import { BOOKING_MODES, EVENT_KINDS, EVENT_STATUSES, eventSchema } from "./event-schema";
import { UploadField, type CurrentUpload } from "./upload-field";

/** Every field of the form as text, the way the inputs hold it. */
export type EventFormDefaults = {
  name: string;
  nameEn: string;
  slug: string;
  description: string;
  descriptionEn: string;
  startDate: string;
  endDate: string;
  location: string;
  price: string;
  status: (typeof EVENT_STATUSES)[number];
  included: string;
  includedEn: string;
  maxParticipants: string;
  kind: (typeof EVENT_KINDS)[number];
  bookingMode: (typeof BOOKING_MODES)[number];
  depositPercent: string;
  registrationOpensAt: string;
  earlyBirdPercent: string;
  earlyBirdUntil: string;
  listed: boolean;
  privatePageKey: string;
  documentName: string;
};

export const EMPTY_EVENT_DEFAULTS: EventFormDefaults = {
  name: "",
  nameEn: "",
  slug: "",
  description: "",
  descriptionEn: "",
  startDate: "",
  endDate: "",
  location: "Scheveningen, 3e haven",
  price: "",
  status: "upcoming",
  included: "",
  includedEn: "",
  maxParticipants: "",
  kind: "event",
  bookingMode: "registration",
  depositPercent: "50",
  registrationOpensAt: "",
  earlyBirdPercent: "",
  earlyBirdUntil: "",
  listed: true,
  privatePageKey: "",
  documentName: "",
};

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
    defaultValue: { ...defaults, listed: defaults.listed ? "on" : undefined },
    constraint: getZodConstraint(eventSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventSchema }),
  });

  const initial = (name: "name" | "slug") => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : defaults[name];
  };
  const [name, setName] = useState(() => initial("name"));
  const [slug, setSlug] = useState(() => initial("slug"));
  const [slugFollowsName, setSlugFollowsName] = useState(() => !editing && slug === slugify(name));
  const listedInitially = lastResult ? fields.listed.initialValue === "on" : defaults.listed;
  const englishInitiallyOpen = Boolean(defaults.nameEn || defaults.descriptionEn || defaults.includedEn);

  const { key: _nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: _slugKey, ...slugProps } = getInputProps(fields.slug, { type: "text", ariaDescribedBy: hintId(fields.slug) });
  /** An input bound to its field, described by its hint when it has one. */
  const text = (field: (typeof fields)[keyof typeof fields], type: "text" | "number" | "datetime-local", hinted = false, extra: ComponentProps<"input"> = {}) => {
    const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: hinted ? hintId(field) : undefined });
    return <Input key={key} {...props} {...extra} />;
  };

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
      <input type="hidden" name="intent" value="save" />
      <FormPanel title={t("admin.events.section.basics")}>
        <div className="grid gap-5 md:grid-cols-2">
          <Field meta={fields.name} label={t("admin.events.field.name")} required>
            <Input
              {...nameProps}
              defaultValue={undefined}
              value={name}
              maxLength={200}
              onChange={(event) => {
                setName(event.target.value);
                if (slugFollowsName) setSlug(slugify(event.target.value));
              }}
            />
          </Field>
          <Field meta={fields.slug} label={t("admin.events.field.slug")} hint={t("admin.events.field.slugHint")} required>
            <Input
              {...slugProps}
              defaultValue={undefined}
              value={slug}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              onChange={(event) => {
                setSlug(event.target.value);
                setSlugFollowsName(event.target.value === "");
              }}
            />
          </Field>
        </div>
        <Field meta={fields.description} label={t("admin.events.field.description")} required>
          <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={5} />
        </Field>
        <div className="grid gap-5 md:grid-cols-3">
          <Field meta={fields.location} label={t("admin.events.field.location")}>
            {text(fields.location, "text", false, { maxLength: 200 })}
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
          <Field meta={fields.maxParticipants} label={t("admin.events.field.maxParticipants")} hint={t("admin.events.field.maxParticipantsHint")}>
            {text(fields.maxParticipants, "number", true)}
          </Field>
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
        <Field meta={fields.included} label={t("admin.events.field.included")}>
          <Textarea {...getTextareaProps(fields.included)} key={fields.included.key} rows={5} />
        </Field>
      </FormPanel>

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

      <FormPanel title={t("admin.events.section.files")}>
        <div className="grid gap-6 lg:grid-cols-2">
          <UploadField meta={fields.image} kind="image" current={currentImage} removeMeta={fields.removeImage} />
          <div className="grid content-start gap-5">
            <UploadField meta={fields.document} kind="document" label={t("admin.events.field.brochure")} current={currentDocument} removeMeta={fields.removeDocument} />
            <Field meta={fields.documentName} label={t("admin.events.field.documentName")} hint={t("admin.events.field.documentNameHint")}>
              {text(fields.documentName, "text", true, { maxLength: 200 })}
            </Field>
          </div>
        </div>
      </FormPanel>

      <details open={englishInitiallyOpen} className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <summary className="cursor-pointer list-none px-5 py-4 font-display text-xl font-bold uppercase tracking-wide text-navy-900 sm:px-6">
          {t("admin.events.section.english")}
        </summary>
        <div className="grid gap-5 border-t border-slate-200 p-5 sm:p-6">
          <Field meta={fields.nameEn} label={t("admin.events.field.nameEn")}>
            {text(fields.nameEn, "text", false, { maxLength: 200, lang: "en" })}
          </Field>
          <Field meta={fields.descriptionEn} label={t("admin.events.field.descriptionEn")}>
            <Textarea {...getTextareaProps(fields.descriptionEn)} key={fields.descriptionEn.key} rows={5} lang="en" />
          </Field>
          <Field meta={fields.includedEn} label={t("admin.events.field.includedEn")}>
            <Textarea {...getTextareaProps(fields.includedEn)} key={fields.includedEn.key} rows={5} lang="en" />
          </Field>
        </div>
      </details>

      <div className="z-10 -mx-4 flex sm:sticky sm:bottom-0 justify-end border-t border-slate-200 bg-white/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-6 sm:shadow-sm">
        <Button type="submit" variant="accent" size="lg" disabled={saving}>
          {saving ? <Loader2 aria-hidden className="animate-spin" /> : <Save aria-hidden />}
          {saving ? t("admin.events.saving") : t("admin.events.save")}
        </Button>
      </div>
    </Form>
  );
}
