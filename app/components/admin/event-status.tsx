import { Badge } from "~/components/ui/badge";
import { useI18n } from "~/i18n";
import type { DisplayStatus } from "~/lib/events";

/** The spec's badge styles: live destructive, completed secondary; cancelled struck through. */
export function EventStatusBadge({ status }: { status: DisplayStatus }) {
  const { t } = useI18n();
  // Cancelled brings its own colours (no variant): red on its own white, so it reads as well on the
  // navy title band as on a white panel (red on navy is under 3:1).
  const variant = status === "live" ? "destructive" : status === "completed" ? "secondary" : status === "cancelled" ? null : "default";
  return (
    <Badge variant={variant} className={status === "cancelled" ? "border-destructive/50 bg-white text-destructive line-through" : undefined}>
      {t(`admin.events.displayStatus.${status}` as const)}
    </Badge>
  );
}
