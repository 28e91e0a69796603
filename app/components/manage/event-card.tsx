import "~/i18n/manage";
import { CalendarPlus, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { formatDate, formatDateRange } from "~/lib/dates";
import type { ManageView } from "~/schemas/manage";
import { Card } from "./card";

/** The booked event: dates, times, place, what is included, the .ics file and the calendar link. */
export function EventCard({ view, path }: { view: ManageView; path: string }) {
  const { t, locale } = useI18n();
  const e = view.event;
  const time = (iso: string) => formatDate(iso, locale, { hour: "2-digit", minute: "2-digit" });
  // No calendar file for a date the team cancelled while the booking waits for the choice.
  const active = (view.status === "confirmed" || view.status === "pending_payment") && view.disruption?.choice !== "pending";
  return (
    <Card id="event" title={t("manage.event.title")}>
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="text-slate-700">{t("manage.event.dates")}</dt>
          <dd className="font-semibold text-navy-900">{formatDateRange(e.startDate, e.endDate, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">{t("manage.event.time")}</dt>
          <dd className="font-semibold text-navy-900">
            {time(e.startDate)} – {time(e.endDate)}
          </dd>
        </div>
        {e.location && (
          <div>
            <dt className="text-slate-700">{t("manage.event.place")}</dt>
            <dd className="font-semibold text-navy-900">{e.location}</dd>
          </div>
        )}
        {e.included.length > 0 && (
          <div>
            <dt className="text-slate-700">{t("manage.event.included")}</dt>
            <dd>
              <ul className="mt-1 grid gap-1 text-navy-900">
                {e.included.map((item) => (
                  <li key={item} className="flex gap-2">
                    <CircleCheck className="mt-0.5 size-4 shrink-0 text-ocean-600" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {active && (
        <div className="mt-5 grid gap-2">
          <Button asChild variant="outline" className="w-full">
            {/* A file download, not a page: a plain link with the download attribute. */}
            <a href={`${path}/calendar.ics`} download data-testid="manage-ics">
              <CalendarPlus aria-hidden />
              {t("manage.event.ics")}
            </a>
          </Button>
        </div>
      )}
      {e.calendarPath && (
        <p className="mt-3 text-sm">
          <Link to={e.calendarPath} className="font-medium text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
            {t("manage.event.view")}
          </Link>
        </p>
      )}
    </Card>
  );
}
