import { useI18n } from "~/i18n";
import { amountDue } from "~/lib/booking";
import { formatDate, formatPrice, type EventView } from "~/lib/events";

/**
 * The price per person; while an early-bird discount runs (by the server's clock), the
 * discounted price with the list price struck through, from the same rule the checkout uses.
 */
export function EventPrice({ event, at }: { event: EventView; at: string }) {
  const { t, locale } = useI18n();
  const due = amountDue(event, new Date(at));
  return (
    <>
      <span className="text-2xl font-bold" data-testid="event-price">
        {formatPrice(due.priceCents, locale)}
      </span>{" "}
      <span className="text-sm text-muted-foreground">{t("private.perPerson")}</span>
      {due.earlyBirdApplied && event.earlyBirdUntil && (
        <span className="mt-1 block text-sm font-normal text-signal-600">
          <s className="mr-1 text-muted-foreground">{formatPrice(due.originalPriceCents, locale)}</s>
          {t("private.arc.earlyBird", {
            // The discount ends at the start of this instant: show the last day it applies.
            date: formatDate(new Date(new Date(event.earlyBirdUntil).getTime() - 1).toISOString(), locale),
            price: formatPrice(due.originalPriceCents, locale),
          })}
        </span>
      )}
    </>
  );
}
