import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";
import { ManageBookingLink } from "./manage-link";

export type BookingBalanceReceivedProps = {
  locale: Locale;
  name: string;
  reference: string;
  eventName: string;
  dates: string;
  /** This payment, formatted ("€147.50"). */
  amount: string;
  /** Everything paid so far, net of refunds. */
  totalPaid: string;
  /** What is still due and by when, or null when the booking is paid in full. */
  stillDue: { amount: string; date: string } | null;
  /** What this payment brought in above what was still due (being refunded), or null. */
  overpaid?: string | null;
  manageUrl: string;
  teamEmail: string;
};

/** To the participant when a payment after the first (the balance) came in, online or by bank transfer. */
export function BookingBalanceReceivedEmail(props: BookingBalanceReceivedProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  return (
    <EmailLayout
      locale={props.locale}
      preview={t("booking.lifecycle.email.balance.preview", { amount: props.amount, event: props.eventName })}
      footerNote={t("booking.lifecycle.email.balance.footer")}
    >
      <EmailHeading>{t("booking.lifecycle.email.balance.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("booking.lifecycle.email.balance.intro", { amount: props.amount, event: props.eventName })}</EmailText>
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.dates"), props.dates],
          [t("booking.lifecycle.email.balance.received"), props.amount],
          [t("booking.lifecycle.email.balance.totalPaid"), props.totalPaid],
          [t("booking.email.balanceDue"), props.stillDue?.amount ?? t("booking.email.nothingDue")],
        ]}
      />
      <EmailText>
        {props.stillDue ? t("booking.lifecycle.email.balance.stillDue", { amount: props.stillDue.amount, date: props.stillDue.date }) : t("booking.lifecycle.email.balance.allPaid")}
      </EmailText>
      {props.overpaid ? <EmailText>{t("booking.lifecycle.email.balance.overpaid", { amount: props.overpaid })}</EmailText> : null}
      <ManageBookingLink locale={props.locale} url={props.manageUrl} />
      <EmailText>{t("booking.email.confirm.questions", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function bookingBalanceReceivedSubject(locale: Locale, eventName: string, reference: string): string {
  return translate(locale, "booking.lifecycle.email.balance.subject", { event: eventName, reference });
}
