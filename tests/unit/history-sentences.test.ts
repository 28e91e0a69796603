import { describe, expect, it } from "vitest";
import { historyLine, type HistoryContext, type HistoryRow } from "@server/audit/history.server";
import { isKnownReason, REASON, reasonText } from "@server/audit/reasons.server";

/*
 * The audit trail in words (server/audit/history.server.ts) and the reasons behind it
 * (server/audit/reasons.server.ts): every row a sentence in the reader's language, staff by name
 * for staff and as "the team" for the person, and old English reasons read like the new codes.
 */

const EVENT_A = "11111111-1111-4111-8111-111111111111";
const EVENT_B = "22222222-2222-4222-8222-222222222222";
const PAYMENT = "33333333-3333-4333-8333-333333333333";
const REFUND = "44444444-4444-4444-8444-444444444444";

function context(audience: HistoryContext["audience"] = "staff"): HistoryContext {
  return {
    audience,
    staff: new Map([["user-1", "Marieke Schipper"]]),
    events: new Map([
      [EVENT_A, { name: "Noordzeetocht", nameEn: "North Sea trip", startDate: "2026-06-12T08:00:00Z" }],
      [EVENT_B, { name: "Wadtocht", nameEn: null, startDate: "2026-07-03T08:00:00Z" }],
    ]),
    payments: new Map([[PAYMENT, { amountCents: 14_750, kind: "deposit", provider: "stripe" }]]),
    refunds: new Map([[REFUND, { amountCents: 5_000 }]]),
  };
}

let n = 0;
function row(action: string, fields: Partial<HistoryRow> = {}): HistoryRow {
  return { id: `row-${++n}`, at: new Date("2026-05-01T10:00:00Z"), action, entityType: "registration", entityId: "reg-1", changes: {}, actorType: "participant", actorId: null, reason: null, ...fields };
}

/** Amounts without the space some ICU versions put after "€" in Dutch. */
const nbsp = (text: string) => text.replace(/€[\s\u00a0]/g, "€");

