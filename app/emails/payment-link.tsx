import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailButton, EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type PaymentLinkProps = {
  locale: Locale;
  name: string;
  reference: string;
  eventName: string;
  /** The event's times, formatted in the participant's language. */
  dates: string;
  /** "€1.250,00" still to pay. */
  balance: string;
  /** The day it is due, formatted; it may already have passed. */
  dueDate: string;
  /** The participant's manage-my-booking link (pays the balance there). */
  manageUrl: string;
  teamEmail: string;
};

/** Sent by the team from the admin: the balance of a booking and the link to pay it. */
export function PaymentLinkEmail(props: PaymentLinkProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  return (
    <EmailLayout
      locale={props.locale}
      preview={t("admin.bookings.email.paymentLink.preview", { event: props.eventName, amount: props.balance })}
      footerNote={t("booking.email.confirm.footer")}
    >
      <EmailHeading>{t("admin.bookings.email.paymentLink.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("admin.bookings.email.paymentLink.intro", { event: props.eventName, amount: props.balance, date: props.dueDate })}</EmailText>
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.dates"), props.dates],
          [t("booking.email.balanceDue"), props.balance],
          [t("admin.bookings.email.dueDate"), props.dueDate],
        ]}
      />
      <EmailButton href={props.manageUrl}>{t("admin.bookings.email.payButton")}</EmailButton>
      <EmailText muted>{t("admin.bookings.email.linkNote")}</EmailText>
      <EmailText>{t("booking.email.confirm.questions", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function paymentLinkSubject(locale: Locale, eventName: string, reference: string): string {
  return translate(locale, "admin.bookings.email.paymentLink.subject", { event: eventName, reference });
}
