// @engine both: the retention sweep's date arithmetic in SQL (end + health_retention_days), sealed values and bytea erased, the erasure's transaction
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { subjectExport } from "~/routes/admin/privacy.server";
import { setNowForTests } from "@server/clock.server";
import { placeAnswers, saveCrewAnswer } from "@server/crew/answers.server";
import { clearanceList } from "@server/crew/clearance.server";
import { crewAnswers, crewFiles, crewItems, events } from "@server/db/schema.server";
import { applyRetention } from "@server/privacy/retention.server";
import { eraseSubject, findSubject } from "@server/privacy/subject.server";
import { useTestDatabase } from "../support/db";
import { useFakeStripe } from "./booking-fixtures";
import { crewForm, crewGroup, file, PDF_BYTES } from "./crew-fixtures";

/**
 * The crew file's personal data over time (issue 27): health answers and files erased the event's
 * `healthRetentionDays` after its end (other answers stay), and a participant's crew file in their
 * personal-data export (health answers opened: their own) and gone with their erasure, the rows
 * kept with `erasedAt`.
 */
describe("crew file retention and privacy", () => {
  const database = useTestDatabase();
  useFakeStripe(database);
  const NOW = new Date("2026-03-02T10:00:00Z");
  const STAFF = { type: "staff" as const, userId: "staff-1" };
  afterEach(() => setNowForTests(undefined));

  async function answered() {
    const group = await crewGroup(
      database.db(),
      NOW,
      [
        { kind: "yes_no", labelNl: "Medicijnen", labelEn: "Medication", followUpNl: "Welke?", followUpEn: "Which?", health: true },
        { kind: "file", labelNl: "Medische verklaring", labelEn: "Medical declaration", health: true },
        { kind: "short_text", labelNl: "Oliegoedmaat", labelEn: "Gear size" },
      ],
      { healthRetentionDays: 10 },
    );
    const { items, ann } = group;
    expect((await saveCrewAnswer(database.db(), ann.id, items[0].id, crewForm({ yesNo: "yes", followUp: "Salbutamol inhaler" }))).outcome).toBe("saved");
    expect((await saveCrewAnswer(database.db(), ann.id, items[1].id, crewForm({ file: file(PDF_BYTES, "verklaring.pdf") }))).outcome).toBe("saved");
    expect((await saveCrewAnswer(database.db(), ann.id, items[2].id, crewForm({ text: "XL" }))).outcome).toBe("saved");
    return group;
  }

  it("erases health answers and files healthRetentionDays after the event's end, and keeps the rest", async () => {
    const { event, items, ann } = await answered();
    const DAY = 86_400_000;
    // Nine days after the end: kept.
    const early = await applyRetention(database.db(), new Date(event.endDate.getTime() + 9 * DAY));
    expect(early).toMatchObject({ erasedHealthAnswers: 0, erasedHealthFiles: 0 });
    expect((await placeAnswers(database.db(), ann.id)).get(items[0].id)?.value).toMatchObject({ yes: true, followUp: "Salbutamol inhaler" });

    const at = new Date(event.endDate.getTime() + 10 * DAY + 60_000);
    const result = await applyRetention(database.db(), at);
    expect(result.erasedHealthAnswers).toBeGreaterThanOrEqual(2);
    expect(result.erasedHealthFiles).toBeGreaterThanOrEqual(1);
    const rows = await database.db().select().from(crewAnswers).where(eq(crewAnswers.placeId, ann.id));
    const byItem = (id: string) => rows.find((r) => r.itemId === id)!;
    for (const health of [items[0], items[1]]) {
      expect(byItem(health.id)).toMatchObject({ value: null, sealed: null });
      expect(byItem(health.id).erasedAt?.getTime()).toBe(at.getTime());
    }
    // Not health data: kept (the safety data's own 12 months apply to the booking).
    expect(byItem(items[2].id)).toMatchObject({ value: { kind: "text", text: "XL" }, erasedAt: null });
    const files = await database.db().select().from(crewFiles).where(eq(crewFiles.placeId, ann.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ sealedBytes: null, sealedName: null, contentType: "application/pdf" });
    // Run again: nothing more.
    expect(await applyRetention(database.db(), at)).toMatchObject({ erasedHealthAnswers: 0, erasedHealthFiles: 0 });
  });

  it("exports a participant's crew answers (health opened) and erases them with the person, keeping the rows", async () => {
    const { event, ann } = await answered();
    const data = await findSubject(database.db(), ann.email!.toLowerCase());
    expect(data.crewAnswers).toHaveLength(3);
    const doc = subjectExport(data, NOW, "en", []);
    const crew = doc.places.find((p) => p.id === ann.id)?.crewFile;
    expect(crew?.map((a) => [a.item, a.health, a.answer])).toEqual([
      ["Medication", true, "Yes: Salbutamol inhaler"],
      ["Medical declaration", true, "verklaring.pdf"],
      ["Gear size", false, "XL"],
    ]);

    // An erasure waits until the event has ended (a live place is refused), then takes the crew file too.
    await database.db().update(events).set({ startDate: new Date(NOW.getTime() - 3 * 86_400_000), endDate: new Date(NOW.getTime() - 2 * 86_400_000) }).where(eq(events.id, event.id));
    const result = await eraseSubject(database.db(), ann.email!.toLowerCase(), STAFF, NOW);
    if (result.status !== "erased") throw new Error(`expected an erasure, got ${result.status}`);
    expect(result.counts).toMatchObject({ crewAnswersErased: 3, crewFilesErased: 1 });
    const rows = await database.db().select().from(crewAnswers).where(eq(crewAnswers.placeId, ann.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ value: null, sealed: null });
      expect(row.erasedAt).not.toBeNull();
    }
    const files = await database.db().select().from(crewFiles).where(eq(crewFiles.placeId, ann.id));
    expect(files.every((f) => f.sealedBytes === null && f.sealedName === null && f.erasedAt !== null)).toBe(true);
  });

  it("keeps a passport only sealed, still on the clearance list of staff without the health permission", async () => {
    const { event, items, bas } = await crewGroup(database.db(), NOW, [{ kind: "passport", labelNl: "Paspoort", labelEn: "Passport" }]);
    const form = crewForm({ nationality: "NL", passportNumber: "NXQ987654", expiresOn: "2031-05-31" });
    expect((await saveCrewAnswer(database.db(), bas.id, items[0].id, form)).outcome).toBe("saved");
    const [row] = await database.db().select().from(crewAnswers).where(eq(crewAnswers.placeId, bas.id));
    expect(row.value).toBeNull();
    expect(row.sealed).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain("NXQ987654");
    // Office staff (no health permission) still get the crew list the authorities ask for.
    const list = await clearanceList(database.db(), event.id, { health: false });
    expect(list?.rows.find((r) => r.placeId === bas.id)).toMatchObject({ nationality: "NL", passportNumber: "NXQ987654", passportExpiresOn: "2031-05-31" });
  });

  it("seals what was stored in the open before (a passport given earlier, an item marked as health later), and changes no value", async () => {
    const { items, ann, bas } = await crewGroup(database.db(), NOW, [
      { kind: "passport", labelNl: "Paspoort", labelEn: "Passport" },
      { kind: "short_text", labelNl: "Allergieën", labelEn: "Allergies" },
    ]);
    const passport = { kind: "passport" as const, nationality: "BE", number: "EH555111", expiresOn: "2030-01-31", file: null };
    // As rows were written before passports were sealed.
    await database.db().insert(crewAnswers).values({ placeId: ann.id, itemId: items[0].id, value: passport, answeredAt: NOW });
    expect((await saveCrewAnswer(database.db(), bas.id, items[1].id, crewForm({ text: "Pinda's" }))).outcome).toBe("saved");
    // Staff mark the allergies as health data after Bas answered.
    await database.db().update(crewItems).set({ health: true }).where(eq(crewItems.id, items[1].id));

    const result = await applyRetention(database.db(), NOW);
    expect(result.sealedCrewAnswers).toBeGreaterThanOrEqual(2);
    const raw = await database.db().select().from(crewAnswers).where(inArray(crewAnswers.placeId, [ann.id, bas.id]));
    expect(raw.every((r) => r.value === null && r.sealed !== null)).toBe(true);
    expect(JSON.stringify(raw)).not.toContain("EH555111");
    expect(JSON.stringify(raw)).not.toContain("Pinda");
    expect((await placeAnswers(database.db(), ann.id)).get(items[0].id)?.value).toEqual(passport);
    expect((await placeAnswers(database.db(), bas.id)).get(items[1].id)?.value).toEqual({ kind: "text", text: "Pinda's" });
    expect((await applyRetention(database.db(), NOW)).sealedCrewAnswers).toBe(0);
  });

  it("erases the rest of the crew file (passports, sizes) with the safety data, 12 months after the event, once", async () => {
    const { event, items, ann } = await answered();
    const MONTH = 31 * 86_400_000;
    const eleven = await applyRetention(database.db(), new Date(event.endDate.getTime() + 11 * MONTH));
    expect((await placeAnswers(database.db(), ann.id)).get(items[2].id)?.value).toEqual({ kind: "text", text: "XL" });
    expect(eleven.erasedCrewAnswers).toBe(0);
    const at = new Date(event.endDate.getTime() + 13 * MONTH);
    const result = await applyRetention(database.db(), at);
    expect(result.erasedCrewAnswers).toBeGreaterThanOrEqual(1);
    const [size] = await database.db().select().from(crewAnswers).where(and(eq(crewAnswers.placeId, ann.id), eq(crewAnswers.itemId, items[2].id)));
    expect(size).toMatchObject({ value: null, sealed: null });
    expect(size.erasedAt?.getTime()).toBe(at.getTime());
    expect(await applyRetention(database.db(), at)).toMatchObject({ erasedCrewAnswers: 0, erasedCrewFiles: 0 });
  });
});
