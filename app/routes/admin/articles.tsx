import "~/i18n/admin";
import { Eye, EyeOff, FilePlus2, Pencil, Trash2 } from "lucide-react";
import { data, Form, Link } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import type { Feedback } from "~/schemas/feedback";
import { CONFIRMED_FIELD, ConfirmSubmit, InlineConfirm } from "~/components/admin/article-confirm";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import { cn } from "~/lib/utils";
import { formatArticleDate } from "~/lib/dates";
import { adminTitle, articleSummaries, articleById, deleteArticle, setPublished } from "@server/articles/admin.server";
import { requireStaff } from "@server/auth/guard.server";
import { roleHas } from "@server/auth/roles.server";
import { db } from "@server/db/client.server";
import { readForm } from "@server/http/form.server";
import type { Route } from "./+types/articles";

export const handle = { locale: "nl" };

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "articles");
  // The database clean-up is an administrator's (decision 044): an editor is not shown the way there.
  return { articles: await articleSummaries(db()), cleanup: roleHas(staff.role, "staff") };
}

const failed = (message: Feedback["message"] = "admin.articles.actionFailed"): Feedback => ({ kind: "error", title: "admin.uploads.errorTitle", message });

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "articles");
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");

  if (intent === "publish" || intent === "unpublish") {
    const post = await setPublished(db(), id, intent === "publish");
    if (!post) return data({ feedback: failed("admin.articles.notFound"), confirm: null }, { status: 404 });
    const feedback: Feedback = { kind: "success", title: post.published ? "admin.articles.publishedDone" : "admin.articles.unpublishedDone", message: post.published ? "admin.articles.publishedText" : "admin.articles.unpublishedText", params: { title: adminTitle(post) } };
    return { feedback, confirm: null };
  }

  if (intent === "delete") {
    const post = await articleById(db(), id);
    if (!post) return data({ feedback: failed("admin.articles.notFound"), confirm: null }, { status: 404 });
    // Without JavaScript there was no dialog: ask here first.
    if (form.get(CONFIRMED_FIELD) !== "yes") return { feedback: undefined, confirm: { id: post.id, title: adminTitle(post) } };
    if (!(await deleteArticle(db(), id))) return data({ feedback: failed(), confirm: null }, { status: 500 });
    return { feedback: { kind: "success", title: "admin.articles.deleted", message: "admin.articles.deletedText", params: { title: adminTitle(post) } } satisfies Feedback, confirm: null };
  }

  return data({ feedback: failed(), confirm: null }, { status: 400 });
}

type ArticleRow = { id: string; title: string; slug: string; published: boolean };

