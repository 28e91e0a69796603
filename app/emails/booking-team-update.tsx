import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

export type BookingTeamUpdateProps = {
  /** The team's language. */
  locale: Locale;
  reference: string;
  eventName: string;
  dates: string;
  name: string;
  email: string;
  update:
    | {
        kind: "cancelled";
        who: "participant" | "staff" | "system" | "provider";
        /** The staff member who cancelled, by name (null: not staff, or the account is gone). */
        staffName?: string | null;
        /** Already in the team's language. */
        reason: string;
        refund: string | null;
        placesLeft: number | null;
      }
    | { kind: "balance"; amount: string; method: "online" | "manual"; totalPaid: string; stillDue: string | null };
};

/** To the team: a booking was cancelled, or a payment after the first came in. */
export function BookingTeamUpdateEmail(props: BookingTeamUpdateProps) {
  const t = (key: MessageKey, params?: TranslateParams) => translate(props.locale, key, params);
  const u = props.update;
  const base: [string, string][] = [
    [t("booking.email.reference"), props.reference],
    [t("booking.email.event"), props.eventName],
    [t("booking.email.dates"), props.dates],
    [t("booking.email.team.name"), props.name],
    [t("booking.email.team.email"), props.email],
  ];
  if (u.kind === "cancelled") {
    return (
      <EmailLayout locale={props.locale} preview={t("booking.lifecycle.email.team.cancelPreview", { name: props.name, event: props.eventName })} footerNote={t("booking.lifecycle.email.team.footer")}>
        <EmailHeading>{t("booking.lifecycle.email.team.cancelHeading")}</EmailHeading>
        <EmailText>
          {t("booking.lifecycle.email.team.cancelIntro", {
            name: props.name,
            event: props.eventName,
            who: u.who === "staff" && u.staffName ? t("booking.lifecycle.email.team.who.staffNamed", { name: u.staffName }) : t(`booking.lifecycle.email.team.who.${u.who}`),
          })}
        </EmailText>
        <EmailDetails
          rows={[
            ...base,
            [t("booking.lifecycle.email.team.reason"), u.reason],
            [t("booking.lifecycle.email.team.refund"), u.refund ?? t("booking.lifecycle.email.team.refundNone")],
            ...(u.placesLeft === null ? [] : [[t("booking.email.team.placesLeft"), String(u.placesLeft)] as [string, string]]),
          ]}
        />
      </EmailLayout>
    );
  }
  return (
    <EmailLayout locale={props.locale} preview={t("booking.lifecycle.email.team.balancePreview", { name: props.name, amount: u.amount, event: props.eventName })} footerNote={t("booking.lifecycle.email.team.footer")}>
      <EmailHeading>{t("booking.lifecycle.email.team.balanceHeading")}</EmailHeading>
      <EmailText>
        {t("booking.lifecycle.email.team.balanceIntro", { name: props.name, amount: u.amount, event: props.eventName, method: t(`booking.lifecycle.email.team.method.${u.method}`) })}
      </EmailText>
      <EmailDetails
        rows={[
          ...base,
          [t("booking.lifecycle.email.team.received"), u.amount],
          [t("booking.lifecycle.email.team.totalPaid"), u.totalPaid],
          [t("booking.email.balanceDue"), u.stillDue ?? t("booking.email.nothingDue")],
        ]}
      />
    </EmailLayout>
  );
}

export function bookingTeamUpdateSubject(locale: Locale, kind: "cancelled" | "balance", eventName: string, name: string): string {
  return translate(locale, kind === "cancelled" ? "booking.lifecycle.email.team.cancelSubject" : "booking.lifecycle.email.team.balanceSubject", { event: eventName, name });
}
