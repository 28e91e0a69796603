import { Link } from "@react-email/link";
import { translate, type Locale, type MessageKey } from "~/i18n";
import { colors, EmailButton, EmailDetails, EmailHeading, EmailText } from "./components";
import { EmailLayout } from "./layout";

type Params = Record<string, string | number>;

function translatorFor(locale: Locale) {
  return (key: MessageKey, params?: Params) => translate(locale, key, params);
}

/** "1 place" / "3 places" in the reader's language. */
export function placesText(locale: Locale, count: number): string {
  return count === 1 ? translate(locale, "waitlist.offer.placeOne") : translate(locale, "waitlist.offer.placesMany", { count });
}

/** The way off the line, in every e-mail to the person in it. */
function LeaveLine({ locale, leaveUrl, offer }: { locale: Locale; leaveUrl: string; offer?: boolean }) {
  const t = translatorFor(locale);
  return (
    <EmailText muted>
      {t(offer ? "waitlist.email.leaveOffer" : "waitlist.email.leave")}{" "}
      <Link href={leaveUrl} style={{ color: colors.ocean, textDecoration: "underline" }}>
        {t("waitlist.email.leaveLink")}
      </Link>
    </EmailText>
  );
}

export type WaitlistJoinedProps = { locale: Locale; name: string; eventName: string; eventDates: string; places: number; leaveUrl: string };

/** To the person: they are in line, and how an offer will reach them. */
export function WaitlistJoinedEmail({ locale, name, eventName, eventDates, places, leaveUrl }: WaitlistJoinedProps) {
  const t = translatorFor(locale);
  return (
    <EmailLayout locale={locale} preview={t("waitlist.email.joined.preview")} footerNote={t("waitlist.email.joined.footer")}>
      <EmailHeading>{t("waitlist.email.joined.heading")}</EmailHeading>
      <EmailText>{t("waitlist.email.joined.intro", { name, event: eventName })}</EmailText>
      <EmailDetails
        rows={[
          [t("waitlist.email.event"), eventName],
          [t("waitlist.email.dates"), eventDates],
          [t("waitlist.email.places"), String(places)],
        ]}
      />
      <EmailText>{t("waitlist.email.joined.how")}</EmailText>
      <LeaveLine locale={locale} leaveUrl={leaveUrl} />
    </EmailLayout>
  );
}

export function waitlistJoinedSubject(locale: Locale, eventName: string): string {
  return translate(locale, "waitlist.email.joined.subject", { event: eventName });
}

export type WaitlistOfferProps = {
  locale: Locale;
  name: string;
  eventName: string;
  eventDates: string;
  places: number;
  until: string;
  offerUrl: string;
  leaveUrl: string;
};

/** To the person first in line whose party fits: the link that holds their places. */
export function WaitlistOfferEmail({ locale, name, eventName, eventDates, places, until, offerUrl, leaveUrl }: WaitlistOfferProps) {
  const t = translatorFor(locale);
  return (
    <EmailLayout locale={locale} preview={t("waitlist.email.offer.preview")} footerNote={t("waitlist.email.offer.footer")}>
      <EmailHeading>{t("waitlist.email.offer.heading")}</EmailHeading>
      <EmailText>{t("waitlist.email.offer.intro", { name, event: eventName, places: placesText(locale, places), until })}</EmailText>
      <EmailDetails
        rows={[
          [t("waitlist.email.event"), eventName],
          [t("waitlist.email.dates"), eventDates],
          [t("waitlist.email.places"), String(places)],
        ]}
      />
      <EmailButton href={offerUrl}>{t("waitlist.email.offer.button")}</EmailButton>
      <EmailText muted>{t("waitlist.email.offer.after")}</EmailText>
      <LeaveLine locale={locale} leaveUrl={leaveUrl} offer />
    </EmailLayout>
  );
}

export function waitlistOfferSubject(locale: Locale, eventName: string): string {
  return translate(locale, "waitlist.email.offer.subject", { event: eventName });
}

export type WaitlistTeamProps = {
  /** The team's language. */
  locale: Locale;
  eventName: string;
  eventDates: string;
  name: string;
  email: string;
  phone: string | null;
  places: number;
  message: string | null;
  position: number;
  /** The person's language, so the team answers in it. */
  visitorLocale: Locale;
};

/** To the team: someone joined the waiting list. */
export function WaitlistTeamEmail(props: WaitlistTeamProps) {
  const t = translatorFor(props.locale);
  return (
    <EmailLayout
      locale={props.locale}
      preview={t("waitlist.email.team.preview", { name: props.name, event: props.eventName })}
      footerNote={t("waitlist.email.team.footer")}
    >
      <EmailHeading>{t("waitlist.email.team.heading")}</EmailHeading>
      <EmailText>{t("waitlist.email.team.intro", { event: props.eventName })}</EmailText>
      <EmailDetails
        rows={[
          [t("waitlist.email.event"), props.eventName],
          [t("waitlist.email.dates"), props.eventDates],
          [t("waitlist.email.team.name"), props.name],
          [t("waitlist.email.team.email"), props.email],
          [t("waitlist.email.team.phone"), props.phone || t("waitlist.email.team.none")],
          [t("waitlist.email.places"), String(props.places)],
          [t("waitlist.email.team.position"), String(props.position)],
          [t("waitlist.email.team.language"), props.visitorLocale === "nl" ? "Nederlands" : "English"],
          [t("waitlist.email.team.message"), props.message || t("waitlist.email.team.none")],
        ]}
      />
    </EmailLayout>
  );
}

export function waitlistTeamSubject(locale: Locale, name: string, eventName: string): string {
  return translate(locale, "waitlist.email.team.subject", { name, event: eventName });
}
