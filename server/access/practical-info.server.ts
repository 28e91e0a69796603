import { and, eq, gt, isNull, lte, ne } from "drizzle-orm";
import { createElement } from "react";
import { PracticalInfoEmail } from "~/emails/practical-info";
import { translate, type Locale } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { audit, SYSTEM } from "../audit/audit.server";
import { now } from "../clock.server";
import { db, type DbOrTx } from "../db/client.server";
import { events, registrations, type Event, type Registration } from "../db/schema.server";
import { log } from "../log.server";
import { renderEmail } from "../mail/render.server";
import { deliverQueued, queueEmail } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { isCurrentPlace, placesOf } from "../booking/places.server";

/**
 * The practical-information e-mail for the free summer evenings (the events of the
 * /zomeravondzeilen page): about five days before the evening, once per confirmed registration.
 */
export const PRACTICAL_INFO_DAYS_BEFORE = 5;
const PRACTICAL_INFO_PAGE = "zomeravondzeilen";
/** The invitation page is Dutch, and so is this e-mail. */
const PRACTICAL_INFO_LOCALE: Locale = "nl";

/**
 * The e-mail to the booker and to every other participant of the booking with an address of
 * their own (a group booking, decision 042): each of them comes to the harbour. One per address.
 */
async function queueForBooking(tx: DbOrTx, registration: Registration, event: Event): Promise<string[]> {
  const recipients = new Map<string, string>([[registration.customerEmail.trim().toLowerCase(), registration.customerName]]);
  const addresses = new Map<string, string>([[registration.customerEmail.trim().toLowerCase(), registration.customerEmail]]);
  for (const place of await placesOf(tx, registration.id)) {
    if (!isCurrentPlace(place) || !place.email) continue;
    const key = place.email.trim().toLowerCase();
    if (recipients.has(key)) continue;
    recipients.set(key, place.name);
    addresses.set(key, place.email);
  }
  const ids: string[] = [];
  for (const [key, name] of recipients) ids.push(await queueOne(tx, registration, event, name, addresses.get(key)!));
  return ids;
}

async function queueOne(tx: DbOrTx, registration: Registration, event: Event, name: string, to: string): Promise<string> {
  const locale = PRACTICAL_INFO_LOCALE;
  const start = event.startDate.toISOString();
  const time = (iso: string) => formatDate(iso, locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const props = {
    locale,
    name,
    eventName: event.name,
    date: formatDate(start, locale, { weekday: "long", day: "numeric", month: "long", year: "numeric" }),
    time: `${time(start)} - ${time(event.endDate.toISOString())}`,
    location: event.location,
    reference: registration.reference,
    teamEmail: teamAddress(),
  };
  const { html, text } = await renderEmail(createElement(PracticalInfoEmail, props));
  return queueEmail(tx, {
    to,
    subject: translate(locale, "private.practicalInfo.subject", { event: event.name }),
    template: "practical-info",
    locale,
    html,
    text,
    relatedId: registration.id,
  });
}

/**
 * Sends the e-mail to every confirmed registration whose evening starts within the next five
 * days and that has not had it yet (its booker and each participant with an address). The claim (practicalInfoSentAt set by a conditional update)
 * and the queued e-mail commit in one transaction (the outbox, decision 008): two runs never
 * queue it twice, and a crash never leaves a claim without its e-mail. Delivery follows the
 * commit; a failed one stays queued for the mail-retry job. Returns how many e-mails were queued.
 */
export async function sendDuePracticalInfo(): Promise<number> {
  const at = now();
  const horizon = new Date(at.getTime() + PRACTICAL_INFO_DAYS_BEFORE * 86_400_000);
  const due = await db()
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        eq(registrations.status, "confirmed"),
        isNull(registrations.practicalInfoSentAt),
        eq(events.privatePageKey, PRACTICAL_INFO_PAGE),
        ne(events.status, "cancelled"),
        gt(events.startDate, at),
        lte(events.startDate, horizon),
      ),
    );

  let sent = 0;
  for (const { registration, event } of due) {
    try {
      const emailIds = await db().transaction(async (tx) => {
        const [claimed] = await tx
          .update(registrations)
          .set({ practicalInfoSentAt: at })
          .where(and(eq(registrations.id, registration.id), isNull(registrations.practicalInfoSentAt)))
          .returning({ id: registrations.id });
        if (!claimed) return undefined;
        await audit(tx, {
          entityType: "registration",
          entityId: registration.id,
          registrationId: registration.id,
          eventId: event.id,
          action: "registration.practical_info_sent",
          changes: { practicalInfoSentAt: { from: null, to: at.toISOString() } },
          actor: SYSTEM("practical-info"),
          at,
        });
        return queueForBooking(tx, registration, event);
      });
      if (!emailIds) continue;
      sent += emailIds.length;
      await deliverQueued(emailIds);
    } catch (error) {
      // Rolled back: neither claimed nor queued, so the next run tries again.
      log.error(`Practical-information e-mail for registration ${registration.reference} could not be queued`, error);
    }
  }
  return sent;
}
