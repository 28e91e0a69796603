import { and, asc, count, desc, eq, inArray, lt, or, type SQL } from "drizzle-orm";
import type { Locale } from "~/i18n";
import { eventAction } from "~/lib/event-actions";
import type { WaitlistInput } from "~/schemas/waitlist";
import { audit, PARTICIPANT, type Actor } from "../audit/audit.server";
import { REASON } from "../audit/reasons.server";
import type { Database } from "../db/client.server";
import { idFromSignedToken } from "../booking/manage-link.server";
import { events, waitlistEntries, waitlistOffers, type Event, type WaitlistEntry, type WaitlistOffer } from "../db/schema.server";
import { placesTakenByEvent } from "../events/queries.server";
import { toEventView } from "../events/view.server";
import { log } from "../log.server";
import { deliverQueued } from "../mail/send.server";
import { queueWaitlistJoined, queueWaitlistTeamNotice } from "./emails.server";
import { offerFreedPlaces } from "./offers.server";
import { closeOfferLocked } from "./settle.server";

/**
 * Whether visitors may join the event's waiting list now: it shows "Fully booked" (no places
 * left, counting the places open offers hold) or it is a waiting-list event, and it is not
 * finished, running or cancelled (the action table's precedence puts those first).
 */
export async function acceptsWaitlist(database: Database, event: Event, locale: Locale, at: Date): Promise<boolean> {
  const taken = event.maxParticipants === null ? 0 : ((await placesTakenByEvent(database, [event.id], at)).get(event.id) ?? 0);
  const kind = eventAction(toEventView(event, locale, at, taken), at).kind;
  return kind === "fully_booked" || kind === "waitlist";
}

export type JoinResult =
  | { status: "joined"; entry: WaitlistEntry; position: number; delivered: boolean }
  /** This e-mail address is already waiting (or has an open offer) for this event. */
  | { status: "duplicate" }
  /** The event has places, or is over, running or cancelled: no waiting list. */
  | { status: "closed" }
  /** A party larger than one booking of this event may be (its offer could never become a booking). */
  | { status: "too_many_places"; max: number };

/**
 * Puts a person in line: once per event and e-mail address while waiting or offered (the
 * partial unique index decides, so two simultaneous posts store one row). The entry, its audit
 * row, the person's confirmation and the team's notice commit together; the e-mails are
 * delivered after the commit (or by the retry worker).
 */
export async function joinWaitlist(
  database: Database,
  args: { event: Event; input: WaitlistInput; locale: Locale; now: Date },
): Promise<JoinResult> {
  const { event, input, locale, now } = args;
  // An offer of N places becomes one booking of N places: a party is at most one booking's size.
  if (input.places > event.maxPlacesPerBooking) return { status: "too_many_places", max: event.maxPlacesPerBooking };
  if (!(await acceptsWaitlist(database, event, locale, now))) return { status: "closed" };
  const queued = await database.transaction(async (tx) => {
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        eventId: event.id,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        places: input.places,
        message: input.message ?? null,
        locale,
        status: "waiting",
        // createdAt is the database's clock at insert: the order of the line, first come first served.
      })
      // Conflicts only on (event, lower(email)) while waiting or offered: the table's one unique index besides the key.
      .onConflictDoNothing()
      .returning();
    if (!entry) return undefined;
    await audit(tx, {
      entityType: "waitlist_entry",
      entityId: entry.id,
      eventId: event.id,
      action: "waitlist_entry.joined",
      changes: { status: { from: null, to: "waiting" }, places: { from: null, to: entry.places } },
      actor: PARTICIPANT,
      at: now,
    });
    const position = await positionOf(tx, entry);
    const emailIds = [await queueWaitlistJoined(tx, entry, event), await queueWaitlistTeamNotice(tx, entry, event, position)];
    return { entry, position, emailIds };
  });
  if (!queued) return { status: "duplicate" };
  const results = await deliverQueued(queued.emailIds);
  const delivered = [...results.values()].every((r) => r !== "failed");
  if (!delivered) log.warn(`Waiting-list entry ${queued.entry.id}: an e-mail was not delivered yet (it will be retried)`);
  return { status: "joined", entry: queued.entry, position: queued.position, delivered };
}

/** Where an entry stands among those still waiting or offered (1 = first in line). */
async function positionOf(database: Pick<Database, "select">, entry: WaitlistEntry): Promise<number> {
  const before: SQL = or(
    lt(waitlistEntries.createdAt, entry.createdAt),
    and(eq(waitlistEntries.createdAt, entry.createdAt), lt(waitlistEntries.id, entry.id)),
  )!;
  const [row] = await database
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, entry.eventId), inArray(waitlistEntries.status, ["waiting", "offered"]), before));
  return Number(row?.n ?? 0) + 1;
}

export type RemoveResult = { status: "removed"; offered: number } | { status: "not_found" } | { status: "not_in_line" };

/**
 * Staff take someone off the list: the entry is removed and an open offer of theirs withdrawn
 * (both audited); the places that offer held go to the next in line at once.
 */
