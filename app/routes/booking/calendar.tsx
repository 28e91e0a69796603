import { useEffect, useRef } from "react";
import { ArrowRight, CalendarSearch, Mail } from "lucide-react";
import { data, Link, useNavigate, useRouteLoaderData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { EventCard } from "~/components/event-card";
import { EventDialog, eventDialogRendered, preloadEventDialog } from "~/components/event-dialog";
import { preloadOnIntent } from "~/lib/load-on-intent";
import { JsonLdScript } from "~/components/json-ld-script";
import { listPage, LoadMore } from "~/components/load-more";
import { Button } from "~/components/ui/button";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { requestLocale } from "~/i18n/locale.server";
import { eventJsonLd } from "~/lib/event-jsonld";
import type { EventView } from "~/lib/events";
import { pageMeta, seo, type RootData } from "~/lib/seo";
import { picturePreload } from "~/components/picture";
import { cn } from "~/lib/utils";
import { PageHeader } from "~/routes/content/page-header";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { calendarCounts, calendarEventBySlug, calendarEvents, placesTakenByEvent } from "@server/events/queries.server";
import { toEventView } from "@server/events/view.server";
import { eventsAskingOnForm } from "@server/crew/answers.server";
import type { Route } from "./+types/calendar";

// A shared ?event= link: the open dialog hydrates with the page (eventDialogRendered).
if (eventDialogRendered()) await preloadEventDialog().catch(() => undefined);

const FILTERS = ["all", "upcoming", "live", "completed"] as const;
type Filter = (typeof FILTERS)[number];

const FILTER_LABELS: Record<Filter, MessageKey> = {
  all: "events.calendar.filter.all",
  upcoming: "events.calendar.filter.upcoming",
  live: "events.calendar.filter.live",
  completed: "events.calendar.filter.completed",
};

function parseFilter(value: string | null): Filter {
  return FILTERS.find((f) => f === value) ?? "all";
}

/** The calendar's address for a filter, a page and (optionally) an open event; "all" and page 1 are the defaults. */
function calendarHref(filter: Filter, page: number, slug?: string): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  if (slug) params.set("event", slug);
  const query = params.toString();
  return query ? `/calendar?${query}` : "/calendar";
}

/** Events per 'Load more' step (four rows of three). */
const CALENDAR_PAGE_SIZE = 12;

/**
 * The first `page` pages (`?page=N`, see LoadMore) of the filtered list, in calendar order, with
 * each filter's count. A shared ?event= link to an event further down the list still opens it:
 * the selected event is loaded by itself.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = await requestLocale(request);
  const at = now();
  const params = new URL(request.url).searchParams;
  const filter = parseFilter(params.get("filter"));
  const page = listPage(params);
  const slug = params.get("event");
  const counts = await calendarCounts(db(), at);
  const limit = page * CALENDAR_PAGE_SIZE;
  const rows = await calendarEvents(db(), at, locale, { filter, limit, counts });
  const selectedRow = slug && !rows.some((e) => e.slug === slug) ? await calendarEventBySlug(db(), slug) : undefined;
  const shown = selectedRow ? [...rows, selectedRow] : rows;
  const [taken, asking] = await Promise.all([placesTakenByEvent(db(), shown.map((e) => e.id), at), eventsAskingOnForm(db(), shown)]);
  const view = (e: (typeof rows)[number]) => toEventView(e, locale, at, taken.get(e.id) ?? 0, { asksOnForm: asking.has(e.id) });
  const events = rows.map(view);
  const selected = selectedRow ? view(selectedRow) : null;
  // A shared link to an event that is gone (or private) still shows the calendar, with a notice.
  const missing = slug !== null && !selected && !events.some((e) => e.slug === slug);
  return data({ events, selected, counts, hasMore: counts[filter] > limit, page, now: at.toISOString() }, missing ? { status: 404 } : undefined);
}

/**
 * The open dialog lives in the query string and its event is in the list (or loaded with it),
 * so opening and closing one needs no new data. A filter, a page, a language switch (?lang=)
 * or a form submission does.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("event");
    params.sort();
    return params.toString();
  };
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
}

/** The header's picture: the page's largest (preloaded in the head, unless an event's dialog is open). */
const HEADER_PICTURE = "boat-yard";

export function meta({ data: loaderData, matches: routeMatches, location }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = (routeMatches[0] as { loaderData: RootData }).loaderData;
  const slug = new URLSearchParams(location.search).get("event");
  const selected = slug ? (loaderData?.events.find((e) => e.slug === slug) ?? loaderData?.selected ?? undefined) : undefined;
  if (selected) {
    return seo({
      title: `${selected.name} | ${translate(locale, "site.name")}`,
      description: selected.description.slice(0, 300),
      path: `/calendar?event=${encodeURIComponent(selected.slug)}`,
      publicUrl,
      locale,
      languageAddress,
      languages: selected.languages,
      image: selected.imageUrl ?? undefined,
    });
  }
  return pageMeta({
    title: "events.calendar.metaTitle",
    description: "events.calendar.metaDescription",
    path: "/calendar",
    publicUrl,
    locale,
    languageAddress,
    largestPicture: picturePreload(HEADER_PICTURE),
  });
}

