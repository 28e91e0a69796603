import "~/i18n/admin";
import { data } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import { ArticleForm } from "~/components/admin/article-form";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/article-fields";
import { translate, useI18n } from "~/i18n";
import { toLocalDateInput } from "~/lib/local-time";
import { adminTitle, articleById } from "@server/articles/admin.server";
import { articleFormAction } from "./article-form.server";
import { requireStaff } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import type { Route } from "./+types/blog-edit";

export const handle = { locale: "nl" };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "articles");
  const post = await articleById(db(), params.id);
  if (!post) throw data(null, { status: 404 });
  return {
    id: post.id,
    version: post.updatedAt.toISOString(),
    defaults: {
      title: post.title,
      slug: post.slug,
      description: post.description,
      content: post.content,
      date: toLocalDateInput(post.date),
      category: post.category,
      titleEn: post.titleEn ?? "",
      descriptionEn: post.descriptionEn ?? "",
      contentEn: post.contentEn ?? "",
      documentName: post.documentName ?? "",
      published: post.published,
    },
    image: post.image ? { url: post.image, name: adminTitle(post) } : null,
    document: post.documentUrl ? { url: post.documentUrl, name: post.documentName ?? post.documentUrl.split("/").pop() ?? "" } : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireStaff(request, "articles");
  return articleFormAction(request, admin, params.id);
}

export function meta() {
  return [{ title: `${translate("nl", "admin.articles.editTitle")} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const failed = actionData && !actionData.savedId;
  return (
    <AdminPage title={t("admin.articles.editTitle")} intro={<p>{loaderData.defaults.title || loaderData.defaults.titleEn}</p>} backTo={null}>
      <BackLink to="/admin/articles" label={t("admin.articles.back")} />
      <ActionFeedback feedback={actionData?.feedback} />
      {/* A saved change comes back as a new version: the form restarts from the stored article. */}
      <ArticleForm
        key={loaderData.version}
        editing
        defaults={loaderData.defaults}
        lastResult={failed ? actionData.result : undefined}
        currentImage={loaderData.image}
        currentDocument={loaderData.document}
      />
    </AdminPage>
  );
}
