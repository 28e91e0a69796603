// @engine both: capacity edits checked against the places taken (counted in SQL); access codes rotated in one transaction
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as codesAction, loader as codesLoader } from "~/routes/admin/codes";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/events-detail";
import { action as newAction, loader as newLoader } from "~/routes/admin/events-new";
import { loader as listLoader } from "~/routes/admin/events";
import { verifyAccessCode } from "@server/access/codes.server";
import { setAccessCodes, storedCodeHashes } from "@server/access/store.server";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { events, privatePages } from "@server/db/schema.server";
import { upcomingListedEvents } from "@server/events/queries.server";
import { useTestDatabase } from "../support/db";
import { insertEvent, insertInterest, insertRegistration, signedInUser } from "./admin-fixtures";
import { call, multipartRequest, postForm, unwrap } from "./admin-articles-helpers";

type FormAnswer = {
  feedback?: { kind: string; title: string; message?: string; params?: Record<string, unknown> };
  result?: { error?: Record<string, string[] | null> } | null;
  intent?: string;
  errors?: Record<string, string | undefined>;
};

const eventFields = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  name: "Najaarsregatta",
  slug: "najaarsregatta",
  description: "Drie dagen wedstrijdzeilen op de Noordzee.",
  startDate: "2030-10-04T09:30",
  endDate: "2030-10-06T17:00",
  location: "Scheveningen, 3e haven",
  price: "1250,50",
  status: "upcoming",
  included: "Zeilkleding\n\nLunch aan boord\n",
  includedEn: "Sailing gear\nLunch on board",
  maxParticipants: "8",
  kind: "race",
  bookingMode: "registration",
  depositPercent: "50",
  registrationOpensAt: "2030-06-01T09:00",
  earlyBirdPercent: "10",
  earlyBirdUntil: "2030-07-01T00:00",
  listed: "on",
  privatePageKey: "",
  documentName: "",
  ...overrides,
});