/** Edit, publish or unpublish, and delete (after the confirmation dialog) one article. */
/** `layout`: how the buttons wrap and align (whole, since `cn` does not merge a caller's over a default). */
function ArticleActions({ article, layout = "flex-wrap justify-end" }: { article: ArticleRow; layout?: string }) {
  const { t } = useI18n();
  const deleteFormId = `delete-${article.id}`;
  return (
    <div className={cn("flex gap-2", layout)}>
      <Link
        to={`/admin/blog/${article.id}/edit`}
        aria-label={t("admin.articles.editLabel", { title: article.title })}
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        <Pencil aria-hidden />
        {t("admin.articles.edit")}
      </Link>
      <Form method="post">
        <input type="hidden" name="id" value={article.id} />
        <Button type="submit" name="intent" value={article.published ? "unpublish" : "publish"} variant="secondary" size="sm">
          {article.published ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {article.published ? t("admin.articles.unpublish") : t("admin.articles.publish")}
        </Button>
      </Form>
      <Form method="post" id={deleteFormId}>
        <input type="hidden" name="id" value={article.id} />
        <input type="hidden" name="intent" value="delete" />
        <ConfirmSubmit
          formId={deleteFormId}
          triggerProps={{ variant: "destructive", size: "sm", "aria-label": t("admin.articles.deleteLabel", { title: article.title }) }}
          texts={{
            title: t("admin.articles.deleteConfirmTitle"),
            description: t("admin.articles.deleteConfirmText", { title: article.title }),
            confirmLabel: t("admin.articles.confirmDelete"),
            cancelLabel: t("admin.articles.cancel"),
          }}
        >
          <Trash2 aria-hidden />
          {t("admin.articles.delete")}
        </ConfirmSubmit>
      </Form>
    </div>
  );
}

export function meta() {
  return [{ title: `${translate("nl", "admin.articles.title")} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Articles({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { articles, cleanup } = loaderData;
  const deleteTexts = (title: string) => ({
    title: t("admin.articles.deleteConfirmTitle"),
    description: t("admin.articles.deleteConfirmText", { title }),
    confirmLabel: t("admin.articles.confirmDelete"),
    cancelLabel: t("admin.articles.cancel"),
  });
  const status = (published: boolean) => (
    <Badge variant={published ? "default" : "outline"}>{published ? t("admin.articles.status.published") : t("admin.articles.status.draft")}</Badge>
  );
  const address = (article: ArticleRow) =>
    article.published ? (
      <a href={`/news/${article.slug}`} target="_blank" rel="noopener noreferrer" className="break-all font-mono text-xs text-ocean-600 hover:underline">
        /news/{article.slug}
      </a>
    ) : (
      <span className="break-all font-mono text-xs text-slate-500">/news/{article.slug}</span>
    );

  return (
    <AdminPage
      title={t("admin.articles.title")}
      intro={<p>{t("admin.articles.intro")}</p>}
      actions={
        <>
          <Link to="/admin/blog/new" className={buttonVariants({ variant: "accent" })}>
            <FilePlus2 aria-hidden />
            {t("admin.articles.new")}
          </Link>
          {cleanup && (
            <Link to="/database-cleanup" className={buttonVariants({ variant: "light" })}>
              <Trash2 aria-hidden />
              {t("admin.articles.cleanup")}
            </Link>
          )}
        </>
      }
    >
      <ActionFeedback feedback={actionData?.feedback} />
      {actionData?.confirm && <InlineConfirm intent="delete" hidden={{ id: actionData.confirm.id }} texts={deleteTexts(actionData.confirm.title)} />}
      <AdminSection title={t("admin.articles.title")} id="articles-list">
        {articles.length === 0 ? (
          <p className="text-slate-600">{t("admin.articles.empty")}</p>
        ) : (
          <>
            {/* Phones: one card per article, its actions underneath. */}
            <ul className="grid gap-3 sm:hidden">
              {articles.map((article) => (
                <li key={article.id}>
                  <article aria-label={article.title} className="grid gap-2 rounded-lg border border-slate-200 p-4">
                    <h3 className="font-sans text-base font-semibold normal-case tracking-normal text-navy-900">{article.title}</h3>
                    {address(article)}
                    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                      <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>·<span>{t(`news.category.${article.category}` as const)}</span>
                      {status(article.published)}
                    </p>
                    <ArticleActions article={article} layout="flex-wrap justify-start" />
                  </article>
                </li>
              ))}
            </ul>
            <div className="hidden sm:block">
              <AdminTable
                caption={t("admin.articles.title")}
                columns={[
                  t("admin.articles.col.title"),
                  t("admin.articles.col.date"),
                  t("admin.articles.col.category"),
                  t("admin.articles.col.status"),
                  { label: t("admin.articles.col.actions"), align: "right" },
                ]}
                count={articles.length}
                emptyText={t("admin.articles.empty")}
              >
                  {articles.map((article) => (
                    <tr key={article.id} data-testid="article-row">
                      <th scope="row" className="max-w-md px-3 py-2.5 text-left text-sm! font-normal! normal-case! tracking-normal! text-slate-700!">
                        <span className="block font-semibold text-navy-900">{article.title}</span>
                        {address(article)}
                      </th>
                      <td className="whitespace-nowrap">
                        <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
                      </td>
                      <td>{t(`news.category.${article.category}` as const)}</td>
                      <td>{status(article.published)}</td>
                      <td>
                        <ArticleActions article={article} layout="flex-nowrap justify-end" />
                      </td>
                    </tr>
                  ))}
              </AdminTable>
            </div>
          </>
        )}
      </AdminSection>
    </AdminPage>
  );
}
