import "~/i18n/manage";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n, type MessageKey } from "~/i18n";
import { formatAmount } from "~/lib/money-format";
import { formatDate } from "~/lib/dates";
import type { ManageView } from "~/schemas/manage";
import { Card } from "./card";

/** What cancelling now gives back, under the event's policy. */
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

/**
 * Cancelling (`#cancel`) in two steps: a link opens the step (`?step=cancel`), which says what
 * cancelling now gives back, and its button posts the cancellation.
 */
export function CancelCard({ view, path }: { view: ManageView; path: string }) {
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
      {view.disruption?.choice === "pending" ? (
        <p className="text-sm text-slate-700" data-testid="manage-cancel-choosing">
          {t("manage.cancel.choosing")}{" "}
          <a href="#disruption" className="font-medium text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
            {t("disruption.hero.link")}
          </a>
        </p>
      ) : !view.can.cancel ? (
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

/**
 * A cancelled booking: when, and one sentence per amount by where its refund stands — "has been
 * refunded" once the provider confirmed it, "is being refunded" while it is under way (a bank
 * transfer the team pays back by hand included), and "the team refunds it by hand" when the
 * provider refused. The money card's rows and the refunds table say the same in their own words.
 */
export function CancelledNotice({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  const sum = (status: ManageView["refunds"][number]["status"]) => view.refunds.filter((r) => r.status === status).reduce((total, r) => total + r.amountCents, 0);
  const lines: { key: MessageKey; cents: number; testId: string }[] = [
    { key: "manage.cancelled.refunded", cents: sum("succeeded"), testId: "manage-cancelled-refunded" },
    { key: "manage.cancelled.refundPending", cents: sum("pending"), testId: "manage-cancelled-refund-pending" },
    { key: "manage.cancelled.refundByTeam", cents: sum("failed"), testId: "manage-cancelled-refund-by-team" },
  ].filter((line) => line.cents > 0) as { key: MessageKey; cents: number; testId: string }[];
  return (
    <div className="rounded-xl border border-red-200 bg-white p-5 shadow-sm sm:p-6" data-testid="manage-cancelled">
      <h2 className="font-display text-lg font-semibold uppercase tracking-wide text-red-800">{t("manage.cancelled.title")}</h2>
      {view.cancelledAt && <p className="mt-2 text-slate-700">{t("manage.cancelled.on", { date: formatDate(view.cancelledAt, locale) })}</p>}
      {lines.map((line) => (
        <p key={line.key} className="mt-1 font-medium text-navy-900" data-testid={line.testId}>
          {t(line.key, { amount: formatAmount(line.cents, locale) })}
        </p>
      ))}
      {lines.length === 0 && <p className="mt-1 text-slate-700">{t(view.money.paidCents > 0 ? "manage.cancelled.noRefund" : "manage.cancelled.nothingPaid")}</p>}
    </div>
  );
}

/** The event's cancellation policy (`#policy`): how much comes back, until when. */
export function PolicyCard({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  const { percent, deadline } = view.policy;
  // While the choice after a cancelled or moved date is open, the policy does not apply (decision 015).
  const choosing = view.disruption?.choice === "pending";
  const key: MessageKey = choosing ? "manage.policy.choosing" : percent === 0 ? "manage.policy.none" : percent >= 100 ? "manage.policy.full" : "manage.policy.partial";
  return (
    <Card id="policy" title={t("manage.policy.title")}>
      <p className="text-sm text-navy-900" data-testid="manage-policy">
        {t(key, { date: formatDate(deadline, locale), percent })}
      </p>
    </Card>
  );
}
