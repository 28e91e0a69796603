import { CircleCheck, CircleX, Hourglass, LoaderCircle } from "lucide-react";
import { Suspense, useEffect, useRef, type ReactNode } from "react";
import { Await, Link, useRouteLoaderData } from "react-router";
import { toast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import "~/i18n/booking";
import { requestLocale } from "~/i18n/locale.server";
import { formatAmount } from "~/lib/money-format";
import { formatDate } from "~/lib/dates";
import { seo, type RootData } from "~/lib/seo";
import { verifyApplication, verifyCheckoutReturn, verifyFreeConfirmation, type Verification } from "@server/booking/verify.server";
import type { Route } from "./+types/payment-success";

/**
 * /payment-success?session_id=…&event_id=…: the return from the checkout. A quick verification
 * (the usual case) is rendered at once, so the page also works without JavaScript; a slow one is
 * streamed: the page shows "verifying" first and the result when the provider has answered.
 * Reloading verifies again and changes nothing (fulfilment is idempotent).
 */
const INLINE_WAIT_MS = 2500;

/** The value if the promise settles within `ms`, else the promise itself (to stream). */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | { pending: Promise<T> }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
  const winner = await Promise.race([promise.then((value) => ({ value })), late]);
  clearTimeout(timer);
  return winner === "late" ? { pending: promise } : winner;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = await requestLocale(request);
  const eventId = url.searchParams.get("event_id");
  const confirmed = url.searchParams.get("confirmed");
  const applied = url.searchParams.get("applied");
  const verification: Promise<Verification> = applied
    ? verifyApplication(applied, eventId, locale)
    : confirmed
      ? verifyFreeConfirmation(confirmed, eventId, locale)
      : verifyCheckoutReturn(url.searchParams.get("session_id"), eventId, locale);
  const settled = await settledWithin(verification, INLINE_WAIT_MS);
  return { verification: "value" in settled ? settled.value : settled.pending };
}

export function meta({ matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  return seo({
    title: `${translate(locale, "booking.success.metaTitle")} | ${translate(locale, "site.name")}`,
    description: translate(locale, "booking.success.verifying"),
    path: "/payment-success",
    publicUrl,
    locale,
    languageAddress,
    noIndex: true,
  });
}

function Panel({ icon, tone, title, children }: { icon: ReactNode; tone: "success" | "pending" | "failed" | "neutral"; title: string; children?: ReactNode }) {
  const ring = {
    success: "bg-emerald-100 text-emerald-700",
    pending: "bg-amber-100 text-amber-700",
    failed: "bg-red-100 text-destructive",
    neutral: "bg-foam-100 text-ocean-700",
  }[tone];
  return (
    <article className="overflow-hidden rounded-xl border bg-white shadow-sm" aria-live="polite">
      <div className="flex flex-col items-center gap-4 px-6 pb-2 pt-10 text-center">
        <span className={`inline-flex size-16 items-center justify-center rounded-full ${ring}`}>{icon}</span>
        <h1 className="text-3xl font-bold uppercase text-navy-900 sm:text-4xl">{title}</h1>
      </div>
      <div className="px-6 pb-8 pt-2 sm:px-10">{children}</div>
    </article>
  );
}

function Verifying() {
  const { t } = useI18n();
  return (
    <Panel tone="neutral" icon={<LoaderCircle className="size-8 animate-spin" aria-hidden />} title={t("booking.success.verifying")}>
      <p role="status" className="sr-only">
        {t("booking.success.verifying")}
      </p>
      {/* Without JavaScript the streamed result cannot replace this view: ask again shortly. */}
      <noscript>
        <meta httpEquiv="refresh" content="3" />
      </noscript>
    </Panel>
  );
}

function Actions() {
  const { t } = useI18n();
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <Button asChild variant="accent">
        <Link to="/calendar">{t("booking.success.calendar")}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">{t("booking.success.home")}</Link>
      </Button>
    </div>
  );
}

