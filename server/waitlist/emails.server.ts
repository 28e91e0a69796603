import { createElement } from "react";
import { asLocale, type Locale } from "~/i18n";
import {
  WaitlistJoinedEmail,
  waitlistJoinedSubject,
  WaitlistOfferEmail,
  waitlistOfferSubject,
  WaitlistTeamEmail,
  waitlistTeamSubject,
} from "~/emails/waitlist";
import { formatEventTimes, formatUntil } from "~/lib/dates";
import { eventNameIn } from "../events/view.server";
import { signedIdToken } from "../booking/manage-link.server";
import type { DbOrTx } from "../db/client.server";
import type { Event, WaitlistEntry, WaitlistOffer } from "../db/schema.server";
import { env } from "../env.server";
import { queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";

/** The team reads its notifications in Dutch. */
const TEAM_LOCALE: Locale = "nl";

/*
 * Each function queues one message in the caller's transaction (the outbox, decision 008): it
 * exists exactly when the change that causes it commits; the caller delivers it after the commit
 * (`deliverQueued`) or the retry worker does. They return the queued e-mail's id.
 */

/** The offer link's path: the offer id and a keyed MAC of it (purpose "offer"), not guessable. */
export function offerPath(offerId: string): string {
  return `/waitlist/offer/${signedIdToken("offer", offerId)}`;
}

/**
 * The link in the person's waiting-list e-mails that takes them off the line (after they confirm
 * on its page): the entry id and a keyed MAC of it (purpose "waitlist-leave").
 */
export function leavePath(entryId: string): string {
  return `/waitlist/leave/${signedIdToken("waitlist-leave", entryId)}`;
}

/** To the person who joined: they are in line. */
export async function queueWaitlistJoined(tx: DbOrTx, entry: WaitlistEntry, event: Event): Promise<string> {
  const locale = asLocale(entry.locale);
  const name = eventNameIn(event, locale);
  return queueRendered(
    tx,
    createElement(WaitlistJoinedEmail, {
      locale,
      name: entry.name,
      eventName: name,
      eventDates: formatEventTimes(event, locale),
      places: entry.places,
      leaveUrl: `${env().publicUrl}${leavePath(entry.id)}`,
    }),
    {
      to: entry.email,
      subject: waitlistJoinedSubject(locale, name),
      template: "waitlist-joined",
      locale,
      relatedId: entry.id,
    },
  );
}

/** To the team: someone joined, and where they stand in line. */
export async function queueWaitlistTeamNotice(tx: DbOrTx, entry: WaitlistEntry, event: Event, position: number): Promise<string> {
  const name = eventNameIn(event, TEAM_LOCALE);
  return queueRendered(
    tx,
    createElement(WaitlistTeamEmail, {
      locale: TEAM_LOCALE,
      eventName: name,
      eventDates: formatEventTimes(event, TEAM_LOCALE),
      name: entry.name,
      email: entry.email,
      phone: entry.phone,
      places: entry.places,
      message: entry.message,
      position,
      visitorLocale: asLocale(entry.locale),
    }),
    {
      to: teamAddress(),
      subject: waitlistTeamSubject(TEAM_LOCALE, entry.name, name),
      template: "waitlist-team",
      locale: TEAM_LOCALE,
      // The team answers the person directly. The address passed the form's pattern (no line breaks).
      headers: { "Reply-To": entry.email },
      relatedId: entry.id,
    },
  );
}

/** To the person an offer is for: the link that holds their places until the offer ends. */
export async function queueWaitlistOffer(tx: DbOrTx, offer: WaitlistOffer, entry: WaitlistEntry, event: Event): Promise<string> {
  const locale = asLocale(entry.locale);
  const name = eventNameIn(event, locale);
  return queueRendered(
    tx,
    createElement(WaitlistOfferEmail, {
      locale,
      name: entry.name,
      eventName: name,
      eventDates: formatEventTimes(event, locale),
      places: offer.places,
      until: formatUntil(offer.expiresAt, locale),
      offerUrl: `${env().publicUrl}${offerPath(offer.id)}`,
      leaveUrl: `${env().publicUrl}${leavePath(entry.id)}`,
    }),
    {
      to: entry.email,
      subject: waitlistOfferSubject(locale, name),
      template: "waitlist-offer",
      locale,
      relatedId: offer.id,
    },
  );
}

