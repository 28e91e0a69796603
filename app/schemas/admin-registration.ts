import { z } from "zod";
import type { MessageKey } from "~/i18n";
import { eurosToCents } from "./event";

/**
 * The actions of the admin registration page (`/admin/registrations/:id`), one schema each,
 * read by the action; messages are i18n keys. Amounts are typed in euros and become integer cents.
 */

/** Euros with at most two decimals, a comma or a point: "250", "250,50", "99.5". */
const EUROS = /^\d{1,7}(?:[.,]\d{1,2})?$/;
const AMOUNT: MessageKey = "admin.bookings.validation.amount";

const euros = z
  .string({ error: AMOUNT })
  .trim()
  .regex(EUROS, AMOUNT)
  .transform(eurosToCents)
  .refine((cents) => cents > 0, AMOUNT);

/** The form's nonce (a uuid the page drew): the request key that makes a double submit count once. */
const nonce = z.string({ error: "admin.bookings.validation.nonce" satisfies MessageKey }).regex(/^[0-9a-f-]{36}$/i, "admin.bookings.validation.nonce" satisfies MessageKey);
const reason = z
  .string()
  .trim()
  .max(500, "admin.bookings.validation.reasonTooLong" satisfies MessageKey)
  .optional()
  .transform((value) => value || undefined);

export const bankTransferSchema = z.object({
  amount: euros,
  note: reason,
  nonce,
});

export const REFUND_MODES = ["policy", "full", "partial", "none"] as const;

export const cancelSchema = z
  .object({
    refund: z.enum(REFUND_MODES, { error: "admin.bookings.validation.refundMode" satisfies MessageKey }),
    amount: z.string().trim().optional(),
    reason,
    nonce,
  })
  .transform((value, ctx) => {
    if (value.refund !== "partial") return { refund: { mode: value.refund }, reason: value.reason, nonce: value.nonce } as const;
    const amount = euros.safeParse(value.amount ?? "");
    if (!amount.success) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: AMOUNT });
      return z.NEVER;
    }
    return { refund: { mode: "partial", amountCents: amount.data }, reason: value.reason, nonce: value.nonce } as const;
  });

export const moveSchema = z.object({
  toEventId: z.string({ error: "admin.bookings.validation.moveTarget" satisfies MessageKey }).regex(/^[0-9a-f-]{36}$/i, "admin.bookings.validation.moveTarget" satisfies MessageKey),
  reason,
});

/** A refund of a bank transfer, paid back by hand: the staff member marks it done. */
export const manualRefundSchema = z.object({
  refundId: z.string({ error: "admin.bookings.validation.refund" satisfies MessageKey }).regex(/^[0-9a-f-]{36}$/i, "admin.bookings.validation.refund" satisfies MessageKey),
});

/**
 * Approving or declining an application (decision 045): the message to the applicant, optional
 * when approving, required when declining (the action checks which).
 */
export const decisionSchema = z.object({
  message: z
    .string()
    .trim()
    .max(2000, "admin.bookings.application.messageTooLong" satisfies MessageKey)
    .optional()
    .transform((value) => value || undefined),
});

export const INTENTS = ["payment-link", "bank-transfer", "cancel", "move", "resend-confirmation", "manual-refund-done", "approve", "decline"] as const;
export type RegistrationIntent = (typeof INTENTS)[number];

/** Another live booking of the same event an address is in (as booker or as participant). */
export type OtherBooking = { registrationId: string; reference: string };

/**
 * One place of a booking as the staff's booking page shows it (server/reports/participants.server.ts
 * `staffPlacesOf` builds it; app/components/admin/booking-places.tsx draws it).
 */
export type StaffPlace = {
  id: string;
  number: number;
  reference: string;
  isBooker: boolean;
  name: string;
  email: string | null;
  locale: string;
  birthDate: string | null;
  address: string | null;
  nextOfKinName: string | null;
  nextOfKinPhone: string | null;
  detailsComplete: boolean;
  /** The details still missing (`missingDetails`). */
  missing: string[];
  waiverVersion: string | null;
  waiverAcceptedAt: string | null;
  invitedAt: string | null;
  reminderSentAt: string | null;
  cancelledAt: string | null;
  /** A cancelled place's share of what was paid, kept in the booking's price (`placePriceCents`). */
  cancelledShareCents: number | null;
  replacedAt: string | null;
  erased: boolean;
  /** Other live bookings of the same event this participant's address is in. */
  alsoBooked: OtherBooking[];
  /** The participants this place had before (replaced), oldest first. */
  replaced: StaffPlace[];
};
