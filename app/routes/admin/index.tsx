import "~/i18n/admin";
import { Calendar, ClipboardList, FileText, KeyRound, LayoutDashboard, ListChecks, Mail, Newspaper, ShieldCheck, Users } from "lucide-react";
import { Link, redirect, useRouteLoaderData } from "react-router";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { useI18n, type MessageKey } from "~/i18n";
import { formatDateRange } from "~/lib/dates";
import { requireStaffMember } from "@server/auth/guard.server";
import { staffHome, type Permission } from "@server/auth/roles.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { eventsOfSkipper } from "@server/events/skippers.server";
import type { Route } from "./+types/index";
import type { loader as gateLoader } from "./gate";

/**
 * The admin home of every staff role (decision 044): the parts the role may use. An editor has
 * only the articles and goes straight there; a skipper sees the events assigned to them, with
 * their manifests and crew files.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaffMember(request);
  const home = staffHome(staff.role);
  if (home !== "/admin") throw redirect(home);
  const at = now();
  const events = staff.role === "skipper" ? await eventsOfSkipper(db(), staff.id) : [];
  return {
    email: staff.email,
    skipperEvents: events.map((e) => ({
      id: e.id,
      name: e.name,
      location: e.location,
      cancelled: e.cancelled,
      past: e.endDate < at,
      startDate: e.startDate.toISOString(),
      endDate: e.endDate.toISOString(),
    })),
  };
}

/** The admin's parts, each with the permission it needs (the pages check it again on the server). */
const SECTIONS: { to: string; icon: typeof Mail; title: MessageKey; text: MessageKey; permission: Permission }[] = [
  { to: "/admin/dashboard", icon: LayoutDashboard, title: "admin.home.dashboard", text: "admin.home.dashboardText", permission: "bookings" },
  { to: "/admin/articles", icon: Newspaper, title: "admin.home.articles", text: "admin.home.articlesText", permission: "articles" },
  { to: "/admin/events", icon: Calendar, title: "admin.home.events", text: "admin.home.eventsText", permission: "events" },
  { to: "/admin/newsletter", icon: FileText, title: "admin.home.newsletter", text: "admin.home.newsletterText", permission: "newsletter" },
  { to: "/admin/emails", icon: Mail, title: "admin.home.emails", text: "admin.home.emailsText", permission: "mail" },
  { to: "/admin/jobs", icon: ListChecks, title: "admin.home.jobs", text: "admin.home.jobsText", permission: "staff" },
  { to: "/admin/codes", icon: KeyRound, title: "admin.home.codes", text: "admin.home.codesText", permission: "events" },
  { to: "/admin/users", icon: Users, title: "admin.home.users", text: "admin.home.usersText", permission: "staff" },
  { to: "/admin/privacy", icon: ShieldCheck, title: "admin.privacy.home", text: "admin.privacy.homeText", permission: "privacy" },
];

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const gate = useRouteLoaderData<typeof gateLoader>("routes/admin/gate");
  const permissions = gate?.access?.permissions ?? [];
  const role = gate?.access?.role;
  // A skipper's crew permission is theirs on their own events only: those are listed below instead.
  const sections = SECTIONS.filter((s) => permissions.includes(s.permission));
  return (
    <AdminPage
      title={t("admin.home.title")}
      backTo={null}
      intro={
        <>
          <p>{t(role === "skipper" ? "admin.roles.skipperIntro" : "admin.home.intro")}</p>
          <p className="mt-1 text-sm text-foam-200/80">
            {t("admin.home.signedInAs", { email: loaderData.email })}
            {role && ` · ${t(ROLE_LABELS[role])}`}
          </p>
        </>
      }
    >
      {role === "skipper" && <SkipperEvents events={loaderData.skipperEvents} />}
      {sections.length > 0 && (
        <nav aria-label={t("admin.home.title")}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sections.map(({ to, icon: Icon, title, text }) => (
              <li key={to}>
                <article className="group relative h-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-ocean-500 hover:shadow-md">
                  <Icon aria-hidden className="size-8 text-signal-500" />
                  <h2 className="mt-4 text-2xl font-bold uppercase text-navy-900">
                    <Link to={to} className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline">
                      {t(title)}
                    </Link>
                  </h2>
                  <p className="mt-2 text-sm text-slate-600">{t(text)}</p>
                </article>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </AdminPage>
  );
}

const ROLE_LABELS: Record<"admin" | "office" | "skipper" | "editor", MessageKey> = {
  admin: "admin.roles.admin",
  office: "admin.roles.office",
  skipper: "admin.roles.skipper",
  editor: "admin.roles.editor",
};

type SkipperEventRow = Route.ComponentProps["loaderData"]["skipperEvents"][number];

/** A skipper's own events: the manifest and the crew file of each. */
function SkipperEvents({ events }: { events: SkipperEventRow[] }) {
  const { t } = useI18n();
  const upcoming = events.filter((e) => !e.past);
  const past = events.filter((e) => e.past);
  return (
    <AdminSection title={t("admin.roles.myEvents")} id="skipper-events">
      {events.length === 0 ? (
        <p className="text-slate-600">{t("admin.roles.myEventsEmpty")}</p>
      ) : (
        <div className="flex flex-col gap-6">
          <SkipperEventList events={upcoming} testId="skipper-events-upcoming" />
          {past.length > 0 && (
            <div>
              <h3 className="mb-2 text-lg font-bold uppercase text-navy-900">{t("admin.roles.myEventsPast")}</h3>
              <SkipperEventList events={past} testId="skipper-events-past" />
            </div>
          )}
        </div>
      )}
    </AdminSection>
  );
}

function SkipperEventList({ events, testId }: { events: SkipperEventRow[]; testId: string }) {
  const { t } = useI18n();
  if (events.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-200" data-testid={testId}>
      {events.map((e) => (
        <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div>
            <p className="font-semibold text-navy-900">
              {e.name}
              {e.cancelled && (
                <Badge variant="destructive" className="ml-2 align-middle">
                  {t("admin.roles.cancelled")}
                </Badge>
              )}
            </p>
            <p className="text-sm text-slate-600">
              {formatDateRange(e.startDate, e.endDate, "nl")}
              {e.location && ` · ${e.location}`}
            </p>
          </div>
          <div className="flex flex-wrap gap-4 text-sm font-semibold">
            <Link to={`/admin/manifest/${e.id}`} className="inline-flex items-center gap-1.5 text-ocean-700 underline underline-offset-2 hover:text-ocean-800">
              <ClipboardList aria-hidden className="size-4" />
              {t("admin.roles.manifest")}
            </Link>
            <Link to={`/admin/events/${e.id}/crew`} className="inline-flex items-center gap-1.5 text-ocean-700 underline underline-offset-2 hover:text-ocean-800">
              <FileText aria-hidden className="size-4" />
              {t("admin.roles.crewFile")}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
