import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailButton, EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

/** `upcoming`: a week before the due date; `due`: on (or after) it. */
export type BalanceReminderKind = "upcoming" | "due";

export type BalanceReminderProps = {
  locale: Locale;
  kind: BalanceReminderKind;
  name: string;
  reference: string;
  eventName: string;
  dates: string;
  /** "€1.250,00" still to pay. */
  balance: string;
  dueDate: string;
  manageUrl: string;
  teamEmail: string;
};

/** The balance reminders of the `balance-reminders` job (server/booking/reminders.server.ts). */
export function BalanceReminderEmail(props: BalanceReminderProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  const due = props.kind === "due";
  const params = { event: props.eventName, amount: props.balance, date: props.dueDate };
  return (
    <EmailLayout
      locale={props.locale}
      preview={t(due ? "admin.bookings.email.reminderDue.preview" : "admin.bookings.email.reminder.preview", params)}
      footerNote={t("booking.email.confirm.footer")}
    >
      <EmailHeading>{t(due ? "admin.bookings.email.reminderDue.heading" : "admin.bookings.email.reminder.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t(due ? "admin.bookings.email.reminderDue.intro" : "admin.bookings.email.reminder.intro", params)}</EmailText>
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
      <EmailText>{t("admin.bookings.email.reminder.alreadyPaid", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function balanceReminderSubject(locale: Locale, kind: BalanceReminderKind, eventName: string, reference: string): string {
  return translate(locale, kind === "due" ? "admin.bookings.email.reminderDue.subject" : "admin.bookings.email.reminder.subject", { event: eventName, reference });
}
