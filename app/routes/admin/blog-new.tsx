import "~/i18n/admin";
import { useState } from "react";
import { ActionFeedback } from "~/components/admin/action-feedback";
import { ArticleForm, emptyArticleDefaults } from "~/components/admin/article-form";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/article-fields";
import { translate, useI18n } from "~/i18n";
import { toLocalDateInput } from "~/lib/local-time";
import { articleFormAction } from "./article-form.server";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import type { Route } from "./+types/blog-new";

export const handle = { locale: "nl" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "articles");
  return { today: toLocalDateInput(now()) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireStaff(request, "articles");
  return articleFormAction(request, admin);
}

export function meta() {
  return [{ title: `${translate("nl", "admin.articles.newTitle")} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  // After a successful save the form starts again, empty and unpublished (the spec's rule).
  const [formKey, setFormKey] = useState("new");
  if (actionData?.savedId && actionData.savedId !== formKey) setFormKey(actionData.savedId);
  const failed = actionData && !actionData.savedId;
  return (
    <AdminPage
      title={t("admin.articles.newTitle")}
      intro={<p>{t("admin.articles.newIntro")}</p>}
      backTo={null}
    >
      <BackLink to="/admin/articles" label={t("admin.articles.back")} />
      <ActionFeedback feedback={actionData?.feedback} />
      <ArticleForm key={formKey} editing={false} defaults={emptyArticleDefaults(loaderData.today)} lastResult={failed ? actionData.result : undefined} />
    </AdminPage>
  );
}
