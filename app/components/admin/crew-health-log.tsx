import { useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { AdminTable } from "./admin-page";

export type HealthLogRow = { id: string; userEmail: string; what: string; viewedAt: string; placeName: string | null; reference: string | null };

const WHAT_KEYS = {
  "crew-file": "admin.crew.healthLog.what.crewFile",
  place: "admin.crew.healthLog.what.place",
  file: "admin.crew.healthLog.what.file",
  export: "admin.crew.healthLog.what.export",
} as const;

/** "Gezondheidsgegevens ingezien": who saw health data of the event, what and when (administrators). */
export function CrewHealthLog({ rows }: { rows: HealthLogRow[] }) {
  const { t } = useI18n();
  return (
    <AdminTable
      caption={t("admin.crew.healthLog.title")}
      columns={[t("admin.crew.healthLog.when"), t("admin.crew.healthLog.who"), t("admin.crew.healthLog.subject"), t("admin.crew.healthLog.participant")]}
      count={rows.length}
      emptyText={t("admin.crew.healthLog.empty")}
    >
      {rows.map((row) => (
        <tr key={row.id} data-testid="health-log-row">
          <td className="whitespace-nowrap">{formatDate(row.viewedAt, "nl", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" })}</td>
          <td>{row.userEmail}</td>
          <td>{row.what in WHAT_KEYS ? t(WHAT_KEYS[row.what as keyof typeof WHAT_KEYS]) : row.what}</td>
          <td>{row.placeName ? `${row.placeName}${row.reference ? ` (${row.reference})` : ""}` : t("admin.crew.healthLog.wholeEvent")}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
