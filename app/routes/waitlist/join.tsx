import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { EventFormPage } from "~/components/event-form-page";
import { PageWaitlistForm, WaitlistSuccess, type WaitlistActionData } from "~/components/waitlist-form";
import { isLocale, translate, useI18n, type Locale } from "~/i18n";
import "~/i18n/waitlist";
import { requestLocale } from "~/i18n/locale.server";
import { waitlistPath } from "~/lib/event-signup-paths";
import { seo, type RootData } from "~/lib/seo";
import { waitlistSchema } from "~/schemas/waitlist";
import { eventForRegistration } from "~/routes/booking/register.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from "@server/db/timeouts.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { eventNameIn, toEventView } from "@server/events/view.server";
import { readForm } from "@server/http/form.server";
import { log } from "@server/log.server";
import { acceptsWaitlist, joinWaitlist } from "@server/waitlist/entries.server";
import { waitlistLimiter } from "@server/waitlist/limits.server";
import type { Route } from "./+types/join";

/**
 * /events/<slug>/waitlist: joining an event's waiting list, as a page of its own (works without
 * JavaScript) and the action the event dialog's inline form posts to. Events of a private page
 * are not found until this browser unlocked the page, as for registering.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = await requestLocale(request);
  const found = await eventForRegistration(request, params.slug);
  if (!found) throw data(null, { status: 404 });
  const at = now();
  const taken = (await placesTakenByEvent(db(), [found.event.id], at)).get(found.event.id) ?? 0;
  return {
    event: toEventView(found.event, locale, at, taken),
    open: await acceptsWaitlist(db(), found.event, locale, at),
    joined: new URL(request.url).searchParams.get("joined") === "1",
  };
}

function answer(body: WaitlistActionData, status: number, headers?: HeadersInit) {
  return data(body, { status, headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const limit = await waitlistLimiter.consume(context.clientAddress).catch((error: unknown) => {
    log.error("Waiting list: the rate limit could not be read", error);
    return undefined;
  });
  if (!limit) return answer({ outcome: { status: "failed" } }, 503);
  if (!limit.allowed) {
    return answer({ outcome: { status: "failed", message: "common.tooManyRequests" } }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  const formData = await readForm(request);
  const posted = formData.get("locale");
  const locale: Locale = isLocale(posted) ? posted : await requestLocale(request);
  // The dialog posts with a fetcher and wants data; a plain form post gets a redirect (PRG).
  const inline = formData.get("inline") === "1";
  const submission = parseWithZod(formData, { schema: waitlistSchema });
  if (submission.status !== "success") return answer({ outcome: { status: "invalid" }, reply: submission.reply() }, 400);

  try {
    const found = await eventForRegistration(request, params.slug);
    if (!found) return answer({ outcome: { status: "failed", message: "events.calendar.notFoundTitle" } }, 404);
    const result = await joinWaitlist(db(), { event: found.event, input: submission.value, locale, now: now() });
    switch (result.status) {
      case "joined": {
        if (inline) {
          const eventName = eventNameIn(found.event, locale);
          return answer({ outcome: { status: "joined", eventName } }, 200);
        }
        return redirect(`${waitlistPath(params.slug)}?joined=1`, 303);
      }
      case "duplicate":
        // An expected answer, not a failure: 200 keeps the browser console clean.
        return answer({ outcome: { status: "duplicate" }, reply: submission.reply() }, 200);
      case "closed":
        return answer({ outcome: { status: "failed", message: "waitlist.closed" }, reply: submission.reply() }, 409);
      case "too_many_places":
        // Bad input for this event: the field says so (the form offers only the event's sizes).
        return answer({ outcome: { status: "invalid" }, reply: submission.reply({ fieldErrors: { places: ["waitlist.form.tooManyPlaces"] } }) }, 400);
    }
  } catch (error) {
    if (isDatabaseBusy(error)) {
      // The event's lock was not had in time: nothing changed; the failure text says to try again.
      log.warn(`Waiting list sign-up for ${params.slug}: the database was busy`, error);
      return answer({ outcome: { status: "failed" }, reply: submission.reply() }, 503, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
    }
    log.error(`Waiting list sign-up for ${params.slug} failed`, error);
    return answer({ outcome: { status: "failed" }, reply: submission.reply() }, 500);
  }
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = (matches[0] as { loaderData: RootData }).loaderData;
  const name = loaderData?.event.name ?? "";
  return seo({
    title: translate(locale, "waitlist.metaTitle", { event: name }),
    description: translate(locale, "waitlist.metaDescription", { event: name }),
    path: waitlistPath(loaderData?.event.slug ?? ""),
    publicUrl,
    locale,
    languageAddress,
    // A form, not content: the event's own page is what search engines should show.
    noIndex: true,
  });
}

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { event, open, joined } = loaderData;
  return (
    <EventFormPage kicker={t("waitlist.form.title")} event={event} backLabel={t("waitlist.back")}>
      {joined ? (
        <WaitlistSuccess eventName={event.name} />
      ) : open ? (
        <>
          <p className="font-semibold text-navy-900">{t("waitlist.action.full")}</p>
          <h2 className="mt-2 text-2xl font-bold uppercase text-navy-900">{t("waitlist.action.question")}</h2>
          <p className="mb-6 mt-1 text-muted-foreground">{t("waitlist.form.intro", { event: event.name })}</p>
          <PageWaitlistForm event={event} action={waitlistPath(event.slug)} result={actionData} />
        </>
      ) : (
        <p role="status" className="text-slate-700">
          {t("waitlist.closed")}
        </p>
      )}
    </EventFormPage>
  );
}
