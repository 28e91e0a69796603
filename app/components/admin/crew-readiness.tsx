import { useI18n } from "~/i18n";
import type { CrewReadinessView } from "~/schemas/crew-file-view";
import { cn } from "~/lib/utils";
import { dutchDay } from "./crew-answer";

/**
 * The readiness line: "Bemanning gereed: 3 van 10 (30%) met World Sailing OSR geldig op
 * 12-03-2027 (nodig: 3, 30%); schipper: ja — voldoet". On the crew file and the manifest.
 */
export function CrewReadinessLine({ readiness, className }: { readiness: CrewReadinessView; className?: string }) {
  const { t } = useI18n();
  const line = t("admin.crew.readiness.line", {
    qualified: readiness.qualified,
    crew: readiness.crew,
    percent: readiness.percent,
    qualification: readiness.qualification,
    date: dutchDay(readiness.validOn),
    needed: readiness.needed,
    minPercent: readiness.minPercent,
  });
  const skipper = readiness.skipperIncluded
    ? t(readiness.skipperQualified === null ? "admin.crew.readiness.skipperNone" : readiness.skipperQualified ? "admin.crew.readiness.skipperYes" : "admin.crew.readiness.skipperNo")
    : null;
  const verdict = t(readiness.met ? "admin.crew.readiness.met" : "admin.crew.readiness.notMet");
  return (
    <p
      className={cn("rounded-lg border p-3 text-sm font-semibold", readiness.met ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-destructive/40 bg-destructive/5 text-destructive", className)}
      data-testid="crew-readiness"
      data-met={readiness.met ? "yes" : "no"}
    >
      {line}
      {skipper && `; ${skipper}`} — {verdict}
    </p>
  );
}
