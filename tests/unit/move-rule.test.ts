import { describe, expect, it } from "vitest";
import { moveRefusal } from "@server/events/admin.server";

/** The one rule of where a booking may move (`moveRefusal`), without a database. */
describe("moveRefusal", () => {
  const at = new Date("2026-06-01T08:00:00Z");
  const day = (days: number) => new Date(at.getTime() + days * 86_400_000);
  const from = { id: "from", kind: "training" as const, listed: true, privatePageKey: null };
  const date = (overrides: Partial<Parameters<typeof moveRefusal>[0]["to"]> = {}): Parameters<typeof moveRefusal>[0]["to"] => ({
    id: "to",
    kind: "training",
    status: "upcoming",
    startDate: day(30),
    endDate: day(30.3),
    bookingMode: "registration",
    registrationOpensAt: null,
    maxParticipants: 6,
    priceCents: 14_500,
    depositPercent: 50,
    earlyBirdPercent: null,
    earlyBirdUntil: null,
    listed: true,
    privatePageKey: null,
    ...overrides,
  });
  const refusal = (to: ReturnType<typeof date>, extra: { placesTaken?: number; replacement?: boolean; agreedPriceCents?: number; places?: number } = {}) =>
    moveRefusal({ from, to, agreedPriceCents: extra.agreedPriceCents ?? 14_500, places: extra.places ?? 1, placesTaken: extra.placesTaken ?? 0, replacement: extra.replacement ?? false, at });

  it("allows another bookable date of the same kind with a place, at or below the agreed price", () => {
    expect(refusal(date())).toBeUndefined();
    expect(refusal(date({ priceCents: 9_500 }))).toBeUndefined();
    expect(refusal(date({ maxParticipants: null }), { placesTaken: 40 })).toBeUndefined();
    expect(refusal(date(), { placesTaken: 5 })).toBeUndefined();
    // Its price now counts: an early-bird discount brings €160 to €128.
    expect(refusal(date({ priceCents: 16_000, earlyBirdPercent: 20, earlyBirdUntil: day(5) }))).toBeUndefined();
    // On the booking's own private page.
    expect(moveRefusal({ from: { ...from, listed: false, privatePageKey: "zomeravond" }, to: date({ listed: false, privatePageKey: "zomeravond" }), agreedPriceCents: 14_500, places: 1, placesTaken: 0, replacement: false, at })).toBeUndefined();
  });

  it("moves a group booking whole: it needs as many places free as it holds, a replacement date too", () => {
    expect(refusal(date(), { places: 4, placesTaken: 2 })).toBeUndefined();
    expect(refusal(date(), { places: 4, placesTaken: 3 })).toBe("full");
    expect(refusal(date({ bookingMode: "waitlist" }), { places: 4, placesTaken: 3, replacement: true })).toBe("full");
    expect(refusal(date({ maxParticipants: null }), { places: 6, placesTaken: 40 })).toBeUndefined();
  });

  it("refuses each date outside it, with its reason", () => {
    expect(refusal(date({ id: "from" }))).toBe("same_event");
    expect(refusal(date({ kind: "race", priceCents: 100 }))).toBe("different_kind");
    expect(refusal(date({ priceCents: 39_500 }))).toBe("dearer");
    expect(refusal(date({ priceCents: 16_000, earlyBirdPercent: 20, earlyBirdUntil: day(-1) }))).toBe("dearer");
    expect(refusal(date({ bookingMode: "interest", priceCents: 0 }))).toBe("not_bookable");
    expect(refusal(date({ bookingMode: "waitlist" }))).toBe("not_bookable");
    expect(refusal(date({ bookingMode: "walk_in" }))).toBe("not_bookable");
    expect(refusal(date({ registrationOpensAt: day(3) }))).toBe("not_bookable");
    expect(refusal(date({ listed: false }))).toBe("not_bookable");
    expect(refusal(date({ listed: false, privatePageKey: "another" }))).toBe("not_bookable");
    expect(refusal(date(), { placesTaken: 6 })).toBe("full");
    expect(refusal(date({ status: "cancelled" }))).toBe("target_closed");
    expect(refusal(date({ status: "completed" }))).toBe("target_closed");
    expect(refusal(date({ startDate: day(-1), endDate: day(1) }))).toBe("target_closed");
    expect(refusal(date({ startDate: day(-3), endDate: day(-2) }))).toBe("target_closed");
  });

  it("takes the team's new date of the booking's own date whatever its mode, opening or price now, if it is open and has a place", () => {
    const copy = date({ bookingMode: "waitlist", registrationOpensAt: day(3), priceCents: 14_500, listed: false });
    expect(refusal(copy, { replacement: true, agreedPriceCents: 13_050 })).toBeUndefined();
    expect(refusal(copy, { replacement: false, agreedPriceCents: 13_050 })).toBe("not_bookable");
    expect(refusal(copy, { replacement: true, placesTaken: 6 })).toBe("full");
    expect(refusal({ ...copy, status: "cancelled" }, { replacement: true })).toBe("target_closed");
    expect(refusal({ ...copy, kind: "race" }, { replacement: true })).toBe("different_kind");
  });
});
