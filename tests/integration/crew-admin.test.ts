// @engine both: item positions and copies under the event's row lock, answers upserted (unlock), sealed values and bytes (bytea) through the driver, CSV of live places
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as itemsAction, loader as itemsLoader } from "~/routes/admin/crew-items";
import { action as crewAction, loader as crewLoader } from "~/routes/admin/crew-file";
import { loader as clearanceLoader } from "~/routes/admin/clearance";
import { loader as clearanceCsvLoader } from "~/routes/admin/exports.clearance";
import { loader as downloadLoader } from "~/routes/admin/crew-file-download";
import { loader as manifestLoader } from "~/routes/admin/manifest";
import { action as newEventAction } from "~/routes/admin/events-new";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { setNowForTests } from "@server/clock.server";
import { sealBytes, sealText } from "@server/crew/seal.server";
import { auditLog, bookingPlaces, crewAnswers, crewFiles, crewItems, events, eventSkippers, healthDataViews, user } from "@server/db/schema.server";
import type { CrewAnswerValue } from "~/schemas/crew";
import type { CrewFileView, CrewPlaceView } from "~/schemas/crew-file-view";
import { useTestDatabase } from "../support/db";
import { insertEvent, insertRegistration, signedInUser } from "./admin-fixtures";
import { call, multipartRequest, postForm, unwrap } from "./admin-articles-helpers";

type Staff = Awaited<ReturnType<typeof signedInUser>> & { id: string };
type Answer = { feedback?: { kind: string; title: string; message?: string; params?: Record<string, unknown> }; result?: { error?: Record<string, string[] | null> } | null; intent?: string };

// The event starts 15 June 2030 (Amsterdam); the clock stands on 1 May 2030.
const START = new Date("2030-06-15T08:00:00Z");
const NOW = new Date("2030-05-01T10:00:00Z");

