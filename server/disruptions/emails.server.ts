import { eq } from "drizzle-orm";
import { createElement } from "react";
import { EventDisruptionEmail, eventDisruptionSubject, type DisruptionEmailKind } from "~/emails/event-disruption";
import { asLocale } from "~/i18n";
import { bookingWithEvent } from "../booking/emails.server";
import { formatDay, formatEventTimes } from "~/lib/dates";
import { manageUrl } from "../booking/manage-link.server";
import type { DbOrTx } from "../db/client.server";
import { disruptionResponses, eventDisruptions, events } from "../db/schema.server";
import { eventNameIn } from "../events/view.server";
import { queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { resolveAt } from "./rules.server";


/**
 * The participant's e-mail about a cancelled or moved date (`notice`) and its reminder after 3
 * days (`reminder`), in the booking's language, with the team's message, the choice and the
 * link to their page. Queued in the caller's transaction (the outbox); returns the e-mail's id.
 */
export async function queueDisruptionEmail(tx: DbOrTx, registrationId: string, kind: DisruptionEmailKind): Promise<string> {
  const { registration, event } = await bookingWithEvent(tx, registrationId);
  const [found] = await tx
    .select({ disruption: eventDisruptions })
    .from(disruptionResponses)
    .innerJoin(eventDisruptions, eq(eventDisruptions.id, disruptionResponses.disruptionId))
    .where(eq(disruptionResponses.registrationId, registrationId))
    .limit(1);
  if (!found) throw new Error(`Registration ${registrationId} has no disruption`);
  const { disruption } = found;
  const [newEvent] = disruption.newEventId ? await tx.select().from(events).where(eq(events.id, disruption.newEventId)) : [];
  const locale = asLocale(registration.locale);
  const eventName = eventNameIn(event, locale);
  const message = (locale === "en" && event.cancellationMessageEn) || event.cancellationMessage || "";
  return queueRendered(
    tx,
    createElement(EventDisruptionEmail, {
      locale,
      kind,
      disruption: disruption.kind,
      name: registration.customerName,
      reference: registration.reference,
      eventName,
      dates: formatEventTimes(event, locale),
      newDates: newEvent ? formatEventTimes(newEvent, locale) : null,
      message,
      deadline: formatDay(resolveAt(disruption.announcedAt), locale),
      manageUrl: manageUrl(registration.id),
      teamEmail: teamAddress(),
    }),
    {
      to: registration.customerEmail,
      subject: eventDisruptionSubject(locale, kind, disruption.kind, eventName, registration.reference),
      template: kind === "notice" ? "event-disruption" : "event-disruption-reminder",
      locale,
      relatedId: registration.id,
    },
  );
}
