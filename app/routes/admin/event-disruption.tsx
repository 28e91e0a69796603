import "~/i18n/admin";
import { CalendarX2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { BackLink } from "~/components/admin/article-fields";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { ContactCell } from "~/components/admin/contact-cell";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { formatDate, formatDateRange } from "~/lib/dates";
import { DISRUPTION_MESSAGE_MAX, type DisruptionFormField } from "~/schemas/disruption";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { eventDisruption } from "@server/disruptions/disruptions.server";
import { eventById } from "@server/events/admin.server";
import { displayStatus } from "@server/events/view.server";
import { readForm } from "@server/http/form.server";
import { log } from "@server/log.server";
import { disruptionAction, type DisruptionActionData, type DisruptionPreviewView, type DisruptionValues } from "./event-disruption.server";
import type { Route } from "./+types/event-disruption";

export const handle = { locale: "nl" };

/**
 * /admin/events/:id/disruption (decision 015): cancel or move an event date with a message in
 * Dutch and English, then every participant's answer: chose to move, chose a refund, no answer
 * (with the reminder), or handled automatically after 7 days.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireStaff(request, "events");
  const done = url.searchParams.get("done");
  const event = await eventById(db(), params.id);
  if (!event) throw data(null, { status: 404 });
  const found = await eventDisruption(db(), event.id);
  return {
    event: {
      id: event.id,
      name: event.name,
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      cancelled: event.status === "cancelled",
      finished: displayStatus(event, now()) === "completed",
      messageNl: event.cancellationMessage,
      messageEn: event.cancellationMessageEn,
    },
    disruption: found
      ? {
          kind: found.disruption.kind,
          announcedAt: found.disruption.announcedAt.toISOString(),
          newEvent: found.newEvent ? { id: found.newEvent.id, name: found.newEvent.name, startDate: found.newEvent.startDate.toISOString() } : null,
          rows: found.rows.map((r) => ({
            ...r,
            reminderSentAt: r.reminderSentAt?.toISOString() ?? null,
            answeredAt: r.answeredAt?.toISOString() ?? null,
          })),
        }
      : null,
    done: done === "disrupted" || done === "already" ? done : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireStaff(request, "events");
  const form = await readForm(request);
  try {
    const answer = await disruptionAction(form, params.id, { type: "staff", userId: admin.id });
    switch (answer.kind) {
      case "not_found":
        throw data(null, { status: 404 });
      case "redirect":
        // Post, redirect, get: a reload shows the answers and never posts the confirm again.
        return redirect(`/admin/events/${params.id}/disruption?done=${answer.done}`, { status: 303 });
      case "data":
        return data<DisruptionActionData>(answer.body, { status: answer.status });
    }
  } catch (error) {
    if (error instanceof Response || (typeof error === "object" && error !== null && "init" in error)) throw error;
    log.error(`Disruption of event ${params.id} failed`, error);
    throw data(null, { status: 503 });
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData ? translate("nl", "admin.disruption.title", { event: loaderData.event.name }) : translate("nl", "admin.events.title");
  return [{ title: `${title} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminEventDisruption({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { event, disruption, done } = loaderData;
  return (
    <AdminPage title={t("admin.disruption.title", { event: event.name })} backTo={null} intro={<span>{formatDateRange(event.startDate, event.endDate, locale)}</span>}>
      <BackLink to={`/admin/events/${event.id}`} label={t("admin.disruption.back")} />
      {disruption ? (
        <>
          {done && (
            <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900" data-testid="disruption-done">
              {done === "disrupted" ? t("admin.disruption.done", { count: disruption.rows.length }) : t("admin.disruption.already")}
            </p>
          )}
          <Answers disruption={disruption} messageNl={event.messageNl} messageEn={event.messageEn} />
        </>
      ) : event.cancelled ? (
        <p role="status" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 font-semibold text-destructive">
          {t("admin.disruption.error.alreadyCancelled")}
        </p>
      ) : event.finished ? (
        <p role="status" className="rounded-lg border p-4 font-semibold text-navy-900">
          {t("admin.disruption.error.finished")}
        </p>
      ) : actionData?.step === "confirm" ? (
        <ConfirmStep values={actionData.values} preview={actionData.preview} />
      ) : (
        <DisruptionForm actionData={actionData} />
      )}
    </AdminPage>
  );
}

function FieldError({ id, error }: { id: string; error?: MessageKey }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {t(error, { max: DISRUPTION_MESSAGE_MAX })}
    </p>
  );
}

function DisruptionForm({ actionData }: { actionData: Extract<DisruptionActionData, { step: "form" }> | undefined }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = actionData?.values;
  const errors = actionData?.errors ?? {};
  const [kind, setKind] = useState(values?.kind === "moved" ? "moved" : "cancelled");
  const invalid = (field: DisruptionFormField) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});
  return (
    <AdminSection title={t("admin.disruption.link")} id="disruption-form">
      <p className="max-w-3xl text-slate-700">{t("admin.disruption.intro")}</p>
      {actionData?.formError && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 font-semibold text-destructive">
          {t(actionData.formError)}
        </p>
      )}
      <Form method="post" className="grid max-w-3xl gap-6" aria-busy={busy || undefined}>
        <fieldset className="grid gap-2" {...invalid("kind")}>
          <legend className="mb-2 font-semibold text-navy-900">{t("admin.disruption.kind")}</legend>
          {(["cancelled", "moved"] as const).map((k) => (
            <label key={k} className="flex items-center gap-2 text-navy-900">
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="size-4 accent-ocean-700" />
              {t(k === "moved" ? "admin.disruption.kind.moved" : "admin.disruption.kind.cancelled")}
            </label>
          ))}
          <FieldError id="kind-error" error={errors.kind} />
        </fieldset>
        {/* Shown for a move; without JavaScript always there (ignored for a cancellation). */}
        <div className="grid gap-4 sm:grid-cols-2" data-kind={kind}>
          <div className="grid gap-1.5">
            <Label htmlFor="newStart">{t("admin.disruption.newStart")}</Label>
            <Input id="newStart" name="newStart" type="datetime-local" defaultValue={values?.newStart} {...invalid("newStart")} />
            <FieldError id="newStart-error" error={errors.newStart} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="newEnd">{t("admin.disruption.newEnd")}</Label>
            <Input id="newEnd" name="newEnd" type="datetime-local" defaultValue={values?.newEnd} {...invalid("newEnd")} />
            <FieldError id="newEnd-error" error={errors.newEnd} />
          </div>
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          {(["messageNl", "messageEn"] as const).map((field) => (
            <div key={field} className="grid gap-1.5">
              <Label htmlFor={field}>{t(field === "messageNl" ? "admin.disruption.messageNl" : "admin.disruption.messageEn")}</Label>
              <Textarea
                id={field}
                name={field}
                rows={4}
                maxLength={DISRUPTION_MESSAGE_MAX}
                required
                defaultValue={values?.[field]}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${field}-error ${field}-hint` : `${field}-hint`}
              />
              <p id={`${field}-hint`} className="text-sm text-slate-700">
                {t("admin.disruption.messageHint", { max: DISRUPTION_MESSAGE_MAX })}
              </p>
              <FieldError id={`${field}-error`} error={errors[field]} />
            </div>
          ))}
        </div>
        <div className="grid gap-2">
          <p className="text-sm text-slate-700">{t("admin.disruption.nextHint")}</p>
          <div>
            <Button type="submit" name="intent" value="preview" disabled={busy}>
              {t("admin.disruption.next")}
            </Button>
          </div>
        </div>
      </Form>
    </AdminSection>
  );
}

/**
 * The confirm step: what will happen (the date, who is e-mailed, which holds are cancelled) and
 * the e-mail as it will be sent in both languages; "Bevestigen" posts the same values with
 * `intent=confirm`, "Terug" returns to the form with them. Focus moves to its heading.
 */
function ConfirmStep({ values, preview }: { values: DisruptionValues; preview: DisruptionPreviewView }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const moved = preview.kind === "moved" && preview.newStart && preview.newEnd;
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: "full", timeStyle: "short" });
  return (
    <section aria-labelledby="disruption-confirm-title" className="grid gap-6 rounded-xl border-2 border-destructive/40 bg-white p-5 shadow-sm" data-testid="disruption-confirm">
      <h2 id="disruption-confirm-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold uppercase text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {t("admin.disruption.confirm.title")}
      </h2>
      <dl className="grid max-w-3xl gap-3 text-navy-900 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-semibold">{t("admin.disruption.confirm.what")}</dt>
        <dd data-testid="disruption-confirm-what">
          {moved
            ? t("admin.disruption.confirm.moved", { start: when(preview.newStart!), end: when(preview.newEnd!) })
            : t("admin.disruption.confirm.cancelled")}
        </dd>
        <dt className="font-semibold">{t("admin.disruption.confirm.emailed")}</dt>
        <dd data-testid="disruption-confirm-notified">{t(preview.notified === 1 ? "admin.disruption.confirm.notifiedOne" : "admin.disruption.confirm.notified", { count: preview.notified })}</dd>
        <dt className="font-semibold">{t("admin.disruption.confirm.holdsLabel")}</dt>
        <dd data-testid="disruption-confirm-holds">{t(preview.holds === 1 ? "admin.disruption.confirm.holdsOne" : "admin.disruption.confirm.holds", { count: preview.holds })}</dd>
      </dl>
      <p className="max-w-3xl text-slate-700">{t("admin.disruption.confirm.emailIntro")}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {preview.emails.map((email) => (
          <article key={email.locale} lang={email.locale} aria-labelledby={`disruption-email-${email.locale}`} className="grid content-start gap-2 rounded-lg border bg-foam-100 p-4" data-testid={`disruption-email-${email.locale}`}>
            <h3 id={`disruption-email-${email.locale}`} lang="nl" className="font-semibold uppercase tracking-wide text-navy-900">
              {t(email.locale === "nl" ? "admin.disruption.confirm.emailNl" : "admin.disruption.confirm.emailEn")}
            </h3>
            <p className="text-sm text-navy-900">
              <span lang="nl" className="font-semibold">{t("admin.disruption.confirm.subject")}</span> {email.subject}
            </p>
            <div className="max-h-[28rem] overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-white p-3 text-sm text-navy-900" tabIndex={0} role="region" aria-label={t(email.locale === "nl" ? "admin.disruption.confirm.emailNl" : "admin.disruption.confirm.emailEn")}>
              {email.text}
            </div>
          </article>
        ))}
      </div>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center" aria-busy={busy || undefined}>
        {(Object.keys(values) as DisruptionFormField[]).map((field) => (
          <input key={field} type="hidden" name={field} value={values[field]} />
        ))}
        <Button type="submit" name="intent" value="confirm" variant="destructive" disabled={busy} data-testid="disruption-confirm-submit">
          <CalendarX2 aria-hidden />
          {t("admin.disruption.confirm.submit")}
        </Button>
        <Button type="submit" name="intent" value="back" variant="outline" disabled={busy} formNoValidate>
          {t("admin.disruption.confirm.back")}
        </Button>
      </Form>
    </section>
  );
}

type AnswersProps = {
  disruption: NonNullable<Route.ComponentProps["loaderData"]["disruption"]>;
  messageNl: string | null;
  messageEn: string | null;
};

function choiceLabel(row: AnswersProps["disruption"]["rows"][number]): MessageKey {
  if (row.choice === "moved") return row.automatic ? "admin.disruption.choice.movedAuto" : "admin.disruption.choice.moved";
  if (row.choice === "refunded") return row.automatic ? "admin.disruption.choice.refundedAuto" : "admin.disruption.choice.refunded";
  if (row.choice === "closed") return "admin.disruption.choice.closed";
  return "admin.disruption.choice.pending";
}

function Answers({ disruption, messageNl, messageEn }: AnswersProps) {
  const { t, locale } = useI18n();
  const count = (choice: string) => disruption.rows.filter((r) => r.choice === choice).length;
  const when = (iso: string | null) => (iso ? formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short" }) : "–");
  return (
    <>
      <div role="status" className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-navy-900" data-testid="disruption-summary">
        <p className="font-semibold text-destructive">
          {disruption.kind === "moved" && disruption.newEvent
            ? t("admin.disruption.summary.moved", {
                date: when(disruption.announcedAt),
                name: disruption.newEvent.name,
                newDate: formatDate(disruption.newEvent.startDate, locale, { dateStyle: "medium", timeStyle: "short" }),
              })
            : t("admin.disruption.summary.cancelled", { date: when(disruption.announcedAt) })}
        </p>
        {disruption.newEvent && (
          <Link to={`/admin/events/${disruption.newEvent.id}`} className="font-semibold text-ocean-600 underline-offset-4 hover:underline">
            {disruption.newEvent.name}
          </Link>
        )}
        <p lang="nl" className="whitespace-pre-line">
          {messageNl}
        </p>
        <p lang="en" className="whitespace-pre-line text-slate-700">
          {messageEn}
        </p>
        <p className="font-medium" data-testid="disruption-counts">
          {t("admin.disruption.counts", { pending: count("pending"), moved: count("moved"), refunded: count("refunded"), closed: count("closed") })}
        </p>
      </div>
      <AdminSection title={t("admin.disruption.table")} id="disruption-answers">
        <AdminTable
          caption={t("admin.disruption.table")}
          columns={[
            t("admin.disruption.col.participant"),
            t("admin.disruption.col.reference"),
            t("admin.disruption.col.choice"),
            t("admin.disruption.col.target"),
            t("admin.disruption.col.reminder"),
            t("admin.disruption.col.answered"),
          ]}
          count={disruption.rows.length}
          emptyText={t("admin.disruption.empty")}
        >
          {disruption.rows.map((row) => (
            <tr key={row.registrationId} data-testid="disruption-row">
              <ContactCell name={row.name} email={row.email} phone={null} />
              <td className="font-mono">
                <Link to={`/admin/registrations/${row.registrationId}`} className="text-ocean-600 hover:underline">
                  {row.reference}
                </Link>
              </td>
              <td>
                <Badge variant={row.choice === "pending" ? "accent" : row.automatic ? "secondary" : "default"}>{t(choiceLabel(row))}</Badge>
              </td>
              <td>{row.targetName ?? "–"}</td>
              <td className="whitespace-nowrap">{when(row.reminderSentAt)}</td>
              <td className="whitespace-nowrap">{when(row.answeredAt)}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>
    </>
  );
}