export async function removeEntry(database: Database, entryId: string, actor: Actor, at: Date, reason?: string): Promise<RemoveResult> {
  const [found] = await database.select({ eventId: waitlistEntries.eventId }).from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).limit(1);
  if (!found) return { status: "not_found" };
  const outcome = await database.transaction(async (tx) => {
    // Under the event lock, as every change of an offer: no registration can be counting it meanwhile.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, found.eventId)).for("update");
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
    if (!entry || (entry.status !== "waiting" && entry.status !== "offered")) return { status: "not_in_line" as const, withdrew: false };
    const open = await tx.select().from(waitlistOffers).where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, "open")));
    for (const offer of open) await closeOfferLocked(tx, offer, "withdrawn", at, actor, reason ?? REASON.removedFromWaitlist);
    await tx.update(waitlistEntries).set({ status: "removed", updatedAt: at }).where(eq(waitlistEntries.id, entry.id));
    await audit(tx, {
      entityType: "waitlist_entry",
      entityId: entry.id,
      eventId: entry.eventId,
      action: "waitlist_entry.removed",
      changes: { status: { from: entry.status, to: "removed" } },
      actor,
      reason: reason ?? null,
      at,
    });
    return { status: "removed" as const, withdrew: open.length > 0 };
  });
  if (outcome.status !== "removed") return { status: outcome.status };
  // A withdrawn offer's places are free again: offer them on (after the commit, in a transaction of its own).
  const offered = outcome.withdrew ? (await offerFreedPlaces(found.eventId, actor)).offered : 0;
  return { status: "removed", offered };
}

export type WaitlistRow = WaitlistEntry & {
  /** 1, 2, … among those waiting or offered, in the order they joined; null for the others. */
  position: number | null;
  /** The entry's open offer, or its latest closed one. */
  offer: Pick<WaitlistOffer, "id" | "status" | "places" | "expiresAt" | "createdBy" | "closedAt"> | null;
};

/**
 * An event's waiting list for the admin: those in line first, in order (the order offers follow),
 * then the ones who booked, lapsed or were removed, most recent first.
 */
export async function waitlistForEvent(database: Database, eventId: string): Promise<WaitlistRow[]> {
  const entries = await database
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.eventId, eventId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const offers = await database
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.eventId, eventId))
    .orderBy(desc(waitlistOffers.createdAt));
  const offerOf = new Map<string, WaitlistOffer>();
  for (const offer of offers) {
    const current = offerOf.get(offer.entryId);
    // The open one wins; otherwise the latest (offers come newest first).
    if (!current || (offer.status === "open" && current.status !== "open")) offerOf.set(offer.entryId, offer);
  }
  let position = 0;
  const inLine: WaitlistRow[] = [];
  const others: WaitlistRow[] = [];
  for (const entry of entries) {
    const offer = offerOf.get(entry.id) ?? null;
    const row = { ...entry, offer, position: null as number | null };
    if (entry.status === "waiting" || entry.status === "offered") inLine.push({ ...row, position: ++position });
    else others.push(row);
  }
  return [...inLine, ...others.reverse()];
}

/** How many people are in line (waiting or holding an offer) for an event: the admin's link shows it. */
export async function waitlistCount(database: Database, eventId: string): Promise<number> {
  const [row] = await database
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, eventId), inArray(waitlistEntries.status, ["waiting", "offered"])));
  return Number(row?.n ?? 0);
}

export type LeaveLink =
  | { kind: "in-line"; entry: WaitlistEntry; event: Event; offer: Pick<WaitlistOffer, "places" | "expiresAt"> | null }
  /** Off the line already: left, removed, lapsed or booked. */
  | { kind: "not-in-line"; entry: WaitlistEntry; event: Event }
  | { kind: "invalid" };

/** What a leave link names: the entry (and its open offer) while in line, or that it is not. */
export async function leaveLinkByToken(database: Database, token: string): Promise<LeaveLink> {
  const entryId = idFromSignedToken("waitlist-leave", token);
  if (!entryId) return { kind: "invalid" };
  const [row] = await database
    .select({ entry: waitlistEntries, event: events })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(eq(waitlistEntries.id, entryId))
    .limit(1);
  if (!row) return { kind: "invalid" };
  if (row.entry.status !== "waiting" && row.entry.status !== "offered") return { kind: "not-in-line", ...row };
  const [offer] = await database
    .select({ places: waitlistOffers.places, expiresAt: waitlistOffers.expiresAt })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, "open")))
    .limit(1);
  return { kind: "in-line", ...row, offer: offer ?? null };
}

/**
 * The person leaves the line by the link in their e-mail (after confirming on the page): the
 * entry is removed and an open offer of theirs declined (withdrawn), each with an audit row by
 * the participant; the places that offer held go to the next in line at once.
 */
export async function leaveWaitlist(database: Database, token: string, at: Date): Promise<RemoveResult | { status: "invalid" }> {
  const entryId = idFromSignedToken("waitlist-leave", token);
  if (!entryId) return { status: "invalid" };
  return removeEntry(database, entryId, PARTICIPANT, at, "left the waiting list by the link in the e-mail");
}
