import "~/i18n/admin";
import { Ban, CalendarX2, ListOrdered } from "lucide-react";
import { useMemo } from "react";
import { data, Form, Link, useSearchParams } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import { ContactCell } from "~/components/admin/contact-cell";
import type { Feedback } from "~/schemas/feedback";
import { BackLink } from "~/components/admin/article-fields";
import { CONFIRMED_FIELD, ConfirmSubmit, InlineConfirm } from "~/components/admin/article-confirm";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { EventForm } from "~/components/admin/event-form";
import { EventStatusBadge } from "~/components/admin/event-status";
import { Badge } from "~/components/ui/badge";
import { translate, useI18n } from "~/i18n";
import { formatDate, formatDateRange } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import { eventFormDefaults } from "@server/events/form-defaults.server";
import { readEventForm, saveEventFromForm } from "./event-form.server";
import { eventById, eventInterestList, eventRegistrations, privatePageOptions } from "@server/events/admin.server";
import { cancelEvent } from "@server/events/save.server";
import { requireAdmin } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { displayStatus } from "@server/events/view.server";
import { waitlistCount } from "@server/waitlist/entries.server";
import type { Route } from "./+types/events-detail";

export const handle = { locale: "nl" };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const event = await eventById(db(), params.id);
  if (!event) throw data(null, { status: 404 });
  const at = now();
  const [taken, registrations, interest, privatePages, waitlist] = await Promise.all([
    placesTakenByEvent(db(), [event.id], at),
    eventRegistrations(db(), event.id),
    eventInterestList(db(), event.id),
    privatePageOptions(db()),
    waitlistCount(db(), event.id),
  ]);
  return {
    event: {
      id: event.id,
      name: event.name,
      slug: event.slug,
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      location: event.location,
      maxParticipants: event.maxParticipants,
      cancelled: event.status === "cancelled",
      /** Cancelled or moved with a message to the participants (decision 015). */
      disrupted: event.cancellationMessage !== null,
      displayStatus: displayStatus(event, at),
    },
    version: event.updatedAt.toISOString(),
    placesTaken: taken.get(event.id) ?? 0,
    defaults: eventFormDefaults(event),
    image: event.imageUrl ? { url: event.imageUrl, name: event.name } : null,
    document: event.documentUrl ? { url: event.documentUrl, name: event.documentName ?? event.documentUrl.split("/").pop() ?? "" } : null,
    privatePages,
    registrations: registrations.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    interest: interest.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
    waitlist,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readEventForm(request);
  if (!read.ok) return read.response;
  const intent = read.form.get("intent");

  if (intent === "cancel") {
    const existing = await eventById(db(), params.id);
    if (!existing) throw data(null, { status: 404 });
    if (read.form.get(CONFIRMED_FIELD) !== "yes") return { feedback: undefined, result: null, savedId: null, intent: "confirm-cancel" as const };
    await cancelEvent(db(), existing.id);
    const feedback: Feedback = { kind: "success", title: "admin.events.cancelled", params: { name: existing.name } };
    return { feedback, result: null, savedId: null, intent: "cancel" as const };
  }
  return saveEventFromForm(read.form, admin, params.id);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.event.name ?? translate("nl", "admin.events.title")} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [searchParams] = useSearchParams();
  const { event, placesTaken, registrations, interest } = loaderData;
  // One object per page visit: ActionFeedback toasts once per feedback object, and a re-render
  // (the loader revalidating) must not toast "created" again.
  const justCreated = searchParams.get("saved") === "created" && !actionData;
  const createdFeedback = useMemo<Feedback | undefined>(
    () => (justCreated ? { kind: "success", title: "admin.events.created", params: { name: event.name } } : undefined),
    [justCreated, event.name],
  );
  const saveFailed = actionData?.intent === "save" && !actionData.savedId;
  const cancelTexts = {
    title: t("admin.events.cancelConfirmTitle"),
    description: t("admin.events.cancelConfirmText", { name: event.name }),
    confirmLabel: t("admin.events.cancelConfirm"),
    cancelLabel: t("admin.events.cancelKeep"),
  };

  return (
    <AdminPage
      title={event.name}
      backTo={null}
      intro={
        <div className="flex flex-wrap items-center gap-3">
          <EventStatusBadge status={event.displayStatus} />
          <span>{formatDateRange(event.startDate, event.endDate, locale)}</span>
          {event.location && <span>· {event.location}</span>}
          <span>
            ·{" "}
            {event.maxParticipants === null
              ? t("admin.events.placesSummaryUnlimited", { taken: placesTaken })
              : t("admin.events.placesSummary", { taken: placesTaken, max: event.maxParticipants })}
          </span>
        </div>
      }
      actions={
        !event.cancelled && (
          <Form method="post" id="cancel-event-form">
            <input type="hidden" name="intent" value="cancel" />
            <ConfirmSubmit formId="cancel-event-form" triggerProps={{ variant: "destructive" }} texts={cancelTexts}>
              <Ban aria-hidden />
              {t("admin.events.cancel")}
            </ConfirmSubmit>
          </Form>
        )
      }
    >
      <BackLink to="/admin/events" label={t("admin.events.back")} />
      <Link to={`/admin/events/${event.id}/waitlist`} className="inline-flex items-center gap-1.5 self-start font-semibold text-ocean-600 underline-offset-4 hover:underline">
        <ListOrdered aria-hidden className="size-4" />
        {t("admin.waitlist.link", { count: loaderData.waitlist })}
      </Link>
      {(!event.cancelled || event.disrupted) && event.displayStatus !== "completed" && (
        <Link to={`/admin/events/${event.id}/disruption`} className="inline-flex items-center gap-1.5 self-start font-semibold text-ocean-600 underline-offset-4 hover:underline" data-testid="disruption-link">
          <CalendarX2 aria-hidden className="size-4" />
          {t(event.disrupted ? "admin.disruption.linkAnswers" : "admin.disruption.link")}
        </Link>
      )}
      <ActionFeedback feedback={actionData?.feedback ?? createdFeedback} />
      {actionData?.intent === "confirm-cancel" && <InlineConfirm intent="cancel" hidden={{}} texts={cancelTexts} />}
      {event.cancelled && (
        <p role="status" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 font-semibold text-destructive">
          {t("admin.events.isCancelled")}
        </p>
      )}

      <AdminSection title={`${t("admin.events.registrations")} (${registrations.length})`} id="event-registrations">
        <AdminTable
          caption={t("admin.events.registrations")}
          columns={[t("admin.events.reg.participant"), t("admin.events.reg.reference"), t("admin.events.reg.status"), t("admin.events.reg.amount"), t("admin.events.reg.registeredAt")]}
          count={registrations.length}
          emptyText={t("admin.events.registrationsEmpty")}
        >
          {registrations.map((registration) => (
            <tr key={registration.id} data-testid="registration-row">
              <ContactCell name={registration.customerName} email={registration.customerEmail} phone={registration.phoneNumber} />
              <td className="font-mono">
                <Link to={`/admin/registrations/${registration.id}`} className="text-ocean-600 hover:underline" aria-label={t("admin.bookings.dashboard.open", { reference: registration.reference })}>
                  {registration.reference}
                </Link>
              </td>
              <td>
                <Badge variant={registration.status === "confirmed" ? "default" : registration.status === "pending_payment" ? "accent" : "secondary"}>
                  {t(`admin.events.regStatus.${registration.status}` as const)}
                </Badge>
              </td>
              <td className="whitespace-nowrap">
                {t("admin.events.reg.amountPaid", { paid: formatPrice(registration.paidCents, locale), due: formatPrice(registration.amountDueCents, locale) })}
              </td>
              <td className="whitespace-nowrap">{formatDate(registration.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>

      <AdminSection title={`${t("admin.events.interest")} (${interest.length})`} id="event-interest">
        <AdminTable
          caption={t("admin.events.interest")}
          columns={[t("admin.events.int.name"), t("admin.events.int.email"), t("admin.events.int.message"), t("admin.events.int.date")]}
          count={interest.length}
          emptyText={t("admin.events.interestEmpty")}
        >
          {interest.map((entry) => (
            <tr key={entry.id} data-testid="interest-row">
              <th scope="row" className="px-3 py-2.5 text-left text-sm! font-semibold! normal-case! tracking-normal! text-navy-900!">
                {entry.name}
              </th>
              <td>
                <a href={`mailto:${entry.email}`} className="text-ocean-600 hover:underline">
                  {entry.email}
                </a>
              </td>
              <td className="max-w-sm whitespace-pre-line">{entry.message}</td>
              <td className="whitespace-nowrap">{formatDate(entry.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>

      <section aria-labelledby="event-edit-title" className="grid gap-4">
        <h2 id="event-edit-title" className="text-3xl font-bold uppercase text-navy-900">
          {t("admin.events.editSection")}
        </h2>
        <EventForm
          key={loaderData.version}
          editing
          defaults={loaderData.defaults}
          privatePages={loaderData.privatePages}
          lastResult={saveFailed ? actionData.result : undefined}
          currentImage={loaderData.image}
          currentDocument={loaderData.document}
        />
      </section>
    </AdminPage>
  );
}
