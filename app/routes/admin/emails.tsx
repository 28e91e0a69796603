import "~/i18n/admin";
import { desc } from "drizzle-orm";
import { Loader2, RotateCw } from "lucide-react";
import { useEffect } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "~/components/toaster";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { requireStaff } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import { emails } from "@server/db/schema.server";
import { log } from "@server/log.server";
import { EmailNotFoundError, retryEmail } from "@server/mail/send.server";
import { readForm } from "@server/http/form.server";
import type { Route } from "./+types/emails";

const SHOWN = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "mail");
  const rows = await db()
    .select({
      id: emails.id,
      to: emails.to,
      subject: emails.subject,
      template: emails.template,
      status: emails.status,
      attempts: emails.attempts,
      lastError: emails.lastError,
      createdAt: emails.createdAt,
      sentAt: emails.sentAt,
    })
    .from(emails)
    .orderBy(desc(emails.createdAt))
    .limit(SHOWN);
  return {
    emails: rows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString(), sentAt: e.sentAt?.toISOString() ?? null })),
  };
}

type RetryResult = { id: string; ok: boolean; message: string };

/** Retries one failed message now, whatever its schedule. */
export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "mail");
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  if (!UUID.test(id)) {
    return data<RetryResult>({ id, ok: false, message: translate("nl", "admin.emails.retryNotFound") }, { status: 400 });
  }
  try {
    const { status } = await retryEmail(id);
    const ok = status === "sent";
    return data<RetryResult>({ id, ok, message: translate("nl", ok ? "admin.emails.retrySent" : "admin.emails.retryFailed") });
  } catch (error) {
    if (error instanceof EmailNotFoundError) {
      return data<RetryResult>({ id, ok: false, message: translate("nl", "admin.emails.retryNotFound") }, { status: 404 });
    }
    log.error("Admin e-mail retry failed", error);
    return data<RetryResult>({ id, ok: false, message: translate("nl", "admin.emails.retryFailed") }, { status: 503 });
  }
}

const STATUS: Record<string, { label: MessageKey; variant: "default" | "secondary" | "destructive" }> = {
  sent: { label: "admin.emails.status.sent", variant: "default" },
  queued: { label: "admin.emails.status.queued", variant: "secondary" },
  failed: { label: "admin.emails.status.failed", variant: "destructive" },
};

const DATE_TIME: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };

function RetryButton({ id, subject }: { id: string; subject: string }) {
  const { t } = useI18n();
  const fetcher = useFetcher<RetryResult>();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(t("admin.common.error"), { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data, t]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`${t("admin.emails.retry")}: ${subject}`}>
        {busy ? <Loader2 aria-hidden className="animate-spin" /> : <RotateCw aria-hidden />}
        {busy ? t("admin.emails.retrying") : t("admin.emails.retry")}
      </Button>
    </fetcher.Form>
  );
}

export default function AdminEmails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const list = loaderData.emails;
  return (
    <AdminPage title={t("admin.emails.title")} intro={<p>{t("admin.emails.intro", { count: SHOWN })}</p>}>
      {actionData && (
        // Shown when the retry form was posted without JavaScript.
        <p role="status" className={actionData.ok ? "rounded-md bg-emerald-50 p-3 text-emerald-800" : "rounded-md bg-destructive/10 p-3 text-destructive"}>
          {actionData.message}
        </p>
      )}
      <AdminSection title={t("admin.emails.title")} id="emails-log">
        <AdminTable
          caption={t("admin.emails.title")}
          columns={[t("admin.emails.createdAt"), t("admin.emails.to"), t("admin.emails.subject"), t("admin.emails.status"), { label: t("admin.emails.attempts"), align: "right" }, t("admin.emails.lastError"), { label: t("admin.emails.retry"), hidden: true }]}
          count={list.length}
          emptyText={t("admin.emails.empty")}
        >
          {list.map((e) => {
            const status = STATUS[e.status] ?? STATUS.queued;
            return (
              <tr key={e.id}>
                <td className="whitespace-nowrap">{formatDate(e.createdAt, "nl", DATE_TIME)}</td>
                <td className="break-all">{e.to}</td>
                <td>
                  <span className="font-semibold text-navy-900">{e.subject}</span>
                  <span className="block text-xs text-slate-500">{e.template}</span>
                </td>
                <td>
                  <Badge variant={status.variant}>{t(status.label)}</Badge>
                  {e.sentAt && <span className="mt-1 block text-xs text-slate-500">{formatDate(e.sentAt, "nl", DATE_TIME)}</span>}
                </td>
                <td className="text-right tabular-nums">{e.attempts}</td>
                <td className="max-w-xs break-words text-xs text-slate-600">{e.lastError ?? "–"}</td>
                <td className="text-right">{e.status === "failed" && <RetryButton id={e.id} subject={e.subject} />}</td>
              </tr>
            );
          })}
        </AdminTable>
      </AdminSection>
    </AdminPage>
  );
}
