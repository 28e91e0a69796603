import "~/i18n/admin";
import { ArrowRightLeft, Ban, Banknote, Check, Mail, Send, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import { ConfirmSubmit, InlineConfirm } from "~/components/admin/article-confirm";
import { selectClasses } from "~/components/admin/article-fields";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { BookingPlaces } from "~/components/admin/booking-places";
import { MailLink } from "~/components/admin/contact-cell";
import { EventStatusBadge } from "~/components/admin/event-status";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { formatDate, formatDateRange } from "~/lib/dates";
import { centsToEuros, formatPrice } from "~/lib/money-format";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { readForm } from "@server/http/form.server";
import { registrationAction, registrationPage, type RegistrationActionData, type RegistrationPageData } from "./registration.server";
import type { Route } from "./+types/registration";

export const handle = { locale: "nl" };

/** One registration for the team: who, what they paid and owe, what happened, and what can be done. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "bookings");
  const page = await registrationPage(params.id, now());
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireStaff(request, "bookings");
  const form = await readForm(request);
  return registrationAction(form, admin, params.id);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.registration.customerName} (${loaderData.registration.reference})` : translate("nl", "admin.bookings.title");
  return [{ title: `${title} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

const DATE_TIME: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };
const DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };

export default function AdminRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { registration: r, event, money } = loaderData;
  const answer = actionData as RegistrationActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const confirmed = r.status === "confirmed";
  const cancellable = r.status === "confirmed" || r.status === "pending_payment";
  const fieldError = (name: string) => answer?.fieldErrors?.[name]?.[0];

  return (
    <AdminPage
      title={r.customerName}
      backTo="/admin/dashboard"
      intro={
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-mono">{r.reference}</span>
          <StatusBadge status={r.status} />
          {money.overdue && <Badge variant="destructive">{t("admin.bookings.overdue")}</Badge>}
          <span>
            · <Link to={`/admin/events/${event.id}`} className="font-semibold text-white underline-offset-4 hover:underline">{event.name}</Link>
          </span>
          <span>· {formatDateRange(event.startDate, event.endDate, "nl")}</span>
          <EventStatusBadge status={event.displayStatus} />
        </div>
      }
    >
      <ActionFeedback feedback={answer?.feedback} />
      {answer?.intent === "confirm-cancel" && answer.echo && (
        <InlineConfirm intent="cancel" hidden={answer.echo} texts={cancelTexts(t, r.customerName)} />
      )}
      {answer?.intent === "confirm-move" && answer.echo && (
        <InlineConfirm intent="move" hidden={answer.echo} texts={moveTexts(t, r.customerName, loaderData.moveTargets.find((m) => m.id === answer.echo?.toEventId)?.name ?? "")} />
      )}

      <div className="grid gap-8 lg:grid-cols-2">
        <AdminSection title={t("admin.bookings.booker")} id="registration-participant">
          <Details
            rows={[
              [t("admin.bookings.field.name"), r.customerName],
              [t("admin.bookings.field.email"), <MailLink key="email" email={r.customerEmail} className="text-ocean-600 hover:underline [overflow-wrap:anywhere]" />],
              [t("admin.bookings.field.phone"), r.phoneNumber ?? "–"],
              // An erased address is empty: a dash, not ", ,".
              [t("admin.bookings.field.address"), [r.street, `${r.postalCode} ${r.city}`.trim(), r.country].filter(Boolean).join(", ") || "–"],
              ...(r.company
                ? [
                    [
                      t("admin.bookings.field.company"),
                      <span key="company" className="whitespace-pre-line" data-testid="registration-company">
                        {[r.company.name, r.company.vatNumber && `${t("admin.bookings.field.vatNumber")}: ${r.company.vatNumber}`, r.company.poReference && `${t("admin.bookings.field.poReference")}: ${r.company.poReference}`, r.company.invoiceAddress]
                          .filter(Boolean)
                          .join("\n")}
                      </span>,
                    ] as [string, ReactNode],
                  ]
                : []),
              [t("admin.bookings.field.language"), r.locale === "en" ? "English" : "Nederlands"],
              [t("admin.bookings.field.comments"), r.comments?.trim() ? <span key="comments" className="whitespace-pre-line">{r.comments}</span> : "–"],
              [t("admin.bookings.field.registeredAt"), formatDate(r.createdAt, "nl", DATE_TIME)],
              [t("admin.bookings.field.confirmedAt"), r.confirmedAt ? formatDate(r.confirmedAt, "nl", DATE_TIME) : "–"],
              ...(r.decidedAt
                ? [
                    [
                      t("admin.bookings.application.decision"),
                      <span key="decision" data-testid="application-decision">
                        {t(r.status === "declined" ? "admin.bookings.application.decidedDeclined" : "admin.bookings.application.decidedApproved", { date: formatDate(r.decidedAt, "nl", DATE_TIME) })}
                        {r.decisionMessage && <span className="mt-0.5 block whitespace-pre-line text-slate-600">{r.decisionMessage}</span>}
                      </span>,
                    ] as [string, ReactNode],
                  ]
                : []),
              ...(r.cancelledAt ? [[t("admin.bookings.field.cancelledAt"), formatDate(r.cancelledAt, "nl", DATE_TIME)] as [string, ReactNode]] : []),
              [t("admin.bookings.field.manageLink"), <a key="manage" href={r.manageUrl} className="text-ocean-600 hover:underline [overflow-wrap:anywhere]">{t("admin.bookings.field.manageLinkText")}</a>],
            ]}
          />
        </AdminSection>

        <AdminSection title={t("admin.bookings.money")} id="registration-money">
          <Details
            rows={[
              [t("admin.bookings.money.price"), formatPrice(money.priceCents, "nl")],
              [t("admin.bookings.money.paid"), formatPrice(money.paidCents, "nl")],
              [t("admin.bookings.money.refunded"), formatPrice(money.refundedCents, "nl")],
              ...(money.refundPendingCents > 0 ? [[t("admin.bookings.money.refundPending"), formatPrice(money.refundPendingCents, "nl")] as [string, ReactNode]] : []),
              [t("admin.bookings.money.netPaid"), formatPrice(money.netPaidCents, "nl")],
              [
                t("admin.bookings.money.balance"),
                <span key="balance" className={money.overdue ? "font-semibold text-destructive" : "font-semibold text-navy-900"} data-testid="balance-due">
                  {formatPrice(money.balanceDueCents, "nl")}
                </span>,
              ],
              [
                t("admin.bookings.money.dueAt"),
                money.balanceDueAt ? (
                  <span key="due">
                    {formatDate(money.balanceDueAt, "nl", DAY)}
                    {money.overdue && (
                      <Badge variant="destructive" className="ml-2 align-middle">
                        {t("admin.bookings.overdue")}
                      </Badge>
                    )}
                  </span>
                ) : (
                  "–"
                ),
              ],
              [
                t("admin.bookings.money.reminders"),
                [r.balanceReminderSentAt && t("admin.bookings.money.reminderSent", { date: formatDate(r.balanceReminderSentAt, "nl", DATE_TIME) }), r.balanceDueReminderSentAt && t("admin.bookings.money.dueReminderSent", { date: formatDate(r.balanceDueReminderSentAt, "nl", DATE_TIME) })]
                  .filter(Boolean)
                  .join(" · ") || "–",
              ],
            ]}
          />
          <p className="mt-4 text-sm text-slate-600">
            {t("admin.bookings.policy.summary", { balanceDays: event.balanceDueDays, refundDays: event.refundUntilDays, percent: event.refundPercent })}
            {loaderData.policy && cancellable && (
              <> {t("admin.bookings.policy.now", { amount: formatPrice(loaderData.policy.refundCents, "nl"), date: formatDate(loaderData.policy.deadline, "nl", DAY) })}</>
            )}
          </p>
        </AdminSection>
      </div>

      <BookingPlaces places={loaderData.places} count={r.places} bookerSails={r.bookerSails} pricePerPlaceCents={r.pricePerPlaceCents} />

      <AdminSection title={t("admin.bookings.payments")} id="registration-payments">
        <AdminTable
          caption={t("admin.bookings.payments")}
          columns={[t("admin.bookings.payment.date"), t("admin.bookings.payment.kind"), t("admin.bookings.payment.provider"), { label: t("admin.bookings.payment.amount"), align: "right" }, t("admin.bookings.payment.status")]}
          count={loaderData.payments.length}
          emptyText={t("admin.bookings.paymentsEmpty")}
        >
          {loaderData.payments.map((p) => (
            <tr key={p.id} data-testid="payment-row">
              <td className="whitespace-nowrap">{formatDate(p.at, "nl", DATE_TIME)}</td>
              <td>{t(`admin.bookings.paymentKind.${p.kind}` as MessageKey)}</td>
              <td>{t(`admin.bookings.provider.${p.provider}` as MessageKey)}</td>
              <td className="whitespace-nowrap text-right tabular-nums">{formatPrice(p.amountCents, "nl")}</td>
              <td>
                <Badge variant={p.status === "paid" ? "default" : p.status === "failed" ? "destructive" : "secondary"}>{t(`admin.bookings.paymentStatus.${p.status}` as MessageKey)}</Badge>
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>

      <AdminSection title={t("admin.bookings.invoices")} id="registration-invoices">
        <AdminTable
          caption={t("admin.bookings.invoices")}
          columns={[t("admin.bookings.invoice.number"), t("admin.bookings.invoice.date"), t("admin.bookings.invoice.kind"), { label: t("admin.bookings.invoice.total"), align: "right" }, { label: t("admin.bookings.invoice.vat"), align: "right" }]}
          count={loaderData.invoices.length}
          emptyText={t("admin.bookings.invoicesEmpty")}
        >
          {loaderData.invoices.map((d) => (
            <tr key={d.number} data-testid="invoice-row">
              <td className="font-mono">
                <a href={d.href} download className="text-ocean-600 hover:underline">
                  {d.number}
                </a>
              </td>
              <td className="whitespace-nowrap">{formatDate(d.issuedAt, "nl", DATE_TIME)}</td>
              <td>
                {t(d.kind === "invoice" ? "admin.bookings.invoice.kindInvoice" : "admin.bookings.invoice.kindCreditNote")}
                {d.reason && <span className="block text-xs text-slate-600">{d.reason}</span>}
              </td>
              <td className="whitespace-nowrap text-right tabular-nums">{formatPrice(d.totalCents, "nl")}</td>
              <td className="whitespace-nowrap text-right tabular-nums">{formatPrice(d.vatCents, "nl")}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>

      <AdminSection title={t("admin.bookings.refunds")} id="registration-refunds">
        <AdminTable
          caption={t("admin.bookings.refunds")}
          columns={[t("admin.bookings.refund.date"), { label: t("admin.bookings.refund.amount"), align: "right" }, t("admin.bookings.refund.reason"), t("admin.bookings.refund.status"), t("admin.bookings.refund.providerId"), t("admin.bookings.refund.by")]}
          count={loaderData.refunds.length}
          emptyText={t("admin.bookings.refundsEmpty")}
        >
          {loaderData.refunds.map((f) => (
            <tr key={f.id} data-testid="refund-row">
              <td className="whitespace-nowrap">{formatDate(f.at, "nl", DATE_TIME)}</td>
              <td className="whitespace-nowrap text-right tabular-nums">{formatPrice(f.amountCents, "nl")}</td>
              <td className="max-w-xs">
                {f.reason}
                {f.failureReason && <span className="block text-xs text-destructive">{f.failureReason}</span>}
              </td>
              <td>
                <Badge variant={f.status === "succeeded" ? "default" : f.status === "failed" ? "destructive" : "secondary"}>{t(`admin.bookings.refundStatus.${f.status}` as MessageKey)}</Badge>
                {f.byHand && (
                  <Form method="post" className="mt-1.5">
                    <input type="hidden" name="intent" value="manual-refund-done" />
                    <input type="hidden" name="refundId" value={f.id} />
                    {/* The visible words start the button's name (WCAG 2.5.3); the amount follows for screen readers. */}
                    <Button type="submit" size="sm" variant="outline" disabled={busy}>
                      <Banknote aria-hidden />
                      {t("admin.bookings.manualRefund.button")}
                      <span className="sr-only"> {t("admin.bookings.manualRefund.label", { amount: formatPrice(f.amountCents, "nl") })}</span>
                    </Button>
                  </Form>
                )}
              </td>
              <td className="font-mono text-xs [overflow-wrap:anywhere]">{f.providerRefundId ?? "–"}</td>
              {/* The words are made for sentences ("door de deelnemer"); as a column value they start with a capital. */}
              <td className="first-letter:uppercase">{f.requestedBy}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>

      <AdminSection title={t("admin.bookings.actions")} id="registration-actions">
        {/* Only what can be done now; a booking that ended says why nothing can (no row of disabled forms). */}
        {r.status === "applied" ? (
          <ApplicationCard data={loaderData} busy={busy} error={answer?.intent === "approve" || answer?.intent === "decline" ? fieldError("message") : undefined} />
        ) : !cancellable ? (
          <p className="max-w-3xl text-slate-700" data-testid="actions-unavailable">
            {r.status === "declined"
              ? t("admin.bookings.actions.noneDeclined")
              : r.status === "cancelled"
              ? t("admin.bookings.actions.noneCancelled", { date: r.cancelledAt ? formatDate(r.cancelledAt, "nl", DAY) : "–" })
              : r.status === "refunded"
                ? t("admin.bookings.actions.noneRefunded")
                : t("admin.bookings.actions.noneExpired")}
          </p>
        ) : (
          <>
            {!confirmed && (
              <p className="mb-4 max-w-3xl text-slate-700" data-testid="actions-pending">
                {t("admin.bookings.actions.pending", { time: r.holdExpiresAt ? formatDate(r.holdExpiresAt, "nl", DATE_TIME) : "–" })}
              </p>
            )}
            <div className="grid gap-6 md:grid-cols-2">
              {confirmed && (
                <>
                  <ActionCard title={t("admin.bookings.paymentLink.title")} text={t("admin.bookings.paymentLink.text")}>
                    {money.balanceDueCents > 0 ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="payment-link" />
                        <Button type="submit" disabled={busy}>
                          <Send aria-hidden />
                          {t("admin.bookings.paymentLink.button")}
                        </Button>
                      </Form>
                    ) : (
                      <p className="text-sm font-semibold text-navy-900">{t("admin.bookings.paymentLink.nothingDue")}</p>
                    )}
                  </ActionCard>

                  <ActionCard title={t("admin.bookings.resend.title")} text={t("admin.bookings.resend.text")}>
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend-confirmation" />
                      <Button type="submit" variant="outline" disabled={busy}>
                        <Mail aria-hidden />
                        {t("admin.bookings.resend.button")}
                      </Button>
                    </Form>
                  </ActionCard>

                  <ActionCard title={t("admin.bookings.transfer.title")} text={t("admin.bookings.transfer.text")}>
                    <Form method="post" className="grid gap-3">
                      <input type="hidden" name="intent" value="bank-transfer" />
                      <input type="hidden" name="nonce" value={loaderData.nonce} />
                      <FieldRow id="transfer-amount" label={t("admin.bookings.transfer.amount")} error={answer?.intent === "bank-transfer" ? fieldError("amount") : undefined}>
                        <Input id="transfer-amount" name="amount" inputMode="decimal" required pattern="\d{1,7}([.,]\d{1,2})?" defaultValue={money.balanceDueCents > 0 ? centsToEuros(money.balanceDueCents) : ""} />
                      </FieldRow>
                      <FieldRow id="transfer-note" label={t("admin.bookings.transfer.note")}>
                        <Input id="transfer-note" name="note" maxLength={500} />
                      </FieldRow>
                      <div>
                        <Button type="submit" disabled={busy}>
                          <Banknote aria-hidden />
                          {t("admin.bookings.transfer.button")}
                        </Button>
                      </div>
                    </Form>
                  </ActionCard>

                  <MoveCard data={loaderData} busy={busy} error={answer?.intent === "move" ? fieldError("toEventId") : undefined} />
                </>
              )}

              <CancelCard data={loaderData} busy={busy} error={answer?.intent === "cancel" ? fieldError("amount") : undefined} />
            </div>
          </>
        )}
      </AdminSection>

      <AdminSection title={t("admin.bookings.trail")} id="registration-trail">
        <AdminTable
          caption={t("admin.bookings.trail")}
          columns={[t("admin.bookings.trail.when"), t("admin.bookings.trail.what"), t("admin.bookings.trail.who"), t("admin.bookings.trail.why")]}
          count={loaderData.trail.length}
          emptyText={t("admin.bookings.trailEmpty")}
        >
          {loaderData.trail.map((entry) => (
            <tr key={entry.id} data-testid="audit-row">
              <td className="whitespace-nowrap">{formatDate(entry.at, "nl", { ...DATE_TIME, second: "2-digit" })}</td>
              <td>
                {entry.what}
                {entry.details.length > 0 && (
                  <span className="mt-0.5 block text-xs text-slate-600 [overflow-wrap:anywhere]">{entry.details.join(" · ")}</span>
                )}
              </td>
              <td className="first-letter:uppercase">{entry.who}</td>
              <td className="max-w-xs whitespace-pre-line">{entry.why ?? "–"}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>
    </AdminPage>
  );
}

type T = ReturnType<typeof useI18n>["t"];

function cancelTexts(t: T, name: string) {
  return {
    title: t("admin.bookings.cancel.confirmTitle"),
    description: t("admin.bookings.cancel.confirmText", { name }),
    confirmLabel: t("admin.bookings.cancel.confirm"),
    cancelLabel: t("admin.bookings.keep"),
  };
}

function moveTexts(t: T, name: string, event: string) {
  return {
    title: t("admin.bookings.move.confirmTitle"),
    description: t("admin.bookings.move.confirmText", { name, event }),
    confirmLabel: t("admin.bookings.move.confirm"),
    cancelLabel: t("admin.bookings.keep"),
  };
}

/** The registration's status as the events page shows it. */
function StatusBadge({ status }: { status: RegistrationPageData["registration"]["status"] }) {
  const { t } = useI18n();
  return (
    <Badge variant={status === "confirmed" ? "default" : status === "pending_payment" || status === "applied" ? "accent" : "secondary"} data-testid="registration-status">
      {t(`admin.events.regStatus.${status}` as const)}
    </Badge>
  );
}

function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ActionCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-3 rounded-lg border border-slate-200 p-4">
      <h3 className="text-lg font-bold normal-case tracking-normal text-navy-900">{title}</h3>
      <p className="text-sm text-slate-600">{text}</p>
      {children}
    </div>
  );
}

