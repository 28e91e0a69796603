import "~/i18n/admin";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import type { Feedback } from "~/schemas/feedback";
import { BackLink } from "~/components/admin/article-fields";
import { CONFIRMED_FIELD, ConfirmSubmit, InlineConfirm } from "~/components/admin/article-confirm";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { translate, useI18n } from "~/i18n";
import { formatArticleDate } from "~/lib/dates";
import { articleSummaries, deleteArticles } from "@server/articles/admin.server";
import { requireStaff } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import { readForm } from "@server/http/form.server";
import type { Route } from "./+types/cleanup";

/**
 * /database-cleanup: the articles screen's bulk delete, for removing off-topic articles. The
 * original deleted five fixed ids; here the admin picks them.
 */
export const handle = { locale: "nl" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "staff");
  return { articles: await articleSummaries(db()) };
}

/** At most this many ids per request: more is not a person clicking boxes. */
const MAX_IDS = 500;

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "staff");
  const form = await readForm(request);
  const ids = form.getAll("ids").map(String).filter(Boolean).slice(0, MAX_IDS);
  if (form.get("intent") !== "delete-many" || ids.length === 0) {
    const feedback: Feedback = { kind: "error", title: "admin.uploads.errorTitle", message: "admin.cleanup.noneSelected" };
    return data({ feedback, confirmIds: null }, { status: 400 });
  }
  if (form.get(CONFIRMED_FIELD) !== "yes") return { feedback: undefined, confirmIds: ids };

  const { deleted, failed } = await deleteArticles(db(), ids);
  if (failed > 0) {
    const feedback: Feedback = {
      kind: "error",
      title: "admin.cleanup.failed",
      message: deleted > 0 ? "admin.cleanup.partlyDeleted" : undefined,
      params: { count: failed, deleted },
    };
    return data({ feedback, confirmIds: null }, { status: 500 });
  }
  const feedback: Feedback = { kind: "success", title: deleted === 1 ? "admin.cleanup.deletedOne" : "admin.cleanup.deleted", params: { count: deleted } };
  return { feedback, confirmIds: null };
}

export function meta() {
  return [{ title: `${translate("nl", "admin.cleanup.title")} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Cleanup({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { articles } = loaderData;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const present = articles.filter((a) => selected.has(a.id));
  const allSelected = articles.length > 0 && present.length === articles.length;
  const confirmTitle = (count: number) => (count === 1 ? t("admin.cleanup.confirmTitleOne") : t("admin.cleanup.confirmTitle", { count }));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <AdminPage title={t("admin.cleanup.title")} intro={<p>{t("admin.cleanup.intro")}</p>} backTo={null}>
      <BackLink to="/admin/articles" label={t("admin.articles.back")} />
      <ActionFeedback feedback={actionData?.feedback} />
      {actionData?.confirmIds && (
        <InlineConfirm
          intent="delete-many"
          hidden={{ ids: actionData.confirmIds }}
          texts={{
            title: confirmTitle(actionData.confirmIds.length),
            description: t("admin.cleanup.confirmText"),
            confirmLabel: t("admin.articles.confirmDelete"),
            cancelLabel: t("admin.articles.cancel"),
          }}
        />
      )}
      <AdminSection title={t("admin.articles.title")} id="cleanup-list">
        {articles.length === 0 ? (
          <p className="text-slate-600">{t("admin.cleanup.empty")}</p>
        ) : (
          <Form method="post" id="cleanup-form" className="grid gap-4">
            <input type="hidden" name="intent" value="delete-many" />
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 pb-4">
              <label className="inline-flex items-center gap-2 text-sm font-semibold text-navy-900">
                <input
                  type="checkbox"
                  className="size-4 accent-ocean-600"
                  checked={allSelected}
                  onChange={(event) => setSelected(event.target.checked ? new Set(articles.map((a) => a.id)) : new Set())}
                />
                {t("admin.cleanup.selectAll")}
              </label>
              <div className="flex items-center gap-3">
                <span className="text-sm text-slate-600" aria-live="polite">
                  {t("admin.cleanup.selectedCount", { count: present.length })}
                </span>
                <ConfirmSubmit
                  formId="cleanup-form"
                  triggerProps={{ variant: "destructive", disabled: present.length === 0 }}
                  texts={{
                    title: confirmTitle(present.length),
                    description: t("admin.cleanup.confirmText"),
                    confirmLabel: t("admin.articles.confirmDelete"),
                    cancelLabel: t("admin.articles.cancel"),
                  }}
                >
                  <Trash2 aria-hidden />
                  {t("admin.cleanup.deleteSelected")}
                </ConfirmSubmit>
              </div>
            </div>
            <ul className="grid gap-2">
              {articles.map((article) => (
                <li key={article.id}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 transition hover:border-ocean-500 has-[:checked]:border-destructive/60 has-[:checked]:bg-destructive/5">
                    <input
                      type="checkbox"
                      name="ids"
                      value={article.id}
                      checked={selected.has(article.id)}
                      onChange={(event) => toggle(article.id, event.target.checked)}
                      aria-label={t("admin.cleanup.select", { title: article.title })}
                      className="mt-1 size-4 accent-destructive"
                    />
                    <span className="grid gap-0.5">
                      <span className="font-semibold text-navy-900">{article.title}</span>
                      <span className="line-clamp-2 text-sm text-slate-600">{article.description}</span>
                      <span className="flex items-center gap-2 text-xs text-slate-500">
                        <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
                        <Badge variant={article.published ? "default" : "outline"}>
                          {article.published ? t("admin.articles.status.published") : t("admin.articles.status.draft")}
                        </Badge>
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </Form>
        )}
      </AdminSection>
    </AdminPage>
  );
}
