import { eq, sql, type SQL } from "drizzle-orm";
import { payments, registrations, type Registration } from "../db/schema.server";

/*
 * What the team's figures count: the one definition of a live booking, used by every dashboard
 * tile, the per-event places and money table, the CSV exports and the manifest.
 *
 * A booking is live while it is going ahead: status `confirmed`. Money does not end a booking,
 * only its status does, so a confirmed booking stays live after a partial refund, and even after
 * a refund of everything paid (a goodwill gesture the team made without cancelling: the person
 * still sails, and the place still counts against capacity). Not live:
 * - `pending_payment`: a hold while someone may still pay; counted apart as held places, never as
 *   a booking;
 * - `expired`: a hold that ran out (or that staff released);
 * - `cancelled`: cancelled by the participant, the team or a weather decision, whatever part of
 *   the money the team kept (that money is shown apart, as kept);
 * - `refunded`: a payment that came after the hold ended for a full event, and went back.
 *
 * `liveRegistration` in server/events/queries.server.ts is the capacity rule (confirmed plus
 * running holds: what takes a place); this one is what the team reports as sold.
 */

export const LIVE_BOOKING_STATUS = "confirmed" satisfies Registration["status"];

/** A live booking, as a condition on `registrations`. */
export function liveBooking(): SQL {
  return eq(registrations.status, LIVE_BOOKING_STATUS);
}

/** Whether a registration in this status is a live booking. */
export function isLiveBooking(status: Registration["status"]): boolean {
  return status === LIVE_BOOKING_STATUS;
}

/**
 * A registration with at least one paid payment: the spec's "deposit paid". A paid live booking
 * is what the dashboard lists and counts as paid.
 */
export const hasPaidPayment: SQL = sql`exists (select 1 from ${payments} where ${payments.registrationId} = ${registrations.id} and ${payments.status} = 'paid')`;
