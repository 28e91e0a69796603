import "~/i18n/manage";
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { TextField, fieldMessage } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { formatAmount } from "~/lib/money-format";
import { cn } from "~/lib/utils";
import { REGISTRATION_LIMITS } from "~/schemas/registration";
import { replaceParticipantSchema, type ManageActionData, type ManageView, type PlaceLine, type PlacesView } from "~/schemas/manage";
import { Card } from "./card";

/**
 * The booker's view of the group (`#participants`, decision 042): how many places are complete,
 * and per place its participant's state and what the booker may do — send the invitation again,
 * replace the participant until the deadline (`?step=replace&place=<id>`), cancel the place with
 * what it gives back now (`?step=cancel-place&place=<id>`, then a confirm). Plain forms; the
 * server checks every one (a place of another booking changes nothing).
 */
export function ParticipantsCard({ view, places, path, actionData }: { view: ManageView; places: PlacesView; path: string; actionData: ManageActionData | undefined }) {
  const { t, locale } = useI18n();
  return (
    <Card id="participants" title={t("manage.places.title")}>
      <div className="grid gap-4">
        <p className="text-lg font-semibold text-navy-900" data-testid="manage-places-complete">
          {t("manage.places.complete", {
            done: places.complete,
            total: places.total,
          })}
        </p>
        {view.status === "confirmed" && (
          <p className="text-sm text-slate-700">
            {places.replaceOpen
              ? t("manage.places.intro", {
                  date: formatDate(places.deadline, locale),
                })
              : t("manage.places.replaceClosed", {
                  date: formatDate(places.deadline, locale),
                })}
          </p>
        )}
        <ol className="grid gap-3" data-testid="manage-places">
          {places.lines.map((line) => (
            <PlaceItem key={line.id} line={line} places={places} path={path} actionData={actionData} />
          ))}
        </ol>
        {view.status === "confirmed" && view.can.cancel && places.total === 1 && <p className="text-sm text-slate-700">{t("manage.places.cancelLast")}</p>}
      </div>
    </Card>
  );
}

