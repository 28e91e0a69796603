import type { Locale } from "~/i18n";
import { eventAction } from "~/lib/event-actions";
import type { InterestInput } from "~/schemas/interest";
import type { DbOrTx } from "../db/client.server";
import { eventInterest } from "../db/schema.server";
import { listedEventBySlug } from "../events/queries.server";
import { toEventView } from "../events/view.server";
import { log } from "../log.server";
import { deliverQueued } from "../mail/send.server";
import { queueInterestNotification } from "./notify.server";

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

  // The sign-up and the team's notice commit together (the outbox); delivered after the commit.
  const queued = await db.transaction(async (tx) => {
    const [saved] = await tx
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
    if (!saved) return undefined;
    const emailId = await queueInterestNotification(tx, event, {
      id: saved.id,
      name: args.input.name,
      email: args.input.email,
      message: args.input.message ?? null,
      locale: args.locale,
    });
    return { id: saved.id, emailId };
  });
  if (!queued) return { status: "duplicate" };
  const delivered = (await deliverQueued([queued.emailId])).get(queued.emailId);
  if (delivered === "failed") log.warn(`Interest ${queued.id}: team notification not delivered yet (e-mail ${queued.emailId} will be retried)`);
  return { status: "saved", id: queued.id, eventName: view.name, notification: delivered === "failed" ? "failed" : "sent" };
}
