import crypto from "node:crypto";
import { and, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Locale, MessageKey } from "~/i18n";
import { WAIVER_VERSION } from "~/content/waiver";
import { amountDue, type AmountDue } from "~/lib/booking";
import { eventAction, registrationRefusal, type RegistrationRefusal } from "~/lib/event-actions";
import type { RegistrationInput } from "~/schemas/registration";
import type { Database } from "../db/client.server";
import { events, registrations, waitlistEntries, type Event, type Registration } from "../db/schema.server";
import { audit, PARTICIPANT } from "../audit/audit.server";
import { offerUse, placesTakenByEvent } from "../events/queries.server";
import { displayStatus } from "../events/view.server";
import { secrets } from "../secrets.server";
import { settleOffersLocked } from "../waitlist/settle.server";
import { queueBookingConfirmation, queueTeamBookingNotice } from "./emails.server";
import { makeReference } from "./reference.server";

/**
 * Open (unpaid, unexpired) holds one e-mail address, or one client address, may have per event
 * (decision 008): enough for a family, too few to make a boat look full.
 */
export const MAX_OPEN_HOLDS_PER_BOOKER = 4;

/**
 * A new hold lasts this long until its checkout page is actually opened; opening it extends the
 * hold to the checkout's 30-minute end (decision 008). Someone who registers and never goes on to
 * pay (or a crash before the checkout was recorded) blocks the place for minutes, not half an hour.
 */
export const UNOPENED_HOLD_MS = 7 * 60_000;

/** A keyed hash of the client address: comparable for the hold limit, useless to a reader of the table. */
export function clientKeyOf(clientAddress: string | undefined): string | null {
  if (!clientAddress) return null;
  return crypto.createHmac("sha256", secrets().sessionSecret).update(`client:${clientAddress}`).digest("base64url").slice(0, 32);
}

export const REFUSAL_MESSAGES: Record<RegistrationRefusal, MessageKey> = {
  not_found: "booking.error.notFound",
  not_bookable: "booking.error.notBookable",
  cancelled: "booking.error.cancelled",
  finished: "booking.error.finished",
  ongoing: "booking.error.ongoing",
  not_open: "booking.error.notOpen",
  full: "booking.error.full",
  too_many_holds: "booking.error.tooManyHolds",
  too_many_places: "booking.error.tooManyPlaces",
  offer_invalid: "waitlist.offer.invalid",
};

export type CreateRegistrationResult =
  | { outcome: "held"; registration: Registration; event: Event; due: AmountDue }
  /** `emailIds`: the confirmation and team notice, queued in the same transaction; deliver after it. */
  | { outcome: "confirmed"; registration: Registration; event: Event; due: AmountDue; emailIds: string[] }
  | { outcome: "refused"; reason: RegistrationRefusal };

/**
 * Whether the event takes a registration at `now` with `placesTaken` places gone: the action the
 * event shows (app/lib/event-actions.ts, the one availability rule) turned into the refusal. A
 * waiting-list event counts as a registration event for holders of the private page that admits
 * them, the way their page shows it.
 */
export function eventRefusal(
  event: Pick<Event, "bookingMode" | "status" | "startDate" | "endDate" | "registrationOpensAt" | "maxParticipants">,
  now: Date,
  placesTaken: number,
  admitWaitlist = false,
): RegistrationRefusal | undefined {
  const action = eventAction(
    {
      status: displayStatus(event, now),
      bookingMode: admitWaitlist && event.bookingMode === "waitlist" ? "registration" : event.bookingMode,
      placesLeft: event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - placesTaken),
      registrationOpensAt: event.registrationOpensAt?.toISOString() ?? null,
    },
    now,
  );
  return registrationRefusal(action);
}

/**
 * Registers a participant and holds their place, all in one transaction with the event row
 * locked, so concurrent registrations are counted one after the other and the boat is never
 * overbooked. Paid events get a short `pending_payment` hold (UNOPENED_HOLD_MS), extended to 30
 * minutes (plus the checkout margin) when the visitor opens the checkout; at most
 * MAX_OPEN_HOLDS_PER_BOOKER open holds per e-mail address and per client address. Free events are
 * confirmed at once, with their e-mails queued in the same transaction.
 */
