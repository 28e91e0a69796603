import { createElement } from "react";
import type { Locale } from "~/i18n";
import { formatDateRange } from "~/lib/dates";
import { InterestNotificationEmail, interestNotificationSubject } from "~/emails/interest-notification";
import type { DbOrTx } from "../db/client.server";
import type { Event } from "../db/schema.server";
import { renderEmail } from "../mail/render.server";
import { queueEmail } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";

/** The team reads its notifications in Dutch. */
const TEAM_LOCALE: Locale = "nl";

export type InterestForNotification = { id: string; name: string; email: string; message: string | null; locale: Locale };

/**
 * Queues the team's notice of an interest sign-up in the caller's transaction (the outbox,
 * decision 008), so the sign-up and its notice commit together; returns the e-mail's id. The
 * caller delivers it after the commit; a failed delivery stays for the retry worker and the admins.
 */
export async function queueInterestNotification(tx: DbOrTx, event: Event, interest: InterestForNotification): Promise<string> {
  const eventName = event.name;
  const { html, text } = await renderEmail(
    createElement(InterestNotificationEmail, {
      locale: TEAM_LOCALE,
      eventName,
      eventDates: formatDateRange(event.startDate.toISOString(), event.endDate.toISOString(), TEAM_LOCALE),
      name: interest.name,
      email: interest.email,
      message: interest.message,
      visitorLocale: interest.locale,
    }),
  );
  return queueEmail(tx, {
    to: teamAddress(),
    subject: interestNotificationSubject(TEAM_LOCALE, eventName),
    template: "interest-notification",
    locale: TEAM_LOCALE,
    html,
    text,
    // The team answers the visitor directly. The address passed the form's pattern (ASCII, no line breaks).
    headers: { "Reply-To": interest.email },
    relatedId: interest.id,
  });
}
