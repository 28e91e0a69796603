import "~/i18n/admin";
import { parseWithZod } from "@conform-to/zod/v4";
import { Archive, ArchiveRestore, ArrowDown, ArrowUp, Copy, Pencil, Trash2, Users } from "lucide-react";
import { data, Form, Link } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { BackLink, selectClasses } from "~/components/admin/article-fields";
import { CrewItemForm } from "~/components/admin/crew-item-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { crewItemSchema, EMPTY_CREW_ITEM } from "~/schemas/crew-item-form";
import type { Feedback } from "~/schemas/feedback";
import { requireStaff } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import { isUuid } from "@server/db/values.server";
import { eventById } from "@server/events/admin.server";
import { readForm } from "@server/http/form.server";
import {
  answerCounts,
  archiveCrewItem,
  copyCrewItems,
  createCrewItem,
  crewItemFormDefaults,
  deleteCrewItem,
  eventCrewItems,
  eventsWithCrewItems,
  moveCrewItem,
  restoreCrewItem,
  updateCrewItem,
  type CrewItemChange,
} from "@server/crew/items.server";
import type { Route } from "./+types/crew-items";

export const handle = { locale: "nl" };

/** The crew file's item editor of one event (issue 27): list, add, edit, order, archive, copy. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "events");
  const event = isUuid(params.id) ? await eventById(db(), params.id) : undefined;
  if (!event) throw data(null, { status: 404 });
  const [items, counts, sources] = await Promise.all([eventCrewItems(db(), event.id, { archived: true }), answerCounts(db(), event.id), eventsWithCrewItems(db(), event.id)]);
  const editId = new URL(request.url).searchParams.get("edit");
  const editing = editId ? items.find((item) => item.id === editId && !item.archivedAt) : undefined;
  return {
    event: { id: event.id, name: event.name, startDate: event.startDate.toISOString() },
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      labelNl: item.labelNl,
      labelEn: item.labelEn,
      required: item.required,
      health: item.health,
      asked: item.asked,
      dueDaysBefore: item.dueDaysBefore,
      qualificationName: item.qualificationName,
      options: item.options.length,
      archived: item.archivedAt !== null,
      answers: counts.get(item.id) ?? 0,
      version: item.updatedAt.toISOString(),
    })),
    editing: editing ? { id: editing.id, defaults: crewItemFormDefaults(editing), version: editing.updatedAt.toISOString() } : null,
    sources: sources.map((s) => ({ id: s.id, name: s.name, startDate: s.startDate.toISOString(), items: s.items })),
  };
}

function answerOf(change: CrewItemChange, intent: string, success: Feedback) {
  const feedback: Feedback = change.ok ? success : { kind: "error", title: "admin.crew.items.failed", message: change.error };
  return data({ feedback, result: null, intent }, { status: change.ok ? 200 : change.status });
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, "events");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const actor = { type: "staff" as const, userId: staff.id };
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const eventId = params.id;
  const id = String(form.get("id") ?? "");

  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(form, { schema: crewItemSchema });
    if (submission.status !== "success") {
      return data({ feedback: { kind: "error", title: "admin.crew.items.failed", message: "admin.crew.items.fixErrors" } satisfies Feedback, result: submission.reply(), intent }, { status: 400 });
    }
    if (intent === "update" && !isUuid(id)) return answerOf({ ok: false, error: "admin.crew.items.notFound", status: 404 }, intent, { kind: "success", title: "admin.crew.items.saved" });
    const change = intent === "create" ? await createCrewItem(eventId, submission.value, actor) : await updateCrewItem(eventId, id, submission.value, actor);
    if (!change.ok) {
      const message = translate("nl", change.error);
      return data(
        { feedback: { kind: "error", title: "admin.crew.items.failed", message: change.error } satisfies Feedback, result: submission.reply({ formErrors: [message] }), intent },
        { status: change.status },
      );
    }
    return data({
      feedback: { kind: "success", title: intent === "create" ? "admin.crew.items.added" : "admin.crew.items.saved", params: { label: submission.value.labelNl } } satisfies Feedback,
      result: submission.reply({ resetForm: true }),
      intent,
    });
  }
  if (intent === "copy") {
    const from = String(form.get("from") ?? "");
    if (!isUuid(from)) return answerOf({ ok: false, error: "admin.crew.items.copyNotFound", status: 400 }, intent, { kind: "success", title: "admin.crew.items.copied" });
    const change = await copyCrewItems(eventId, from, actor);
    return answerOf(change, intent, { kind: "success", title: "admin.crew.items.copied", params: { count: change.ok ? (change.copied ?? 0) : 0 } });
  }
  if (!isUuid(id)) return answerOf({ ok: false, error: "admin.crew.items.notFound", status: 404 }, intent, { kind: "success", title: "admin.crew.items.saved" });
  switch (intent) {
    case "up":
    case "down":
      return answerOf(await moveCrewItem(eventId, id, intent, actor), intent, { kind: "success", title: "admin.crew.items.moved" });
    case "archive":
      return answerOf(await archiveCrewItem(eventId, id, actor), intent, { kind: "success", title: "admin.crew.items.archived" });
    case "restore":
      return answerOf(await restoreCrewItem(eventId, id, actor), intent, { kind: "success", title: "admin.crew.items.restored" });
    case "delete":
      return answerOf(await deleteCrewItem(eventId, id, actor), intent, { kind: "success", title: "admin.crew.items.deleted" });
    default:
      return data({ feedback: { kind: "error", title: "admin.crew.items.failed", message: "admin.crew.items.unknownIntent" } satisfies Feedback, result: null, intent }, { status: 400 });
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: `${translate("nl", "admin.crew.items.title")}: ${loaderData?.event.name ?? ""} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

export default function AdminCrewItems({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { event, items, editing, sources } = loaderData;
  const active = items.filter((item) => !item.archived);
  const archived = items.filter((item) => item.archived);
  const formFailed = actionData && (actionData.intent === "create" || actionData.intent === "update") && actionData.feedback?.kind === "error";
  return (
    <AdminPage title={`${t("admin.crew.items.title")}: ${event.name}`} backTo={`/admin/events/${event.id}`} intro={<p>{t("admin.crew.items.intro")}</p>}>
      <BackLink to={`/admin/events/${event.id}`} label={t("admin.crew.backToEvent")} />
      <Link to={`/admin/events/${event.id}/crew`} className="inline-flex items-center gap-1.5 self-start font-semibold text-ocean-600 underline-offset-4 hover:underline">
        <Users aria-hidden className="size-4" />
        {t("admin.crew.file.link")}
      </Link>
      <ActionFeedback feedback={actionData?.feedback} />

      <AdminSection title={`${t("admin.crew.items.list")} (${active.length})`} id="crew-items-list">
        {active.length === 0 ? (
          <p className="text-slate-600">{t("admin.crew.items.empty")}</p>
        ) : (
          <ol className="grid gap-3">
            {active.map((item, index) => (
              <ItemRow key={item.id} item={item} first={index === 0} last={index === active.length - 1} />
            ))}
          </ol>
        )}
      </AdminSection>

      <section aria-label={t(editing ? "admin.crew.items.editTitle" : "admin.crew.items.newTitle")}>
        {editing ? (
          <div className="grid gap-3">
            <Link to={`/admin/events/${event.id}/crew-items`} className="self-start text-sm font-semibold text-ocean-600 hover:underline">
              {t("admin.crew.items.cancelEdit")}
            </Link>
            <CrewItemForm key={editing.version} itemId={editing.id} defaults={editing.defaults} lastResult={formFailed && actionData.intent === "update" ? actionData.result : undefined} />
          </div>
        ) : (
          <CrewItemForm key={actionData?.intent === "create" && !formFailed ? JSON.stringify(actionData.feedback) : "new"} defaults={EMPTY_CREW_ITEM} lastResult={formFailed && actionData.intent === "create" ? actionData.result : undefined} />
        )}
      </section>

      <AdminSection title={t("admin.crew.items.copyTitle")} id="crew-items-copy">
        {sources.length === 0 ? (
          <p className="text-slate-600">{t("admin.crew.items.copyNone")}</p>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="copy" />
            <label className="grid gap-1.5 text-sm font-semibold text-navy-900">
              {t("admin.crew.items.copyFrom")}
              <select name="from" className={selectClasses} required>
                {sources.map((source) => (
                  <option key={source.id} value={source.id}>
                    {t("admin.crew.items.copyOption", { name: source.name, date: formatDate(source.startDate, "nl", { day: "numeric", month: "short", year: "numeric" }), count: source.items })}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="light">
              <Copy aria-hidden />
              {t("admin.crew.items.copy")}
            </Button>
          </Form>
        )}
      </AdminSection>

      {archived.length > 0 && (
        <AdminSection title={`${t("admin.crew.items.archivedList")} (${archived.length})`} id="crew-items-archived">
          <ul className="grid gap-3">
            {archived.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3" data-testid="crew-item-archived">
                <span>
                  <span className="font-semibold text-navy-900">{item.labelNl}</span> · {t(`admin.crew.kind.${item.kind}` as const)} · {t("admin.crew.items.answers", { count: item.answers })}
                </span>
                <Form method="post">
                  <input type="hidden" name="id" value={item.id} />
                  <Button type="submit" name="intent" value="restore" variant="outline" size="sm">
                    <ArchiveRestore aria-hidden />
                    {t("admin.crew.items.restore")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </AdminSection>
      )}
    </AdminPage>
  );
}

function ItemRow({ item, first, last }: { item: Item; first: boolean; last: boolean }) {
  const { t } = useI18n();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-3" data-testid="crew-item">
      <div className="grid gap-1">
        <p className="font-semibold text-navy-900">
          {item.labelNl} <span className="font-normal text-slate-600">/ {item.labelEn}</span>
        </p>
        <p className="flex flex-wrap gap-1.5 text-xs">
          <Badge variant="secondary">{t(`admin.crew.kind.${item.kind}` as const)}</Badge>
          <Badge variant="secondary">{t(`admin.crew.asked.${item.asked}` as const)}</Badge>
          {item.required && <Badge variant="secondary">{t("admin.crew.items.requiredBadge")}</Badge>}
          {item.health && <Badge variant="destructive">{t("admin.crew.items.healthBadge")}</Badge>}
          <Badge variant="secondary">{item.dueDaysBefore === null ? t("admin.crew.items.dueStart") : t("admin.crew.items.due", { days: item.dueDaysBefore })}</Badge>
          {item.qualificationName && <Badge variant="secondary">{item.qualificationName}</Badge>}
          <span className="text-slate-600">{t("admin.crew.items.answers", { count: item.answers })}</span>
        </p>
      </div>
      <Form method="post" className="flex flex-wrap gap-1.5">
        <input type="hidden" name="id" value={item.id} />
        <Button type="submit" name="intent" value="up" variant="outline" size="sm" disabled={first} aria-label={t("admin.crew.items.up", { label: item.labelNl })}>
          <ArrowUp aria-hidden />
        </Button>
        <Button type="submit" name="intent" value="down" variant="outline" size="sm" disabled={last} aria-label={t("admin.crew.items.down", { label: item.labelNl })}>
          <ArrowDown aria-hidden />
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={`?edit=${item.id}`}>
            <Pencil aria-hidden />
            {t("admin.crew.items.edit")}
            <span className="sr-only"> {item.labelNl}</span>
          </Link>
        </Button>
        <Button type="submit" name="intent" value="archive" variant="outline" size="sm">
          <Archive aria-hidden />
          {t("admin.crew.items.archive")}
          <span className="sr-only"> {item.labelNl}</span>
        </Button>
        {item.answers === 0 && (
          <Button type="submit" name="intent" value="delete" variant="outline" size="sm">
            <Trash2 aria-hidden />
            {t("admin.crew.items.delete")}
            <span className="sr-only"> {item.labelNl}</span>
          </Button>
        )}
      </Form>
    </li>
  );
}
