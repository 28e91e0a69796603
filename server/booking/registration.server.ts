import crypto from "node:crypto";
import { and, count, eq, gt, inArray, min, or, sql } from "drizzle-orm";
import type { Locale, MessageKey } from "~/i18n";
import { WAIVER_VERSION } from "~/content/waiver";
import { amountDue, type AmountDue } from "~/lib/booking";
import { eventAction, registrationRefusal, type RegistrationRefusal } from "~/lib/event-actions";
import type { RegistrationInput } from "~/schemas/registration";
import { batchedWritesByKey } from "../db/batched-writes.server";
import { columnList, inJsonArray, insertRecordsSql, rowsOf } from "../db/json-records.server";
import { preparedStatement, type Database } from "../db/client.server";
import { bookingPlaces, events, registrations, waitlistEntries, waitlistOffers, type Event, type Registration } from "../db/schema.server";
import { changedWithAudit, PARTICIPANT } from "../audit/audit.server";
import { liveRegistration, offerUse, placesTakenByEvent } from "../events/queries.server";
import { displayStatus } from "../events/view.server";
import { secrets } from "../secrets.server";
import { settleOffersLocked } from "../waitlist/settle.server";
import { queueBookingConfirmation, queueTeamBookingNotice } from "./emails.server";
import { queueInvitationsOfBooking } from "./invitations.server";
import { queueApplicationReceived, queueTeamApplicationNotice } from "./applications.server";
import { makeReference } from "./reference.server";
import { placesFromInput } from "./places.server";
import { storeRegistrationAnswers, type RegistrationAnswer } from "../crew/answers.server";

/**
 * Open (unpaid, unexpired) holds one e-mail address, or one client address, may have per event
 * (decision 008): enough for a family, too few to make a boat look full.
 */
export const MAX_OPEN_HOLDS_PER_BOOKER = 4;

/**
 * The places one booker (an e-mail address, a client address) may hold unpaid, or on a free event
 * book, at once on an event: one full booking's places, and never fewer than
 * MAX_OPEN_HOLDS_PER_BOOKER: enough for a family or a team, too few to make a boat look full
 * (decision 008, counted in places since decision 042).
 */
export function bookerPlaceLimit(maxPlacesPerBooking: number): number {
  return Math.max(MAX_OPEN_HOLDS_PER_BOOKER, maxPlacesPerBooking);
}

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
  too_many_places_per_booking: "booking.error.tooManyPlacesPerBooking",
  places_left: "booking.error.placesLeft",
  offer_invalid: "waitlist.offer.invalid",
};

export type CreateRegistrationResult =
  | { outcome: "held"; registration: Registration; event: Event; due: AmountDue }
  /** `emailIds`: the confirmation, team notice and participants' invitations, queued in the same transaction; deliver after it. */
  | { outcome: "confirmed"; registration: Registration; event: Event; due: AmountDue; emailIds: string[] }
  /**
   * An event that requires approval (decision 045): an application, holding no place and owing
   * nothing; `emailIds`: the applicant's "received" and the team's notice, queued with it.
   */
  | { outcome: "applied"; registration: Registration; event: Event; emailIds: string[] }
  /** `left`: the places still free (for "places_left"); `max`: the limit that refused it. */
  | { outcome: "refused"; reason: RegistrationRefusal; left?: number; max?: number };

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

export type RegistrationRequest = {
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
  /** The crew-file answers the booker gave on the form for their own place (checked by `parseRegistrationAnswers`). */
  crewAnswers?: RegistrationAnswer[];
};

/** At most this many registrations of one event are decided in one transaction (decision 021). */
const MAX_BATCH = 50;

/**
 * Per database (tests open several): the registrations of one event that arrive while a
 * transaction of that event runs in this process wait, and are decided together in the next.
 */
const registrationsByEvent = (database: Database) =>
  preparedStatement(database, "registration.batches", (d) =>
    batchedWritesByKey((_event: string, requests: RegistrationRequest[]) => registerLocked(d, requests), MAX_BATCH),
  );

/**
 * Registers a participant and holds their place, in one transaction with the event row locked,
 * so concurrent registrations are counted one after the other and the boat is never overbooked.
 * Paid events get a short `pending_payment` hold (UNOPENED_HOLD_MS), extended to 30 minutes (plus
 * the checkout margin) when the visitor opens the checkout; at most MAX_OPEN_HOLDS_PER_BOOKER
 * open holds per e-mail address and per client address. Free events are confirmed at once, with
 * their e-mails queued in the same transaction.
 *
 * Under contention (decision 021): while a registration transaction of an event runs, the
 * registrations of that event arriving in this process wait (`batchedWritesByKey`), without a
 * database connection, and the next transaction decides all of them at once, one after the other
 * in arrival order, exactly as separate transactions would (places, the waiting list and the
 * per-booker limits are counted once under the lock and then kept up to date in memory). Other
 * instances meet at the same row lock. If a shared transaction fails, each of its registrations is
 * tried again alone, so one registration's fault never refuses another. A registration through a
 * waiting-list offer settles the offer: it has a transaction of its own.
 */
