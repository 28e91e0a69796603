import "~/i18n/admin";
import { redirect } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import { BackLink } from "~/components/admin/article-fields";
import { AdminPage } from "~/components/admin/admin-page";
import { EventForm } from "~/components/admin/event-form";
import { EMPTY_EVENT_DEFAULTS } from "~/schemas/event";
import { translate, useI18n } from "~/i18n";
import { readEventForm, saveEventFromForm } from "./event-form.server";
import { privatePageOptions } from "@server/events/admin.server";
import { requireStaff } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import type { Route } from "./+types/events-new";

export const handle = { locale: "nl" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "events");
  return { privatePages: await privatePageOptions(db()) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireStaff(request, "events");
  const read = await readEventForm(request);
  if (!read.ok) return read.response;
  const response = await saveEventFromForm(read.form, admin);
  // A new event continues on its own page, where its registrations will appear.
  if (response.data.savedId) throw redirect(`/admin/events/${response.data.savedId}?saved=created`);
  return response;
}

export function meta() {
  return [{ title: `${translate("nl", "admin.events.newTitle")} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AdminPage title={t("admin.events.newTitle")} backTo={null}>
      <BackLink to="/admin/events" label={t("admin.events.back")} />
      <ActionFeedback feedback={actionData?.feedback} />
      <EventForm editing={false} defaults={EMPTY_EVENT_DEFAULTS} privatePages={loaderData.privatePages} lastResult={actionData?.result} />
    </AdminPage>
  );
}
