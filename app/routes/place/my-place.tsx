import "~/i18n/place";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarPlus } from "lucide-react";
import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteLoaderData } from "react-router";
import { Card, Row } from "~/components/manage/card";
import { CrewChecklist } from "~/components/place/crew-checklist";
import { EventHero } from "~/components/manage/event-hero";
import { Notice } from "~/components/manage/notice";
import { SiteError } from "~/components/site-error";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { waiver, waiverNl } from "~/content/waiver";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { formatDate, formatDateRange } from "~/lib/dates";
import { siteTitle, type RootData } from "~/lib/seo";
import { placeDetailsSchema, type PlaceActionData, type PlaceDetailField, type PlaceView } from "~/schemas/place";
import { REGISTRATION_LIMITS } from "~/schemas/registration";
import { tokenLinkHeaders, tokenLinkLanguageRedirect, tokenLinkLocale, TOKEN_LINK_HEADERS } from "@server/http/token-link.server";
import { placeAction, placeView, requirePlace, type GoneReason } from "./my-place.server";
import type { Route } from "./+types/my-place";

/**
 * /my-place/<token>: a group booking's participant's own page, opened from their invitation
 * (issue 26). It shows the event, who booked them in, their own details and what is still
 * missing, and lets them complete or correct their details and accept the waiver until the event
 * starts. Nothing of the other participants, the booking's money, or any way to change or cancel
 * the booking. A forged or unknown token is the site's 404; a place given to someone else or
 * cancelled answers 410 with a page that says so.
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const booking = await requirePlace(params.token, context.clientAddress);
  const toLanguage = await tokenLinkLanguageRedirect(request, url, booking.place.locale);
  if (toLanguage) throw toLanguage;
  const locale = await tokenLinkLocale(request, booking.place.locale);
  return data(await placeView(booking, locale), { headers: TOKEN_LINK_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const booking = await requirePlace(params.token, context.clientAddress);
  const answer = await placeAction(request, booking, context.clientAddress);
  return data(answer.body, { status: answer.status, headers: { ...TOKEN_LINK_HEADERS, ...answer.headers } });
}

export const headers = tokenLinkHeaders;

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const locale = (matches[0].loaderData as RootData | undefined)?.locale ?? "nl";
  // No canonical or Open Graph tags: the address holds the participant's token.
  const title = loaderData ? translate(locale, "place.meta.title", { event: loaderData.event.name }) : translate(locale, "notFound.title");
  return [
    { title: siteTitle(title) },
    { name: "description", content: translate(locale, "place.meta.description") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}

export default function MyPlacePage({ loaderData: view, actionData, params }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const teamEmail = root?.teamEmail ?? "";
  const path = `/my-place/${params.token}`;
  return (
    <>
      <EventHero kicker={t("place.kicker")} event={view.event} testId="place-event-name">
        <p className="mt-4 text-sm text-foam-200" data-testid="place-booked-by">
          {t("place.bookedBy", { name: view.bookerName })}
        </p>
      </EventHero>
      <section className="bg-foam-100 py-10 sm:py-14">
        <div className="mx-auto grid max-w-5xl gap-6 px-4 sm:px-6 lg:grid-cols-3">
          <div className="grid content-start gap-6 lg:col-span-2">
            {actionData && actionData.intent !== "crew" && <PlaceResult result={actionData} />}
            <StateCard view={view} />
            <DetailsCard view={view} actionData={actionData} teamEmail={teamEmail} />
            <WaiverCard view={view} />
            {view.crew && (
              <CrewChecklist
                crew={view.crew}
                path={path}
                open={view.open}
                actionData={actionData?.intent === "crew" ? actionData : undefined}
                teamEmail={teamEmail}
                healthRetentionDays={view.healthRetentionDays}
              />
            )}
          </div>
          <div className="grid content-start gap-6">
            <Card id="event" title={t("place.event.title")}>
              <dl className="grid gap-3 text-sm">
                <div>
                  <dt className="text-slate-700">{t("place.event.date")}</dt>
                  <dd className="font-semibold text-navy-900">{formatDateRange(view.event.startDate, view.event.endDate, locale)}</dd>
                </div>
                {view.event.location && (
                  <div>
                    <dt className="text-slate-700">{t("place.event.location")}</dt>
                    <dd className="font-semibold text-navy-900">{view.event.location}</dd>
                  </div>
                )}
              </dl>
              {view.open && (
                <Button asChild variant="outline" className="mt-4 w-full">
                  <a href={`${path}/calendar.ics`} download>
                    <CalendarPlus className="size-4" aria-hidden />
                    {t("place.event.calendar")}
                  </a>
                </Button>
              )}
            </Card>
            <p className="px-1 text-sm text-slate-700">{t("place.help", { email: teamEmail })}</p>
          </div>
        </div>
      </section>
    </>
  );
}

const RESULT: Record<string, { tone: "success" | "error" | "neutral"; key: MessageKey }> = {
  "details:updated": { tone: "success", key: "place.result.saved" },
  "details:unchanged": { tone: "neutral", key: "place.result.unchanged" },
  "details:invalid": { tone: "error", key: "place.result.invalid" },
  "details:closed": { tone: "error", key: "place.result.closed" },
  "waiver:accepted": { tone: "success", key: "place.result.waiverAccepted" },
  "waiver:already": { tone: "neutral", key: "place.result.waiverAlready" },
  "waiver:missing": { tone: "error", key: "place.result.waiverMissing" },
  "waiver:closed": { tone: "error", key: "place.result.closed" },
  "null:too_many": { tone: "error", key: "place.result.tooMany" },
  "null:unavailable": { tone: "error", key: "place.result.unavailable" },
  "null:bad_request": { tone: "error", key: "place.result.badRequest" },
};

function PlaceResult({ result }: { result: PlaceActionData }) {
  const { t } = useI18n();
  const shown = RESULT[`${result.intent}:${result.outcome}`] ?? RESULT["null:bad_request"];
  return (
    <Notice tone={shown.tone} focus>
      {t(shown.key)}
    </Notice>
  );
}

const FIELD_LABEL: Record<PlaceDetailField, MessageKey> = {
  name: "place.field.name",
  birthDate: "place.field.birthDate",
  street: "place.field.street",
  postalCode: "place.field.postalCode",
  city: "place.field.city",
  country: "place.field.country",
  nextOfKinName: "place.field.nextOfKinName",
  nextOfKinPhone: "place.field.nextOfKinPhone",
};

/** Where the place stands: details complete or what is missing, the waiver, the deadline. */
function StateCard({ view }: { view: PlaceView }) {
  const { t, locale } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const complete = view.missing.length === 0 && view.waiver !== null;
  return (
    <Card id="state" title={t("place.state.title")}>
      <dl className="divide-y text-sm">
        <Row label={t("place.state.details")} testId="place-details-state">
          {view.missing.length === 0 ? t("place.state.detailsComplete") : t("place.state.detailsMissing", { fields: view.missing.map((f) => t(FIELD_LABEL[f])).join(", ") })}
        </Row>
        <Row label={t("place.state.waiver")} testId="place-waiver-state">
          {view.waiver ? t("place.state.waiverAccepted", { date: formatDate(view.waiver.acceptedAt, locale), version: view.waiver.version }) : t("place.state.waiverOpen")}
        </Row>
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        {!view.open
          ? t("place.started", { email: root?.teamEmail ?? "" })
          : complete
            ? t("place.state.complete")
            : t("place.deadline", { date: formatDate(view.deadline, locale) })}
      </p>
    </Card>
  );
}