function Confirmed({ result }: { result: Extract<Verification, { state: "confirmed" }> }) {
  const { t, locale } = useI18n();
  const toasted = useRef(false);
  // A balance checkout: the booking was confirmed before, this page says the payment came in.
  const balance = result.balance;
  useEffect(() => {
    if (toasted.current || result.free) return;
    toasted.current = true;
    toast.success(balance ? t("booking.lifecycle.success.balanceText") : t("booking.success.toast"));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per confirmed view
  }, []);
  const title = balance ? t("booking.lifecycle.success.balanceTitle") : result.free ? t("booking.success.freeTitle") : t("booking.success.confirmedTitle");
  const lead = balance
    ? `${t("booking.lifecycle.success.balanceText")}${result.balanceCents === 0 ? ` ${t("booking.lifecycle.success.fullyPaid")}` : ""}`
    : result.free
      ? result.places > 1
        ? t("booking.success.freeTextPlaces", { places: result.places })
        : t("booking.success.freeText")
      : t("booking.success.toast");
  return (
    <Panel tone="success" icon={<CircleCheck className="size-9" aria-hidden />} title={title}>
      <p className="text-center text-muted-foreground" data-testid="success-lead">
        {lead}
      </p>
      <dl className="mx-auto mt-6 max-w-sm divide-y rounded-lg border bg-foam-100/60 px-4">
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-muted-foreground">{t("booking.success.event")}</dt>
          <dd className="text-right font-medium text-navy-900">{result.eventName}</dd>
        </div>
        {result.places > 1 && (
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-muted-foreground">{t("booking.success.places")}</dt>
            <dd className="font-medium text-navy-900" data-testid="places-booked">
              {result.places}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-muted-foreground">{t("booking.success.reference")}</dt>
          <dd className="font-mono text-lg font-bold text-navy-900" data-testid="registration-reference">
            {result.reference}
          </dd>
        </div>
        {!result.free && (
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-muted-foreground">{t("booking.success.paid")}</dt>
            <dd className="font-bold text-navy-900" data-testid="amount-paid">
              {formatAmount(result.amountPaidCents, locale)}
            </dd>
          </div>
        )}
        {result.balanceCents > 0 && (
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-muted-foreground">
              {result.balanceDueAt ? t("booking.success.balanceBy", { date: formatDate(result.balanceDueAt, locale) }) : t("booking.success.balance")}
            </dt>
            <dd className="font-medium text-navy-900" data-testid="amount-still-due">
              {formatAmount(result.balanceCents, locale)}
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-6 text-center text-sm text-slate-700">
        {balance ? t("booking.lifecycle.success.balanceEmailNote", { email: result.email }) : t("booking.success.emailNote", { email: result.email })}
      </p>
      {!balance && result.otherParticipants > 0 && (
        <p className="mt-2 text-center text-sm text-slate-700" data-testid="participants-note">
          {t("booking.success.participantsNote")}
        </p>
      )}
      <p className="mt-4 text-center">
        <Link to={result.managePath} className="font-semibold text-ocean-700 underline underline-offset-4">
          {t("booking.lifecycle.success.manage")}
        </Link>
      </p>
      <Actions />
    </Panel>
  );
}

/** An application was received (decision 045): the team decides and e-mails; nothing is paid now. */
function Applied({ result }: { result: Extract<Verification, { state: "applied" }> }) {
  const { t } = useI18n();
  return (
    <Panel tone="pending" icon={<Hourglass className="size-8" aria-hidden />} title={t("booking.application.receivedTitle")}>
      <p className="text-center text-slate-700" data-testid="application-received">
        {t("booking.application.receivedText", { email: result.email })}
      </p>
      <dl className="mx-auto mt-6 max-w-sm divide-y rounded-lg border bg-foam-100/60 px-4">
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-muted-foreground">{t("booking.success.event")}</dt>
          <dd className="text-right font-medium text-navy-900">{result.eventName}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-muted-foreground">{t("booking.application.receivedPlaces")}</dt>
          <dd className="font-medium text-navy-900">{result.places}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-muted-foreground">{t("booking.success.reference")}</dt>
          <dd className="font-mono text-lg font-bold text-navy-900" data-testid="registration-reference">
            {result.reference}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-center">
        <Link to={result.managePath} className="font-semibold text-ocean-700 underline underline-offset-4">
          {t("booking.application.view")}
        </Link>
      </p>
      <Actions />
    </Panel>
  );
}

function Result({ result }: { result: Verification }) {
  const { t } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  if (result.state === "confirmed") return <Confirmed result={result} />;
  if (result.state === "applied") return <Applied result={result} />;
  if (result.state === "done") {
    // An old link: it says the payment is done and shows nobody's details.
    return (
      <Panel tone="success" icon={<CircleCheck className="size-9" aria-hidden />} title={t("booking.success.doneTitle")}>
        <p className="text-center text-muted-foreground">{t("booking.success.doneText")}</p>
        <Actions />
      </Panel>
    );
  }
  if (result.state === "pending") {
    return (
      <Panel tone="pending" icon={<Hourglass className="size-8" aria-hidden />} title={t("booking.success.pendingTitle")}>
        <p className="text-center text-slate-700">{t("booking.success.pendingText")}</p>
        {result.reference && (
          <p className="mt-4 text-center text-sm text-muted-foreground">
            {t("booking.success.reference")}: <span className="font-mono font-semibold text-navy-900">{result.reference}</span>
          </p>
        )}
        <Actions />
      </Panel>
    );
  }
  const explanation =
    result.reason === "refunded"
      ? t("booking.success.refunded")
      : result.reason === "expired"
        ? t("booking.success.expired")
        : (result.message ?? t("booking.success.failedDefault"));
  return (
    <Panel tone="failed" icon={<CircleX className="size-9" aria-hidden />} title={t("booking.success.failedTitle")}>
      <p role="alert" className="text-center font-medium text-destructive">
        {explanation}
      </p>
      {result.reason !== "refunded" && (
        <p className="mt-4 text-center text-sm text-muted-foreground">{t("booking.success.failedHelp", { email: root?.teamEmail ?? "" })}</p>
      )}
      <Actions />
    </Panel>
  );
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <section className="min-h-[80vh] bg-foam-100 pb-16 pt-28">
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        {loaderData.verification instanceof Promise ? (
          <Suspense fallback={<Verifying />}>
            <Await resolve={loaderData.verification}>{(result) => <Result result={result} />}</Await>
          </Suspense>
        ) : (
          // Already known: rendered in place, since React may defer even a ready Suspense boundary.
          <Result result={loaderData.verification} />
        )}
      </div>
    </section>
  );
}
