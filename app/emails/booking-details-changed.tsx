import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type BookingDetailsChangedProps = {
  /** The team's language. */
  locale: Locale;
  reference: string;
  participantName: string;
  eventName: string;
  /** When the event starts, already formatted. */
  dates: string;
  /** Each changed field: its label, the old and the new value ("–" for empty). */
  changes: { label: string; from: string; to: string }[];
};

/**
 * To the team: a participant corrected their contact details on their booking page shortly
 * before the event (within 7 days), so the crew list and emergency contacts on paper may be out
 * of date.
 */
export function BookingDetailsChangedEmail(props: BookingDetailsChangedProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  return (
    <EmailLayout
      locale={props.locale}
      preview={t("manage.email.changed.preview", { name: props.participantName, event: props.eventName })}
      footerNote={t("manage.email.changed.footer")}
    >
      <EmailHeading>{t("manage.email.changed.heading")}</EmailHeading>
      <EmailText>{t("manage.email.changed.intro", { name: props.participantName, event: props.eventName })}</EmailText>
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.dates"), props.dates],
        ]}
      />
      <EmailText>{t("manage.email.changed.listIntro")}</EmailText>
      <EmailDetails rows={props.changes.map((c) => [c.label, t("manage.email.changed.fromTo", { from: c.from, to: c.to })])} />
    </EmailLayout>
  );
}

export function bookingDetailsChangedSubject(locale: Locale, name: string, eventName: string): string {
  return translate(locale, "manage.email.changed.subject", { name, event: eventName });
}