describe("the history as sentences", () => {
  it("says a status change in words in each language, never as JSON", () => {
    const created = row("registration.created", { changes: { status: { from: null, to: "pending_payment" } } });
    expect(historyLine(created, "nl", context()).sentence).toBe("Ingeschreven; de plaats wordt vastgehouden tot er betaald is (door de deelnemer).");
    expect(historyLine(created, "en", context()).sentence).toBe("Registered; the place is held until payment (by the participant).");
    const cancelled = row("registration.cancelled", { changes: { status: { from: "confirmed", to: "cancelled" }, cancelledAt: { from: null, to: "2026-05-01T10:00:00Z" } }, reason: REASON.cancelledByParticipant });
    expect(historyLine(cancelled, "nl", context())).toMatchObject({ what: "Boeking geannuleerd", who: "de deelnemer", why: "Geannuleerd door de deelnemer", details: [] });
    for (const locale of ["nl", "en"] as const) expect(historyLine(cancelled, locale, context()).sentence).not.toMatch(/[{}"]|cancelled_by/);
  });

  it("names a staff member for staff, 'a team member' when the account is gone, and only the team in a person's export", () => {
    const link = row("registration.payment_link_sent", { actorType: "staff", actorId: "user-1", changes: { balanceDueCents: { from: null, to: 25_000 } } });
    expect(nbsp(historyLine(link, "nl", context()).sentence)).toBe("Betaallink verstuurd voor de restbetaling van €250 (door Marieke Schipper).");
    expect(historyLine({ ...link, actorId: "user-gone" }, "nl", context()).who).toBe("een medewerker");
    expect(historyLine(link, "en", context("person")).who).toBe("the team");
    for (const audience of ["staff", "person"] as const) expect(historyLine(link, "en", context(audience)).sentence).not.toMatch(/\byou\b|user-1/);
  });

  it("names payments and refunds by their amounts, and moves by the events in the reader's language", () => {
    const paid = row("payment.paid", { entityType: "payment", entityId: PAYMENT, actorType: "provider", changes: { status: { from: "open", to: "paid" }, providerPaymentId: { from: null, to: "pi_123" } } });
    const line = historyLine(paid, "nl", context());
    expect(nbsp(line.what)).toBe("Betaling van €147,50 (aanbetaling) ontvangen");
    expect(line.who).toBe("de betaalprovider");
    // The provider's id is a detail for staff, not part of the sentence.
    expect(line.details).toEqual(["betaling bij de provider: pi_123"]);
    const refunded = row("refund.succeeded", { entityType: "refund", entityId: REFUND, actorType: "system", actorId: "refunds", changes: { status: { from: "pending", to: "succeeded" } } });
    expect(historyLine(refunded, "en", context()).sentence).toBe("€50 refunded (by the system).");
    const moved = row("registration.moved", { actorType: "staff", actorId: "user-1", changes: { eventId: { from: EVENT_A, to: EVENT_B } }, reason: "Boot in onderhoud" });
    expect(historyLine(moved, "en", context()).what).toBe("Booking moved from North Sea trip (12 June 2026) to Wadtocht (3 July 2026)");
    expect(historyLine(moved, "nl", context()).sentence).toBe("Boeking verplaatst van Noordzeetocht (12 juni 2026) naar Wadtocht (3 juli 2026) (door Marieke Schipper). Reden: Boot in onderhoud");
  });

  it("lists changed details with their values, and the erasure without any", () => {
    const changed = row("registration.details_changed", { changes: { phoneNumber: { from: "+31 6 1", to: "+31 6 2" }, city: { from: "Delft", to: "Leiden" } } });
    expect(historyLine(changed, "en", context()).what).toBe("Details changed: phone from +31 6 1 to +31 6 2; city from Delft to Leiden");
    const erased = row("privacy.erased", { entityType: "privacy_request", actorType: "staff", actorId: "user-1", changes: { registrationsAnonymised: { from: null, to: 1 } }, reason: "Personal data erased on request (GDPR art. 17); bookkeeping fields kept 7 years" });
    expect(historyLine(erased, "nl", context())).toMatchObject({
      what: "Persoonsgegevens gewist op verzoek",
      why: "Persoonsgegevens gewist op verzoek (AVG art. 17); de boekhoudvelden blijven 7 jaar bewaard",
    });
    // A value the erasure replaced reads in the reader's language.
    const scrubbed = row("registration.details_changed", { changes: { comments: { from: "[verwijderd]", to: "Vegetarisch" } } });
    expect(historyLine(scrubbed, "en", context()).what).toBe("Details changed: comments from [removed] to Vegetarisch");
  });

  it("keeps an action it does not know readable: its name and its changes in words", () => {
    const unknown = row("registration.something_new", { changes: { status: { from: "confirmed", to: "cancelled" } } });
    expect(historyLine(unknown, "nl", context()).what).toBe("registration.something_new: status van bevestigd naar geannuleerd");
  });
});

describe("reasons: codes and the English sentences old rows hold", () => {
  it("translates a code and the old sentence it replaced alike", () => {
    expect(reasonText(REASON.cancelledByParticipant, "nl")).toBe("Geannuleerd door de deelnemer");
    expect(reasonText("Cancelled by the participant", "nl")).toBe("Geannuleerd door de deelnemer");
    expect(reasonText("Balance paid", "nl")).toBe("Restbetaling betaald");
    expect(reasonText(REASON.balancePaid, "en")).toBe("Balance paid");
    expect(reasonText("The hold ran out without a payment", "nl")).toBe("De vastgehouden plaats liep af zonder betaling");
  });

  it("translates the old sentences with values in them", () => {
    expect(nbsp(reasonText("Ziek (refund: partial, 10000 cents)", "nl"))).toBe("Ziek (deel terugbetaald: €100)");
    expect(reasonText("Cancelled by the participant (refund: none, 0 cents)", "nl")).toBe("Geannuleerd door de deelnemer (geen terugbetaling)");
    expect(reasonText("cancelled_by_participant (pay back by bank transfer by hand)", "en")).toBe("Cancelled by the participant (to pay back by bank transfer, by hand)");
    expect(reasonText("Balance paid for a cancelled booking: refunding", "nl")).toBe("Restbetaling ontvangen voor een boeking die geannuleerd is: terugbetaald");
    expect(nbsp(reasonText("25000 cents due 2026-05-01T08:00:00.000Z", "nl"))).toBe("€250 te betalen uiterlijk 1 mei 2026");
    expect(reasonText("removed by staff:user-1", "nl", () => "Marieke Schipper")).toBe("Van de wachtlijst gehaald door Marieke Schipper");
    expect(reasonText("removed by staff:user-1", "nl")).toBe("Van de wachtlijst gehaald door een medewerker");
  });

  it("shows what staff typed as typed, with erased names in the reader's language", () => {
    expect(reasonText("Boot in onderhoud", "en")).toBe("Boot in onderhoud");
    expect(reasonText("Goodwill for [verwijderd]", "en")).toBe("Goodwill for [removed]");
    expect(reasonText("Goodwill for [verwijderd]", "nl")).toBe("Goodwill for [verwijderd]");
    expect(isKnownReason("Boot in onderhoud")).toBe(false);
  });

  it("has a sentence in both languages for every code and every old sentence", () => {
    for (const code of Object.values(REASON)) {
      expect(isKnownReason(code)).toBe(true);
      for (const locale of ["nl", "en"] as const) {
        const text = reasonText(code, locale);
        expect(text, code).not.toBe(code);
        expect(text, code).not.toMatch(/^admin\./);
      }
    }
  });

  it("tells a group booking and what happens to its places, by place number and never with a participant's details", () => {
    const created = row("registration.created", { changes: { status: { from: null, to: "confirmed" }, places: { from: null, to: 5 } } });
    expect(historyLine(created, "nl", context()).what).toBe("Boeking van 5 plaatsen gemaakt en bevestigd");
    expect(historyLine({ ...created, changes: { status: { from: null, to: "pending_payment" }, places: { from: null, to: 3 } } }, "en", context()).what).toBe("Booking of 3 places made; the places are held until payment");
    // A booking of one reads as before.
    expect(historyLine(row("registration.created", { changes: { status: { from: null, to: "confirmed" }, places: { from: null, to: 1 } } }), "nl", context()).what).toBe("Ingeschreven en bevestigd");

    const details = row("place.details_updated", { changes: { placeId: { from: null, to: "p-3" }, number: { from: null, to: 3 }, fields: { from: null, to: ["birthDate", "nextOfKinPhone"] }, detailsCompletedAt: { from: null, to: "2026-05-01T10:00:00Z" } } });
    const detailsLine = historyLine(details, "nl", context());
    expect(detailsLine.what).toBe("Deelnemer 3 heeft gegevens aangevuld: geboortedatum, telefoon noodgeval. De gegevens van deze plaats zijn nu compleet");
    expect(detailsLine.details).toEqual([]);
    expect(historyLine(row("place.details_updated", { changes: { number: { from: null, to: 3 } } }), "nl", context()).what).toBe("Deelnemer 3 heeft gegevens aangevuld");

    const waiver = row("place.waiver_accepted", { changes: { placeId: { from: null, to: "p-2" }, number: { from: null, to: 2 }, waiverVersion: { from: null, to: "2026-1" }, waiverAcceptedAt: { from: null, to: "2026-05-01T10:00:00Z" } } });
    expect(historyLine(waiver, "nl", context()).sentence).toBe("Deelnemer 2 heeft de vrijwaring geaccepteerd (versie 2026-1) (door de deelnemer).");
    const invited = row("place.invited", { actorType: "system", actorId: "booking", changes: { placeId: { from: null, to: "p-4" }, number: { from: null, to: 4 }, invitedAt: { from: null, to: "2026-05-01T10:00:00Z" } } });
    expect(historyLine(invited, "nl", context()).what).toBe("Uitnodiging met eigen link gestuurd aan deelnemer 4");
    expect(historyLine(invited, "nl", context()).details).toEqual([]);
    expect(historyLine(row("place.reminded", { changes: { number: { from: null, to: 4 } } }), "nl", context()).what).toBe("Herinnering gestuurd aan deelnemer 4: gegevens of vrijwaring ontbreken nog");
    // The booker's own place given to someone else: the booker no longer sails. ("place" is the booker's helper's name for the number.)
    const replaced = row("place.replaced", { changes: { place: { from: 1, to: 1 }, participant: { from: "Anna Boeker", to: "Bram Vervanger" }, placeId: { from: "p-1", to: "p-9" }, bookerSails: { from: true, to: false } } });
    expect(historyLine(replaced, "nl", context()).what).toBe("Deelnemer 1 vervangen: Anna Boeker door Bram Vervanger. De boeker zeilt niet meer mee");
    const cancelled = row("place.cancelled", {
      changes: { place: { from: null, to: 2 }, participant: { from: "Carla", to: null }, cancelledAt: { from: null, to: "2026-05-01T10:00:00Z" }, places: { from: 5, to: 4 }, priceCents: { from: 50_000, to: 40_000 }, shareCents: { from: null, to: 10_000 }, refundCents: { from: null, to: 10_000 } },
    });
    const cancelledLine = historyLine(cancelled, "nl", context());
    expect(nbsp(cancelledLine.what)).toBe("Plaats 2 (Carla) geannuleerd, €100 terug; de boeking heeft nu 4 plaatsen");
    expect(cancelledLine.details).toEqual([]);
    expect(historyLine(row("booking.participants_reminded", { actorType: "system", actorId: "reminders", changes: { participantsReminderSentAt: { from: null, to: "2026-05-01T10:00:00Z" } } }), "nl", context()).what).toBe(
      "Herinnering aan de boeker gestuurd: deelnemersgegevens ontbreken nog",
    );
  });
});
