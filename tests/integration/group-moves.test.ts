// @engine both: moves under two event locks, places summed in SQL on the target date
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { moveBooking } from "@server/booking/move.server";
import { setNowForTests } from "@server/clock.server";
import { events, registrations } from "@server/db/schema.server";
import { chooseMove, disruptEvent, participantDisruption } from "@server/disruptions/disruptions.server";
import { moveTargets } from "@server/events/admin.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, registrationRow } from "./booking-fixtures";

const DAY = 86_400_000;
const STAFF = { type: "staff" as const, userId: "user-7" };

/**
 * A group booking moves as a whole (decision 042): a date with fewer places free than the
 * booking holds is neither offered nor taken, by the staff's move or by the participant's choice
 * after a weather move; with enough places it moves, and the places go with it.
 */
describe("group bookings: moving a booking of several places", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-06-01T08:00:00Z");
  afterEach(() => setNowForTests(undefined));

  const training = (days: number, maxParticipants: number) =>
    insertEvent(NOW, {
      kind: "training",
      priceCents: 14_500,
      maxParticipants,
      maxPlacesPerBooking: 6,
      startDate: new Date(NOW.getTime() + days * DAY),
      endDate: new Date(NOW.getTime() + days * DAY + 8 * 3_600_000),
    });

  /** A confirmed booking of `places` places on the event (paid in full: the move keeps the money). */
  async function booked(eventId: string, places: number, name: string) {
    const [row] = await database
      .db()
      .insert(registrations)
      .values(
        registrationRow(eventId, {
          customerName: name,
          customerEmail: `${name.toLowerCase()}@example.com`,
          status: "confirmed",
          confirmedAt: NOW,
          places,
          priceCents: 14_500 * places,
          amountDueCents: 14_500 * places,
        }),
      )
      .returning();
    return row;
  }

  const eventOf = async (id: string) => (await database.db().select().from(registrations).where(eq(registrations.id, id)))[0].eventId;
  const taken = async (eventId: string) => (await placesTakenByEvent(database.db(), [eventId], NOW)).get(eventId) ?? 0;

  it("the staff move: a booking of 4 cannot move to a date with 3 places left, can to one with 4", async () => {
    setNowForTests(NOW);
    const from = await training(30, 8);
    const group = await booked(from.id, 4, "Groep");
    const three = await training(40, 6);
    await booked(three.id, 3, "Drie");
    const four = await training(41, 6);
    await booked(four.id, 2, "Twee");

    // Neither listed nor taken where it does not fit, though a place is left there.
    const targets = await moveTargets(database.db(), { event: from, priceCents: group.priceCents, places: group.places }, NOW);
    expect(targets.map((t) => t.id)).toEqual([four.id]);
    expect(targets[0].placesLeft).toBe(4);
    expect((await moveBooking({ registrationId: group.id, toEventId: three.id, actor: STAFF })).outcome).toBe("full");
    expect(await eventOf(group.id)).toBe(from.id);
    expect(await taken(three.id)).toBe(3);

    expect((await moveBooking({ registrationId: group.id, toEventId: four.id, actor: STAFF })).outcome).toBe("moved");
    expect(await eventOf(group.id)).toBe(four.id);
    // All four places went with it: the target is full, the old date has its places back.
    expect(await taken(four.id)).toBe(6);
    expect(await taken(from.id)).toBe(0);
    // A single booking now finds no place on the date the group filled.
    const single = await booked(from.id, 1, "Eentje");
    expect((await moveBooking({ registrationId: single.id, toEventId: four.id, actor: STAFF })).outcome).toBe("full");
  });

  it("after a weather move, the participant's choice of another date needs the group's places too", async () => {
    setNowForTests(NOW);
    const day = await training(20, 8);
    const group = await booked(day.id, 4, "Zeilers");
    const three = await training(45, 5);
    await booked(three.id, 2, "Paar");
    const four = await training(46, 5);
    await booked(four.id, 1, "Solo");

    const moved = await disruptEvent({
      eventId: day.id,
      kind: "moved",
      newStart: new Date(NOW.getTime() + 36 * DAY),
      newEnd: new Date(NOW.getTime() + 36 * DAY + 8 * 3_600_000),
      messageNl: "Te veel wind.",
      messageEn: "Too much wind.",
      actor: STAFF,
    });
    expect(moved.outcome).toBe("disrupted");
    const newEventId = moved.outcome === "disrupted" ? moved.newEventId! : "";

    // The page offers the new date (8 places, all free) and the date with 4 free, not the one with 3
    // (the other tests' dates of this kind may be offered too).
    const offered = (await participantDisruption(database.db(), group.id, NOW))?.targets.map((t) => t.id) ?? [];
    expect(offered).toEqual(expect.arrayContaining([newEventId, four.id]));
    expect(offered).not.toContain(three.id);
    expect((await chooseMove({ registrationId: group.id, toEventId: three.id, actor: STAFF })).outcome).toBe("full");
    expect(await eventOf(group.id)).toBe(day.id);
    expect((await chooseMove({ registrationId: group.id, toEventId: four.id, actor: STAFF })).outcome).toBe("moved");
    expect(await eventOf(group.id)).toBe(four.id);
    expect(await taken(four.id)).toBe(5);
  });

  it("the team's new date of a group's own date is refused when it has fewer places than the group", async () => {
    setNowForTests(NOW);
    const day = await training(20, 8);
    const group = await booked(day.id, 5, "Vijf");
    const moved = await disruptEvent({
      eventId: day.id,
      kind: "moved",
      newStart: new Date(NOW.getTime() + 37 * DAY),
      newEnd: new Date(NOW.getTime() + 37 * DAY + 8 * 3_600_000),
      messageNl: "Storm.",
      messageEn: "Storm.",
      actor: STAFF,
    });
    const newEventId = moved.outcome === "disrupted" ? moved.newEventId! : "";
    // The team makes the new date smaller than the group (a smaller boat): 4 places.
    await database.db().update(events).set({ maxParticipants: 4 }).where(eq(events.id, newEventId));
    expect((await participantDisruption(database.db(), group.id, NOW))?.targets.map((t) => t.id)).not.toContain(newEventId);
    expect((await chooseMove({ registrationId: group.id, actor: STAFF })).outcome).toBe("full");
    await database.db().update(events).set({ maxParticipants: 5 }).where(eq(events.id, newEventId));
    expect((await chooseMove({ registrationId: group.id, actor: STAFF })).outcome).toBe("moved");
    expect(await taken(newEventId)).toBe(5);
  });
});
