import { CircleAlert, CircleCheck, Circle, Lock, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Card } from "~/components/manage/card";
import { Notice } from "~/components/manage/notice";
import { Button } from "~/components/ui/button";
import { useI18n, type MessageKey } from "~/i18n";
import type { CrewItemState } from "~/lib/crew";
import { formatDate } from "~/lib/dates";
import { addDays } from "~/lib/local-time";
import { cn } from "~/lib/utils";
import type { CrewFileRef } from "~/schemas/crew";
import type { CrewActionData, CrewChecklistItem, CrewChecklistView } from "~/schemas/crew-place";
import { CrewAnswerFields } from "~/components/crew/answer-fields";

/**
 * The participant's crew file (issue 27) on their own page: each item with its state and
 * deadline, and one plain form per item (intent=crew, itemId) that works before hydration. A
 * locked item shows its answer read-only and who to ask. Lives only in the place route's chunk.
 */
export function CrewChecklist({
  crew,
  path,
  open,
  actionData,
  teamEmail,
  healthRetentionDays,
}: {
  crew: CrewChecklistView;
  /** The page's own address (`/my-place/<token>`): forms post here, files download below it. */
  path: string;
  /** The event has not started: answers may still be given. */
  open: boolean;
  actionData: CrewActionData | undefined;
  teamEmail: string;
  healthRetentionDays: number;
}) {
  const { t } = useI18n();
  const required = crew.items.filter((i) => i.required);
  const done = required.filter((i) => i.state === "complete").length;
  return (
    <Card id="crew" title={t("crew.title")}>
      <p className="text-sm text-slate-700">{t("crew.intro")}</p>
      {required.length > 0 && (
        <p className="mt-2 text-sm font-semibold text-navy-900" data-testid="crew-progress">
          {t("crew.progress", { done, total: required.length })}
        </p>
      )}
      <ol className="mt-4 grid gap-4">
        {crew.items.map((item) => (
          <li key={item.id}>
            <CrewItemBlock
              item={item}
              path={path}
              open={open}
              countries={crew.countries}
              result={actionData?.itemId === item.id ? actionData : undefined}
              teamEmail={teamEmail}
              healthRetentionDays={healthRetentionDays}
            />
          </li>
        ))}
      </ol>
    </Card>
  );
}

const STATE: Record<CrewItemState, { key: MessageKey; className: string; Icon: typeof Circle }> = {
  complete: {
    key: "crew.state.complete",
    className: "bg-emerald-50 text-emerald-900 border-emerald-300",
    Icon: CircleCheck,
  },
  missing: {
    key: "crew.state.missing",
    className: "bg-amber-50 text-amber-950 border-amber-300",
    Icon: Circle,
  },
  overdue: {
    key: "crew.state.overdue",
    className: "bg-red-50 text-destructive border-destructive/40",
    Icon: CircleAlert,
  },
  optional: {
    key: "crew.state.optional",
    className: "bg-white text-slate-700 border-slate-300",
    Icon: Circle,
  },
};

const RESULT: Record<CrewActionData["outcome"], { tone: "success" | "error"; key: MessageKey }> = {
  saved: { tone: "success", key: "crew.result.saved" },
  invalid: { tone: "error", key: "crew.result.invalid" },
  locked: { tone: "error", key: "crew.result.locked" },
  closed: { tone: "error", key: "crew.result.closed" },
  unknown: { tone: "error", key: "crew.result.unknown" },
};

/** A day (YYYY-MM-DD) as the page writes dates. */
const dayText = (day: string, locale: "nl" | "en") => formatDate(`${day}T12:00:00Z`, locale);

