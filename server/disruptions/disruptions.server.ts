import { and, asc, eq, inArray, isNull, like, lte } from "drizzle-orm";
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
import { queueDisruptionEmail } from "./emails.server";
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
  | { outcome: "not_found" | "already_cancelled" | "finished" | "bad_dates" };

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
  if (input.kind === "moved") {
    const { newStart, newEnd } = input;
    if (!newStart || !newEnd || Number.isNaN(newStart.getTime()) || Number.isNaN(newEnd.getTime())) return { outcome: "bad_dates" };
    if (newEnd.getTime() <= newStart.getTime() || newStart.getTime() <= at.getTime()) return { outcome: "bad_dates" };
  }
  const messageNl = input.messageNl.trim();
  const messageEn = input.messageEn.trim();

  const result = await db().transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).for("update");
    if (!event) return { outcome: "not_found" as const };
    if (event.status === "cancelled") return { outcome: "already_cancelled" as const };
    if (displayStatus(event, at) === "completed") return { outcome: "finished" as const };

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
      await tx.insert(disruptionResponses).values({ disruptionId: disruption.id, registrationId: id });
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

// ---------------------------------------------------------------------------------------------
// The participant's choice (and the job's, after 7 days)
// ---------------------------------------------------------------------------------------------

export type ChoiceResult = { outcome: ChoiceOutcome; refundedCents?: number; toEventId?: string };

/** Thrown in the booking's transaction when the response was claimed already: rolls the change back. */
class AlreadyAnswered extends Error {}

async function responseOf(dbx: DbOrTx, registrationId: string): Promise<{ response: DisruptionResponse; disruption: EventDisruption } | undefined> {
  const [row] = await dbx
    .select({ response: disruptionResponses, disruption: eventDisruptions })
    .from(disruptionResponses)
    .innerJoin(eventDisruptions, eq(eventDisruptions.id, disruptionResponses.disruptionId))
    .where(eq(disruptionResponses.registrationId, registrationId))
    .limit(1);
  return row;
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
  target_not_found: "bad_target",
  different_kind: "bad_target",
  same_event: "bad_target",
  not_movable: "not_live",
  not_found: "no_disruption",
};

/**
 * Moves a disrupted booking to `toEventId` (default: the new date), keeping its price and
 * payments. Any open date of the same kind is allowed (moveBooking checks kind, status and
 * capacity with both events locked); the response is claimed in the move's transaction.
 */
export async function chooseMove(args: { registrationId: string; toEventId?: string; actor: Actor; automatic?: boolean }): Promise<ChoiceResult> {
  if (!isUuid(args.registrationId)) return { outcome: "no_disruption" };
  const found = await responseOf(db(), args.registrationId);
  if (!found) return { outcome: "no_disruption" };
  if (found.response.choice !== "pending") return { outcome: "already_answered" };
  const target = args.toEventId ?? found.disruption.newEventId;
  if (!target || !isUuid(target)) return { outcome: "bad_target" };
  try {
    const moved = await moveBooking({
      registrationId: args.registrationId,
      toEventId: target,
      actor: args.actor,
      reason: args.automatic ? "The team moved the date; no answer within 7 days" : "The team moved or cancelled the date; the participant chose this date",
      within: claim(args.registrationId, found.disruption.eventId, "moved", args.actor, args.automatic ?? false, target),
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
  try {
    const cancelled = await cancelBooking({
      registrationId: args.registrationId,
      actor: args.actor,
      refund: { mode: "full" },
      reason: args.automatic ? "The team cancelled the date; no answer within 7 days" : "The team cancelled the date; the participant chose a refund",
      requestKey: `disruption:${args.registrationId}`,
      within: claim(args.registrationId, found.disruption.eventId, "refunded", args.actor, args.automatic ?? false, null),
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
      if (row.status !== "confirmed") {
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

/** A pending response whose booking ended otherwise (staff cancelled it): closed, with its audit row. */
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
      reason: "The booking was no longer confirmed",
      at,
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// What the pages show
// ---------------------------------------------------------------------------------------------

export type ParticipantDisruption = {
  kind: "cancelled" | "moved";
  choice: DisruptionResponse["choice"];
  automatic: boolean;
  /** The cancelled date. */
  event: Pick<Event, "id" | "name" | "nameEn" | "startDate" | "endDate" | "cancellationMessage" | "cancellationMessageEn">;
  /** The new date, for a move. */
  newEvent: (Pick<Event, "id" | "name" | "nameEn" | "startDate" | "endDate"> & { placesLeft: number | null }) | null;
  /** When the job decides for them. */
  resolveAt: Date;
  /** Other open dates of the same kind (not the new date). */
  otherDates: MoveTarget[];
};

/** The disruption of a booking, for the participant's page; undefined when there is none. */
export async function participantDisruption(dbx: DbOrTx, registrationId: string, at: Date): Promise<ParticipantDisruption | undefined> {
  const found = await responseOf(dbx, registrationId);
  if (!found) return undefined;
  const ids = [found.disruption.eventId, ...(found.disruption.newEventId ? [found.disruption.newEventId] : [])];
  const rows = await dbx.select().from(events).where(inArray(events.id, ids));
  const event = rows.find((e) => e.id === found.disruption.eventId)!;
  const newRow = rows.find((e) => e.id === found.disruption.newEventId);
  const targets = found.response.choice === "pending" ? await moveTargets(dbx, event, at) : [];
  const newTarget = targets.find((t) => t.id === newRow?.id);
  return {
    kind: found.disruption.kind,
    choice: found.response.choice,
    automatic: found.response.automatic,
    event,
    newEvent: newRow ? { ...newRow, placesLeft: newTarget?.placesLeft ?? null } : null,
    resolveAt: resolveAt(found.disruption.announcedAt),
    otherDates: targets.filter((t) => t.id !== newRow?.id),
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
