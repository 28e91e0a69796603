import { PriceNow } from "~/components/price-now";
import { useI18n } from "~/i18n";
import { priceAt } from "~/lib/price";
import type { EventView } from "~/lib/events";
import { formatDate } from "~/lib/dates";
import "~/i18n/private";

/**
 * The price per person that would be charged now; while an early-bird discount runs (by the
 * server's clock), the regular price struck through beside it and until when the discount lasts,
 * from the same rule the checkout uses.
 */
export function EventPrice({ event, at }: { event: EventView; at: string }) {
  const { t, locale } = useI18n();
  const due = priceAt(event, new Date(at));
  return (
    <>
      <PriceNow event={event} at={at} className="text-2xl font-bold" />
      {due.earlyBirdApplied && event.earlyBirdUntil && (
        <span className="mt-1 block text-sm font-normal text-signal-700" data-testid="early-bird-note">
          {t("private.arc.earlyBird", {
            // The discount ends at the start of this instant: show the last day it applies.
            date: formatDate(new Date(new Date(event.earlyBirdUntil).getTime() - 1).toISOString(), locale),
          })}
        </span>
      )}
    </>
  );
}
