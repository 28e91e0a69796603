import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailButton, EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type DisruptionEmailKind = "notice" | "reminder";

export type EventDisruptionProps = {
  locale: Locale;
  kind: DisruptionEmailKind;
  disruption: "cancelled" | "moved";
  name: string;
  reference: string;
  eventName: string;
  dates: string;
  /** The new date, for a move. */
  newDates: string | null;
  /** The team's message, in the participant's language. */
  message: string;
  /** When the team decides for them (7 days after the notice). */
  deadline: string;
  /** What happens then: the move to the new date (when it can take the booking), or the full refund. */
  fallback: "move" | "refund";
  manageUrl: string;
  teamEmail: string;
};

/**
 * The team cancelled or moved a sailing day (decision 015): the message, the choice (move,
 * keeping what was paid, or a full refund) and what happens without an answer. The reminder
 * after 3 days is the same e-mail with its own opening.
 */
export function EventDisruptionEmail(props: EventDisruptionProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  const moved = props.disruption === "moved";
  return (
    <EmailLayout locale={props.locale} preview={t(moved ? "disruption.email.preview.moved" : "disruption.email.preview.cancelled", { event: props.eventName })} footerNote={t("booking.email.confirm.footer")}>
      <EmailHeading>{t(moved ? "disruption.title.moved" : "disruption.title.cancelled")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      {props.kind === "reminder" && <EmailText>{t("disruption.email.reminderIntro")}</EmailText>}
      <EmailText>{t(moved ? "disruption.email.intro.moved" : "disruption.email.intro.cancelled", { event: props.eventName, dates: props.dates, newDates: props.newDates ?? "" })}</EmailText>
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("disruption.email.message"), props.message],
          ...(props.newDates ? ([[t("disruption.email.newDate"), props.newDates]] as [string, string][]) : []),
        ]}
      />
      <EmailText>{t("disruption.email.choice")}</EmailText>
      <EmailText>{t(props.fallback === "move" ? "disruption.deadline.move" : "disruption.deadline.refund", { date: props.deadline })}</EmailText>
      <EmailButton href={props.manageUrl}>{t("disruption.email.button")}</EmailButton>
      <EmailText>{t("booking.email.confirm.questions", { email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function eventDisruptionSubject(locale: Locale, kind: DisruptionEmailKind, disruption: "cancelled" | "moved", eventName: string, reference: string): string {
  if (kind === "reminder") return translate(locale, "disruption.email.subject.reminder", { event: eventName, reference });
  return translate(locale, disruption === "moved" ? "disruption.email.subject.moved" : "disruption.email.subject.cancelled", { event: eventName, reference });
}
