import { CalendarDays, MapPin } from "lucide-react";
import type { HTMLAttributes } from "react";
import { useI18n } from "~/i18n";
import type { EventView } from "~/lib/events";
import { formatDateRange } from "~/lib/dates";
import { cn } from "~/lib/utils";

export type WhenWhere = Pick<EventView, "startDate" | "endDate" | "location">;

// The gap between date and place, by prop: `cn` does not merge a caller's gap over this one.
const SPACING = { tight: "gap-x-4 gap-y-1", normal: "gap-x-5 gap-y-1", wide: "gap-x-6 gap-y-2" } as const;

/** An event's dates and place on one line (the navy bands of the form pages and the registration dialog). */
export function EventWhenWhere({
  event,
  className,
  iconClassName,
  spacing = "normal",
  ...rest
}: { event: WhenWhere; iconClassName?: string; spacing?: keyof typeof SPACING } & HTMLAttributes<HTMLDivElement>) {
  const { locale } = useI18n();
  // `rest`: a parent's `asChild` (the dialog's description) passes its id and classes through.
  return (
    <div {...rest} className={cn("flex flex-wrap text-foam-200", SPACING[spacing], className)}>
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