describe("the crew file, the staff's side", () => {
  const database = useTestDatabase();
  const db = () => database.db();
  let admin: Staff;
  let office: Staff;
  let skipper: Staff;
  let otherSkipper: Staff;

  async function staffWithRole(role: string): Promise<Staff> {
    // Signed in with the second factor as an admin, then given the role (sessions read the role each request).
    const signed = await signedInUser({ admin: true });
    const [row] = await db().update(user).set({ role }).where(eq(user.email, signed.email)).returning({ id: user.id });
    return { ...signed, id: row.id };
  }

  const get = (who: Staff, url: string) => who.request(url);
  const post = (who: Staff, url: string, fields: Record<string, string>) => postForm(url, who.cookie, fields);

  async function addItem(who: Staff, eventId: string, fields: Record<string, string>) {
    const answer = unwrap<Answer>(await call(itemsAction, post(who, `/admin/events/${eventId}/crew-items`, { intent: "create", asked: "later", required: "on", ...fields }), { id: eventId }));
    return answer;
  }

  async function itemsOf(eventId: string) {
    return db().select().from(crewItems).where(eq(crewItems.eventId, eventId)).orderBy(asc(crewItems.position));
  }

  async function placeOf(registrationId: string) {
    const [place] = await db().select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, registrationId));
    return place;
  }

  async function answer(placeId: string, itemId: string, value: CrewAnswerValue, health = false) {
    await db()
      .insert(crewAnswers)
      .values(health ? { placeId, itemId, value: null, sealed: sealText(JSON.stringify(value)), answeredAt: NOW } : { placeId, itemId, value, answeredAt: NOW });
  }

  beforeAll(async () => {
    await resetLoginLimitsForTests();
    admin = { ...(await signedInUser({ admin: true })), id: "" };
    const [adminRow] = await db().select({ id: user.id }).from(user).where(eq(user.email, admin.email));
    admin.id = adminRow.id;
    office = await staffWithRole("office");
    skipper = await staffWithRole("skipper");
    otherSkipper = await staffWithRole("skipper");
    setNowForTests(NOW);
  });
  afterAll(() => setNowForTests(undefined));

  describe("the item editor", () => {
    it("refuses staff without the events permission and people without a staff role", async () => {
      const event = await insertEvent(db());
      const visitor = await signedInUser({ admin: false });
      for (const who of [skipper, { ...visitor, id: "" }]) {
        expect(((await call(itemsLoader, get(who, `/admin/events/${event.id}/crew-items`), { id: event.id })) as Response).status).toBe(403);
        const refused = (await call(itemsAction, post(who, `/admin/events/${event.id}/crew-items`, { intent: "create", kind: "short_text", labelNl: "x", labelEn: "x" }), { id: event.id })) as Response;
        expect(refused.status).toBe(403);
      }
      expect(await itemsOf(event.id)).toHaveLength(0);
    });

    it("adds, edits, orders, archives and deletes items, each with an audit row", async () => {
      const event = await insertEvent(db(), { startDate: START, endDate: new Date(START.getTime() + 3 * 86_400_000) });
      const medical = await addItem(office, event.id, { kind: "yes_no", labelNl: "Medische verklaring", labelEn: "Medical declaration", followUpNl: "Welke?", followUpEn: "Which?", dueDaysBefore: "14", health: "on" });
      expect(medical.status).toBe(200);
      expect(medical.data.feedback).toMatchObject({ kind: "success", title: "admin.crew.items.added" });
      await addItem(office, event.id, { kind: "choice_one", labelNl: "Maat zeilpak", labelEn: "Foul-weather gear size", options: "S | Maat S | Size S\nMaat M | Size M\nL" });
      await addItem(office, event.id, { kind: "passport", labelNl: "Paspoort", labelEn: "Passport", dueDaysBefore: "21" });

      let items = await itemsOf(event.id);
      expect(items.map((i) => i.labelNl)).toEqual(["Medische verklaring", "Maat zeilpak", "Paspoort"]);
      expect(items[0]).toMatchObject({ kind: "yes_no", health: true, required: true, dueDaysBefore: 14, followUpNl: "Welke?", followUpEn: "Which?" });
      expect(items[1].options).toEqual([
        { value: "s", nl: "Maat S", en: "Size S" },
        { value: "maat-m", nl: "Maat M", en: "Size M" },
        { value: "l", nl: "L", en: "L" },
      ]);
      // A follow-up belongs to yes/no only.
      expect(items[1].followUpNl).toBeNull();

      // Edit: the label and the due days.
      const edited = unwrap<Answer>(
        await call(
          itemsAction,
          post(office, `/admin/events/${event.id}/crew-items`, { intent: "update", id: items[2].id, kind: "passport", labelNl: "Paspoortgegevens", labelEn: "Passport details", asked: "registration", dueDaysBefore: "30", required: "on" }),
          { id: event.id },
        ),
      );
      expect(edited.status).toBe(200);
      // Move the passport to the top.
      for (let i = 0; i < 2; i++) {
        expect(unwrap<Answer>(await call(itemsAction, post(office, `/admin/events/${event.id}/crew-items`, { intent: "up", id: items[2].id }), { id: event.id })).status).toBe(200);
      }
      items = await itemsOf(event.id);
      expect(items.map((i) => [i.labelNl, i.position])).toEqual([
        ["Paspoortgegevens", 0],
        ["Medische verklaring", 1],
        ["Maat zeilpak", 2],
      ]);
      expect(items[0]).toMatchObject({ asked: "registration", dueDaysBefore: 30 });

      // The loader lists them, in order, with the edited one's form when asked.
      const loaded = (await call(itemsLoader, get(office, `/admin/events/${event.id}/crew-items?edit=${items[0].id}`), { id: event.id })) as {
        items: { labelNl: string; archived: boolean }[];
        editing: { defaults: { labelNl: string; dueDaysBefore: string } } | null;
      };
      expect(loaded.items.map((i) => i.labelNl)).toEqual(["Paspoortgegevens", "Medische verklaring", "Maat zeilpak"]);
      expect(loaded.editing?.defaults).toMatchObject({ labelNl: "Paspoortgegevens", dueDaysBefore: "30" });

      // An item with an answer is not deleted (nor its kind changed); archived, its answer stays.
      const registration = await insertRegistration(db(), event.id, { paidCents: 25_000 });
      const place = await placeOf(registration.id);
      await answer(place.id, items[2].id, { kind: "choice", values: ["s"] });
      const refused = unwrap<Answer>(await call(itemsAction, post(office, `/admin/events/${event.id}/crew-items`, { intent: "delete", id: items[2].id }), { id: event.id }));
      expect(refused.status).toBe(409);
      expect(refused.data.feedback?.message).toBe("admin.crew.items.hasAnswers");
      const kindChange = unwrap<Answer>(
        await call(itemsAction, post(office, `/admin/events/${event.id}/crew-items`, { intent: "update", id: items[2].id, kind: "short_text", labelNl: "Maat", labelEn: "Size", required: "on" }), { id: event.id }),
      );
      expect(kindChange.status).toBe(409);
      expect(unwrap<Answer>(await call(itemsAction, post(office, `/admin/events/${event.id}/crew-items`, { intent: "archive", id: items[2].id }), { id: event.id })).status).toBe(200);
      const [archived] = await db().select().from(crewItems).where(eq(crewItems.id, items[2].id));
      expect(archived.archivedAt).not.toBeNull();
      expect(await db().$count(crewAnswers, eq(crewAnswers.itemId, items[2].id))).toBe(1);

      // An item nobody answered can be deleted.
      expect(unwrap<Answer>(await call(itemsAction, post(office, `/admin/events/${event.id}/crew-items`, { intent: "delete", id: items[1].id }), { id: event.id })).status).toBe(200);
      expect((await itemsOf(event.id)).map((i) => i.labelNl)).toEqual(["Paspoortgegevens", "Maat zeilpak"]);

      const trail = await db()
        .select({ action: auditLog.action, actorId: auditLog.actorId })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, "event"), eq(auditLog.entityId, event.id)))
        .orderBy(asc(auditLog.at), asc(auditLog.id));
      expect(trail.map((r) => r.action).sort()).toEqual(
        ["crew_item.created", "crew_item.created", "crew_item.created", "crew_item.updated", "crew_item.moved", "crew_item.moved", "crew_item.archived", "crew_item.deleted"].sort(),
      );
      expect(new Set(trail.map((r) => r.actorId))).toEqual(new Set([office.id]));
    });

    it("answers bad input with Dutch field messages, never a 500", async () => {
      const event = await insertEvent(db());
      const noOptions = await addItem(office, event.id, { kind: "choice_many", labelNl: "Dieet", labelEn: "Diet", options: "Vegetarisch | Vegetarian" });
      expect(noOptions.status).toBe(400);
      expect(noOptions.data.result?.error?.options).toEqual(["admin.crew.items.validation.optionsNeeded"]);
      const noLabel = await addItem(office, event.id, { kind: "short_text", labelNl: "", labelEn: "Name", dueDaysBefore: "-3" });
      expect(noLabel.status).toBe(400);
      expect(noLabel.data.result?.error).toMatchObject({ labelNl: ["admin.crew.items.validation.required"], dueDaysBefore: ["admin.crew.items.validation.days"] });
      const badKind = await addItem(office, event.id, { kind: "essay", labelNl: "x", labelEn: "x" });
      expect(badKind.status).toBe(400);
      const halfFollowUp = await addItem(office, event.id, { kind: "yes_no", labelNl: "Allergie?", labelEn: "Allergy?", followUpNl: "Welke?" });
      expect(halfFollowUp.data.result?.error?.followUpEn).toEqual(["admin.crew.items.validation.followUpBoth"]);
      const notAnItem = unwrap<Answer>(await call(itemsAction, post(office, `/admin/events/${event.id}/crew-items`, { intent: "archive", id: crypto.randomUUID() }), { id: event.id }));
      expect(notAnItem.status).toBe(404);
      expect(await itemsOf(event.id)).toHaveLength(0);
    });

    it("copies the active items of another event with new ids, appended", async () => {
      const source = await insertEvent(db());
      const target = await insertEvent(db());
      await addItem(office, source.id, { kind: "qualification", labelNl: "Overlevingscursus", labelEn: "Survival course", qualificationName: "World Sailing OSR" });
      await addItem(office, source.id, { kind: "number", labelNl: "Zeemijlen", labelEn: "Sea miles" });
      await addItem(office, source.id, { kind: "short_text", labelNl: "Oud", labelEn: "Old" });
      const old = (await itemsOf(source.id)).find((i) => i.labelNl === "Oud")!;
      await call(itemsAction, post(office, `/admin/events/${source.id}/crew-items`, { intent: "archive", id: old.id }), { id: source.id });
      await addItem(office, target.id, { kind: "short_text", labelNl: "Eigen vraag", labelEn: "Own question" });

      const copied = unwrap<Answer>(await call(itemsAction, post(office, `/admin/events/${target.id}/crew-items`, { intent: "copy", from: source.id }), { id: target.id }));
      expect(copied.data.feedback).toMatchObject({ kind: "success", title: "admin.crew.items.copied", params: { count: 2 } });
      const items = await itemsOf(target.id);
      expect(items.map((i) => [i.labelNl, i.position])).toEqual([
        ["Eigen vraag", 0],
        ["Overlevingscursus", 1],
        ["Zeemijlen", 2],
      ]);
      expect(items[1].qualificationName).toBe("World Sailing OSR");
      const sourceIds = new Set((await itemsOf(source.id)).map((i) => i.id));
      expect(items.some((i) => sourceIds.has(i.id))).toBe(false);
      // The source keeps its own.
      expect(await itemsOf(source.id)).toHaveLength(3);

      const same = unwrap<Answer>(await call(itemsAction, post(office, `/admin/events/${target.id}/crew-items`, { intent: "copy", from: target.id }), { id: target.id }));
      expect(same.status).toBe(400);
    });
  });

  describe("the crew file of an offshore event", () => {
    let event: Awaited<ReturnType<typeof insertEvent>>;
    const places: Record<"an" | "bo" | "cas", { id: string; registrationId: string }> = {} as never;
    const items: Record<"medical" | "passport" | "osr" | "size", string> = {} as never;
    let fileId: string;

    beforeAll(async () => {
      event = await insertEvent(db(), {
        startDate: START,
        endDate: new Date(START.getTime() + 10 * 86_400_000),
        offshore: true,
        crewRule: { qualification: "World Sailing OSR", minPercent: 30, skipperIncluded: true },
      });
      await db().insert(eventSkippers).values({ eventId: event.id, userId: skipper.id });
      for (const [kind, fields] of [
        ["medical", { kind: "yes_no", labelNl: "Medische verklaring", labelEn: "Medical declaration", health: "on", dueDaysBefore: "14" }],
        ["passport", { kind: "passport", labelNl: "Paspoort", labelEn: "Passport", dueDaysBefore: "21" }],
        ["osr", { kind: "qualification", labelNl: "Overlevingscursus", labelEn: "Survival course", qualificationName: "World Sailing OSR" }],
        ["size", { kind: "choice_one", labelNl: "Maat zeilpak", labelEn: "Gear size", options: "Maat S | Size S\nMaat M | Size M" }],
      ] as const) {
        await addItem(admin, event.id, fields);
        items[kind] = (await itemsOf(event.id)).at(-1)!.id;
      }
      for (const [key, name] of [
        ["an", "An Anker"],
        ["bo", "Bo Boei"],
        ["cas", "=HYPERLINK(\"http://x\")"],
      ] as const) {
        const registration = await insertRegistration(db(), event.id, { paidCents: 25_000, customerName: name, birthDate: key === "cas" ? null : "1990-04-02" });
        const place = await placeOf(registration.id);
        places[key] = { id: place.id, registrationId: registration.id };
      }
      await db().update(bookingPlaces).set({ crewRole: "skipper" }).where(eq(bookingPlaces.id, places.an.id));
      // An: everything. Bo: the passport and the size. Cas: nothing.
      const [file] = await db()
        .insert(crewFiles)
        .values({ placeId: places.an.id, itemId: items.medical, contentType: "application/pdf", byteSize: 9, sealedName: sealText("verklaring.pdf"), sealedBytes: sealBytes(Buffer.from("%PDF-1.4\n")) })
        .returning();
      fileId = file.id;
      await answer(places.an.id, items.medical, { kind: "yes_no", yes: true, followUp: "Astma, puffer mee" }, true);
      await answer(places.an.id, items.passport, { kind: "passport", nationality: "NL", number: "NX1234567", expiresOn: "2031-02-01", file: null });
      await answer(places.an.id, items.osr, { kind: "qualification", name: "world sailing osr", number: "OSR-9", expiresOn: "2030-06-15", file: null });
      await answer(places.an.id, items.size, { kind: "choice", values: ["maat-m"] });
      await answer(places.bo.id, items.passport, { kind: "passport", nationality: "BE", number: "+BE999", expiresOn: "2029-12-31", file: null });
      await answer(places.bo.id, items.size, { kind: "choice", values: ["maat-s"] });
    });

    const crewUrl = () => `/admin/events/${event.id}/crew`;
    const viewsOf = () => db().select().from(healthDataViews).where(eq(healthDataViews.eventId, event.id)).orderBy(asc(healthDataViews.viewedAt));

    it("shows office staff each participant's states without health items, and records no health view", async () => {
      const { view, healthLog } = (await call(crewLoader, get(office, crewUrl()), { id: event.id })) as { view: CrewFileView; healthLog: unknown };
      expect(view.health).toBe(false);
      expect(view.items.map((i) => i.labelNl)).toEqual(["Paspoort", "Overlevingscursus", "Maat zeilpak"]);
      const byName = Object.fromEntries(view.rows.map((r) => [r.name, r]));
      expect(byName["An Anker"]).toMatchObject({ role: "skipper", complete: 3, total: 3 });
      expect(byName["Bo Boei"]).toMatchObject({ role: "crew", complete: 2, total: 3 });
      expect(byName["Bo Boei"].cells[items.osr].state).toBe("missing");
      expect(byName["Bo Boei"].cells[items.passport].value).toMatchObject({ number: "+BE999" });
      expect(Object.keys(byName["An Anker"].cells)).not.toContain(items.medical);
      expect(JSON.stringify(view)).not.toContain("Astma");
      expect(view.missing).toEqual([
        { itemId: items.passport, label: "Paspoort", names: ['=HYPERLINK("http://x")'] },
        // By name as the table sorts them (Dutch collation: the "=" before letters).
        { itemId: items.osr, label: "Overlevingscursus", names: ['=HYPERLINK("http://x")', "Bo Boei"] },
        { itemId: items.size, label: "Maat zeilpak", names: ['=HYPERLINK("http://x")'] },
      ]);
      // Only administrators see the log.
      expect(healthLog).toBeNull();

      const { place } = (await call(crewLoader, get(office, `${crewUrl()}?place=${places.an.id}`), { id: event.id })) as { place: CrewPlaceView };
      expect(place.answers.map((a) => a.item.labelNl)).toEqual(["Paspoort", "Overlevingscursus", "Maat zeilpak"]);
      expect(JSON.stringify(place)).not.toContain("Astma");
      // The health file is refused to office staff.
      expect(((await call(downloadLoader, get(office, `${crewUrl()}/files/${fileId}`), { id: event.id, fileId })) as Response).status).toBe(403);
      expect(await viewsOf()).toHaveLength(0);
    });

    it("shows the assigned skipper the health answers and file, recording every view", async () => {
      const { view } = (await call(crewLoader, get(skipper, crewUrl()), { id: event.id })) as { view: CrewFileView };
      expect(view.health).toBe(true);
      expect(view.items.map((i) => i.labelNl)).toEqual(["Medische verklaring", "Paspoort", "Overlevingscursus", "Maat zeilpak"]);
      const an = view.rows.find((r) => r.name === "An Anker")!;
      expect(an.cells[items.medical]).toMatchObject({ state: "complete", value: { kind: "yes_no", yes: true, followUp: "Astma, puffer mee" } });
      expect(an).toMatchObject({ complete: 4, total: 4 });
      expect(view.missing[0]).toEqual({ itemId: items.medical, label: "Medische verklaring", names: ['=HYPERLINK("http://x")', "Bo Boei"] });

      const { place } = (await call(crewLoader, get(skipper, `${crewUrl()}?place=${places.an.id}`), { id: event.id })) as { place: CrewPlaceView };
      expect(place.answers.find((a) => a.item.id === items.medical)?.cell.value).toMatchObject({ followUp: "Astma, puffer mee" });

      const download = (await call(downloadLoader, get(skipper, `${crewUrl()}/files/${fileId}`), { id: event.id, fileId })) as Response;
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("application/pdf");
      expect(download.headers.get("content-disposition")).toContain("verklaring.pdf");
      expect(Buffer.from(await download.arrayBuffer()).toString()).toBe("%PDF-1.4\n");

      const views = await viewsOf();
      // The participant's page shows the table too: both views are recorded.
      expect(views.map((v) => [v.what, v.placeId, v.userEmail])).toEqual([
        ["crew-file", null, skipper.email],
        ["crew-file", null, skipper.email],
        ["place", places.an.id, skipper.email],
        ["file", places.an.id, skipper.email],
      ]);

      // The administrator sees the log (and their own view is recorded too).
      const { healthLog } = (await call(crewLoader, get(admin, crewUrl()), { id: event.id })) as { healthLog: { userEmail: string; what: string }[] };
      expect(healthLog.map((r) => r.what).sort()).toEqual(["crew-file", "crew-file", "crew-file", "file", "place"]);
      expect(healthLog.filter((r) => r.userEmail === admin.email)).toHaveLength(1);
    });

    it("refuses a skipper not assigned to the event (403) on every crew page", async () => {
      for (const [fn, url, params] of [
        [crewLoader, crewUrl(), { id: event.id }],
        [clearanceLoader, `/admin/events/${event.id}/clearance`, { id: event.id }],
        [clearanceCsvLoader, `/admin/events/${event.id}/clearance.csv`, { id: event.id }],
        [downloadLoader, `${crewUrl()}/files/${fileId}`, { id: event.id, fileId }],
        [manifestLoader, `/admin/manifest/${event.id}`, { eventId: event.id }],
      ] as const) {
        expect(((await call(fn, get(otherSkipper, url), params)) as Response).status).toBe(403);
      }
      const refused = (await call(crewAction, post(otherSkipper, crewUrl(), { intent: "role", placeId: places.bo.id, role: "mate" }), { id: event.id })) as Response;
      expect(refused.status).toBe(403);
      expect((await placeOf(places.bo.registrationId)).crewRole).toBe("crew");
    });

    it("reads the readiness line: 1 of 3 with the skipper qualified on the start's day", async () => {
      const { view } = (await call(crewLoader, get(office, crewUrl()), { id: event.id })) as { view: CrewFileView };
      expect(view.readiness).toMatchObject({ qualification: "World Sailing OSR", crew: 3, qualified: 1, needed: 1, percent: 33, validOn: "2030-06-15", skipperQualified: true, met: true });
      const manifest = (await call(manifestLoader, get(office, `/admin/manifest/${event.id}`), { eventId: event.id })) as {
        participants: { name: string; crew: { complete: number; total: number } | null }[];
        readiness: { met: boolean };
        crewMissing: { label: string }[];
      };
      expect(manifest.readiness.met).toBe(true);
      expect(Object.fromEntries(manifest.participants.map((p) => [p.name, p.crew]))).toEqual({
        "An Anker": { complete: 3, total: 3 },
        "Bo Boei": { complete: 2, total: 3 },
        '=HYPERLINK("http://x")': { complete: 0, total: 3 },
      });
      expect(manifest.crewMissing.map((m) => m.label)).toEqual(["Paspoort", "Overlevingscursus", "Maat zeilpak"]);
    });

    it("sets a participant's role and unlocks a locked item, with audit rows naming the staff member", async () => {
      const role = unwrap<Answer>(await call(crewAction, post(office, crewUrl(), { intent: "role", placeId: places.bo.id, role: "watch_leader" }), { id: event.id }));
      expect(role.data.feedback).toMatchObject({ kind: "success", title: "admin.crew.file.roleSaved" });
      expect((await placeOf(places.bo.registrationId)).crewRole).toBe("watch_leader");
      const badRole = unwrap<Answer>(await call(crewAction, post(office, crewUrl(), { intent: "role", placeId: places.bo.id, role: "captain" }), { id: event.id }));
      expect(badRole.status).toBe(400);

      // 26 May: the passport (21 days before 15 June: 25 May) is locked for Cas.
      setNowForTests(new Date("2030-05-26T10:00:00Z"));
      try {
        const before = (await call(crewLoader, get(office, `${crewUrl()}?place=${places.cas.id}`), { id: event.id })) as { place: CrewPlaceView };
        expect(before.place.answers.find((a) => a.item.id === items.passport)?.cell).toMatchObject({ locked: true, state: "overdue" });
        const tooLong = unwrap<Answer>(await call(crewAction, post(office, crewUrl(), { intent: "unlock", placeId: places.cas.id, itemId: items.passport, days: "90" }), { id: event.id }));
        expect(tooLong.status).toBe(400);
        const unlocked = unwrap<Answer>(await call(crewAction, post(office, crewUrl(), { intent: "unlock", placeId: places.cas.id, itemId: items.passport, days: "3" }), { id: event.id }));
        expect(unlocked.data.feedback?.title).toBe("admin.crew.file.unlocked");
        const [row] = await db().select().from(crewAnswers).where(and(eq(crewAnswers.placeId, places.cas.id), eq(crewAnswers.itemId, items.passport)));
        // The end of 29 May in Amsterdam (CEST).
        expect(row).toMatchObject({ value: null, sealed: null });
        expect(row.unlockedUntil?.toISOString()).toBe("2030-05-29T21:59:59.999Z");
        const after = (await call(crewLoader, get(office, `${crewUrl()}?place=${places.cas.id}`), { id: event.id })) as { place: CrewPlaceView };
        expect(after.place.answers.find((a) => a.item.id === items.passport)?.cell).toMatchObject({ locked: false, state: "overdue", answeredAt: null });
      } finally {
        setNowForTests(NOW);
      }
      const trail = await db()
        .select({ action: auditLog.action, actorId: auditLog.actorId, changes: auditLog.changes })
        .from(auditLog)
        .where(and(eq(auditLog.eventId, event.id), eq(auditLog.entityType, "registration")));
      expect(trail.map((r) => [r.action, r.actorId])).toEqual(
        expect.arrayContaining([
          ["place.crew_role", office.id],
          ["crew_item.unlocked", office.id],
        ]),
      );
      expect(trail.find((r) => r.action === "place.crew_role")?.changes).toMatchObject({ crewRole: { from: "crew", to: "watch_leader" } });
    });

    it("writes the clearance crew list as CSV: roles first, missing values as 'ontbreekt', formulas made text", async () => {
      const response = (await call(clearanceCsvLoader, get(office, `/admin/events/${event.id}/clearance.csv`), { id: event.id })) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const lines = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
      expect(lines[0]).toBe("Nr;Naam;Geboortedatum;Nationaliteit;Paspoortnummer;Paspoort geldig tot;Rol;Referentie");
      expect(lines[1]).toMatch(/^1;An Anker;02-04-1990;NL;NX1234567;01-02-2031;Schipper;OR-/);
      expect(lines[2]).toMatch(/^2;Bo Boei;02-04-1990;BE;'\+BE999;31-12-2029;Wachtleider;OR-/);
      expect(lines[3]).toMatch(/^3;"'=HYPERLINK\(""http:\/\/x""\)";ontbreekt;ontbreekt;ontbreekt;ontbreekt;Bemanning;OR-/);
      expect(lines).toHaveLength(4);

      const page = (await call(clearanceLoader, get(office, `/admin/events/${event.id}/clearance`), { id: event.id })) as { rows: { name: string; passportNumber: string | null }[]; passportItem: boolean };
      expect(page.passportItem).toBe(true);
      expect(page.rows.map((r) => r.passportNumber)).toEqual(["NX1234567", "+BE999", null]);

      const inland = await insertEvent(db());
      expect(((await call(clearanceCsvLoader, get(office, `/admin/events/${inland.id}/clearance.csv`), { id: inland.id })) as Response).status).toBe(404);
    });
  });

  it("saves the event form's crew settings: offshore, readiness rule, health retention, approval", async () => {
    const fields = {
      intent: "save",
      name: "ARC-oversteek",
      slug: "arc-oversteek",
      description: "Over de oceaan.",
      startDate: "2030-11-20T12:00",
      endDate: "2030-12-10T12:00",
      location: "Las Palmas",
      price: "4500",
      status: "upcoming",
      kind: "sailing",
      bookingMode: "registration",
      depositPercent: "50",
      offshore: "on",
      crewRuleQualification: "World Sailing OSR",
      crewRuleMinPercent: "30",
      crewRuleSkipperIncluded: "on",
      healthRetentionDays: "45",
      requiresApproval: "on",
      approvalHoldHours: "48",
    };
    const created = (await call(newEventAction, multipartRequest("/admin/events/new", admin.cookie, fields))) as Response;
    expect(created.status).toBe(302);
    const [event] = await db().select().from(events).where(eq(events.slug, "arc-oversteek"));
    expect(event).toMatchObject({
      offshore: true,
      crewRule: { qualification: "World Sailing OSR", minPercent: 30, skipperIncluded: true },
      healthRetentionDays: 45,
      requiresApproval: true,
      approvalHoldHours: 48,
    });
    const half = unwrap<Answer>(await call(newEventAction, multipartRequest("/admin/events/new", admin.cookie, { ...fields, slug: "arc-2", crewRuleMinPercent: "" })));
    expect(half.status).toBe(400);
    expect(half.data.result?.error?.crewRuleMinPercent).toEqual(["admin.crew.event.validation.rulePair"]);
  });
});
