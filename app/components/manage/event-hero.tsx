import type { ReactNode } from "react";
import { CalendarDays, MapPin } from "lucide-react";
import { useI18n } from "~/i18n";
import { formatDateRange } from "~/lib/dates";

export type HeroEvent = { name: string; startDate: string; endDate: string; location: string | null };

/**
 * The dark top of a page reached by a booking's link (the booker's and the participant's): a
 * kicker, the event's name, its dates and harbour, then what the page adds (`children`).
 */
export function EventHero({ kicker, event, testId, children }: { kicker: string; event: HeroEvent; testId: string; children?: ReactNode }) {
  const { locale } = useI18n();
  return (
    <section className="bg-navy-900 pb-10 pt-28 text-white">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-widest text-signal-500">{kicker}</p>
        <h1 className="mt-2 text-4xl font-bold uppercase leading-none sm:text-5xl" data-testid={testId}>
          {event.name}
        </h1>
        <div className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-foam-200">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden />
            {formatDateRange(event.startDate, event.endDate, locale)}
          </span>
          {event.location && (
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden />
              {event.location}
            </span>
          )}
        </div>
        {children}
      </div>
    </section>
  );
}
