import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Markdown } from "~/components/markdown";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useI18n } from "~/i18n";
import type { ArticleCategory } from "~/lib/articles";
import { Field, FormPanel, FormSwitch, hintId, LanguageColumn, LanguageColumns, SaveBar, selectClasses } from "./article-fields";
import { ARTICLE_CATEGORIES, ARTICLE_LIMITS, articleSchema } from "~/schemas/article";
import { useTitleSlugFields } from "./title-slug-fields";
import { FilesPanel, type CurrentUpload } from "./upload-field";

export type ArticleFormDefaults = {
  title: string;
  slug: string;
  description: string;
  content: string;
  /** yyyy-mm-dd, Amsterdam. */
  date: string;
  category: ArticleCategory;
  titleEn: string;
  descriptionEn: string;
  contentEn: string;
  documentName: string;
  published: boolean;
};

export function emptyArticleDefaults(today: string): ArticleFormDefaults {
  return {
    title: "",
    slug: "",
    description: "",
    content: "",
    date: today,
    category: "general",
    titleEn: "",
    descriptionEn: "",
    contentEn: "",
    documentName: "",
    published: false,
  };
}

/**
 * The article form (new and edit): a real multipart form that works without JavaScript. With it,
 * the slug follows the title until the admin edits the slug, and the content has a live preview.
 */
export function ArticleForm({
  defaults,
  lastResult,
  currentImage,
  currentDocument,
  editing,
}: {
  defaults: ArticleFormDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  currentImage?: CurrentUpload | null;
  currentDocument?: CurrentUpload | null;
  editing: boolean;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "article-form",
    lastResult,
    defaultValue: { ...defaults, published: defaults.published ? "on" : undefined },
    constraint: getZodConstraint(articleSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: articleSchema }),
  });

  // What the server sent back after a refused submission wins over the defaults (no JavaScript).
  const initial = (name: keyof ArticleFormDefaults) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : String(defaults[name]);
  };
  const [content, setContent] = useState(() => initial("content"));
  const [contentEn, setContentEn] = useState(() => initial("contentEn"));
  const publishedInitially = lastResult ? fields.published.initialValue === "on" : defaults.published;
  const { title: titleField, slug: slugField } = useTitleSlugFields({
    title: fields.title,
    slug: fields.slug,
    defaults: { title: defaults.title, slug: defaults.slug },
    titleLabel: t("admin.articles.field.title"),
    titleMaxLength: ARTICLE_LIMITS.title,
    slugLabel: t("admin.articles.field.slug"),
    slugHint: (slug) => t("admin.articles.field.slugHint", { slug: slug || "…" }),
    editing,
    titleOptional: true,
  });

  const { key: _contentKey, ...contentProps } = getTextareaProps(fields.content, { ariaDescribedBy: hintId(fields.content) });
  const { key: _contentEnKey, ...contentEnProps } = getTextareaProps(fields.contentEn, { ariaDescribedBy: hintId(fields.contentEn) });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
      <FormPanel title={t("admin.language.texts")} description={t("admin.language.articleHint")}>
        <LanguageColumns>
          <LanguageColumn legend={t("admin.language.dutch")} testId="texts-nl">
            {titleField}
            <Field meta={fields.description} label={t("admin.articles.field.description")}>
              <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} maxLength={ARTICLE_LIMITS.description} />
            </Field>
            <Field meta={fields.content} label={t("admin.articles.field.content")} hint={t("admin.articles.field.contentHint")}>
              <Textarea
                {...contentProps}
                defaultValue={undefined}
                value={content}
                onChange={(event) => setContent(event.target.value)}
                rows={14}
                variant={null}
                className="min-h-64 font-mono text-sm"
              />
            </Field>
            <Preview id="article-preview" title={t("admin.articles.preview")} content={content} emptyText={t("admin.articles.previewEmpty")} />
          </LanguageColumn>
          <LanguageColumn legend={t("admin.language.english")} testId="texts-en">
            <Field meta={fields.titleEn} label={t("admin.articles.field.titleEn")}>
              <Input {...getInputProps(fields.titleEn, { type: "text" })} key={fields.titleEn.key} maxLength={ARTICLE_LIMITS.title} lang="en" />
            </Field>
            <Field meta={fields.descriptionEn} label={t("admin.articles.field.descriptionEn")}>
              <Textarea {...getTextareaProps(fields.descriptionEn)} key={fields.descriptionEn.key} rows={3} maxLength={ARTICLE_LIMITS.description} lang="en" />
            </Field>
            <Field meta={fields.contentEn} label={t("admin.articles.field.contentEn")} hint={t("admin.articles.field.contentHint")}>
              <Textarea
                {...contentEnProps}
                defaultValue={undefined}
                value={contentEn}
                onChange={(event) => setContentEn(event.target.value)}
                rows={14}
                variant={null}
                className="min-h-64 font-mono text-sm"
                lang="en"
              />
            </Field>
            <Preview id="article-preview-en" title={t("admin.language.previewEn")} content={contentEn} emptyText={t("admin.articles.previewEmpty")} lang="en" />
          </LanguageColumn>
        </LanguageColumns>
      </FormPanel>

      <FormPanel title={t("admin.articles.section.article")}>
        {slugField}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.date} label={t("admin.articles.field.date")}>
            <Input {...getInputProps(fields.date, { type: "date" })} key={fields.date.key} />
          </Field>
          <Field meta={fields.category} label={t("admin.articles.field.category")}>
            <select {...getSelectProps(fields.category)} key={fields.category.key} className={selectClasses}>
              {ARTICLE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`news.category.${category}` as const)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </FormPanel>

      <FilesPanel title={t("admin.articles.files")} fields={fields} currentImage={currentImage} currentDocument={currentDocument} />

      <SaveBar saving={saving} label={t("admin.articles.save")} savingLabel={t("admin.articles.saving")}>
        <FormSwitch
          id={fields.published.id}
          name={fields.published.name}
          label={t("admin.articles.field.published")}
          hint={t("admin.articles.field.publishedHint")}
          defaultChecked={publishedInitially}
        />
      </SaveBar>
    </Form>
  );
}

/** The live preview of one language's markdown. */
function Preview({ id, title, content, emptyText, lang }: { id: string; title: string; content: string; emptyText: string; lang?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid content-start gap-1.5">
      <h3 id={`${id}-title`} className="font-sans text-sm font-semibold normal-case tracking-normal text-navy-900">
        {title}
      </h3>
      <div aria-live="polite" lang={lang} className="max-h-96 min-h-32 overflow-auto rounded-md border border-slate-200 bg-white p-4" data-testid={id}>
        {content.trim() ? <Markdown content={content} /> : <p className="text-sm text-slate-500">{emptyText}</p>}
      </div>
    </section>
  );
}
