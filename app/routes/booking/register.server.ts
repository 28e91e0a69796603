import { parseWithZod } from "@conform-to/zod/v4";
import { eq, sql } from "drizzle-orm";
import type { RegisterActionData } from "~/schemas/registration";
import { isLocale, translate, type Locale } from "~/i18n";
import { requestLocale } from "~/i18n/locale.server";
import { makeRegistrationSchema } from "~/schemas/registration";
import { admittedFromWaitlist, isUnlocked } from "@server/access/unlock.server";
import { isPrivatePageKey } from "@server/access/pages.server";
import { now } from "@server/clock.server";
import { db, preparedStatement, type Database } from "@server/db/client.server";
import { readForm } from "@server/http/form.server";
import { sharedReadsByKey } from "@server/db/shared-reads.server";
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from "@server/db/timeouts.server";
import { events, type Event } from "@server/db/schema.server";
import { log } from "@server/log.server";
import { PaymentProviderError } from "@server/payments/provider.server";
import { RateLimiter } from "@server/security/rate-limit.server";
import { openCheckout, visitorCheckoutPath } from "@server/booking/checkout.server";
import { confirmationToken } from "@server/booking/reference.server";
import { deliverQueuedQuietly } from "@server/mail/send.server";
import { createRegistration, MAX_OPEN_HOLDS_PER_BOOKER, REFUSAL_MESSAGES } from "@server/booking/registration.server";
import { offerByToken } from "@server/waitlist/offers.server";
import { parseRegistrationAnswers } from "@server/crew/answers.server";

/** Registration posts per client address: generous for a family booking, tight for a script. */
export const registrationLimiter = new RateLimiter("registration", 20, 10 * 60_000);

export type RegisterAnswer =
  | { kind: "redirect"; location: string }
  | { kind: "answer"; status: number; data: RegisterActionData; headers?: Record<string, string> };

/**
 * The event of a registration post by its slug, and whether its form asks crew-file questions
 * (so a post for an event that asks none needs no read of them): a statement built once per
 * database, and read once per round trip for the posts that come in together (a burst when
 * registration opens): each post still gets a read that began after it arrived. The row is
 * shared: read, never change it.
 */
const eventBySlug = (database: Database) =>
  preparedStatement(database, "registration.event-by-slug", (d) => {
    // Written out: in a one-table select Drizzle leaves column names unqualified, and "id" would be the item's.
    const asksOnForm = sql<boolean>`exists (select 1 from crew_items ci where ci.event_id = "events"."id" and ci.asked = 'registration' and ci.archived_at is null)`;
    const statement = d
      .select({ event: events, asksOnForm })
      .from(events)
      .where(eq(events.slug, sql.placeholder("slug")))
      .limit(1)
      .prepare("registration_event_by_slug");
    return sharedReadsByKey(async (slug: string): Promise<{ event: Event; asksOnForm: boolean } | undefined> => (await statement.execute({ slug }))[0]);
  });

/**
 * An event a visitor may see the registration form of: not found for events of a private page
 * until this browser unlocked it (their data must not leak), and waiting-list events only for
 * holders of the page that admits them (the ARC's private registration).
 */
export async function eventForRegistration(request: Request, slug: string): Promise<{ event: Event; admitWaitlist: boolean; asksOnForm: boolean } | undefined> {
  const found = await eventBySlug(db())(slug);
  if (!found) return undefined;
  const { event, asksOnForm } = found;
  if (!event.listed && event.privatePageKey && isPrivatePageKey(event.privatePageKey) && !(await isUnlocked(request, event.privatePageKey))) {
    return undefined;
  }
  return { event, admitWaitlist: await admittedFromWaitlist(request, event), asksOnForm };
}

/** The form's schema, built once (building it costs more than checking a form); its birth-date rule reads the app clock. */
const registrationSchema = makeRegistrationSchema(now);

function failure(locale: Locale, description: string): RegisterActionData["failure"] {
  return { title: translate(locale, "booking.registrationFailed"), description };
}

/**
 * The registration action: rate limit, validate with the shared schema, register and hold a
 * place, then open the checkout (303 to it), or confirm a free event at once; on an event that
 * requires approval, take the application and show that it was received (decision 045). Every failure is an
 * answer with a message in the visitor's language, never a thrown error (except a body that is
 * no form at all: `readForm`'s short 400/413/415, which the request checks give before this runs).
 */
