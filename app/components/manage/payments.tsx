import "~/i18n/manage";
import { useI18n } from "~/i18n";
import { formatAmount } from "~/lib/money-format";
import { formatDate } from "~/lib/dates";
import type { ManageView } from "~/schemas/manage";
import { BalanceDue, BalanceSettledOrPay } from "./balance";
import { Card, Row } from "./card";

/**
 * The booking's money (`#payments`): price, paid, refunded and refunds on their way, the balance
 * (./balance), and the lists of payments and refunds.
 */
export function PaymentsCard({ view, path }: { view: ManageView; path: string }) {
  const { t, locale } = useI18n();
  const m = view.money;
  const free = m.priceCents === 0;
  return (
    <Card id="payments" title={t("manage.money.title")}>
      <dl className="divide-y">
        <Row label={t("manage.money.price")} testId="manage-price">
          {free ? t("manage.money.free") : formatAmount(m.priceCents, locale)}
        </Row>
        {view.placeCount > 1 && !free && (
          // A group booking's price is its places × the price of one (a cancelled place's share that was paid stays in it).
          <Row label={t("manage.places.title")} testId="manage-places-price">
            {t("manage.places.pricePerPlace", { places: view.placeCount, price: formatAmount(view.placePriceCents, locale) })}
          </Row>
        )}
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
        <BalanceDue money={m} choosing={view.disruption?.choice === "pending"} />
      </dl>
      <BalanceSettledOrPay view={view} />
      <PaymentTables view={view} />
      <InvoiceList view={view} path={path} />
    </Card>
  );
}

/** The payments received and the refunds made or under way, each with its date. */
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

/** The booking's invoices and credit notes (decision 046), each a PDF to download. */
function InvoiceList({ view, path }: { view: ManageView; path: string }) {
  const { t, locale } = useI18n();
  if (view.invoices.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="mb-2 font-sans text-sm font-semibold normal-case tracking-normal text-navy-900">{t("manage.invoices.title")}</h3>
      <ul className="divide-y text-sm" data-testid="manage-invoices">
        {view.invoices.map((d) => (
          <li key={d.number} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <a href={`${path}/invoices/${d.file}`} download className="font-medium text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
              {t(d.kind === "invoice" ? "manage.invoices.invoice" : "manage.invoices.creditNote", { number: d.number })}
            </a>
            <span className="text-slate-700">
              {formatDate(`${d.issuedOn}T12:00:00Z`, locale)} · <span className="font-medium tabular-nums text-navy-900">{formatAmount(d.totalCents, locale)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