function PlaceItem({ line, places, path, actionData }: { line: PlaceLine; places: PlacesView; path: string; actionData: ManageActionData | undefined }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("placeId") === line.id;
  const past = line.state !== "live";
  const badges: { text: string; good: boolean }[] =
    line.state === "replaced"
      ? [
          {
            text: line.replacedBy ? t("manage.places.state.replaced", { name: line.replacedBy }) : t("manage.places.state.cancelled"),
            good: false,
          },
        ]
      : line.state === "cancelled"
        ? [{ text: t("manage.places.state.cancelled"), good: false }]
        : [
            {
              text: t(line.complete ? "manage.places.state.complete" : "manage.places.state.missing"),
              good: line.complete,
            },
            {
              text: t(line.waiverAccepted ? "manage.places.state.waiver" : "manage.places.state.noWaiver"),
              good: line.waiverAccepted,
            },
            ...(line.isBooker
              ? []
              : [
                  {
                    text: line.invitedAt
                      ? t("manage.places.state.invited", {
                          date: formatDate(line.invitedAt, locale),
                        })
                      : t("manage.places.state.notInvited"),
                    good: line.invitedAt !== null,
                  },
                ]),
          ];
  const quote = places.cancelQuote?.placeId === line.id ? places.cancelQuote : null;
  const replacing = places.replacing === line.id && line.can.replace;
  const replaceResult = actionData?.intent === "place-replace" && actionData.placeId === line.id ? actionData : undefined;
  return (
    <li id={`place-${line.id}`} className={cn("scroll-mt-24 rounded-lg border p-4", past ? "border-dashed bg-slate-50 text-slate-700" : "bg-white")} data-testid="manage-place">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-navy-900">
          <span className="mr-2 text-sm uppercase tracking-wide text-ocean-700">{t("manage.places.number", { number: line.number })}</span>
          <span className={cn(past && "line-through")}>{line.name}</span>
          {line.isBooker && <span className="ml-1 text-sm font-normal text-slate-700">({t("manage.places.you")})</span>}
        </p>
        <p className="text-sm text-slate-700">{line.email ?? t("manage.places.noEmail")}</p>
      </div>
      <ul className="mt-2 flex flex-wrap gap-2 text-xs font-semibold" data-testid="manage-place-state">
        {badges.map((badge) => (
          <li key={badge.text} className={cn("rounded-full px-2.5 py-1", badge.good ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-950")}>
            {badge.text}
          </li>
        ))}
      </ul>
      {(line.can.resend || line.can.replace || line.can.cancel) && !quote && !replacing && (
        <div className="mt-3 flex flex-wrap gap-2">
          {line.can.resend && (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="placeId" value={line.id} />
              <Button type="submit" name="intent" value="place-resend" variant="outline" size="sm" disabled={busy} data-testid="manage-place-resend">
                {t("manage.places.resend")}
              </Button>
            </Form>
          )}
          {line.can.replace && (
            <Button asChild variant="outline" size="sm">
              <Link to={`${path}?step=replace&place=${line.id}#place-${line.id}`} preventScrollReset data-testid="manage-place-replace">
                {t("manage.places.replace")}
              </Link>
            </Button>
          )}
          {line.can.cancel && (
            <Button asChild variant="outlineDestructive" size="sm">
              <Link to={`${path}?step=cancel-place&place=${line.id}#place-${line.id}`} preventScrollReset data-testid="manage-place-cancel">
                {t("manage.places.cancel")}
              </Link>
            </Button>
          )}
        </div>
      )}
      {quote && <CancelPlaceStep quote={quote} path={path} busy={busy} />}
      {replacing && <ReplaceForm line={line} path={path} busy={busy} lastResult={replaceResult?.result} />}
    </li>
  );
}

/** The confirm step of cancelling one place: what it gives back now, then the button. */
function CancelPlaceStep({ quote, path, busy }: { quote: NonNullable<PlacesView["cancelQuote"]>; path: string; busy: boolean }) {
  const { t, locale } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [quote.placeId]);
  const text =
    quote.shareCents === 0
      ? t("manage.places.cancelNothingPaid")
      : !quote.inWindow || quote.refundCents === 0
        ? t("manage.places.cancelLate", {
            date: formatDate(quote.deadline, locale),
          })
        : quote.percent >= 100
          ? t("manage.places.cancelRefund", {
              amount: formatAmount(quote.refundCents, locale),
            })
          : t("manage.places.cancelPartial", {
              amount: formatAmount(quote.refundCents, locale),
              percent: quote.percent,
              share: formatAmount(quote.shareCents, locale),
            });
  return (
    <div className="mt-3 grid gap-3 rounded-lg border border-destructive/30 bg-red-50/60 p-4" data-testid="manage-place-cancel-step">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {t("manage.places.cancelTitle", {
          number: quote.number,
          name: quote.name,
        })}
      </h3>
      <p className="font-medium text-navy-900" data-testid="manage-place-cancel-quote">
        {text}
      </p>
      <p className="text-sm text-slate-700">{t("manage.places.cancelFinal")}</p>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center" aria-busy={busy || undefined}>
        <input type="hidden" name="placeId" value={quote.placeId} />
        <Button type="submit" name="intent" value="place-cancel" variant="destructive" disabled={busy} data-testid="manage-place-cancel-confirm">
          {t("manage.places.cancelConfirm")}
        </Button>
        <Button asChild variant="outline">
          <Link to={`${path}#participants`} preventScrollReset>
            {t("manage.places.cancelKeep")}
          </Link>
        </Button>
      </Form>
    </div>
  );
}

/** Another person takes the place: their name, e-mail and the language of their invitation. */
function ReplaceForm({
  line,
  path,
  busy,
  lastResult,
}: {
  line: PlaceLine;
  path: string;
  busy: boolean;
  lastResult: Extract<ManageActionData, { intent: "place-replace" }>["result"];
}) {
  const { t, locale } = useI18n();
  const [form, fields] = useForm({
    id: `replace-${line.id}`,
    lastResult,
    defaultValue: { placeId: line.id, locale },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replaceParticipantSchema }),
  });
  const { key: selectKey, ...selectProps } = getSelectProps(fields.locale);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-3 grid gap-4 rounded-lg border bg-foam-100/60 p-4"
      aria-busy={busy || undefined}
      data-testid="manage-place-replace-form"
    >
      <h3 className="font-semibold text-navy-900">{t("manage.places.replaceTitle", { number: line.number })}</h3>
      <p className="text-sm text-slate-700">{t("manage.places.replaceIntro", { name: line.name })}</p>
      <input type="hidden" name="placeId" value={line.id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.name} required label={t("manage.places.field.name")} autoComplete="off" maxLength={REGISTRATION_LIMITS.name} />
        <TextField field={fields.email} required type="email" label={t("manage.places.field.email")} autoComplete="off" maxLength={REGISTRATION_LIMITS.email} />
        <div className="grid content-start gap-1.5">
          <Label htmlFor={fields.locale.id} className="text-navy-900">
            {t("manage.places.field.locale")}
          </Label>
          <select key={selectKey} {...selectProps} className="h-10 rounded-md border border-input bg-white px-3 text-sm">
            <option value="nl">{t("manage.places.locale.nl")}</option>
            <option value="en">{t("manage.places.locale.en")}</option>
          </select>
          {fields.locale.errors?.[0] && <p className="text-sm text-destructive">{fieldMessage(t, fields.locale.errors[0])}</p>}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" name="intent" value="place-replace" disabled={busy} data-testid="manage-place-replace-submit">
          {t("manage.places.replaceSubmit")}
        </Button>
        <Button asChild variant="outline">
          <Link to={`${path}#participants`} preventScrollReset>
            {t("manage.places.replaceBack")}
          </Link>
        </Button>
      </div>
    </Form>
  );
}
