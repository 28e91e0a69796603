import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type BookingTeamNotificationProps = {
  /** The team's language. */
  locale: Locale;
  /** "confirmed": a new participant; "refunded": a late payment for a full event went back. */
  kind: "confirmed" | "refunded";
  reference: string;
  eventName: string;
  dates: string;
  participant: {
    name: string;
    email: string;
    phone: string | null;
    birthDate: string;
    address: string;
    emergencyContact: string;
    comments: string | null;
    locale: Locale;
  };
  amountPaid: string;
  balanceDue: string | null;
  /**
   * A group booking: its places, the price of one, whether the booker sails and every
   * participant's name in place order. Absent for one place for the booker (read as before).
   */
  group?: { places: number; pricePerPlace: string; bookerSails: boolean; participants: string[] } | null;
  /** Places still free after this booking, when the event has a maximum. */
  placesLeft: number | null;
  /** For a refund: whether the provider accepted it (if not, someone must refund by hand). */
  refundFailed?: boolean;
};

/** To the team: a confirmed registration (every one), or a late payment that was refunded. */
export function BookingTeamNotificationEmail(props: BookingTeamNotificationProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  const refunded = props.kind === "refunded";
  const p = props.participant;
  return (
    <EmailLayout
      locale={props.locale}
      preview={t(refunded ? "booking.email.team.refundPreview" : "booking.email.team.preview", { name: p.name, event: props.eventName })}
      footerNote={t("booking.email.team.footer")}
    >
      <EmailHeading>{t(refunded ? "booking.email.team.refundHeading" : "booking.email.team.heading")}</EmailHeading>
      <EmailText>{t(refunded ? "booking.email.team.refundIntro" : "booking.email.team.intro", { event: props.eventName })}</EmailText>
      {refunded && props.refundFailed && <EmailText>{t("booking.email.team.refundFailed")}</EmailText>}
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.dates"), props.dates],
          [t("booking.email.team.name"), p.name],
          [t("booking.email.team.email"), p.email],
          [t("booking.email.team.phone"), p.phone ?? "–"],
          [t("booking.email.team.birthDate"), p.birthDate],
          [t("booking.email.team.address"), p.address],
          [t("booking.email.team.emergency"), p.emergencyContact],
          [t("booking.email.team.language"), p.locale === "nl" ? "Nederlands" : "English"],
          [t("booking.email.team.comments"), p.comments || "–"],
          ...(props.group
            ? ([
                [t("place.email.confirm.places"), String(props.group.places)],
                [t("place.email.confirm.pricePerPlace"), props.group.pricePerPlace],
                [t("place.email.team.bookerSails"), t(props.group.bookerSails ? "place.email.team.yes" : "place.email.team.no")],
                [t("place.email.confirm.participants"), props.group.participants.map((name, i) => t("place.email.team.participantLine", { number: i + 1, name })).join("; ")],
              ] as [string, string][])
            : []),
          [t("booking.email.amountPaid"), props.amountPaid],
          [t("booking.email.balanceDue"), props.balanceDue ?? t("booking.email.nothingDue")],
          ...(props.placesLeft === null ? [] : [[t("booking.email.team.placesLeft"), String(props.placesLeft)] as [string, string]]),
        ]}
      />
    </EmailLayout>
  );
}

export function bookingTeamSubject(locale: Locale, kind: "confirmed" | "refunded", eventName: string, name: string): string {
  return translate(locale, kind === "refunded" ? "booking.email.team.refundSubject" : "booking.email.team.subject", { event: eventName, name });
}
