import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";
import { ManageBookingLink } from "./manage-link";

export type BookingRefundProps = {
  locale: Locale;
  name: string;
  reference: string;
  eventName: string;
  amount: string;
  /** The participant's manage-my-booking link (shows the refund and its state). */
  manageUrl: string;
  teamEmail: string;
};

/** To a participant whose payment arrived after their hold ended, when the event had filled up. */
export function BookingRefundEmail(props: BookingRefundProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  return (
    <EmailLayout locale={props.locale} preview={t("booking.email.refund.preview", { event: props.eventName })}>
      <EmailHeading>{t("booking.email.refund.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("booking.email.refund.intro", { event: props.eventName })}</EmailText>
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.refund.amount"), props.amount],
        ]}
      />
      <EmailText>{t("booking.email.refund.when")}</EmailText>
      <ManageBookingLink locale={props.locale} url={props.manageUrl} label={t("booking.lifecycle.email.cancel.viewBooking")} />
      <EmailText>{t("booking.email.refund.sorry", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function bookingRefundSubject(locale: Locale, eventName: string): string {
  return translate(locale, "booking.email.refund.subject", { event: eventName });
}
