import { ArrowRight, Flag } from "lucide-react";
import { Link } from "react-router";
import { useI18n } from "~/i18n";
import type { EventView } from "~/lib/events";
import "~/i18n/private";

/**
 * Shown instead of any booking action once an event has ended (by the server's clock): the page
 * says so in its language and points to the calendar, never to registration.
 */
export function EventEnded({ event }: { event: EventView }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="event-ended" className="rounded-lg border border-ocean-600/30 bg-white p-5" data-testid="event-ended">
      <h3 id="event-ended" className="flex items-center gap-2 text-2xl font-bold uppercase text-navy-900">
        <Flag className="size-5 text-ocean-600" aria-hidden />
        {t("private.ended.title")}
      </h3>
      <p className="mt-1 text-slate-700">{t("private.ended.text", { name: event.name })}</p>
      <Link
        to="/calendar"
        className="mt-4 inline-flex items-center gap-1.5 font-semibold text-ocean-600 underline-offset-4 hover:text-ocean-700 hover:underline"
      >
        {t("private.ended.calendar")}
        <ArrowRight className="size-4" aria-hidden />
      </Link>
    </section>
  );
}
