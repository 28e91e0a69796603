import { useRouteLoaderData } from "react-router";
import { useI18n } from "~/i18n";
import { priceAt } from "~/lib/price";
import type { EventView } from "~/lib/events";
import { formatPrice } from "~/lib/money-format";
import type { RootData } from "~/lib/seo";
import { cn } from "~/lib/utils";

/** The server's clock as the root loader saw it (the same instant on server and client render). */
export function useServerNow(): Date {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root?.now ? new Date(root.now) : new Date(0);
}

/**
 * The price per person that would be charged now (after an early-bird discount while it runs),
 * with the regular price struck through beside it during the discount. Every place that shows
 * an event's price uses this, so /arc, /arc-registration, the cards and the dialog agree.
 */
export function PriceNow({
  event,
  at,
  className,
  perPersonClassName,
  testId = "event-price",
}: {
  event: Pick<EventView, "priceCents" | "depositPercent" | "earlyBirdPercent" | "earlyBirdUntil">;
  /** ISO instant of the server's clock; defaults to the root loader's. */
  at?: string;
  className?: string;
  perPersonClassName?: string;
  testId?: string;
}) {
  const { t, locale } = useI18n();
  const rootNow = useServerNow();
  const due = priceAt(event, at ? new Date(at) : rootNow);
  if (due.originalPriceCents === 0) {
    return (
      <span className={className} data-testid={testId}>
        {t("events.free")}
      </span>
    );
  }
  return (
    <span className="whitespace-nowrap">
      {due.earlyBirdApplied && (
        <>
          <s className="mr-1.5 text-[0.8em] font-normal text-muted-foreground" data-testid="regular-price">
            <span className="sr-only">{t("events.regularPrice")} </span>
            {formatPrice(due.originalPriceCents, locale)}
          </s>{" "}
        </>
      )}
      <span className={className} data-testid={testId}>
        {formatPrice(due.priceCents, locale)}
      </span>{" "}
      <span className={cn("text-sm font-normal text-muted-foreground", perPersonClassName)}>{t("events.perPerson")}</span>
    </span>
  );
}
