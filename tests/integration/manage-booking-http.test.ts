// @engine pglite: HTTP glue of /my-booking/:token
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as ManageLinkModule from "@server/booking/manage-link.server";
import type * as SchemaModule from "@server/db/schema.server";
import { httpRequest, startTestApp, type HttpAnswer, type TestApp } from "../support/http-app";

// The participant's page through the real Express app: the headers a browser actually gets on
// the page, on its 404 and on the calendar file, and that a wrong token's page holds nothing of
// any booking.

let app: TestApp;
let token = "";
let reference = "";
let groupToken = "";
let groupPlaceId = "";

const request = (urlPath: string, headers: Record<string, string> = {}) => httpRequest(`${app.url}${urlPath}`, { headers });

function expectPrivate(answer: HttpAnswer, what: string) {
  expect(answer.headers["cache-control"], what).toBe("private, no-store");
  expect(answer.headers["referrer-policy"], what).toBe("same-origin");
  expect(answer.headers["x-robots-tag"], what).toBe("noindex");
  expect(answer.headers.etag, what).toBeUndefined();
}

beforeAll(async () => {
  app = await startTestApp();
  const { events, registrations, payments, bookingPlaces } = await app.load<typeof SchemaModule>("/server/db/schema.server.ts");
  const { manageToken } = await app.load<typeof ManageLinkModule>("/server/booking/manage-link.server.ts");
  const start = new Date(Date.now() + 45 * 86_400_000);
  const [event] = await app.db
    .insert(events)
    .values({
      slug: `manage-http-${crypto.randomBytes(3).toString("hex")}`,
      name: "Proefzeildag",
      nameEn: "Trial sailing day",
      startDate: start,
      endDate: new Date(start.getTime() + 8 * 3_600_000),
      location: "Scheveningen",
      priceCents: 29_500,
      included: ["Lunch aan boord"],
      includedEn: ["Lunch on board"],
    })
    .returning();
  reference = `OR-HTTP${crypto.randomBytes(2).toString("hex").toUpperCase()}`;
  const [registration] = await app.db
    .insert(registrations)
    .values({
      reference,
      eventId: event.id,
      customerName: "Lotte Zeeman",
      customerEmail: "lotte@example.com",
      street: "Kade 2",
      city: "Amsterdam",
      postalCode: "1011 AA",
      country: "Nederland",
      nextOfKinName: "Bram Zeeman",
      nextOfKinPhone: "+31 6 12345678",
      locale: "nl",
      status: "confirmed",
      priceCents: 29_500,
      amountDueCents: 14_750,
      termsAcceptedAt: new Date(),
      waiverVersion: "2025-01",
      confirmedAt: new Date(),
    })
    .returning();
  await app.db.insert(payments).values({
    registrationId: registration.id,
    provider: "test",
    providerSessionId: `test_${crypto.randomBytes(9).toString("base64url")}`,
    kind: "deposit",
    amountCents: 14_750,
    status: "paid",
    paidAt: new Date(),
  });
  token = manageToken(registration.id);

  // A group booking of three places by a booker who does not sail (decision 042).
  const [group] = await app.db
    .insert(registrations)
    .values({
      reference: `OR-GRP${crypto.randomBytes(2).toString("hex").toUpperCase()}`,
      eventId: event.id,
      customerName: "Hanna Boeker",
      customerEmail: "hanna@example.com",
      street: "Kade 3",
      city: "Amsterdam",
      postalCode: "1011 AA",
      country: "Nederland",
      locale: "en",
      status: "confirmed",
      places: 3,
      bookerSails: false,
      priceCents: 3 * 29_500,
      amountDueCents: (3 * 29_500) / 2,
      termsAcceptedAt: new Date(),
      waiverVersion: "2025-01",
      confirmedAt: new Date(),
    })
    .returning();
  const rows = await app.db
    .insert(bookingPlaces)
    .values([1, 2, 3].map((number) => ({ registrationId: group.id, number, name: `Crew Member ${number}`, email: `crew${number}@example.com`, locale: "en" })))
    .returning();
  await app.db.insert(payments).values({
    registrationId: group.id,
    provider: "test",
    providerSessionId: `test_${crypto.randomBytes(9).toString("base64url")}`,
    kind: "deposit",
    amountCents: (3 * 29_500) / 2,
    status: "paid",
    paidAt: new Date(),
  });
  groupToken = manageToken(group.id);
  groupPlaceId = rows[1].id;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("GET /my-booking/:token over HTTP", () => {
  it("sends a first-time visitor to the booking's language, then renders the page in it with private headers", async () => {
    const first = await request(`/my-booking/${token}`, { "accept-language": "en-GB" });
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(`/my-booking/${token}?lang=nl`);
    expectPrivate(first, "redirect");

    const page = await request(`/my-booking/${token}?lang=nl`, { "accept-language": "en-GB" });
    expect(page.status).toBe(200);
    expectPrivate(page, "page");
    expect(page.text).toContain('<html lang="nl"');
    expect(page.text).toContain(reference);
    expect(page.text).toContain("Proefzeildag");
    expect(page.text).toContain("Lunch aan boord");
    expect(page.text).toContain("Nog te betalen");
    expect(page.text).toContain('<meta name="robots" content="noindex"');
    // No canonical link or og:url: they would repeat the token.
    expect(page.text).not.toContain('rel="canonical"');
  });

  it("sends a client navigation (a data request) to the page's own address in the booking's language", async () => {
    // React Router hands loaders the request as sent (decision 036): `….data?_routes=…` here.
    const answer = await request(`/my-booking/${token}.data?step=cancel&_routes=routes%2Fmanage%2Fmy-booking`, { "accept-language": "en-GB" });
    expect(answer.status).toBe(202);
    expect(answer.text).toContain(`/my-booking/${token}?step=cancel&lang=nl`);
    expect(answer.text).not.toContain(".data");
    expect(answer.text).not.toContain("_routes");
  });

  it("answers wrong tokens with the site's plain 404 page: no booking data, the same private headers", async () => {
    const forged = `${token.slice(0, 40)}${token[40] === "a" ? "b" : "a"}${token.slice(41)}`;
    for (const bad of [forged, "garbled", `${token.slice(0, 22)}`]) {
      const answer = await request(`/my-booking/${bad}?lang=en`);
      expect(answer.status, bad).toBe(404);
      expectPrivate(answer, bad);
      expect(answer.text).toContain("404");
      for (const secret of [reference, "Proefzeildag", "Trial sailing day", "Lotte", "Zeeman"]) expect(answer.text, bad).not.toContain(secret);
    }
  });

  it("renders a group booking as the booker's view: every participant's state, the price per place, a place's cancel step", async () => {
    const page = await request(`/my-booking/${groupToken}?lang=en`);
    expect(page.status).toBe(200);
    expectPrivate(page, "group page");
    expect(page.text).toContain("Participants");
    expect(page.text).toContain("0 of 3 complete");
    for (const n of [1, 2, 3]) expect(page.text).toContain(`Crew Member ${n}`);
    expect(page.text).toContain("Waiver not accepted yet");
    expect(page.text).toContain("3 × €295");
    // A booker who does not sail has no emergency contact of their own on the details form.
    expect(page.text).not.toContain('name="nextOfKinName"');

    const step = await request(`/my-booking/${groupToken}?lang=en&step=cancel-place&place=${groupPlaceId}`);
    expect(step.status).toBe(200);
    expect(step.text).toContain("Cancel place 2 (Crew Member 2)?");
    expect(step.text).toContain("you get €147.50 back");
    const replace = await request(`/my-booking/${groupToken}?lang=en&step=replace&place=${groupPlaceId}`);
    expect(replace.text).toContain("Someone else takes place 2");
  });

  it("serves the calendar file with the private headers", async () => {
    const ics = await request(`/my-booking/${token}/calendar.ics?lang=en`);
    expect(ics.status).toBe(200);
    expectPrivate(ics, "ics");
    expect(ics.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(ics.headers["content-disposition"]).toMatch(/^attachment; filename="manage-http-[0-9a-f]+\.ics"$/);
    expect(ics.text).toContain("SUMMARY:Trial sailing day");
  });
});
