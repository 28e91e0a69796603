import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";
import { ManageBookingLink } from "./manage-link";

export type CrewReminderProps = {
  /** The participant's own language (their place's). */
  locale: Locale;
  name: string;
  eventName: string;
  /** The items' deadline, formatted in the participant's language ("Friday 12 June 2026"). */
  deadline: string;
  /** What is still missing: the items' labels in the participant's language. */
  items: string[];
  /** Their own page (`/my-place/<token>`). */
  placeUrl: string;
  teamEmail: string;
};

/** A crew-file reminder (21, 14 or 7 days before a deadline): what is missing, by when, their link. */
export function CrewReminderEmail(props: CrewReminderProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  return (
    <EmailLayout locale={props.locale} preview={t("crew.email.reminder.preview", { event: props.eventName })}>
      <EmailHeading>{t("crew.email.reminder.heading")}</EmailHeading>
      <EmailText>{t("crew.email.reminder.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("crew.email.reminder.intro", { event: props.eventName, deadline: props.deadline })}</EmailText>
      <ul style={{ margin: "0 0 16px", paddingLeft: 20, fontSize: 15, lineHeight: "24px" }}>
        {props.items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
      <ManageBookingLink locale={props.locale} url={props.placeUrl} label={t("crew.email.reminder.button")} text={t("crew.email.reminder.linkText")} />
      <EmailText muted>{t("crew.email.reminder.outro", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function crewReminderSubject(locale: Locale, eventName: string, deadline: string): string {
  return translate(locale, "crew.email.reminder.subject", { event: eventName, deadline });
}
