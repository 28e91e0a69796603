import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Feedback } from "~/schemas/feedback";
import { articleSchema } from "~/schemas/article";
import { translate } from "~/i18n";
import type { AdminUser } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import { readUploadForm } from "@server/storage/form.server";
import { adminTitle, saveArticle } from "@server/articles/admin.server";

const ERROR_TITLE = "admin.uploads.errorTitle" as const;

/**
 * The action of the new-article and edit-article pages. The body is parsed only after the size
 * check; every refusal answers 4xx with a Dutch reason for the 'Fout' toast and the field.
 */
export async function articleFormAction(request: Request, admin: AdminUser, id?: string) {
  const read = await readUploadForm(request);
  if (!read.ok) {
    const feedback: Feedback = { kind: "error", title: ERROR_TITLE, message: read.status === 413 ? "admin.uploads.requestTooLarge" : "admin.uploads.badRequest" };
    return data({ feedback, result: null, savedId: null }, { status: read.status });
  }

  const submission = parseWithZod(read.form, { schema: articleSchema });
  if (submission.status !== "success") {
    const feedback: Feedback = { kind: "error", title: ERROR_TITLE, message: "admin.articles.fixErrors" };
    return data({ feedback, result: submission.reply(), savedId: null }, { status: 400 });
  }

  const saved = await saveArticle(db(), submission.value, { id, uploadedBy: admin.email });
  if (!saved.ok) {
    const message = translate("nl", saved.error);
    const feedback: Feedback = { kind: "error", title: ERROR_TITLE, message: saved.error };
    const result = submission.reply(saved.field ? { fieldErrors: { [saved.field]: [message] } } : { formErrors: [message] });
    return data({ feedback, result, savedId: null }, { status: saved.error === "admin.articles.notFound" ? 404 : 400 });
  }

  const feedback: Feedback = {
    kind: "success",
    title: id ? "admin.articles.updated" : "admin.articles.created",
    message: "admin.articles.createdText",
    params: { title: adminTitle(saved.post) },
  };
  return data({ feedback, result: submission.reply({ resetForm: true }), savedId: saved.post.id });
}
