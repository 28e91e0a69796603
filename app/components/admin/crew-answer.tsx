import { FileText } from "lucide-react";
import { useI18n } from "~/i18n";
import type { CrewItemState } from "~/lib/crew";
import type { CrewAnswerValue, CrewFileRef, CrewItemOption } from "~/schemas/crew";
import { cn } from "~/lib/utils";

/** "2027-03-12" → "12-03-2027" (the staff's and the authorities' way of writing a day). */
export function dutchDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}

/** Where staff download a crew file (opened on the server; a health one recorded). */
export function crewFileHref(eventId: string, fileId: string): string {
  return `/admin/events/${eventId}/crew/files/${fileId}`;
}

function FileLink({ eventId, file }: { eventId: string; file: CrewFileRef }) {
  const { t } = useI18n();
  return (
    <a href={crewFileHref(eventId, file.fileId)} className="inline-flex items-center gap-1 text-ocean-600 underline-offset-2 hover:underline" download>
      <FileText aria-hidden className="size-3.5" />
      {file.name}
      <span className="sr-only"> ({t("admin.crew.answer.download")})</span>
    </a>
  );
}

/** One answer as staff read it. */
export function CrewAnswer({ value, options, eventId }: { value: CrewAnswerValue | null; options: CrewItemOption[]; eventId: string }) {
  const { t } = useI18n();
  if (!value) return <span className="text-slate-500">–</span>;
  switch (value.kind) {
    case "text":
      return <span className="whitespace-pre-line">{value.text}</span>;
    case "choice":
      return <span>{value.values.map((v) => options.find((o) => o.value === v)?.nl ?? v).join(", ")}</span>;
    case "yes_no":
      return (
        <span>
          {t(value.yes ? "admin.crew.answer.yes" : "admin.crew.answer.no")}
          {value.yes && value.followUp ? `: ${value.followUp}` : ""}
        </span>
      );
    case "date":
      return <span className="tabular-nums">{dutchDay(value.date)}</span>;
    case "number":
      return <span className="tabular-nums">{value.number}</span>;
    case "country":
      return <span>{value.country}</span>;
    case "file":
      return <FileLink eventId={eventId} file={value.file} />;
    case "qualification":
      return (
        <span className="grid gap-0.5">
          <span>
            {value.name} · {value.number} · {t("admin.crew.answer.validUntil", { date: dutchDay(value.expiresOn) })}
          </span>
          {value.file && <FileLink eventId={eventId} file={value.file} />}
        </span>
      );
    case "passport":
      return (
        <span className="grid gap-0.5">
          <span>
            {value.nationality} · {value.number} · {t("admin.crew.answer.validUntil", { date: dutchDay(value.expiresOn) })}
          </span>
          {value.file && <FileLink eventId={eventId} file={value.file} />}
        </span>
      );
  }
}

const STATE_CLASSES: Record<CrewItemState, string> = {
  complete: "bg-emerald-50 text-emerald-900 border-emerald-300",
  missing: "bg-amber-50 text-amber-900 border-amber-300",
  overdue: "bg-red-50 text-red-800 border-red-300",
  optional: "bg-slate-50 text-slate-700 border-slate-300",
};

/** An item's state as a small label: compleet, ontbreekt, te laat, optioneel. */
export function CrewState({ state }: { state: CrewItemState }) {
  const { t } = useI18n();
  return (
    <span className={cn("inline-block rounded border px-1.5 py-0.5 text-xs font-semibold print:border-black/40 print:bg-transparent", STATE_CLASSES[state])} data-state={state}>
      {t(`admin.crew.state.${state}` as const)}
    </span>
  );
}
