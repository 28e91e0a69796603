import { FlaskConical, ShieldCheck } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import "~/i18n/booking";
import { requestLocale } from "~/i18n/locale.server";
import { formatAmount } from "~/lib/money-format";
import { formatDate, formatDateRange } from "~/lib/dates";
import { seo } from "~/lib/seo";
import { markCheckoutOpened } from "@server/booking/checkout.server";
import { fulfilPayment } from "@server/booking/fulfil.server";
import { testCheckout } from "@server/booking/test-checkout.server";
import { env } from "@server/env.server";
import { log } from "@server/log.server";
import { isTestSessionId, newTestPaymentId, testProvider } from "@server/payments/test-provider.server";
import type { Route } from "./+types/checkout-test";

/**
 * The built-in test checkout (no Stripe key configured): stands in for the provider's payment
 * page, says plainly that no money moves, and pays through the same fulfilment as Stripe's
 * webhook.
 */
async function load(request: Request, sessionId: string) {
  const locale = await requestLocale(request);
  // With Stripe configured, a free "payment" page must not exist at all.
  const checkout = env().STRIPE_SECRET_KEY || !isTestSessionId(sessionId) ? undefined : await testCheckout(sessionId, locale);
  if (!checkout) throw data(translate(locale, "booking.checkout.notFound"), { status: 404 });
  return { locale, checkout };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  // Opening the page extends the short hold of a new registration to the checkout's 30 minutes.
  if (!env().STRIPE_SECRET_KEY && isTestSessionId(params.sessionId)) await markCheckoutOpened("test", params.sessionId);
  const { checkout } = await load(request, params.sessionId);
  const session = await testProvider.retrieveSession(params.sessionId);
  return { checkout, state: session.status };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { locale, checkout } = await load(request, params.sessionId);
  // A pay post is an opening too (e.g. a page that was loaded before the hold was shortened).
  await markCheckoutOpened("test", params.sessionId);
  const resultUrl = `/payment-success?session_id=${encodeURIComponent(params.sessionId)}&event_id=${checkout.eventId}`;
  const session = await testProvider.retrieveSession(params.sessionId);
  if (session.status === "complete") return redirect(resultUrl, 303);
  if (session.status !== "open") {
    return data({ error: translate(locale, "booking.checkout.expired") }, { status: 409 });
  }
  try {
    // The test checkout charges what its session says (the payment row's amount), like Stripe's amount_total.
    await fulfilPayment({
      provider: "test",
      sessionId: params.sessionId,
      providerPaymentId: newTestPaymentId(),
      amountCents: session.amountCents,
      currency: session.currency,
    });
  } catch (error) {
    log.error(`Test checkout ${params.sessionId}: fulfilment failed`, error);
    return data({ error: translate(locale, "booking.registrationError") }, { status: 503 });
  }
  return redirect(resultUrl, 303);
}

