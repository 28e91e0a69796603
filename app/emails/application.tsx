import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";
import { ManageBookingLink } from "./manage-link";

/**
 * The applicant's e-mails of "apply, then pay" (decision 045): the application received, approved
 * (with the link to pay and the hold's end) and declined. The team's message, when there is one,
 * is shown as typed.
 */
export type ApplicationEmailProps = {
  locale: Locale;
  name: string;
  reference: string;
  eventName: string;
  dates: string;
  places: number;
  /** The booking page (`/my-booking/<token>`): where the application is followed, and paid once approved. */
  manageUrl: string;
  teamEmail: string;
  /** What the team wrote with its decision (approved or declined), or null. */
  message: string | null;
};

type Translator = (key: MessageKey, params?: TranslateParams) => string;

function translator(locale: Locale): Translator {
  return (key, params) => translate(locale, key, params);
}

function TeamMessage({ t, message }: { t: Translator; message: string | null }) {
  if (!message) return null;
  return (
    <>
      <EmailText>
        <strong>{t("booking.lifecycle.application.message")}</strong>
      </EmailText>
      <EmailText>{message}</EmailText>
    </>
  );
}

export function ApplicationReceivedEmail(props: ApplicationEmailProps & { holdHours: number }) {
  const t = translator(props.locale);
  return (
    <EmailLayout locale={props.locale} preview={t("booking.lifecycle.application.received.preview", { event: props.eventName })}>
      <EmailHeading>{t("booking.lifecycle.application.received.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("booking.lifecycle.application.received.intro", { event: props.eventName })}</EmailText>
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.dates"), props.dates],
          [t("booking.lifecycle.application.places"), String(props.places)],
        ]}
      />
      <EmailText>{t("booking.lifecycle.application.received.nothingCharged", { hours: props.holdHours })}</EmailText>
      <ManageBookingLink locale={props.locale} url={props.manageUrl} label={t("booking.lifecycle.application.view")} />
      <EmailText muted>{t("booking.lifecycle.application.questions", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function ApplicationApprovedEmail(props: ApplicationEmailProps & { amount: string; until: string }) {
  const t = translator(props.locale);
  return (
    <EmailLayout locale={props.locale} preview={t("booking.lifecycle.application.approved.preview", { event: props.eventName, until: props.until })}>
      <EmailHeading>{t("booking.lifecycle.application.approved.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("booking.lifecycle.application.approved.intro", { event: props.eventName })}</EmailText>
      <TeamMessage t={t} message={props.message} />
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.dates"), props.dates],
          [t("booking.lifecycle.application.places"), String(props.places)],
          [t("booking.lifecycle.application.approved.amount"), props.amount],
          [t("booking.lifecycle.application.approved.until"), props.until],
        ]}
      />
      <ManageBookingLink
        locale={props.locale}
        url={props.manageUrl}
        label={t("booking.lifecycle.application.approved.pay")}
        text={t("booking.lifecycle.application.approved.payText")}
      />
      <EmailText>{t("booking.lifecycle.application.approved.lapse", { until: props.until })}</EmailText>
      <EmailText muted>{t("booking.lifecycle.application.questions", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function ApplicationDeclinedEmail(props: ApplicationEmailProps) {
  const t = translator(props.locale);
  return (
    <EmailLayout locale={props.locale} preview={t("booking.lifecycle.application.declined.preview", { event: props.eventName })}>
      <EmailHeading>{t("booking.lifecycle.application.declined.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("booking.lifecycle.application.declined.intro", { event: props.eventName })}</EmailText>
      <TeamMessage t={t} message={props.message} />
      <EmailText>{t("booking.lifecycle.application.declined.nothingCharged")}</EmailText>
      <EmailText muted>{t("booking.lifecycle.application.questions", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}
