import "~/i18n/manage";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { formatAmount } from "~/lib/money-format";
import { formatDate } from "~/lib/dates";
import { cn } from "~/lib/utils";
import type { ManageView } from "~/schemas/manage";

/**
 * The balance still to pay, with its due date (or how late it is), as the last row of the
 * payments card's `<dl>`. Nothing when nothing is due.
 */
export function BalanceDue({ money, choosing = false }: { money: ManageView["money"]; choosing?: boolean }) {
  const { t, locale } = useI18n();
  // While the choice after a cancelled or moved date is open, nothing is due (or late): the new date sets when.
  const m = choosing ? { ...money, overdue: false } : money;
  if (m.balanceDueCents <= 0) return null;
  return (
    <div className={cn("-mx-3 my-1 grid grid-cols-[1fr_auto] items-baseline gap-x-4 rounded-lg px-3 py-2.5", m.overdue ? "border border-destructive/40 bg-red-50" : "bg-foam-100")}>
      <dt className="font-semibold text-navy-900">{t("manage.money.balance")}</dt>
      <dd className="text-right text-xl font-bold text-navy-900" data-testid="manage-balance">
        {formatAmount(m.balanceDueCents, locale)}
      </dd>
      {choosing ? (
        <dd className="col-span-2 mt-1 text-sm text-slate-700" data-testid="manage-balance-due">
          {t("manage.money.choosing")}
        </dd>
      ) : m.balanceDueAt && (
        <dd
          className={cn("col-span-2 mt-1 flex items-center gap-1.5 text-sm", m.overdue ? "font-semibold text-destructive" : "text-slate-700")}
          data-testid="manage-balance-due"
        >
          {m.overdue && <TriangleAlert className="size-4 shrink-0" aria-hidden />}
          {m.overdue ? t("manage.money.overdue", { date: formatDate(m.balanceDueAt, locale) }) : t("manage.money.dueOn", { date: formatDate(m.balanceDueAt, locale) })}
        </dd>
      )}
    </div>
  );
}

/**
 * Under the money: "paid in full" (a confirmed booking with a price and nothing left to pay), or
 * the button that pays the balance while the booking may pay it (`can.payBalance`).
 */
export function BalanceSettledOrPay({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const m = view.money;
  if (view.status === "confirmed" && m.priceCents !== 0 && m.balanceDueCents === 0) {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm font-medium text-emerald-800">
        <CircleCheck className="size-4" aria-hidden />
        {t("manage.money.settled")}
      </p>
    );
  }
  if (!view.can.payBalance) return null;
  const paying = navigation.state === "submitting" && navigation.formData?.get("intent") === "pay";
  return (
    // The answer is a redirect to the payment page (the test checkout, or Stripe's: React
    // Router leaves the site for an address on another origin).
    <Form method="post" className="mt-4 grid gap-2" aria-busy={paying || undefined}>
      <Button type="submit" name="intent" value="pay" variant="accent" size="lg" disabled={paying} className="w-full sm:w-auto" data-testid="manage-pay">
        {t("manage.money.pay", { amount: formatAmount(m.balanceDueCents, locale) })}
      </Button>
      <p className="text-xs text-slate-700">{t("manage.money.payHint")}</p>
    </Form>
  );
}
