import { CalendarDays, CreditCard, Euro, FileText, MapPin, RotateCcw, Users } from "lucide-react";
import { data } from "react-router";
import { LockedPanel } from "~/components/private/locked-panel";
import { Deferred } from "~/components/private/deferred";
import { EventPrice } from "~/components/private/event-price";
import { PrivateEventCard } from "~/components/private/event-details";
import { timeOf } from "~/components/private/format";
import { LoadingState, MessageState } from "~/components/private/page-state";
import { PrivateBody, PrivateHero } from "~/components/private/private-hero";
import { RegisterButton } from "~/components/private/register-button";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { formatDateRange, type EventView } from "~/lib/events";
import { pageMeta } from "~/lib/seo";
import { PRIVATE_PAGES } from "@server/access/pages.server";
import { env } from "@server/env.server";
import { log } from "@server/log.server";
import type { Route } from "./+types/arc-registration";
import { accessCodeAction, PRIVATE_HEADERS, unlockedPageEvents } from "./access.server";
import { privatePageHeaders, skipRevalidationAfterRefusal } from "./headers";

const PAGE = "arc-registration";
const LOCALE = "en";

// The spec's ARC registration page is English.
export const handle = { locale: LOCALE };

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const page = await unlockedPageEvents(request, PAGE, LOCALE);
    if (page.state === "locked") return data({ state: "locked" as const }, { headers: PRIVATE_HEADERS });
    const [event] = page.events;
    if (!event) return data({ state: "not_found" as const }, { status: 404, headers: PRIVATE_HEADERS });
    return data(
      {
        state: "loaded" as const,
        event,
        now: page.now,
        provider: env().STRIPE_SECRET_KEY ? ("stripe" as const) : ("test" as const),
        admitWaitlist: PRIVATE_PAGES[PAGE].admitsWaitlist,
      },
      { headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    log.error(`${PAGE}: loading the page failed`, error);
    return data({ state: "error" as const }, { status: 500, headers: PRIVATE_HEADERS });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return accessCodeAction({ request, context, pageKey: PAGE, locale: LOCALE, wrongCodeMessage: "private.arcRegistration.wrongCode" });
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { pending: serverLoader() };
}

export const shouldRevalidate = skipRevalidationAfterRefusal;
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const { publicUrl } = matches[0].loaderData;
  return pageMeta({
    title: "private.arcRegistration.title",
    description: "private.arcRegistration.meta.description",
    path: `/${PAGE}`,
    publicUrl,
    locale: LOCALE,
    image: "/images/atlantic-1280.webp",
    noIndex: true,
  });
}

function ArcRegistrationCard({
  event,
  at,
  provider,
  admitWaitlist,
}: {
  event: EventView;
  at: string;
  provider: "stripe" | "test";
  admitWaitlist: boolean;
}) {
  const { t, locale } = useI18n();
  return (
    <PrivateEventCard
      event={event}
      testId="private-event"
      facts={[
        {
          icon: CalendarDays,
          label: t("private.date"),
          value: (
            <>
              <span data-testid="date-range">{formatDateRange(event.startDate, event.endDate, locale)}</span>
              <span className="block text-sm font-normal text-muted-foreground">
                {t("private.startTime", { time: timeOf(event.startDate, locale) })}
              </span>
            </>
          ),
        },
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
                value: t("private.arcRegistration.maxParticipants", { count: event.maxParticipants }),
              },
            ]
          : []),
      ]}
    >
      <div className="space-y-3">
        <RegisterButton
          event={event}
          now={at}
          label={t("private.arcRegistration.register")}
          admitWaitlist={admitWaitlist}
          className="w-full"
        />
        {event.documentUrl && (
          <Button asChild variant="outline" className="w-full bg-white">
            <a href={event.documentUrl} target="_blank" rel="noopener noreferrer">
              <FileText aria-hidden />
              {event.documentName || t("private.arcRegistration.brochure")}
            </a>
          </Button>
        )}
      </div>
      <ul className="mt-auto space-y-2 border-t pt-5 text-sm text-slate-700">
        <li className="flex gap-2">
          <CreditCard className="mt-0.5 size-4 shrink-0 text-ocean-600" aria-hidden />
          {t("private.arcRegistration.securePayment", {
            provider: t(provider === "stripe" ? "private.provider.stripe" : "private.provider.test"),
          })}
        </li>
        <li className="flex gap-2">
          <RotateCcw className="mt-0.5 size-4 shrink-0 text-ocean-600" aria-hidden />
          {t("private.arcRegistration.refund")}
        </li>
      </ul>
    </PrivateEventCard>
  );
}

export default function ArcRegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const hero = <PrivateHero kicker={t("private.locked.badge")} title={t("private.arcRegistration.title")} picture="atlantic" />;
  return (
    <Deferred
      data={loaderData}
      fallback={
        <>
          {hero}
          <PrivateBody>
            <LoadingState text={t("private.arcRegistration.loading")} />
          </PrivateBody>
        </>
      }
    >
      {(page) => (
        <>
          {hero}
          <PrivateBody>
            {page.state === "locked" && <LockedPanel text={t("private.arcRegistration.locked.text")} actionData={actionData} showToggle />}
            {page.state === "loaded" && (
              <ArcRegistrationCard event={page.event} at={page.now} provider={page.provider} admitWaitlist={page.admitWaitlist} />
            )}
            {(page.state === "not_found" || page.state === "error") && (
              <MessageState
                tone={page.state === "error" ? "error" : "empty"}
                title={t("private.arcRegistration.notFound")}
                text={t("private.arcRegistration.notFoundText")}
              />
            )}
          </PrivateBody>
        </>
      )}
    </Deferred>
  );
}