describe("admin events", () => {
  const database = useTestDatabase();
  let cookie: string;
  const get = (url: string) => new Request(`http://localhost${url}`, { headers: { cookie } });
  beforeAll(async () => {
    await resetLoginLimitsForTests();
    cookie = (await signedInUser({ admin: true })).cookie;
    await database.db().insert(privatePages).values({ key: "vwdtp", title: "VWDTP Challenge" }).onConflictDoNothing();
  });

  it("refuses non-admins on every events page and action", async () => {
    const user = await signedInUser({ admin: false });
    for (const [fn, request, params] of [
      [listLoader, user.request("/admin/events"), {}],
      [newLoader, user.request("/admin/events/new"), {}],
      [newAction, multipartRequest("/admin/events/new", user.cookie, eventFields()), {}],
      [detailAction, postForm("/admin/events/x", user.cookie, { intent: "cancel", confirmed: "yes" }), { id: "x" }],
      [codesLoader, user.request("/admin/codes"), {}],
      [codesAction, postForm("/admin/codes", user.cookie, { pageKey: "vwdtp", code: "nieuwe-code" }), {}],
    ] as const) {
      expect(((await call(fn, request, params)) as Response).status).toBe(403);
    }
    expect(await database.db().$count(events)).toBe(0);
  });

  it("creates an event with every field: Amsterdam times, euros to cents, one item per line", async () => {
    const answer = (await call(newAction, multipartRequest("/admin/events/new", cookie, eventFields()))) as Response;
    expect(answer.status).toBe(302);
    const [event] = await database.db().select().from(events).where(eq(events.slug, "najaarsregatta"));
    expect(answer.headers.get("location")).toBe(`/admin/events/${event.id}?saved=created`);
    expect(event.startDate.toISOString()).toBe("2030-10-04T07:30:00.000Z"); // CEST
    expect(event.endDate.toISOString()).toBe("2030-10-06T15:00:00.000Z");
    expect(event.registrationOpensAt?.toISOString()).toBe("2030-06-01T07:00:00.000Z");
    expect(event.priceCents).toBe(125_050);
    expect(event.included).toEqual(["Zeilkleding", "Lunch aan boord"]);
    expect(event.includedEn).toEqual(["Sailing gear", "Lunch on board"]);
    expect(event).toMatchObject({ maxParticipants: 8, kind: "race", bookingMode: "registration", depositPercent: 50, earlyBirdPercent: 10, listed: true, privatePageKey: null });
    // Left empty, the group-booking settings take their defaults.
    expect(event).toMatchObject({ maxPlacesPerBooking: 8, participantDeadlineDays: 7 });
  });

  it("stores the group-booking settings and shows them back in the form", async () => {
    const answer = (await call(newAction, multipartRequest("/admin/events/new", cookie, eventFields({ slug: "groepsdag", maxPlacesPerBooking: "12", participantDeadlineDays: "14" })))) as Response;
    expect(answer.status).toBe(302);
    const [event] = await database.db().select().from(events).where(eq(events.slug, "groepsdag"));
    expect(event).toMatchObject({ maxPlacesPerBooking: 12, participantDeadlineDays: 14 });
    const loaded = (await call(detailLoader, get(`/admin/events/${event.id}`), { id: event.id })) as { defaults: { maxPlacesPerBooking: string; participantDeadlineDays: string } };
    expect(loaded.defaults).toMatchObject({ maxPlacesPerBooking: "12", participantDeadlineDays: "14" });
    await database.db().delete(events).where(eq(events.id, event.id));
  });

  it("validates on the server with Dutch messages", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ endDate: "2030-10-03T09:00" }, "endDate", "admin.events.validation.endBeforeStart"],
      [{ price: "twaalf" }, "price", "admin.events.validation.price"],
      [{ earlyBirdUntil: "" }, "earlyBirdUntil", "admin.events.validation.earlyBirdPair"],
      [{ depositPercent: "0" }, "depositPercent", "admin.events.validation.freeDeposit"],
      [{ depositPercent: "150" }, "depositPercent", "admin.events.validation.percent"],
      [{ maxPlacesPerBooking: "21" }, "maxPlacesPerBooking", "admin.events.validation.maxPlacesPerBooking"],
      [{ maxPlacesPerBooking: "0" }, "maxPlacesPerBooking", "admin.events.validation.maxPlacesPerBooking"],
      [{ maxPlacesPerBooking: "2,5" }, "maxPlacesPerBooking", "admin.events.validation.maxPlacesPerBooking"],
      [{ participantDeadlineDays: "366" }, "participantDeadlineDays", "admin.bookings.validation.days"],
      [{ participantDeadlineDays: "-1" }, "participantDeadlineDays", "admin.bookings.validation.days"],
      // Passes the pattern; only the server's calendar check knows month 13 does not exist.
      [{ startDate: "2030-13-01T10:00", endDate: "2030-13-02T10:00" }, "startDate", "Kies een geldige datum en tijd"],
      [{ name: "" }, "name", "admin.events.validation.required"],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = unwrap<FormAnswer>(await call(newAction, multipartRequest("/admin/events/new", cookie, eventFields({ slug: "ongeldig", ...overrides }))));
      expect(answer.status, field).toBe(400);
      expect(answer.data.result?.error?.[field], field).toEqual([message]);
    }
    const taken = unwrap<FormAnswer>(await call(newAction, multipartRequest("/admin/events/new", cookie, eventFields())));
    expect(taken.data.result?.error?.slug).toEqual(["Deze slug is al in gebruik door een ander evenement"]);
    const page = unwrap<FormAnswer>(await call(newAction, multipartRequest("/admin/events/new", cookie, eventFields({ slug: "privé", privatePageKey: "bestaat-niet" }))));
    expect(page.status).toBe(400);
    expect(await database.db().$count(events)).toBe(1);
  });

  it("shows an event's registrations with amounts, and its interest sign-ups", async () => {
    const [event] = await database.db().select().from(events).where(eq(events.slug, "najaarsregatta"));
    await insertRegistration(database.db(), event.id, { customerName: "Sanne de Vries", paidCents: 62_525, amountDueCents: 62_525 });
    await insertRegistration(database.db(), event.id, { customerName: "Joris Bakker", holdExpiresAt: new Date(Date.now() + 600_000) });
    await insertInterest(database.db(), event.id, { name: "Fleur Smit", email: "fleur@example.com", message: "Graag meer informatie" });
    const loaded = (await call(detailLoader, get(`/admin/events/${event.id}`), { id: event.id })) as {
      placesTaken: number;
      registrations: { customerName: string; status: string; paidCents: number; amountDueCents: number }[];
      interest: { name: string; message: string | null }[];
      defaults: { price: string; startDate: string; included: string };
    };
    expect(loaded.placesTaken).toBe(2);
    const byName = Object.fromEntries(loaded.registrations.map((r) => [r.customerName, r]));
    expect(byName["Sanne de Vries"]).toMatchObject({ status: "confirmed", paidCents: 62_525 });
    expect(byName["Joris Bakker"]).toMatchObject({ status: "pending_payment", paidCents: 0 });
    expect(loaded.interest).toEqual([expect.objectContaining({ name: "Fleur Smit", message: "Graag meer informatie" })]);
    // The form shows what was stored, in the form's own terms.
    expect(loaded.defaults).toMatchObject({ price: "1250,50", startDate: "2030-10-04T09:30", included: "Zeilkleding\nLunch aan boord" });
  });

  it("edits an event, and refuses a capacity below the places taken", async () => {
    const [event] = await database.db().select().from(events).where(eq(events.slug, "najaarsregatta"));
    const low = unwrap<FormAnswer>(await call(detailAction, multipartRequest(`/admin/events/${event.id}`, cookie, eventFields({ maxParticipants: "1" })), { id: event.id }));
    expect(low.status).toBe(400);
    expect(low.data.result?.error?.maxParticipants).toEqual(["Er zijn al 2 plaatsen bezet; het maximum kan niet lager"]);

    const saved = unwrap<FormAnswer>(
      await call(
        detailAction,
        multipartRequest(`/admin/events/${event.id}`, cookie, eventFields({ name: "Najaarsregatta 2030", listed: "", privatePageKey: "vwdtp", depositPercent: "100" })),
        { id: event.id },
      ),
    );
    expect(saved.data.feedback?.title).toBe("admin.events.updated");
    const [after] = await database.db().select().from(events).where(eq(events.id, event.id));
    expect(after).toMatchObject({ name: "Najaarsregatta 2030", listed: false, privatePageKey: "vwdtp", depositPercent: 100 });
  });

  it("cancels an event only once confirmed; it then leaves the public lists", async () => {
    const listed = await insertEvent(database.db(), { name: "Voorjaarstraining" });
    expect((await upcomingListedEvents(database.db(), new Date(), 50)).map((e) => e.id)).toContain(listed.id);
    const asked = unwrap<FormAnswer>(await call(detailAction, postForm(`/admin/events/${listed.id}`, cookie, { intent: "cancel" }), { id: listed.id }));
    expect(asked.data.intent).toBe("confirm-cancel");
    expect((await database.db().select().from(events).where(eq(events.id, listed.id)))[0].status).toBe("upcoming");

    const done = unwrap<FormAnswer>(await call(detailAction, postForm(`/admin/events/${listed.id}`, cookie, { intent: "cancel", confirmed: "yes" }), { id: listed.id }));
    expect(done.data.feedback?.title).toBe("admin.events.cancelled");
    expect((await database.db().select().from(events).where(eq(events.id, listed.id)))[0].status).toBe("cancelled");
    expect((await upcomingListedEvents(database.db(), new Date(), 50)).map((e) => e.id)).not.toContain(listed.id);
  });

  it("lists upcoming events first (soonest first), then past ones, with places taken", async () => {
    const past = await insertEvent(database.db(), { name: "Vorig jaar", startDate: new Date("2020-05-01T10:00:00Z"), endDate: new Date("2020-05-01T16:00:00Z") });
    const soon = await insertEvent(database.db(), { name: "Binnenkort", startDate: new Date(Date.now() + 86_400_000), endDate: new Date(Date.now() + 2 * 86_400_000) });
    const { events: rows } = (await call(listLoader, get("/admin/events"))) as { events: { id: string; placesTaken: number; ended: boolean }[] };
    const order = rows.map((row) => row.id);
    expect(order[0]).toBe(soon.id);
    expect(order[order.length - 1]).toBe(past.id);
    expect(rows.find((row) => row.id === past.id)?.ended).toBe(true);
  });
});

