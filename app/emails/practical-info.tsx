import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type PracticalInfoEmailProps = {
  locale: Locale;
  name: string;
  eventName: string;
  /** Already formatted for the locale, in the team's time zone. */
  date: string;
  time: string;
  location: string;
  reference: string;
  teamEmail: string;
};

/** Sent about five days before a summer evening sail: when and where, what to bring, whom to ask. */
export function PracticalInfoEmail(props: PracticalInfoEmailProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  return (
    <EmailLayout
      locale={props.locale}
      preview={t("private.practicalInfo.preview", { date: props.date })}
      footerNote={t("private.practicalInfo.footerNote")}
    >
      <EmailHeading>{t("private.practicalInfo.heading")}</EmailHeading>
      <EmailText>{t("private.practicalInfo.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("private.practicalInfo.intro", { event: props.eventName })}</EmailText>
      <EmailDetails
        rows={[
          [t("private.practicalInfo.date"), props.date],
          [t("private.practicalInfo.time"), props.time],
          [t("private.practicalInfo.meetingPoint"), props.location],
          [t("private.practicalInfo.reference"), props.reference],
        ]}
      />
      <EmailText>{t("private.practicalInfo.arrive")}</EmailText>
      <EmailText>{t("private.practicalInfo.bring")}</EmailText>
      <EmailText>{t("private.practicalInfo.doubt", { email: props.teamEmail })}</EmailText>
      <EmailText>{t("private.practicalInfo.cancel")}</EmailText>
      <EmailText>
        {t("private.practicalInfo.closing")}
        <br />
        {t("private.practicalInfo.signature")}
      </EmailText>
    </EmailLayout>
  );
}