function FieldRow({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {t(error as MessageKey)}
        </p>
      )}
    </div>
  );
}

function MoveCard({ data: page, busy, error }: { data: RegistrationPageData; busy: boolean; error?: string }) {
  const { t } = useI18n();
  const [target, setTarget] = useState("");
  const targetName = page.moveTargets.find((m) => m.id === target)?.name ?? "";
  const usable = page.registration.status === "confirmed" && page.moveTargets.length > 0;
  return (
    <ActionCard title={t("admin.bookings.move.title")} text={t("admin.bookings.move.text")}>
      {page.registration.status === "confirmed" && page.moveTargets.length === 0 ? (
        <p className="text-sm italic text-slate-500">{t("admin.bookings.move.noTargets")}</p>
      ) : (
        <Form method="post" id="move-form" className="grid gap-3">
          <input type="hidden" name="intent" value="move" />
          <FieldRow id="move-target" label={t("admin.bookings.move.target")} error={error}>
            <select id="move-target" name="toEventId" required className={selectClasses} value={target} onChange={(e) => setTarget(e.target.value)} disabled={!usable}>
              <option value="">{t("admin.bookings.move.choose")}</option>
              {page.moveTargets.map((m) => (
                <option key={m.id} value={m.id} disabled={m.placesLeft === 0}>
                  {`${m.name} · ${formatDateRange(m.startDate, m.endDate, "nl")} · ${m.placesLeft === null ? t("admin.bookings.move.unlimited") : t("admin.bookings.move.placesLeft", { count: m.placesLeft })}`}
                </option>
              ))}
            </select>
          </FieldRow>
          <FieldRow id="move-reason" label={t("admin.bookings.reason")}>
            <Input id="move-reason" name="reason" maxLength={500} />
          </FieldRow>
          <div>
            <ConfirmSubmit formId="move-form" triggerProps={{ variant: "outline", disabled: busy || !usable }} texts={moveTexts(t, page.registration.customerName, targetName)}>
              <ArrowRightLeft aria-hidden />
              {t("admin.bookings.move.button")}
            </ConfirmSubmit>
          </div>
        </Form>
      )}
    </ActionCard>
  );
}