export async function createRegistration(
  database: Database,
  params: {
    eventId?: string;
    eventSlug?: string;
    input: RegistrationInput;
    locale: Locale;
    now: Date;
    /** The visitor unlocked the private page that admits them to this waiting-list event. */
    admitWaitlist?: boolean;
    /** The client address that posted the form (for the open-hold limit; only its keyed hash is stored). */
    clientAddress?: string;
    /**
     * A waiting-list offer the registration is made through (its link's hidden field). Checked
     * under the event lock: an open, unexpired offer of this event with a place still unused
     * admits the registration even when the event is otherwise full or waiting-list only.
     */
    offerId?: string;
  },
): Promise<CreateRegistrationResult> {
  const { input, locale, now } = params;
  const match = params.eventId !== undefined ? eq(events.id, params.eventId) : eq(events.slug, params.eventSlug ?? "");
  return database.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(match).for("update");
    if (!event) return { outcome: "refused", reason: "not_found" };
    let offerId: string | null = null;
    if (params.offerId !== undefined) {
      // Read under the event lock: every change of an offer happens under it too.
      const offer = (await offerUse(tx, [event.id], now)).find((o) => o.offerId === params.offerId);
      if (!offer || offer.used >= offer.places) return { outcome: "refused", reason: "offer_invalid" };
      offerId = offer.offerId;
    }
    // Counted with the event row locked: the registrations before this one are all in. Places
    // held by open offers count as taken, except, for a registration through an offer, its own.
    const taken =
      event.maxParticipants === null
        ? 0
        : ((await placesTakenByEvent(tx, [event.id], now, { excludeOfferId: offerId ?? undefined })).get(event.id) ?? 0);
    const refusal = eventRefusal(event, now, taken, params.admitWaitlist || offerId !== null);
    if (refusal) return { outcome: "refused", reason: refusal };
    if (offerId === null && event.maxParticipants !== null) {
      // A freed place belongs to the waiting list: while someone in line fits in the places
      // free, a registration from outside it does not take them (the offer follows within the
      // minute, or at once from the cancellation that freed them).
      const free = event.maxParticipants - taken;
      const [fits] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.status, "waiting"), lte(waitlistEntries.places, free)))
        .limit(1);
      if (fits) return { outcome: "refused", reason: "full" };
    }

    const due = amountDue(event, now);
    const free = due.kind === "free";
    const clientKey = clientKeyOf(params.clientAddress);

    {
      // Counted under the event lock, so parallel posts from one booker are counted one by one.
      // Paid events: open holds (a paid place is no squatting). Free events confirm at once, so
      // there every place one booker took counts: otherwise one address could fill the boat.
      const sameBooker = [eq(sql`lower(${registrations.customerEmail})`, input.customerEmail.trim().toLowerCase())];
      if (clientKey) sameBooker.push(eq(registrations.clientKey, clientKey));
      const counted = free
        ? eq(registrations.status, "confirmed")
        : and(eq(registrations.status, "pending_payment"), gt(registrations.holdExpiresAt, now));
      const holds = await tx
        .select({ email: sql<string>`lower(${registrations.customerEmail})`, clientKey: registrations.clientKey })
        .from(registrations)
        .where(and(eq(registrations.eventId, event.id), counted, or(...sameBooker)));
      const email = input.customerEmail.trim().toLowerCase();
      const byEmail = holds.filter((h) => h.email === email).length;
      const byClient = clientKey ? holds.filter((h) => h.clientKey === clientKey).length : 0;
      if (byEmail >= MAX_OPEN_HOLDS_PER_BOOKER || byClient >= MAX_OPEN_HOLDS_PER_BOOKER) {
        return { outcome: "refused", reason: free ? "too_many_places" : "too_many_holds" };
      }
    }
    const values = {
      eventId: event.id,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      phoneNumber: input.phoneNumber ?? null,
      birthDate: input.birthDate,
      street: input.street,
      city: input.city,
      postalCode: input.postalCode,
      country: input.country,
      nextOfKinName: input.nextOfKinName,
      nextOfKinPhone: input.nextOfKinPhone,
      comments: input.comments ?? null,
      locale,
      status: free ? ("confirmed" as const) : ("pending_payment" as const),
      holdExpiresAt: free ? null : new Date(now.getTime() + UNOPENED_HOLD_MS),
      clientKey,
      priceCents: due.priceCents,
      amountDueCents: due.amountDueCents,
      termsAccepted: true,
      termsAcceptedAt: now,
      waiverVersion: WAIVER_VERSION,
      confirmedAt: free ? now : null,
      waitlistOfferId: offerId,
    };
    // A reference is random; on the (very rare) clash, draw another instead of failing.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [registration] = await tx
        .insert(registrations)
        .values({ ...values, reference: makeReference() })
        .onConflictDoNothing({ target: registrations.reference })
        .returning();
      if (!registration) continue;
      await audit(tx, {
        entityType: "registration",
        entityId: registration.id,
        registrationId: registration.id,
        eventId: event.id,
        action: "registration.created",
        changes: {
          status: { from: null, to: registration.status },
          ...(offerId ? { waitlistOfferId: { from: null, to: offerId } } : {}),
        },
        actor: PARTICIPANT,
        at: now,
      });
      if (!free) return { outcome: "held", registration, event, due };
      // Confirmed at once: when this fills the offer's places, the offer is accepted now.
      if (offerId) await settleOffersLocked(tx, event, now, PARTICIPANT, { offerId });
      // The e-mails are queued with the booking (the outbox): both commit, or neither does.
      const emailIds = [await queueBookingConfirmation(tx, registration.id), await queueTeamBookingNotice(tx, registration.id, "confirmed")];
      return { outcome: "confirmed", registration, event, due, emailIds };
    }
    throw new Error("Could not draw a unique registration reference");
  });
}
