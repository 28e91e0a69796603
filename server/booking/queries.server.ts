import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { events, registrations } from "../db/schema.server";

/** A registration with its event (the e-mails about it and its invoices need both). */
export async function bookingWithEvent(tx: DbOrTx, registrationId: string) {
  const [row] = await tx
    .select({ registration: registrations, event: events })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row) throw new Error(`Registration ${registrationId} not found`);
  return row;
}
