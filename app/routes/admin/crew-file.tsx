import "~/i18n/admin";
import { ClipboardList, FileDown, ListChecks, Printer } from "lucide-react";
import { data, Link } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { CrewFileTable, CrewMissingList } from "~/components/admin/crew-file-table";
import { CrewHealthLog } from "~/components/admin/crew-health-log";
import { CrewPlacePanel } from "~/components/admin/crew-place-panel";
import { CrewReadinessLine } from "~/components/admin/crew-readiness";
import { Button } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { CREW_ROLES, type CrewRole } from "~/schemas/crew";
import type { Feedback } from "~/schemas/feedback";
import { requireStaff } from "@server/auth/guard.server";
import { mayUse } from "@server/auth/roles.server";
import { ADMIN_ROLE } from "@server/auth/auth.server";
import { db } from "@server/db/client.server";
import { isUuid } from "@server/db/values.server";
import { readForm } from "@server/http/form.server";
import { eventCrewFile, MAX_UNLOCK_DAYS, placeCrewAnswers, setCrewRole, unlockCrewItem } from "@server/crew/crew-file.server";
import { healthViewsOfEvent } from "@server/crew/health-views.server";
import type { Route } from "./+types/crew-file";

export const handle = { locale: "nl" };

/** The staff member and whether they hold the health permission on this event (a skipper: assigned). */
async function crewStaff(request: Request, eventId: string) {
  if (!isUuid(eventId)) {
    await requireStaff(request, "crew");
    throw data(null, { status: 404 });
  }
  const staff = await requireStaff(request, "crew", { eventId });
  const health = await mayUse(staff.role, staff.id, "health", eventId);
  return { staff, viewer: { id: staff.id, email: staff.email, health } };
}

/** The crew file of an event: the table, what is missing, the readiness line, one participant's answers. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff, viewer } = await crewStaff(request, params.id);
  const view = await eventCrewFile(db(), params.id, viewer);
  if (!view) throw data(null, { status: 404 });
  const placeId = new URL(request.url).searchParams.get("place");
  const place = placeId && isUuid(placeId) ? ((await placeCrewAnswers(db(), params.id, placeId, viewer)) ?? null) : null;
  // The log of health-data views, for administrators only.
  const healthLog = staff.role === ADMIN_ROLE ? (await healthViewsOfEvent(db(), params.id)).map((r) => ({ ...r, viewedAt: r.viewedAt.toISOString() })) : null;
  return { view, place, healthLog, maxUnlockDays: MAX_UNLOCK_DAYS, mayEditItems: await mayUse(staff.role, staff.id, "events") };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await crewStaff(request, params.id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const placeId = String(form.get("placeId") ?? "");
  const actor = { type: "staff" as const, userId: staff.id };
  const fail = (message: Feedback["message"], status: number) => data({ feedback: { kind: "error", title: "admin.crew.file.failed", message } satisfies Feedback, intent }, { status });
  if (!isUuid(placeId)) return fail("admin.crew.file.placeNotFound", 404);
  if (intent === "role") {
    const role = String(form.get("role") ?? "");
    if (!(CREW_ROLES as readonly string[]).includes(role)) return fail("admin.crew.file.roleUnknown", 400);
    const changed = await setCrewRole(params.id, placeId, role as CrewRole, actor);
    if (!changed.ok) return fail(changed.error, changed.status);
    return data({ feedback: { kind: "success", title: "admin.crew.file.roleSaved" } satisfies Feedback, intent });
  }
  if (intent === "unlock") {
    const itemId = String(form.get("itemId") ?? "");
    const days = Number(String(form.get("days") ?? "").trim());
    if (!isUuid(itemId)) return fail("admin.crew.items.notFound", 404);
    const unlocked = await unlockCrewItem(params.id, placeId, itemId, days, actor);
    if (!unlocked.ok) return fail(unlocked.error, unlocked.status);
    return data({
      feedback: {
        kind: "success",
        title: "admin.crew.file.unlocked",
        params: { date: formatDate(unlocked.until!, "nl", { day: "numeric", month: "long", year: "numeric" }) },
      } satisfies Feedback,
      intent,
    });
  }
  return fail("admin.crew.items.unknownIntent", 400);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: `${translate("nl", "admin.crew.file.title")}: ${loaderData?.view.event.name ?? ""} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminCrewFile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { view, place, healthLog } = loaderData;
  const { event } = view;
  return (
    <AdminPage
      title={`${t("admin.crew.file.title")}: ${event.name}`}
      backTo={`/admin/manifest/${event.id}`}
      intro={
        <>
          <p>{formatDate(event.startDate, "nl", { weekday: "long", day: "numeric", month: "long", year: "numeric" })}</p>
          <p className="mt-1 text-sm">{t(view.health ? "admin.crew.file.healthShown" : "admin.crew.file.healthHidden")}</p>
        </>
      }
      actions={
        <>
          <Button type="button" variant="accent" onClick={() => window.print()}>
            <Printer aria-hidden />
            {t("admin.manifest.print")}
          </Button>
          {event.offshore && (
            <>
              <Button asChild variant="light">
                <Link to={`/admin/events/${event.id}/clearance`}>
                  <ClipboardList aria-hidden />
                  {t("admin.crew.clearance.title")}
                </Link>
              </Button>
              <Button asChild variant="light">
                <a href={`/admin/events/${event.id}/clearance.csv`} download>
                  <FileDown aria-hidden />
                  {t("admin.crew.clearance.csv")}
                </a>
              </Button>
            </>
          )}
        </>
      }
      className="print:px-0 print:py-2"
    >
      {loaderData.mayEditItems && (
        <Link to={`/admin/events/${event.id}/crew-items`} className="inline-flex items-center gap-1.5 self-start font-semibold text-ocean-600 underline-offset-4 hover:underline print:hidden">
          <ListChecks aria-hidden className="size-4" />
          {t("admin.crew.items.link")}
        </Link>
      )}
      <ActionFeedback feedback={actionData?.feedback} />
      {view.readiness && <CrewReadinessLine readiness={view.readiness} />}
      {view.items.length === 0 ? <p className="text-slate-600">{t("admin.crew.items.empty")}</p> : <CrewFileTable view={view} />}

      <AdminSection title={t("admin.crew.file.missingTitle")} id="crew-missing-title">
        <CrewMissingList missing={view.missing} />
      </AdminSection>

      {place && (
        <AdminSection title={`${place.name} (${place.reference})`} id="crew-place">
          <CrewPlacePanel place={place} eventId={event.id} maxUnlockDays={loaderData.maxUnlockDays} />
        </AdminSection>
      )}

      {healthLog && (
        <AdminSection title={t("admin.crew.healthLog.title")} id="crew-health-log">
          <CrewHealthLog rows={healthLog} />
        </AdminSection>
      )}
    </AdminPage>
  );
}
