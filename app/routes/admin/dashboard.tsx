import "~/i18n/admin";
import { Download, Printer, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { placesInBookingsText } from "~/components/admin/booking-places";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { MailLink } from "~/components/admin/contact-cell";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { teamDay } from "~/lib/local-time";
import { useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import { dashboardCounts, endedPaidRegistrations, eventOccupancy, interestSignups, paidRegistrations } from "@server/reports/dashboard.server";
import { requireStaff } from "@server/auth/guard.server";
import { openApplications } from "@server/booking/applications.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { log } from "@server/log.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "bookings");
  try {
    const at = now();
    const [counts, registrations, ended, interest, events, applications] = await Promise.all([
      dashboardCounts(db(), at),
      paidRegistrations(db(), at),
      endedPaidRegistrations(db(), at),
      interestSignups(db()),
      eventOccupancy(db(), at),
      openApplications(db()),
    ]);
    const view = (r: (typeof registrations)[number]) => ({ ...r, registeredAt: r.registeredAt.toISOString(), balanceDueAt: r.balanceDueAt?.toISOString() ?? null });
    return {
      ok: true as const,
      counts,
      registrations: registrations.map(view),
      ended: ended.map(view),
      interest: interest.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
      events: events.map((e) => ({ ...e, startDate: e.startDate.toISOString() })),
      applications: applications.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
      // The accounting export's default period: this year so far (Amsterdam days).
      accounting: { from: `${teamDay(at).slice(0, 4)}-01-01`, to: teamDay(at) },
    };
  } catch (error) {
    log.error("Admin dashboard: loading the data failed", error);
    return { ok: false as const };
  }
}

const DATE_TIME: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };

