import { CheckCircle2, Clock } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { RegistrationForm } from "~/components/registration-form";
import { translate, useI18n } from "~/i18n";
import "~/i18n/booking";
import "~/i18n/waitlist";
import { requestLocale } from "~/i18n/locale.server";
import { EventWhenWhere } from "~/components/event-when-where";
import { seo, type RootData } from "~/lib/seo";
import { registerFromForm } from "~/routes/booking/register.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { eventNameIn, toEventView } from "@server/events/view.server";
import { registrationQuestions } from "@server/crew/answers.server";
import { log } from "@server/log.server";
import { formatUntil } from "~/lib/dates";
import { offerLinkLimiter } from "@server/waitlist/limits.server";
import { offerLinkByToken } from "@server/waitlist/offers.server";
import type { Route } from "./+types/offer";

/**
 * /waitlist/offer/<token>: the link of a waiting-list offer. While the offer holds places it
 * shows the event and the registration form (posting back here with the token in a hidden field,
 * so it works without JavaScript and a failed post shows this page again), the first time filled
 * in with the name, e-mail and phone the person gave when joining the line. Once the offer was
 * used, the link leads to the booking(s) made through it (their own pages). A forged, unknown,
 * lapsed or withdrawn token shows one plain "no longer valid" page with no event or personal
 * data; such tries are rate-limited per client address.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = await requestLocale(request);
  const limit = await offerLinkLimiter.consume(context.clientAddress).catch((error: unknown) => {
    log.error("Waiting-list offer: the rate limit could not be read", error);
    return undefined;
  });
  if (!limit) throw data(null, { status: 503 });
  if (!limit.allowed) throw data(null, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const at = now();
  const link = await offerLinkByToken(params.token, at);
  if (link.kind === "invalid") return data({ offer: null, booked: null }, { status: 404 });
  // A good link is not a guess: give the try back, so the holder can reload as often as needed.
  await offerLinkLimiter.refund(context.clientAddress).catch(() => undefined);
  const bookings = link.bookings.map((b) => ({ reference: b.reference, pending: b.status !== "confirmed", href: b.managePath }));
  if (link.kind === "booked") {
    return { offer: null, booked: { event: { name: eventNameIn(link.event, locale), slug: link.event.slug }, bookings } };
  }
  const { offer, person } = link;
  const taken = (await placesTakenByEvent(db(), [offer.event.id], at, { excludeOfferId: offer.offerId })).get(offer.event.id) ?? 0;
  const questions = (await registrationQuestions(db(), [offer.event], locale)).get(offer.event.id);
  return {
    offer: {
      token: params.token,
      event: toEventView(offer.event, locale, at, taken, { questions }),
      places: offer.places,
      placesLeft: offer.placesLeft,
      until: formatUntil(offer.expiresAt, locale),
      // The person the offer is for, as they joined the line: the first registration is theirs.
      person: person && { customerName: person.name, customerEmail: person.email, phoneNumber: person.phone ?? "" },
      bookings,
    },
    booked: null,
    now: at.toISOString(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The hidden field carries the token; the path's token is the same link (a mismatch is refused there).
  const answer = await registerFromForm(request, undefined, context.clientAddress, { offerToken: params.token });
  if (answer.kind === "redirect") return redirect(answer.location, 303);
  return data(answer.data, { status: answer.status, headers: answer.headers });
}

export function headers() {
  // Holds the person's name and e-mail address: never stored by the render cache or a proxy.
  return { "Cache-Control": "no-store" };
}

export function meta({ matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = (matches[0] as { loaderData: RootData }).loaderData;
  return seo({
    title: translate(locale, "waitlist.offer.metaTitle"),
    description: translate(locale, "waitlist.offer.metaTitle"),
    path: "/waitlist/offer",
    publicUrl,
    locale,
    languageAddress,
    noIndex: true,
  });
}

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const offer = loaderData.offer;
  if (!offer && loaderData.booked) {
    const { booked } = loaderData;
    return (
      <section className="bg-foam-100 pb-16 pt-32">
        <div className="mx-auto max-w-2xl px-4 sm:px-6">
          <div role="status" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-border sm:p-8">
            <h1 className="flex items-start gap-3 text-2xl font-bold uppercase text-navy-900">
              <CheckCircle2 className="mt-1 size-6 shrink-0 text-emerald-700" aria-hidden />
              {t("waitlist.offer.bookedTitle")}
            </h1>
            <p className="mt-2 text-slate-700">{booked.event.name}</p>
            <p className="mt-2 text-slate-700">{t("waitlist.offer.bookedText")}</p>
            <BookingLinks bookings={booked.bookings} />
          </div>
        </div>
      </section>
    );
  }
  if (!offer) {
    return (
      <section className="bg-foam-100 pb-16 pt-32">
        <div className="mx-auto max-w-2xl px-4 sm:px-6">
          <div role="status" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-border sm:p-8">
            <h1 className="text-2xl font-bold uppercase text-navy-900">{t("waitlist.offer.invalidTitle")}</h1>
            <p className="mt-2 text-slate-700">{t("waitlist.offer.invalidText")}</p>
            <Link to="/calendar" className="mt-4 inline-block font-medium text-ocean-600 underline underline-offset-2">
              {t("booking.standalone.back")}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  const { event } = offer;
  const places = offer.places === 1 ? t("waitlist.offer.placeOne") : t("waitlist.offer.placesMany", { count: offer.places });
  // The form starts at the places the offer still holds: an offer of 3 becomes one booking of 3
  // (decision 042). The form owns its fields; its default values take the field's name. The
  // server refuses more than the offer's places whatever is posted.
  const start: { customerName?: string; customerEmail?: string; phoneNumber?: string } = { ...(offer.person ?? {}), ...{ places: String(offer.placesLeft) } };
  return (
    <>
      <section className="bg-navy-900 pb-12 pt-28 text-white">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <p className="text-sm font-semibold uppercase tracking-widest text-signal-500">{t("waitlist.offer.kicker")}</p>
          <h1 className="mt-2 text-4xl font-bold uppercase leading-none sm:text-5xl">{t("waitlist.offer.title", { event: event.name })}</h1>
          <EventWhenWhere event={event} className="mt-4" />
        </div>
      </section>
      <section className="bg-foam-100 py-10 sm:py-14">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <div className="mb-6 flex gap-3 rounded-lg border border-ocean-500/30 bg-white p-4">
            <Clock className="mt-0.5 size-5 shrink-0 text-ocean-700" aria-hidden />
            <div>
              <p className="text-navy-900">{t("waitlist.offer.intro", { places, until: offer.until })}</p>
              {offer.placesLeft !== offer.places && <p className="mt-1 text-sm text-slate-700">{t("waitlist.offer.left", { count: offer.placesLeft })}</p>}
              {offer.bookings.length > 0 && (
                <>
                  <p className="mt-2 text-sm text-slate-700">{t("waitlist.offer.bookedSoFar")}</p>
                  <BookingLinks bookings={offer.bookings} />
                </>
              )}
            </div>
          </div>
          <div className="rounded-xl border bg-white p-5 shadow-sm sm:p-8">
            {offer.person && <p className="mb-4 text-sm text-slate-700">{t("waitlist.offer.prefilled")}</p>}
            <RegistrationForm
              event={event}
              now={loaderData.now}
              initialResult={actionData}
              headingLevel={2}
              offerToken={offer.token}
              defaultValue={start}
            />
          </div>
        </div>
      </section>
    </>
  );
}

/** The bookings made through the offer, each a link to its own page (the participant's manage page). */
function BookingLinks({ bookings }: { bookings: { reference: string; pending: boolean; href: string }[] }) {
  const { t } = useI18n();
  return (
    <ul className="mt-3 grid gap-2">
      {bookings.map((booking) => (
        <li key={booking.reference}>
          <a href={booking.href} className="font-semibold text-ocean-600 underline underline-offset-2 hover:text-navy-900">
            {t("waitlist.offer.bookingLink", { reference: booking.reference })}
          </a>
          {booking.pending && <span className="ml-2 text-sm text-slate-700">({t("waitlist.offer.bookingPending")})</span>}
        </li>
      ))}
    </ul>
  );
}
