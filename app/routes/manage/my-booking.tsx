import "~/i18n/manage";
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarDays, CalendarPlus, CircleAlert, CircleCheck, Clock, MapPin, TriangleAlert } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { SiteError } from "~/components/site-error";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { isMessageKey, translate, useI18n, type MessageKey, type Translator } from "~/i18n";
import { formatAmount } from "~/lib/booking";
import { formatDate, formatDateRange } from "~/lib/events";
import { siteTitle, type RootData } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { REGISTRATION_LIMITS } from "~/schemas/registration";
import { contactDetailsSchema, type ManageActionData } from "~/schemas/manage";
import { languageRedirect, manageAction, manageLocale, manageView, requireBooking, MANAGE_HEADERS, type ManageView } from "./my-booking.server";
import type { Route } from "./+types/my-booking";

/**
 * /my-booking/<token>: the participant's own page, opened from the link in every booking e-mail
 * (decision 014). It shows the booking and its money, and lets them pay the balance, correct
 * their contact details until the event starts, and cancel under the event's policy. Every form
 * is a plain POST that works before hydration. A wrong token is the site's plain 404.
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const booking = await requireBooking(params.token, context.clientAddress);
  const toLanguage = await languageRedirect(request, url, booking.registration);
  if (toLanguage) throw toLanguage;
  const locale = await manageLocale(request, booking.registration);
  const step = url.searchParams.get("step");
  return data(await manageView(booking, locale, step), { headers: MANAGE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const booking = await requireBooking(params.token, context.clientAddress);
  const answer = await manageAction(request, booking, context.clientAddress);
  if (answer.kind === "redirect") return redirect(answer.location, { status: 303, headers: MANAGE_HEADERS });
  return data(answer.body, { status: answer.status, headers: { ...MANAGE_HEADERS, ...answer.headers } });
}

/** The same private headers on every answer (the page, a form's result, the 404 and 429). */
export function headers({ loaderHeaders, actionHeaders, errorHeaders }: Route.HeadersArgs) {
  const headers = new Headers(MANAGE_HEADERS);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, name) => {
      if (name.toLowerCase() !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
}

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
      <Hero view={view} />
      <section className="bg-foam-100 py-10 sm:py-14">
        <div className="mx-auto grid max-w-5xl gap-6 px-4 sm:px-6 lg:grid-cols-3">
          <div className="grid content-start gap-6 lg:col-span-2">
            {actionData && <ActionResult result={actionData} teamEmail={teamEmail} />}
            {view.disruption && <DisruptionCard disruption={view.disruption} />}
            {cancelled && <CancelledNotice view={view} />}
            {view.status === "expired" && <Notice tone="neutral">{t("manage.expired.text")}</Notice>}
            {view.status === "pending_payment" && <Notice tone="pending">{t("manage.pending.text")}</Notice>}
            <MoneyCard view={view} />
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

// ---------------------------------------------------------------------------------------------
// The page's parts
// ---------------------------------------------------------------------------------------------

const STATUS_STYLE: Record<ManageView["status"], string> = {
  confirmed: "bg-emerald-100 text-emerald-900",
  pending_payment: "bg-amber-100 text-amber-950",
  expired: "bg-slate-200 text-slate-900",
  cancelled: "bg-red-100 text-red-900",
  refunded: "bg-red-100 text-red-900",
};

function Hero({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  return (
    <section className="bg-navy-900 pb-10 pt-28 text-white">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-widest text-signal-500">{t("manage.kicker")}</p>
        <h1 className="mt-2 text-4xl font-bold uppercase leading-none sm:text-5xl" data-testid="manage-event-name">
          {view.event.name}
        </h1>
        <div className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-foam-200">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden />
            {formatDateRange(view.event.startDate, view.event.endDate, locale)}
          </span>
          {view.event.location && (
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden />
              {view.event.location}
            </span>
          )}
        </div>
        <dl className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          <div className="flex items-center gap-2">
            <dt className="text-foam-200">{t("manage.reference")}</dt>
            <dd className="font-mono text-lg font-bold tracking-wide" data-testid="manage-reference">
              {view.reference}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-foam-200">{t("manage.status.label")}</dt>
            <dd>
              <span className={cn("inline-flex rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide", STATUS_STYLE[view.status])} data-testid="manage-status">
                {t(`manage.status.${view.status}`)}
              </span>
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-foam-200">{t("manage.bookedFor", { name: view.name })}</p>
      </div>
    </section>
  );
}

function Card({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-24 rounded-xl border bg-white p-5 shadow-sm sm:p-6", className)}>
      <h2 id={`${id}-title`} className="mb-4 border-b pb-2 font-display text-lg font-semibold uppercase tracking-wide text-ocean-700">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Notice({ tone, children, focus = false }: { tone: "success" | "error" | "pending" | "neutral"; children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A form's result: move focus to it, so keyboard and screen-reader users hear what happened.
    if (focus) ref.current?.focus();
  }, [focus, children]);
  const style = {
    success: "border-emerald-300 bg-emerald-50 text-emerald-900",
    error: "border-destructive/40 bg-red-50 text-destructive",
    pending: "border-amber-300 bg-amber-50 text-amber-950",
    neutral: "border-ocean-700/20 bg-white text-navy-900",
  }[tone];
  const Icon = tone === "success" ? CircleCheck : tone === "error" ? CircleAlert : Clock;
  return (
    <div
      ref={ref}
      tabIndex={focus ? -1 : undefined}
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-lg border p-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", style)}
      data-testid={focus ? "manage-result" : undefined}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}

function ActionResult({ result, teamEmail }: { result: ManageActionData; teamEmail: string }) {
  const { t, locale } = useI18n();
  const message: { tone: "success" | "error" | "neutral"; text: string } = (() => {
    if (result.intent === "disruption-move" || result.intent === "disruption-refund") return disruptionResult(t, result, teamEmail, locale);
    switch (result.outcome) {
      case "updated":
        return { tone: "success", text: t("manage.result.updated") };
      case "unchanged":
        return { tone: "neutral", text: t("manage.result.unchanged") };
      case "invalid":
        return { tone: "error", text: t("manage.result.invalid") };
      case "event_started":
        return { tone: "error", text: t("manage.result.eventStarted") };
      case "not_changeable":
        return { tone: "error", text: t("manage.result.notChangeable") };
      case "nothing_due":
        return { tone: "neutral", text: t("manage.result.nothingDue") };
      case "not_confirmed":
        return { tone: "error", text: t("manage.result.notConfirmed") };
      case "provider_error":
        return { tone: "error", text: t("manage.result.providerError") };
      case "cancelled":
        return {
          tone: "success",
          text: result.refundedCents > 0 ? t("manage.result.cancelledRefund", { amount: formatAmount(result.refundedCents, locale) }) : t("manage.result.cancelled"),
        };
      case "already_cancelled":
        return { tone: "neutral", text: t("manage.result.alreadyCancelled") };
      case "not_cancellable":
        return { tone: "error", text: t("manage.result.notCancellable", { email: teamEmail }) };
      case "failed":
        return { tone: "error", text: t("manage.result.cancelFailed", { email: teamEmail }) };
      case "too_many":
        return { tone: "error", text: t("manage.result.tooMany") };
      case "unavailable":
        return { tone: "error", text: t("manage.result.unavailable") };
      default:
        return { tone: "error", text: t("manage.result.badRequest") };
    }
  })();
  return (
    <Notice tone={message.tone} focus>
      {message.text}
    </Notice>
  );
}

function CancelledNotice({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  const { refundedCents, refundPendingCents } = view.money;
  return (
    <div className="rounded-xl border border-red-200 bg-white p-5 shadow-sm sm:p-6" data-testid="manage-cancelled">
      <h2 className="font-display text-lg font-semibold uppercase tracking-wide text-red-800">{t("manage.cancelled.title")}</h2>
      {view.cancelledAt && <p className="mt-2 text-slate-700">{t("manage.cancelled.on", { date: formatDate(view.cancelledAt, locale) })}</p>}
      {refundedCents > 0 && <p className="mt-1 font-medium text-navy-900">{t("manage.cancelled.refunded", { amount: formatAmount(refundedCents, locale) })}</p>}
      {refundPendingCents > 0 && (
        <p className="mt-1 font-medium text-navy-900">{t("manage.cancelled.refundPending", { amount: formatAmount(refundPendingCents, locale) })}</p>
      )}
      {refundedCents === 0 && refundPendingCents === 0 && <p className="mt-1 text-slate-700">{t("manage.cancelled.noRefund")}</p>}
    </div>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-right font-semibold text-navy-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function MoneyCard({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  const m = view.money;
  const free = m.priceCents === 0;
  const navigation = useNavigation();
  const paying = navigation.state === "submitting" && navigation.formData?.get("intent") === "pay";
  return (
    <Card id="payments" title={t("manage.money.title")}>
      <dl className="divide-y">
        <Row label={t("manage.money.price")} testId="manage-price">
          {free ? t("manage.money.free") : formatAmount(m.priceCents, locale)}
        </Row>
        {!free && (
          <Row label={t("manage.money.paid")} testId="manage-paid">
            {formatAmount(m.paidCents, locale)}
          </Row>
        )}
        {m.refundedCents > 0 && (
          <Row label={t("manage.money.refunded")} testId="manage-refunded">
            {formatAmount(m.refundedCents, locale)}
          </Row>
        )}
        {m.refundPendingCents > 0 && (
          <Row label={t("manage.money.refundPending")} testId="manage-refund-pending">
            {formatAmount(m.refundPendingCents, locale)}
          </Row>
        )}
        {m.balanceDueCents > 0 && (
          <div className={cn("-mx-3 my-1 grid grid-cols-[1fr_auto] items-baseline gap-x-4 rounded-lg px-3 py-2.5", m.overdue ? "border border-destructive/40 bg-red-50" : "bg-foam-100")}>
            <dt className="font-semibold text-navy-900">{t("manage.money.balance")}</dt>
            <dd className="text-right text-xl font-bold text-navy-900" data-testid="manage-balance">
              {formatAmount(m.balanceDueCents, locale)}
            </dd>
            {m.balanceDueAt && (
              <dd
                className={cn("col-span-2 mt-1 flex items-center gap-1.5 text-sm", m.overdue ? "font-semibold text-destructive" : "text-slate-700")}
                data-testid="manage-balance-due"
              >
                {m.overdue && <TriangleAlert className="size-4 shrink-0" aria-hidden />}
                {m.overdue
                  ? t("manage.money.overdue", { date: formatDate(m.balanceDueAt, locale) })
                  : t("manage.money.dueOn", { date: formatDate(m.balanceDueAt, locale) })}
              </dd>
            )}
          </div>
        )}
      </dl>
      {view.status === "confirmed" && !free && m.balanceDueCents === 0 && (
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-emerald-800">
          <CircleCheck className="size-4" aria-hidden />
          {t("manage.money.settled")}
        </p>
      )}
      {view.can.payBalance && (
        // The answer is a redirect to the payment page (the test checkout, or Stripe's: React
        // Router leaves the site for an address on another origin).
        <Form method="post" className="mt-4 grid gap-2" aria-busy={paying || undefined}>
          <Button type="submit" name="intent" value="pay" variant="accent" size="lg" disabled={paying} className="w-full sm:w-auto" data-testid="manage-pay">
            {t("manage.money.pay", { amount: formatAmount(m.balanceDueCents, locale) })}
          </Button>
          <p className="text-xs text-slate-700">{t("manage.money.payHint")}</p>
        </Form>
      )}
      <PaymentTables view={view} />
    </Card>
  );
}

function PaymentTables({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  if (view.money.priceCents === 0 && view.payments.length === 0) return null;
  const cell = "py-2 pr-3 align-top";
  return (
    <div className="mt-6 grid gap-6">
      <table className="w-full text-left text-sm" data-testid="manage-payments">
        <caption className="mb-2 text-left font-semibold text-navy-900">{t("manage.payments.title")}</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-700">
          <tr className="border-b">
            <th scope="col" className={cell}>{t("manage.payments.date")}</th>
            <th scope="col" className={cell}>{t("manage.payments.kind")}</th>
            <th scope="col" className="py-2 text-right">{t("manage.payments.amount")}</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {view.payments.length === 0 ? (
            <tr>
              <td colSpan={3} className="py-2 text-slate-700">{t("manage.payments.none")}</td>
            </tr>
          ) : (
            view.payments.map((p) => (
              <tr key={p.id}>
                <td className={cell}>{formatDate(p.at, locale)}</td>
                <td className={cell}>{t(`manage.payments.kind.${p.kind}`)}</td>
                <td className="py-2 text-right font-medium tabular-nums">{formatAmount(p.amountCents, locale)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {view.refunds.length > 0 && (
        <table className="w-full text-left text-sm" data-testid="manage-refunds">
          <caption className="mb-2 text-left font-semibold text-navy-900">{t("manage.refunds.title")}</caption>
          <thead className="text-xs uppercase tracking-wide text-slate-700">
            <tr className="border-b">
              <th scope="col" className={cell}>{t("manage.payments.date")}</th>
              <th scope="col" className={cell}>{t("manage.refunds.status")}</th>
              <th scope="col" className="py-2 text-right">{t("manage.payments.amount")}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {view.refunds.map((r) => (
              <tr key={r.id}>
                <td className={cell}>{formatDate(r.at, locale)}</td>
                <td className={cell}>{t(`manage.refunds.status.${r.status}`)}</td>
                <td className="py-2 text-right font-medium tabular-nums">{formatAmount(r.amountCents, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Translates a schema message key; anything else is shown as is. */
function message(t: Translator, key: string): string {
  return isMessageKey(key) ? t(key) : key;
}

function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  maxLength,
  required = true,
  className,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "tel";
  autoComplete: string;
  maxLength: number;
  required?: boolean;
  className?: string;
}) {
  const { t } = useI18n();
  // Conform ties an invalid field to its message itself (aria-invalid, aria-describedby).
  const { key, ...inputProps } = getInputProps(field, { type });
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={field.id} className="text-navy-900">
        {label}
        {required && (
          <>
            <span aria-hidden className="ml-0.5 text-signal-700">*</span>
            <span className="sr-only"> ({t("booking.form.required")})</span>
          </>
        )}
      </Label>
      <Input key={key} {...inputProps} aria-required={required || undefined} autoComplete={autoComplete} maxLength={maxLength} />
      {field.errors && (
        <p id={field.errorId} className="text-sm font-medium text-destructive">
          {message(t, field.errors[0])}
        </p>
      )}
    </div>
  );
}

function DetailsCard({ view, actionData, teamEmail }: { view: ManageView; actionData: ManageActionData | undefined; teamEmail: string }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  const c = view.contact;
  const [form, fields] = useForm({
    id: "contact-details",
    lastResult: actionData?.intent === "details" ? actionData.result : undefined,
    defaultValue: {
      phoneNumber: c.phoneNumber ?? "",
      street: c.street,
      postalCode: c.postalCode,
      city: c.city,
      country: c.country,
      nextOfKinName: c.nextOfKinName ?? "",
      nextOfKinPhone: c.nextOfKinPhone ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactDetailsSchema }),
  });
  return (
    <Card id="details" title={t("manage.details.title")}>
      {view.can.changeDetails ? (
        <Form method="post" {...getFormProps(form)} className="grid gap-6" aria-busy={saving || undefined}>
          <p className="text-sm text-slate-700">{t("manage.details.intro")}</p>
          <TextField
            field={fields.phoneNumber}
            label={t("booking.field.phoneNumber")}
            type="tel"
            autoComplete="tel"
            maxLength={REGISTRATION_LIMITS.phone}
            required={false}
            className="sm:max-w-xs"
          />
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("booking.form.address")}</legend>
            <TextField field={fields.street} label={t("booking.field.street")} autoComplete="street-address" maxLength={REGISTRATION_LIMITS.street} className="sm:col-span-2" />
            <TextField field={fields.postalCode} label={t("booking.field.postalCode")} autoComplete="postal-code" maxLength={REGISTRATION_LIMITS.postalCode} />
            <TextField field={fields.city} label={t("booking.field.city")} autoComplete="address-level2" maxLength={REGISTRATION_LIMITS.city} />
            <TextField field={fields.country} label={t("booking.field.country")} autoComplete="country-name" maxLength={REGISTRATION_LIMITS.country} className="sm:col-span-2" />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("booking.form.emergency")}</legend>
            <TextField field={fields.nextOfKinName} label={t("booking.field.nextOfKinName")} autoComplete="off" maxLength={REGISTRATION_LIMITS.name} />
            <TextField field={fields.nextOfKinPhone} label={t("booking.field.nextOfKinPhone")} type="tel" autoComplete="off" maxLength={REGISTRATION_LIMITS.phone} />
          </fieldset>
          <div>
            <Button type="submit" name="intent" value="details" disabled={saving} className="w-full sm:w-auto" data-testid="manage-save">
              {saving ? t("manage.details.saving") : t("manage.details.save")}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">{t("manage.details.closed", { email: teamEmail })}</p>
      )}
    </Card>
  );
}

function QuoteText({ quote }: { quote: NonNullable<ManageView["cancelQuote"]> }) {
  const { t, locale } = useI18n();
  if (quote.netPaidCents === 0) return <>{t("manage.cancel.quote.nothingPaid")}</>;
  if (!quote.inWindow) return <>{t("manage.cancel.quote.late", { date: formatDate(quote.deadline, locale) })}</>;
  if (quote.refundCents === 0) return <>{t("manage.cancel.quote.noRefundPolicy")}</>;
  if (quote.percent >= 100) return <>{t("manage.cancel.quote.refund", { amount: formatAmount(quote.refundCents, locale) })}</>;
  return (
    <>
      {t("manage.cancel.quote.partial", {
        amount: formatAmount(quote.refundCents, locale),
        percent: quote.percent,
        paid: formatAmount(quote.netPaidCents, locale),
      })}
    </>
  );
}

function CancelCard({ view, path }: { view: ManageView; path: string }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const cancelling = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  const headingRef = useRef<HTMLHeadingElement>(null);
  const quote = view.cancelQuote;
  useEffect(() => {
    // The step opened (a link click, no page load): take focus there, so the question is read next.
    if (quote) headingRef.current?.focus();
  }, [quote]);
  return (
    <Card id="cancel" title={t("manage.cancel.title")}>
      {!view.can.cancel ? (
        <p className="text-sm text-slate-700">{t("manage.cancel.closed")}</p>
      ) : quote ? (
        <div className="grid gap-4 rounded-lg border border-destructive/30 bg-red-50/60 p-4" data-testid="manage-cancel-step">
          <h3
            ref={headingRef}
            tabIndex={-1}
            className="font-display text-xl font-semibold uppercase tracking-wide text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t("manage.cancel.confirmTitle")}
          </h3>
          <p className="text-lg font-medium text-navy-900" data-testid="manage-cancel-quote">
            <QuoteText quote={quote} />
          </p>
          <p className="text-sm text-slate-700">{t("manage.cancel.quote.final")}</p>
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center" aria-busy={cancelling || undefined}>
            <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={cancelling} data-testid="manage-cancel-confirm">
              {t("manage.cancel.confirm")}
            </Button>
            <Button asChild variant="outline">
              <Link to={`${path}#cancel`} preventScrollReset>
                {t("manage.cancel.keep")}
              </Link>
            </Button>
          </Form>
        </div>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-slate-700">{t("manage.cancel.intro")}</p>
          <div>
            <Button asChild variant="outlineDestructive">
              <Link to={`${path}?step=cancel#cancel`} preventScrollReset data-testid="manage-cancel-start">
                {t("manage.cancel.start")}
              </Link>
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

function EventCard({ view, path }: { view: ManageView; path: string }) {
  const { t, locale } = useI18n();
  const e = view.event;
  const time = (iso: string) => formatDate(iso, locale, { hour: "2-digit", minute: "2-digit" });
  const active = view.status === "confirmed" || view.status === "pending_payment";
  return (
    <Card id="event" title={t("manage.event.title")}>
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="text-slate-700">{t("manage.event.dates")}</dt>
          <dd className="font-semibold text-navy-900">{formatDateRange(e.startDate, e.endDate, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">{t("manage.event.time")}</dt>
          <dd className="font-semibold text-navy-900">
            {time(e.startDate)} – {time(e.endDate)}
          </dd>
        </div>
        {e.location && (
          <div>
            <dt className="text-slate-700">{t("manage.event.place")}</dt>
            <dd className="font-semibold text-navy-900">{e.location}</dd>
          </div>
        )}
        {e.included.length > 0 && (
          <div>
            <dt className="text-slate-700">{t("manage.event.included")}</dt>
            <dd>
              <ul className="mt-1 grid gap-1 text-navy-900">
                {e.included.map((item) => (
                  <li key={item} className="flex gap-2">
                    <CircleCheck className="mt-0.5 size-4 shrink-0 text-ocean-600" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {active && (
        <div className="mt-5 grid gap-2">
          <Button asChild variant="outline" className="w-full">
            {/* A file download, not a page: a plain link with the download attribute. */}
            <a href={`${path}/calendar.ics`} download data-testid="manage-ics">
              <CalendarPlus aria-hidden />
              {t("manage.event.ics")}
            </a>
          </Button>
        </div>
      )}
      {e.calendarPath && (
        <p className="mt-3 text-sm">
          <Link to={e.calendarPath} className="font-medium text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
            {t("manage.event.view")}
          </Link>
        </p>
      )}
    </Card>
  );
}

function PolicyCard({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  const { percent, deadline } = view.policy;
  const key: MessageKey = percent === 0 ? "manage.policy.none" : percent >= 100 ? "manage.policy.full" : "manage.policy.partial";
  return (
    <Card id="policy" title={t("manage.policy.title")}>
      <p className="text-sm text-navy-900" data-testid="manage-policy">
        {t(key, { date: formatDate(deadline, locale), percent })}
      </p>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// The team cancelled or moved the date (decision 015)
// ---------------------------------------------------------------------------------------------

type DisruptionAnswer = Extract<ManageActionData, { intent: "disruption-move" | "disruption-refund" }>;

function disruptionResult(t: Translator, result: DisruptionAnswer, teamEmail: string, locale: "nl" | "en"): { tone: "success" | "error" | "neutral"; text: string } {
  switch (result.outcome) {
    case "moved":
      return { tone: "success", text: t("disruption.result.moved") };
    case "refunded":
      return {
        tone: "success",
        text: (result.refundedCents ?? 0) > 0 ? t("disruption.result.refunded", { amount: formatAmount(result.refundedCents ?? 0, locale) }) : t("disruption.result.cancelled"),
      };
    case "already_answered":
      return { tone: "neutral", text: t("disruption.result.alreadyAnswered") };
    case "full":
      return { tone: "error", text: t("disruption.result.full") };
    case "target_closed":
      return { tone: "error", text: t("disruption.result.closed") };
    case "bad_target":
      return { tone: "error", text: t("disruption.result.badTarget") };
    case "not_live":
    case "no_disruption":
      return { tone: "error", text: t("disruption.result.notLive") };
    default:
      return { tone: "error", text: t("disruption.result.failed", { email: teamEmail }) };
  }
}

function DisruptionCard({ disruption: d }: { disruption: NonNullable<ManageView["disruption"]> }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && String(navigation.formData?.get("intent") ?? "").startsWith("disruption-");
  const title = t(d.kind === "moved" ? "disruption.title.moved" : "disruption.title.cancelled");
  const dates = [...(d.newDate ? [d.newDate] : []), ...d.otherDates];
  const firstOpen = dates.find((x) => x.placesLeft === null || x.placesLeft > 0);
  const answered: Record<Exclude<typeof d.choice, "pending">, MessageKey> = {
    moved: d.automatic ? "disruption.answered.movedAuto" : "disruption.answered.moved",
    refunded: d.automatic ? "disruption.answered.refundedAuto" : "disruption.answered.refunded",
    closed: "disruption.answered.closed",
  };
  return (
    <section id="disruption" aria-labelledby="disruption-title" className="scroll-mt-24 rounded-xl border-2 border-red-300 bg-white p-5 shadow-sm sm:p-6" data-testid="manage-disruption">
      <h2 id="disruption-title" className="mb-3 font-display text-xl font-semibold uppercase tracking-wide text-red-800">
        {title}
      </h2>
      <p className="text-navy-900">
        {d.kind === "moved" && d.newDate
          ? t("disruption.intro.moved", { date: formatDateRange(d.newDate.startDate, d.newDate.endDate, locale) })
          : t("disruption.intro.cancelled")}
      </p>
      <blockquote className="my-3 whitespace-pre-line border-l-4 border-signal-700 bg-foam-100 px-4 py-3 text-navy-900" data-testid="manage-disruption-message">
        {d.message}
      </blockquote>
      {d.choice !== "pending" ? (
        <p className="font-medium text-navy-900" data-testid="manage-disruption-answer">
          {t(answered[d.choice])}
        </p>
      ) : (
        <div className="grid gap-5">
          <p className="text-sm text-slate-700">
            {d.refundCents > 0 ? t("disruption.choose", { amount: formatAmount(d.refundCents, locale) }) : t("disruption.chooseFree")}
          </p>
          <p className="text-sm font-medium text-navy-900">
            {t(d.newDate ? "disruption.deadline.move" : "disruption.deadline.refund", { date: formatDate(d.resolveAt, locale) })}
          </p>
          {dates.length > 0 ? (
            <Form method="post" className="grid gap-3" aria-busy={busy || undefined}>
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("disruption.move.legend")}</legend>
                {dates.map((x) => {
                  const full = x.placesLeft !== null && x.placesLeft <= 0;
                  const when = formatDateRange(x.startDate, x.endDate, locale);
                  return (
                    <label key={x.id} className={cn("flex items-start gap-3 rounded-lg border p-3 text-sm", full ? "text-slate-700" : "cursor-pointer text-navy-900 hover:bg-foam-100")}>
                      <input
                        type="radio"
                        name="toEventId"
                        value={x.id}
                        defaultChecked={x.id === firstOpen?.id}
                        disabled={full}
                        required
                        className="mt-0.5 size-4 accent-ocean-700 focus-visible:ring-2 focus-visible:ring-ring"
                      />
                      <span>
                        <span className="font-semibold">{x.id === d.newDate?.id ? t("disruption.move.newDate", { date: when }) : t("disruption.move.other", { name: x.name, date: when })}</span>
                        {x.placesLeft !== null && (
                          <span className="block text-slate-700">{full ? t("disruption.move.full") : t("disruption.move.placesLeft", { count: x.placesLeft })}</span>
                        )}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
              <div>
                <Button type="submit" name="intent" value="disruption-move" disabled={busy || !firstOpen} data-testid="manage-disruption-move">
                  {t("disruption.move.submit")}
                </Button>
              </div>
            </Form>
          ) : (
            <p className="text-sm text-slate-700">{t("disruption.move.none")}</p>
          )}
          <Form method="post" className="grid gap-2 border-t pt-4" aria-busy={busy || undefined}>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-navy-900">{t("disruption.refund.title")}</h3>
            <div>
              <Button type="submit" name="intent" value="disruption-refund" variant="destructive" disabled={busy} data-testid="manage-disruption-refund">
                {d.refundCents > 0 ? t("disruption.refund.submit", { amount: formatAmount(d.refundCents, locale) }) : t("disruption.refund.submitFree")}
              </Button>
            </div>
          </Form>
        </div>
      )}
    </section>
  );
}
