import { eq } from "drizzle-orm";
import { createElement } from "react";
import { EventDisruptionEmail, eventDisruptionSubject, type DisruptionEmailKind } from "~/emails/event-disruption";
import { asLocale, translate, type Locale } from "~/i18n";
import { bookingWithEvent } from "../booking/queries.server";
import { formatDay, formatEventTimes } from "~/lib/dates";
import { manageUrl } from "../booking/manage-link.server";
import { cancellationRefund } from "../booking/money.server";
import type { DbOrTx } from "../db/client.server";
import { disruptionResponses, eventDisruptions, events, type Event } from "../db/schema.server";
import { now } from "../clock.server";
import { env } from "../env.server";
import { moveRefusalFor } from "../events/admin.server";
import { eventNameIn } from "../events/view.server";
import { renderEmail } from "../mail/render.server";
import { queueRendered } from "../mail/send.server";
import { teamAddress } from "../mail/team.server";
import { resolveAt } from "./rules.server";

type DatedEvent = Pick<Event, "name" | "nameEn" | "startDate" | "endDate">;

/** One participant's notice or reminder: its template element and subject, in `locale`. */
function disruptionEmail(args: {
  locale: Locale;
  kind: DisruptionEmailKind;
  disruption: "cancelled" | "moved";
  name: string;
  reference: string;
  event: DatedEvent;
  newEvent: Pick<Event, "startDate" | "endDate"> | null;
  /** The team's message in both languages (the event's columns, or the form's fields for a preview). */
  messageNl: string;
  messageEn: string | null;
  announcedAt: Date;
  fallback: "move" | "refund";
  manageUrl: string;
}) {
  const { locale } = args;
  const eventName = eventNameIn(args.event, locale);
  const element = createElement(EventDisruptionEmail, {
    locale,
    kind: args.kind,
    disruption: args.disruption,
    name: args.name,
    reference: args.reference,
    eventName,
    dates: formatEventTimes(args.event, locale),
    newDates: args.newEvent ? formatEventTimes(args.newEvent, locale) : null,
    message: (locale === "en" && args.messageEn) || args.messageNl,
    deadline: formatDay(resolveAt(args.announcedAt), locale),
    fallback: args.fallback,
    manageUrl: args.manageUrl,
    teamEmail: teamAddress(),
  });
  return { element, subject: eventDisruptionSubject(locale, args.kind, args.disruption, eventName, args.reference) };
}

/**
 * The participant's e-mail about a cancelled or moved date (`notice`) and its reminder after 3
 * days (`reminder`), in the booking's language, with the team's message, the choice and the
 * link to their page. Queued in the caller's transaction (the outbox); returns the e-mail's id.
 * Neither has an attachment: the booking's calendar entry changes with the e-mail of the move
 * itself (`booking-moved`, with the updated .ics) or of the cancellation.
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
  // What happens without an answer: the new date, when the one move rule lets the booking go there now.
  const fallback = newEvent && !(await moveRefusalFor(tx, { from: event, to: newEvent, agreedPriceCents: registration.priceCents, places: registration.places, at: now() })) ? "move" : "refund";
  const { element, subject } = disruptionEmail({
    locale,
    kind,
    disruption: disruption.kind,
    name: registration.customerName,
    reference: registration.reference,
    event,
    newEvent: newEvent ?? null,
    messageNl: event.cancellationMessage ?? "",
    messageEn: event.cancellationMessageEn,
    announcedAt: disruption.announcedAt,
    fallback,
    manageUrl: manageUrl(registration.id),
  });
  return queueRendered(tx, element, {
    to: registration.customerEmail,
    subject,
    template: kind === "notice" ? "event-disruption" : "event-disruption-reminder",
    locale,
    relatedId: registration.id,
  });
}

export type DisruptionEmailPreview = { locale: Locale; subject: string; text: string };

/**
 * The notice as `disruptEvent` would send it now, in Dutch and in English, from the real
 * template: the staff's confirm step shows it before anything is sent. The participant's name,
 * reference and personal link are placeholders (each participant gets their own).
 */
export async function disruptionEmailPreviews(args: {
  disruption: "cancelled" | "moved";
  event: DatedEvent;
  newEvent: Pick<Event, "startDate" | "endDate"> | null;
  messageNl: string;
  messageEn: string;
  announcedAt: Date;
}): Promise<DisruptionEmailPreview[]> {
  const base = env().publicUrl;
  return Promise.all(
    (["nl", "en"] as const).map(async (locale) => {
      const { element, subject } = disruptionEmail({
        ...args,
        locale,
        kind: "notice",
        fallback: args.newEvent ? "move" : "refund",
        name: translate(locale, "admin.disruption.preview.name"),
        reference: translate(locale, "admin.disruption.preview.reference"),
        manageUrl: `${base}/my-booking/${translate(locale, "admin.disruption.preview.link")}`,
      });
      return { locale, subject, text: (await renderEmail(element)).text };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Why a booking moved or was refunded after a cancelled or moved date: the opening of the
// booking's own "moved" or "cancelled" e-mail (moveBooking's emailIntro, cancelBooking's emailNote)
// ---------------------------------------------------------------------------------------------

type Announced = { event: DatedEvent; announcedAt: Date };

/** The participant chose another date on their page. */
export function movedByChoiceIntro(locale: Locale, to: Event): string {
  return translate(locale, "disruption.email.movedByChoice", { event: eventNameIn(to, locale), dates: formatEventTimes(to, locale) });
}

/**
 * Nobody answered in 7 days: the booking moved to the new date, as the notice said it would,
 * and the new date's own cancellation policy applies from now on (said with its numbers).
 */
export function movedAutomaticallyIntro(locale: Locale, to: Event, { event, announcedAt }: Announced, at: Date): string {
  const what = translate(locale, "disruption.email.movedAuto", {
    event: eventNameIn(event, locale),
    announced: formatDay(announcedAt, locale),
    deadline: formatDay(resolveAt(announcedAt), locale),
    dates: formatEventTimes(to, locale),
  });
  const policy = cancellationRefund(to, 0, at);
  const percent = Math.min(100, Math.max(0, to.refundPercent));
  const next =
    percent === 0
      ? translate(locale, "disruption.email.movedAuto.policyNone")
      : policy.inWindow
        ? translate(locale, "disruption.email.movedAuto.policy", { date: formatDay(policy.deadline, locale), percent })
        : translate(locale, "disruption.email.movedAuto.policyLate");
  return `${what} ${next}`;
}

/** The participant chose the full refund on their page. */
export function refundedByChoiceNote(locale: Locale): string {
  return translate(locale, "disruption.email.refundedByChoice");
}

/**
 * Nobody answered in 7 days: the booking is cancelled with a full refund, because the date was
 * cancelled without a new one (`no_new_date`) or the new date can no longer take it.
 */
export function refundedAutomaticallyNote(locale: Locale, why: "no_new_date" | "new_date_unavailable", { event, announcedAt }: Announced): string {
  return translate(locale, why === "no_new_date" ? "disruption.email.refundedAuto.cancelled" : "disruption.email.refundedAuto.moved", {
    event: eventNameIn(event, locale),
    dates: formatEventTimes(event, locale),
    announced: formatDay(announcedAt, locale),
    deadline: formatDay(resolveAt(announcedAt), locale),
  });
}