function Stat({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{label}</h2>
      <p className="mt-2 font-display text-5xl font-bold text-navy-900" data-testid="stat-value">
        {value}
      </p>
      {hint && <p className="mt-2 text-sm text-slate-600">{hint}</p>}
    </article>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const exportsLinks = (
    <>
      <Button asChild variant="light">
        <a href="/admin/exports/registrations.csv" download>
          <Download aria-hidden />
          {t("admin.dashboard.exportRegistrations")}
        </a>
      </Button>
      <Button asChild variant="light">
        <a href="/admin/exports/interest.csv" download>
          <Download aria-hidden />
          {t("admin.dashboard.exportInterest")}
        </a>
      </Button>
    </>
  );

  if (!loaderData.ok) {
    return (
      <AdminPage title={t("admin.dashboard.title")}>
        <div role="alert" className="flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/10 p-6 text-destructive">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t("admin.dashboard.loadError")}</p>
            <p className="mt-1 text-sm">{t("admin.dashboard.loadErrorText")}</p>
          </div>
        </div>
      </AdminPage>
    );
  }

  const { counts, registrations, ended, interest, events, applications } = loaderData;
  return (
    <AdminPage title={t("admin.dashboard.title")} actions={exportsLinks}>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label={t("admin.dashboard.paidRegistrations")} value={counts.paidBookings} hint={t("admin.dashboard.paidRegistrationsHint")} />
        <Stat
          label={t("admin.dashboard.liveBookings")}
          value={counts.livePlaces}
          hint={`${placesInBookingsText(t, counts.livePlaces, counts.liveBookings)}. ${t("admin.dashboard.liveBookingsHint")}${counts.heldPlaces > 0 ? ` ${t("admin.dashboard.heldHint", { held: counts.heldPlaces })}` : ""}`}
        />
        <Stat label={t("admin.dashboard.uniqueCustomers")} value={counts.uniqueCustomers} hint={t("admin.dashboard.uniqueCustomersHint")} />
        <Stat label={t("admin.dashboard.interestSignups")} value={counts.interestSignups} />
      </div>
      <p className="-mt-4 max-w-4xl text-sm text-slate-600" data-testid="live-rule">
        {t("admin.dashboard.liveRule")}
      </p>

      {/* Apply, then pay (decision 045): applications waiting for the team, oldest first. */}
      {applications.length > 0 && (
        <AdminSection title={`${t("admin.dashboard.applications")} (${applications.length})`} id="dashboard-applications">
          <AdminTable
            caption={t("admin.dashboard.applications")}
            columns={[t("admin.dashboard.event"), t("admin.dashboard.participant"), t("admin.dashboard.email"), t("admin.dashboard.applicationPlaces"), t("admin.dashboard.registeredAt"), t("admin.dashboard.reference")]}
            count={applications.length}
            emptyText={t("admin.dashboard.applicationsEmpty")}
          >
            {applications.map((a) => (
              <tr key={a.id} data-testid="application-row">
                <td>{a.eventName}</td>
                <td className="font-semibold text-navy-900">
                  <Link to={`/admin/registrations/${a.id}`} className="text-ocean-600 hover:underline">
                    {a.customerName}
                  </Link>
                  <Badge variant="accent" className="ml-2 align-middle">
                    {t("admin.events.regStatus.applied")}
                  </Badge>
                </td>
                <td className="[overflow-wrap:anywhere]">
                  <MailLink email={a.customerEmail} />
                </td>
                <td className="tabular-nums">{a.places}</td>
                <td className="whitespace-nowrap">{formatDate(a.createdAt, "nl", DATE_TIME)}</td>
                <td className="font-mono">{a.reference}</td>
              </tr>
            ))}
          </AdminTable>
        </AdminSection>
      )}

      <AdminSection title={t("admin.dashboard.events")} id="dashboard-events">
        <AdminTable
          caption={t("admin.dashboard.events")}
          columns={[
            t("admin.dashboard.event"),
            t("admin.dashboard.date"),
            t("admin.dashboard.places"),
            { label: t("admin.bookings.dashboard.expected"), align: "right" },
            { label: t("admin.dashboard.received"), align: "right" },
            { label: t("admin.bookings.dashboard.outstanding"), align: "right" },
            { label: t("admin.dashboard.manifest"), hidden: true },
          ]}
          count={events.length}
          emptyText={t("admin.dashboard.eventsEmpty")}
        >
          {events.map((e) => {
            const full = e.capacity !== null && e.placesTaken >= e.capacity;
            return (
              <tr key={e.id}>
                <th scope="row" className="!text-sm !font-semibold !normal-case !tracking-normal !text-navy-900">
                  {e.name}
                  {e.status === "cancelled" && (
                    <Badge variant="destructive" className="ml-2 align-middle">
                      {t("admin.dashboard.cancelled")}
                    </Badge>
                  )}
                </th>
                <td className="whitespace-nowrap">{formatDate(e.startDate, "nl")}</td>
                <td className={full ? "font-semibold text-signal-700" : undefined}>
                  {/* Sold places only; unpaid holds apart, since they lapse unless paid. */}
                  {e.capacity === null
                    ? t("admin.dashboard.unlimited", { taken: e.placesSold })
                    : t("admin.dashboard.placesOf", { taken: e.placesSold, capacity: e.capacity })}
                  {e.bookingsSold > 0 && (
                    <span className="block text-xs font-normal text-slate-600" data-testid="places-bookings">
                      {placesInBookingsText(t, e.placesSold, e.bookingsSold)}
                    </span>
                  )}
                  {e.placesHeld > 0 && (
                    <span className="block text-xs font-normal text-amber-700" data-testid="places-held">
                      {t("booking.admin.held", { held: e.placesHeld })}
                    </span>
                  )}
                </td>
                <td className="whitespace-nowrap text-right tabular-nums" data-testid="event-expected">{formatPrice(e.expectedCents, "nl")}</td>
                <td className="whitespace-nowrap text-right tabular-nums" data-testid="event-received">
                  {formatPrice(e.receivedCents, "nl")}
                  {e.keptCents > 0 && (
                    <span className="block text-xs text-slate-600" data-testid="event-kept">
                      {t("admin.dashboard.kept", { amount: formatPrice(e.keptCents, "nl") })}
                    </span>
                  )}
                </td>
                <td className="whitespace-nowrap text-right tabular-nums" data-testid="event-outstanding">{formatPrice(e.outstandingCents, "nl")}</td>
                <td className="text-right">
                  {/* The visible word starts the link's name (WCAG 2.5.3); the event follows for screen readers. */}
                  <a href={`/admin/manifest/${e.id}`} className="inline-flex items-center gap-1 font-semibold text-ocean-600 hover:text-ocean-700">
                    <Printer aria-hidden className="size-4" />
                    {t("admin.dashboard.manifest")}
                    <span className="sr-only"> {t("admin.dashboard.manifestFor", { event: e.name })}</span>
                  </a>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </AdminSection>

      <AdminSection title={`${t("admin.dashboard.registrationsTitle")} (${registrations.length})`} id="dashboard-registrations">
        <RegistrationTable rows={registrations} caption={t("admin.dashboard.registrationsTitle")} emptyText={t("admin.dashboard.registrationsEmpty")} testId="dashboard-registration" />
      </AdminSection>

      <AdminSection title={t("admin.dashboard.interestTitle")} id="dashboard-interest">
        {interest.length === 0 ? (
          <p className="text-slate-600">{t("admin.dashboard.interestEmpty")}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {interest.map((i) => (
              // min-w-0 and anywhere-wrapping: a long e-mail address wraps instead of widening the
              // grid column (and the page) on a phone.
              <li key={i.id} className="min-w-0">
                <article className="h-full rounded-lg border border-slate-200 bg-foam-100/40 p-4 [overflow-wrap:anywhere]">
                  <header className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="text-lg font-semibold normal-case tracking-normal text-navy-900">{i.name}</h3>
                    <time dateTime={i.createdAt} className="text-xs text-slate-500">
                      {formatDate(i.createdAt, "nl", DATE_TIME)}
                    </time>
                  </header>
                  <p className="text-sm">
                    <MailLink email={i.email} />
                    {" · "}
                    <span className="text-slate-600">{i.eventName}</span>
                  </p>
                  <p className="mt-2 whitespace-pre-line text-sm text-slate-700">
                    {i.message?.trim() ? i.message : <span className="italic text-slate-400">{t("admin.dashboard.noMessage")}</span>}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>

      <AdminSection title={`${t("admin.dashboard.endedTitle")} (${ended.length})`} id="dashboard-ended">
        <p className="mb-4 text-sm text-slate-600">{t("admin.dashboard.endedIntro")}</p>
        <RegistrationTable rows={ended} caption={t("admin.dashboard.endedTitle")} emptyText={t("admin.dashboard.endedEmpty")} testId="dashboard-ended-registration" />
      </AdminSection>

      {/* The bookkeeper's export of a period (decision 046): a plain GET form, the file downloads. */}
      <AdminSection title={t("admin.accounting.title")} id="dashboard-accounting">
        <p className="mb-4 max-w-3xl text-sm text-slate-600">{t("admin.accounting.intro")}</p>
        <form method="get" action="/admin/exports/accounting.csv" className="flex flex-wrap items-end gap-4" data-testid="accounting-form">
          <div className="grid gap-1.5">
            <Label htmlFor="accounting-from">{t("admin.accounting.from")}</Label>
            <Input id="accounting-from" name="from" type="date" required defaultValue={loaderData.accounting.from} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="accounting-to">{t("admin.accounting.to")}</Label>
            <Input id="accounting-to" name="to" type="date" required defaultValue={loaderData.accounting.to} />
          </div>
          <Button type="submit" variant="light">
            <Download aria-hidden />
            {t("admin.accounting.download")}
          </Button>
        </form>
      </AdminSection>
    </AdminPage>
  );
}

type RegistrationRow = Extract<Route.ComponentProps["loaderData"], { ok: true }>["registrations"][number];

/** Registrations with their money: the paid live ones, or (below) the ones no longer live. */
function RegistrationTable({ rows, caption, emptyText, testId }: { rows: RegistrationRow[]; caption: string; emptyText: string; testId: string }) {
  const { t } = useI18n();
  return (
    <AdminTable
      caption={caption}
      columns={[
        t("admin.dashboard.event"),
        t("admin.dashboard.participant"),
        t("admin.dashboard.email"),
        t("admin.dashboard.phone"),
        t("admin.dashboard.registeredAt"),
        { label: t("admin.dashboard.amountPaid"), align: "right" },
        { label: t("admin.bookings.dashboard.refunded"), align: "right" },
        { label: t("admin.bookings.dashboard.balance"), align: "right" },
        t("admin.dashboard.reference"),
      ]}
      count={rows.length}
      emptyText={emptyText}
    >
      {rows.map((r) => (
        <tr key={r.id} data-testid={testId}>
          <td>{r.eventName}</td>
          <td className="font-semibold text-navy-900">
            <Link to={`/admin/registrations/${r.id}`} className="text-ocean-600 hover:underline">
              {r.customerName}
            </Link>
            {r.status !== "confirmed" && <span className="block text-xs font-normal text-slate-600">{t(`admin.events.regStatus.${r.status}` as const)}</span>}
          </td>
          <td className="[overflow-wrap:anywhere]">
            <MailLink email={r.customerEmail} />
          </td>
          <td className="whitespace-nowrap">{r.phoneNumber ?? "–"}</td>
          <td className="whitespace-nowrap">{formatDate(r.registeredAt, "nl", DATE_TIME)}</td>
          <td className="whitespace-nowrap text-right tabular-nums">{formatPrice(r.amountPaidCents, "nl")}</td>
          <td className="whitespace-nowrap text-right tabular-nums">{r.refundedCents > 0 ? formatPrice(r.refundedCents, "nl") : "–"}</td>
          <td className="whitespace-nowrap text-right tabular-nums">
            {r.balanceDueCents > 0 ? (
              <>
                {formatPrice(r.balanceDueCents, "nl")}
                {r.balanceDueAt && <span className="block text-xs text-slate-600">{t("admin.bookings.dashboard.dueOn", { date: formatDate(r.balanceDueAt, "nl") })}</span>}
                {r.overdue && (
                  <Badge variant="destructive" className="mt-1" data-testid="overdue">
                    {t("admin.bookings.overdue")}
                  </Badge>
                )}
              </>
            ) : (
              "–"
            )}
          </td>
          <td className="font-mono text-xs">
            <Link to={`/admin/registrations/${r.id}`} className="text-ocean-600 hover:underline" aria-label={t("admin.bookings.dashboard.open", { reference: r.reference })}>
              {r.reference}
            </Link>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
