import { eq } from "drizzle-orm";
import type { Locale, MessageKey } from "~/i18n";
import { WAIVER_VERSION } from "~/content/waiver";
import { amountDue, HOLD_DURATION_MS, type AmountDue } from "~/lib/booking";
import type { RegistrationInput } from "~/lib/registration-schema";
import type { Database } from "../db/client.server";
import { events, registrations, type Event, type Registration } from "../db/schema.server";
import { placesTakenByEvent } from "../events/queries.server";
import { displayStatus } from "../events/view.server";
import { makeReference } from "./reference.server";

/** Why an event takes no registration right now. */
export type RegistrationRefusal = "not_found" | "not_bookable" | "cancelled" | "finished" | "ongoing" | "not_open" | "full";

/** The visitor's explanation of each refusal (the action puts it under 'Registration failed'). */
export const REFUSAL_MESSAGES: Record<RegistrationRefusal, MessageKey> = {
  not_found: "booking.error.notFound",
  not_bookable: "booking.error.notBookable",
  cancelled: "booking.error.cancelled",
  finished: "booking.error.finished",
  ongoing: "booking.error.ongoing",
  not_open: "booking.error.notOpen",
  full: "booking.error.full",
};

export type CreateRegistrationResult =
  | { outcome: "held"; registration: Registration; event: Event; due: AmountDue }
  | { outcome: "confirmed"; registration: Registration; event: Event; due: AmountDue }
  | { outcome: "refused"; reason: RegistrationRefusal };

/**
 * Whether the event takes registrations at `now`, apart from capacity: only events in
 * registration mode (or a waiting-list event, for holders of the private page that admits
 * them), upcoming (by their dates), once registration has opened.
 */
export function registrationRefusal(
  event: Pick<Event, "bookingMode" | "status" | "startDate" | "endDate" | "registrationOpensAt">,
  now: Date,
  admitWaitlist = false,
): RegistrationRefusal | undefined {
  const bookable = event.bookingMode === "registration" || (admitWaitlist && event.bookingMode === "waitlist");
  if (!bookable) return "not_bookable";
  const status = displayStatus(event, now);
  if (status === "cancelled") return "cancelled";
  if (status === "completed") return "finished";
  if (status === "live") return "ongoing";
  if (event.registrationOpensAt && now.getTime() < event.registrationOpensAt.getTime()) return "not_open";
  return undefined;
}

/**
 * Registers a participant and holds their place, all in one transaction with the event row
 * locked, so concurrent registrations are counted one after the other and the boat is never
 * overbooked. Paid events get a `pending_payment` hold of 30 minutes (plus the checkout margin);
 * free events are confirmed at once.
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
  },
): Promise<CreateRegistrationResult> {
  const { input, locale, now } = params;
  const match = params.eventId !== undefined ? eq(events.id, params.eventId) : eq(events.slug, params.eventSlug ?? "");
  return database.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(match).for("update");
    if (!event) return { outcome: "refused", reason: "not_found" };
    const refusal = registrationRefusal(event, now, params.admitWaitlist);
    if (refusal) return { outcome: "refused", reason: refusal };

    if (event.maxParticipants !== null) {
      const taken = (await placesTakenByEvent(tx, [event.id], now)).get(event.id) ?? 0;
      if (taken >= event.maxParticipants) return { outcome: "refused", reason: "full" };
    }

    const due = amountDue(event, now);
    const free = due.kind === "free";
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
      holdExpiresAt: free ? null : new Date(now.getTime() + HOLD_DURATION_MS),
      priceCents: due.priceCents,
      amountDueCents: due.amountDueCents,
      termsAccepted: true,
      termsAcceptedAt: now,
      waiverVersion: WAIVER_VERSION,
      confirmedAt: free ? now : null,
    };
    // A reference is random; on the (very rare) clash, draw another instead of failing.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [registration] = await tx
        .insert(registrations)
        .values({ ...values, reference: makeReference() })
        .onConflictDoNothing({ target: registrations.reference })
        .returning();
      if (registration) return { outcome: free ? "confirmed" : "held", registration, event, due };
    }
    throw new Error("Could not draw a unique registration reference");
  });
}
