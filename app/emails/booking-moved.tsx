import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailButton, EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type BookingMovedProps = {
  locale: Locale;
  name: string;
  reference: string;
  fromEvent: string;
  fromDates: string;
  toEvent: string;
  toDates: string;
  /** Why it moved (a move after a cancelled date), instead of "As agreed, we have moved…". */
  intro?: string;
  location: string;
  /** The balance still due and its (new) due date, formatted; null when nothing is due. */
  balance?: { amount: string; date: string } | null;
  manageUrl: string;
  teamEmail: string;
};

/**
 * A booking moved to another date (by the team, or after a cancelled date by the participant's
 * choice or the follow-up job, each saying so in `intro`): the new date, with an updated .ics.
 */
export function BookingMovedEmail(props: BookingMovedProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  return (
    <EmailLayout locale={props.locale} preview={t("booking.lifecycle.email.moved.preview", { event: props.toEvent, dates: props.toDates })} footerNote={t("booking.email.confirm.footer")}>
      <EmailHeading>{t("booking.lifecycle.email.moved.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{props.intro ?? t("booking.lifecycle.email.moved.intro", { event: props.toEvent })}</EmailText>
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.lifecycle.email.moved.was"), `${props.fromEvent} · ${props.fromDates}`],
          [t("booking.lifecycle.email.moved.now"), `${props.toEvent} · ${props.toDates}`],
          [t("booking.email.location"), props.location],
        ]}
      />
      <EmailText>{t("booking.lifecycle.email.moved.payments")}</EmailText>
      {props.balance && <EmailText>{t("booking.lifecycle.email.moved.balance", props.balance)}</EmailText>}
      <EmailText>{t("booking.email.confirm.calendar")}</EmailText>
      <EmailButton href={props.manageUrl}>{t("booking.lifecycle.email.manageButton")}</EmailButton>
      <EmailText>{t("booking.email.confirm.questions", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function bookingMovedSubject(locale: Locale, eventName: string, reference: string): string {
  return translate(locale, "booking.lifecycle.email.moved.subject", { event: eventName, reference });
}
