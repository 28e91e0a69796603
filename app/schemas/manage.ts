import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { emergencyContactFields, makeParticipantSchema, makeRegistrationFields } from "./registration";

/**
 * The participant's own page (/my-booking/<token>): what it shows (`ManageView`), the fields
 * they may correct after booking, and what its actions answer. The field rules are the
 * registration form's own (picked from its schema), so a value the form refuses is refused here
 * too, with the same message keys.
 */
export const CONTACT_FIELDS = ["phoneNumber", "street", "postalCode", "city", "country", "nextOfKinName", "nextOfKinPhone"] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];

// The birth-date rule's clock is never read by these fields, so the default clock is fine here.
export const contactDetailsSchema = makeRegistrationFields()
  .pick({
    phoneNumber: true,
    street: true,
    postalCode: true,
    city: true,
    country: true,
  })
  .extend(emergencyContactFields);

/**
 * A booker who does not sail has no emergency contact of their own (each participant gives theirs
 * on their own page): their form is the contact fields without it.
 */
export const bookerContactSchema = makeRegistrationFields().pick({
  phoneNumber: true,
  street: true,
  postalCode: true,
  city: true,
  country: true,
});

/** Another person takes a place (the booker's replace form): the registration form's participant rules. */
export const replaceParticipantSchema = makeParticipantSchema()
  .pick({ name: true, email: true })
  .extend({ locale: z.enum(["nl", "en"], { error: "booking.validation.fieldRequired" }), placeId: z.string().trim().min(1).max(100) });

/** The contact fields as stored: an empty phone number is kept as null. */
export type ContactDetails = {
  phoneNumber: string | null;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  nextOfKinName: string | null;
  nextOfKinPhone: string | null;
};

/** The buttons of the page's forms (`intent`). */
export const MANAGE_INTENTS = ["pay", "pay-approved", "details", "cancel", "disruption-move", "disruption-refund", "place-cancel", "place-replace", "place-resend"] as const;
export type ManageIntent = (typeof MANAGE_INTENTS)[number];

export function isManageIntent(value: unknown): value is ManageIntent {
  return typeof value === "string" && (MANAGE_INTENTS as readonly string[]).includes(value);
}

/**
 * What an action of the page answers (the page renders it in the visitor's language). `outcome`
 * names the result; amounts are cents, formatted by the page.
 */
export type ManageActionData =
  | { intent: "details"; outcome: "updated" | "unchanged"; result?: SubmissionResult<string[]> }
  | { intent: "details"; outcome: "invalid"; result: SubmissionResult<string[]> }
  | { intent: "details"; outcome: "event_started" | "not_changeable"; result?: SubmissionResult<string[]> }
  | { intent: "pay"; outcome: "nothing_due" | "not_confirmed" | "provider_error" }
  /** Paying an approved application within its hold (decision 045). */
  | { intent: "pay-approved"; outcome: "not_payable" | "provider_error" }
  | { intent: "cancel"; outcome: "cancelled"; refundedCents: number }
  | { intent: "cancel"; outcome: "already_cancelled" | "not_cancellable" | "failed" }
  | { intent: null; outcome: "bad_request" | "too_many" | "unavailable" }
  /** The booker's changes of one place of a group booking (decision 042). */
  | { intent: "place-cancel"; outcome: "cancelled"; number: number; refundedCents: number }
  | { intent: "place-cancel"; outcome: "already_cancelled" | "last_place" | "not_found" | "not_cancellable" | "failed" }
  | { intent: "place-replace"; outcome: "replaced" | "not_found" | "not_changeable" | "duplicate_email" | "failed"; placeId?: string; result?: SubmissionResult<string[]> }
  | { intent: "place-replace"; outcome: "invalid"; placeId?: string; result: SubmissionResult<string[]> }
  | { intent: "place-replace"; outcome: "deadline_passed"; lastDay: string; placeId?: string; result?: SubmissionResult<string[]> }
  | { intent: "place-resend"; outcome: "sent" | "no_email" | "not_found" | "not_changeable" | "failed" }
  | { intent: "place-resend"; outcome: "too_soon"; retryAfterSeconds: number }
  /** The choice after the team cancelled or moved the date (decision 015). */
  | { intent: "disruption-move" | "disruption-refund"; outcome: DisruptionChoiceOutcome; refundedCents?: number };

/** What choosing after a cancelled or moved date answers: server/disruptions' outcome, or "failed". */
export type DisruptionChoiceOutcome = ChoiceOutcome | "failed";

/** The outcome of a participant's (or the job's) choice after a cancelled or moved date. */
export type ChoiceOutcome =
  | "moved"
  | "refunded"
  /** No disruption for this booking. */
  | "no_disruption"
  /** Chosen before (or decided by the job). */
  | "already_answered"
  /** The booking is no longer confirmed (cancelled otherwise). */
  | "not_live"
  /** Moving: no such date to move to (not the new date nor an open one of the same kind). */
  | "bad_target"
  /** Moving: the date is full. */
  | "full"
  /** Moving: the date is cancelled, under way or over. */
  | "target_closed";

// ---------------------------------------------------------------------------------------------
// What the page shows (`manageView` in app/routes/manage/my-booking.server.ts builds it)
// ---------------------------------------------------------------------------------------------

/** A booking's stored status (`registrationStatus` in server/db/schema.server.ts). */
export type BookingStatus = "pending_payment" | "confirmed" | "expired" | "cancelled" | "refunded" | "applied" | "declined";

