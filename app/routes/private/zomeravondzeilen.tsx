import { CalendarDays, Euro, MapPin, Sailboat } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { EventImage, FactList, IncludedList } from "~/components/private/event-details";
import { longDateWithWeekday, timeRange } from "~/components/private/format";
import { MessageState } from "~/components/private/page-state";
import { RegisterButton } from "~/components/private/register-button";
import { withNodes } from "~/components/private/with-nodes";
import { useI18n } from "~/i18n";
import type { EventView } from "~/lib/events";
import type { RootData } from "~/lib/seo";
import type { Route } from "./+types/zomeravondzeilen";
import { accessCodeAction } from "./access.server";
import { deferToServer, PRIVATE_PAGE_ROUTES, PrivatePage, privatePageMeta } from "./private-page";
import { privatePageLoader } from "./private-page.server";
import "~/i18n/private";

export { headers, shouldRevalidate } from "./private-page";

const PAGE = "zomeravondzeilen";

// The page's language is forced (see PRIVATE_PAGE_ROUTES).
export const handle = { locale: PRIVATE_PAGE_ROUTES[PAGE].locale };

export async function loader({ request }: Route.LoaderArgs) {
  // The spec: database errors on this page are logged and the empty state is shown.
  const show = (events: EventView[], now: string) => (events.length > 0 ? { events, now } : undefined);
  return privatePageLoader(request, PAGE, { missing: "empty", failed: "empty", show });
}

export const action = ({ request, context }: Route.ActionArgs) => accessCodeAction(request, context, PAGE);
export const clientLoader = (args: Route.ClientLoaderArgs) => deferToServer(args);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(PAGE, matches[0].loaderData.publicUrl);
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
      <EventImage src={event.imageUrl} aspectClassName="aspect-[21/9]" />
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
  return (
    <PrivatePage
      page={PAGE}
      data={loaderData}
      actionData={actionData}
      kicker={(phase) => t(phase === "locked" ? "private.locked.badge" : "private.zomer.invite.kicker")}
    >
      {(page) => (
        <>
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
        </>
      )}
    </PrivatePage>
  );
}
