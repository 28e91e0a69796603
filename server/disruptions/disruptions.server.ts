import { and, asc, count, eq, inArray, isNull, like, lte } from "drizzle-orm";
import type { ChoiceOutcome } from "~/schemas/manage";
import { audit, actorLabel, SYSTEM, type Actor } from "../audit/audit.server";
import { cancelBooking } from "../booking/cancel.server";
import { moveBooking, type MoveOutcome } from "../booking/move.server";
import { now as clock } from "../clock.server";
import { db, type DbOrTx, type Transaction } from "../db/client.server";
import { disruptionResponses, eventDisruptions, events, registrations, type DisruptionResponse, type Event, type EventDisruption } from "../db/schema.server";
import { isUuid } from "../db/values.server";
import { moveTargets, type MoveTarget } from "../events/admin.server";
import { displayStatus } from "../events/view.server";
import { log } from "../log.server";
import { deliverQueuedQuietly } from "../mail/send.server";
import {
  disruptionEmailPreviews,
  movedAutomaticallyIntro,
  movedByChoiceIntro,
  queueDisruptionEmail,
  refundedAutomaticallyNote,
  refundedByChoiceNote,
  type DisruptionEmailPreview,
} from "./emails.server";
import { REMINDER_AFTER_DAYS, RESOLVE_AFTER_DAYS, resolveAt } from "./rules.server";

export { REMINDER_AFTER_DAYS, RESOLVE_AFTER_DAYS, resolveAt } from "./rules.server";

/*
 * A sailing day the team cancels or moves (weather, crew): decision 015. The event date becomes
 * `cancelled` with the team's message in both languages; a move also creates the new date (a
 * copy of the event). Every participant with a confirmed booking gets one e-mail and a row of
 * `disruption_responses` (pending). On their page they move (to the new date or another open
 * date of the same kind, within its capacity, keeping what they paid) or cancel with a full
 * refund. After 3 days without an answer a reminder goes (once); after 7 days the follow-up job
 * moves the booking to the new date when there is one, otherwise refunds it. The moves and
 * refunds are the booking's own `moveBooking` / `cancelBooking`; the response row is claimed in
 * their transaction, so an answer and the job (or two instances of it) never both act.
 */

export const DISRUPTION_JOB = "disruption-follow-ups";

export type DisruptInput = {
  eventId: string;
  kind: "cancelled" | "moved";
  /** For a move: the new date's start and end. */
  newStart?: Date;
  newEnd?: Date;
  messageNl: string;
  messageEn: string;
  actor: Actor;
};

export type DisruptResult =
  | { outcome: "disrupted"; disruptionId: string; newEventId: string | null; notified: number }
  /** Done before (a second click, another tab, another admin): nothing is done or sent again. */
  | { outcome: "already_disrupted"; disruptionId: string; kind: "cancelled" | "moved"; notified: number }
  | { outcome: "not_found" | "already_cancelled" | "finished" | "bad_dates" };

/** Why a disruption cannot go ahead, before anything is read: bad new dates for a move. */
function badInput(input: Pick<DisruptInput, "kind" | "newStart" | "newEnd">, at: Date): boolean {
  if (input.kind !== "moved") return false;
  const { newStart, newEnd } = input;
  if (!newStart || !newEnd || Number.isNaN(newStart.getTime()) || Number.isNaN(newEnd.getTime())) return true;
  return newEnd.getTime() <= newStart.getTime() || newStart.getTime() <= at.getTime();
}

/** Whether `event` can be disrupted now: not twice (answering what was done), not a date cancelled by hand, not one that is over. */
async function eventRefusal(dbx: DbOrTx, event: Event, at: Date): Promise<Exclude<DisruptResult, { outcome: "disrupted" }> | undefined> {
  const [earlier] = await dbx.select().from(eventDisruptions).where(eq(eventDisruptions.eventId, event.id)).limit(1);
  if (earlier) {
    const [told] = await dbx.select({ n: count() }).from(disruptionResponses).where(eq(disruptionResponses.disruptionId, earlier.id));
    return { outcome: "already_disrupted", disruptionId: earlier.id, kind: earlier.kind, notified: Number(told?.n ?? 0) };
  }
  if (event.status === "cancelled") return { outcome: "already_cancelled" };
  if (displayStatus(event, at) === "completed") return { outcome: "finished" };
  return undefined;
}

