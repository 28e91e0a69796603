import "~/i18n/manage";
import { data, isRouteErrorResponse, Link, redirect, useRouteLoaderData } from "react-router";
import { ActionResult } from "~/components/manage/action-result";
import { ApplicationNotice } from "~/components/manage/application";
import { BookingHero } from "~/components/manage/booking-overview";
import { CancelCard, CancelledNotice, PolicyCard } from "~/components/manage/cancellation";
import { DetailsCard } from "~/components/manage/details-form";
import { DisruptionCard } from "~/components/manage/disruption";
import { EventCard } from "~/components/manage/event-card";
import { Notice } from "~/components/manage/notice";
import { ParticipantsCard } from "~/components/manage/participants";
import { PaymentsCard } from "~/components/manage/payments";
import { SiteError } from "~/components/site-error";
import { translate, useI18n } from "~/i18n";
import { siteTitle, type RootData } from "~/lib/seo";
import { tokenLinkHeaders, tokenLinkLanguageRedirect, tokenLinkLocale, TOKEN_LINK_HEADERS } from "@server/http/token-link.server";
import { manageAction, manageView, requireBooking } from "./my-booking.server";
import type { Route } from "./+types/my-booking";

/**
 * /my-booking/<token>: the participant's own page, opened from the link in every booking e-mail
 * (decision 014). It shows the booking and its money, and lets them pay the balance, correct
 * their contact details until the event starts, and cancel under the event's policy. For a group
 * booking (decision 042) it is the booker's view of every place: participants (their state,
 * resend, replace, cancel one place). The participant's own page is /my-place. Every form
 * is a plain POST that works before hydration. A wrong token is the site's plain 404.
 *
 * The page's parts, one per concern, are in app/components/manage/: booking-overview (the top),
 * payments (money, payments and refunds) with balance (what is due, paying it), details-form,
 * cancellation (the policy, the cancel step, a cancelled booking), disruption (the choice after
 * a cancelled or moved date), action-result (what a form did), event-card.
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const booking = await requireBooking(params.token, context.clientAddress);
  const toLanguage = await tokenLinkLanguageRedirect(request, url, booking.registration.locale);
  if (toLanguage) throw toLanguage;
  const locale = await tokenLinkLocale(request, booking.registration.locale);
  const step = url.searchParams.get("step");
  return data(await manageView(booking, locale, step, url.searchParams.get("place")), { headers: TOKEN_LINK_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const booking = await requireBooking(params.token, context.clientAddress);
  const answer = await manageAction(request, booking, context.clientAddress);
  if (answer.kind === "redirect") return redirect(answer.location, { status: 303, headers: TOKEN_LINK_HEADERS });
  return data(answer.body, { status: answer.status, headers: { ...TOKEN_LINK_HEADERS, ...answer.headers } });
}

export const headers = tokenLinkHeaders;

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const locale = (matches[0].loaderData as RootData | undefined)?.locale ?? "nl";
  // No canonical or Open Graph tags: the address holds the participant's token.
  const title = loaderData ? translate(locale, "manage.meta.title", { reference: loaderData.reference }) : translate(locale, "notFound.title");
  return [
    { title: siteTitle(title) },
    { name: "description", content: translate(locale, "manage.meta.description") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}

export default function MyBookingPage({ loaderData: view, actionData, params }: Route.ComponentProps) {
  const { t } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const teamEmail = root?.teamEmail ?? "";
  const path = `/my-booking/${params.token}`;
  const cancelled = view.status === "cancelled" || view.status === "refunded";
  return (
    <>
      <BookingHero view={view} />
      <section className="bg-foam-100 py-10 sm:py-14">
        <div className="mx-auto grid max-w-5xl gap-6 px-4 sm:px-6 lg:grid-cols-3">
          <div className="grid content-start gap-6 lg:col-span-2">
            {actionData && <ActionResult result={actionData} teamEmail={teamEmail} />}
            {view.disruption && <DisruptionCard disruption={view.disruption} />}
            {cancelled && <CancelledNotice view={view} />}
            {view.status === "expired" && <Notice tone="neutral">{t("manage.expired.text")}</Notice>}
            <ApplicationNotice view={view} />
            {view.status === "pending_payment" && !view.can.payApproved && <Notice tone="pending">{t("manage.pending.text")}</Notice>}
            {view.crewFilePath && (
              <Notice tone="pending">
                <span className="font-semibold">{t("manage.crewFile.text")}</span>{" "}
                <a href={view.crewFilePath} className="font-semibold text-ocean-700 underline" data-testid="manage-crew-file">
                  {t("manage.crewFile.link")}
                </a>
              </Notice>
            )}
            {view.places && <ParticipantsCard view={view} places={view.places} path={path} actionData={actionData} />}
            <PaymentsCard view={view} path={path} />
            {view.status === "confirmed" && <DetailsCard view={view} actionData={actionData} teamEmail={teamEmail} />}
            {view.status === "confirmed" && <CancelCard view={view} path={path} />}
          </div>
          <div className="grid content-start gap-6">
            <EventCard view={view} path={path} />
            <PolicyCard view={view} />
            <p className="px-1 text-sm text-slate-700">{t("manage.help", { email: teamEmail })}</p>
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * A wrong token is the site's plain 404 (nothing about any booking); too many wrong tokens from
 * one address say so and for how long. Both inside the site's header and footer.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 429) {
    const seconds = (error.data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds ?? 600;
    return <TooManyTries minutes={Math.max(1, Math.ceil(seconds / 60))} />;
  }
  return <SiteError error={error} title />;
}

function TooManyTries({ minutes }: { minutes: number }) {
  const { t } = useI18n();
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center gap-5 bg-gradient-to-b from-navy-900 to-ocean-700 px-6 pt-16 text-center text-white">
      <title>{siteTitle(t("manage.tooMany.title"))}</title>
      <h1 className="text-3xl font-semibold">{t("manage.tooMany.title")}</h1>
      <p className="max-w-md text-foam-100">{t("manage.tooMany.text", { minutes })}</p>
      <Link to="/" className="rounded-md bg-white px-5 py-2.5 font-semibold text-navy-900 hover:bg-foam-100">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
