import "~/i18n/admin";
import { Send, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import { ContactCell } from "~/components/admin/contact-cell";
import { BackLink } from "~/components/admin/article-fields";
import { CONFIRMED_FIELD, ConfirmSubmit, InlineConfirm } from "~/components/admin/article-confirm";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { formatDate, formatDateRange } from "~/lib/dates";
import type { Feedback } from "~/schemas/feedback";
import { REASON } from "@server/audit/reasons.server";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { isUuid } from "@server/db/values.server";
import { eventById } from "@server/events/admin.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { readForm } from "@server/http/form.server";
import { removeEntry, waitlistForEvent } from "@server/waitlist/entries.server";
import { sendOfferByHand } from "@server/waitlist/offers.server";
import type { Route } from "./+types/waitlist";

export const handle = { locale: "nl" };

/** /admin/events/:id/waitlist: an event's waiting list in order, with its offers; send an offer by hand or remove someone. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "events");
  const event = await eventById(db(), params.id);
  if (!event) throw data(null, { status: 404 });
  const at = now();
  const [rows, taken] = await Promise.all([waitlistForEvent(db(), event.id), placesTakenByEvent(db(), [event.id], at)]);
  const placesTaken = taken.get(event.id) ?? 0;
  return {
    event: { id: event.id, name: event.name, startDate: event.startDate.toISOString(), endDate: event.endDate.toISOString(), maxParticipants: event.maxParticipants },
    placesTaken,
    free: event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - placesTaken),
    rows: rows.map((row) => ({
      id: row.id,
      position: row.position,
      name: row.name,
      email: row.email,
      phone: row.phone,
      places: row.places,
      message: row.message,
      locale: row.locale,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      offer: row.offer
        ? {
            status: row.offer.status,
            places: row.offer.places,
            expiresAt: row.offer.expiresAt.toISOString(),
            closedAt: row.offer.closedAt?.toISOString() ?? null,
            // An offer whose time ran out counts as lapsed for the admin even before the job marks it.
            expired: row.offer.status === "open" && row.offer.expiresAt.getTime() <= at.getTime(),
          }
        : null,
    })),
  };
}

type ActionData = { feedback?: Feedback; confirm?: { intent: "offer" | "remove"; entryId: string } };

export async function action({ request, params }: Route.ActionArgs): Promise<ActionData> {
  const admin = await requireStaff(request, "events");
  const form = await readForm(request);
  const intent = form.get("intent");
  const entryId = String(form.get("entryId") ?? "");
  const error = (message: MessageKey, feedbackParams?: Feedback["params"]): ActionData => ({
    feedback: { kind: "error", title: "admin.waitlist.error", message, params: feedbackParams },
  });
  if ((intent !== "offer" && intent !== "remove") || !isUuid(entryId)) return error("admin.waitlist.unknownAction");
  // Without JavaScript the first click posts unconfirmed: answer with the confirmation step.
  if (form.get(CONFIRMED_FIELD) !== "yes") return { confirm: { intent, entryId } };
  const staff = { type: "staff" as const, userId: admin.id };
  const entries = await waitlistForEvent(db(), params.id);
  if (!entries.some((e) => e.id === entryId)) return error("admin.waitlist.notFound");

  if (intent === "offer") {
    const result = await sendOfferByHand(entryId, staff);
    if (result.status === "offered") return { feedback: { kind: "success", title: "admin.waitlist.sent", message: "admin.waitlist.sentText" } };
    switch (result.reason) {
      case "no_room": {
        const entry = entries.find((e) => e.id === entryId);
        return error("admin.waitlist.noRoom", { free: result.freePlaces ?? 0, places: entry?.places ?? 0 });
      }
      case "not_waiting":
        return error("admin.waitlist.notWaiting");
      case "closed":
        return error("admin.waitlist.closed");
      case "not_found":
        return error("admin.waitlist.notFound");
    }
  }
  const removed = await removeEntry(db(), entryId, staff, now(), REASON.removedFromWaitlist);
  if (removed.status === "removed") {
    return removed.offered > 0
      ? { feedback: { kind: "success", title: "admin.waitlist.removed", message: "admin.waitlist.removedOffered", params: { count: removed.offered } } }
      : { feedback: { kind: "success", title: "admin.waitlist.removed" } };
  }
  return error(removed.status === "not_found" ? "admin.waitlist.notFound" : "admin.waitlist.notWaiting");
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `${translate("nl", "admin.waitlist.title", { event: loaderData?.event.name ?? "" })} | Admin | Ocean Racing Team` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function AdminWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { event, rows, placesTaken, free } = loaderData;
  const inLine = rows.filter((r) => r.position !== null);
  const history = rows.filter((r) => r.position === null);
  const confirming = actionData?.confirm ? rows.find((r) => r.id === actionData.confirm?.entryId) : undefined;
  const columns = [
    { label: t("admin.waitlist.col.position") },
    t("admin.waitlist.col.person"),
    t("admin.waitlist.col.places"),
    t("admin.waitlist.col.status"),
    t("admin.waitlist.col.offer"),
    t("admin.waitlist.col.joined"),
    t("admin.waitlist.col.actions"),
  ];
  return (
    <AdminPage
      title={t("admin.waitlist.title", { event: event.name })}
      backTo={null}
      intro={
        <div className="grid gap-1">
          <span>{formatDateRange(event.startDate, event.endDate, locale)}</span>
          <span>
            {event.maxParticipants === null
              ? t("admin.waitlist.summaryUnlimited", { taken: placesTaken })
              : t("admin.waitlist.summary", { taken: placesTaken, max: event.maxParticipants, free: free ?? 0 })}
          </span>
        </div>
      }
    >
      <BackLink to={`/admin/events/${event.id}`} label={t("admin.waitlist.back")} />
      <ActionFeedback feedback={actionData?.feedback} />
      {actionData?.confirm && confirming && (
        <InlineConfirm intent={actionData.confirm.intent} hidden={{ entryId: confirming.id }} texts={confirmTexts(t, actionData.confirm.intent, confirming)} />
      )}
      <p className="max-w-3xl text-slate-700">{t("admin.waitlist.intro")}</p>

      <AdminSection title={`${t("admin.waitlist.inLine")} (${inLine.length})`} id="waitlist-in-line">
        <AdminTable caption={t("admin.waitlist.inLine")} columns={columns} count={inLine.length} emptyText={t("admin.waitlist.empty")}>
          {inLine.map((row) => (
            <WaitlistRow key={row.id} row={row} />
          ))}
        </AdminTable>
      </AdminSection>

      <AdminSection title={`${t("admin.waitlist.history")} (${history.length})`} id="waitlist-history">
        <AdminTable caption={t("admin.waitlist.history")} columns={columns} count={history.length} emptyText={t("admin.waitlist.historyEmpty")}>
          {history.map((row) => (
            <WaitlistRow key={row.id} row={row} />
          ))}
        </AdminTable>
      </AdminSection>
    </AdminPage>
  );
}

function confirmTexts(t: ReturnType<typeof useI18n>["t"], intent: "offer" | "remove", row: Pick<Row, "name" | "places">) {
  return intent === "offer"
    ? {
        title: t("admin.waitlist.sendConfirmTitle"),
        description: t("admin.waitlist.sendConfirmText", { name: row.name, places: row.places }),
        confirmLabel: t("admin.waitlist.sendConfirm"),
        cancelLabel: t("admin.waitlist.keep"),
      }
    : {
        title: t("admin.waitlist.removeConfirmTitle"),
        description: t("admin.waitlist.removeConfirmText", { name: row.name }),
        confirmLabel: t("admin.waitlist.removeConfirm"),
        cancelLabel: t("admin.waitlist.keep"),
      };
}

function OfferCell({ offer }: { offer: Row["offer"] }) {
  const { t, locale } = useI18n();
  if (!offer) return <>{t("admin.waitlist.offer.none")}</>;
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short" });
  if (offer.status === "open" && !offer.expired) return <>{t("admin.waitlist.offer.open", { places: offer.places, until: when(offer.expiresAt) })}</>;
  const status = offer.status === "open" ? "lapsed" : offer.status;
  return <>{t("admin.waitlist.offer.closed", { status: t(`admin.waitlist.offerStatus.${status}` as const), at: when(offer.closedAt ?? offer.expiresAt) })}</>;
}

/** A row's button that posts `intent` for the entry after the staff member confirms it. */
function RowAction({ row, intent, variant, icon, label }: { row: Row; intent: "offer" | "remove"; variant: "accent" | "outline"; icon: ReactNode; label: string }) {
  const { t } = useI18n();
  const formId = `${intent}-${row.id}`;
  return (
    <Form method="post" id={formId}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="entryId" value={row.id} />
      <ConfirmSubmit formId={formId} triggerProps={{ variant, size: "sm" }} texts={confirmTexts(t, intent, row)}>
        {icon}
        {label}
      </ConfirmSubmit>
    </Form>
  );
}

function WaitlistRow({ row }: { row: Row }) {
  const { t, locale } = useI18n();
  const inLine = row.status === "waiting" || row.status === "offered";
  return (
    <tr data-testid="waitlist-row">
      <td className="font-mono">{row.position ?? ""}</td>
      <ContactCell name={row.name} email={row.email} phone={row.phone}>
        {row.message && <span className="mt-1 block max-w-sm whitespace-pre-line text-slate-600">{row.message}</span>}
      </ContactCell>
      <td>{row.places}</td>
      <td>
        <Badge variant={row.status === "offered" ? "accent" : row.status === "booked" ? "default" : "secondary"}>{t(`admin.waitlist.status.${row.status}` as const)}</Badge>
      </td>
      <td className="min-w-40">
        <OfferCell offer={row.offer} />
      </td>
      <td className="whitespace-nowrap">{formatDate(row.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</td>
      <td>
        {inLine && (
          <div className="flex flex-wrap gap-2">
            {row.status === "waiting" && (
              <RowAction row={row} intent="offer" variant="accent" icon={<Send aria-hidden />} label={t("admin.waitlist.send")} />
            )}
            <RowAction row={row} intent="remove" variant="outline" icon={<Trash2 aria-hidden />} label={t("admin.waitlist.remove")} />
          </div>
        )}
      </td>
    </tr>
  );
}
