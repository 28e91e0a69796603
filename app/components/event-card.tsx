import { ArrowRight, CalendarDays, MapPin, Sailboat, Trophy, Users, GraduationCap, Briefcase, Anchor } from "lucide-react";
import { Link } from "react-router";
import { useI18n } from "~/i18n";
import { durationDays, type EventKind, type EventView } from "~/lib/events";
import { formatDateRange } from "~/lib/dates";
import { ImageWithFallback } from "./picture";
import { PriceNow } from "./price-now";
import { Badge } from "./ui/badge";
import { langOf } from "~/lib/content-language";

export const KIND_ICONS: Record<EventKind, typeof Sailboat> = {
  race: Trophy,
  event: Anchor,
  training: GraduationCap,
  sailing: Sailboat,
  corporate: Briefcase,
};

export function EventStatusBadge({ event }: { event: EventView }) {
  const { t } = useI18n();
  // Shown only while the event's end date is in the future (the spec's rule).
  if (event.ended) return null;
  if (event.status === "live") return <Badge variant="destructive">{t("events.status.live")}</Badge>;
  if (event.status === "completed") return <Badge variant="secondary">{t("events.status.completed")}</Badge>;
  // On a picture: a solid badge, so its text keeps its contrast (decision 015 shows cancelled dates).
  if (event.status === "cancelled") return <Badge variant={null} className="border-transparent bg-white text-red-800">{t("events.status.cancelled")}</Badge>;
  return <Badge>{t("events.status.upcoming")}</Badge>;
}

/** The shareable address of an event: its dialog on the calendar. */
export function eventHref(slug: string): string {
  return `/calendar?event=${encodeURIComponent(slug)}`;
}

/** A card's picture width: one of three (calendar) or four (home) columns, two on tablets. */
const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";


/**
 * An event in a list; links to its dialog on /calendar so the link can be shared. The calendar
 * passes its own `to` (keeping the filter and page) and keeps the scroll position.
 */
export function EventCard({
  event,
  headingLevel = 3,
  to,
  preventScrollReset,
  id,
}: {
  event: EventView;
  headingLevel?: 2 | 3;
  to?: string;
  preventScrollReset?: boolean;
  id?: string;
}) {
  const { t, locale } = useI18n();
  const Icon = KIND_ICONS[event.kind];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const days = durationDays(event.startDate, event.endDate);
  return (
    // The focus ring sits on the card itself (a box-shadow), so overflow-hidden cannot clip it.
    <article
      id={id}
      data-status={event.status}
      className="group @container relative scroll-mt-24 flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-offset-2">
      <div className="relative aspect-[16/9] overflow-hidden bg-ocean-700">
        {/* Lazy, and asked for only once the page has hydrated: never the page's largest paint (decision 032). */}
        {event.imageUrl && (
          <ImageWithFallback
            src={event.imageUrl}
            alt=""
            width={640}
            height={360}
            sizes={CARD_SIZES}
            deferred
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        )}
        <div className="absolute left-3 top-3 flex gap-2">
          <EventStatusBadge event={event} />
        </div>
        <span className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-navy-900" title={t(`events.kind.${event.kind}` as const)}>
          <Icon className="size-5" aria-hidden />
          <span className="sr-only">{t(`events.kind.${event.kind}` as const)}</span>
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-2xl font-semibold leading-tight text-navy-900">
          <Link
            to={to ?? eventHref(event.slug)}
            preventScrollReset={preventScrollReset}
            data-event-opener={event.slug}
            className="after:absolute after:inset-0 after:rounded-lg focus:outline-none"
          >
            <span lang={langOf(event.fallback, "name")}>{event.name}</span>
          </Link>
        </Heading>
        {event.cancellationMessage ? (
          <p className="line-clamp-3 text-sm font-medium text-red-800" data-testid="card-cancellation">
            {event.cancellationMessage}
          </p>
        ) : (
          <p lang={langOf(event.fallback, "description")} className="line-clamp-3 text-sm text-muted-foreground">
            {event.description}
          </p>
        )}
        <dl className="mt-auto space-y-1.5 text-sm text-slate-700">
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t("events.dates")}</dt>
            <CalendarDays className="size-4 text-ocean-600" aria-hidden />
            <dd>
              {formatDateRange(event.startDate, event.endDate, locale)}
              <span className="text-muted-foreground"> · {t(days === 1 ? "events.durationOne" : "events.duration", { days })}</span>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t("events.location")}</dt>
            <MapPin className="size-4 text-ocean-600" aria-hidden />
            <dd>{event.location}</dd>
          </div>
          {event.placesLeft !== null && event.status === "upcoming" && event.bookingMode === "registration" && (
            <div className="flex items-center gap-2">
              <dt className="sr-only">{t("events.places")}</dt>
              <Users className="size-4 text-ocean-600" aria-hidden />
              <dd>
                {event.placesLeft === 0
                  ? t("events.fullyBooked")
                  : event.placesLeft === 1
                    ? t("events.placesLeftOne")
                    : t("events.placesLeft", { count: event.placesLeft })}
              </dd>
            </div>
          )}
        </dl>
        {/* Price and action stay on one line: the grid gives the card enough width, and on a
            narrow card the action shrinks to its arrow. */}
        <div className="flex items-center justify-between gap-3 border-t pt-3" data-testid="card-footer">
          {event.bookingMode !== "interest" ? (
            <p className="whitespace-nowrap text-lg font-bold text-navy-900" data-testid="card-price">
              <PriceNow event={event} testId="card-price-now" />
            </p>
          ) : (
            <span />
          )}
          <span aria-hidden className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap text-sm font-semibold text-ocean-600 group-hover:text-signal-700" data-testid="card-action">
            <span className="hidden @[18.5rem]:inline">{t("events.viewDetails")}</span>
            <span className="inline-flex items-center justify-center @max-[18.5rem]:size-8 @max-[18.5rem]:rounded-full @max-[18.5rem]:bg-foam-100 @max-[18.5rem]:group-hover:bg-foam-200">
              <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
            </span>
          </span>
        </div>
      </div>
    </article>
  );
}
