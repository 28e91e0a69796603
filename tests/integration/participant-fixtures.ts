import type { Database } from "@server/db/client.server";
import { createRegistration } from "@server/booking/registration.server";
import { openCheckout } from "@server/booking/checkout.server";
import { setNowForTests } from "@server/clock.server";
import type { Event } from "@server/db/schema.server";
import type { ParticipantInput, RegistrationInput } from "~/schemas/registration";
import { namedParticipant, participant } from "./booking-fixtures";

export { namedParticipant };

/** A group booking's form: booker n (who sails) and the named others. */
export function groupInput(n: number, others: ParticipantInput[], bookerSails = true): RegistrationInput {
  const base = participant(n);
  return {
    ...base,
    customerName: `Boeker ${n}`,
    places: others.length + (bookerSails ? 1 : 0),
    bookerSails,
    participants: others,
    ...(bookerSails ? {} : { birthDate: undefined, nextOfKinName: undefined, nextOfKinPhone: undefined }),
  };
}

/** Registers a group on a paid event and opens its checkout: the hold and its session. */
export async function heldGroup(database: Database, event: Event, input: RegistrationInput, at: Date, locale: "nl" | "en" = "nl") {
  setNowForTests(at);
  const created = await createRegistration(database, { eventId: event.id, input, locale, now: at });
  if (created.outcome !== "held") throw new Error(`expected a hold, got ${created.outcome}`);
  const session = await openCheckout(created.registration, created.event, created.due);
  return { registration: created.registration, sessionId: session.sessionId };
}
