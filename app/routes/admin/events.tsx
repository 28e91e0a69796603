import "~/i18n/admin";
import { CalendarPlus, ChevronRight, EyeOff, Lock } from "lucide-react";
import { Link } from "react-router";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { EventStatusBadge } from "~/components/admin/event-status";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import { formatDateRange } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import { adminEventList } from "@server/events/admin.server";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import type { Route } from "./+types/events";

export const handle = { locale: "nl" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "events");
  const rows = await adminEventList(db(), now());
  return {
    events: rows.map(({ event, displayStatus, placesTaken, ended }) => ({
      id: event.id,
      name: event.name,
      slug: event.slug,
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      priceCents: event.priceCents,
      bookingMode: event.bookingMode,
      listed: event.listed,
      privatePageKey: event.privatePageKey,
      maxParticipants: event.maxParticipants,
      placesTaken,
      displayStatus,
      ended,
    })),
  };
}

export function meta() {
  return [{ title: `${translate("nl", "admin.events.title")} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { events } = loaderData;
  return (
    <AdminPage
      title={t("admin.events.title")}
      intro={<p>{t("admin.events.intro")}</p>}
      actions={
        <Link to="/admin/events/new" className={buttonVariants({ variant: "accent" })}>
          <CalendarPlus aria-hidden />
          {t("admin.events.new")}
        </Link>
      }
    >
      <AdminSection title={t("admin.events.title")} id="events-list">
        <AdminTable
          caption={t("admin.events.title")}
          columns={[t("admin.events.col.name"), t("admin.events.col.date"), t("admin.events.col.status"), t("admin.events.col.places"), t("admin.events.col.price"), { label: t("admin.events.col.name"), hidden: true }]}
          count={events.length}
          emptyText={t("admin.events.empty")}
        >
          {events.map((event) => {
            const full = event.maxParticipants !== null && event.placesTaken >= event.maxParticipants;
            return (
              <tr key={event.id} data-testid="event-row" className={event.ended ? "text-slate-500" : undefined}>
                <th scope="row" className="max-w-sm px-3 py-2.5 text-left text-sm! font-normal! normal-case! tracking-normal! text-slate-700!">
                  <Link to={`/admin/events/${event.id}`} className="font-semibold text-navy-900 hover:text-ocean-600 hover:underline">
                    {event.name}
                  </Link>
                  <span className="mt-1 flex flex-wrap gap-1.5">
                    <Badge variant="outline" caps={false}>
                      {t(`admin.events.mode.${event.bookingMode}` as const)}
                    </Badge>
                    {!event.listed && (
                      <Badge variant="secondary" className="gap-1">
                        <EyeOff aria-hidden className="size-3" />
                        {t("admin.events.unlisted")}
                      </Badge>
                    )}
                    {event.privatePageKey && (
                      <Badge variant="secondary" caps={false} className="gap-1 tracking-wide">
                        <Lock aria-hidden className="size-3" />
                        {t("admin.events.privatePage", { page: event.privatePageKey })}
                      </Badge>
                    )}
                  </span>
                </th>
                <td className="whitespace-nowrap">{formatDateRange(event.startDate, event.endDate, locale)}</td>
                <td>
                  <EventStatusBadge status={event.displayStatus} />
                </td>
                <td className={full ? "font-semibold text-signal-700" : undefined}>
                  {event.maxParticipants === null
                    ? t("admin.events.placesUnlimited", { taken: event.placesTaken })
                    : t("admin.events.places", { taken: event.placesTaken, max: event.maxParticipants })}
                </td>
                <td className="whitespace-nowrap">{formatPrice(event.priceCents, locale)}</td>
                <td className="text-right">
                  <Link
                    to={`/admin/events/${event.id}`}
                    aria-label={t("admin.events.open", { name: event.name })}
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                  >
                    <ChevronRight aria-hidden />
                  </Link>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </AdminSection>
    </AdminPage>
  );
}
