import "~/i18n/admin";
import { Download, Printer, Users } from "lucide-react";
import { data, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import { Badge } from "~/components/ui/badge";
import { CrewMissingList } from "~/components/admin/crew-file-table";
import { CrewReadinessLine } from "~/components/admin/crew-readiness";
import { eventManifest } from "@server/reports/dashboard.server";
import { requireStaff } from "@server/auth/guard.server";
import { mayUse, roleHas } from "@server/auth/roles.server";
import { eventCrewFile } from "@server/crew/crew-file.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import type { Route } from "./+types/manifest";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The printable participant manifest of one event, for the safety file ashore. Crew permission
 * on this event (decision 044): a skipper sees only the events assigned to them, and without the
 * bookings permission neither the balances, the links to the bookings nor the CSV (a booking export).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const valid = UUID.test(params.eventId);
  // Manifests and crew files: permission "crew" (a skipper: on the events assigned to them).
  const staff = await requireStaff(request, "crew", { eventId: valid ? params.eventId : undefined });
  const manifest = valid ? await eventManifest(db(), params.eventId, now()) : undefined;
  if (!manifest) throw data(null, { status: 404 });
  const bookings = roleHas(staff.role, "bookings");
  // The crew file's states and counts only (no answers, so no health-data view).
  const health = await mayUse(staff.role, staff.id, "health", params.eventId);
  const crew = await eventCrewFile(db(), params.eventId, { id: staff.id, email: staff.email, health }, { values: false });
  const crewCounts = new Map((crew?.rows ?? []).map((row) => [row.placeId, { complete: row.complete, total: row.total }]));
  const participants = bookings ? manifest.participants : manifest.participants.map((p) => ({ ...p, balanceDueCents: 0, overdue: false }));
  return {
    event: { ...manifest.event, startDate: manifest.event.startDate.toISOString() },
    participants: participants.map((p) => ({ ...p, crew: crewCounts.get(p.id) ?? null })),
    crewItems: crew?.items.length ?? 0,
    crewMissing: crew?.missing ?? [],
    readiness: crew?.readiness ?? null,
    printedAt: now().toISOString(),
    bookings,
  };
}

function PrintButton() {
  const { t } = useI18n();
  return (
    <Button type="button" variant="accent" onClick={() => window.print()}>
      <Printer aria-hidden />
      {t("admin.manifest.print")}
    </Button>
  );
}

const BIRTH_DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" };

