import type { Locale } from "~/i18n";
import { eventAction } from "~/lib/event-actions";
import type { InterestInput } from "~/lib/interest-schema";
import type { DbOrTx } from "../db/client.server";
import { eventInterest } from "../db/schema.server";
import { listedEventBySlug } from "../events/queries.server";
import { toEventView } from "../events/view.server";
import { notifyTeamOfInterest } from "./notify.server";

export type InterestResult =
  | { status: "saved"; id: string; eventName: string; notification: "sent" | "failed" }
  | { status: "duplicate" }
  /** The event exists but takes no interest sign-ups (now). */
  | { status: "closed" }
  | { status: "not_found" };

/**
 * Saves an interest sign-up once per event and e-mail address (case-insensitive), then tells the
 * team. The unique index decides duplicates, so two simultaneous submissions store one row.
 */
export async function registerInterest(
  db: DbOrTx,
  args: { slug: string; input: InterestInput; locale: Locale; now: Date },
): Promise<InterestResult> {
  const event = await listedEventBySlug(db, args.slug);
  if (!event) return { status: "not_found" };
  const view = toEventView(event, args.locale, args.now);
  if (eventAction(view, args.now).kind !== "interest") return { status: "closed" };

  const [saved] = await db
    .insert(eventInterest)
    .values({
      eventId: event.id,
      name: args.input.name,
      email: args.input.email,
      message: args.input.message ?? null,
      locale: args.locale,
    })
    // Conflicts only on (event, lower(email)): the table's one unique index besides the key.
    .onConflictDoNothing()
    .returning({ id: eventInterest.id });
  if (!saved) return { status: "duplicate" };

  const notification = await notifyTeamOfInterest(event, {
    id: saved.id,
    name: args.input.name,
    email: args.input.email,
    message: args.input.message ?? null,
    locale: args.locale,
  });
  return { status: "saved", id: saved.id, eventName: view.name, notification };
}
