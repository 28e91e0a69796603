import { createElement } from "react";
import type { Locale } from "~/i18n";
import { formatDateRange } from "~/lib/events";
import { InterestNotificationEmail, interestNotificationSubject } from "~/emails/interest-notification";
import type { Event } from "../db/schema.server";
import { log } from "../log.server";
import { renderEmail } from "../mail/render.server";
import { sendEmail } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";

/** The team reads its notifications in Dutch. */
const TEAM_LOCALE: Locale = "nl";

export type InterestForNotification = { id: string; name: string; email: string; message: string | null; locale: Locale };

/**
 * Tells the team about an interest sign-up. Never throws: the visitor's sign-up is saved either
 * way, and a failed delivery stays in the e-mail log for the retry worker and the admins.
 */
export async function notifyTeamOfInterest(event: Event, interest: InterestForNotification): Promise<"sent" | "failed"> {
  try {
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
    const result = await sendEmail({
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
    if (result.status === "failed") log.warn(`Interest ${interest.id}: team notification not delivered yet (e-mail ${result.id} will be retried)`);
    return result.status;
  } catch (error) {
    log.error(`Interest ${interest.id}: team notification could not be recorded`, error);
    return "failed";
  }
}
