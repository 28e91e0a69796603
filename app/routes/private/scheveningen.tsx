import { CalendarDays, Clock, FileText, ListPlus, Mail } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { PrivateEventCard } from "~/components/private/event-details";
import { dayMonthYear, timeOf } from "~/components/private/format";
import { MessageState } from "~/components/private/page-state";
import { RegisterButton } from "~/components/private/register-button";
import { Button } from "~/components/ui/button";
import { waitlistPath } from "~/components/waitlist-form-inline";
import { useI18n } from "~/i18n";
import "~/i18n/waitlist";
import { eventAction } from "~/lib/event-actions";
import { type EventView } from "~/lib/events";
import type { RootData } from "~/lib/seo";
import type { Route } from "./+types/scheveningen";
import { accessCodeAction } from "./access.server";
import { deferToServer, PRIVATE_PAGE_ROUTES, placeAndPriceFacts, PrivatePage, privatePageMeta } from "./private-page";
import { privatePageLoader } from "./private-page.server";
import "~/i18n/private";

export { headers, shouldRevalidate } from "./private-page";

const PAGE = "scheveningen";

// The page's language is forced (see PRIVATE_PAGE_ROUTES).
export const handle = { locale: PRIVATE_PAGE_ROUTES[PAGE].locale };

export async function loader({ request }: Route.LoaderArgs) {
  return privatePageLoader(request, PAGE, { missing: "not_found", failed: "error", show: ([event], now) => event && { event, now } });
}

export const action = ({ request, context }: Route.ActionArgs) => accessCodeAction(request, context, PAGE);
export const clientLoader = (args: Route.ClientLoaderArgs) => deferToServer(args);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(PAGE, matches[0].loaderData.publicUrl);
}

/** Full or closed: the spec's texts, the waiting-list form's page and the mail link. */
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
      <div className="mt-2 flex flex-wrap gap-2">
        {/* The form is a page of its own (works without JavaScript); this unlocked browser may open it. */}
        <Button asChild variant="accent">
          <a href={waitlistPath(event.slug)} data-action="waitlist">
            <ListPlus aria-hidden />
            {t("waitlist.action.join")}
          </a>
        </Button>
        <Button asChild variant="default">
          <a href={`mailto:${root?.teamEmail ?? ""}?subject=${subject}`}>
            <Mail aria-hidden />
            {t("private.mailUs")}
          </a>
        </Button>
      </div>
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
        ...placeAndPriceFacts(event, at, t, "private.scheveningen.maxParticipants"),
      ]}
    >
      {closed ? (
        <RegistrationClosed event={event} />
      ) : (
        <RegisterButton event={event} now={at} label={t("private.scheveningen.register")} className="w-full" />
      )}
      {event.documentUrl && (
        <Button asChild variant="outline">
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
  return (
    <PrivatePage page={PAGE} data={loaderData} actionData={actionData}>
      {(page) => (
        <>
          {page.state === "loaded" && <ScheveningenEvent event={page.event} at={page.now} />}
          {page.state === "not_found" && (
            <MessageState title={t("private.scheveningen.notFound")} text={t("private.scheveningen.notFoundText")} />
          )}
          {page.state === "error" && (
            <MessageState tone="error" title={t("private.scheveningen.notFound")} text={t("private.scheveningen.error")} />
          )}
        </>
      )}
    </PrivatePage>
  );
}
