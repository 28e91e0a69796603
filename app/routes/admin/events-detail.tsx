import "~/i18n/admin";
import { Ban, CalendarX2, ListChecks, ListOrdered, Unlock, Users } from "lucide-react";
import { useMemo } from "react";
import { data, Form, Link, useSearchParams } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import { ContactCell, MailLink } from "~/components/admin/contact-cell";
import type { Feedback } from "~/schemas/feedback";
import { BackLink } from "~/components/admin/article-fields";
import { CONFIRMED_FIELD, ConfirmSubmit, InlineConfirm } from "~/components/admin/article-confirm";
import { placesInBookingsText } from "~/components/admin/booking-places";
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
import { requireStaff } from "@server/auth/guard.server";
import { heldPlaces, releaseHeldRegistration, releaseOffer } from "@server/booking/holds.server";
import { MAX_OPEN_HOLDS_PER_BOOKER } from "@server/booking/registration.server";
import { isUuid } from "@server/db/values.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { displayStatus } from "@server/events/view.server";
import { waitlistCount } from "@server/waitlist/entries.server";
import { incompletePlaces, placesOfBookings, soldPlacesAndBookings } from "@server/reports/participants.server";
import type { Route } from "./+types/events-detail";

export const handle = { locale: "nl" };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "events");
  const event = await eventById(db(), params.id);
  if (!event) throw data(null, { status: 404 });
  const at = now();
  const [taken, registrations, interest, privatePages, waitlist, held, sold, incomplete] = await Promise.all([
    placesTakenByEvent(db(), [event.id], at),
    eventRegistrations(db(), event.id),
    eventInterestList(db(), event.id),
    privatePageOptions(db()),
    waitlistCount(db(), event.id),
    heldPlaces(db(), event.id, at),
    soldPlacesAndBookings(db(), event.id),
    incompletePlaces(db(), event, at),
  ]);
  const sizes = await placesOfBookings(db(), registrations.map((r) => r.id));
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
    registrations: registrations.map((r) => ({ ...r, places: sizes.get(r.id) ?? 1, createdAt: r.createdAt.toISOString() })),
    sold,
    incomplete,
    interest: interest.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
    waitlist,
    held: held.map((h) => ({ ...h, since: h.since.toISOString(), expiresAt: h.expiresAt.toISOString() })),
    holdLimit: MAX_OPEN_HOLDS_PER_BOOKER,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireStaff(request, "events");
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
  if (intent === "release-hold" || intent === "release-offer") {
    // Ends a hold or a waiting-list offer now (server/booking/holds.server.ts), after the confirmation.
    // Holds are bookings (decision 044): the role needs that permission too.
    await requireStaff(request, "bookings");
    const id = String(read.form.get("id") ?? "");
    const answer = (feedback: Feedback, status = 200) => data({ feedback, result: null, savedId: null, intent, confirmRelease: null }, { status });
    if (!isUuid(id) || !isUuid(params.id)) return answer({ kind: "error", title: "admin.holds.failed", message: "admin.holds.notHeld" }, 404);
    if (read.form.get(CONFIRMED_FIELD) !== "yes") return { feedback: undefined, result: null, savedId: null, intent, confirmRelease: id };
    const staff = { type: "staff" as const, userId: admin.id };
    const released = intent === "release-hold" ? await releaseHeldRegistration(params.id, id, staff) : await releaseOffer(params.id, id, staff);
    if (released.outcome === "not_held") return answer({ kind: "error", title: "admin.holds.failed", message: "admin.holds.notHeld" }, 409);
    return answer(
      released.offered > 0
        ? { kind: "success", title: "admin.holds.released", message: "admin.holds.releasedOffered", params: { count: released.offered } }
        : { kind: "success", title: "admin.holds.released" },
    );
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
          <span data-testid="places-in-bookings">· {placesInBookingsText(t, loaderData.sold.places, loaderData.sold.bookings)}</span>
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
      {/* --- crew file (issue 27) --- */}
      <Link to={`/admin/events/${event.id}/crew-items`} className="inline-flex items-center gap-1.5 self-start font-semibold text-ocean-600 underline-offset-4 hover:underline" data-testid="crew-items-link">
        <ListChecks aria-hidden className="size-4" />
        {t("admin.crew.items.link")}
      </Link>
      <Link to={`/admin/events/${event.id}/crew`} className="inline-flex items-center gap-1.5 self-start font-semibold text-ocean-600 underline-offset-4 hover:underline" data-testid="crew-file-link">
        <Users aria-hidden className="size-4" />
        {t("admin.crew.file.link")}
      </Link>
      {/* --- end crew file --- */}
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

      <HeldPlaces held={loaderData.held} limit={loaderData.holdLimit} confirmingId={actionData && "confirmRelease" in actionData ? (actionData.confirmRelease ?? null) : null} />

      <IncompletePlaces incomplete={loaderData.incomplete} />

      <AdminSection title={`${t("admin.events.registrations")} (${registrations.length})`} id="event-registrations">
        {registrations.some((r) => r.status === "applied") && (
          <p className="mb-3 font-semibold text-navy-900" data-testid="applications-open">
            {t("admin.events.applicationsOpen", { count: registrations.filter((r) => r.status === "applied").length })}
          </p>
        )}
        <AdminTable
          caption={t("admin.events.registrations")}
          columns={[t("admin.events.reg.participant"), t("admin.events.reg.reference"), t("admin.events.reg.places"), t("admin.events.reg.status"), t("admin.events.reg.amount"), t("admin.events.reg.registeredAt")]}
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
              <td className="tabular-nums">{registration.places}</td>
              <td>
                <Badge
                  variant={registration.status === "confirmed" ? "default" : registration.status === "pending_payment" || registration.status === "applied" ? "accent" : "secondary"}
                  data-testid={registration.status === "applied" ? "application-badge" : undefined}
                >
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
                <MailLink email={entry.email} />
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

type Incomplete = Route.ComponentProps["loaderData"]["incomplete"];

/**
 * The live places that still lack details or the participant's own waiver, with the participants'
 * deadline: whom the team (or the booker) still has to chase before the start.
 */
function IncompletePlaces({ incomplete }: { incomplete: Incomplete }) {
  const { t } = useI18n();
  const deadline = formatDate(incomplete.deadline, "nl", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
  return (
    <AdminSection title={`${t("admin.events.incomplete.title")} (${incomplete.places.length})`} id="event-incomplete">
      <p className="mb-4 max-w-3xl text-sm text-slate-600" data-testid="incomplete-deadline">
        {t(incomplete.open ? "admin.events.incomplete.deadline" : "admin.events.incomplete.deadlinePassed", { date: deadline })}
      </p>
      <AdminTable
        caption={t("admin.events.incomplete.title")}
        columns={[t("admin.events.incomplete.participant"), t("admin.events.incomplete.reference"), t("admin.events.incomplete.booker"), t("admin.events.incomplete.waiver"), t("admin.events.incomplete.missing"), t("admin.events.incomplete.invited")]}
        count={incomplete.places.length}
        emptyText={t("admin.events.incomplete.empty")}
      >
        {incomplete.places.map((place) => (
          <tr key={place.reference} data-testid="incomplete-row">
            <ContactCell name={place.name} email={place.email ?? ""} />
            <td className="font-mono">
              <Link to={`/admin/registrations/${place.registrationId}`} className="text-ocean-600 hover:underline">
                {place.reference}
              </Link>
            </td>
            <td>{place.bookerName}</td>
            <td>{place.waiverAccepted ? t("admin.events.incomplete.waiverYes") : <span className="font-semibold text-destructive">{t("admin.manifest.waiverMissing")}</span>}</td>
            <td>{place.missing.length === 0 ? "–" : place.missing.map((field) => t(`admin.places.field.${field}` as const)).join(", ")}</td>
            <td className="whitespace-nowrap">{place.invitedAt ? formatDate(place.invitedAt, "nl", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }) : t("admin.events.incomplete.notInvited")}</td>
          </tr>
        ))}
      </AdminTable>
    </AdminSection>
  );
}

type Held = Route.ComponentProps["loaderData"]["held"][number];

function releaseTexts(t: ReturnType<typeof useI18n>["t"], row: Held) {
  return {
    title: t("admin.holds.confirmTitle"),
    description:
      row.kind === "offer"
        ? t("admin.holds.confirmOffer", { name: row.name })
        : `${t("admin.holds.confirmHold", { name: row.name, reference: row.reference })}${row.paymentInProgress ? ` ${t("admin.holds.confirmPaying", { name: row.name })}` : ""}`,
    confirmLabel: t("admin.holds.confirm"),
    cancelLabel: t("admin.holds.keep"),
  };
}

/**
 * Who holds places now (running holds and open waiting-list offers), with what may point at
 * squatting (many holds from one client address or e-mail address, the per-booker limit
 * reached), and a button that releases one after a confirmation.
 */
function HeldPlaces({ held, limit, confirmingId }: { held: Held[]; limit: number; confirmingId: string | null }) {
  const { t, locale } = useI18n();
  const when = (iso: string) => formatDate(iso, locale, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  const idOf = (row: Held) => (row.kind === "hold" ? row.registrationId : row.offerId);
  // Without JavaScript the first click asks here (the dialog does it otherwise).
  const confirmRow = confirmingId ? held.find((row) => idOf(row) === confirmingId) : undefined;
  return (
    <AdminSection title={`${t("admin.holds.title")} (${held.reduce((sum, row) => sum + row.places, 0)})`} id="event-held">
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{t("admin.holds.intro", { max: limit })}</p>
      {confirmRow && (
        <div className="mb-4">
          <InlineConfirm intent={confirmRow.kind === "hold" ? "release-hold" : "release-offer"} hidden={{ id: idOf(confirmRow) }} texts={releaseTexts(t, confirmRow)} />
        </div>
      )}
      <AdminTable
        caption={t("admin.holds.title")}
        columns={[
          t("admin.holds.col.who"),
          t("admin.holds.col.kind"),
          t("admin.holds.col.places"),
          t("admin.holds.col.since"),
          t("admin.holds.col.expires"),
          t("admin.holds.col.signals"),
          { label: t("admin.holds.col.action"), hidden: true },
        ]}
        count={held.length}
        emptyText={t("admin.holds.empty")}
      >
        {held.map((row) => {
          const formId = `release-${idOf(row)}`;
          return (
            <tr key={idOf(row)} data-testid="held-row">
              <ContactCell name={row.name} email={row.email}>
                {row.kind === "hold" && (
                  <Link to={`/admin/registrations/${row.registrationId}`} className="font-mono text-xs text-ocean-600 hover:underline">
                    {row.reference}
                  </Link>
                )}
              </ContactCell>
              <td>{t(row.kind === "hold" ? "admin.holds.kind.hold" : "admin.holds.kind.offer")}</td>
              <td className="tabular-nums">{row.places}</td>
              <td className="whitespace-nowrap">{when(row.since)}</td>
              <td className="whitespace-nowrap">{when(row.expiresAt)}</td>
              <td>
                {row.kind === "hold" && (
                  <ul className="grid gap-1 text-xs">
                    {row.paymentInProgress && (
                      <li>
                        <Badge variant="secondary">{t("admin.holds.paying")}</Badge>
                      </li>
                    )}
                    {row.sameClient > 1 && <li>{t("admin.holds.sameClient", { count: row.sameClient })}</li>}
                    {row.sameEmail > 1 && <li>{t("admin.holds.sameEmail", { count: row.sameEmail })}</li>}
                    {row.atLimit && (
                      <li>
                        <Badge variant="accent">{t("admin.holds.atLimit", { max: limit })}</Badge>
                      </li>
                    )}
                  </ul>
                )}
              </td>
              <td>
                <Form method="post" id={formId}>
                  <input type="hidden" name="intent" value={row.kind === "hold" ? "release-hold" : "release-offer"} />
                  <input type="hidden" name="id" value={idOf(row)} />
                  <ConfirmSubmit formId={formId} triggerProps={{ variant: "outline", size: "sm" }} texts={releaseTexts(t, row)}>
                    <Unlock aria-hidden />
                    {t("admin.holds.release")}
                    <span className="sr-only"> {t("admin.holds.releaseFor", { name: row.name })}</span>
                  </ConfirmSubmit>
                </Form>
              </td>
            </tr>
          );
        })}
      </AdminTable>
    </AdminSection>
  );
}
