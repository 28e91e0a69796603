import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { translate, type Locale } from "~/i18n";
import { colors, EmailButton, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type NewsletterConfirmEmailProps = { locale: Locale; name: string; confirmUrl: string; unsubscribeUrl: string };

/** Double opt-in: the link that turns a pending subscription into a confirmed one. */
export function NewsletterConfirmEmail({ locale, name, confirmUrl, unsubscribeUrl }: NewsletterConfirmEmailProps) {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) => translate(locale, key, params);
  return (
    <EmailLayout
      locale={locale}
      preview={t("newsletter.email.confirmPreview")}
      unsubscribeUrl={unsubscribeUrl}
      footerNote={t("newsletter.email.footerNote")}
    >
      <EmailHeading>{t("newsletter.email.confirmHeading")}</EmailHeading>
      <EmailText>{t("newsletter.email.greeting", { name })}</EmailText>
      <EmailText>{t("newsletter.email.confirmText")}</EmailText>
      <EmailButton href={confirmUrl}>{t("newsletter.email.confirmButton")}</EmailButton>
      <EmailText muted>{t("newsletter.email.confirmFallback")}</EmailText>
      <Text style={{ fontSize: 13, lineHeight: "20px", margin: "0 0 16px", wordBreak: "break-all" }}>
        <Link href={confirmUrl} style={{ color: colors.ocean }}>
          {confirmUrl}
        </Link>
      </Text>
      <EmailText muted>{t("newsletter.email.confirmIgnore")}</EmailText>
    </EmailLayout>
  );
}
