import "~/i18n/admin";
import { Calendar, FileText, KeyRound, LayoutDashboard, ListChecks, Mail, Newspaper, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { useI18n, type MessageKey } from "~/i18n";
import { requireAdmin } from "@server/auth/guard.server";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email };
}

const SECTIONS: { to: string; icon: typeof Mail; title: MessageKey; text: MessageKey }[] = [
  { to: "/admin/dashboard", icon: LayoutDashboard, title: "admin.home.dashboard", text: "admin.home.dashboardText" },
  { to: "/admin/articles", icon: Newspaper, title: "admin.home.articles", text: "admin.home.articlesText" },
  { to: "/admin/events", icon: Calendar, title: "admin.home.events", text: "admin.home.eventsText" },
  { to: "/admin/newsletter", icon: FileText, title: "admin.home.newsletter", text: "admin.home.newsletterText" },
  { to: "/admin/emails", icon: Mail, title: "admin.home.emails", text: "admin.home.emailsText" },
  { to: "/admin/jobs", icon: ListChecks, title: "admin.home.jobs", text: "admin.home.jobsText" },
  { to: "/admin/codes", icon: KeyRound, title: "admin.home.codes", text: "admin.home.codesText" },
  { to: "/admin/users", icon: Users, title: "admin.home.users", text: "admin.home.usersText" },
  { to: "/admin/privacy", icon: ShieldCheck, title: "admin.privacy.home", text: "admin.privacy.homeText" },
];

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AdminPage
      title={t("admin.home.title")}
      backTo={null}
      intro={
        <>
          <p>{t("admin.home.intro")}</p>
          <p className="mt-1 text-sm text-foam-200/80">{t("admin.home.signedInAs", { email: loaderData.email })}</p>
        </>
      }
    >
      <nav aria-label={t("admin.home.title")}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SECTIONS.map(({ to, icon: Icon, title, text }) => (
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
    </AdminPage>
  );
}
