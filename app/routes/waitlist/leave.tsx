import { ArrowLeft, CheckCircle2, Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { eventHref } from "~/components/event-card";
import { Button } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import "~/i18n/waitlist";
import { requestLocale } from "~/i18n/locale.server";
import { seo, type RootData } from "~/lib/seo";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { eventNameIn } from "@server/events/view.server";
import { log } from "@server/log.server";
import { formatUntil } from "~/lib/dates";
import { leaveLinkByToken, leaveWaitlist } from "@server/waitlist/entries.server";
import { leaveLinkLimiter } from "@server/waitlist/limits.server";
import type { Route } from "./+types/leave";

/**
 * /waitlist/leave/<token>: the link in every waiting-list e-mail to the person in line. Opening
 * it asks to confirm (a link in an e-mail may be opened by a mail scanner: only the form's post
 * takes someone off the list); the post removes the entry and declines an open offer, whose
 * places go to the next in line (`leaveWaitlist`). A forged or unknown token shows one plain
 * page, and such tries are rate-limited per client address like offer links.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = await requestLocale(request);
  const limit = await leaveLinkLimiter.consume(context.clientAddress).catch((error: unknown) => {
    log.error("Waiting list: the leave links' rate limit could not be read", error);
    return undefined;
  });
  if (!limit) throw data(null, { status: 503 });
  if (!limit.allowed) throw data(null, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const link = await leaveLinkByToken(db(), params.token);
  if (link.kind === "invalid") return data({ state: "invalid" as const }, { status: 404 });
  // A good link is not a guess: give the try back.
  await leaveLinkLimiter.refund(context.clientAddress).catch(() => undefined);
  const event = { name: eventNameIn(link.event, locale), slug: link.event.slug };
  if (link.kind === "not-in-line") return { state: "not-in-line" as const, event };
  return {
    state: "in-line" as const,
    event,
    places: link.entry.places,
    offer: link.offer && { places: link.offer.places, until: formatUntil(link.offer.expiresAt, locale) },
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const limit = await leaveLinkLimiter.consume(context.clientAddress).catch(() => undefined);
  if (!limit) return data({ outcome: "failed" as const }, { status: 503 });
  if (!limit.allowed) return data({ outcome: "failed" as const }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  try {
    const result = await leaveWaitlist(db(), params.token, now());
    if (result.status === "invalid" || result.status === "not_found") return data({ outcome: "invalid" as const }, { status: 404 });
    await leaveLinkLimiter.refund(context.clientAddress).catch(() => undefined);
    // Left now, or before (a second post, another tab): either way off the list.
    return { outcome: "left" as const };
  } catch (error) {
    log.error("Waiting list: leaving by the e-mail link failed", error);
    return data({ outcome: "failed" as const }, { status: 500 });
  }
}

export function headers() {
  // Names a person's place in line: never stored by the render cache or a proxy.
  return { "Cache-Control": "no-store" };
}

export function meta({ matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = (matches[0] as { loaderData: RootData }).loaderData;
  return seo({
    title: translate(locale, "waitlist.leave.metaTitle"),
    description: translate(locale, "waitlist.leave.metaTitle"),
    path: "/waitlist/leave",
    publicUrl,
    locale,
    languageAddress,
    noIndex: true,
  });
}

export default function LeavePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const placesText = (count: number) => (count === 1 ? t("waitlist.offer.placeOne") : t("waitlist.offer.placesMany", { count }));
  const leaving = navigation.state === "submitting";

  if (loaderData.state === "invalid" || actionData?.outcome === "invalid") {
    return (
      <Card title={t("waitlist.leave.invalidTitle")}>
        <p className="text-slate-700">{t("waitlist.leave.invalidText")}</p>
      </Card>
    );
  }
  const { event } = loaderData;
  const back = (
    <Link to={eventHref(event.slug)} className="mt-5 inline-flex items-center gap-2 font-semibold text-ocean-600 underline-offset-4 hover:underline">
      <ArrowLeft className="size-4" aria-hidden />
      {t("waitlist.back")}
    </Link>
  );
  if (actionData?.outcome === "left") {
    return (
      <Card title={t("waitlist.leave.leftTitle")} icon>
        <p className="text-slate-700">{t("waitlist.leave.leftText", { event: event.name })}</p>
        {back}
      </Card>
    );
  }
  if (loaderData.state === "not-in-line") {
    return (
      <Card title={t("waitlist.leave.notInLineTitle")}>
        <p className="text-slate-700">{t("waitlist.leave.notInLineText", { event: event.name })}</p>
        {back}
      </Card>
    );
  }
  return (
    <Card title={t("waitlist.leave.title", { event: event.name })} kicker={t("waitlist.leave.kicker")}>
      <p className="text-slate-700">{t("waitlist.leave.text", { event: event.name, places: placesText(loaderData.places) })}</p>
      {loaderData.offer && (
        <p className="mt-3 font-semibold text-navy-900">{t("waitlist.leave.offerText", { places: placesText(loaderData.offer.places), until: loaderData.offer.until })}</p>
      )}
      {actionData?.outcome === "failed" && (
        <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {t("waitlist.leave.failed")}
        </p>
      )}
      <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" variant="accent" size="lg" disabled={leaving}>
          {leaving && <Loader2 aria-hidden className="animate-spin" />}
          {leaving ? t("waitlist.leave.submitting") : t("waitlist.leave.submit")}
        </Button>
        <Link to={eventHref(event.slug)} className="font-semibold text-ocean-600 underline-offset-4 hover:underline sm:ml-3">
          {t("waitlist.leave.stay")}
        </Link>
      </Form>
    </Card>
  );
}

/** The page's one card, under the site's header, readable at 390 px. */
function Card({ title, kicker, icon = false, children }: { title: string; kicker?: string; icon?: boolean; children: ReactNode }) {
  return (
    <section className="bg-foam-100 pb-16 pt-28 sm:pt-32">
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <div role={icon ? "status" : undefined} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-border sm:p-8">
          {kicker && <p className="text-sm font-semibold uppercase tracking-widest text-signal-700">{kicker}</p>}
          <h1 className="mt-1 flex items-start gap-3 text-2xl font-bold uppercase text-navy-900 sm:text-3xl">
            {icon && <CheckCircle2 className="mt-1 size-6 shrink-0 text-emerald-700" aria-hidden />}
            {title}
          </h1>
          <div className="mt-3">{children}</div>
        </div>
      </div>
    </section>
  );
}
