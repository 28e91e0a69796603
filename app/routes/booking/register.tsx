import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { RegistrationForm } from "~/components/registration-form";
import { translate, useI18n } from "~/i18n";
import "~/i18n/booking";
import { requestLocale } from "~/i18n/locale.server";
import { EventWhenWhere } from "~/components/event-when-where";
import { seo } from "~/lib/seo";
import { eventForRegistration, registerFromForm } from "./register.server";
import { eventRefusal, REFUSAL_MESSAGES } from "@server/booking/registration.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { toEventView } from "@server/events/view.server";
import { registrationQuestions } from "@server/crew/answers.server";
import type { Route } from "./+types/register";

/**
 * /events/<slug>/register: the registration form as a page of its own, for visitors without
 * JavaScript (and as the dialog's fallback), and the action the dialog posts to.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = await requestLocale(request);
  const found = await eventForRegistration(request, params.slug);
  if (!found) throw data(translate(locale, "booking.error.notFound"), { status: 404 });
  const at = now();
  const { event, admitWaitlist } = found;
  const taken = (await placesTakenByEvent(db(), [event.id], at)).get(event.id) ?? 0;
  const view = toEventView(event, locale, at, taken, { questions: (await registrationQuestions(db(), [event], locale)).get(event.id) });
  const refusal = eventRefusal(event, at, taken, admitWaitlist);
  return { event: view, now: at.toISOString(), unavailable: refusal ? translate(locale, REFUSAL_MESSAGES[refusal]) : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const answer = await registerFromForm(request, params.slug, context.clientAddress);
  if (answer.kind === "redirect") return redirect(answer.location, 303);
  return data(answer.data, { status: answer.status, headers: answer.headers });
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  const name = loaderData?.event.name ?? translate(locale, "booking.error.notFound");
  return seo({
    title: `${translate(locale, loaderData?.event.requiresApproval ? "booking.application.formTitle" : "booking.form.title", { event: name })} | ${translate(locale, "site.name")}`,
    description: loaderData?.event.description.slice(0, 160) ?? translate(locale, "site.description"),
    path: loaderData ? `/events/${loaderData.event.slug}/register` : "/calendar",
    publicUrl,
    locale,
    languageAddress,
    noIndex: true,
  });
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { event, now: serverNow, unavailable } = loaderData;
  return (
    <>
      <section className="bg-navy-900 pb-12 pt-28 text-white">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <Link to={`/calendar?event=${encodeURIComponent(event.slug)}`} className="inline-flex items-center gap-1.5 text-sm text-foam-200 hover:text-white">
            <ArrowLeft className="size-4" aria-hidden />
            {t("booking.standalone.back")}
          </Link>
          <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-signal-500">{t("booking.standalone.kicker")}</p>
          <h1 className="mt-2 text-4xl font-bold uppercase leading-none sm:text-5xl">
            {t(event.requiresApproval ? "booking.application.formTitle" : "booking.form.title", { event: event.name })}
          </h1>
          <div className="mt-4">
            <EventWhenWhere event={event} />
          </div>
        </div>
      </section>
      <section className="bg-foam-100 py-10 sm:py-14">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <div className="rounded-xl border bg-white p-5 shadow-sm sm:p-8">
            {unavailable ? (
              <div role="status" className="grid gap-4">
                <p className="text-lg font-semibold text-navy-900">{unavailable}</p>
                <p className="text-muted-foreground">{t("booking.standalone.unavailable")}</p>
                <Link to="/calendar" className="font-medium text-ocean-600 underline underline-offset-2">
                  {t("booking.standalone.back")}
                </Link>
              </div>
            ) : (
              <RegistrationForm event={event} now={serverNow} initialResult={actionData} headingLevel={2} />
            )}
          </div>
        </div>
      </section>
    </>
  );
}