export default function AdminManifest({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { event, participants, printedAt, bookings, crewItems, crewMissing, readiness } = loaderData;
  const attentionCount = participants.filter((p) => !p.waiverAccepted || !p.detailsComplete).length;
  return (
    <AdminPage
      backTo={bookings ? "/admin/dashboard" : "/admin"}
      title={`${t("admin.manifest.title")}: ${event.name}`}
      intro={
        <>
          <p>
            {formatDate(event.startDate, "nl", { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" })}
            {event.location && ` · ${event.location}`}
          </p>
          <p className="mt-1 text-sm">
            {t(participants.length === 1 ? "admin.manifest.generatedOne" : "admin.manifest.generated", {
              date: formatDate(printedAt, "nl", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }),
              count: participants.length,
            })}
          </p>
          <p className="mt-1 text-sm print:hidden">
            <Link to={`/admin/events/${event.id}/crew`} className="inline-flex items-center gap-1 font-semibold underline underline-offset-2" data-testid="manifest-crew-link">
              <Users aria-hidden className="size-4" />
              {t("admin.crew.file.title")}
            </Link>
          </p>
          {attentionCount > 0 && (
            <p className="mt-1 text-sm font-semibold" data-testid="manifest-attention">
              {t("admin.manifest.attention", { count: attentionCount })}
            </p>
          )}
        </>
      }
      actions={
        <>
          <PrintButton />
          {bookings && (
            <Button asChild variant="light">
              {/* The same people as the list: the live participants of the event's live bookings. */}
              <a href={`/admin/exports/registrations.csv?event=${event.id}&live=1`} download>
                <Download aria-hidden />
                CSV
              </a>
            </Button>
          )}
        </>
      }
      className="print:px-0 print:py-2"
    >
      {readiness && <CrewReadinessLine readiness={readiness} />}
      {participants.length === 0 ? (
        <p className="text-slate-600">{t("admin.manifest.empty")}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm print:overflow-visible print:border-0 print:shadow-none">
          <table className="w-full min-w-[960px] border-collapse text-left text-sm print:min-w-0 print:text-[10pt] [&_td]:border-t [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2.5 [&_th]:px-3 [&_th]:py-2 [&_th]:text-xs [&_th]:font-semibold [&_th]:uppercase [&_th]:text-slate-600 print:[&_td]:border-black/40 print:[&_tr]:break-inside-avoid">
            <caption className="sr-only">{`${t("admin.manifest.title")}: ${event.name}`}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t("admin.manifest.name")}</th>
                <th scope="col">{t("admin.manifest.birthDate")}</th>
                <th scope="col">{t("admin.manifest.phone")}</th>
                <th scope="col">{t("admin.manifest.emergencyName")}</th>
                <th scope="col">{t("admin.manifest.emergencyPhone")}</th>
                <th scope="col">{t("admin.manifest.waiver")}</th>
                <th scope="col">{t("admin.manifest.details")}</th>
                {crewItems > 0 && <th scope="col">{t("admin.crew.file.title")}</th>}
                <th scope="col">{t("admin.manifest.reference")}</th>
                {bookings && (
                  <th scope="col" className="text-right">
                    {t("admin.bookings.dashboard.balance")}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {participants.map((p, index) => {
                // Who may not sail yet: no waiver of their own, or details missing. Marked on screen and on paper.
                const attention = !p.waiverAccepted || !p.detailsComplete;
                return (
                  <tr key={p.id} data-testid="manifest-row" data-attention={attention ? "yes" : undefined} className={attention ? "bg-amber-50 print:bg-transparent" : undefined}>
                    <td className="tabular-nums text-slate-500">{index + 1}</td>
                    <td className="font-semibold text-navy-900">
                      {bookings ? (
                        <Link to={`/admin/registrations/${p.registrationId}`} className="hover:underline print:no-underline">
                          {p.name}
                        </Link>
                      ) : (
                        p.name
                      )}
                      {p.bookerName && (
                        <span className="block text-xs font-normal text-slate-600">
                          {t("admin.manifest.booker")}: {p.bookerName}
                        </span>
                      )}
                    </td>
                    <td className="whitespace-nowrap tabular-nums">{p.birthDate ? formatDate(`${p.birthDate}T00:00:00Z`, "nl", BIRTH_DATE) : "–"}</td>
                    <td className="whitespace-nowrap">{p.phoneNumber ?? "–"}</td>
                    <td>{p.nextOfKinName ?? "–"}</td>
                    <td className="whitespace-nowrap">{p.nextOfKinPhone ?? "–"}</td>
                    <td className={p.waiverAccepted ? undefined : "font-semibold text-destructive"}>
                      {p.waiverAccepted ? t("admin.manifest.waiverAccepted", { version: p.waiverVersion ?? "–" }) : `⚠ ${t("admin.manifest.waiverMissing")}`}
                    </td>
                    <td className={p.detailsComplete ? undefined : "font-semibold text-destructive"}>
                      {p.detailsComplete ? t("admin.manifest.detailsComplete") : `⚠ ${t("admin.manifest.detailsMissing")}`}
                    </td>
                    {crewItems > 0 && (
                      <td className={p.crew && p.crew.complete < p.crew.total ? "whitespace-nowrap font-semibold text-destructive" : "whitespace-nowrap"} data-testid="manifest-crew">
                        {p.crew ? t("admin.crew.manifest.count", { complete: p.crew.complete, total: p.crew.total }) : "–"}
                      </td>
                    )}
                    <td className="whitespace-nowrap font-mono text-xs">{p.reference}</td>
                    {bookings && (
                      <td className="whitespace-nowrap text-right tabular-nums">
                        {p.balanceDueCents > 0 ? formatPrice(p.balanceDueCents, "nl") : "–"}
                        {p.overdue && (
                          <Badge variant="destructive" className="ml-2 align-middle">
                            {t("admin.bookings.overdue")}
                          </Badge>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {crewItems > 0 && (
        <section aria-labelledby="manifest-crew-missing" className="grid gap-2 print:break-inside-avoid">
          <h2 id="manifest-crew-missing" className="text-xl font-bold uppercase text-navy-900">
            {t("admin.crew.file.missingTitle")}
          </h2>
          <CrewMissingList missing={crewMissing} />
        </section>
      )}
    </AdminPage>
  );
}
