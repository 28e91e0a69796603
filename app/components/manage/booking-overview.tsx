import "~/i18n/manage";
import { CalendarDays, MapPin } from "lucide-react";
import { useI18n } from "~/i18n";
import { formatDateRange } from "~/lib/dates";
import { cn } from "~/lib/utils";
import type { BookingStatus, ManageView } from "~/schemas/manage";
import { DisruptionHeroNote } from "./disruption";

const STATUS_STYLE: Record<BookingStatus, string> = {
  confirmed: "bg-emerald-100 text-emerald-900",
  pending_payment: "bg-amber-100 text-amber-950",
  expired: "bg-slate-200 text-slate-900",
  cancelled: "bg-red-100 text-red-900",
  refunded: "bg-red-100 text-red-900",
};

/** The page's top: the event, its dates and place, the booking's reference, status and name. */
export function BookingHero({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  return (
    <section className="bg-navy-900 pb-10 pt-28 text-white">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-widest text-signal-500">{t("manage.kicker")}</p>
        <h1 className="mt-2 text-4xl font-bold uppercase leading-none sm:text-5xl" data-testid="manage-event-name">
          {view.event.name}
        </h1>
        <div className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-foam-200">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden />
            {formatDateRange(view.event.startDate, view.event.endDate, locale)}
          </span>
          {view.event.location && (
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden />
              {view.event.location}
            </span>
          )}
        </div>
        {view.disruption && <DisruptionHeroNote disruption={view.disruption} />}
        <dl className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          <div className="flex items-center gap-2">
            <dt className="text-foam-200">{t("manage.reference")}</dt>
            <dd className="font-mono text-lg font-bold tracking-wide" data-testid="manage-reference">
              {view.reference}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-foam-200">{t("manage.status.label")}</dt>
            <dd>
              <span className={cn("inline-flex rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide", STATUS_STYLE[view.status])} data-testid="manage-status">
                {t(`manage.status.${view.status}`)}
              </span>
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-foam-200">{t("manage.bookedFor", { name: view.name })}</p>
      </div>
    </section>
  );
}