/**
 * An application waiting for its decision (decision 045): one message, and Approve or Decline.
 * Approving checks the places under the event's lock; declining needs the message.
 */
function ApplicationCard({ data: page, busy, error }: { data: RegistrationPageData; busy: boolean; error?: string }) {
  const { t } = useI18n();
  return (
    <div className="grid max-w-3xl gap-3 rounded-lg border border-signal-500/40 bg-signal-500/5 p-4" data-testid="application-card">
      <h3 className="text-lg font-bold normal-case tracking-normal text-navy-900">{t("admin.bookings.application.title")}</h3>
      <p className="text-sm text-slate-700">{t("admin.bookings.application.pendingText")}</p>
      <p className="text-sm text-slate-700">{t("admin.bookings.application.text", { hours: page.event.approvalHoldHours })}</p>
      <Form method="post" className="grid gap-3">
        <FieldRow id="application-message" label={t("admin.bookings.application.message")} error={error}>
          <Textarea id="application-message" name="message" rows={4} maxLength={2000} aria-describedby="application-message-hint" />
        </FieldRow>
        <p id="application-message-hint" className="-mt-2 text-xs text-slate-500">
          {t("admin.bookings.application.messageHint")}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="approve" disabled={busy}>
            <Check aria-hidden />
            {t("admin.bookings.application.approve")}
          </Button>
          <Button type="submit" name="intent" value="decline" variant="destructive" disabled={busy}>
            <X aria-hidden />
            {t("admin.bookings.application.decline")}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** Cancelling, for a confirmed booking or one still waiting for its payment (the page shows no other). */
function CancelCard({ data: page, busy, error }: { data: RegistrationPageData; busy: boolean; error?: string }) {
  const { t } = useI18n();
  const [mode, setMode] = useState<"policy" | "full" | "partial" | "none">("policy");
  const refundable = Math.max(0, page.money.netPaidCents - page.money.refundPendingCents);
  const options: { value: typeof mode; label: string }[] = [
    { value: "policy", label: t("admin.bookings.cancel.policy", { amount: formatPrice(page.policy?.refundCents ?? 0, "nl") }) },
    { value: "full", label: t("admin.bookings.cancel.full", { amount: formatPrice(refundable, "nl") }) },
    { value: "partial", label: t("admin.bookings.cancel.partial") },
    { value: "none", label: t("admin.bookings.cancel.none") },
  ];
  return (
    <ActionCard title={t("admin.bookings.cancel.title")} text={t("admin.bookings.cancel.text")}>
      <Form method="post" id="cancel-form" className="grid gap-3">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="nonce" value={page.nonce} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold text-navy-900">{t("admin.bookings.cancel.refund")}</legend>
          {options.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="refund" value={option.value} checked={mode === option.value} onChange={() => setMode(option.value)} className="size-4 accent-navy-900" />
              {option.label}
            </label>
          ))}
        </fieldset>
        <FieldRow id="cancel-amount" label={t("admin.bookings.cancel.amount")} error={error}>
          <Input id="cancel-amount" name="amount" inputMode="decimal" pattern="\d{1,7}([.,]\d{1,2})?" aria-describedby="cancel-amount-hint" />
        </FieldRow>
        <p id="cancel-amount-hint" className="-mt-2 text-xs text-slate-500">
          {t("admin.bookings.cancel.amountHint")}
        </p>
        <FieldRow id="cancel-reason" label={t("admin.bookings.reason")}>
          <Textarea id="cancel-reason" name="reason" rows={2} maxLength={500} />
        </FieldRow>
        <div>
          <ConfirmSubmit formId="cancel-form" triggerProps={{ variant: "destructive", disabled: busy }} texts={cancelTexts(t, page.registration.customerName)}>
            <Ban aria-hidden />
            {t("admin.bookings.cancel.button")}
          </ConfirmSubmit>
        </div>
      </Form>
    </ActionCard>
  );
}
