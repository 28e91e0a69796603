import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailButton, EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

/**
 * Why the participant is asked for the balance: the team sent the payment link from the admin
 * (`link`), or a reminder of the `balance-reminders` job a week before the due date (`upcoming`)
 * or on it (`due`).
 */
export type BalanceRequestKind = "link" | "upcoming" | "due";

export type BalanceRequestProps = {
  locale: Locale;
  kind: BalanceRequestKind;
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

/** The texts that differ by kind; the rest of the message is the same. */
const TEXTS: Record<BalanceRequestKind, { subject: MessageKey; preview: MessageKey; heading: MessageKey; intro: MessageKey; closing: MessageKey }> = {
  link: {
    subject: "booking.lifecycle.email.paymentLink.subject",
    preview: "booking.lifecycle.email.paymentLink.preview",
    heading: "booking.lifecycle.email.paymentLink.heading",
    intro: "booking.lifecycle.email.paymentLink.intro",
    closing: "booking.email.confirm.questions",
  },
  upcoming: {
    subject: "booking.lifecycle.email.reminder.subject",
    preview: "booking.lifecycle.email.reminder.preview",
    heading: "booking.lifecycle.email.reminder.heading",
    intro: "booking.lifecycle.email.reminder.intro",
    closing: "booking.lifecycle.email.reminder.alreadyPaid",
  },
  due: {
    subject: "booking.lifecycle.email.reminderDue.subject",
    preview: "booking.lifecycle.email.reminderDue.preview",
    heading: "booking.lifecycle.email.reminderDue.heading",
    intro: "booking.lifecycle.email.reminderDue.intro",
    closing: "booking.lifecycle.email.reminder.alreadyPaid",
  },
};

/** Asks for the balance of a booking, with the amount, its date and the link to pay it. */
export function BalanceRequestEmail(props: BalanceRequestProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  const texts = TEXTS[props.kind];
  const params = { event: props.eventName, amount: props.balance, date: props.dueDate };
  return (
    <EmailLayout locale={props.locale} preview={t(texts.preview, params)} footerNote={t("booking.email.confirm.footer")}>
      <EmailHeading>{t(texts.heading)}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t(texts.intro, params)}</EmailText>
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.dates"), props.dates],
          [t("booking.email.balanceDue"), props.balance],
          [t("booking.lifecycle.email.dueDate"), props.dueDate],
        ]}
      />
      <EmailButton href={props.manageUrl}>{t("booking.lifecycle.email.payButton")}</EmailButton>
      <EmailText muted>{t("booking.lifecycle.email.linkNote")}</EmailText>
      <EmailText>{t(texts.closing, { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function balanceRequestSubject(locale: Locale, kind: BalanceRequestKind, eventName: string, reference: string): string {
  return translate(locale, TEXTS[kind].subject, { event: eventName, reference });
}
