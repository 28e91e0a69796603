import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { WAIVER_VERSION } from "~/content/waiver";
import type { Locale } from "~/i18n";
import { participantDeadline } from "~/lib/booking";
import { isPlaceIntent, makePlaceDetailsSchema, PLACE_DETAIL_FIELDS, type PlaceActionData, type PlaceDetailField, type PlaceView } from "~/schemas/place";
import { CREW_FIELDS, CREW_LIMITS, type CrewActionData } from "~/schemas/crew-place";
import { calendarInvite } from "@server/booking/emails.server";
import { crewChecklist, saveCrewAnswer } from "@server/crew/answers.server";
import { CREW_FORM_MAX_BYTES, openCrewFile } from "@server/crew/files.server";
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

/** What the page shows: the event, who booked, the participant's own details and state, their crew file. */
export async function placeView({ place, registration, event }: PlaceBooking, locale: Locale): Promise<PlaceView> {
  const at = now();
  const crew = await crewChecklist(db(), place, event, locale, at);
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
    crew,
    healthRetentionDays: event.healthRetentionDays,
  };
}

type ActionAnswer = { status: number; body: PlaceActionData; headers?: Record<string, string> };

/**
 * The page's forms: `intent` = details | waiver | crew (one form per crew-file item, which may carry a file). Every outcome is an answer the page shows in
 * the visitor's language; bad input changes nothing and is answered 400, never thrown.
 */
export async function placeAction(request: Request, { place }: PlaceBooking, clientAddress: string): Promise<ActionAnswer> {
  // A crew-file item may carry a file (10 MB): the route's body limit is the crew form's.
  const form = await readForm(request, { maxBytes: CREW_FORM_MAX_BYTES });
  const limit = await placeActionLimiter.consume(clientAddress).catch((error: unknown) => {
    log.error("Place page: the rate limit could not be read", error);
    return undefined;
  });
  if (!limit) return { status: 503, body: { intent: null, outcome: "unavailable" } };
  if (!limit.allowed) return { status: 429, body: { intent: null, outcome: "too_many" }, headers: { "Retry-After": String(limit.retryAfterSeconds) } };
  const intent = form.get("intent");
  if (!isPlaceIntent(intent)) return { status: 400, body: { intent: null, outcome: "bad_request" } };
  try {
    if (intent === "crew") return await crewAction(form, place);
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

/** The text fields of a crew form, to fill it again after a refusal (never the file). */
function postedValues(form: FormData): CrewActionData["values"] {
  const values: NonNullable<CrewActionData["values"]> = {};
  for (const field of Object.values(CREW_FIELDS)) {
    const all = form.getAll(field).filter((v): v is string => typeof v === "string");
    if (all.length === 0) continue;
    values[field] = field === CREW_FIELDS.choice ? all.map((v) => v.slice(0, 200)) : all[0].slice(0, CREW_LIMITS.longText);
  }
  return values;
}

/** One crew-file item's form: the answer saved, or why not (in the page's language). */
async function crewAction(form: FormData, place: BookingPlace): Promise<ActionAnswer> {
  const itemId = String(form.get("itemId") ?? "").slice(0, 64);
  const saved = await saveCrewAnswer(db(), place.id, itemId, form);
  switch (saved.outcome) {
    case "saved":
      return { status: 200, body: { intent: "crew", itemId, outcome: "saved" } };
    case "invalid":
      return { status: 400, body: { intent: "crew", itemId, outcome: "invalid", errors: saved.errors, values: postedValues(form) } };
    case "locked":
      return { status: 409, body: { intent: "crew", itemId, outcome: "locked" } };
    case "closed":
      return { status: 409, body: { intent: "crew", itemId, outcome: "closed" } };
    case "unknown":
      return { status: 400, body: { intent: "crew", itemId, outcome: "unknown" } };
  }
}

/** The participant's own file of their crew file (their token only), or undefined. */
export async function placeCrewFile({ place }: PlaceBooking, fileId: string) {
  return openCrewFile(db(), place.id, fileId);
}

/** The participant's own calendar entry (its own UID), in the page's language. */
export function placeIcs({ place, registration, event }: PlaceBooking, locale: Locale): string {
  return calendarInvite(registration, event, locale, place.id);
}
