import "~/i18n/manage";
import { CreditCard } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { formatAmount } from "~/lib/money-format";
import type { ManageView } from "~/schemas/manage";
import { Notice } from "./notice";

const UNTIL: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" };

/**
 * An application's state on the applicant's page (decision 045): under review, declined (with the
 * team's message, nothing charged), or approved: the amount, the hold's end and the button that
 * opens the checkout (`intent=pay-approved`, a plain POST that works before hydration).
 */
export function ApplicationNotice({ view }: { view: ManageView }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const application = view.application;
  if (!application || application.state === "decided") return null;
  const message = application.message ? (
    <p className="mt-2 whitespace-pre-line font-normal" data-testid="manage-application-message">
      <span className="font-semibold">{t("manage.application.message")}:</span> {application.message}
    </p>
  ) : null;
  if (application.state === "review") {
    return (
      <Notice tone="pending">
        <span data-testid="manage-application">{t("manage.application.review")}</span>
      </Notice>
    );
  }
  if (application.state === "declined") {
    return (
      <Notice tone="neutral">
        <span data-testid="manage-application">{t("manage.application.declined")}</span>
        {message}
      </Notice>
    );
  }
  const amount = formatAmount(application.amountDueCents, locale);
  const paying = navigation.state === "submitting" && navigation.formData?.get("intent") === "pay-approved";
  return (
    <Notice tone="pending">
      <span data-testid="manage-application">
        {t("manage.application.approved", { amount, until: application.holdExpiresAt ? formatDate(application.holdExpiresAt, locale, UNTIL) : "–" })}
      </span>
      {message}
      {view.can.payApproved && (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="pay-approved" />
          <Button type="submit" variant="accent" disabled={paying} data-testid="manage-pay-approved">
            <CreditCard aria-hidden />
            {t("manage.application.pay", { amount })}
          </Button>
        </Form>
      )}
    </Notice>
  );
}
