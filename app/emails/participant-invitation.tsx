import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";
import { ManageBookingLink } from "./manage-link";

export type ParticipantInvitationProps = {
  /** The participant's own language (their place's). */
  locale: Locale;
  /** "replacement": they take over someone's place; "resend": the same invitation again. */
  kind: "invitation" | "replacement" | "resend";
  name: string;
  bookerName: string;
  eventName: string;
  /** Formatted in the participant's language and the team's time zone. */
  dates: string;
  location: string;
  /** Their own page (`/my-place/<token>`). */
  placeUrl: string;
  /** The participants' deadline, formatted ("Friday 12 June 2026"). */
  deadline: string;
  /** Their details are all there already (the booker knew them): only the waiver is left. */
  detailsComplete: boolean;
  /** The reference of another live booking of this event they are already in, or null. */
  alreadyBooked: string | null;
  teamEmail: string;
};

/**
 * To a participant a booker named: who booked them in, the event, and their own link to complete
 * their details and accept the waiver, by the deadline. Never anything of the booking's money or
 * of the other participants.
 */
export function ParticipantInvitationEmail(props: ParticipantInvitationProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  const about = { booker: props.bookerName, event: props.eventName };
  return (
    <EmailLayout locale={props.locale} preview={t("place.email.invite.preview", about)} footerNote={t("place.email.invite.footer", about)}>
      <EmailHeading>{t("place.email.invite.heading")}</EmailHeading>
      <EmailText>{t("place.email.invite.greeting", { name: props.name })}</EmailText>
      <EmailText>{t(props.kind === "replacement" ? "place.email.invite.introReplacement" : "place.email.invite.intro", about)}</EmailText>
      <EmailDetails
        rows={[
          [t("place.email.event"), props.eventName],
          [t("place.email.dates"), props.dates],
          [t("place.email.location"), props.location],
          [t("place.email.bookedBy"), props.bookerName],
          [t("place.email.deadline"), props.deadline],
        ]}
      />
      {props.alreadyBooked && <EmailText>{t("place.email.invite.already", { reference: props.alreadyBooked, booker: props.bookerName, email: props.teamEmail })}</EmailText>}
      <EmailText>{t(props.detailsComplete ? "place.email.invite.todoDone" : "place.email.invite.todo", { deadline: props.deadline })}</EmailText>
      <ManageBookingLink locale={props.locale} url={props.placeUrl} label={t("place.email.invite.button")} text={t("place.email.invite.linkText")} />
      <EmailText muted>{t("place.email.invite.questions", { booker: props.bookerName, email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function participantInvitationSubject(locale: Locale, kind: ParticipantInvitationProps["kind"], bookerName: string, eventName: string): string {
  return translate(locale, kind === "replacement" ? "place.email.invite.subjectReplacement" : "place.email.invite.subject", { booker: bookerName, event: eventName });
}

export type ParticipantReminderProps = {
  locale: Locale;
  name: string;
  bookerName: string;
  eventName: string;
  dates: string;
  location: string;
  placeUrl: string;
  deadline: string;
  missingDetails: boolean;
  missingWaiver: boolean;
  teamEmail: string;
};

/** The one reminder to a participant whose place is still incomplete near the deadline. */
export function ParticipantReminderEmail(props: ParticipantReminderProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  const about = { booker: props.bookerName, event: props.eventName };
  const missing = [
    ...(props.missingDetails ? [t("place.email.reminder.missingDetails")] : []),
    ...(props.missingWaiver ? [t("place.email.reminder.missingWaiver")] : []),
  ].join(t("place.email.reminder.and"));
  return (
    <EmailLayout locale={props.locale} preview={t("place.email.reminder.preview", about)} footerNote={t("place.email.invite.footer", about)}>
      <EmailHeading>{t("place.email.reminder.heading")}</EmailHeading>
      <EmailText>{t("place.email.invite.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("place.email.reminder.intro", { ...about, missing, deadline: props.deadline })}</EmailText>
      <EmailDetails
        rows={[
          [t("place.email.event"), props.eventName],
          [t("place.email.dates"), props.dates],
          [t("place.email.location"), props.location],
        ]}
      />
      <ManageBookingLink locale={props.locale} url={props.placeUrl} label={t("place.email.invite.button")} text={t("place.email.invite.linkText")} />
      <EmailText muted>{t("place.email.invite.questions", { booker: props.bookerName, email: props.teamEmail })}</EmailText>
    </EmailLayout>
  );
}

export function participantReminderSubject(locale: Locale, eventName: string): string {
  return translate(locale, "place.email.reminder.subject", { event: eventName });
}

export type ParticipantsIncompleteProps = {
  locale: Locale;
  name: string;
  reference: string;
  eventName: string;
  deadline: string;
  /** The incomplete places: their number and participant's name. */
  places: { number: number; name: string }[];
  manageUrl: string;
};

/** To the booker, once: which of their participants are still incomplete near the deadline. */
export function ParticipantsIncompleteEmail(props: ParticipantsIncompleteProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  return (
    <EmailLayout
      locale={props.locale}
      preview={t("place.email.booker.preview", { count: props.places.length, reference: props.reference })}
      footerNote={t("booking.email.confirm.footer")}
    >
      <EmailHeading>{t("place.email.booker.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("place.email.booker.intro", { reference: props.reference, event: props.eventName, deadline: props.deadline })}</EmailText>
      <ul style={{ margin: "0 0 16px", paddingLeft: 20, fontSize: 15, lineHeight: "24px" }}>
        {props.places.map((place) => (
          <li key={place.number}>{t("place.email.booker.placeLine", { number: place.number, name: place.name })}</li>
        ))}
      </ul>
      <EmailText>{t("place.email.booker.outro")}</EmailText>
      <ManageBookingLink locale={props.locale} url={props.manageUrl} />
    </EmailLayout>
  );
}

export function participantsIncompleteSubject(locale: Locale, eventName: string): string {
  return translate(locale, "place.email.booker.subject", { event: eventName });
}
