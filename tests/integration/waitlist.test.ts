// @engine both: waiting list offers and expiry: places counted in transactions
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { action as joinAction } from "~/routes/waitlist/join";
import { action as offerAction, loader as offerLoader } from "~/routes/waitlist/offer";
import type { WaitlistActionData } from "~/components/waitlist-form";
import type { WaitlistInput } from "~/schemas/waitlist";
import { SYSTEM } from "@server/audit/audit.server";
import { managePath, signedIdToken } from "@server/booking/manage-link.server";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import { auditLog, emails, registrations, waitlistEntries, waitlistOffers, type Event } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { action as leaveAction, loader as leaveLoader } from "~/routes/waitlist/leave";
import { joinWaitlist, removeEntry, waitlistForEvent } from "@server/waitlist/entries.server";
import { leavePath } from "@server/waitlist/emails.server";
import { lapseExpiredOffers, offerFreedPlaces, OFFER_MS, runWaitlistOffers, sendOfferByHand } from "@server/waitlist/offers.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { insertEvent, participant, participantForm } from "./booking-fixtures";

const TEAM = "team@oceanracing.test";
const NOW = new Date("2026-03-02T10:00:00Z");
const JOB = SYSTEM("test");

function person(n: number, places = 1, overrides: Partial<WaitlistInput> = {}): WaitlistInput {
  return { name: `Wachtende ${n}`, email: `wacht${n}@example.com`, phone: undefined, places, message: undefined, ...overrides };
}

let address = 0;
const nextAddress = () => `10.9.0.${++address}`;