export function meta({ matches, params }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  return seo({
    title: `${translate(locale, "booking.checkout.metaTitle")} | ${translate(locale, "site.name")}`,
    description: translate(locale, "booking.checkout.testNotice"),
    path: `/checkout/test/${encodeURIComponent(params.sessionId)}`,
    publicUrl,
    locale,
    languageAddress,
    noIndex: true,
  });
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-6">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium text-navy-900 sm:text-right">{children}</dd>
    </div>
  );
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { checkout, state } = loaderData;
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formMethod === "POST";
  const amount = formatAmount(checkout.amountCents, locale);
  const resultUrl = `/payment-success?session_id=${encodeURIComponent(checkout.sessionId)}&event_id=${checkout.eventId}`;
  return (
    <section className="min-h-[80vh] bg-foam-100 pb-16 pt-28">
      <div className="mx-auto max-w-xl px-4 sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-widest text-signal-500">{t("booking.checkout.kicker")}</p>
        <h1 className="mt-2 text-4xl font-bold uppercase text-navy-900 sm:text-5xl">{t("booking.checkout.title")}</h1>

        <div role="note" className="mt-6 flex gap-3 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-950">
          <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-bold">{t("booking.checkout.testNotice")}</p>
            <p className="mt-1 text-sm">{t("booking.checkout.testExplain")}</p>
          </div>
        </div>

        <article className="mt-6 overflow-hidden rounded-xl border bg-white shadow-sm" aria-labelledby="checkout-event">
          <div className="bg-navy-900 px-6 py-5 text-white">
            <h2 id="checkout-event" className="text-2xl font-bold uppercase">
              {checkout.eventName}
            </h2>
            <p className="mt-1 text-sm text-foam-200">{formatDateRange(checkout.startDate, checkout.endDate, locale)}</p>
          </div>
          <dl className="divide-y px-6">
            {/* Who booked shows only while the link is live (the hold, or a day after paying). */}
            {checkout.personal && (
              <>
                <Row label={checkout.places ? t("booking.checkout.booker") : t("booking.checkout.participant")}>
                  {checkout.personal.customerName}
                  <span className="block text-sm font-normal text-muted-foreground">{checkout.personal.customerEmail}</span>
                </Row>
                <Row label={t("booking.checkout.reference")}>
                  <span className="font-mono">{checkout.personal.reference}</span>
                </Row>
              </>
            )}
            {checkout.places && (
              <Row label={t("booking.checkout.places")}>
                <span data-testid="checkout-places">
                  {t("booking.checkout.placesValue", { places: checkout.places.count, price: formatAmount(checkout.places.placePriceCents, locale) })}
                </span>
              </Row>
            )}
            <Row label={t("booking.checkout.amount")}>
              <span className="text-2xl font-bold">{amount}</span>
              <span className="block text-sm font-normal text-muted-foreground">{checkout.description}</span>
              {checkout.afterThis && (
                <span className="mt-1 block text-sm font-normal text-slate-700" data-testid="checkout-after">
                  {checkout.afterThis.kind === "full"
                    ? t("booking.checkout.afterFull")
                    : t("booking.checkout.afterDeposit", {
                        amount: formatAmount(checkout.afterThis.balanceCents, locale),
                        date: formatDate(checkout.afterThis.dueAt, locale),
                      })}
                </span>
              )}
            </Row>
          </dl>
          <div className="grid gap-4 border-t bg-slate-50 px-6 py-5">
            {actionData?.error && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {actionData.error}
              </p>
            )}
            {state === "open" ? (
              <>
                {checkout.holdExpiresAt && (
                  <p className="text-sm text-muted-foreground">
                    {t("booking.checkout.heldUntil", { time: formatDate(checkout.holdExpiresAt, locale, { hour: "2-digit", minute: "2-digit" }) })}
                  </p>
                )}
                {/* A balance: the place is confirmed already; the page is open for about a day, so the date matters. */}
                {checkout.payUntil && (
                  <p className="text-sm text-muted-foreground" data-testid="checkout-pay-until">
                    {t("booking.checkout.payUntil", {
                      date: formatDate(checkout.payUntil, locale, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }),
                    })}
                  </p>
                )}
                <Form method="post" className="grid gap-3">
                  <Button type="submit" name="intent" value="pay" variant="accent" size="lg" disabled={paying}>
                    <ShieldCheck aria-hidden />
                    {paying ? t("booking.checkout.paying") : t("booking.checkout.pay", { amount })}
                  </Button>
                </Form>
                <Link to={checkout.backPath} className="text-center text-sm font-medium text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
                  {checkout.balance ? t("booking.checkout.backToBooking") : t("booking.checkout.cancel")}
                </Link>
              </>
            ) : state === "complete" ? (
              <>
                <p role="status" className="font-medium text-navy-900">
                  {t("booking.checkout.alreadyPaid")}
                </p>
                <Button asChild variant="accent">
                  <Link to={resultUrl}>{t("booking.checkout.viewResult")}</Link>
                </Button>
              </>
            ) : (
              <>
                <p role="status" className="font-medium text-navy-900">
                  {checkout.balance ? t("booking.checkout.balanceExpired") : t("booking.checkout.expired")}
                </p>
                <Button asChild variant="outline">
                  <Link to={checkout.backPath}>{t("booking.checkout.backToCalendar")}</Link>
                </Button>
              </>
            )}
          </div>
        </article>
      </div>
    </section>
  );
}