/** A free slug for the new date: "<slug>-<yyyy-mm-dd>", then "-2", "-3"… */
async function freeSlug(tx: Transaction, base: string): Promise<string> {
  const taken = new Set((await tx.select({ slug: events.slug }).from(events).where(like(events.slug, `${base}%`))).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Cancels or moves an event date and tells every participant with a confirmed booking (one
 * e-mail each, in their language, queued in the same transaction, with an audit row each). The
 * event row is locked, so no registration or move lands on it meanwhile. After the commit, holds
 * still waiting for their payment are cancelled (nothing paid; a payment that still arrives is
 * refunded by the fulfilment).
 */
export async function disruptEvent(input: DisruptInput): Promise<DisruptResult> {
  if (!isUuid(input.eventId)) return { outcome: "not_found" };
  const at = clock();
  if (badInput(input, at)) return { outcome: "bad_dates" };
  const messageNl = input.messageNl.trim();
  const messageEn = input.messageEn.trim();

  const result = await db().transaction(async (tx) => {
    // Locked first: a second confirm (double click, another tab or admin) waits here and then
    // finds the disruption this one made, so it is done and sent once.
    const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).for("update");
    if (!event) return { outcome: "not_found" as const };
    const refused = await eventRefusal(tx, event, at);
    if (refused) return refused;

    let newEvent: Event | undefined;
    if (input.kind === "moved") {
      const day = input.newStart!.toISOString().slice(0, 10);
      const { id: _id, slug: _slug, status: _status, createdAt: _c, updatedAt: _u, cancellationMessage: _m, cancellationMessageEn: _me, ...copy } = event;
      [newEvent] = await tx
        .insert(events)
        .values({ ...copy, slug: await freeSlug(tx, `${event.slug.replace(/-\d{4}-\d{2}-\d{2}(-\d+)?$/, "")}-${day}`), startDate: input.newStart!, endDate: input.newEnd!, status: "upcoming" })
        .returning();
    }

    await tx.update(events).set({ status: "cancelled", cancellationMessage: messageNl, cancellationMessageEn: messageEn }).where(eq(events.id, event.id));
    const [disruption] = await tx
      .insert(eventDisruptions)
      .values({ eventId: event.id, kind: input.kind, newEventId: newEvent?.id ?? null, createdBy: actorLabel(input.actor), announcedAt: at })
      .returning();
    await audit(tx, {
      entityType: "event",
      entityId: event.id,
      eventId: event.id,
      action: input.kind === "moved" ? "event.moved" : "event.cancelled",
      changes: {
        status: { from: event.status, to: "cancelled" },
        ...(newEvent ? { newEvent: { from: null, to: newEvent.id }, startDate: { from: event.startDate.toISOString(), to: newEvent.startDate.toISOString() } } : {}),
      },
      actor: input.actor,
      reason: messageNl,
      at,
    });

    const booked = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.eventId, event.id), eq(registrations.status, "confirmed")))
      .orderBy(asc(registrations.createdAt))
      .for("update");
    const emailIds: string[] = [];
    for (const { id } of booked) {
      // A booking moved here after an earlier disruption has that answered response: it becomes
      // this disruption's (the earlier answer stays in the audit trail).
      await tx
        .insert(disruptionResponses)
        .values({ disruptionId: disruption.id, registrationId: id })
        .onConflictDoUpdate({
          target: disruptionResponses.registrationId,
          set: { disruptionId: disruption.id, choice: "pending", automatic: false, targetEventId: null, reminderSentAt: null, answeredAt: null, updatedAt: at },
        });
      await audit(tx, {
        entityType: "registration",
        entityId: id,
        registrationId: id,
        eventId: event.id,
        action: input.kind === "moved" ? "registration.event_moved" : "registration.event_cancelled",
        changes: { disruption: { from: null, to: "pending" } },
        actor: input.actor,
        reason: "The team asked the participant to move or take a refund",
        at,
      });
      emailIds.push(await queueDisruptionEmail(tx, id, "notice"));
    }
    const holds = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.eventId, event.id), eq(registrations.status, "pending_payment")));
    return { outcome: "disrupted" as const, disruptionId: disruption.id, newEventId: newEvent?.id ?? null, emailIds, holds: holds.map((h) => h.id) };
  });

  if (result.outcome !== "disrupted") return result;
  await deliverQueuedQuietly(result.emailIds);
  for (const id of result.holds) {
    try {
      await cancelBooking({ registrationId: id, actor: input.actor, refund: { mode: "full" }, reason: "The team cancelled the event date", requestKey: `disruption:${id}` });
    } catch (error) {
      log.error(`Disruption ${result.disruptionId}: cancelling the hold ${id} failed`, error);
    }
  }
  return { outcome: "disrupted", disruptionId: result.disruptionId, newEventId: result.newEventId, notified: result.emailIds.length };
}

