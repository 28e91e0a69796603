import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FileText } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import { toast } from "~/components/toaster";
import { Input } from "~/components/ui/input";
import { useI18n, type MessageKey } from "~/i18n";
import { Field, FormPanel, hintId, useFieldError } from "./article-fields";

/** The spec's limits, repeated here for the quick check in the browser; the server decides. */
export const UPLOAD_RULES = {
  image: {
    maxBytes: 5 * 1024 * 1024,
    tooLarge: "admin.uploads.imageTooLarge",
    accept: "image/jpeg,image/png,image/webp,image/avif,image/gif",
    label: "admin.uploads.image",
    hint: "admin.uploads.imageHint",
  },
  document: {
    maxBytes: 10 * 1024 * 1024,
    tooLarge: "admin.uploads.documentTooLarge",
    accept: ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    label: "admin.uploads.document",
    hint: "admin.uploads.documentHint",
  },
} as const satisfies Record<string, { maxBytes: number; tooLarge: MessageKey; accept: string; label: MessageKey; hint: MessageKey }>;

export type CurrentUpload = { url: string; name: string };

/**
 * A file input for a picture or a document. A file over the limit is refused at once with the
 * 'Fout' toast and left out of the form; what the file really is, only the server can tell.
 * When editing, the current file is shown with a box to remove it.
 */
export function UploadField({
  meta,
  kind,
  label,
  current,
  removeMeta,
}: {
  meta: FieldMetadata<unknown>;
  kind: keyof typeof UPLOAD_RULES;
  label?: string;
  current?: CurrentUpload | null;
  removeMeta?: FieldMetadata<unknown>;
}) {
  const { t } = useI18n();
  const rules = UPLOAD_RULES[kind];
  const serverError = useFieldError(meta);
  const [localError, setLocalError] = useState<string>();
  const error = localError ?? serverError;

  function check(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file && file.size > rules.maxBytes) {
      const message = t(rules.tooLarge);
      event.currentTarget.value = "";
      setLocalError(message);
      toast.error(t("admin.uploads.errorTitle"), { description: message });
      return;
    }
    setLocalError(undefined);
  }

  const describedBy = [hintId(meta), error ? meta.errorId : undefined].filter(Boolean).join(" ");
  return (
    <Field meta={meta} error={error} label={label ?? t(rules.label)} hint={t(rules.hint)}>
      {current && (
        <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-foam-100/60 p-3">
          {kind === "image" ? (
            <img src={current.url} alt={t("admin.uploads.currentImage")} width={160} height={90} className="aspect-video w-40 rounded object-cover" />
          ) : (
            <a href={current.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-2 font-semibold text-ocean-600 underline underline-offset-2">
              <FileText aria-hidden className="size-5" />
              {t("admin.uploads.currentDocument", { name: current.name })}
            </a>
          )}
          {removeMeta && (
            <label className="inline-flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name={removeMeta.name} id={removeMeta.id} className="size-4 accent-destructive" />
              {t(kind === "image" ? "admin.uploads.removeImage" : "admin.uploads.removeDocument")}
            </label>
          )}
          <p className="w-full text-xs text-slate-600">{t("admin.uploads.replaceHint")}</p>
        </div>
      )}
      <input
        id={meta.id}
        name={meta.name}
        type="file"
        accept={rules.accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={check}
        className="block w-full cursor-pointer rounded-md border border-dashed border-input bg-background p-3 text-sm text-slate-700 file:mr-4 file:cursor-pointer file:rounded-md file:border-0 file:bg-ocean-700 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-ocean-600 aria-invalid:border-destructive"
      />
    </Field>
  );
}

/** The form fields of a picture, a document and the document's link text. */
export type FileFields = {
  image: FieldMetadata<unknown>;
  removeImage: FieldMetadata<unknown>;
  document: FieldMetadata<unknown>;
  removeDocument: FieldMetadata<unknown>;
  documentName: FieldMetadata<string | undefined>;
};

/**
 * The files of an article or an event, handled alike: a picture and a document, each with the
 * current file and a box to remove it when editing, and the text of the document's link.
 */
export function FilesPanel({
  title,
  fields,
  currentImage,
  currentDocument,
  documentLabel,
  documentNameLabel,
  documentNameHint,
}: {
  title: string;
  fields: FileFields;
  currentImage?: CurrentUpload | null;
  currentDocument?: CurrentUpload | null;
  /** The document's label, and its link text's label and hint, when not the generic ones. */
  documentLabel?: string;
  documentNameLabel?: string;
  documentNameHint?: string;
}) {
  const { t } = useI18n();
  const { key, ...documentNameProps } = getInputProps(fields.documentName, { type: "text", ariaDescribedBy: hintId(fields.documentName) });
  return (
    <FormPanel title={title}>
      <div className="grid gap-6 lg:grid-cols-2">
        <UploadField meta={fields.image} kind="image" current={currentImage} removeMeta={fields.removeImage} />
        <div className="grid content-start gap-5">
          <UploadField meta={fields.document} kind="document" label={documentLabel} current={currentDocument} removeMeta={fields.removeDocument} />
          <Field
            meta={fields.documentName}
            label={documentNameLabel ?? t("admin.uploads.documentName")}
            hint={documentNameHint ?? t("admin.uploads.documentNameHint")}
          >
            <Input key={key} {...documentNameProps} maxLength={200} />
          </Field>
        </div>
      </div>
    </FormPanel>
  );
}
