import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import type { Waiver } from "~/content/waiver";
import type { CancellationNotice } from "~/lib/booking";
import { colors, EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";
import { ManageBookingLink } from "./manage-link";

export type BookingConfirmationProps = {
  locale: Locale;
  name: string;
  reference: string;
  eventName: string;
  /** Formatted in the participant's language and the team's time zone. */
  dates: string;
  location: string;
  included: string[];
  /** "€147.50", or the word for free. */
  amountPaid: string;
  /** "€147.50" still to pay, or null when nothing is left. */
  balanceDue: string | null;
  /** When the balance is due, formatted; null when nothing is due. */
  balanceDueDate: string | null;
  /** The first balance reminder (a week before the due date) is still to come: the e-mail may promise it. */
  reminderWeekBefore?: boolean;
  /**
   * Nothing is left to pay for a paid booking; `balanceWasDue`: the formatted due date that made
   * the whole price due at registration (booked on or after it), or null.
   */
  paidInFull?: { balanceWasDue: string | null } | null;
  /** The cancellation policy's sentence for this booking (dates formatted), or null for a free event. */
  cancellation?: { key: CancellationNotice["key"]; date: string; from: string; percent: number } | null;
  /** The participant's manage-my-booking link. */
  manageUrl: string;
  waiverVersion: string;
  waiverUrl: string;
  /** The text they agreed to, when it is still the current version. */
  waiver: Waiver | null;
  eventUrl: string;
  teamEmail: string;
  /** The invoice attached (decision 046), named: "Invoice 2026-000001 is attached (PDF)." Null for a free booking. */
  documentsNote?: string | null;
  /**
   * A group booking (more than one place, or a booker who does not sail): the number of places,
   * the price of one, and the participants' names in place order. Absent for a booking of one
   * place for the booker themselves, whose e-mail reads as before.
   */
  group?: { places: number; pricePerPlace: string; participants: string[] } | null;
};

/** To the participant once their place is confirmed (paid, or free); the .ics invite is attached. */
export function BookingConfirmationEmail(props: BookingConfirmationProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  return (
    <EmailLayout
      locale={props.locale}
      preview={t("booking.email.confirm.preview", { event: props.eventName, reference: props.reference })}
      footerNote={t("booking.email.confirm.footer")}
    >
      <EmailHeading>{t("booking.email.confirm.heading")}</EmailHeading>
      <EmailText>{t("booking.email.confirm.greeting", { name: props.name })}</EmailText>
      <EmailText>{t("booking.email.confirm.intro", { event: props.eventName })}</EmailText>
      <EmailDetails
        rows={[
          [t("booking.email.reference"), props.reference],
          [t("booking.email.event"), props.eventName],
          [t("booking.email.dates"), props.dates],
          [t("booking.email.location"), props.location],
          ...(props.group
            ? ([
                [t("place.email.confirm.places"), String(props.group.places)],
                [t("place.email.confirm.pricePerPlace"), props.group.pricePerPlace],
              ] as [string, string][])
            : []),
          [t("booking.email.amountPaid"), props.amountPaid],
          [t("booking.email.balanceDue"), props.balanceDue ?? t("booking.email.nothingDue")],
          ...(props.balanceDue && props.balanceDueDate ? [[t("booking.lifecycle.email.balanceDueBy"), props.balanceDueDate] as [string, string]] : []),
        ]}
      />
      {props.balanceDue && (
        <EmailText>
          {props.balanceDueDate
            ? t(props.reminderWeekBefore === false ? "booking.lifecycle.email.confirmBalanceNoteSoon" : "booking.lifecycle.email.confirmBalanceNote", {
                amount: props.balanceDue,
                date: props.balanceDueDate,
              })
            : t("booking.email.confirm.balanceNote", { amount: props.balanceDue })}
        </EmailText>
      )}
      {!props.balanceDue && props.paidInFull && (
        <EmailText>
          {props.paidInFull.balanceWasDue
            ? t("booking.lifecycle.email.paidInFullBalanceDue", { date: props.paidInFull.balanceWasDue })
            : t("booking.lifecycle.email.paidInFull")}
        </EmailText>
      )}
      {props.cancellation && (
        <EmailText>
          <strong>{t("booking.lifecycle.email.policyTitle")}:</strong> {t(props.cancellation.key, props.cancellation)}
        </EmailText>
      )}
      {props.group && props.group.participants.length > 0 && (
        <>
          <Text style={{ color: colors.navy, fontSize: 16, fontWeight: 700, margin: "8px 0 8px" }}>{t("place.email.confirm.participants")}</Text>
          <ol style={{ margin: "0 0 16px", paddingLeft: 20, color: colors.text, fontSize: 15, lineHeight: "24px" }}>
            {props.group.participants.map((participant, index) => (
              <li key={index}>{participant}</li>
            ))}
          </ol>
          <EmailText>{t("place.email.confirm.participantsNote")}</EmailText>
        </>
      )}
      <ManageBookingLink locale={props.locale} url={props.manageUrl} />
      {props.included.length > 0 && (
        <>
          <Text style={{ color: colors.navy, fontSize: 16, fontWeight: 700, margin: "8px 0 8px" }}>{t("booking.email.included")}</Text>
          <ul style={{ margin: "0 0 16px", paddingLeft: 20, color: colors.text, fontSize: 15, lineHeight: "24px" }}>
            {props.included.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
      <EmailText>{t("booking.email.confirm.calendar")}</EmailText>
      {props.documentsNote && <EmailText>{props.documentsNote}</EmailText>}
      <EmailText>
        <Link href={props.eventUrl} style={{ color: colors.ocean, textDecoration: "underline" }}>
          {t("booking.email.confirm.viewEvent")}
        </Link>
      </EmailText>
      <EmailText>{t("booking.email.confirm.questions", { email: props.teamEmail })}</EmailText>
      <Section style={{ borderTop: `1px solid ${colors.border}`, marginTop: 16, paddingTop: 16 }}>
        <Text style={{ color: colors.navy, fontSize: 16, fontWeight: 700, margin: "0 0 8px" }}>{t("booking.email.waiver.heading")}</Text>
        <Text style={{ color: colors.muted, fontSize: 13, lineHeight: "20px", margin: "0 0 8px" }}>
          {t("booking.email.waiver.agreed", { version: props.waiverVersion })}{" "}
          <Link href={props.waiverUrl} style={{ color: colors.ocean, textDecoration: "underline" }}>
            {props.waiverUrl}
          </Link>
        </Text>
        {props.waiver && (
          <>
            <Text style={{ color: colors.text, fontSize: 13, fontWeight: 700, margin: "8px 0 4px" }}>{props.waiver.title}</Text>
            <Text style={{ color: colors.muted, fontSize: 12, lineHeight: "18px", margin: "0 0 8px" }}>{props.waiver.intro}</Text>
            {props.waiver.parts.map((part) => (
              <Section key={part.id}>
                <Text style={{ color: colors.text, fontSize: 12, fontWeight: 700, margin: "8px 0 4px" }}>{part.title}</Text>
                {part.paragraphs.map((paragraph, index) => (
                  <Text key={index} style={{ color: colors.muted, fontSize: 12, lineHeight: "18px", margin: "0 0 6px" }}>
                    {paragraph}
                  </Text>
                ))}
              </Section>
            ))}
          </>
        )}
      </Section>
    </EmailLayout>
  );
}

export function bookingConfirmationSubject(locale: Locale, eventName: string, reference: string): string {
  return translate(locale, "booking.email.confirm.subject", { event: eventName, reference });
}