export async function registerFromForm(
  request: Request,
  slug: string | undefined,
  clientAddress: string,
  /** The offer link's token, when the form was posted to the offer's page. */
  options: { offerToken?: string } = {},
): Promise<RegisterAnswer> {
  const formData = await readForm(request);
  const posted = formData.get("locale");
  const locale: Locale = isLocale(posted) ? posted : await requestLocale(request);
  formData.delete("locale");
  // A registration through a waiting-list offer carries the offer link's token (a hidden field).
  const hiddenOffer = formData.get("offer");
  formData.delete("offer");
  const postedOffer = options.offerToken ?? (typeof hiddenOffer === "string" && hiddenOffer !== "" ? hiddenOffer : undefined);
  const offerMismatch = options.offerToken !== undefined && typeof hiddenOffer === "string" && hiddenOffer !== "" && hiddenOffer !== options.offerToken;

  const limit = await registrationLimiter.consume(clientAddress).catch((error: unknown) => {
    log.error("Registration: the rate limit could not be read", error);
    return undefined;
  });
  if (!limit) {
    return {
      kind: "answer",
      status: 503,
      data: { result: { status: "error", error: {} }, failure: failure(locale, translate(locale, "booking.registrationError")) },
    };
  }
  if (!limit.allowed) {
    return {
      kind: "answer",
      status: 429,
      data: { result: { status: "error", error: {} }, failure: failure(locale, translate(locale, "booking.error.tooMany")) },
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    };
  }

  const at = now();
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== "success") {
    return { kind: "answer", status: 400, data: { result: submission.reply() } };
  }

  try {
    // `asksOnForm`: whether the event's form asks crew-file questions (unknown through an offer: read then).
    let target: { eventId: string; admitWaitlist: boolean; offerId?: string };
    let asksOnForm = true;
    if (postedOffer !== undefined) {
      // The signed token proves the offer (and the event behind it, private or not); whether it
      // can still be used is decided under the event lock in createRegistration.
      const offer = offerMismatch ? undefined : await offerByToken(postedOffer);
      if (!offer || (slug !== undefined && offer.eventSlug !== slug)) {
        return { kind: "answer", status: 409, data: { result: submission.reply(), failure: failure(locale, translate(locale, "waitlist.offer.invalid")) } };
      }
      target = { eventId: offer.eventId, admitWaitlist: false, offerId: offer.offerId };
    } else {
      const found = slug === undefined ? undefined : await eventForRegistration(request, slug);
      if (!found) {
        return { kind: "answer", status: 404, data: { result: submission.reply(), failure: failure(locale, translate(locale, "booking.error.notFound")) } };
      }
      target = { eventId: found.event.id, admitWaitlist: found.admitWaitlist };
      asksOnForm = found.asksOnForm;
    }
    // The crew-file questions the form asks a booker who sails (issue 27): refused answers
    // change nothing and come back per item, in the visitor's language.
    const crew = asksOnForm ? await parseRegistrationAnswers(db(), target.eventId, formData, submission.value.bookerSails) : { ok: true as const, answers: [] };
    if (!crew.ok) {
      return {
        kind: "answer",
        status: 400,
        data: { result: submission.reply(), crewErrors: crew.errors, failure: failure(locale, translate(locale, "crew.registration.invalid")) },
      };
    }
    const created = await createRegistration(db(), {
      ...target,
      crewAnswers: crew.answers,
      input: submission.value,
      locale,
      now: at,
      clientAddress,
    });
    if (created.outcome === "refused") {
      return {
        kind: "answer",
        status: created.reason === "not_found" ? 404 : 409,
        data: { result: submission.reply(), failure: failure(locale, translate(locale, REFUSAL_MESSAGES[created.reason], { max: created.max ?? MAX_OPEN_HOLDS_PER_BOOKER, left: created.left ?? 0 })) },
      };
    }
    if (created.outcome === "applied") {
      // An application (decision 045): nothing to pay; its e-mails were queued with it.
      await deliverQueuedQuietly(created.emailIds);
      return {
        kind: "redirect",
        location: `/payment-success?applied=${encodeURIComponent(confirmationToken(created.registration.id))}&event_id=${created.event.id}`,
      };
    }
    const { registration, event, due } = created;
    if (created.outcome === "confirmed") {
      // Queued with the booking; delivered now, or by the retry worker if this fails.
      await deliverQueuedQuietly(created.emailIds);
      return {
        kind: "redirect",
        location: `/payment-success?confirmed=${encodeURIComponent(confirmationToken(registration.id))}&event_id=${event.id}`,
      };
    }
    try {
      const checkout = await openCheckout(registration, event, due);
      return { kind: "redirect", location: visitorCheckoutPath(checkout.provider, checkout) };
    } catch (error) {
      const providerMessage = error instanceof PaymentProviderError ? error.providerMessage : undefined;
      return {
        kind: "answer",
        status: 502,
        data: { result: submission.reply(), failure: failure(locale, providerMessage ?? translate(locale, "booking.checkoutFailed")) },
      };
    }
  } catch (error) {
    if (isDatabaseBusy(error)) {
      // The event's lock was not had in time (another transaction holds it too long), or a
      // statement ran out of time: nothing was saved, and the visitor may simply try again.
      log.warn(`Registration for ${slug ?? "an offer"}: the database was busy, answered "try again"`, error);
      return {
        kind: "answer",
        status: 503,
        data: { result: submission.reply(), failure: failure(locale, translate(locale, "booking.error.busy")) },
        headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
      };
    }
    log.error(`Registration for ${slug ?? "an offer"} failed`, error);
    return {
      kind: "answer",
      status: 503,
      data: { result: submission.reply(), failure: failure(locale, translate(locale, "booking.registrationError")) },
    };
  }
}