/** The participant's own details: completed or corrected until the event starts, read-only after. */
function DetailsCard({ view, actionData, teamEmail }: { view: PlaceView; actionData: PlaceActionData | undefined; teamEmail: string }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  const [form, fields] = useForm({
    id: "place-details",
    lastResult: actionData?.intent === "details" ? actionData.result : undefined,
    defaultValue: view.details,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: placeDetailsSchema }),
  });
  if (!view.open) {
    return (
      <Card id="details" title={t("place.details.title")}>
        <dl className="divide-y text-sm">
          {(Object.keys(FIELD_LABEL) as PlaceDetailField[]).map((field) => (
            <Row key={field} label={t(FIELD_LABEL[field])}>
              {field === "birthDate" && view.details.birthDate ? formatDate(`${view.details.birthDate}T12:00:00Z`, locale) : view.details[field] || "–"}
            </Row>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-700">{t("place.started", { email: teamEmail })}</p>
      </Card>
    );
  }
  return (
    <Card id="details" title={t("place.details.title")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-6" aria-busy={saving || undefined}>
        <p className="text-sm text-slate-700">{t("place.details.intro")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.name} required label={t("place.field.name")} autoComplete="name" maxLength={REGISTRATION_LIMITS.name} />
          <TextField field={fields.birthDate} label={t("place.field.birthDate")} type="date" autoComplete="bday" />
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("booking.form.address")}</legend>
          <TextField field={fields.street} label={t("place.field.street")} autoComplete="street-address" maxLength={REGISTRATION_LIMITS.street} className="sm:col-span-2" />
          <TextField field={fields.postalCode} label={t("place.field.postalCode")} autoComplete="postal-code" maxLength={REGISTRATION_LIMITS.postalCode} />
          <TextField field={fields.city} label={t("place.field.city")} autoComplete="address-level2" maxLength={REGISTRATION_LIMITS.city} />
          <TextField field={fields.country} label={t("place.field.country")} autoComplete="country-name" maxLength={REGISTRATION_LIMITS.country} className="sm:col-span-2" />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("booking.form.emergency")}</legend>
          <TextField field={fields.nextOfKinName} label={t("place.field.nextOfKinName")} autoComplete="off" maxLength={REGISTRATION_LIMITS.name} />
          <TextField field={fields.nextOfKinPhone} label={t("place.field.nextOfKinPhone")} type="tel" autoComplete="off" maxLength={REGISTRATION_LIMITS.phone} />
        </fieldset>
        <div>
          <Button type="submit" name="intent" value="details" disabled={saving} className="w-full sm:w-auto" data-testid="place-save">
            {t("place.details.save")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** The waiver's text and the participant's own acceptance of it (a separate step from the details). */
function WaiverCard({ view }: { view: PlaceView }) {
  const { t, locale } = useI18n();
  const text = locale === "en" ? waiver : waiverNl;
  const accepted = view.waiver !== null && view.waiver.version === view.waiverVersion;
  return (
    <Card id="waiver" title={t("place.waiver.title")}>
      <p className="mb-3 text-sm text-slate-700">{t("place.waiver.intro")}</p>
      <div className="max-h-80 overflow-y-auto rounded-md border bg-foam-100 p-4 text-sm text-slate-800" tabIndex={0} aria-label={text.title}>
        <p className="font-semibold text-navy-900">{text.title}</p>
        <p className="mt-1 text-xs text-slate-700">{t("place.waiver.version", { version: view.waiverVersion })}</p>
        <p className="mt-2">{text.intro}</p>
        {text.parts.map((part) => (
          <div key={part.id} className="mt-3">
            <p className="font-semibold text-navy-900">{part.title}</p>
            {part.paragraphs.map((paragraph, index) => (
              <p key={index} className="mt-1">
                {paragraph}
              </p>
            ))}
          </div>
        ))}
      </div>
      {!accepted && view.open && (
        <Form method="post" className="mt-4 grid gap-4">
          <label className="flex items-start gap-3 text-sm text-navy-900">
            <input type="checkbox" name="waiverAccepted" required className="mt-1 size-4 accent-ocean-700" />
            <span>{t("place.waiver.accept")}</span>
          </label>
          <div>
            <Button type="submit" name="intent" value="waiver" className="w-full sm:w-auto" data-testid="place-accept-waiver">
              {t("place.waiver.submit")}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}

/**
 * A forged or unknown token is the site's plain 404 (nothing about any booking); a place given to
 * someone else or cancelled says so (410); too many wrong tokens from one address say how long to
 * wait. All inside the site's header and footer.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 410 || error.status === 429)) {
    const body = error.data as { retryAfterSeconds?: number; reason?: GoneReason } | null;
    return error.status === 410 ? <GonePage reason={body?.reason ?? "cancelled"} /> : <TooManyTries />;
  }
  return <SiteError error={error} title />;
}

function GonePage({ reason }: { reason: GoneReason }) {
  const { t } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center gap-5 bg-gradient-to-b from-navy-900 to-ocean-700 px-6 pt-16 text-center text-white">
      <title>{siteTitle(t("place.gone.title"))}</title>
      <h1 className="text-3xl font-semibold">{t("place.gone.title")}</h1>
      <p className="max-w-md text-foam-100" data-testid="place-gone">
        {t(reason === "replaced" ? "place.gone.replaced" : "place.gone.cancelled", { email: root?.teamEmail ?? "" })}
      </p>
      <Link to="/" className="rounded-md bg-white px-5 py-2.5 font-semibold text-navy-900 hover:bg-foam-100">
        {t("notFound.home")}
      </Link>
    </section>
  );
}

function TooManyTries() {
  const { t } = useI18n();
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center gap-5 bg-gradient-to-b from-navy-900 to-ocean-700 px-6 pt-16 text-center text-white">
      <title>{siteTitle(t("place.tooMany.title"))}</title>
      <h1 className="text-3xl font-semibold">{t("place.tooMany.title")}</h1>
      <p className="max-w-md text-foam-100">{t("place.result.tooMany")}</p>
      <Link to="/" className="rounded-md bg-white px-5 py-2.5 font-semibold text-navy-900 hover:bg-foam-100">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
