import { and, eq, gt, isNull, ne, or } from "drizzle-orm";
import type { BalanceRequestKind } from "~/emails/balance-request";
import { audit, SYSTEM } from "../audit/audit.server";
import { db } from "../db/client.server";
import { events, registrations } from "../db/schema.server";
import { log } from "../log.server";
import { deliverQueuedQuietly } from "../mail/send.server";
import { queueBalanceRequest } from "./balance-emails.server";
import { bookingMoney, firstReminderAt, registrationMoney, type Money } from "./money.server";

export { REMINDER_DAYS_BEFORE_DUE } from "./money.server";
export const BALANCE_REMINDER_JOB = "balance-reminders";

type ReminderState = {
  /** When the booking was made (confirmed): a booking made inside the week gets only the due one. */
  bookedAt: Date;
  balanceReminderSentAt: Date | null;
  balanceDueReminderSentAt: Date | null;
};

/**
 * Which reminder a booking should get at `now`, if any (pure). Nothing without a balance. Once
 * the due day has ended unpaid (`balanceDueAt` is its last moment): the due reminder ("was due
 * by …"), once. From the start of the day a week before the due day: the first reminder, once,
 * unless the booking was made on or after that day (its confirmation just asked for the balance,
 * without promising this reminder). A run that missed the week (the server was down) sends only
 * the due one: two mails at once say nothing more.
 */
export function reminderDue(state: ReminderState, money: Pick<Money, "balanceDueCents" | "balanceDueAt">, now: Date): Exclude<BalanceRequestKind, "link"> | undefined {
  if (money.balanceDueCents <= 0 || !money.balanceDueAt) return undefined;
  if (now.getTime() > money.balanceDueAt.getTime()) return state.balanceDueReminderSentAt ? undefined : "due";
  const firstAt = firstReminderAt(money.balanceDueAt).getTime();
  if (now.getTime() < firstAt || state.bookedAt.getTime() >= firstAt) return undefined;
  return state.balanceReminderSentAt ? undefined : "upcoming";
}

/** Thrown inside the claim's transaction to roll the claim back: the balance was paid meanwhile. */
class NothingDue extends Error {}

/**
 * Sends the balance reminders due at `now` (the `balance-reminders` job, hourly). Each reminder
 * is claimed by a conditional update of its `*_sent_at` column, in one transaction with the
 * queued e-mail and its audit row: two instances, a retry or a restart never send one twice, and
 * a crash never leaves a claim without its e-mail. The balance is read again after the claim
 * (the row is then locked), so a booking paid in the meantime gets nothing. Delivery follows the
 * commit; a failed one stays queued for the mail-retry job. Nothing is ever cancelled here: an
 * unpaid balance shows as overdue in the admin, and the team decides.
 */
export async function sendBalanceReminders(now: Date): Promise<{ sent: number }> {
  const candidates = await db()
    .select({
      id: registrations.id,
      eventId: registrations.eventId,
      confirmedAt: registrations.confirmedAt,
      createdAt: registrations.createdAt,
      balanceReminderSentAt: registrations.balanceReminderSentAt,
      balanceDueReminderSentAt: registrations.balanceDueReminderSentAt,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        eq(registrations.status, "confirmed"),
        or(isNull(registrations.balanceReminderSentAt), isNull(registrations.balanceDueReminderSentAt)),
        ne(events.status, "cancelled"),
        gt(events.endDate, now),
      ),
    );
  if (candidates.length === 0) return { sent: 0 };
  const money = await bookingMoney(db(), candidates.map((c) => c.id), now);

  let sent = 0;
  for (const candidate of candidates) {
    const owed = money.get(candidate.id);
    const kind = owed && reminderDue({ ...candidate, bookedAt: candidate.confirmedAt ?? candidate.createdAt }, owed, now);
    if (!kind) continue;
    const column = kind === "due" ? registrations.balanceDueReminderSentAt : registrations.balanceReminderSentAt;
    const field = kind === "due" ? "balanceDueReminderSentAt" : "balanceReminderSentAt";
    try {
      const emailId = await db().transaction(async (tx) => {
        const [claimed] = await tx
          .update(registrations)
          .set({ [field]: now })
          .where(and(eq(registrations.id, candidate.id), isNull(column), eq(registrations.status, "confirmed")))
          .returning({ id: registrations.id });
        if (!claimed) return undefined; // Another run (or instance) sent it.
        const fresh = await registrationMoney(tx, candidate.id, now);
        if (fresh.balanceDueCents <= 0) throw new NothingDue();
        const id = await queueBalanceRequest(tx, candidate.id, kind, fresh);
        await audit(tx, {
          entityType: "registration",
          entityId: candidate.id,
          registrationId: candidate.id,
          eventId: candidate.eventId,
          action: kind === "due" ? "registration.balance_due_reminder_sent" : "registration.balance_reminder_sent",
          changes: { [field]: { from: null, to: now.toISOString() } },
          actor: SYSTEM(BALANCE_REMINDER_JOB),
          reason: `${fresh.balanceDueCents} cents due ${fresh.balanceDueAt?.toISOString() ?? ""}`.trim(),
          at: now,
        });
        return id;
      });
      if (!emailId) continue;
      sent += 1;
      await deliverQueuedQuietly([emailId]);
    } catch (error) {
      if (error instanceof NothingDue) continue;
      // Rolled back: neither claimed nor queued, so the next run tries again.
      log.error(`Balance reminder for registration ${candidate.id} could not be queued`, error);
    }
  }
  return { sent };
}