function CrewItemBlock({
  item,
  path,
  open,
  countries,
  result,
  teamEmail,
  healthRetentionDays,
}: {
  item: CrewChecklistItem;
  path: string;
  open: boolean;
  countries: CrewChecklistView["countries"];
  result: CrewActionData | undefined;
  teamEmail: string;
  healthRetentionDays: number;
}) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("itemId") === item.id;
  const state = STATE[item.state];
  const base = `crew-${item.id}`;
  const editable = open && !item.locked;
  const hasFile = item.kind === "file" || item.kind === "qualification" || item.kind === "passport";
  return (
    <article aria-labelledby={`${base}-label`} className="rounded-lg border p-4" data-testid="crew-item" data-state={item.state}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${base}-label`} className="font-semibold text-navy-900">
          {item.label}
          <span className="ml-2 text-xs font-normal text-slate-700">({t(item.required ? "crew.required" : "crew.optional")})</span>
        </h3>
        <span
          className={cn("inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold", state.className)}
          data-testid="crew-item-state"
        >
          <state.Icon className="size-3.5" aria-hidden />
          {t(state.key)}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">{t("crew.by", { date: dayText(item.lastDay, locale) })}</p>
      {item.help && <p className="mt-1 text-sm text-slate-700">{item.help}</p>}
      {item.health && (
        <p className="mt-2 flex gap-2 text-xs text-slate-700">
          <ShieldCheck className="size-4 shrink-0 text-ocean-700" aria-hidden />
          {t("crew.health", { days: healthRetentionDays })}
        </p>
      )}
      {result && (
        <div className="mt-3">
          <Notice tone={RESULT[result.outcome].tone} focus>
            {t(RESULT[result.outcome].key, { item: item.label })}
            {result.errors?.form && <> {t(result.errors.form)}</>}
          </Notice>
        </div>
      )}
      {editable ? (
        <Form
          method="post"
          action={path}
          encType={hasFile ? "multipart/form-data" : undefined}
          className="mt-3 grid gap-3"
          aria-busy={saving || undefined}
          // Re-drawn once the saved answer comes back, so its fields show what was stored.
          key={JSON.stringify(item.answer)}
        >
          <input type="hidden" name="itemId" value={item.id} />
          {item.unlockedUntil && (
            <p className="text-sm text-slate-700">
              {t("crew.unlocked", {
                date: formatDate(item.unlockedUntil, locale),
              })}
            </p>
          )}
          <AnswerFields item={item} base={base} path={path} countries={countries} result={result?.outcome === "invalid" ? result : undefined} />
          <div>
            <Button type="submit" name="intent" value="crew" variant="outline" disabled={saving} data-testid="crew-save">
              {item.answer ? t("crew.change") : t("crew.save")}
            </Button>
          </div>
        </Form>
      ) : (
        <div className="mt-3 grid gap-2 text-sm">
          <AnswerText item={item} path={path} countries={countries} />
          <p className="flex gap-2 text-slate-700" data-testid="crew-locked">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
            {open
              ? t("crew.locked", {
                  date: dayText(addDays(item.lastDay, 1), locale),
                  email: teamEmail,
                })
              : t("crew.result.closed")}
          </p>
        </div>
      )}
    </article>
  );
}

/** A read-only answer (a locked item, or after the event started). */
function AnswerText({ item, path, countries }: { item: CrewChecklistItem; path: string; countries: CrewChecklistView["countries"] }) {
  const { t, locale } = useI18n();
  const a = item.answer;
  if (!a) return <p className="text-slate-700">{t("crew.noAnswer")}</p>;
  const country = (code: string) => countries?.find((c) => c.code === code)?.name ?? code;
  const lines: [string, ReactNode][] = [];
  switch (a.kind) {
    case "text":
      lines.push([t("crew.field.answer"), <span className="whitespace-pre-line">{a.text}</span>]);
      break;
    case "choice":
      lines.push([t("crew.field.answer"), a.values.map((v) => item.options.find((o) => o.value === v)?.label ?? v).join(", ")]);
      break;
    case "yes_no":
      lines.push([t("crew.field.answer"), a.yes ? t("crew.yes") : t("crew.no")]);
      if (a.yes && a.followUp) lines.push([item.followUp ?? "", a.followUp]);
      break;
    case "date":
      lines.push([t("crew.field.answer"), dayText(a.date, locale)]);
      break;
    case "number":
      lines.push([t("crew.field.answer"), String(a.number)]);
      break;
    case "country":
      lines.push([t("crew.field.answer"), country(a.country)]);
      break;
    case "file":
      break;
    case "qualification":
      lines.push([t("crew.field.certName"), a.name], [t("crew.field.certNumber"), a.number], [t("crew.field.expiresOn"), dayText(a.expiresOn, locale)]);
      break;
    case "passport":
      lines.push(
        [t("crew.field.nationality"), country(a.nationality)],
        [t("crew.field.passportNumber"), a.number],
        [t("crew.field.expiresOn"), dayText(a.expiresOn, locale)],
      );
      break;
  }
  const file = a.kind === "file" || a.kind === "qualification" || a.kind === "passport" ? a.file : null;
  return (
    <>
      {lines.length > 0 && (
        <dl className="grid gap-1">
          {lines.map(([label, value], i) => (
            <div key={i} className="flex flex-wrap gap-x-2">
              <dt className="text-slate-700">{label}:</dt>
              <dd className="font-semibold text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {file && <FileLink file={file} path={path} />}
    </>
  );
}

function FileLink({ file, path }: { file: CrewFileRef; path: string }) {
  const { t } = useI18n();
  return (
    <p className="text-sm text-slate-700">
      {t("crew.file.current", { name: file.name })}{" "}
      <a href={`${path}/files/${file.fileId}`} download className="font-semibold text-ocean-700 underline" data-testid="crew-file-link">
        {t("crew.file.download")}
      </a>
    </p>
  );
}

/** The answer's fields for the item's kind on the participant's page: filled with what was posted (after a refusal) or stored. */
function AnswerFields({
  item,
  base,
  path,
  countries,
  result,
}: {
  item: CrewChecklistItem;
  base: string;
  path: string;
  countries: CrewChecklistView["countries"];
  result: CrewActionData | undefined;
}) {
  const a = item.answer;
  const currentFile = a && (a.kind === "file" || a.kind === "qualification" || a.kind === "passport") ? a.file : null;
  return (
    <CrewAnswerFields
      item={item}
      base={base}
      countries={countries}
      answer={a}
      posted={result?.values}
      errors={result?.errors}
      file={{
        current: currentFile ? <FileLink file={currentFile} path={path} /> : null,
        has: currentFile !== null,
      }}
    />
  );
}