export function createRegistration(database: Database, request: RegistrationRequest): Promise<CreateRegistrationResult> {
  if (request.offerId !== undefined) return registerLocked(database, [request]).then(([result]) => result);
  const event = request.eventId !== undefined ? `id:${request.eventId}` : `slug:${request.eventSlug ?? ""}`;
  return registrationsByEvent(database)(event, request);
}

/** A booking of the same booker (e-mail address or client address): its places; the hold's end in ms. */
type Booked = { email: string; clientKey: string | null; status: Registration["status"]; holdExpiresAt: number | null; places: number };
type BookedRow = Omit<Booked, "holdExpiresAt"> & { holdExpiresAt: number | string | null };

/**
 * The registration transaction for one or more registrations of one event (a registration
 * through an offer always alone), decided in order: as if each had its own transaction after
 * the one before.
 */
async function registerLocked(database: Database, requests: RegistrationRequest[]): Promise<CreateRegistrationResult[]> {
  const first = requests[0];
  const match = first.eventId !== undefined ? eq(events.id, first.eventId) : eq(events.slug, first.eventSlug ?? "");
  // Holds and offers are counted as of the earliest request: a hold that lapses in between still
  // counts, which can only refuse, never overbook.
  const countedAt = new Date(Math.min(...requests.map((r) => r.now.getTime())));
  return database.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(match).for("update");
    if (!event) return requests.map(() => ({ outcome: "refused", reason: "not_found" }) as const);
    // The offer a registration is made through, with the places of it already used (kept up to
    // date below as the batch is decided: an offer of 3 books at most 3).
    let offerLeft: { offerId: string; places: number; used: number } | null = null;
    if (first.offerId !== undefined) {
      if (requests.length !== 1) throw new Error("A registration through an offer is decided alone");
      // Read under the event lock: every change of an offer happens under it too.
      const offer = (await offerUse(tx, [event.id], first.now)).find((o) => o.offerId === first.offerId);
      if (!offer || offer.used >= offer.places) return [{ outcome: "refused", reason: "offer_invalid" }];
      offerLeft = offer;
    }
    const offerId = offerLeft?.offerId ?? null;
    // Read with the event row locked (each statement after the lock sees every registration
    // committed before it), in one statement: the live registrations (the rule of
    // placesTakenByEvent), whether open offers hold places, the smallest party waiting, and the
    // same bookers' open holds and confirmed places, counted per request below and kept up to
    // date as the batch is decided.
    const keyed = requests.map((r) => ({ email: r.input.customerEmail.trim().toLowerCase(), clientKey: clientKeyOf(r.clientAddress) }));
    const emails = [...new Set(keyed.map((k) => k.email))];
    const clientKeys = [...new Set(keyed.flatMap((k) => (k.clientKey ? [k.clientKey] : [])))];
    // The lists as JSON parameters: one statement text for any batch (decision 035).
    const sameBooker = [inJsonArray(sql`lower(${registrations.customerEmail})`, emails), inJsonArray(registrations.clientKey, clientKeys)];
    const live = tx
      .select({ n: sql`coalesce(sum(${registrations.places}), 0)` })
      .from(registrations)
      .where(and(eq(registrations.eventId, event.id), liveRegistration(countedAt)));
    const offersOpen = tx
      .select({ n: count() })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.eventId, event.id), eq(waitlistOffers.status, "open"), gt(waitlistOffers.expiresAt, countedAt)));
    const waitingSmallest = tx
      .select({ smallest: min(waitlistEntries.places) })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.status, "waiting")));
    const sameBookers = tx
      .select({
        rows: sql`coalesce(json_agg(json_build_object('email', lower(${registrations.customerEmail}), 'clientKey', ${registrations.clientKey},
          'status', ${registrations.status}, 'holdExpiresAt', extract(epoch from ${registrations.holdExpiresAt}) * 1000,
          'places', ${registrations.places})), '[]'::json)`,
      })
      .from(registrations)
      .where(and(eq(registrations.eventId, event.id), inArray(registrations.status, ["confirmed", "pending_payment"]), or(...sameBooker)));
    const [state] = await tx
      .select({
        live: sql`(${live})`.mapWith(Number),
        offersOpen: sql`(${offersOpen})`.mapWith(Number),
        smallestWaiting: sql<number | null>`(${waitingSmallest})`,
        sameBookers: sql<string | BookedRow[]>`(${sameBookers})`,
      })
      .from(events)
      .where(eq(events.id, event.id));
    // Places held by open offers count as taken, except, for a registration through an offer,
    // its own (rare: then placesTakenByEvent counts them, the lists' own rule).
    let taken =
      event.maxParticipants === null
        ? 0
        : offerId !== null || state.offersOpen > 0
          ? ((await placesTakenByEvent(tx, [event.id], countedAt, { excludeOfferId: offerId ?? undefined })).get(event.id) ?? 0)
          : state.live;
    // A freed place belongs to the waiting list: while someone in line fits in the places free, a
    // registration from outside it does not take them (the offer follows within the minute, or at
    // once from the cancellation that freed them). The smallest party waiting is the one to fit.
    const smallestWaiting = offerId === null && state.smallestWaiting !== null ? Number(state.smallestWaiting) : null;
    const booked: Booked[] = (typeof state.sameBookers === "string" ? (JSON.parse(state.sameBookers) as BookedRow[]) : state.sameBookers).map((b) => ({
      email: b.email,
      clientKey: b.clientKey,
      status: b.status,
      holdExpiresAt: b.holdExpiresAt === null ? null : Number(b.holdExpiresAt),
      places: Number(b.places ?? 1),
    }));
    const bookerLimit = bookerPlaceLimit(event.maxPlacesPerBooking);

    const results: CreateRegistrationResult[] = [];
    const accepted: { index: number; values: typeof registrations.$inferInsert; due: AmountDue }[] = [];
    requests.forEach((request, index) => {
      const { input, locale, now } = request;
      const places = input.places;
      const refusal = eventRefusal(event, now, taken, request.admitWaitlist || offerId !== null);
      if (refusal) return void (results[index] = { outcome: "refused", reason: refusal });
      if (event.maxParticipants !== null && smallestWaiting !== null && smallestWaiting <= event.maxParticipants - taken) {
        return void (results[index] = { outcome: "refused", reason: "full" });
      }
      if (places > event.maxPlacesPerBooking) {
        return void (results[index] = { outcome: "refused", reason: "too_many_places_per_booking", max: event.maxPlacesPerBooking });
      }
      // Through an offer: at most the places it still holds (an offer of 3 books 3 at once).
      if (offerLeft && places > offerLeft.places - offerLeft.used) {
        return void (results[index] = { outcome: "refused", reason: "places_left", left: offerLeft.places - offerLeft.used });
      }
      if (event.maxParticipants !== null && places > event.maxParticipants - taken) {
        return void (results[index] = { outcome: "refused", reason: "places_left", left: Math.max(0, event.maxParticipants - taken) });
      }
      const due = amountDue(event, now, places);
      const free = due.kind === "free";
      // An application (decision 045) holds nothing, so the per-booker hold limit does not apply
      // (the form's rate limit does); its amounts are what a registration now would owe, recomputed
      // when it is approved.
      const applying = event.requiresApproval;
      // Paid events: open holds (a paid place is no squatting). Free events confirm at once, so
      // there every place one booker took counts: otherwise one address could fill the boat.
      const counts = (b: Booked) => (free ? b.status === "confirmed" : b.status === "pending_payment" && b.holdExpiresAt !== null && b.holdExpiresAt > now.getTime());
      const { email, clientKey } = keyed[index];
      const placesOf = (match: (b: Booked) => boolean) => booked.filter((b) => counts(b) && match(b)).reduce((sum, b) => sum + b.places, 0);
      const byEmail = placesOf((b) => b.email === email);
      const byClient = clientKey ? placesOf((b) => b.clientKey === clientKey) : 0;
      if (!applying && (byEmail + places > bookerLimit || byClient + places > bookerLimit)) {
        return void (results[index] = { outcome: "refused", reason: free ? "too_many_places" : "too_many_holds", max: bookerLimit });
      }
      const values = {
        eventId: event.id,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        phoneNumber: input.phoneNumber ?? null,
        // The participants' safety details live with their places (booking_places); the
        // booking keeps the booker's contact and address.
        birthDate: null,
        street: input.street,
        city: input.city,
        postalCode: input.postalCode,
        country: input.country,
        nextOfKinName: null,
        nextOfKinPhone: null,
        comments: input.comments ?? null,
        // A company booking: what its invoice names (decision 046); nothing of it for a private one.
        companyName: input.asCompany ? (input.companyName ?? null) : null,
        companyVatNumber: input.asCompany ? (input.companyVatNumber ?? null) : null,
        companyPoReference: input.asCompany ? (input.companyPoReference ?? null) : null,
        invoiceAddress: input.asCompany ? (input.invoiceAddress ?? null) : null,
        places,
        bookerSails: input.bookerSails,
        locale,
        status: applying ? ("applied" as const) : free ? ("confirmed" as const) : ("pending_payment" as const),
        holdExpiresAt: applying || free ? null : new Date(now.getTime() + UNOPENED_HOLD_MS),
        clientKey,
        priceCents: due.priceCents,
        amountDueCents: due.amountDueCents,
        termsAccepted: true,
        termsAcceptedAt: now,
        waiverVersion: WAIVER_VERSION,
        confirmedAt: free && !applying ? now : null,
        waitlistOfferId: offerId,
        reference: "",
      };
      accepted.push({ index, values, due });
      // An application takes no place (placesTakenByEvent never counts it).
      if (applying) return;
      taken += places;
      if (offerLeft) offerLeft.used += places;
      booked.push({ email, clientKey, status: values.status, holdExpiresAt: values.holdExpiresAt?.getTime() ?? null, places });
    });

    // One statement for the batch: the registrations and their audit rows (each id drawn here,
    // so the audit entries need nothing back). A reference is random; on the (very rare) clash,
    // those rows draw another instead of failing, and only rows inserted get an audit row.
    const created = new Map<number, Registration>();
    let left = accepted.map((a) => ({ ...a, id: crypto.randomUUID() }));
    for (let attempt = 0; attempt < 5 && left.length > 0; attempt++) {
      const drawn = new Set<string>();
      const rows = left.map((a) => {
        let reference = makeReference();
        while (drawn.has(reference)) reference = makeReference();
        drawn.add(reference);
        return { ...a.values, id: a.id, reference };
      });
      const inserted = rowsOf(
        registrations,
        await changedWithAudit(
          tx,
          // One statement text for any batch size (decision 035).
          insertRecordsSql(registrations, rows, sql`on conflict (${columnList(registrations.reference)}) do nothing returning *`),
          left.map(({ index, id, values }) => ({
            entityType: "registration" as const,
            entityId: id,
            registrationId: id,
            eventId: event.id,
            action: "registration.created",
            changes: {
              status: { from: null, to: values.status },
              places: { from: null, to: values.places },
              ...(offerId ? { waitlistOfferId: { from: null, to: offerId } } : {}),
            },
            actor: PARTICIPANT,
            at: requests[index].now,
          })),
        ),
      );
      const byId = new Map(inserted.map((r) => [r.id, r]));
      for (const a of left) {
        const registration = byId.get(a.id);
        if (registration) created.set(a.index, registration);
      }
      left = left.filter((a) => !created.has(a.index));
    }
    if (left.length > 0) throw new Error("Could not draw a unique registration reference");
    // Every booking's places and their participants, in one statement.
    const placeRows = accepted.flatMap(({ index }) => {
      const registration = created.get(index)!;
      const request = requests[index];
      return placesFromInput(registration.id, request.input, request.locale, request.now, WAIVER_VERSION);
    });
    if (placeRows.length > 0) await tx.execute(insertRecordsSql(bookingPlaces, placeRows));
    // The crew-file questions asked on the form (issue 27): stored with the booking, or not at all.
    for (const { index } of accepted) {
      const answers = requests[index].crewAnswers;
      if (answers?.length) await storeRegistrationAnswers(tx, created.get(index)!, answers, requests[index].now);
    }
    for (const { index, due } of accepted) {
      const registration = created.get(index)!;
      if (registration.status === "applied") {
        const emailIds = [await queueApplicationReceived(tx, registration.id), await queueTeamApplicationNotice(tx, registration.id)];
        results[index] = { outcome: "applied", registration, event, emailIds };
        continue;
      }
      if (registration.status !== "confirmed") {
        results[index] = { outcome: "held", registration, event, due };
        continue;
      }
      // Confirmed at once: when this fills the offer's places, the offer is accepted now.
      if (offerId) await settleOffersLocked(tx, event, requests[index].now, PARTICIPANT, { offerId });
      // The e-mails are queued with the booking (the outbox): both commit, or neither does.
      // Each participant's invitation (their own link) too: a free booking is confirmed now.
      const emailIds = [
        await queueBookingConfirmation(tx, registration.id),
        await queueTeamBookingNotice(tx, registration.id, "confirmed"),
        ...(await queueInvitationsOfBooking(tx, registration.id)),
      ];
      results[index] = { outcome: "confirmed", registration, event, due, emailIds };
    }
    return results;
  });
}
