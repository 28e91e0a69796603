import { translate, type Locale } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type NewsletterTeamEmailProps = { locale: Locale; name: string; email: string; subscriberLocale: Locale };

/** Tells the team someone signed up (the spec's send-newsletter-notification). */
export function NewsletterTeamEmail({ locale, name, email, subscriberLocale }: NewsletterTeamEmailProps) {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) => translate(locale, key, params);
  return (
    <EmailLayout locale={locale} preview={t("newsletter.email.teamPreview", { name })}>
      <EmailHeading>{t("newsletter.email.teamHeading")}</EmailHeading>
      <EmailText>{t("newsletter.email.teamText")}</EmailText>
      <EmailDetails
        rows={[
          [t("newsletter.nameLabel"), name],
          [t("newsletter.emailLabel"), email],
          [t("newsletter.email.teamLanguage"), subscriberLocale === "nl" ? "Nederlands" : "English"],
          [t("newsletter.email.teamStatus"), t("newsletter.email.teamPending")],
        ]}
      />
    </EmailLayout>
  );
}
