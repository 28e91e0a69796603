import "~/i18n/admin";
import { Download, Printer } from "lucide-react";
import { data } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { dutchDay } from "~/components/admin/crew-answer";
import { Button } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { requireStaff } from "@server/auth/guard.server";
import { mayUse } from "@server/auth/roles.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { isUuid } from "@server/db/values.server";
import { clearanceList } from "@server/crew/clearance.server";
import type { Route } from "./+types/clearance";

export const handle = { locale: "nl" };

/** The printable clearance crew list of an offshore event (permission "crew" on the event). */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isUuid(params.id)) {
    await requireStaff(request, "crew");
    throw data(null, { status: 404 });
  }
  const staff = await requireStaff(request, "crew", { eventId: params.id });
  const health = await mayUse(staff.role, staff.id, "health", params.id);
  const list = await clearanceList(db(), params.id, { health });
  if (!list) throw data(null, { status: 404 });
  return {
    event: { ...list.event, startDate: list.event.startDate.toISOString() },
    passportItem: list.passportItem,
    rows: list.rows,
    printedAt: now().toISOString(),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: `${translate("nl", "admin.crew.clearance.title")}: ${loaderData?.event.name ?? ""} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminClearance({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { event, rows, passportItem, printedAt } = loaderData;
  const missing = <span className="font-semibold text-destructive print:text-black">{t("admin.crew.clearance.missing")}</span>;
  const day = (value: string | null) => (value ? dutchDay(value) : missing);
  return (
    <AdminPage
      title={`${t("admin.crew.clearance.title")}: ${event.name}`}
      backTo={`/admin/events/${event.id}/crew`}
      intro={
        <>
          <p>
            {formatDate(event.startDate, "nl", { weekday: "long", day: "numeric", month: "long", year: "numeric" })}
            {event.location && ` · ${event.location}`}
          </p>
          <p className="mt-1 text-sm">
            {t("admin.manifest.generated", { date: formatDate(printedAt, "nl", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }), count: rows.length })}
          </p>
        </>
      }
      actions={
        event.offshore && (
          <>
            <Button type="button" variant="accent" onClick={() => window.print()}>
              <Printer aria-hidden />
              {t("admin.manifest.print")}
            </Button>
            <Button asChild variant="light">
              <a href={`/admin/events/${event.id}/clearance.csv`} download>
                <Download aria-hidden />
                CSV
              </a>
            </Button>
          </>
        )
      }
      className="print:px-0 print:py-2"
    >
      {!event.offshore ? (
        <p className="text-slate-600" data-testid="clearance-not-offshore">
          {t("admin.crew.clearance.notOffshore")}
        </p>
      ) : (
        <>
          {!passportItem && (
            <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 print:hidden">
              {t("admin.crew.clearance.noPassportItem")}
            </p>
          )}
          {rows.length === 0 ? (
            <p className="text-slate-600">{t("admin.manifest.empty")}</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm print:overflow-visible print:border-0 print:shadow-none">
              <table className="w-full min-w-[800px] border-collapse text-left text-sm print:min-w-0 print:text-[10pt] [&_td]:border-t [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2.5 [&_th]:px-3 [&_th]:py-2 [&_th]:text-xs [&_th]:font-semibold [&_th]:uppercase [&_th]:text-slate-600 print:[&_td]:border-black/40 print:[&_tr]:break-inside-avoid">
                <caption className="sr-only">{`${t("admin.crew.clearance.title")}: ${event.name}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t("admin.crew.clearance.name")}</th>
                    <th scope="col">{t("admin.crew.clearance.birthDate")}</th>
                    <th scope="col">{t("admin.crew.clearance.nationality")}</th>
                    <th scope="col">{t("admin.crew.clearance.passportNumber")}</th>
                    <th scope="col">{t("admin.crew.clearance.passportExpiry")}</th>
                    <th scope="col">{t("admin.crew.clearance.role")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <tr key={row.placeId} data-testid="clearance-row">
                      <td className="tabular-nums text-slate-500">{index + 1}</td>
                      <td className="font-semibold text-navy-900">{row.name}</td>
                      <td className="whitespace-nowrap tabular-nums">{day(row.birthDate)}</td>
                      <td>{row.nationality ?? missing}</td>
                      <td className="font-mono">{row.passportNumber ?? missing}</td>
                      <td className="whitespace-nowrap tabular-nums">{day(row.passportExpiresOn)}</td>
                      <td>{t(`admin.crew.role.${row.role}` as const)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </AdminPage>
  );
}
