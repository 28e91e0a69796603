import { CalendarDays, MapPin } from "lucide-react";
import type { HTMLAttributes } from "react";
import { useI18n } from "~/i18n";
import { formatDateRange, type EventView } from "~/lib/events";
import { cn } from "~/lib/utils";

export type WhenWhere = Pick<EventView, "startDate" | "endDate" | "location">;

/** An event's dates and place on one line (the navy bands of the form pages and the registration dialog). */
export function EventWhenWhere({
  event,
  className,
  iconClassName,
  ...rest
}: { event: WhenWhere; iconClassName?: string } & HTMLAttributes<HTMLDivElement>) {
  const { locale } = useI18n();
  // `rest`: a parent's `asChild` (the dialog's description) passes its id and classes through.
  return (
    <div {...rest} className={cn("flex flex-wrap gap-x-5 gap-y-1 text-foam-200", className)}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className={cn("size-4", iconClassName)} aria-hidden />
        {formatDateRange(event.startDate, event.endDate, locale)}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <MapPin className={cn("size-4", iconClassName)} aria-hidden />
        {event.location}
      </span>
    </div>
  );
}
