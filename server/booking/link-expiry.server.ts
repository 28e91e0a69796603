import type { Payment, Registration } from "../db/schema.server";

/**
 * How long after the payment (or a free confirmation) its result page and checkout link still
 * show who booked (decision 008). Long enough to reload the page the same day, short enough that a
 * link found later in a browser history, a forwarded e-mail or a log shows nobody's name or address.
 */
export const PAID_LINK_PERSONAL_DATA_MS = 24 * 3_600_000;

/**
 * Whether a payment link may still show the booker's name, e-mail and reference at `at`: an open
 * checkout while its hold runs, a paid one for a day after the payment, a free confirmation for a
 * day after it. Afterwards the pages say only that the payment is done or that the link expired.
 */
export function linkShowsPersonalData(
  registration: Pick<Registration, "status" | "holdExpiresAt" | "confirmedAt">,
  payment: Pick<Payment, "status" | "paidAt"> | null,
  at: Date,
): boolean {
  if (payment === null) {
    return registration.confirmedAt !== null && at.getTime() < registration.confirmedAt.getTime() + PAID_LINK_PERSONAL_DATA_MS;
  }
  if (payment.status === "paid" || payment.status === "refunded") {
    return payment.paidAt !== null && at.getTime() < payment.paidAt.getTime() + PAID_LINK_PERSONAL_DATA_MS;
  }
  if (payment.status === "open") {
    return registration.status === "pending_payment" && registration.holdExpiresAt !== null && at.getTime() < registration.holdExpiresAt.getTime();
  }
  return false;
}
