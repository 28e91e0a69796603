import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";
import { ManageBookingLink } from "./manage-link";

/** Why the refund is what it is, in the words the participant reads. */
export type CancellationRefundNote =
  /** Money goes back: `percent` under the policy (null: the team chose the amount). */
  | { kind: "refund"; amount: string; byHand: string | null; percent: number | null }
  /** Cancelled after the policy's last refund day. */
  | { kind: "late"; deadline: string }
  | { kind: "nothing_paid" }
  /** The team cancelled without a refund. */
  | { kind: "none" };

export type BookingCancellationProps = {
  locale: Locale;
  name: string;
  reference: string;
  eventName: string;
  dates: string;
  /** Why it was cancelled, when the opening alone does not say (a refund after a cancelled date). */
  note?: string;
  refund: CancellationRefundNote;
  /** A calendar file that removes the booking's entry is attached. */
  calendar?: boolean;
  manageUrl: string;
  teamEmail: string;
  /** The credit note attached (decision 046), named; null when none was issued. */
  documentsNote?: string | null;
};

/**
 * To the participant when their booking is cancelled (by them or by the team), with what is
 * refunded, and a calendar file that takes the booking out of their calendar.
 */
export function BookingCancellationEmail(props: BookingCancellationProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  const refund = props.refund;
  return (
    <EmailLayout locale={props.locale} preview={t("booking.lifecycle.email.cancel.preview", { reference: props.reference, event: props.eventName })}>
      <EmailHeading>{t("booking.lifecycle.email.cancel.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("booking.lifecycle.email.cancel.intro", { event: props.eventName, dates: props.dates })}</EmailText>
      {props.note && <EmailText>{props.note}</EmailText>}
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.dates"), props.dates],
          [t("booking.lifecycle.email.cancel.refund"), refund.kind === "refund" ? refund.amount : t("booking.email.nothingDue")],
        ]}
      />
      {refund.kind === "refund" && (
        <>
          {refund.percent !== null && refund.percent < 100 && <EmailText>{t("booking.lifecycle.email.cancel.policyPercent", { percent: refund.percent })}</EmailText>}
          <EmailText>{t("booking.lifecycle.email.cancel.refundText", { amount: refund.amount })}</EmailText>
          {refund.byHand && <EmailText>{t("booking.lifecycle.email.cancel.refundByHand", { amount: refund.byHand })}</EmailText>}
        </>
      )}
      {refund.kind === "late" && <EmailText>{t("booking.lifecycle.email.cancel.noRefundLate", { deadline: refund.deadline })}</EmailText>}
      {refund.kind === "nothing_paid" && <EmailText>{t("booking.lifecycle.email.cancel.noRefundNothingPaid")}</EmailText>}
      {refund.kind === "none" && <EmailText>{t("booking.lifecycle.email.cancel.noRefund")}</EmailText>}
      {props.calendar && <EmailText>{t("booking.lifecycle.email.cancel.calendar")}</EmailText>}
      {props.documentsNote && <EmailText>{props.documentsNote}</EmailText>}
      {/* A cancelled booking has nothing left to pay, change or cancel: the page shows what happened and the refund. */}
      <ManageBookingLink
        locale={props.locale}
        url={props.manageUrl}
        label={t("booking.lifecycle.email.cancel.viewBooking")}
        text={t("booking.lifecycle.email.cancel.manageText")}
      />
      <EmailText>{t("booking.lifecycle.email.cancel.closing", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function bookingCancellationSubject(locale: Locale, eventName: string, reference: string): string {
  return translate(locale, "booking.lifecycle.email.cancel.subject", { event: eventName, reference });
}
