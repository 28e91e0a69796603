import { CalendarDays, Euro, MapPin, Sailboat } from "lucide-react";
import { data, useRouteLoaderData } from "react-router";
import { LockedPanel } from "~/components/private/locked-panel";
import { Deferred } from "~/components/private/deferred";
import { EventImage, FactList, IncludedList } from "~/components/private/event-details";
import { longDateWithWeekday, timeRange } from "~/components/private/format";
import { LoadingState, MessageState } from "~/components/private/page-state";
import { PrivateBody, PrivateHero } from "~/components/private/private-hero";
import { RegisterButton } from "~/components/private/register-button";
import { withNodes } from "~/components/private/with-nodes";
import { useI18n } from "~/i18n";
import type { EventView } from "~/lib/events";
import { pageMeta, type RootData } from "~/lib/seo";
import { log } from "@server/log.server";
import type { Route } from "./+types/zomeravondzeilen";
import { accessCodeAction, PRIVATE_HEADERS, unlockedPageEvents } from "./access.server";
import { privatePageHeaders, skipRevalidationAfterRefusal } from "./headers";

const PAGE = "zomeravondzeilen";
const LOCALE = "nl";

export const handle = { locale: LOCALE };

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const page = await unlockedPageEvents(request, PAGE, LOCALE);
    if (page.state === "locked") return data({ state: "locked" as const }, { headers: PRIVATE_HEADERS });
    if (page.events.length === 0) return data({ state: "empty" as const }, { status: 404, headers: PRIVATE_HEADERS });
    return data({ state: "loaded" as const, events: page.events, now: page.now }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    // The spec: database errors on this page are logged and the empty state is shown.
    log.error(`${PAGE}: loading the page failed`, error);
    return data({ state: "empty" as const }, { status: 500, headers: PRIVATE_HEADERS });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return accessCodeAction({ request, context, pageKey: PAGE, locale: LOCALE, wrongCodeMessage: "private.zomer.wrongCode" });
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { pending: serverLoader() };
}

export const shouldRevalidate = skipRevalidationAfterRefusal;
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const { publicUrl } = matches[0].loaderData;
  return pageMeta({
    title: "private.zomer.meta.title",
    description: "private.zomer.meta.description",
    path: `/${PAGE}`,
    publicUrl,
    locale: LOCALE,
    image: "/images/evening-1280.webp",
    noIndex: true,
  });
}

function Invitation() {
  const { t } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const email = root?.teamEmail ?? "";
  return (
    <section aria-labelledby="invite-title" className="mb-12 grid gap-8 rounded-xl bg-navy-900 p-6 text-white shadow-xl sm:p-10 lg:grid-cols-[1fr_1.2fr]">
      <div>
        {/* The hero's kicker already says "Uitnodiging": no second one here. */}
        <h2 id="invite-title" className="text-4xl font-bold uppercase leading-none sm:text-5xl">
          {t("private.zomer.invite.title")}
        </h2>
      </div>
      <div className="space-y-4 text-lg text-foam-100" data-testid="invitation">
        <p>{t("private.zomer.invite.intro")}</p>
        <p>{t("private.zomer.invite.boat")}</p>
        <p>{t("private.zomer.invite.practical")}</p>
        <p>
          {withNodes(t("private.zomer.invite.doubt"), {
            email: (
              <a href={`mailto:${email}`} className="font-semibold text-white underline decoration-signal-500 underline-offset-4 hover:text-foam-200">
                {email}
              </a>
            ),
          })}
        </p>
        <p>{t("private.zomer.invite.cancel")}</p>
      </div>
    </section>
  );
}

function EveningCard({ event, at }: { event: EventView; at: string }) {
  const { t, locale } = useI18n();
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition-shadow hover:shadow-lg" data-testid="evening">
      <EventImage src={event.imageUrl} className="aspect-[21/9]" />
      <div className="flex flex-1 flex-col gap-5 p-6">
        <h3 className="text-2xl font-bold uppercase leading-tight text-navy-900">{event.name}</h3>
        <p className="text-slate-700">{event.description}</p>
        <FactList
          className="sm:grid-cols-2"
          facts={[
            {
              icon: CalendarDays,
              label: t("private.date"),
              value: `${longDateWithWeekday(event.startDate, locale)}, ${timeRange(event.startDate, event.endDate, locale)}`,
              wide: true,
            },
            { icon: MapPin, label: t("private.location"), value: event.location },
            { icon: Euro, label: t("private.price"), value: <span className="text-lg font-bold text-signal-700">{t("private.free")}</span> },
          ]}
        />
        <IncludedList title={t("private.included")} items={event.included} headingLevel={4} />
        <div className="mt-auto pt-2">
          <RegisterButton event={event} now={at} label={t("private.zomer.register")} className="w-full sm:w-auto" />
        </div>
      </div>
    </article>
  );
}

export default function ZomeravondzeilenPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const hero = (kicker: string) => <PrivateHero kicker={kicker} title={t("private.zomer.title")} picture="evening" />;
  return (
    <Deferred
      data={loaderData}
      fallback={
        <>
          {hero(t("private.zomer.invite.kicker"))}
          <PrivateBody>
            <LoadingState text={t("private.zomer.loading")} />
          </PrivateBody>
        </>
      }
    >
      {(page) =>
        page.state === "locked" ? (
          <>
            {hero(t("private.locked.badge"))}
            <PrivateBody>
              <LockedPanel text={t("private.zomer.locked.text")} actionData={actionData} />
            </PrivateBody>
          </>
        ) : (
          <>
            {hero(t("private.zomer.invite.kicker"))}
            <PrivateBody>
              <Invitation />
              {page.state === "loaded" ? (
                <section aria-labelledby="evenings-title">
                  <h2 id="evenings-title" className="mb-6 flex items-center gap-3 text-3xl font-bold uppercase text-navy-900">
                    <Sailboat className="size-7 text-signal-500" aria-hidden />
                    {t("private.zomer.eventsTitle")}
                  </h2>
                  <div className="grid gap-6 md:grid-cols-2">
                    {page.events.map((event) => (
                      <EveningCard key={event.id} event={event} at={page.now} />
                    ))}
                  </div>
                </section>
              ) : (
                <MessageState title={t("private.zomer.empty")} />
              )}
            </PrivateBody>
          </>
        )
      }
    </Deferred>
  );
}
