import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { WAIVER_VERSION } from "~/content/waiver";
import type { Locale } from "~/i18n";
import { participantDeadline } from "~/lib/booking";
import { isPlaceIntent, makePlaceDetailsSchema, PLACE_DETAIL_FIELDS, type PlaceActionData, type PlaceDetailField, type PlaceView } from "~/schemas/place";
import { calendarInvite } from "@server/booking/emails.server";
import { acceptPlaceWaiver, placeEditable, updatePlaceDetails } from "@server/booking/place-details.server";
import { missingDetails, placeById, placeIdFromToken } from "@server/booking/places.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { events, registrations, type BookingPlace, type Event, type Registration } from "@server/db/schema.server";
import { eventLocationIn, eventNameIn } from "@server/events/view.server";
import { readForm } from "@server/http/form.server";
import { takeTokenTry, tokenLinkRefusal } from "@server/http/token-link.server";
import { log } from "@server/log.server";
import { RateLimiter } from "@server/security/rate-limit.server";

/**
 * The participant's own page behind their signed link (`/my-place/<token>`, issue 26): who may
 * see it (the token, rate-limited per address like the booker's page), in which language, what it
 * shows (their own place only) and what its two forms do. The route modules beside it are the
 * HTTP glue.
 */


/** Wrong tokens per client address (the manage link's numbers, a bucket of its own). */
export const MAX_WRONG_PLACE_TOKENS = 20;
export const placeLinkLimiter = new RateLimiter("place-link", MAX_WRONG_PLACE_TOKENS, 10 * 60_000);
/** Posts of the page's forms per client address. */
export const placeActionLimiter = new RateLimiter("place-action", 30, 10 * 60_000);

export type PlaceBooking = { place: BookingPlace; registration: Registration; event: Event };

/** Why a right token no longer opens its place (the page says which, with 410). */
export type GoneReason = "replaced" | "cancelled";


/**
 * The place a token opens, or a thrown answer: 404 (forged, garbled, another link's token such as
 * the booker's manage link, unknown, or a booking never confirmed), 410 (the place was given to
 * someone else or cancelled, or the whole booking was cancelled), 429 (too many wrong tokens from
 * this address) or 503 (the limit could not be read). A right token gives its try back.
 */
export async function requirePlace(token: string | undefined, clientAddress: string): Promise<PlaceBooking> {
  await takeTokenTry(placeLinkLimiter, clientAddress, "Place link");

  const placeId = placeIdFromToken(token ?? "");
  const place = placeId ? await placeById(db(), placeId) : undefined;
  if (!place || place.personalDataErasedAt) throw tokenLinkRefusal(404);
  const [row] = await db()
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, place.registrationId))
    .limit(1);
  if (!row) throw tokenLinkRefusal(404);
  // The token was right: a gone place is a clear answer, not a guess to count.
  await placeLinkLimiter.refund(clientAddress);
  if (place.replacedAt) throw tokenLinkRefusal<{ reason: GoneReason }>(410, {}, { reason: "replaced" });
  const { status } = row.registration;
  if (place.cancelledAt || status === "cancelled" || status === "refunded" || status === "expired") throw tokenLinkRefusal<{ reason: GoneReason }>(410, {}, { reason: "cancelled" });
  // An unpaid hold: its participants were never invited, the link was never sent.
  if (status !== "confirmed") throw tokenLinkRefusal(404);
  return { place, ...row };
}

/** What the page shows: the event, who booked, the participant's own details and state. */
export function placeView({ place, registration, event }: PlaceBooking, locale: Locale): PlaceView {
  const at = now();
  const details = Object.fromEntries(PLACE_DETAIL_FIELDS.map((field) => [field, place[field] ?? ""])) as Record<PlaceDetailField, string>;
  return {
    details,
    bookerName: registration.customerName,
    event: {
      name: eventNameIn(event, locale),
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      location: eventLocationIn(event, locale),
    },
    missing: missingDetails(place),
    waiver: place.waiverAcceptedAt && place.waiverVersion ? { version: place.waiverVersion, acceptedAt: place.waiverAcceptedAt.toISOString() } : null,
    waiverVersion: WAIVER_VERSION,
    deadline: participantDeadline(event, at).deadline.toISOString(),
    open: placeEditable(place, registration, event, at),
  };
}

type ActionAnswer = { status: number; body: PlaceActionData; headers?: Record<string, string> };

/**
 * The page's two forms: `intent` = details | waiver. Every outcome is an answer the page shows in
 * the visitor's language; bad input changes nothing and is answered 400, never thrown.
 */
export async function placeAction(request: Request, { place }: PlaceBooking, clientAddress: string): Promise<ActionAnswer> {
  const form = await readForm(request);
  const limit = await placeActionLimiter.consume(clientAddress).catch((error: unknown) => {
    log.error("Place page: the rate limit could not be read", error);
    return undefined;
  });
  if (!limit) return { status: 503, body: { intent: null, outcome: "unavailable" } };
  if (!limit.allowed) return { status: 429, body: { intent: null, outcome: "too_many" }, headers: { "Retry-After": String(limit.retryAfterSeconds) } };
  const intent = form.get("intent");
  if (!isPlaceIntent(intent)) return { status: 400, body: { intent: null, outcome: "bad_request" } };
  try {
    if (intent === "waiver") {
      if (form.get("waiverAccepted") !== "on") return { status: 400, body: { intent, outcome: "missing" } };
      const accepted = await acceptPlaceWaiver(place.id);
      if (accepted.outcome === "accepted" || accepted.outcome === "already") return { status: 200, body: { intent, outcome: accepted.outcome } };
      return { status: 409, body: { intent, outcome: "closed" } };
    }
    form.delete("intent");
    const submission = parseWithZod(form, { schema: makePlaceDetailsSchema(now) });
    if (submission.status !== "success") return { status: 400, body: { intent, outcome: "invalid", result: submission.reply() } };
    const v = submission.value;
    const saved = await updatePlaceDetails(place.id, {
      name: v.name,
      birthDate: v.birthDate ?? null,
      street: v.street ?? null,
      postalCode: v.postalCode ?? null,
      city: v.city ?? null,
      country: v.country ?? null,
      nextOfKinName: v.nextOfKinName ?? null,
      nextOfKinPhone: v.nextOfKinPhone ?? null,
    });
    if (saved.outcome === "updated" || saved.outcome === "unchanged") return { status: 200, body: { intent, outcome: saved.outcome } };
    return { status: 409, body: { intent, outcome: "closed", result: submission.reply() } };
  } catch (error) {
    log.error(`Place page: ${intent} for place ${place.id} failed`, error);
    return { status: 503, body: { intent: null, outcome: "unavailable" }, headers: { "Retry-After": "5" } };
  }
}

/** The participant's own calendar entry (its own UID), in the page's language. */
export function placeIcs({ place, registration, event }: PlaceBooking, locale: Locale): string {
  return calendarInvite(registration, event, locale, place.id);
}
