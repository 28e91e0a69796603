import { translate, type Locale } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type InterestNotificationProps = {
  /** The team's language. */
  locale: Locale;
  eventName: string;
  eventDates: string;
  name: string;
  email: string;
  message?: string | null;
  /** The visitor's language, so the team answers in it. */
  visitorLocale: Locale;
};

/** To the team: someone showed interest in an event. */
export function InterestNotificationEmail({ locale, eventName, eventDates, name, email, message, visitorLocale }: InterestNotificationProps) {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) => translate(locale, key, params);
  return (
    <EmailLayout
      locale={locale}
      preview={t("events.email.interest.preview", { name, event: eventName })}
      footerNote={t("events.email.interest.footer")}
    >
      <EmailHeading>{t("events.email.interest.heading")}</EmailHeading>
      <EmailText>{t("events.email.interest.intro", { event: eventName })}</EmailText>
      <EmailDetails
        rows={[
          [t("events.email.interest.event"), eventName],
          [t("events.email.interest.dates"), eventDates],
          [t("events.email.interest.name"), name],
          [t("events.email.interest.email"), email],
          [t("events.email.interest.language"), visitorLocale === "nl" ? "Nederlands" : "English"],
          [t("events.email.interest.message"), message || t("events.email.interest.noMessage")],
        ]}
      />
    </EmailLayout>
  );
}

export function interestNotificationSubject(locale: Locale, eventName: string): string {
  return translate(locale, "events.email.interest.subject", { event: eventName });
}
