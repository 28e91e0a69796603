import { createElement } from "react";
import { translate, type Locale } from "~/i18n";
import { NewsletterConfirmEmail } from "~/emails/newsletter-confirm";
import { NewsletterTeamEmail } from "~/emails/newsletter-team";
import type { NewsletterSubscriber } from "../db/schema.server";
import { renderEmail } from "../mail/render.server";
import type { DbOrTx } from "../db/client.server";
import { queueEmail } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { confirmUrl, unsubscribeHeaders, unsubscribeUrl } from "./links.server";

export const CONFIRM_TEMPLATE = "newsletter-confirm";
export const TEAM_TEMPLATE = "newsletter-team";

/** The team reads Dutch. */
const TEAM_LOCALE: Locale = "nl";

function subscriberLocale(subscriber: NewsletterSubscriber): Locale {
  return subscriber.locale === "en" ? "en" : "nl";
}

/**
 * The double opt-in e-mail, in the subscriber's language, with the confirm and unsubscribe links.
 * Queued in the caller's transaction (the outbox, decision 008); returns the e-mail's id.
 */
export async function queueConfirmationEmail(tx: DbOrTx, subscriber: NewsletterSubscriber): Promise<string> {
  const locale = subscriberLocale(subscriber);
  const { html, text } = await renderEmail(
    createElement(NewsletterConfirmEmail, {
      locale,
      name: subscriber.name,
      confirmUrl: confirmUrl(subscriber.token),
      unsubscribeUrl: unsubscribeUrl(subscriber.token),
    }),
  );
  return queueEmail(tx, {
    to: subscriber.email,
    subject: translate(locale, "newsletter.email.confirmSubject"),
    template: CONFIRM_TEMPLATE,
    locale,
    html,
    text,
    headers: unsubscribeHeaders(subscriber.token),
    relatedId: subscriber.id,
  });
}

/** The team's notice of a new sign-up, queued in the caller's transaction. */
export async function queueTeamNotification(tx: DbOrTx, subscriber: NewsletterSubscriber): Promise<string> {
  const { html, text } = await renderEmail(
    createElement(NewsletterTeamEmail, {
      locale: TEAM_LOCALE,
      name: subscriber.name,
      email: subscriber.email,
      subscriberLocale: subscriberLocale(subscriber),
    }),
  );
  return queueEmail(tx, {
    to: teamAddress(),
    subject: translate(TEAM_LOCALE, "newsletter.email.teamSubject", { name: subscriber.name }),
    template: TEAM_TEMPLATE,
    locale: TEAM_LOCALE,
    html,
    text,
    relatedId: subscriber.id,
  });
}
