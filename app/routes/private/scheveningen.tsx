import { CalendarDays, Clock, Euro, FileText, Mail, MapPin, Users } from "lucide-react";
import { data, useRouteLoaderData } from "react-router";
import { LockedPanel } from "~/components/private/locked-panel";
import { Deferred } from "~/components/private/deferred";
import { EventPrice } from "~/components/private/event-price";
import { PrivateEventCard } from "~/components/private/event-details";
import { dayMonthYear, timeOf } from "~/components/private/format";
import { LoadingState, MessageState } from "~/components/private/page-state";
import { PrivateBody, PrivateHero } from "~/components/private/private-hero";
import { RegisterButton } from "~/components/private/register-button";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { eventAction } from "~/lib/event-actions";
import { type EventView } from "~/lib/events";
import { pageMeta, type RootData } from "~/lib/seo";
import { log } from "@server/log.server";
import type { Route } from "./+types/scheveningen";
import { accessCodeAction, PRIVATE_HEADERS, unlockedPageEvents } from "./access.server";
import { privatePageHeaders, skipRevalidationAfterRefusal } from "./headers";

const PAGE = "scheveningen";
const LOCALE = "nl";

// Dutch whatever the language choice (the spec forces it).
export const handle = { locale: LOCALE };

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const page = await unlockedPageEvents(request, PAGE, LOCALE);
    if (page.state === "locked") return data({ state: "locked" as const }, { headers: PRIVATE_HEADERS });
    const [event] = page.events;
    if (!event) return data({ state: "not_found" as const }, { status: 404, headers: PRIVATE_HEADERS });
    return data({ state: "loaded" as const, event, now: page.now }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    log.error(`${PAGE}: loading the page failed`, error);
    return data({ state: "error" as const }, { status: 500, headers: PRIVATE_HEADERS });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return accessCodeAction({ request, context, pageKey: PAGE, locale: LOCALE, wrongCodeMessage: "private.scheveningen.wrongCode" });
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { pending: serverLoader() };
}

export const shouldRevalidate = skipRevalidationAfterRefusal;
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const { publicUrl } = matches[0].loaderData;
  return pageMeta({
    title: "private.scheveningen.title",
    description: "private.scheveningen.meta.description",
    path: `/${PAGE}`,
    publicUrl,
    locale: LOCALE,
    image: "/images/north-sea-1280.webp",
    noIndex: true,
  });
}

/** Full or closed: the spec's texts and the mail link for the waiting list. */
function RegistrationClosed({ event }: { event: EventView }) {
  const { t } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const subject = encodeURIComponent(`${t("private.scheveningen.waitlist")} ${event.name}`);
  return (
    <section
      aria-labelledby="closed-title"
      className="rounded-lg border border-signal-500/40 bg-signal-500/5 p-5"
      data-testid="registration-closed"
    >
      <h3 id="closed-title" className="text-2xl font-bold uppercase text-navy-900">
        {t("private.scheveningen.closed.title")}
      </h3>
      <p className="mt-1 text-slate-700">{t("private.scheveningen.closed.text")}</p>
      <p className="mt-4 font-semibold text-navy-900">{t("private.scheveningen.waitlist")}</p>
      <Button asChild variant="default" className="mt-2">
        <a href={`mailto:${root?.teamEmail ?? ""}?subject=${subject}`}>
          <Mail aria-hidden />
          {t("private.mailUs")}
        </a>
      </Button>
    </section>
  );
}

function ScheveningenEvent({ event, at }: { event: EventView; at: string }) {
  const { t, locale } = useI18n();
  const action = eventAction(event, new Date(at));
  const closed = action.kind === "waitlist" || action.kind === "fully_booked";
  return (
    <PrivateEventCard
      event={event}
      testId="private-event"
      facts={[
        {
          icon: CalendarDays,
          label: t("private.date"),
          value: `${dayMonthYear(event.startDate, locale)} - ${dayMonthYear(event.endDate, locale)}`,
        },
        { icon: Clock, label: t("private.time"), value: t("private.startTime", { time: timeOf(event.startDate, locale) }) },
        { icon: MapPin, label: t("private.location"), value: event.location },
        {
          icon: Euro,
          label: t("private.price"),
          value: (
            <>
              <EventPrice event={event} at={at} />
            </>
          ),
        },
        ...(event.maxParticipants !== null
          ? [
              {
                icon: Users,
                label: t("private.participants"),
                value: t("private.scheveningen.maxParticipants", { count: event.maxParticipants }),
              },
            ]
          : []),
      ]}
    >
      {closed ? (
        <RegistrationClosed event={event} />
      ) : (
        <RegisterButton event={event} now={at} label={t("private.scheveningen.register")} className="w-full" />
      )}
      {event.documentUrl && (
        <Button asChild variant="outline" className="bg-white">
          <a href={event.documentUrl} target="_blank" rel="noopener noreferrer">
            <FileText aria-hidden />
            {event.documentName || t("private.scheveningen.brochure")}
          </a>
        </Button>
      )}
    </PrivateEventCard>
  );
}

export default function ScheveningenPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const hero = (kicker: string) => <PrivateHero kicker={kicker} title={t("private.scheveningen.title")} picture="north-sea" />;
  return (
    <Deferred
      data={loaderData}
      fallback={
        <>
          {hero(t("private.locked.badge"))}
          <PrivateBody>
            <LoadingState text={t("private.scheveningen.loading")} />
          </PrivateBody>
        </>
      }
    >
      {(page) => (
        <>
          {hero(t("private.locked.badge"))}
          <PrivateBody>
            {page.state === "locked" && <LockedPanel text={t("private.scheveningen.locked.text")} actionData={actionData} />}
            {page.state === "loaded" && <ScheveningenEvent event={page.event} at={page.now} />}
            {page.state === "not_found" && (
              <MessageState title={t("private.scheveningen.notFound")} text={t("private.scheveningen.notFoundText")} />
            )}
            {page.state === "error" && (
              <MessageState tone="error" title={t("private.scheveningen.notFound")} text={t("private.scheveningen.error")} />
            )}
          </PrivateBody>
        </>
      )}
    </Deferred>
  );
}
