import { CalendarDays, Clock, Euro, MapPin, ShieldCheck } from "lucide-react";
import { data } from "react-router";
import { LockedPanel } from "~/components/private/locked-panel";
import { Deferred } from "~/components/private/deferred";
import { EventPrice } from "~/components/private/event-price";
import { PrivateEventCard } from "~/components/private/event-details";
import { euroNumber, longDateWithWeekday, timeRange } from "~/components/private/format";
import { LoadingState, MessageState } from "~/components/private/page-state";
import { PrivateBody, PrivateHero } from "~/components/private/private-hero";
import { RegisterButton } from "~/components/private/register-button";
import { useI18n } from "~/i18n";
import { amountDue } from "~/lib/booking";
import { type EventView } from "~/lib/events";
import { pageMeta } from "~/lib/seo";
import { log } from "@server/log.server";
import type { Route } from "./+types/vwdtp";
import { accessCodeAction, PRIVATE_HEADERS, unlockedPageEvents } from "./access.server";
import { privatePageHeaders, skipRevalidationAfterRefusal } from "./headers";

const PAGE = "vwdtp";
const LOCALE = "nl";

// The spec's page for the association's members is Dutch, whatever the visitor's choice.
export const handle = { locale: LOCALE };

export async function loader({ request }: Route.LoaderArgs) {
  try {
    // Until the page is unlocked nothing about the event leaves the server.
    const page = await unlockedPageEvents(request, PAGE, LOCALE);
    if (page.state === "locked") return data({ state: "locked" as const }, { headers: PRIVATE_HEADERS });
    const [event] = page.events;
    if (!event) return data({ state: "empty" as const }, { status: 404, headers: PRIVATE_HEADERS });
    return data({ state: "loaded" as const, event, now: page.now }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    // The spec: database errors on this page are logged and the empty state is shown.
    log.error(`${PAGE}: loading the page failed`, error);
    return data({ state: "empty" as const }, { status: 500, headers: PRIVATE_HEADERS });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return accessCodeAction({ request, context, pageKey: PAGE, locale: LOCALE, wrongCodeMessage: "private.vwdtp.wrongCode" });
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { pending: serverLoader() };
}

export const shouldRevalidate = skipRevalidationAfterRefusal;
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const { publicUrl } = matches[0].loaderData;
  return pageMeta({
    title: "private.vwdtp.meta.title",
    description: "private.vwdtp.meta.description",
    path: `/${PAGE}`,
    publicUrl,
    locale: LOCALE,
    image: "/images/corporate-1280.webp",
    noIndex: true,
  });
}

function VwdtpEvent({ event, at }: { event: EventView; at: string }) {
  const { t, locale } = useI18n();
  const due = amountDue(event, new Date(at));
  return (
    <PrivateEventCard
      event={event}
      pageTitle={t("private.vwdtp.title")}
      testId="private-event"
      facts={[
        { icon: CalendarDays, label: t("private.date"), value: longDateWithWeekday(event.startDate, locale), testId: "event-date" },
        { icon: Clock, label: t("private.time"), value: timeRange(event.startDate, event.endDate, locale) },
        { icon: MapPin, label: t("private.location"), value: event.location },
        {
          icon: Euro,
          label: t("private.price"),
          value: (
            <>
              <EventPrice event={event} at={at} />{" "}
              <span className="text-sm text-muted-foreground">{t("private.vwdtp.fullPayment")}</span>
            </>
          ),
        },
      ]}
    >
      <div className="space-y-3">
        <RegisterButton
          event={event}
          now={at}
          label={t("private.vwdtp.register")}
          note={t("private.vwdtp.note", { price: euroNumber(due.amountDueCents, locale) })}
          className="w-full"
        />
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="size-4 text-ocean-600" aria-hidden />
          {t("private.vwdtp.note", { price: euroNumber(due.amountDueCents, locale) })}
        </p>
      </div>
    </PrivateEventCard>
  );
}

export default function VwdtpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <Deferred
      data={loaderData}
      fallback={
        <>
          <PrivateHero kicker={t("private.vwdtp.badge")} title={t("private.vwdtp.title")} picture="corporate" />
          <PrivateBody>
            <LoadingState text={t("private.vwdtp.loading")} />
          </PrivateBody>
        </>
      }
    >
      {(page) =>
        page.state === "locked" ? (
          <>
            <PrivateHero kicker={t("private.locked.badge")} title={t("private.vwdtp.title")} picture="corporate" />
            <PrivateBody>
              <LockedPanel text={t("private.vwdtp.locked.text")} actionData={actionData} />
            </PrivateBody>
          </>
        ) : (
          <>
            <PrivateHero
              kicker={
                <span className="inline-flex items-center gap-2 rounded-full border border-signal-500/50 bg-signal-500/10 px-3 py-1">
                  <ShieldCheck className="size-4" aria-hidden />
                  {t("private.vwdtp.badge")}
                </span>
              }
              title={t("private.vwdtp.title")}
              subtitle={t("private.vwdtp.subtitle")}
              picture="corporate"
            />
            <PrivateBody>
              {page.state === "loaded" ? (
                <VwdtpEvent event={page.event} at={page.now} />
              ) : (
                <MessageState title={t("private.vwdtp.empty")} />
              )}
            </PrivateBody>
          </>
        )
      }
    </Deferred>
  );
}
