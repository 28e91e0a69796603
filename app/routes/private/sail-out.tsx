import { CalendarDays, Clock, Euro, MapPin, Users } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { JsonLdScript } from "~/components/json-ld-script";
import { Deferred } from "~/components/private/deferred";
import { PrivateEventCard } from "~/components/private/event-details";
import { EventEnded } from "~/components/private/event-ended";
import { EventPrice } from "~/components/private/event-price";
import { timeRange } from "~/components/private/format";
import { formatDateRange } from "~/lib/dates";
import { LoadingState, MessageState } from "~/components/private/page-state";
import { PrivateBody, PrivateHero } from "~/components/private/private-hero";
import { RegisterButton } from "~/components/private/register-button";
import { useI18n } from "~/i18n";
import { requestLocale } from "~/i18n/locale.server";
import { eventJsonLd, eventOver } from "~/lib/event-jsonld";
import type { EventView } from "~/lib/events";
import { pageMeta, type RootData } from "~/lib/seo";
import type { Route } from "./+types/sail-out";
import { deferToServer } from "./private-page";
import { specialPageLoader } from "./private-page.server";
import "~/i18n/private";

/** The Sail-Out page shows the event with this slug (data, not an id in code). */
const SAIL_OUT_SLUG = "sail-out";

export async function loader({ request }: Route.LoaderArgs) {
  return specialPageLoader("/sail-out", SAIL_OUT_SLUG, await requestLocale(request), "error");
}

export const clientLoader = (args: Route.ClientLoaderArgs) => deferToServer(args);

export function meta({ matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  return pageMeta({
    title: "private.sailOut.meta.title",
    description: "private.sailOut.meta.description",
    path: "/sail-out",
    publicUrl,
    locale,
    languageAddress,
    image: "/images/harbour-1280.webp",
  });
}

function SailOutEvent({ event, at, offerPriceCents }: { event: EventView; at: string; offerPriceCents: number }) {
  const { t, locale } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const publicUrl = root?.publicUrl ?? "";
  return (
    <>
      <JsonLdScript
        data={eventJsonLd(event, { url: `${publicUrl}/sail-out`, organizerName: t("site.name"), organizerUrl: publicUrl, offerPriceCents })}
      />
      <PrivateEventCard
        event={event}
        pageTitle={event.name}
        testId="sail-out-event"
        facts={[
          { icon: CalendarDays, label: t("private.date"), value: formatDateRange(event.startDate, event.endDate, locale) },
          { icon: Clock, label: t("private.time"), value: timeRange(event.startDate, event.endDate, locale) },
          { icon: MapPin, label: t("private.location"), value: event.location },
          { icon: Euro, label: t("private.price"), value: <EventPrice event={event} at={at} /> },
          ...(event.placesLeft !== null && event.status === "upcoming"
            ? [{ icon: Users, label: t("private.participants"), value: t("events.placesLeft", { count: event.placesLeft }) }]
            : []),
        ]}
      >
        {/* Opens the registration dialog by itself once loaded, if registration is open. */}
        {eventOver(event) ? (
          <EventEnded event={event} />
        ) : (
          <RegisterButton event={event} now={at} label={t("events.action.register")} autoOpen className="w-full" />
        )}
      </PrivateEventCard>
    </>
  );
}

export default function SailOutPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <Deferred
      data={loaderData}
      fallback={
        <>
          <PrivateHero kicker={t("private.sailOut.kicker")} title={t("private.sailOut.title")} picture="harbour" />
          <PrivateBody>
            <LoadingState text={t("private.sailOut.loading")} />
          </PrivateBody>
        </>
      }
    >
      {(page) =>
        page.state === "loaded" ? (
          <>
            <PrivateHero
              kicker={t("private.sailOut.kicker")}
              title={page.event.name}
              subtitle={`${formatDateRange(page.event.startDate, page.event.endDate, locale)} · ${page.event.location}`}
              picture="harbour"
            />
            <PrivateBody>
              <SailOutEvent event={page.event} at={page.now} offerPriceCents={page.offerPriceCents} />
            </PrivateBody>
          </>
        ) : (
          <>
            <PrivateHero kicker={t("private.sailOut.kicker")} title={t("private.sailOut.title")} picture="harbour" />
            <PrivateBody>
              <MessageState tone="error" title={t("private.sailOut.error")} />
            </PrivateBody>
          </>
        )
      }
    </Deferred>
  );
}
