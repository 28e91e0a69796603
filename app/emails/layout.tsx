import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { translate, type Locale } from "~/i18n";
import { colors, fontStack } from "./components";

type EmailLayoutProps = {
  locale: Locale;
  /** The line mail clients show beside the subject. */
  preview: string;
  children: ReactNode;
  /** When given, the footer carries the unsubscribe link (every newsletter e-mail must). */
  unsubscribeUrl?: string;
  /** Why the recipient gets this message, shown small in the footer. */
  footerNote?: string;
};

/** The team's branded frame around every e-mail: navy masthead, white card, quiet footer. */
export function EmailLayout({ locale, preview, children, unsubscribeUrl, footerNote }: EmailLayoutProps) {
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.foam, margin: 0, padding: "24px 0", fontFamily: fontStack }}>
        <Container style={{ maxWidth: 600, margin: "0 auto", backgroundColor: "#ffffff", borderRadius: 8, overflow: "hidden" }}>
          <Section style={{ backgroundColor: colors.navy, padding: "28px 32px", borderBottom: `4px solid ${colors.signal}` }}>
            <Text style={{ margin: 0, color: "#ffffff", fontSize: 22, fontWeight: 700, letterSpacing: 2, textTransform: "uppercase" }}>
              {translate(locale, "site.name")}
            </Text>
            <Text style={{ margin: "4px 0 0", color: colors.foamDark, fontSize: 13 }}>{translate(locale, "site.tagline")}</Text>
          </Section>
          <Section style={{ padding: "32px 32px 8px" }}>{children}</Section>
          <Section style={{ padding: "0 32px 28px" }}>
            <Hr style={{ borderColor: colors.border, margin: "24px 0 16px" }} />
            {footerNote ? <Text style={{ color: colors.muted, fontSize: 12, lineHeight: "18px", margin: "0 0 8px" }}>{footerNote}</Text> : null}
            <Text style={{ color: colors.muted, fontSize: 12, lineHeight: "18px", margin: 0 }}>
              {translate(locale, "site.name")} · {translate(locale, "footer.location")}
            </Text>
            {unsubscribeUrl ? (
              <Text style={{ color: colors.muted, fontSize: 12, lineHeight: "18px", margin: "8px 0 0" }}>
                <Link href={unsubscribeUrl} style={{ color: colors.ocean, textDecoration: "underline" }}>
                  {translate(locale, "newsletter.unsubscribeLink")}
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