describe("access code rotation", () => {
  useTestDatabase();
  let cookie: string;
  beforeAll(async () => {
    await resetLoginLimitsForTests();
    cookie = (await signedInUser({ admin: true })).cookie;
  });

  it("replaces a page's codes: the new one works at once, the old one stops, none is ever shown", async () => {
    await setAccessCodes("vwdtp", ["oude-code-1"]);
    const answer = unwrap<FormAnswer>(await call(codesAction, postForm("/admin/codes", cookie, { pageKey: "vwdtp", code: " nieuwe-code-2 " })));
    expect(answer.data.feedback).toMatchObject({ kind: "success", title: "admin.codes.saved" });
    const hashes = await storedCodeHashes("vwdtp");
    expect(await verifyAccessCode("nieuwe-code-2", hashes)).toBe(true);
    expect(await verifyAccessCode("oude-code-1", hashes)).toBe(false);

    const page = (await call(codesLoader, new Request("http://localhost/admin/codes", { headers: { cookie } }))) as { pages: { key: string; codeCount: number }[] };
    const serialized = JSON.stringify(page);
    expect(serialized).not.toContain("nieuwe-code-2");
    expect(serialized).not.toContain("scrypt$");
    expect(page.pages.find((p) => p.key === "vwdtp")?.codeCount).toBe(1);
  });

  it("takes two codes for /zomeravondzeilen", async () => {
    unwrap(await call(codesAction, postForm("/admin/codes", cookie, { pageKey: "zomeravondzeilen", code: "zomer-2031", secondCode: "avond-2031" })));
    const hashes = await storedCodeHashes("zomeravondzeilen");
    expect(hashes).toHaveLength(2);
    expect(await verifyAccessCode("zomer-2031", hashes)).toBe(true);
    expect(await verifyAccessCode("avond-2031", hashes)).toBe(true);
  });

  it("refuses short, empty, comma'd and duplicate codes, and unknown pages, changing nothing", async () => {
    const before = await storedCodeHashes("zomeravondzeilen");
    const cases: [Record<string, string>, string, string][] = [
      [{ pageKey: "zomeravondzeilen", code: "" }, "code", "admin.codes.validation.required"],
      [{ pageKey: "zomeravondzeilen", code: "kort" }, "code", "admin.codes.validation.tooShort"],
      [{ pageKey: "zomeravondzeilen", code: "een,twee,drie" }, "code", "admin.codes.validation.comma"],
      [{ pageKey: "zomeravondzeilen", code: "dezelfde", secondCode: "dezelfde" }, "secondCode", "admin.codes.validation.same"],
    ];
    for (const [fields, field, message] of cases) {
      const answer = unwrap<FormAnswer>(await call(codesAction, postForm("/admin/codes", cookie, fields)));
      expect(answer.status).toBe(400);
      expect(answer.data.errors?.[field]).toBe(message);
    }
    const unknown = unwrap<FormAnswer>(await call(codesAction, postForm("/admin/codes", cookie, { pageKey: "admin", code: "abcdefgh" })));
    expect(unknown.data.feedback?.message).toBe("admin.codes.validation.page");
    expect(await storedCodeHashes("zomeravondzeilen")).toEqual(before);
  });
});
