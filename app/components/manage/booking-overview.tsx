import "~/i18n/manage";
import { useI18n } from "~/i18n";
import { cn } from "~/lib/utils";
import type { BookingStatus, ManageView } from "~/schemas/manage";
import { DisruptionHeroNote } from "./disruption";
import { EventHero } from "./event-hero";

const STATUS_STYLE: Record<BookingStatus, string> = {
  confirmed: "bg-emerald-100 text-emerald-900",
  pending_payment: "bg-amber-100 text-amber-950",
  expired: "bg-slate-200 text-slate-900",
  cancelled: "bg-red-100 text-red-900",
  refunded: "bg-red-100 text-red-900",
  applied: "bg-sky-100 text-sky-950",
  declined: "bg-slate-200 text-slate-900",
};

/** The page's top: the event, its dates and place, the booking's reference, status and name. */
export function BookingHero({ view }: { view: ManageView }) {
  const { t } = useI18n();
  return (
    <EventHero kicker={t("manage.kicker")} event={view.event} testId="manage-event-name">
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
    </EventHero>
  );
}
