import { eq } from "drizzle-orm";
import type { Locale } from "~/i18n";
import { audit, changesOf, type Actor } from "../audit/audit.server";
import { now as clock } from "../clock.server";
import { db, type Transaction } from "../db/client.server";
import { events, registrations, type Event } from "../db/schema.server";
import { isUuid } from "../db/values.server";
import { moveRefusalFor } from "../events/admin.server";
import { log } from "../log.server";
import { deliverQueuedQuietly } from "../mail/send.server";
import { offerFreedPlaces } from "../waitlist/offers.server";
import { queueBookingMovedEmail } from "./balance-emails.server";

export type MoveOutcome =
  | "moved"
  /** No such registration. */
  | "not_found"
  /** Only a confirmed booking moves (a hold belongs to its checkout; a cancelled one holds nothing). */
  | "not_movable"
  /** The target is the booking's own event. */
  | "same_event"
  /** No such target event. */
  | "target_not_found"
  /** The target is another kind of event (a race is not a training). */
  | "different_kind"
  /** The target takes no registrations now (interest-only, waiting list, walk-in, not open, another private page). */
  | "not_bookable"
  /** The target is cancelled, finished or under way. */
  | "target_closed"
  /** The target has no place left. */
  | "full"
  /** The target costs more now than the booking's agreed price. */
  | "dearer";

export type MoveResult = { outcome: MoveOutcome; fromEventId?: string; toEventId?: string };

/** Locks an event row (in the caller's order). */
async function lockEvent(tx: Transaction, id: string): Promise<Event | undefined> {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for("update");
  return event;
}

/**
 * Moves a confirmed booking to another date it may move to (`moveRefusal` in
 * server/events/admin.server.ts: same kind, bookable, a place left, not dearer than agreed). Both event rows are
 * locked in a fixed order (by id), as every booking locks its event, so a move and registrations
 * (or a move the other way) are counted one after the other: never a deadlock, never an
 * overbooked boat. The payments and refunds stay with the registration (they belong to it, not
 * to the date), and so does the agreed price. The balance reminders start again for the new
 * date (never due before the day of the move). The audit row says from → to, who and why; the participant gets the new date (with an
 * updated .ics) in the same transaction. After the commit, the freed place on the old event goes
 * to the waiting list.
 */
export async function moveBooking(args: {
  registrationId: string;
  toEventId: string;
  actor: Actor;
  reason?: string | null;
  /**
   * Runs in the move's transaction after the move and its audit row (with both events and the
   * registration locked): a caller's own record of the move commits with it. Throwing rolls the
   * move back and the error reaches the caller.
   */
  within?: (tx: Transaction) => Promise<void>;
  /**
   * Why the booking moved, in the participant's language, instead of the e-mail's usual
   * opening ("As agreed, …"): a move after a cancelled date says who chose it and why.
   */
  emailIntro?: (locale: Locale, to: Event) => string;
}): Promise<MoveResult> {
  const { registrationId, toEventId, actor } = args;
  if (!isUuid(registrationId)) return { outcome: "not_found" };
  if (!isUuid(toEventId)) return { outcome: "target_not_found" };
  const at = clock();
  const result = await db().transaction(async (tx): Promise<MoveResult & { emailId?: string }> => {
    const [before] = await tx.select({ eventId: registrations.eventId }).from(registrations).where(eq(registrations.id, registrationId));
    if (!before) return { outcome: "not_found" };
    const fromEventId = before.eventId;
    if (fromEventId === toEventId) return { outcome: "same_event" };

    const locked = new Map<string, Event | undefined>();
    for (const id of [fromEventId, toEventId].sort()) locked.set(id, await lockEvent(tx, id));
    const from = locked.get(fromEventId);
    const to = locked.get(toEventId);
    if (!to) return { outcome: "target_not_found" };
    if (!from) return { outcome: "not_found" };

    // Read again under the locks: a concurrent move or cancellation has finished by now.
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for("update");
    if (!registration || registration.eventId !== fromEventId) return { outcome: "not_movable" };
    if (registration.status !== "confirmed") return { outcome: "not_movable" };
    // The one rule of where a booking may move (kind, bookable, a place, not dearer than agreed),
    // counted with both events locked: what the pages offer, and nothing posted by hand beyond it.
    const refusal = await moveRefusalFor(tx, { from, to, agreedPriceCents: registration.priceCents, places: registration.places, at });
    if (refusal) return { outcome: refusal };

    // One more move: the calendar file's SEQUENCE goes up (icsSequence), so calendars replace the
    // old entry; the balance is never due before the day of the move.
    const after = { eventId: to.id, balanceReminderSentAt: null, balanceDueReminderSentAt: null, moveCount: registration.moveCount + 1, movedAt: at };
    await tx.update(registrations).set(after).where(eq(registrations.id, registration.id));
    await audit(tx, {
      entityType: "registration",
      entityId: registration.id,
      registrationId: registration.id,
      eventId: to.id,
      action: "registration.moved",
      changes: changesOf(registration, after),
      actor,
      reason: args.reason?.trim() || null,
      at,
    });
    if (args.within) await args.within(tx);
    const emailId = await queueBookingMovedEmail(tx, registration.id, from, args.emailIntro);
    return { outcome: "moved", fromEventId, toEventId: to.id, emailId };
  });

  if (result.outcome !== "moved") return result;
  await deliverQueuedQuietly(result.emailId ? [result.emailId] : []);
  try {
    await offerFreedPlaces(result.fromEventId!, actor);
  } catch (error) {
    // The move stands; the next freed place (or the admin by hand) makes the offer.
    log.error(`Waiting-list offers after moving registration ${registrationId} failed`, error);
  }
  return { outcome: "moved", fromEventId: result.fromEventId, toEventId: result.toEventId };
}