export type DisruptionPreview =
  | {
      outcome: "preview";
      /** Confirmed bookings: each gets the e-mail and the choice. */
      notified: number;
      /** Holds still waiting for their payment: cancelled (nothing was paid). */
      holds: number;
      newStart: Date | null;
      newEnd: Date | null;
      /** The notice as it would be sent now, in Dutch and in English. */
      emails: DisruptionEmailPreview[];
    }
  | Exclude<DisruptResult, { outcome: "disrupted" }>;

/**
 * What `disruptEvent` would do now, without doing it: the staff's confirm step. The same checks
 * (refusing what `disruptEvent` would refuse), the number of participants told and of holds
 * cancelled, and the notice in both languages from the real template. `disruptEvent` counts
 * again when it runs.
 */
export async function previewDisruption(input: Omit<DisruptInput, "actor">): Promise<DisruptionPreview> {
  if (!isUuid(input.eventId)) return { outcome: "not_found" };
  const at = clock();
  if (badInput(input, at)) return { outcome: "bad_dates" };
  const [event] = await db().select().from(events).where(eq(events.id, input.eventId));
  if (!event) return { outcome: "not_found" };
  const refused = await eventRefusal(db(), event, at);
  if (refused) return refused;
  const counts = await db()
    .select({ status: registrations.status, n: count() })
    .from(registrations)
    .where(and(eq(registrations.eventId, event.id), inArray(registrations.status, ["confirmed", "pending_payment"])))
    .groupBy(registrations.status);
  const countOf = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const moved = input.kind === "moved";
  return {
    outcome: "preview",
    notified: countOf("confirmed"),
    holds: countOf("pending_payment"),
    newStart: moved ? input.newStart! : null,
    newEnd: moved ? input.newEnd! : null,
    emails: await disruptionEmailPreviews({
      disruption: input.kind,
      event,
      newEvent: moved ? { startDate: input.newStart!, endDate: input.newEnd! } : null,
      messageNl: input.messageNl.trim(),
      messageEn: input.messageEn.trim(),
      announcedAt: at,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The participant's choice (and the job's, after 7 days)
// ---------------------------------------------------------------------------------------------

export type ChoiceResult = { outcome: ChoiceOutcome; refundedCents?: number; toEventId?: string };

/** Thrown in the booking's transaction when the response was claimed already: rolls the change back. */
class AlreadyAnswered extends Error {}

async function responseOf(
  dbx: DbOrTx,
  registrationId: string,
): Promise<{ response: DisruptionResponse; disruption: EventDisruption; booking: { eventId: string; status: string; priceCents: number; places: number } } | undefined> {
  const [row] = await dbx
    .select({
      response: disruptionResponses,
      disruption: eventDisruptions,
      booking: { eventId: registrations.eventId, status: registrations.status, priceCents: registrations.priceCents, places: registrations.places },
    })
    .from(disruptionResponses)
    .innerJoin(eventDisruptions, eq(eventDisruptions.id, disruptionResponses.disruptionId))
    .innerJoin(registrations, eq(registrations.id, disruptionResponses.registrationId))
    .where(eq(disruptionResponses.registrationId, registrationId))
    .limit(1);
  return row;
}

/**
 * A pending choice whose booking is no longer on the cancelled date (staff moved it) or no longer
 * confirmed (staff cancelled it) is moot: the job closes it, the page no longer offers it, and
 * answering it is refused (`not_live`). Read before the booking's transaction: a staff move in
 * the same instant is serialised by the event locks, and at worst the participant's own choice
 * then starts from the date staff chose.
 */
function moot(found: { disruption: EventDisruption; booking: { eventId: string; status: string } }): boolean {
  return found.booking.status !== "confirmed" || found.booking.eventId !== found.disruption.eventId;
}

/** Claims the pending response in the booking's transaction, with its audit row. */
function claim(registrationId: string, eventId: string, choice: "moved" | "refunded", actor: Actor, automatic: boolean, targetEventId: string | null) {
  return async (tx: Transaction) => {
    const at = clock();
    const [claimed] = await tx
      .update(disruptionResponses)
      .set({ choice, automatic, targetEventId, answeredAt: at })
      .where(and(eq(disruptionResponses.registrationId, registrationId), eq(disruptionResponses.choice, "pending")))
      .returning({ id: disruptionResponses.id });
    if (!claimed) throw new AlreadyAnswered();
    await audit(tx, {
      entityType: "registration",
      entityId: registrationId,
      registrationId,
      eventId,
      action: automatic ? "registration.disruption_resolved" : "registration.disruption_answered",
      changes: { disruption: { from: "pending", to: choice }, ...(targetEventId ? { targetEvent: { from: eventId, to: targetEventId } } : {}) },
      actor,
      reason: automatic ? `No answer within ${RESOLVE_AFTER_DAYS} days` : null,
      at,
    });
  };
}

/** Whether the response was answered (by anyone) since it was read. */
async function answeredMeanwhile(registrationId: string): Promise<boolean> {
  const again = await responseOf(db(), registrationId);
  return again !== undefined && again.response.choice !== "pending";
}

const MOVE_OUTCOMES: Partial<Record<MoveOutcome, ChoiceOutcome>> = {
  full: "full",
  target_closed: "target_closed",
  // Never offered (the one move rule): a date posted by hand.
  target_not_found: "bad_target",
  different_kind: "bad_target",
  not_bookable: "bad_target",
  dearer: "bad_target",
  same_event: "bad_target",
  not_movable: "not_live",
  not_found: "no_disruption",
};

/** The cancelled date of a disruption and when it was announced (for the e-mails' wording). */
async function announced(disruption: EventDisruption) {
  const [event] = await db().select().from(events).where(eq(events.id, disruption.eventId));
  return { event, announcedAt: disruption.announcedAt };
}

/**
 * Moves a disrupted booking to `toEventId` (default: the new date), keeping its agreed price and
 * payments. Only a date the one move rule allows (`moveRefusal`: same kind, bookable, a place,
 * not dearer than agreed), checked by moveBooking with both events locked, whatever was posted;
 * the response is claimed in the move's transaction. The moved e-mail says who chose the date
 * (the participant, or nobody within 7 days) and why.
 */
export async function chooseMove(args: { registrationId: string; toEventId?: string; actor: Actor; automatic?: boolean }): Promise<ChoiceResult> {
  if (!isUuid(args.registrationId)) return { outcome: "no_disruption" };
  const found = await responseOf(db(), args.registrationId);
  if (!found) return { outcome: "no_disruption" };
  if (found.response.choice !== "pending") return { outcome: "already_answered" };
  if (moot(found)) return { outcome: "not_live" };
  const target = args.toEventId ?? found.disruption.newEventId;
  if (!target || !isUuid(target)) return { outcome: "bad_target" };
  const context = args.automatic ? await announced(found.disruption) : undefined;
  try {
    const moved = await moveBooking({
      registrationId: args.registrationId,
      toEventId: target,
      actor: args.actor,
      reason: args.automatic ? "The team moved the date; no answer within 7 days" : "The team moved or cancelled the date; the participant chose this date",
      within: claim(args.registrationId, found.disruption.eventId, "moved", args.actor, args.automatic ?? false, target),
      emailIntro: context ? (locale, to) => movedAutomaticallyIntro(locale, to, context, clock()) : movedByChoiceIntro,
    });
    if (moved.outcome === "moved") return { outcome: "moved", toEventId: target };
    // A concurrent answer (or the job) may have moved or cancelled the booking first.
    if (moved.outcome === "not_movable" && (await answeredMeanwhile(args.registrationId))) return { outcome: "already_answered" };
    return { outcome: MOVE_OUTCOMES[moved.outcome] ?? "bad_target" };
  } catch (error) {
    if (error instanceof AlreadyAnswered) return { outcome: "already_answered" };
    throw error;
  }
}

/**
 * Cancels a disrupted booking with a full refund of what was paid, whatever the event's policy
 * says (the team cancelled, not the participant). The refund rows are keyed `disruption:<id>`,
 * so a repeat never refunds again.
 */
export async function chooseRefund(args: { registrationId: string; actor: Actor; automatic?: boolean }): Promise<ChoiceResult> {
  if (!isUuid(args.registrationId)) return { outcome: "no_disruption" };
  const found = await responseOf(db(), args.registrationId);
  if (!found) return { outcome: "no_disruption" };
  if (found.response.choice !== "pending") return { outcome: "already_answered" };
  if (moot(found)) return { outcome: "not_live" };
  const context = args.automatic ? await announced(found.disruption) : undefined;
  // The job refunds a moved date's booking only when the new date cannot take it.
  const why = found.disruption.newEventId ? "new_date_unavailable" : "no_new_date";
  try {
    const cancelled = await cancelBooking({
      registrationId: args.registrationId,
      actor: args.actor,
      refund: { mode: "full" },
      reason: args.automatic ? "The team cancelled the date; no answer within 7 days" : "The team cancelled the date; the participant chose a refund",
      requestKey: `disruption:${args.registrationId}`,
      within: claim(args.registrationId, found.disruption.eventId, "refunded", args.actor, args.automatic ?? false, null),
      emailNote: context ? (locale) => refundedAutomaticallyNote(locale, why, context) : refundedByChoiceNote,
    });
    if (cancelled.outcome === "cancelled") return { outcome: "refunded", refundedCents: cancelled.refund?.refundedCents ?? 0 };
    // A concurrent answer (or the job) may have cancelled or moved the booking first.
    if (await answeredMeanwhile(args.registrationId)) return { outcome: "already_answered" };
    return { outcome: "not_live" };
  } catch (error) {
    if (error instanceof AlreadyAnswered) return { outcome: "already_answered" };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The follow-up job: reminders after 3 days, the automatic step after 7
// ---------------------------------------------------------------------------------------------

export type FollowUpResult = { reminded: number; moved: number; refunded: number; closed: number; failed: number };

/**
 * The `disruption-follow-ups` job. Pending responses whose booking is no longer confirmed are
 * closed. A reminder is claimed by a conditional update of `reminder_sent_at` in one transaction
 * with its e-mail and audit row (once, however many runs). After 7 days the booking moves to the
 * new date (a full or closed new date: refunded instead) or, without one, is refunded; each
 * claimed in the booking's own transaction, so it happens once.
 */
export async function runDisruptionFollowUps(at: Date): Promise<FollowUpResult> {
  const result: FollowUpResult = { reminded: 0, moved: 0, refunded: 0, closed: 0, failed: 0 };
  const actor = SYSTEM(DISRUPTION_JOB);
  // Everything announced at least REMINDER_AFTER_DAYS ago: nothing is due for the rest.
  const announcedBefore = new Date(at.getTime() - REMINDER_AFTER_DAYS * 24 * 60 * 60 * 1000);
  const pending = await db()
    .select({ response: disruptionResponses, disruption: eventDisruptions, status: registrations.status, eventId: registrations.eventId })
    .from(disruptionResponses)
    .innerJoin(eventDisruptions, eq(eventDisruptions.id, disruptionResponses.disruptionId))
    .innerJoin(registrations, eq(registrations.id, disruptionResponses.registrationId))
    .where(and(eq(disruptionResponses.choice, "pending"), lte(eventDisruptions.announcedAt, announcedBefore)));

  for (const row of pending) {
    const registrationId = row.response.registrationId;
    try {
      if (row.status !== "confirmed" || row.eventId !== row.disruption.eventId) {
        if (await closeResponse(registrationId, row.disruption.eventId, actor, at)) result.closed += 1;
        continue;
      }
      const due = resolveAt(row.disruption.announcedAt).getTime() <= at.getTime();
      if (!due) {
        if (row.response.reminderSentAt) continue;
        const emailId = await db().transaction(async (tx) => {
          const [claimed] = await tx
            .update(disruptionResponses)
            .set({ reminderSentAt: at })
            .where(and(eq(disruptionResponses.id, row.response.id), isNull(disruptionResponses.reminderSentAt), eq(disruptionResponses.choice, "pending")))
            .returning({ id: disruptionResponses.id });
          if (!claimed) return undefined;
          await audit(tx, {
            entityType: "registration",
            entityId: registrationId,
            registrationId,
            eventId: row.disruption.eventId,
            action: "registration.disruption_reminder_sent",
            changes: { reminderSentAt: { from: null, to: at.toISOString() } },
            actor,
            at,
          });
          return queueDisruptionEmail(tx, registrationId, "reminder");
        });
        if (emailId) {
          result.reminded += 1;
          await deliverQueuedQuietly([emailId]);
        }
        continue;
      }
      // Seven days without an answer: to the new date when there is one, else (or when it cannot take them) a full refund.
      if (row.disruption.newEventId) {
        const moved = await chooseMove({ registrationId, actor, automatic: true });
        if (moved.outcome === "moved") {
          result.moved += 1;
          continue;
        }
        if (moved.outcome === "already_answered") continue;
        log.warn(`Disruption follow-up: registration ${registrationId} could not move (${moved.outcome}); refunding instead`);
      }
      const refunded = await chooseRefund({ registrationId, actor, automatic: true });
      if (refunded.outcome === "refunded") result.refunded += 1;
      else if (refunded.outcome === "not_live" && (await closeResponse(registrationId, row.disruption.eventId, actor, at))) result.closed += 1;
    } catch (error) {
      result.failed += 1;
      log.error(`Disruption follow-up for registration ${registrationId} failed; the next run tries again`, error);
    }
  }
  return result;
}

/** A pending response whose booking ended or moved otherwise (staff cancelled or moved it): closed, with its audit row. */
async function closeResponse(registrationId: string, eventId: string, actor: Actor, at: Date): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [claimed] = await tx
      .update(disruptionResponses)
      .set({ choice: "closed", answeredAt: at })
      .where(and(eq(disruptionResponses.registrationId, registrationId), eq(disruptionResponses.choice, "pending")))
      .returning({ id: disruptionResponses.id });
    if (!claimed) return false;
    await audit(tx, {
      entityType: "registration",
      entityId: registrationId,
      registrationId,
      eventId,
      action: "registration.disruption_closed",
      changes: { disruption: { from: "pending", to: "closed" } },
      actor,
      reason: "The booking was no longer confirmed on the cancelled date",
      at,
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// What the pages show
// ---------------------------------------------------------------------------------------------

type DatedEvent = Pick<Event, "id" | "name" | "nameEn" | "startDate" | "endDate">;

export type ParticipantDisruption = {
  kind: "cancelled" | "moved";
  choice: DisruptionResponse["choice"];
  automatic: boolean;
  /** The cancelled date. */
  event: DatedEvent & Pick<Event, "cancellationMessage" | "cancellationMessageEn">;
  announcedAt: Date;
  /** The new date the team gave it (a move), whether or not it can still take the booking. */
  newEvent: DatedEvent | null;
  /** When the job decides for them. */
  resolveAt: Date;
  /** While the choice is open: the dates the booking may move to now (`moveTargets`), the new date first. */
  targets: MoveTarget[];
  /** What the job does at `resolveAt`: move to the new date (when it can take the booking) or refund. */
  fallback: "move" | "refund";
  /** After a move: the date the booking moved to. */
  movedTo: DatedEvent | null;
};

/** The disruption of a booking, for the participant's page; undefined when there is none. */
export async function participantDisruption(dbx: DbOrTx, registrationId: string, at: Date): Promise<ParticipantDisruption | undefined> {
  const found = await responseOf(dbx, registrationId);
  if (!found) return undefined;
  const { disruption, response } = found;
  // Moot (staff moved or cancelled the booking): shown as closed until the job records it.
  const choice = response.choice === "pending" && moot(found) ? "closed" : response.choice;
  const ids = [disruption.eventId, disruption.newEventId, response.targetEventId].filter((id): id is string => id !== null);
  const rows = await dbx.select().from(events).where(inArray(events.id, ids));
  const event = rows.find((e) => e.id === disruption.eventId)!;
  const newEvent = rows.find((e) => e.id === disruption.newEventId) ?? null;
  const targets = choice === "pending" ? await moveTargets(dbx, { event, priceCents: found.booking.priceCents, places: found.booking.places }, at) : [];
  return {
    kind: disruption.kind,
    choice,
    automatic: response.automatic,
    event,
    announcedAt: disruption.announcedAt,
    newEvent,
    resolveAt: resolveAt(disruption.announcedAt),
    targets: [...targets.filter((t) => t.replacement), ...targets.filter((t) => !t.replacement)],
    fallback: targets.some((t) => t.replacement) ? "move" : "refund",
    movedTo: response.choice === "moved" ? (rows.find((e) => e.id === response.targetEventId) ?? null) : null,
  };
}

export type DisruptionRow = {
  registrationId: string;
  reference: string;
  name: string;
  email: string;
  choice: DisruptionResponse["choice"];
  automatic: boolean;
  targetEventId: string | null;
  targetName: string | null;
  reminderSentAt: Date | null;
  answeredAt: Date | null;
};

/** An event's disruption and every participant's answer, for the admin (undefined: none). */
export async function eventDisruption(dbx: DbOrTx, eventId: string): Promise<{ disruption: EventDisruption; newEvent: Pick<Event, "id" | "name" | "startDate"> | null; rows: DisruptionRow[] } | undefined> {
  if (!isUuid(eventId)) return undefined;
  const [found] = await dbx.select().from(eventDisruptions).where(eq(eventDisruptions.eventId, eventId)).limit(1);
  if (!found) return undefined;
  const [newEvent] = found.newEventId
    ? await dbx.select({ id: events.id, name: events.name, startDate: events.startDate }).from(events).where(eq(events.id, found.newEventId))
    : [];
  const rows = await dbx
    .select({
      registrationId: registrations.id,
      reference: registrations.reference,
      name: registrations.customerName,
      email: registrations.customerEmail,
      choice: disruptionResponses.choice,
      automatic: disruptionResponses.automatic,
      targetEventId: disruptionResponses.targetEventId,
      targetName: events.name,
      reminderSentAt: disruptionResponses.reminderSentAt,
      answeredAt: disruptionResponses.answeredAt,
    })
    .from(disruptionResponses)
    .innerJoin(registrations, eq(registrations.id, disruptionResponses.registrationId))
    .leftJoin(events, eq(events.id, disruptionResponses.targetEventId))
    .where(eq(disruptionResponses.disruptionId, found.id))
    .orderBy(asc(registrations.customerName));
  return { disruption: found, newEvent: newEvent ?? null, rows };
}
