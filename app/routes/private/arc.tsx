import { CalendarDays, Mail } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { JsonLdScript } from "~/components/json-ld-script";
import { Deferred } from "~/components/private/deferred";
import { PrivateEventCard } from "~/components/private/event-details";
import { EventEnded } from "~/components/private/event-ended";
import { LoadingState, MessageState } from "~/components/private/page-state";
import { picturePreload } from "~/components/picture";
import { PrivateBody, PrivateHero } from "~/components/private/private-hero";
import { RegisterButton } from "~/components/private/register-button";
import { withNodes } from "~/components/private/with-nodes";
import { RegistrationDialog } from "~/components/registration-dialog";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { eventAction } from "~/lib/event-actions";
import { ENDED_AVAILABILITY, eventJsonLd, eventOver } from "~/lib/event-jsonld";
import type { EventView } from "~/lib/events";
import { formatDateRange } from "~/lib/dates";
import { pageMeta, type RootData } from "~/lib/seo";
import type { Route } from "./+types/arc";
import { deferToServer, placeAndPriceFacts } from "./private-page";
import { specialPageLoader } from "./private-page.server";
import "~/i18n/private";

/** The ARC's public page shows the event with this slug (data, not an id in code). */
const ARC_SLUG = "arc-2025";
const LOCALE = "en";

export const handle = { locale: LOCALE };

export async function loader() {
  return specialPageLoader("/arc", ARC_SLUG, LOCALE, "not_found");
}

export const clientLoader = (args: Route.ClientLoaderArgs) => deferToServer(args);

export function meta({ matches }: Route.MetaArgs) {
  const { publicUrl, languageAddress } = matches[0].loaderData;
  return pageMeta({
    title: "private.arc.meta.title",
    description: "private.arc.meta.description",
    path: "/arc",
    publicUrl,
    locale: LOCALE,
    languageAddress,
    image: "/images/atlantic-1280.webp",
    oneLanguage: true,
    // PrivateHero's picture (its default), the page's largest.
    largestPicture: picturePreload("atlantic"),
  });
}

function ArcJsonLd({ event, offerPriceCents }: { event: EventView; offerPriceCents: number }) {
  const { t } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const publicUrl = root?.publicUrl ?? "";
  const ld = eventJsonLd(event, { url: `${publicUrl}/arc`, organizerName: t("site.name"), organizerUrl: publicUrl, offerPriceCents });
  // Online registration is closed, but until the event has ended the page offers the remaining
  // spots by e-mail: in stock. Once it is over, the offer is no longer available.
  const availability = eventOver(event) ? ENDED_AVAILABILITY : "https://schema.org/InStock";
  const offers = ld.offers && typeof ld.offers === "object" ? { ...ld.offers, availability } : undefined;
  return <JsonLdScript data={offers ? { ...ld, offers } : ld} />;
}

function ArcEvent({ event, at, offerPriceCents }: { event: EventView; at: string; offerPriceCents: number }) {
  const { t, locale } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const bookable = eventAction(event, new Date(at)).kind === "register";
  return (
    <>
      <ArcJsonLd event={event} offerPriceCents={offerPriceCents} />
      <PrivateEventCard
        event={event}
        pageTitle={event.name}
        testId="arc-event"
        facts={[
          { icon: CalendarDays, label: t("private.date"), value: formatDateRange(event.startDate, event.endDate, locale) },
          ...placeAndPriceFacts(event, at, t, "private.arcRegistration.maxParticipants"),
        ]}
      >
        {eventOver(event) ? (
          <EventEnded event={event} />
        ) : bookable ? (
          <RegisterButton event={event} now={at} label={t("private.arc.register")} className="w-full" />
        ) : (
          <section
            aria-labelledby="arc-closed"
            className="rounded-lg border border-signal-500/40 bg-signal-500/5 p-5"
            data-testid="arc-closed"
          >
            <h3 id="arc-closed" className="text-2xl font-bold uppercase text-navy-900">
              {t("private.arc.closed.title")}
            </h3>
            <p className="mt-1 text-slate-700">{t("private.arc.closed.text")}</p>
            <Button asChild variant="accent" className="mt-4">
              <a href={`mailto:${root?.teamEmail ?? ""}?subject=${encodeURIComponent(event.name)}`}>
                <Mail aria-hidden />
                {t("private.arc.mailTeam")}
              </a>
            </Button>
            {/* The spec: the registration dialog is on the page, mounted but not opened. */}
            <RegistrationDialog event={event} open={false} onOpenChange={() => undefined} now={at} />
          </section>
        )}
      </PrivateEventCard>
    </>
  );
}

export default function ArcPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const help = withNodes(t("private.arc.errorHelp"), {
    calendar: (
      <Link to="/calendar" className="font-semibold text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
        {t("private.arc.calendarLink")}
      </Link>
    ),
  });
  return (
    <Deferred
      data={loaderData}
      fallback={
        <>
          <PrivateHero kicker={t("private.arc.kicker")} title={t("private.arc.title")} picture="atlantic" />
          <PrivateBody>
            <LoadingState text={t("private.arc.loading")} />
          </PrivateBody>
        </>
      }
    >
      {(page) => (
        <>
          <PrivateHero
            kicker={t("private.arc.kicker")}
            title={page.state === "loaded" ? page.event.name : t("private.arc.title")}
            subtitle={
              page.state === "loaded"
                ? `${formatDateRange(page.event.startDate, page.event.endDate, LOCALE)} · ${page.event.location}`
                : undefined
            }
            picture="atlantic"
          />
          <PrivateBody>
            {page.state === "loaded" && <ArcEvent event={page.event} at={page.now} offerPriceCents={page.offerPriceCents} />}
            {page.state === "not_found" && <MessageState title={t("private.arc.notFound")} text={help} />}
            {page.state === "error" && <MessageState tone="error" title={t("private.arc.error")} text={help} />}
          </PrivateBody>
        </>
      )}
    </Deferred>
  );
}