export type PaymentLine = { id: string; at: string; kind: "deposit" | "full" | "balance"; amountCents: number };
export type RefundLine = { id: string; at: string; amountCents: number; status: "pending" | "succeeded" | "failed" };
export type CancelQuote = { refundCents: number; percent: number; deadline: string; inWindow: boolean; netPaidCents: number };

/** One participant's row on the booker's page: their state, never their details beyond name and e-mail. */
export type PlaceLine = {
  id: string;
  number: number;
  name: string;
  email: string | null;
  /** The booker's own place (they sail). */
  isBooker: boolean;
  state: "live" | "cancelled" | "replaced";
  /** Replaced: by whom (the row that has the place now). */
  replacedBy: string | null;
  complete: boolean;
  waiverAccepted: boolean;
  invitedAt: string | null;
  can: { resend: boolean; replace: boolean; cancel: boolean };
};

/** The group's places on the booker's page (shown for more than one place, or a booker who does not sail). */
export type PlacesView = {
  /** Live places, and how many of them are complete ("3 of 5 complete"). */
  total: number;
  complete: number;
  /** The participants' deadline (the end of its Amsterdam day, ISO), and whether it is still open. */
  deadline: string;
  replaceOpen: boolean;
  /** Current rows by number (cancelled ones too), each followed by the participants it replaced. */
  lines: PlaceLine[];
  /** The cancel step of one place (`?step=cancel-place&place=<id>`): what cancelling it gives back now. */
  cancelQuote: { placeId: string; number: number; name: string; refundCents: number; shareCents: number; percent: number; inWindow: boolean; deadline: string } | null;
  /** The replace form of one place (`?step=replace&place=<id>`). */
  replacing: string | null;
};

/** Everything the page shows, ready for the browser (dates as ISO strings, money in cents). */
/** One issued invoice or credit note on the booker's page. */
export type InvoiceLine = { number: string; kind: "invoice" | "credit_note"; issuedOn: string; totalCents: number; file: string };

export type ManageView = {
  reference: string;
  status: BookingStatus;
  name: string;
  cancelledAt: string | null;
  event: {
    name: string;
    slug: string;
    startDate: string;
    endDate: string;
    location: string;
    included: string[];
    started: boolean;
    /** The event in the public calendar (not for events only a private page shows). */
    calendarPath: string | null;
  };
  money: {
    priceCents: number;
    paidCents: number;
    refundedCents: number;
    refundPendingCents: number;
    netPaidCents: number;
    balanceDueCents: number;
    balanceDueAt: string | null;
    overdue: boolean;
  };
  payments: PaymentLine[];
  refunds: RefundLine[];
  /** The booking's invoices and credit notes (decision 046), oldest first; `file`: the PDF's name below the page's path (`invoices/<file>`). */
  invoices: InvoiceLine[];
  /** The event's rule: `percent`% back until `deadline`. */
  policy: { percent: number; deadline: string };
  contact: ContactDetails;
  /** The booker sails (place 1 is theirs): their emergency contact is on the details form. */
  bookerSails: boolean;
  /** The booker's own crew file (their place's page), when they sail and the event has one. */
  crewFilePath: string | null;
  /** How many places the booking holds and the price of one ("4 × €295"). */
  placeCount: number;
  placePriceCents: number;
  /** The participants of a group booking; null for one place whose booker sails (the page as before). */
  places: PlacesView | null;
  can: { payBalance: boolean; changeDetails: boolean; cancel: boolean; payApproved?: boolean };
  /**
   * An application (decision 045): under review (`applied`), declined, or approved and waiting
   * for its payment until `holdExpiresAt` (`amountDueCents` due). `message`: the team's words.
   * Null for a booking that was never an application.
   */
  application?: ApplicationView | null;
  /** The cancel step (`?step=cancel`): what cancelling now gives back. */
  cancelQuote: CancelQuote | null;
  /** The team cancelled or moved the date (decision 015): the message and the choice. */
  disruption: DisruptionView | null;
  /** The server's clock when the page was loaded. */
  now: string;
};

export type DisruptionDate = { id: string; name: string; startDate: string; endDate: string; placesLeft: number | null; replacement: boolean };

/**
 * The team cancelled or moved the booking's date (decision 015). While `choice` is "pending" the
 * booking is still on the cancelled date and the page offers the choice (and neither the
 * policy's cancellation nor the balance payment); after a move it is on the new date, whose
 * normal rules apply; after a refund it is cancelled.
 */
export type DisruptionView = {
  kind: "cancelled" | "moved";
  choice: "pending" | "moved" | "refunded" | "closed";
  automatic: boolean;
  /** The team's message in the page's language. */
  message: string;
  /** The cancelled date. */
  from: { startDate: string; endDate: string };
  announcedAt: string;
  /** The new date the team gave it (a move). */
  newDate: { startDate: string; endDate: string } | null;
  /** While the choice is open: the dates the booking may move to now (the one move rule), the new date first. */
  dates: DisruptionDate[];
  /** When the team decides without an answer, and what it does then. */
  resolveAt: string;
  fallback: "move" | "refund";
  /** What cancelling gives back: everything paid and not yet refunded. */
  refundCents: number;
  /** The price agreed at booking, which a move keeps. */
  priceCents: number;
  /** After a move: the date the booking moved to. */
  movedTo: { name: string; startDate: string; endDate: string } | null;
};

/** An application on the applicant's booking page (decision 045). */
export type ApplicationView = {
  state: "review" | "declined" | "approved" | "decided";
  message: string | null;
  decidedAt: string | null;
  holdExpiresAt: string | null;
  amountDueCents: number;
};
