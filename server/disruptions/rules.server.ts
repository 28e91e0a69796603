/** The follow-up rules of a cancelled or moved date (decision 015). */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days after the announcement: the reminder, and the automatic step. */
export const REMINDER_AFTER_DAYS = 3;
export const RESOLVE_AFTER_DAYS = 7;

/** The deadline of a response: when the job decides for the participant. */
export function resolveAt(announcedAt: Date): Date {
  return new Date(announcedAt.getTime() + RESOLVE_AFTER_DAYS * DAY_MS);
}