describe("the waiting list", () => {
  const database = useTestDatabase();

  beforeEach(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent", TEAM_EMAIL: TEAM });
    setNowForTests(NOW);
  });
  afterEach(() => setNowForTests(undefined));

  /** A free event (registrations confirm at once) with `max` places, all taken by confirmed registrations. */
  async function fullFreeEvent(max: number, overrides: Parameters<typeof insertEvent>[1] = {}): Promise<{ event: Event; registrationIds: string[] }> {
    const event = await insertEvent(NOW, { maxParticipants: max, priceCents: 0, depositPercent: 0, ...overrides });
    const registrationIds: string[] = [];
    for (let i = 0; i < max; i++) {
      const made = await createRegistration(database.db(), { eventId: event.id, input: participant(1000 + i), locale: "nl", now: NOW, admitWaitlist: true });
      if (made.outcome !== "confirmed") throw new Error(`expected a confirmed registration, got ${made.outcome}`);
      registrationIds.push(made.registration.id);
    }
    return { event, registrationIds };
  }

  /** Frees `n` places by cancelling confirmed registrations (the cancellation itself is another module's). */
  async function cancel(ids: string[]) {
    await database.db().update(registrations).set({ status: "cancelled" }).where(inArray(registrations.id, ids));
  }

  async function join(event: Event, input: WaitlistInput, locale: "nl" | "en" = "nl") {
    const result = await joinWaitlist(database.db(), { event, input, locale, now: NOW });
    if (result.status !== "joined") throw new Error(`expected joined, got ${result.status}`);
    return result.entry;
  }

  async function entry(id: string) {
    const [row] = await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
    return row;
  }

  async function openOffers(eventId: string) {
    return database
      .db()
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.eventId, eventId), eq(waitlistOffers.status, "open")))
      .orderBy(asc(waitlistOffers.createdAt));
  }

  async function taken(eventId: string, at = NOW) {
    return (await placesTakenByEvent(database.db(), [eventId], at)).get(eventId) ?? 0;
  }

  async function postJoin(slug: string, fields: Record<string, string>, lang: "nl" | "en" = "nl", clientAddress = nextAddress()) {
    const request = formRequest(`/events/${slug}/waitlist`, fields, { "accept-language": lang === "en" ? "en-GB" : "nl-NL" });
    const result = await joinAction({ request, params: { slug }, context: testContext(clientAddress) } as unknown as Parameters<typeof joinAction>[0]);
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: undefined };
    const init = result as unknown as { data: WaitlistActionData; init: ResponseInit | null };
    return { status: init.init?.status ?? 200, location: null, body: init.data };
  }

  describe("joining", () => {
    it("puts a person in line for a full event, audits it and e-mails them (in their language) and the team", async () => {
      const { event } = await fullFreeEvent(2);
      const result = await joinWaitlist(database.db(), { event, input: person(1, 2, { phone: "+31 6 1234 5678", message: "Met mijn zoon" }), locale: "en", now: NOW });
      expect(result.status).toBe("joined");
      if (result.status !== "joined") return;
      expect(result.position).toBe(1);
      expect(result.entry).toMatchObject({ status: "waiting", places: 2, locale: "en", phone: "+31 6 1234 5678", message: "Met mijn zoon" });

      const trail = await database.db().select().from(auditLog).where(eq(auditLog.entityId, result.entry.id));
      expect(trail).toEqual([expect.objectContaining({ entityType: "waitlist_entry", action: "waitlist_entry.joined", eventId: event.id, actorType: "participant" })]);

      const mail = await database.db().select().from(emails).where(eq(emails.relatedId, result.entry.id));
      const toPerson = mail.find((m) => m.template === "waitlist-joined");
      const toTeam = mail.find((m) => m.template === "waitlist-team");
      expect(toPerson).toMatchObject({ to: "wacht1@example.com", locale: "en", subject: "You are on the waiting list for Test sailing day" });
      expect(toTeam).toMatchObject({ to: TEAM, locale: "nl", subject: "Wachtlijst: Wachtende 1 voor Testzeildag" });
      expect(toTeam?.text).toContain("Met mijn zoon");
    });

    it("refuses an event that still has places, or is cancelled or over ('closed')", async () => {
      const open = await insertEvent(NOW, { maxParticipants: 5 });
      const cancelled = await insertEvent(NOW, { maxParticipants: 0, status: "cancelled" });
      const finished = await insertEvent(NOW, { maxParticipants: 0, status: "completed" });
      for (const event of [open, cancelled, finished]) {
        expect(await joinWaitlist(database.db(), { event, input: person(2), locale: "nl", now: NOW })).toEqual({ status: "closed" });
      }
      // A waiting-list event takes sign-ups with places left: the list is how it is booked.
      const waitlistMode = await insertEvent(NOW, { maxParticipants: 5, bookingMode: "waitlist" });
      expect((await joinWaitlist(database.db(), { event: waitlistMode, input: person(2), locale: "nl", now: NOW })).status).toBe("joined");
    });

    it("says 'already on the waiting list' to a second sign-up with the same e-mail (any case), also through the form", async () => {
      const { event } = await fullFreeEvent(1);
      await join(event, person(3));
      expect(await joinWaitlist(database.db(), { event, input: person(3, 1, { email: "WACHT3@Example.com" }), locale: "nl", now: NOW })).toEqual({ status: "duplicate" });

      const answer = await postJoin(event.slug, { name: "Wachtende 3", email: "Wacht3@example.com", places: "1", inline: "1", locale: "en" }, "en");
      expect(answer.status).toBe(200);
      expect(answer.body?.outcome).toEqual({ status: "duplicate" });
      expect(await database.db().$count(waitlistEntries, eq(waitlistEntries.eventId, event.id))).toBe(1);
    });

    it("answers a form without JavaScript with a redirect (303), and bad fields with 400 and the message keys", async () => {
      const { event } = await fullFreeEvent(1);
      const joined = await postJoin(event.slug, { name: "Noor", email: "noor@example.com", places: "4" });
      expect(joined).toMatchObject({ status: 303, location: `/events/${event.slug}/waitlist?joined=1` });

      const bad = await postJoin(event.slug, { name: " ", email: "noor@", places: "21", phone: "abc" });
      expect(bad.status).toBe(400);
      expect(bad.body?.reply?.error).toMatchObject({
        name: ["waitlist.form.nameRequired"],
        email: ["waitlist.form.invalidEmail"],
        places: ["waitlist.form.invalidPlaces"],
        phone: ["waitlist.form.invalidPhone"],
      });
    });

    it("rate-limits the form per client address (429 with Retry-After)", async () => {
      const { event } = await fullFreeEvent(1);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await postJoin(event.slug, { name: "Bot", email: `bot${i}@example.com`, places: "1" }, "nl", "10.9.9.9")).status);
      expect(statuses.slice(0, 10).every((s) => s === 303)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe("offers", () => {
    it("offers freed places to the first in line whose party fits, in order, holding them for 48 hours", async () => {
      const { event, registrationIds } = await fullFreeEvent(4);
      const first = await join(event, person(10, 3)); // wants 3
      const second = await join(event, person(11, 1)); // wants 1
      const third = await join(event, person(12, 2)); // wants 2
      expect(await offerFreedPlaces(event.id, JOB)).toEqual({ offered: 0 });

      await cancel(registrationIds.slice(0, 1));
      // One place: the first (3) does not fit, the second (1) does.
      expect(await offerFreedPlaces(event.id, JOB)).toEqual({ offered: 1 });
      expect((await entry(first.id)).status).toBe("waiting");
      expect((await entry(second.id)).status).toBe("offered");
      const [offer] = await openOffers(event.id);
      expect(offer).toMatchObject({ entryId: second.id, places: 1, createdBy: "system" });
      // The pinned clock runs on from NOW, so compare with the offer's own start.
      expect(offer.expiresAt.getTime() - offer.createdAt.getTime()).toBe(OFFER_MS);
      expect(OFFER_MS).toBe(48 * 3_600_000);
      // The held place counts as taken: the event is full for everyone else.
      expect(await taken(event.id)).toBe(4);

      // Called again (another instance, the job): nothing more to offer.
      expect(await offerFreedPlaces(event.id, JOB)).toEqual({ offered: 0 });

      await cancel(registrationIds.slice(1, 4));
      // Three places free: the first in line (3) fits now and comes before the third (2).
      expect(await offerFreedPlaces(event.id, JOB)).toEqual({ offered: 1 });
      expect((await entry(first.id)).status).toBe("offered");
      expect((await entry(third.id)).status).toBe("waiting");

      const offerMail = await database.db().select().from(emails).where(and(eq(emails.template, "waitlist-offer"), eq(emails.to, "wacht11@example.com")));
      expect(offerMail).toHaveLength(1);
      expect(offerMail[0].text).toMatch(/\/waitlist\/offer\/[A-Za-z0-9_-]{44}/);
      const offerAudit = await database.db().select().from(auditLog).where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, "waitlist_offer.created")));
      expect(offerAudit).toHaveLength(2);
    });

    it("lapses an unanswered offer after 48 hours (clock pinned) and offers the places to the next in line", async () => {
      const { event, registrationIds } = await fullFreeEvent(2);
      const first = await join(event, person(20));
      const second = await join(event, person(21));
      await cancel(registrationIds.slice(0, 1));
      await offerFreedPlaces(event.id, JOB);
      expect((await entry(first.id)).status).toBe("offered");
      const [offer] = await openOffers(event.id);

      const justBefore = new Date(offer.expiresAt.getTime() - 1000);
      setNowForTests(justBefore);
      // (The other tests' offers share this database and may lapse too: what counts is this one.)
      await lapseExpiredOffers(justBefore);
      expect((await entry(first.id)).status).toBe("offered");
      // Still held: a registration from outside the offer is refused.
      const outsider = await createRegistration(database.db(), { eventId: event.id, input: participant(77), locale: "nl", now: justBefore });
      expect(outsider).toEqual({ outcome: "refused", reason: "full" });

      const at = offer.expiresAt;
      setNowForTests(at);
      expect(await lapseExpiredOffers(at)).toBeGreaterThanOrEqual(1);
      expect((await entry(first.id)).status).toBe("lapsed");
      const lapsedAudit = await database.db().select().from(auditLog).where(and(eq(auditLog.entityId, first.id), eq(auditLog.action, "waitlist_entry.lapsed")));
      expect(lapsedAudit).toEqual([expect.objectContaining({ actorType: "system", actorId: "waitlist-offers" })]);
      // The job's run passes the place on (it also serves the other tests' events in this database).
      expect((await runWaitlistOffers()).offered).toBeGreaterThanOrEqual(1);
      expect((await entry(second.id)).status).toBe("offered");
    });

    it("lets staff send an offer by hand only when the party fits in the free places", async () => {
      const { event, registrationIds } = await fullFreeEvent(3);
      const first = await join(event, person(30));
      const second = await join(event, person(31, 2));
      const staff = { type: "staff" as const, userId: "admin-1" };
      expect(await sendOfferByHand(second.id, staff)).toEqual({ status: "refused", reason: "no_room", freePlaces: 0 });

      await cancel(registrationIds.slice(0, 2));
      // By hand, out of order: the second person gets it although the first is in line.
      const sent = await sendOfferByHand(second.id, staff);
      expect(sent.status).toBe("offered");
      const [offer] = await openOffers(event.id);
      expect(offer).toMatchObject({ entryId: second.id, places: 2, createdBy: "staff:admin-1" });
      expect(await sendOfferByHand(second.id, staff)).toEqual({ status: "refused", reason: "not_waiting" });
      expect(await sendOfferByHand(first.id, staff)).toEqual({ status: "refused", reason: "no_room", freePlaces: 0 });
      const trail = await database.db().select().from(auditLog).where(eq(auditLog.entityId, offer.id));
      expect(trail[0]).toMatchObject({ action: "waitlist_offer.created", actorType: "staff", actorId: "admin-1" });
    });

    it("withdraws an open offer when staff remove the person, and offers its places to the next in line", async () => {
      const { event, registrationIds } = await fullFreeEvent(1);
      const first = await join(event, person(40));
      const second = await join(event, person(41));
      await cancel(registrationIds);
      await offerFreedPlaces(event.id, JOB);
      const staff = { type: "staff" as const, userId: "admin-2" };
      expect(await removeEntry(database.db(), first.id, staff, NOW)).toEqual({ status: "removed", offered: 1 });
      expect((await entry(first.id)).status).toBe("removed");
      expect((await entry(second.id)).status).toBe("offered");
      const withdrawn = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, first.id));
      expect(withdrawn.map((o) => o.status)).toEqual(["withdrawn"]);
      expect(await removeEntry(database.db(), first.id, staff, NOW)).toEqual({ status: "not_in_line" });

      const list = await waitlistForEvent(database.db(), event.id);
      expect(list.map((r) => [r.email, r.position, r.status, r.offer?.status])).toEqual([
        ["wacht41@example.com", 1, "offered", "open"],
        ["wacht40@example.com", null, "removed", "withdrawn"],
      ]);
    });

    it("keeps freed places for the list: while someone waiting fits, outsiders are refused until the offer is made", async () => {
      const { event, registrationIds } = await fullFreeEvent(2);
      await join(event, person(50));
      await cancel(registrationIds.slice(0, 1));
      const outsider = await createRegistration(database.db(), { eventId: event.id, input: participant(51), locale: "nl", now: NOW });
      expect(outsider).toEqual({ outcome: "refused", reason: "full" });
    });
  });

  describe("acceptance", () => {
    it("books the held places through the offer, then the offer is accepted and the entry booked; nobody else takes them", async () => {
      const { event, registrationIds } = await fullFreeEvent(3);
      const waiting = await join(event, person(60, 2));
      await cancel(registrationIds.slice(0, 2));
      await offerFreedPlaces(event.id, JOB);
      const [offer] = await openOffers(event.id);

      const outsider = await createRegistration(database.db(), { eventId: event.id, input: participant(61), locale: "nl", now: NOW });
      expect(outsider).toEqual({ outcome: "refused", reason: "full" });

      const one = await createRegistration(database.db(), { eventId: event.id, input: participant(62), locale: "nl", now: NOW, offerId: offer.id });
      expect(one.outcome).toBe("confirmed");
      if (one.outcome !== "confirmed") return;
      expect(one.registration.waitlistOfferId).toBe(offer.id);
      expect((await openOffers(event.id)).map((o) => o.id)).toEqual([offer.id]);
      // One place still held for the offer, so still full for outsiders.
      expect(await taken(event.id)).toBe(3);

      const two = await createRegistration(database.db(), { eventId: event.id, input: participant(63), locale: "en", now: NOW, offerId: offer.id });
      expect(two.outcome).toBe("confirmed");
      const [closed] = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offer.id));
      expect(closed.status).toBe("accepted");
      expect((await entry(waiting.id)).status).toBe("booked");
      // Used up: a third registration through it is refused.
      const three = await createRegistration(database.db(), { eventId: event.id, input: participant(64), locale: "nl", now: NOW, offerId: offer.id });
      expect(three).toEqual({ outcome: "refused", reason: "offer_invalid" });

      const created = await database.db().select().from(auditLog).where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, "registration.created")));
      expect(created.length).toBe(3 + 2);
      expect(created.every((row) => row.actorType === "participant")).toBe(true);
      const booked = await database.db().select().from(auditLog).where(and(eq(auditLog.entityId, waiting.id), eq(auditLog.action, "waitlist_entry.booked")));
      expect(booked).toHaveLength(1);
    });

    it("admits a registration through an offer on a waiting-list event, and refuses an offer of another event or after it lapsed", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 2, bookingMode: "waitlist", priceCents: 0, depositPercent: 0 });
      const other = await insertEvent(NOW, { maxParticipants: 2, bookingMode: "waitlist", priceCents: 0, depositPercent: 0 });
      await join(event, person(70));
      await join(event, person(71));
      expect(await offerFreedPlaces(event.id, JOB)).toEqual({ offered: 2 });
      const [offerA, offerB] = await openOffers(event.id);
      // Waiting-list only: without an offer, no registration.
      expect(await createRegistration(database.db(), { eventId: event.id, input: participant(72), locale: "nl", now: NOW })).toEqual({ outcome: "refused", reason: "not_bookable" });
      expect(await createRegistration(database.db(), { eventId: other.id, input: participant(72), locale: "nl", now: NOW, offerId: offerA.id })).toEqual({ outcome: "refused", reason: "offer_invalid" });
      expect((await createRegistration(database.db(), { eventId: event.id, input: participant(72), locale: "nl", now: NOW, offerId: offerA.id })).outcome).toBe("confirmed");

      const late = offerB.expiresAt;
      expect(await createRegistration(database.db(), { eventId: event.id, input: participant(73), locale: "nl", now: late, offerId: offerB.id })).toEqual({ outcome: "refused", reason: "offer_invalid" });
    });

    it("completes an offer on a paid event when the hold made through it is paid (the job settles it)", async () => {
      const event = await insertEvent(NOW, { maxParticipants: 1 });
      const filler = await createRegistration(database.db(), { eventId: event.id, input: participant(80), locale: "nl", now: NOW });
      if (filler.outcome !== "held") throw new Error("expected a hold");
      await database.db().update(registrations).set({ status: "confirmed" }).where(eq(registrations.id, filler.registration.id));
      const waiting = await join(event, person(81));
      await cancel([filler.registration.id]);
      await offerFreedPlaces(event.id, JOB);
      const [offer] = await openOffers(event.id);
      const held = await createRegistration(database.db(), { eventId: event.id, input: participant(82), locale: "nl", now: NOW, offerId: offer.id });
      expect(held.outcome).toBe("held");
      if (held.outcome !== "held") return;
      // The hold is not a booking yet: the offer stays open.
      await runWaitlistOffers();
      expect((await entry(waiting.id)).status).toBe("offered");
      await database.db().update(registrations).set({ status: "confirmed" }).where(eq(registrations.id, held.registration.id));
      await runWaitlistOffers();
      expect((await entry(waiting.id)).status).toBe("booked");
    });
  });

  describe("the offer link", () => {
    async function load(token: string, clientAddress = nextAddress()) {
      const request = new Request(`http://localhost/waitlist/offer/${token}`, { headers: { "accept-language": "en-GB" } });
      try {
        const result = await offerLoader({ request, params: { token }, context: testContext(clientAddress) } as unknown as Parameters<typeof offerLoader>[0]);
        const init = result as unknown as { data?: unknown; init?: ResponseInit | null };
        return "data" in init && init.data !== undefined ? { status: init.init?.status ?? 200, body: init.data } : { status: 200, body: result };
      } catch (thrown) {
        const init = thrown as { init?: ResponseInit | null };
        return { status: init.init?.status ?? 500, body: undefined };
      }
    }

    it("shows the event and the form for a usable offer, and the same bare page for forged, tampered, expired or used tokens", async () => {
      const { event, registrationIds } = await fullFreeEvent(1, { name: "Geheime zeildag" });
      await join(event, person(90));
      await cancel(registrationIds);
      await offerFreedPlaces(event.id, JOB);
      const [offer] = await openOffers(event.id);
      const token = signedIdToken("offer", offer.id);

      const good = await load(token);
      expect(good.status).toBe(200);
      expect(good.body).toMatchObject({ offer: { token, places: 1, placesLeft: 1, event: { slug: event.slug } } });
      // The form starts with what the person gave when joining: nobody retypes their name and address.
      expect(good.body).toMatchObject({ offer: { person: { customerName: "Wachtende 90", customerEmail: "wacht90@example.com", phoneNumber: "" }, bookings: [] } });

      const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
      const forged = signedIdToken("manage", offer.id); // a real MAC, for another purpose
      for (const bad of [tampered, forged, "x".repeat(44), "short"]) {
        const answer = await load(bad);
        expect(answer.status, bad).toBe(404);
        expect(answer.body).toEqual({ offer: null, booked: null });
        expect(JSON.stringify(answer.body)).not.toContain("Geheime");
      }

      // Registering through the link's form (no JavaScript: the hidden field and the path carry the token).
      const request = formRequest(`/waitlist/offer/${token}`, { ...participantForm(91), offer: token, locale: "nl" });
      const posted = await offerAction({ request, params: { token }, context: testContext(nextAddress()) } as unknown as Parameters<typeof offerAction>[0]);
      expect(posted).toBeInstanceOf(Response);
      expect((posted as Response).status).toBe(303);
      // Used: the link now leads to the booking made through it (its own page), not a dead end.
      const [booking] = await database.db().select().from(registrations).where(eq(registrations.waitlistOfferId, offer.id));
      const reopened = await load(token);
      expect(reopened).toEqual({
        status: 200,
        body: { offer: null, booked: { event: { name: "Test sailing day", slug: event.slug }, bookings: [{ reference: booking.reference, pending: false, href: managePath(booking.id) }] } },
      });
      // Cancelled, the booking is gone: then the link is simply no longer valid.
      await cancel([booking.id]);
      expect(await load(token)).toEqual({ status: 404, body: { offer: null, booked: null } });
    });

    it("fills in the person only for the first place of an offer, and lists what was booked through it", async () => {
      const { event, registrationIds } = await fullFreeEvent(2);
      await join(event, person(95, 2, { phone: "+31 6 9999 0000" }));
      await cancel(registrationIds);
      await offerFreedPlaces(event.id, JOB);
      const [offer] = await openOffers(event.id);
      const token = signedIdToken("offer", offer.id);
      expect((await load(token)).body).toMatchObject({ offer: { person: { customerName: "Wachtende 95", phoneNumber: "+31 6 9999 0000" } } });
      const first = await createRegistration(database.db(), { eventId: event.id, input: participant(96), locale: "nl", now: NOW, offerId: offer.id });
      if (first.outcome !== "confirmed") throw new Error("expected a confirmed registration");
      // The second place is for someone else: an empty form, and the first booking named.
      expect((await load(token)).body).toMatchObject({ offer: { person: null, placesLeft: 1, bookings: [{ reference: first.registration.reference, href: managePath(first.registration.id) }] } });
    });

    it("refuses a registration posted with a forged offer token, creating nothing", async () => {
      const { event } = await fullFreeEvent(1);
      const forged = signedIdToken("manage", event.id);
      const before = await database.db().$count(registrations, eq(registrations.eventId, event.id));
      const request = formRequest(`/waitlist/offer/${forged}`, { ...participantForm(92), offer: forged, locale: "en" });
      const answer = await offerAction({ request, params: { token: forged }, context: testContext(nextAddress()) } as unknown as Parameters<typeof offerAction>[0]);
      const init = answer as unknown as { data: { failure?: { description: string } }; init: ResponseInit | null };
      expect(init.init?.status).toBe(409);
      expect(init.data.failure?.description).toBe("This waiting-list offer is no longer valid.");
      expect(await database.db().$count(registrations, eq(registrations.eventId, event.id))).toBe(before);
    });

    it("rate-limits tries of bad tokens per client address; good ones are not counted", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await load(`${"y".repeat(43)}${i % 10}`, "10.9.8.8")).status);
      expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });
  describe("leaving the line by the e-mail's link", () => {
    async function open(token: string, clientAddress = nextAddress()) {
      const request = new Request(`http://localhost/waitlist/leave/${token}`, { headers: { "accept-language": "en-GB" } });
      const result = await leaveLoader({ request, params: { token }, context: testContext(clientAddress) } as unknown as Parameters<typeof leaveLoader>[0]);
      const init = result as unknown as { data?: unknown; init?: ResponseInit | null };
      return "data" in init && init.data !== undefined ? { status: init.init?.status ?? 200, body: init.data } : { status: 200, body: result };
    }
    async function leave(token: string) {
      const request = formRequest(`/waitlist/leave/${token}`, {}, { origin: "http://localhost" });
      const result = await leaveAction({ request, params: { token }, context: testContext(nextAddress()) } as unknown as Parameters<typeof leaveAction>[0]);
      const init = result as unknown as { data?: unknown; init?: ResponseInit | null };
      return "data" in init && init.data !== undefined ? { status: init.init?.status ?? 200, body: init.data } : { status: 200, body: result };
    }
    const tokenOf = (entryId: string) => leavePath(entryId).split("/").pop()!;

    it("puts the link in the person's e-mails, asks to confirm, then takes them off the line with an audit row", async () => {
      const { event } = await fullFreeEvent(1);
      const waiting = await join(event, person(120), "en");
      const [joined] = await database.db().select().from(emails).where(and(eq(emails.relatedId, waiting.id), eq(emails.template, "waitlist-joined")));
      const link = `${"http://localhost:3000"}${leavePath(waiting.id)}`;
      expect(joined.html).toContain(leavePath(waiting.id));
      expect(joined.text).toContain("Leave the waiting list");
      expect(link).toMatch(/\/waitlist\/leave\/[A-Za-z0-9_-]{44}$/);
      // The team's notice has no such link.
      const [team] = await database.db().select().from(emails).where(and(eq(emails.relatedId, waiting.id), eq(emails.template, "waitlist-team")));
      expect(team.html).not.toContain("/waitlist/leave/");

      const token = tokenOf(waiting.id);
      // Opening the link (a mail scanner may) changes nothing: it asks.
      expect(await open(token)).toMatchObject({ status: 200, body: { state: "in-line", event: { slug: event.slug }, places: 1, offer: null } });
      expect((await entry(waiting.id)).status).toBe("waiting");

      expect(await leave(token)).toEqual({ status: 200, body: { outcome: "left" } });
      expect((await entry(waiting.id)).status).toBe("removed");
      const trail = await database.db().select().from(auditLog).where(and(eq(auditLog.entityId, waiting.id), eq(auditLog.action, "waitlist_entry.removed")));
      expect(trail).toEqual([expect.objectContaining({ actorType: "participant", reason: "left the waiting list by the link in the e-mail", changes: { status: { from: "waiting", to: "removed" } } })]);
      // Again (a second click, another tab): still off the list, nothing more recorded.
      expect(await leave(token)).toEqual({ status: 200, body: { outcome: "left" } });
      expect(await database.db().$count(auditLog, and(eq(auditLog.entityId, waiting.id), eq(auditLog.action, "waitlist_entry.removed")))).toBe(1);
      expect(await open(token)).toMatchObject({ status: 200, body: { state: "not-in-line" } });
      // They may join again later.
      expect((await joinWaitlist(database.db(), { event, input: person(120), locale: "en", now: NOW })).status).toBe("joined");
    });

    it("declines an open offer of someone who leaves, and offers its places to the next in line", async () => {
      const { event, registrationIds } = await fullFreeEvent(1);
      const first = await join(event, person(121));
      const second = await join(event, person(122));
      await cancel(registrationIds);
      await offerFreedPlaces(event.id, JOB);
      const [offer] = await openOffers(event.id);
      expect(offer.entryId).toBe(first.id);
      const [offerMail] = await database.db().select().from(emails).where(and(eq(emails.relatedId, offer.id), eq(emails.template, "waitlist-offer")));
      expect(offerMail.html).toContain(leavePath(first.id));

      const token = tokenOf(first.id);
      expect(await open(token)).toMatchObject({ body: { state: "in-line", offer: { places: 1 } } });
      expect((await leave(token)).body).toEqual({ outcome: "left" });
      const [declined] = await database.db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offer.id));
      expect(declined.status).toBe("withdrawn");
      const offerTrail = await database.db().select().from(auditLog).where(eq(auditLog.entityId, offer.id));
      expect(offerTrail.find((row) => row.action === "waitlist_offer.withdrawn")).toMatchObject({ actorType: "participant", reason: "left the waiting list by the link in the e-mail" });
      // Passed on as the rules say: the next in line gets the place, with an e-mail.
      const [next] = await openOffers(event.id);
      expect(next.entryId).toBe(second.id);
      expect((await entry(second.id)).status).toBe("offered");
    });

    it("answers a forged or unknown link with one plain page, and changes nothing", async () => {
      const { event } = await fullFreeEvent(1);
      const waiting = await join(event, person(123));
      const forged = signedIdToken("offer", waiting.id); // a real MAC, for another purpose
      for (const bad of [forged, "x".repeat(44), "short"]) {
        expect(await open(bad)).toEqual({ status: 404, body: { state: "invalid" } });
        expect((await leave(bad)).status).toBe(404);
      }
      expect((await entry(waiting.id)).status).toBe("waiting");
    });
  });
});