function FilterBar({ active, counts }: { active: Filter; counts: Record<Filter, number> }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t("events.calendar.filterLabel")} className="w-full sm:w-auto">
      <ul className="grid grid-cols-2 gap-1.5 rounded-lg bg-white p-1.5 shadow-sm ring-1 ring-border sm:flex sm:gap-2">
        {FILTERS.map((filter) => {
          const current = filter === active;
          return (
            <li key={filter}>
              <Link
                to={calendarHref(filter, 1)}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                data-filter={filter}
                className={cn(
                  "flex items-center justify-between gap-2 rounded-md px-3.5 py-2 text-sm font-semibold sm:inline-flex sm:justify-start transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  current ? "bg-navy-900 text-white" : "text-navy-800 hover:bg-foam-100",
                )}
              >
                {t(FILTER_LABELS[filter])}
                <span
                  className={cn(
                    "min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums",
                    current ? "bg-signal-700 text-white" : "bg-foam-100 text-ocean-700",
                  )}
                  data-testid={`count-${filter}`}
                >
                  {counts[filter]}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ContactBand() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="calendar-contact" className="below-fold bg-gradient-to-br from-ocean-700 to-navy-900 py-14 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="max-w-2xl">
          <h2 id="calendar-contact" className="text-3xl font-bold uppercase sm:text-4xl">
            {t("events.calendar.contactTitle")}
          </h2>
          <p className="mt-2 text-lg text-foam-200">{t("events.calendar.contactText")}</p>
        </div>
        <Button asChild variant="accent" size="lg">
          <Link to="/#contact">
            <Mail aria-hidden />
            {t("events.calendar.contactLink")}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}

function NotFoundNotice() {
  const { t } = useI18n();
  return (
    <div role="alert" className="mb-8 flex gap-3 rounded-lg border border-signal-500/40 bg-white p-4 shadow-sm">
      <CalendarSearch className="mt-0.5 size-5 shrink-0 text-signal-600" aria-hidden />
      <div>
        <p className="font-semibold text-navy-900">{t("events.calendar.notFoundTitle")}</p>
        <p className="text-sm text-muted-foreground">{t("events.calendar.notFoundText")}</p>
      </div>
    </div>
  );
}

function useStructuredData(events: EventView[]) {
  const { t } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const base = root?.publicUrl ?? "";
  return events.map((event) =>
    eventJsonLd(event, {
      url: `${base}/calendar?event=${encodeURIComponent(event.slug)}`,
      organizerName: t("site.name"),
      organizerUrl: `${base}/`,
    }),
  );
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { events, counts, hasMore, page, now: serverNow } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const listRef = useRef<HTMLDivElement>(null);
  // The dialog's code comes with the first sign of interest in a card, ahead of the click (the
  // list, and so the listener's element, exists while there are events).
  const listed = events.length > 0;
  useEffect(() => {
    const list = listRef.current;
    return list ? preloadOnIntent(list, preloadEventDialog, "a[data-event-opener]") : undefined;
  }, [listed]);
  const filter = parseFilter(searchParams.get("filter"));
  const slug = searchParams.get("event");
  const selected = slug ? (events.find((e) => e.slug === slug) ?? (loaderData.selected?.slug === slug ? loaderData.selected : undefined)) : undefined;
  const structuredData = useStructuredData(selected && !events.includes(selected) ? [...events, selected] : events);
  const closeHref = calendarHref(filter, page);

  return (
    <>
      <PageHeader kicker={t("events.calendar.kicker")} title={t("events.calendar.title")} lead={t("events.calendar.intro")} picture={HEADER_PICTURE}>
        <p className="mt-6">
          <Link to="/#contact" className="inline-flex items-center gap-2 font-semibold text-white underline-offset-4 hover:underline">
            <Mail className="size-4 text-signal-500" aria-hidden />
            {t("events.calendar.contactLink")}
          </Link>
        </p>
      </PageHeader>

      <section aria-labelledby="calendar-list-title" className="bg-foam-100 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {slug !== null && !selected && <NotFoundNotice />}
          <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
            <h2 id="calendar-list-title" className="sr-only">
              {t(FILTER_LABELS[filter])}
            </h2>
            <FilterBar active={filter} counts={counts} />
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t("events.calendar.countLabel", { count: counts[filter] })}
            </p>
          </div>
          {events.length === 0 ? (
            <p className="rounded-lg bg-white p-8 text-center text-muted-foreground shadow-sm">
              {counts.all === 0 ? t("events.calendar.emptyAll") : t("events.calendar.empty")}
            </p>
          ) : (
            <div ref={listRef}>
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {events.map((event, index) => (
                  <EventCard key={event.id} id={`event-item-${index + 1}`} event={event} to={calendarHref(filter, page, event.slug)} preventScrollReset />
                ))}
              </div>
              {hasMore && (
                <LoadMore
                  href={`${calendarHref(filter, page + 1)}#event-item-${events.length + 1}`}
                  label={t("events.calendar.loadMore")}
                  loadingLabel={t("events.calendar.loadingMore")}
                  itemCount={events.length}
                  listRef={listRef}
                  itemSelector="a[data-event-opener]"
                  testId="calendar-load-more"
                />
              )}
            </div>
          )}
        </div>
      </section>

      <ContactBand />

      {structuredData.length > 0 && <JsonLdScript data={structuredData} />}

      {selected && (
        <EventDialog
          key={selected.slug}
          event={selected}
          open
          onOpenChange={(open) => {
            if (!open) navigate(closeHref, { preventScrollReset: true });
          }}
          now={serverNow}
          closeHref={closeHref}
        />
      )}
    </>
  );
}
