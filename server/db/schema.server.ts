import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CrewAnswerValue, CrewItemOption, CrewRule } from "../../app/schemas/crew";
import type { InvoiceDocument } from "../invoices/document";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------------------------------------------------------------------------------------------
// Events and private pages
// ---------------------------------------------------------------------------------------------

/** The spec's stored status. `ongoing` is shown as live; `cancelled` is ours (admin cancels). */
export const eventStatus = pgEnum("event_status", ["upcoming", "ongoing", "live", "completed", "cancelled"]);
/**
 * How an event takes people: a registration with payment, interest only, a waiting list (sold
 * out / closed: mail link), or free walk-in. Replaces the original's rules keyed on names.
 */
export const bookingMode = pgEnum("booking_mode", ["registration", "interest", "waitlist", "walk_in"]);
/** Selects the icon; `corporate` for corporate sailing days. */
export const eventKind = pgEnum("event_kind", ["race", "event", "training", "sailing", "corporate"]);

/** A page unlocked with an access code. Codes are stored as hashes and rotatable by admins. */
export const privatePages = pgTable("private_pages", {
  key: text("key").primaryKey(), // "arc-registration" | "vwdtp" | "scheveningen" | "zomeravondzeilen"
  title: text("title").notNull(),
  /** scrypt hashes ("scrypt$salt$hash"); any one of them unlocks the page. Empty: locked for all. */
  codeHashes: jsonb("code_hashes").$type<string[]>().notNull().default([]),
  codesUpdatedAt: timestamp("codes_updated_at", { withTimezone: true }),
  ...timestamps,
});

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** English name when it differs from `name` (which is the Dutch or only one). */
    nameEn: text("name_en"),
    description: text("description").notNull().default(""),
    descriptionEn: text("description_en"),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    location: text("location").notNull().default(""),
    /** The place's English name where it differs ("Scheveningen, 3rd harbour"); else `location` serves both. */
    locationEn: text("location_en"),
    priceCents: integer("price_cents").notNull().default(0),
    status: eventStatus("status").notNull().default("upcoming"),
    included: jsonb("included").$type<string[]>().notNull().default([]),
    includedEn: jsonb("included_en").$type<string[]>(),
    maxParticipants: integer("max_participants"),
    documentUrl: text("document_url"),
    documentName: text("document_name"),
    imageUrl: text("image_url"),
    kind: eventKind("kind").notNull().default("event"),
    bookingMode: bookingMode("booking_mode").notNull().default("registration"),
    /** Share of the price due at registration: 50 = deposit, 100 = full payment, 0 = free. */
    depositPercent: integer("deposit_percent").notNull().default(50),
    registrationOpensAt: timestamp("registration_opens_at", { withTimezone: true }),
    earlyBirdPercent: integer("early_bird_percent"),
    earlyBirdUntil: timestamp("early_bird_until", { withTimezone: true }),
    /** False for events that only a private page shows; they never appear in lists. */
    listed: boolean("listed").notNull().default(true),
    privatePageKey: text("private_page_key").references(() => privatePages.key, { onDelete: "set null" }),
    /** The balance is due this many days before the start (server/booking/money.server.ts). */
    balanceDueDays: integer("balance_due_days").notNull().default(30),
    /**
     * The cancellation policy: a participant who cancels at least `refundUntilDays` days before
     * the start gets `refundPercent`% of what they paid back; later, nothing (the ARC page's promise).
     */
    refundUntilDays: integer("refund_until_days").notNull().default(30),
    refundPercent: integer("refund_percent").notNull().default(100),
    /**
     * Set when the team cancelled or moved the date (server/disruptions, decision 015): the
     * message participants get, shown with 'Cancelled' on the calendar. A cancelled event with a
     * message stays on the calendar; one without (cancelled by hand) leaves it.
     */
    cancellationMessage: text("cancellation_message"),
    cancellationMessageEn: text("cancellation_message_en"),
    /** The most places one booking may take (group bookings, decision 042). */
    maxPlacesPerBooking: integer("max_places_per_booking").notNull().default(8),
    /**
     * Participants' details are due, and the booker may replace a participant, until this many
     * calendar days before the start's day (decision 042).
     */
    participantDeadlineDays: integer("participant_deadline_days").notNull().default(7),
    /**
     * Apply, then pay (issue 27, decision 043): registration makes an application (no payment, no
     * place held); staff approve or decline; an approval holds the places for `approvalHoldHours`.
     */
    requiresApproval: boolean("requires_approval").notNull().default(false),
    approvalHoldHours: integer("approval_hold_hours").notNull().default(72),
    /** An offshore leg: the crew file has a clearance crew list (passport details, roles). */
    offshore: boolean("offshore").notNull().default(false),
    /**
     * The crew readiness rule (decision 043): at least `minPercent`% of the live crew (the
     * skipper included when `skipperIncluded`) holds a qualification named `qualification`
     * valid on the start date. Null: no rule.
     */
    crewRule: jsonb("crew_rule").$type<CrewRule>(),
    /** Health answers and files of this event are erased this many days after its end. */
    healthRetentionDays: integer("health_retention_days").notNull().default(30),
    /** The VAT rate its prices include, in basis points (2100 = 21%): printed on its invoices (decision 046). */
    vatBasisPoints: integer("vat_basis_points").notNull().default(2100),
    ...timestamps,
  },
  (t) => [
    index("events_start_date_idx").on(t.startDate),
    index("events_private_page_idx").on(t.privatePageKey),
    // The calendar's finished run (server/events/queries.server.ts), newest first, a page at a
    // time (the index read backwards); the live and upcoming run reads events_start_date_idx.
    // Its condition is the calendar's own (`onCalendar`): a date cancelled with the team's
    // message stays on (decision 015), so it must be in the index for the index to serve.
    index("events_calendar_end_idx")
      .on(t.endDate, t.status)
      .where(sql`${t.listed} and (${t.status} <> 'cancelled' or ${t.cancellationMessage} is not null)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Registrations and payments
// ---------------------------------------------------------------------------------------------

export const registrationStatus = pgEnum("registration_status", [
  "pending_payment",
  "confirmed",
  "expired",
  "cancelled",
  "refunded",
  // Apply, then pay (decision 043): an application holds no place and owes nothing until staff
  // approve it (then pending_payment with a hold of the event's approval hours) or decline it.
  "applied",
  "declined",
]);

export const registrations = pgTable(
  "registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Short code a human can read over the phone, e.g. "OR-7K3M9Q". */
    reference: text("reference").notNull().unique(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    phoneNumber: text("phone_number"),
    // Date of birth and emergency contact are erased 12 months after the event (privacy policy),
    // so they are required at registration but may be null afterwards.
    birthDate: date("birth_date", { mode: "string" }),
    street: text("street").notNull(),
    city: text("city").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
    nextOfKinName: text("next_of_kin_name"),
    nextOfKinPhone: text("next_of_kin_phone"),
    /** When the retention sweep erased the date of birth and emergency contact. */
    personalDataErasedAt: timestamp("personal_data_erased_at", { withTimezone: true }),
    comments: text("comments"),
    /**
     * A company booking (issue 28, decision 046): the company's name, VAT number, purchase-order
     * reference and invoice address (lines; null: the booker's address), printed on its invoices.
     * Null for a private booking.
     */
    companyName: text("company_name"),
    companyVatNumber: text("company_vat_number"),
    companyPoReference: text("company_po_reference"),
    invoiceAddress: text("invoice_address"),
    locale: text("locale").notNull().default("nl"),
    status: registrationStatus("status").notNull().default("pending_payment"),
    /** Until when this registration holds a place while the visitor pays. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** The event price when booked, and what was due at registration (deposit or full). */
    priceCents: integer("price_cents").notNull(),
    amountDueCents: integer("amount_due_cents").notNull(),
    termsAccepted: boolean("terms_accepted").notNull().default(true),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }).notNull(),
    waiverVersion: text("waiver_version").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the practical-information e-mail went out (free summer evenings). */
    practicalInfoSentAt: timestamp("practical_info_sent_at", { withTimezone: true }),
    /**
     * A keyed hash of the client address that registered (never the address itself): lets the
     * registration limit open holds per address and event (decision 008) without storing an IP.
     */
    clientKey: text("client_key"),
    /** The waiting-list offer this registration was made under (its held places). */
    waitlistOfferId: uuid("waitlist_offer_id"),
    /** When the balance reminders went out: 7 days before the due date, and on it. Each once. */
    balanceReminderSentAt: timestamp("balance_reminder_sent_at", { withTimezone: true }),
    balanceDueReminderSentAt: timestamp("balance_due_reminder_sent_at", { withTimezone: true }),
    /**
     * How often the booking moved to another date, and when it last did: the calendar file's
     * SEQUENCE (a moved entry replaces the old one, `icsSequence`) and the balance's due date
     * (never before the move).
     */
    moveCount: integer("move_count").notNull().default(0),
    movedAt: timestamp("moved_at", { withTimezone: true }),
    /**
     * A booking holds `places` places (group bookings, decision 042); each has its participant in
     * `booking_places`. `priceCents` and `amountDueCents` are the whole booking's. The customer
     * fields above are the booker's; `bookerSails`: the booker is the participant of place 1.
     */
    places: integer("places").notNull().default(1),
    bookerSails: boolean("booker_sails").notNull().default(true),
    /** When the booker was reminded, once, of participants' details still missing. */
    participantsReminderSentAt: timestamp("participants_reminder_sent_at", { withTimezone: true }),
    /** An application's decision (decision 043): when, by whom, and the message the applicant got. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    decisionMessage: text("decision_message"),
    ...timestamps,
  },
  (t) => [
    index("registrations_offer_idx").on(t.waitlistOfferId),
    index("registrations_event_status_idx").on(t.eventId, t.status),
    index("registrations_email_idx").on(sql`lower(${t.customerEmail})`),
  ],
);

/** A participant's role aboard: the clearance crew list and the readiness rule read it. */
export const crewRole = pgEnum("crew_role", ["skipper", "mate", "watch_leader", "crew"]);

/**
 * One place of a booking and the person who sails in it (decision 042): their own details, their
 * own waiver acceptance and their own link (`place:<id>`, server/booking/places.server.ts). A
 * replaced participant's row stays (replacedAt, replacedById) for the history; a cancelled place's
 * row stays with `cancelledAt`. Live places: neither set.
 */
export const bookingPlaces = pgTable(
  "booking_places",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    /** 1 … the booking's places; a replacement takes the number of the place it replaces. */
    number: integer("number").notNull(),
    /** This place is the booker's own (they sail). */
    isBooker: boolean("is_booker").notNull().default(false),
    name: text("name").notNull(),
    email: text("email"),
    locale: text("locale").notNull().default("nl"),
    // Erased 12 months after the event like the booker's (privacy policy): null afterwards.
    birthDate: date("birth_date", { mode: "string" }),
    street: text("street"),
    city: text("city"),
    postalCode: text("postal_code"),
    country: text("country"),
    nextOfKinName: text("next_of_kin_name"),
    nextOfKinPhone: text("next_of_kin_phone"),
    /** The waiver this participant accepted themselves, and when. */
    waiverVersion: text("waiver_version"),
    waiverAcceptedAt: timestamp("waiver_accepted_at", { withTimezone: true }),
    /** When every required detail was first there. */
    detailsCompletedAt: timestamp("details_completed_at", { withTimezone: true }),
    /** When their invitation (their own link) was last sent, and the one reminder. */
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * A cancelled place's share of what had been paid (refunded, or kept under the policy): it
     * stays in the booking's price, so one live place's price is (price − these) ÷ places
     * (server/booking/place-changes.server.ts).
     */
    cancelledShareCents: integer("cancelled_share_cents"),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    replacedById: uuid("replaced_by_id"),
    personalDataErasedAt: timestamp("personal_data_erased_at", { withTimezone: true }),
    /** The participant's role aboard, set by staff (crew file, decision 043). */
    crewRole: crewRole("crew_role").notNull().default("crew"),
    ...timestamps,
  },
  (t) => [
    index("booking_places_registration_idx").on(t.registrationId),
    index("booking_places_email_idx").on(sql`lower(${t.email})`),
    // One current participant per place number.
    uniqueIndex("booking_places_number_uq").on(t.registrationId, t.number).where(sql`${t.replacedAt} is null`),
  ],
);

/** `manual`: a payment the team recorded by hand (a bank transfer); no provider holds it. */
export const paymentProvider = pgEnum("payment_provider", ["stripe", "test", "manual"]);
export const paymentKind = pgEnum("payment_kind", ["deposit", "full", "balance"]);
export const paymentStatus = pgEnum("payment_status", ["open", "paid", "failed", "expired", "refunded"]);

/** One row per checkout. The spec's `deposit_paid` is "a paid payment exists". */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    provider: paymentProvider("provider").notNull(),
    providerSessionId: text("provider_session_id").notNull().unique(),
    providerPaymentId: text("provider_payment_id"),
    checkoutUrl: text("checkout_url"),
    kind: paymentKind("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("eur"),
    status: paymentStatus("status").notNull().default("open"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    failureReason: text("failure_reason"),
    /** When the checkout closes: the end of the 30-minute hold it was opened for (Stripe's expires_at). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When the visitor first opened the checkout page; until then the hold is short (decision 008). */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** What the provider reported as paid, when it differed from amountCents/currency (never confirmed). */
    receivedAmountCents: integer("received_amount_cents"),
    receivedCurrency: text("received_currency"),
    ...timestamps,
  },
  (t) => [index("payments_registration_idx").on(t.registrationId)],
);

export const refundStatus = pgEnum("refund_status", ["pending", "succeeded", "failed"]);

/**
 * One refund of (part of) one payment: asked for, then confirmed by the provider's answer or its
 * `charge.refunded` webhook. `idempotencyKey` is what the provider call carries (and is unique
 * here), so a double click or a replay never refunds twice.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("eur"),
    reason: text("reason").notNull(),
    status: refundStatus("status").notNull().default("pending"),
    providerRefundId: text("provider_refund_id").unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** Who asked: "participant", "system", or "staff:<user id>". */
    requestedBy: text("requested_by").notNull(),
    failureReason: text("failure_reason"),
    succeededAt: timestamp("succeeded_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("refunds_registration_idx").on(t.registrationId), index("refunds_payment_idx").on(t.paymentId)],
);

// ---------------------------------------------------------------------------------------------
// Invoices and credit notes (issue 28, decision 046)
// ---------------------------------------------------------------------------------------------

export const invoiceKind = pgEnum("invoice_kind", ["invoice", "credit_note"]);

/**
 * The last number issued per calendar year (Amsterdam). Taken with an upsert in the transaction
 * that issues the document: the row stays locked until it commits, so numbers are consecutive and
 * without gaps across instances (a rolled-back document returns its number).
 */
export const invoiceSequences = pgTable("invoice_sequences", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * An issued invoice or credit note: its number, totals and the whole document as it was issued
 * (`document`, what its PDF shows). Never changed or deleted (a trigger refuses): a correction is
 * a credit note and, where needed, a new invoice. Kept as bookkeeping (seven years), also when the
 * booker's personal data is erased.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    kind: invoiceKind("kind").notNull(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => registrations.id),
    /** A credit note, or a further invoice: the booking's first invoice. */
    refersToId: uuid("refers_to_id").references((): AnyPgColumn => invoices.id),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    locale: text("locale").notNull(),
    /** Incl. VAT, signed (a credit note's are negative); the VAT in it; the rate. */
    totalCents: integer("total_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    vatBasisPoints: integer("vat_basis_points").notNull(),
    document: jsonb("document").$type<InvoiceDocument>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invoices_year_sequence_uq").on(t.year, t.sequence), index("invoices_registration_idx").on(t.registrationId), index("invoices_issued_idx").on(t.issuedAt)],
);

export type Invoice = typeof invoices.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Waiting list
// ---------------------------------------------------------------------------------------------

export const waitlistStatus = pgEnum("waitlist_status", ["waiting", "offered", "booked", "lapsed", "removed"]);

/** A person in line for a full (or waiting-list) event, first come first served. */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** How many places they want (1–4); an offer is made only when that many are free. */
    places: integer("places").notNull().default(1),
    message: text("message"),
    locale: text("locale").notNull().default("nl"),
    status: waitlistStatus("status").notNull().default("waiting"),
    ...timestamps,
  },
  (t) => [
    index("waitlist_entries_event_idx").on(t.eventId, t.status, t.createdAt),
    // In line once per event and e-mail address while waiting or offered.
    uniqueIndex("waitlist_entries_event_email_uq")
      .on(t.eventId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);

export const offerStatus = pgEnum("waitlist_offer_status", ["open", "accepted", "lapsed", "withdrawn"]);

/**
 * An offer to the person first in line: holds `places` places until `expiresAt` (48 hours), for
 * registrations made through its link only (`registrations.waitlist_offer_id`).
 */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    places: integer("places").notNull(),
    status: offerStatus("status").notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** "system" (a place freed up) or "staff:<user id>" (sent by hand). */
    createdBy: text("created_by").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("waitlist_offers_event_status_idx").on(t.eventId, t.status, t.expiresAt), index("waitlist_offers_entry_idx").on(t.entryId)],
);

// ---------------------------------------------------------------------------------------------
// A sailing day cancelled or moved by the team (weather, crew): decision 015
// ---------------------------------------------------------------------------------------------

export const disruptionKind = pgEnum("disruption_kind", ["cancelled", "moved"]);

/**
 * The team cancelled an event date (`cancelled`) or moved it (`moved`: `newEventId` is the new
 * date, a copy of the event). One per event; the event itself is then `cancelled` and carries
 * the message in both languages (`events.cancellation_message[_en]`).
 */
export const eventDisruptions = pgTable("event_disruptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  eventId: uuid("event_id")
    .notNull()
    .unique()
    .references(() => events.id, { onDelete: "cascade" }),
  kind: disruptionKind("kind").notNull(),
  newEventId: uuid("new_event_id").references(() => events.id, { onDelete: "set null" }),
  /** "staff:<user id>". */
  createdBy: text("created_by").notNull(),
  /** When the participants were told (the app clock): the reminder and the automatic step count from it. */
  announcedAt: timestamp("announced_at", { withTimezone: true }).notNull(),
  ...timestamps,
});

/**
 * What a participant with a live booking does about a disruption: `pending` until they choose
 * (or the follow-up job decides after 7 days), then `moved` or `refunded`; `closed` when the
 * booking ended otherwise (staff cancelled it). `automatic`: the job decided.
 */
export const disruptionChoice = pgEnum("disruption_choice", ["pending", "moved", "refunded", "closed"]);

export const disruptionResponses = pgTable(
  "disruption_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    disruptionId: uuid("disruption_id")
      .notNull()
      .references(() => eventDisruptions.id, { onDelete: "cascade" }),
    registrationId: uuid("registration_id")
      .notNull()
      .unique()
      .references(() => registrations.id, { onDelete: "cascade" }),
    choice: disruptionChoice("choice").notNull().default("pending"),
    automatic: boolean("automatic").notNull().default(false),
    /** The date the booking moved to. */
    targetEventId: uuid("target_event_id").references(() => events.id, { onDelete: "set null" }),
    /** The 3-day reminder; claimed once. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("disruption_responses_pending_idx").on(t.choice, t.disruptionId)],
);

// ---------------------------------------------------------------------------------------------
// The audit trail
// ---------------------------------------------------------------------------------------------

export const auditActor = pgEnum("audit_actor", ["participant", "staff", "provider", "system"]);
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * Every change of a registration, payment, refund, waiting-list entry or offer, written in the
 * same transaction as the change (server/audit/audit.server.ts). Never edited; only the retention
 * sweep deletes rows (with the personal data they describe).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    entityType: text("entity_type").$type<"registration" | "payment" | "refund" | "waitlist_entry" | "waitlist_offer" | "event" | "privacy_request">().notNull(),
    entityId: text("entity_id").notNull(),
    registrationId: uuid("registration_id"),
    eventId: uuid("event_id"),
    /** What happened, e.g. "registration.created", "payment.paid", "refund.succeeded". */
    action: text("action").notNull(),
    changes: jsonb("changes").$type<AuditChanges>().notNull().default({}),
    actorType: auditActor("actor_type").notNull(),
    /** The staff member's user id, the provider's event id, the job's name. */
    actorId: text("actor_id"),
    reason: text("reason"),
  },
  (t) => [
    index("audit_log_registration_idx").on(t.registrationId, t.at),
    index("audit_log_event_idx").on(t.eventId, t.at),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
  ],
);

/** Provider event ids already handled: makes webhook deliveries idempotent. */
export const processedProviderEvents = pgTable("processed_provider_events", {
  id: text("id").primaryKey(),
  provider: paymentProvider("provider").notNull(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const eventInterest = pgTable(
  "event_interest",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message"),
    locale: text("locale").notNull().default("nl"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Once per event and e-mail address, compared case-insensitively.
  (t) => [uniqueIndex("event_interest_event_email_uq").on(t.eventId, sql`lower(${t.email})`)],
);

// ---------------------------------------------------------------------------------------------
// Newsletter, articles, uploads, e-mail log
// ---------------------------------------------------------------------------------------------

export const subscriberStatus = pgEnum("subscriber_status", ["pending", "confirmed", "unsubscribed"]);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    locale: text("locale").notNull().default("nl"),
    status: subscriberStatus("status").notNull().default("pending"),
    /** Random token in the confirm and unsubscribe links. */
    token: text("token").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("newsletter_subscribers_email_uq").on(sql`lower(${t.email})`)],
);

export const blogCategory = pgEnum("blog_category", ["victory", "preparation", "team", "featured", "general"]);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** Markdown. */
    content: text("content").notNull(),
    titleEn: text("title_en"),
    descriptionEn: text("description_en"),
    contentEn: text("content_en"),
    date: timestamp("date", { withTimezone: true }).notNull(),
    category: blogCategory("category").notNull().default("general"),
    /** A URL, or an upload's public path. */
    image: text("image"),
    imageUploadId: uuid("image_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    documentUrl: text("document_url"),
    documentName: text("document_name"),
    published: boolean("published").notNull().default(false),
    ...timestamps,
  },
  // The news list and the home page: published articles, newest first (the index read backwards), a page at a time.
  (t) => [index("blog_posts_published_list_idx").on(t.date, t.createdAt, t.id).where(sql`${t.published}`)],
);

export const uploadBucket = pgEnum("upload_bucket", ["blog-images", "documents"]);

export type ImageVariant = { width: number; height: number; format: "avif" | "webp"; file: string };

export const uploads = pgTable("uploads", {
  id: uuid("id").primaryKey().defaultRandom(),
  bucket: uploadBucket("bucket").notNull(),
  /** Timestamp + random string; the stored file (or the stem of an image's variants). */
  storageKey: text("storage_key").notNull().unique(),
  originalName: text("original_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  width: integer("width"),
  height: integer("height"),
  variants: jsonb("variants").$type<ImageVariant[]>().notNull().default([]),
  uploadedBy: text("uploaded_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Raw bytes. PGlite hands back a Uint8Array, postgres.js a Buffer: both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The bytes of stored upload files (an image's variants, a document) when uploads live in the
 * database (UPLOAD_STORAGE=database, the default with DATABASE_URL): every instance serves
 * them, and a backup of the database holds them. Written once, never changed.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    bucket: uploadBucket("bucket").notNull(),
    /** The file name the store produced, e.g. "1735689600000-0123456789abcdef-640.webp". */
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** Hex SHA-256 of `bytes`: checked when read, so a damaged row is never served as a file. */
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.name] })],
);

export const emailStatus = pgEnum("email_status", ["queued", "sent", "failed"]);

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

/** Every message the site sends, with its delivery status; failed ones are retried with backoff. */
export const emails = pgTable(
  "emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    attachments: jsonb("attachments").$type<EmailAttachment[]>().notNull().default([]),
    /** Extra headers that must survive a retry, e.g. List-Unsubscribe on newsletter mail. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: emailStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Where it was delivered: an SMTP message id or the outbox file name. */
    deliveryRef: text("delivery_ref"),
    relatedId: text("related_id"),
    ...timestamps,
  },
  (t) => [index("emails_status_next_idx").on(t.status, t.nextAttemptAt)],
);

// ---------------------------------------------------------------------------------------------
// Better Auth (email + password, database sessions, admin plugin's role)
// ---------------------------------------------------------------------------------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  // Better Auth's two-factor plugin: set once the account's authenticator code is confirmed.
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * Better Auth's two-factor plugin: the account's TOTP secret and its one-time recovery codes
 * (both encrypted by Better Auth with the auth secret), one row per account.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    /**
     * Wrong codes in a row at sign-in, counted *before* each code is checked (and the lock set at
     * the tenth): our own lock (server/auth/two-factor-sign-in.server.ts), in Better Auth's columns.
     */
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The TOTP time step (30 s) of the last code accepted: a code is taken only for a later step. */
    lastTotpStep: integer("last_totp_step"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);

/**
 * Attempt counters of our rate limits (server/security/rate-limit.server.ts), per limiter
 * (`bucket`) and key (a client address, an address + page, an account): in the database so that
 * every instance on one PostgreSQL counts together. `next_try_at` is the login throttle's
 * growing delay per account. Rows hold client addresses, so the retention sweep deletes them
 * once their window has long passed.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
    nextTryAt: timestamp("next_try_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index("rate_limits_window_start_idx").on(t.windowStart)],
);

/**
 * One row whose `version` goes up when a transaction that changed what public pages show
 * commits (deferred triggers on those tables, migration 0012): the render cache of anonymous
 * pages (server/http/render-cache.server.ts) serves a page only while it is unchanged, on every
 * instance sharing the database (decision 020).
 */
export const pageCacheVersion = pgTable("page_cache_version", {
  id: integer("id").primaryKey().default(1),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type Registration = typeof registrations.$inferSelect;
export type BookingPlace = typeof bookingPlaces.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
export type WaitlistOffer = typeof waitlistOffers.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type Upload = typeof uploads.$inferSelect;
export type EmailRow = typeof emails.$inferSelect;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type PrivatePage = typeof privatePages.$inferSelect;
export type EventDisruption = typeof eventDisruptions.$inferSelect;
export type DisruptionResponse = typeof disruptionResponses.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The crew file (issue 27, decision 043): per event a list of items each participant answers on
// their own link; health answers and every file sealed at rest (server/crew/seal.server.ts).
// ---------------------------------------------------------------------------------------------

export const crewItemKind = pgEnum("crew_item_kind", [
  "short_text",
  "long_text",
  "choice_one",
  "choice_many",
  "yes_no",
  "date",
  "number",
  "country",
  "file",
  "qualification",
  "passport",
]);

/** When an item is asked: on the registration form, or later on the participant's own link. */
export const crewItemAsked = pgEnum("crew_item_asked", ["registration", "later"]);

export const crewItems = pgTable(
  "crew_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    kind: crewItemKind("kind").notNull(),
    labelNl: text("label_nl").notNull(),
    labelEn: text("label_en").notNull(),
    helpNl: text("help_nl"),
    helpEn: text("help_en"),
    /** The choices of a choice item (value + both labels). */
    options: jsonb("options").$type<CrewItemOption[]>().notNull().default([]),
    /** A yes/no item's follow-up question, shown on yes. */
    followUpNl: text("follow_up_nl"),
    followUpEn: text("follow_up_en"),
    /** A qualification item: the certificate's name the readiness rule looks for ("World Sailing OSR"). */
    qualificationName: text("qualification_name"),
    asked: crewItemAsked("asked").notNull().default("later"),
    /** Complete by this many calendar days before the start's day; null: by the start. */
    dueDaysBefore: integer("due_days_before"),
    required: boolean("required").notNull().default(true),
    /** Health data: answers and files sealed, shown only to staff with the health permission. */
    health: boolean("health").notNull().default(false),
    /** Removed from the list: kept for the answers already given, never asked again. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("crew_items_event_idx").on(t.eventId, t.position)],
);

/** One participant's answer to one item. A health answer lives only in `sealed` (value null). */
export const crewAnswers = pgTable(
  "crew_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    placeId: uuid("place_id")
      .notNull()
      .references(() => bookingPlaces.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => crewItems.id, { onDelete: "cascade" }),
    value: jsonb("value").$type<CrewAnswerValue>(),
    /** The sealed JSON of a health answer (AES-256-GCM, key HEALTH_DATA_KEY). */
    sealed: text("sealed"),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
    /** Staff opened the item again after its deadline, until this moment (audit row). */
    unlockedUntil: timestamp("unlocked_until", { withTimezone: true }),
    /** When the retention sweep or a personal-data erase removed the answer's content. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("crew_answers_place_item_uq").on(t.placeId, t.itemId), index("crew_answers_item_idx").on(t.itemId)],
);

/**
 * A file a participant gave for an item (PDF/JPEG/PNG, checked by its bytes). Never in the
 * public upload store: its bytes are always sealed, served only to staff (health: with the
 * permission) and to the participant's own link.
 */
export const crewFiles = pgTable(
  "crew_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    placeId: uuid("place_id")
      .notNull()
      .references(() => bookingPlaces.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => crewItems.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** The sealed file name and bytes; null once erased. */
    sealedName: text("sealed_name"),
    sealedBytes: bytea("sealed_bytes"),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("crew_files_place_idx").on(t.placeId)],
);

/**
 * A crew-file reminder that went out: one per participant, deadline and stage (21, 14 or 7 days
 * before), claimed in the e-mail's transaction (the primary key makes it exactly once).
 */
export const crewReminders = pgTable(
  "crew_reminders",
  {
    placeId: uuid("place_id")
      .notNull()
      .references(() => bookingPlaces.id, { onDelete: "cascade" }),
    /** The deadline's day (YYYY-MM-DD, Europe/Amsterdam). */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    stage: integer("stage").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.dueOn, t.stage] })],
);

/** Every time staff looked at health answers or files: who, what, when (decision 043). */
export const healthDataViews = pgTable(
  "health_data_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    userEmail: text("user_email").notNull(),
    eventId: uuid("event_id").notNull(),
    /** The participant's place, or null for an event-wide view (the crew file's table). */
    placeId: uuid("place_id"),
    /** What was seen: "crew-file", "place", "file", "export". */
    what: text("what").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("health_data_views_event_idx").on(t.eventId, t.viewedAt)],
);

/** Skippers see the events assigned to them (staff roles, decision 043). */
export const eventSkippers = pgTable(
  "event_skippers",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_skippers_user_idx").on(t.userId)],
);
