import { CalendarDays, CreditCard, FileText, RotateCcw } from "lucide-react";
import { PrivateEventCard } from "~/components/private/event-details";
import { timeOf } from "~/components/private/format";
import { formatDateRange } from "~/lib/dates";
import { MessageState } from "~/components/private/page-state";
import { RegisterButton } from "~/components/private/register-button";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import type { EventView } from "~/lib/events";
import { PRIVATE_PAGES } from "@server/access/pages.server";
import { env } from "@server/env.server";
import type { Route } from "./+types/arc-registration";
import { accessCodeAction } from "./access.server";
import { deferToServer, PRIVATE_PAGE_ROUTES, placeAndPriceFacts, PrivatePage, privatePageMeta } from "./private-page";
import { privatePageLoader } from "./private-page.server";
import "~/i18n/private";

export { headers, shouldRevalidate } from "./private-page";

const PAGE = "arc-registration";

// The page's language is forced (see PRIVATE_PAGE_ROUTES).
export const handle = { locale: PRIVATE_PAGE_ROUTES[PAGE].locale };

export async function loader({ request }: Route.LoaderArgs) {
  const provider = env().STRIPE_SECRET_KEY ? ("stripe" as const) : ("test" as const);
  const admitWaitlist = PRIVATE_PAGES[PAGE].admitsWaitlist;
  const show = ([event]: EventView[], now: string) => event && { event, now, provider, admitWaitlist };
  return privatePageLoader(request, PAGE, { missing: "not_found", failed: "error", show });
}

export const action = ({ request, context }: Route.ActionArgs) => accessCodeAction(request, context, PAGE);
export const clientLoader = (args: Route.ClientLoaderArgs) => deferToServer(args);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(PAGE, matches[0].loaderData.publicUrl);
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
        ...placeAndPriceFacts(event, at, t, "private.arcRegistration.maxParticipants"),
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
          <Button asChild variant="outline" className="w-full">
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
  return (
    <PrivatePage page={PAGE} data={loaderData} actionData={actionData} showToggle>
      {(page) =>
        page.state === "loaded" ? (
          <ArcRegistrationCard event={page.event} at={page.now} provider={page.provider} admitWaitlist={page.admitWaitlist} />
        ) : (
          <MessageState
            tone={page.state === "error" ? "error" : "empty"}
            title={t("private.arcRegistration.notFound")}
            text={t("private.arcRegistration.notFoundText")}
          />
        )
      }
    </PrivatePage>
  );
}
