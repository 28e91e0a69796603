import "~/i18n/admin";
import { desc } from "drizzle-orm";
import { Download } from "lucide-react";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useI18n, type MessageKey } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { requireStaff } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import { newsletterSubscribers } from "@server/db/schema.server";
import type { Route } from "./+types/newsletter";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "newsletter");
  const rows = await db()
    .select({
      id: newsletterSubscribers.id,
      name: newsletterSubscribers.name,
      email: newsletterSubscribers.email,
      locale: newsletterSubscribers.locale,
      status: newsletterSubscribers.status,
      createdAt: newsletterSubscribers.createdAt,
    })
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt));
  return { subscribers: rows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })) };
}

const STATUS: Record<string, { label: MessageKey; variant: "default" | "secondary" | "outline" }> = {
  confirmed: { label: "admin.newsletter.status.confirmed", variant: "default" },
  pending: { label: "admin.newsletter.status.pending", variant: "secondary" },
  unsubscribed: { label: "admin.newsletter.status.unsubscribed", variant: "outline" },
};

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { subscribers } = loaderData;
  const confirmed = subscribers.filter((s) => s.status === "confirmed").length;
  return (
    <AdminPage
      title={t("admin.newsletter.title")}
      intro={
        <p>
          {t("admin.newsletter.intro")} {t("admin.newsletter.total", { count: subscribers.length })} ·{" "}
          {t("admin.newsletter.confirmedCount", { count: confirmed })}
        </p>
      }
      actions={
        <Button asChild variant="light">
          <a href="/admin/exports/newsletter.csv" download>
            <Download aria-hidden />
            {t("admin.newsletter.export")}
          </a>
        </Button>
      }
    >
      <AdminSection title={t("admin.newsletter.title")} id="newsletter-subscribers">
        <AdminTable
          caption={t("admin.newsletter.title")}
          columns={[t("admin.newsletter.name"), t("admin.newsletter.email"), t("admin.newsletter.status"), t("admin.newsletter.language"), t("admin.newsletter.signedUpAt")]}
          count={subscribers.length}
          emptyText={t("admin.newsletter.empty")}
        >
          {subscribers.map((s) => {
            const status = STATUS[s.status] ?? STATUS.pending;
            return (
              <tr key={s.id}>
                <td className="font-semibold text-navy-900">{s.name}</td>
                <td>{s.email}</td>
                <td>
                  <Badge variant={status.variant}>{t(status.label)}</Badge>
                </td>
                <td className="uppercase">{s.locale}</td>
                <td className="whitespace-nowrap">
                  {formatDate(s.createdAt, "nl", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" })}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </AdminSection>
    </AdminPage>
  );
}
