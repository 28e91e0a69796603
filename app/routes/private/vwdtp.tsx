import { CalendarDays, Clock, Euro, MapPin, ShieldCheck } from "lucide-react";
import { EventPrice } from "~/components/private/event-price";
import { PrivateEventCard } from "~/components/private/event-details";
import { euroNumber, longDateWithWeekday, timeRange } from "~/components/private/format";
import { MessageState } from "~/components/private/page-state";
import { RegisterButton } from "~/components/private/register-button";
import { useI18n } from "~/i18n";
import { amountDue } from "~/lib/booking";
import { type EventView } from "~/lib/events";
import type { Route } from "./+types/vwdtp";
import { accessCodeAction } from "./access.server";
import { deferToServer, PRIVATE_PAGE_ROUTES, PrivatePage, privatePageMeta, type PrivatePagePhase } from "./private-page";
import { privatePageLoader } from "./private-page.server";
import "~/i18n/private";

export { headers, shouldRevalidate } from "./private-page";

const PAGE = "vwdtp";

// The page's language is forced (see PRIVATE_PAGE_ROUTES).
export const handle = { locale: PRIVATE_PAGE_ROUTES[PAGE].locale };

export async function loader({ request }: Route.LoaderArgs) {
  // The spec: database errors on this page are logged and the empty state is shown.
  return privatePageLoader(request, PAGE, { missing: "empty", failed: "empty", show: ([event], now) => event && { event, now } });
}

export const action = ({ request, context }: Route.ActionArgs) => accessCodeAction(request, context, PAGE);
export const clientLoader = (args: Route.ClientLoaderArgs) => deferToServer(args);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(PAGE, matches[0].loaderData.publicUrl);
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

/** The members' badge once the page is open; the lock's badge while locked. */
function VwdtpKicker({ phase }: { phase: PrivatePagePhase }) {
  const { t } = useI18n();
  if (phase !== "open") return t(phase === "locked" ? "private.locked.badge" : "private.vwdtp.badge");
  return (
    <span className="inline-flex items-center gap-2 rounded-full border border-signal-500/50 bg-signal-500/10 px-3 py-1">
      <ShieldCheck className="size-4" aria-hidden />
      {t("private.vwdtp.badge")}
    </span>
  );
}

export default function VwdtpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <PrivatePage page={PAGE} data={loaderData} actionData={actionData} kicker={(phase) => <VwdtpKicker phase={phase} />} subtitle={t("private.vwdtp.subtitle")}>
      {(page) => (page.state === "loaded" ? <VwdtpEvent event={page.event} at={page.now} /> : <MessageState title={t("private.vwdtp.empty")} />)}
    </PrivatePage>
  );
}
