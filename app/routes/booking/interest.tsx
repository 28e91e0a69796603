import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { EventFormPage } from "~/components/event-form-page";
import { InterestSuccess, PageInterestForm, type InterestActionData } from "~/components/interest-form";
import { translate, useI18n } from "~/i18n";
import { requestLocale } from "~/i18n/locale.server";
import { eventAction } from "~/lib/event-actions";
import { interestPath } from "~/lib/event-signup-paths";
import { interestSchema } from "~/schemas/interest";
import { seo, type RootData } from "~/lib/seo";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from "@server/db/timeouts.server";
import { listedEventBySlug } from "@server/events/queries.server";
import { readForm } from "@server/http/form.server";
import { toEventView } from "@server/events/view.server";
import { registerInterest } from "@server/interest/interest.server";
import { interestLimiter } from "@server/interest/limits.server";
import { log } from "@server/log.server";
import type { Route } from "./+types/interest";

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = await requestLocale(request);
  const at = now();
  const event = await listedEventBySlug(db(), params.slug);
  if (!event) throw data(null, { status: 404 });
  const view = toEventView(event, locale, at);
  return {
    event: view,
    acceptsInterest: eventAction(view, at).kind === "interest",
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

function answer(body: InterestActionData, status: number, headers?: HeadersInit) {
  return data(body, { status, headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = await requestLocale(request);
  const clientAddress = context.clientAddress;
  const limit = await interestLimiter.consume(clientAddress).catch((error: unknown) => {
    log.error("Interest sign-up: the rate limit could not be read", error);
    return undefined;
  });
  if (!limit) return answer({ outcome: { status: "failed" } }, 503);
  if (!limit.allowed) {
    return answer({ outcome: { status: "failed", message: "common.tooManyRequests" } }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }

  const formData = await readForm(request);
  // The dialog posts with a fetcher and wants data; a plain form post gets a redirect (PRG).
  const inline = formData.get("inline") === "1";
  const submission = parseWithZod(formData, { schema: interestSchema });
  if (submission.status !== "success") {
    return answer({ outcome: { status: "invalid" }, reply: submission.reply() }, 400);
  }

  try {
    const result = await registerInterest(db(), { slug: params.slug, input: submission.value, locale, now: now() });
    switch (result.status) {
      case "saved":
        if (inline) return answer({ outcome: { status: "sent", eventName: result.eventName } }, 200);
        return redirect(`${interestPath(params.slug)}?sent=1`, 303);
      case "duplicate":
        // An expected answer, not a failure: 200 keeps the browser console clean.
        return answer({ outcome: { status: "duplicate" }, reply: submission.reply() }, 200);
      case "closed":
        return answer({ outcome: { status: "failed", message: "events.interest.closed" }, reply: submission.reply() }, 409);
      case "not_found":
        return answer({ outcome: { status: "failed", message: "events.calendar.notFoundTitle" } }, 404);
    }
  } catch (error) {
    if (isDatabaseBusy(error)) {
      log.warn(`Interest sign-up for ${params.slug}: the database was busy`, error);
      return answer({ outcome: { status: "failed" }, reply: submission.reply() }, 503, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
    }
    log.error(`Interest sign-up for ${params.slug} failed`, error);
    return answer({ outcome: { status: "failed" }, reply: submission.reply() }, 500);
  }
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = (matches[0] as { loaderData: RootData }).loaderData;
  const name = loaderData?.event.name ?? "";
  return seo({
    title: translate(locale, "events.interest.metaTitle", { event: name }),
    description: translate(locale, "events.interest.metaDescription", { event: name }),
    path: interestPath(loaderData?.event.slug ?? ""),
    publicUrl,
    locale,
    languageAddress,
    // A form, not content: the event's own page is what search engines should show.
    noIndex: true,
  });
}

export default function InterestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { event, acceptsInterest, sent } = loaderData;
  return (
    <EventFormPage kicker={t("events.interest.title")} event={event} backLabel={t("events.interest.back")}>
      {sent ? (
        <InterestSuccess eventName={event.name} />
      ) : acceptsInterest ? (
        <>
          <h2 className="text-2xl font-bold uppercase text-navy-900">{t("events.interest.title")}</h2>
          <p className="mb-6 mt-1 text-muted-foreground">{t("events.interest.intro", { event: event.name })}</p>
          <PageInterestForm event={event} action={interestPath(event.slug)} result={actionData} />
        </>
      ) : (
        <p role="status" className="text-slate-700">
          {t("events.interest.closed")}
        </p>
      )}
    </EventFormPage>
  );
}
