// @engine both: crew answers upserted under a row lock with their audit row, sealed health values and files (bytea) read back raw, SQL by hand
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { translate, type MessageKey } from "~/i18n";
import { crewItemDeadline } from "~/lib/crew";
import { teamDayStart } from "~/lib/local-time";
import type { CrewActionData } from "~/schemas/crew-place";
import type { PlaceActionData, PlaceView } from "~/schemas/place";
import { loader as crewFileLoader } from "~/routes/place/crew-file";
import { action as placeActionRoute, loader as placeLoader } from "~/routes/place/my-place";
import { placeActionLimiter, placeLinkLimiter } from "~/routes/place/my-place.server";
import { placeToken } from "@server/booking/places.server";
import { setNowForTests } from "@server/clock.server";
import { placeAnswers, saveCrewAnswer } from "@server/crew/answers.server";
import { auditLog, bookingPlaces, crewAnswers, crewFiles } from "@server/db/schema.server";
import { useTestDatabase } from "../support/db";
import { routeArgs, testContext } from "../support/forms";
import { useFakeStripe } from "./booking-fixtures";
import { crewForm, crewGroup, EXE_BYTES, file, PDF_BYTES, PNG_BYTES, TEXT_BYTES } from "./crew-fixtures";

/**
 * The participant's crew file (issue 27): answers checked per kind with messages in both
 * languages, locked after their deadline unless staff opened them again, health answers only
 * sealed, files judged by their bytes and sealed, and the page's loader, action and file download
 * through the route modules with a real token.
 */
describe("crew file answers", () => {
  const database = useTestDatabase();
  useFakeStripe(database);
  const NOW = new Date("2026-03-02T10:00:00Z");
  type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];
  let visitor = 0;
  const nextAddress = () => `10.0.27.${++visitor}`;

  beforeEach(() => setNowForTests(NOW));
  afterEach(async () => {
    setNowForTests(undefined);
    await placeLinkLimiter.reset();
    await placeActionLimiter.reset();
  });

  const ALL_KINDS = [
    { kind: "short_text" as const, labelNl: "Oliegoedmaat", labelEn: "Foul-weather gear size" },
    { kind: "long_text" as const, labelNl: "Ervaring", labelEn: "Experience" },
    {
      kind: "choice_one" as const,
      labelNl: "Dieet",
      labelEn: "Diet",
      options: [
        { value: "none", nl: "Geen", en: "None" },
        { value: "veg", nl: "Vegetarisch", en: "Vegetarian" },
      ],
    },
    {
      kind: "choice_many" as const,
      labelNl: "Talen",
      labelEn: "Languages",
      options: [
        { value: "nl", nl: "Nederlands", en: "Dutch" },
        { value: "en", nl: "Engels", en: "English" },
      ],
    },
    { kind: "yes_no" as const, labelNl: "Medicijnen", labelEn: "Medication", followUpNl: "Welke?", followUpEn: "Which?", health: true },
    { kind: "date" as const, labelNl: "Laatste tetanusprik", labelEn: "Last tetanus shot" },
    { kind: "number" as const, labelNl: "Zeemijlen", labelEn: "Sea miles" },
    { kind: "country" as const, labelNl: "Woonland", labelEn: "Country of residence" },
    { kind: "file" as const, labelNl: "Medische verklaring", labelEn: "Medical declaration", health: true, dueDaysBefore: 14 },
    { kind: "qualification" as const, labelNl: "Veiligheidscursus", labelEn: "Safety course", qualificationName: "World Sailing OSR" },
    { kind: "passport" as const, labelNl: "Paspoort", labelEn: "Passport" },
  ];

  const itemOf = (items: { id: string; kind: string }[], kind: string) => items.find((i) => i.kind === kind)!;

  /** An invalid answer's message keys, each with a real text in both languages (never the key itself). */
  function expectMessages(errors: Partial<Record<string, MessageKey>>, expected: Record<string, MessageKey>) {
    expect(errors).toEqual(expected);
    for (const key of Object.values(expected)) {
      const nl = translate("nl", key);
      const en = translate("en", key);
      expect(nl).not.toBe(key);
      expect(en).not.toBe(key);
      expect(nl).not.toBe(en);
    }
  }

  it("checks each kind and refuses bad answers with a message in Dutch and English", async () => {
    const { items, ann } = await crewGroup(database.db(), NOW, ALL_KINDS);
    const save = (kind: string, fields: Record<string, string | string[] | File>) => saveCrewAnswer(database.db(), ann.id, itemOf(items, kind).id, crewForm(fields));
    const invalid = async (kind: string, fields: Record<string, string | string[] | File>, expected: Record<string, MessageKey>) => {
      const result = await save(kind, fields);
      if (result.outcome !== "invalid") throw new Error(`${kind}: expected invalid, got ${result.outcome}`);
      expectMessages(result.errors, expected);
    };

    await invalid("short_text", { text: "" }, { text: "crew.error.required" });
    await invalid("short_text", { text: "x".repeat(201) }, { text: "crew.error.tooLongShort" });
    await invalid("long_text", { text: "x".repeat(4001) }, { text: "crew.error.tooLongLong" });
    await invalid("choice_one", { choice: "fish" }, { choice: "crew.error.choiceUnknown" });
    await invalid("choice_one", { choice: ["none", "veg"] }, { choice: "crew.error.chooseOne" });
    await invalid("choice_many", {}, { choice: "crew.error.choose" });
    await invalid("yes_no", { yesNo: "maybe" }, { yesNo: "crew.error.yesNo" });
    await invalid("yes_no", { yesNo: "yes", followUp: "" }, { followUp: "crew.error.required" });
    await invalid("date", { date: "2026-02-30" }, { date: "crew.error.date" });
    await invalid("date", { date: "12-03-2026" }, { date: "crew.error.date" });
    await invalid("number", { number: "Infinity" }, { number: "crew.error.number" });
    await invalid("number", { number: "1e400" }, { number: "crew.error.number" });
    await invalid("country", { country: "XX" }, { country: "crew.error.country" });
    await invalid("file", {}, { file: "crew.error.fileMissing" });
    await invalid("qualification", { certName: "OSR", certNumber: "", expiresOn: "2027-13-01" }, { certNumber: "crew.error.required", expiresOn: "crew.error.date" });
    await invalid("passport", { nationality: "Holland", passportNumber: "NX123", expiresOn: "2030-01-01" }, { nationality: "crew.error.country" });
    // Nothing was stored by any of them.
    expect((await placeAnswers(database.db(), ann.id)).size).toBe(0);

    // Good answers of every kind are stored as their kind's value.
    for (const [kind, fields] of [
      ["short_text", { text: " L " }],
      ["long_text", { text: "Two Fastnets" }],
      ["choice_one", { choice: "veg" }],
      ["choice_many", { choice: ["en", "nl"] }],
      ["yes_no", { yesNo: "no", followUp: "ignored on no" }],
      ["date", { date: "2024-05-01" }],
      ["number", { number: "1250,5" }],
      ["country", { country: "nl" }],
      ["file", { file: file(PDF_BYTES, "verklaring.pdf") }],
      ["qualification", { certName: "World Sailing OSR", certNumber: "OSR-42", expiresOn: "2028-06-30" }],
      ["passport", { nationality: "NL", passportNumber: "NX1234567", expiresOn: "2031-01-01", file: file(PNG_BYTES, "paspoort.png") }],
    ] as const) {
      const result = await save(kind, fields as Record<string, string | string[] | File>);
      expect(result.outcome, kind).toBe("saved");
    }
    const answers = await placeAnswers(database.db(), ann.id);
    const valueOf = (kind: string) => answers.get(itemOf(items, kind).id)?.value;
    expect(valueOf("short_text")).toEqual({ kind: "text", text: "L" });
    // Choices are kept in the item's order, whatever order they came in.
    expect(valueOf("choice_many")).toEqual({ kind: "choice", values: ["nl", "en"] });
    expect(valueOf("yes_no")).toEqual({ kind: "yes_no", yes: false, followUp: null });
    expect(valueOf("number")).toEqual({ kind: "number", number: 1250.5 });
    expect(valueOf("country")).toEqual({ kind: "country", country: "NL" });
    expect(valueOf("file")).toMatchObject({ kind: "file", file: { name: "verklaring.pdf", contentType: "application/pdf", byteSize: PDF_BYTES.length } });
    expect(valueOf("qualification")).toEqual({ kind: "qualification", name: "World Sailing OSR", number: "OSR-42", expiresOn: "2028-06-30", file: null });
    expect(valueOf("passport")).toMatchObject({ kind: "passport", nationality: "NL", number: "NX1234567", file: { name: "paspoort.png", contentType: "image/png" } });

    // A passport changed without a new file keeps its file.
    expect((await save("passport", { nationality: "BE", passportNumber: "EH000001", expiresOn: "2032-02-02" })).outcome).toBe("saved");
    const passport = (await placeAnswers(database.db(), ann.id)).get(itemOf(items, "passport").id)?.value;
    expect(passport).toMatchObject({ nationality: "BE", file: { name: "paspoort.png" } });

    // Every save wrote its audit row naming the item, never the answer.
    const rows = await database.db().select().from(auditLog).where(sql`${auditLog.action} like 'place.crew_%'`);
    expect(rows.length).toBe(12);
    const trail = JSON.stringify(rows.map((r) => r.changes));
    for (const secret of ["Two Fastnets", "OSR-42", "NX1234567", "EH000001", "verklaring.pdf"]) expect(trail).not.toContain(secret);
    expect(trail).toContain("Paspoort");
  });

  it("keeps a health answer only sealed: the raw row shows nothing of it, the participant reads it back", async () => {
    const { items, bas } = await crewGroup(database.db(), NOW, [
      { kind: "long_text", labelNl: "Medische bijzonderheden", labelEn: "Medical notes", health: true },
      { kind: "file", labelNl: "Medische verklaring", labelEn: "Medical declaration", health: true },
    ]);
    const secret = "Insulin pump, type 1 diabetes since 2009";
    expect((await saveCrewAnswer(database.db(), bas.id, items[0].id, crewForm({ text: secret }))).outcome).toBe("saved");
    const pdf = Buffer.concat([PDF_BYTES, Buffer.from("Cardiologist letter: arrhythmia", "latin1")]);
    expect((await saveCrewAnswer(database.db(), bas.id, items[1].id, crewForm({ file: file(pdf, "cardiology-letter.pdf") }))).outcome).toBe("saved");

    const raw = await database.db().execute(sql`select * from crew_answers where place_id = ${bas.id}`);
    const rawRows = (Array.isArray(raw) ? raw : (raw as { rows: unknown[] }).rows) as Record<string, unknown>[];
    expect(rawRows).toHaveLength(2);
    for (const row of rawRows) {
      expect(row.value).toBeNull();
      expect(typeof row.sealed).toBe("string");
    }
    const dump = JSON.stringify(rawRows);
    for (const plain of ["Insulin", "diabetes", "cardiology-letter"]) expect(dump).not.toContain(plain);
    const rawFiles = await database.db().execute(sql`select sealed_name, encode(sealed_bytes, 'escape') as bytes from crew_files where place_id = ${bas.id}`);
    const fileDump = JSON.stringify(Array.isArray(rawFiles) ? rawFiles : (rawFiles as { rows: unknown[] }).rows);
    for (const plain of ["cardiology-letter", "arrhythmia", "%PDF"]) expect(fileDump).not.toContain(plain);

    // The participant's own page reads it back, opened.
    const answers = await placeAnswers(database.db(), bas.id);
    expect(answers.get(items[0].id)?.value).toEqual({ kind: "text", text: secret });
  });

  it("refuses a renamed executable or text by its bytes, and a new file replaces the old one's bytes", async () => {
    const { items, ann } = await crewGroup(database.db(), NOW, [{ kind: "file", labelNl: "Certificaat", labelEn: "Certificate" }]);
    const save = (f: File) => saveCrewAnswer(database.db(), ann.id, items[0].id, crewForm({ file: f }));
    for (const [bytes, name] of [
      [EXE_BYTES, "certificate.pdf"],
      [TEXT_BYTES, "photo.png"],
      [EXE_BYTES, "scan.jpg"],
    ] as const) {
      const result = await save(file(bytes, name, "application/pdf"));
      expect(result).toEqual({ outcome: "invalid", errors: { file: "crew.error.fileType" } });
    }
    expect(await database.db().select().from(crewFiles).where(eq(crewFiles.placeId, ann.id))).toHaveLength(0);

    expect((await save(file(PNG_BYTES, "first.png"))).outcome).toBe("saved");
    expect((await save(file(PDF_BYTES, "second.pdf"))).outcome).toBe("saved");
    const stored = await database.db().select().from(crewFiles).where(eq(crewFiles.placeId, ann.id));
    expect(stored).toHaveLength(2);
    const [old, current] = [stored.find((f) => f.contentType === "image/png")!, stored.find((f) => f.contentType === "application/pdf")!];
    expect(old).toMatchObject({ sealedBytes: null, sealedName: null });
    expect(old.erasedAt).not.toBeNull();
    expect(current.sealedBytes).not.toBeNull();
    const answer = (await placeAnswers(database.db(), ann.id)).get(items[0].id)?.value;
    expect(answer).toMatchObject({ kind: "file", file: { fileId: current.id, name: "second.pdf" } });
  });

  it("locks an item after its deadline unless staff opened it again, and refuses a cancelled place", async () => {
    const { event, items, ann, bas } = await crewGroup(database.db(), NOW, [{ kind: "short_text", labelNl: "Maat", labelEn: "Size", dueDaysBefore: 14 }]);
    const item = items[0];
    const { lastDay } = crewItemDeadline(item, event.startDate);
    // The last day itself: still open.
    setNowForTests(new Date(teamDayStart(lastDay).getTime() + 20 * 3_600_000));
    expect((await saveCrewAnswer(database.db(), ann.id, item.id, crewForm({ text: "M" }))).outcome).toBe("saved");
    // The day after: locked, and the answer stays as it was.
    setNowForTests(new Date(teamDayStart(lastDay).getTime() + 36 * 3_600_000));
    expect(await saveCrewAnswer(database.db(), ann.id, item.id, crewForm({ text: "XL" }))).toEqual({ outcome: "locked", lastDay });
    expect((await placeAnswers(database.db(), ann.id)).get(item.id)?.value).toEqual({ kind: "text", text: "M" });
    // Locked for one who never answered too.
    expect((await saveCrewAnswer(database.db(), bas.id, item.id, crewForm({ text: "S" }))).outcome).toBe("locked");

    // Staff opened it again until tomorrow (the admin's unlock writes unlockedUntil).
    const at = new Date(teamDayStart(lastDay).getTime() + 36 * 3_600_000);
    await database
      .db()
      .update(crewAnswers)
      .set({ unlockedUntil: new Date(at.getTime() + 86_400_000) })
      .where(and(eq(crewAnswers.placeId, ann.id), eq(crewAnswers.itemId, item.id)));
    expect((await saveCrewAnswer(database.db(), ann.id, item.id, crewForm({ text: "XL" }))).outcome).toBe("saved");
    expect((await placeAnswers(database.db(), ann.id)).get(item.id)?.value).toEqual({ kind: "text", text: "XL" });
    // Once that moment passed it is locked again.
    setNowForTests(new Date(at.getTime() + 2 * 86_400_000));
    expect((await saveCrewAnswer(database.db(), ann.id, item.id, crewForm({ text: "L" }))).outcome).toBe("locked");

    // A cancelled place changes nothing; after the start nothing does.
    setNowForTests(NOW);
    await database.db().update(bookingPlaces).set({ cancelledAt: NOW }).where(eq(bookingPlaces.id, bas.id));
    expect(await saveCrewAnswer(database.db(), bas.id, item.id, crewForm({ text: "S" }))).toEqual({ outcome: "closed" });
    setNowForTests(new Date(event.startDate.getTime() + 60_000));
    await database.db().update(crewAnswers).set({ unlockedUntil: new Date(event.startDate.getTime() + 86_400_000) }).where(eq(crewAnswers.placeId, ann.id));
    expect(await saveCrewAnswer(database.db(), ann.id, item.id, crewForm({ text: "S" }))).toEqual({ outcome: "closed" });
  });

  describe("the participant's page", () => {
    async function load(token: string, query = "?lang=en") {
      const request = new Request(`http://localhost/my-place/${token}${query}`);
      const result = await placeLoader(routeArgs(request, { token }, nextAddress()) as unknown as Args<typeof placeLoader>);
      return (result as unknown as { data: PlaceView }).data;
    }

    async function post(token: string, body: FormData | URLSearchParams, query = "?lang=en") {
      const request = new Request(`http://localhost/my-place/${token}${query}`, { method: "POST", body });
      const result = await placeActionRoute({ request, params: { token }, context: testContext(nextAddress()) } as unknown as Args<typeof placeActionRoute>);
      const wrapped = result as unknown as { data: PlaceActionData; init: ResponseInit | null };
      return { status: wrapped.init?.status ?? 200, body: wrapped.data };
    }

    async function download(token: string, fileId: string) {
      const request = new Request(`http://localhost/my-place/${token}/files/${fileId}`);
      return (await crewFileLoader(routeArgs(request, { token, fileId }, nextAddress()) as unknown as Args<typeof crewFileLoader>)) as Response;
    }

    it("shows the checklist, saves one item per form (urlencoded or with a file), keeps the others, and serves the participant's own file", async () => {
      const { items, ann, bas } = await crewGroup(database.db(), NOW, [
        { kind: "short_text", labelNl: "Maat", labelEn: "Size", dueDaysBefore: 21 },
        { kind: "qualification", labelNl: "Certificaat", labelEn: "Certificate", required: false },
        { kind: "passport", labelNl: "Paspoort", labelEn: "Passport", dueDaysBefore: 30 },
      ]);
      const token = placeToken(ann.id);
      const view = await load(token);
      expect(view.crew?.items.map((i) => [i.label, i.state, i.locked])).toEqual([
        ["Size", "missing", false],
        ["Certificate", "optional", false],
        ["Passport", "missing", false],
      ]);
      // A passport asks for a country: the page gets the list, by name in its language.
      expect(view.crew?.countries?.find((c) => c.code === "NL")?.name).toBe("Netherlands");
      expect((await load(token, "?lang=nl")).crew?.countries?.find((c) => c.code === "NL")?.name).toBe("Nederland");

      // A plain form post (no JavaScript): one item.
      const size = await post(token, new URLSearchParams({ intent: "crew", itemId: items[0].id, text: "L" }));
      expect(size).toEqual({ status: 200, body: { intent: "crew", itemId: items[0].id, outcome: "saved" } });
      // A refused one answers 400 with its messages and what was posted, and keeps the saved one.
      const bad = await post(token, new URLSearchParams({ intent: "crew", itemId: items[2].id, nationality: "ZZ", passportNumber: "NX1", expiresOn: "2031-01-01" }));
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ intent: "crew", outcome: "invalid", errors: { nationality: "crew.error.country" }, values: { passportNumber: "NX1" } } satisfies Partial<CrewActionData>);
      // Multipart with a file.
      const form = crewForm({ intent: "crew", itemId: items[2].id, nationality: "NL", passportNumber: "NX1", expiresOn: "2031-01-01", file: file(PNG_BYTES, "pass port.png", "image/png") });
      expect((await post(token, form)).body).toMatchObject({ outcome: "saved" });
      // A renamed executable: 400 with the message, never a 500.
      const exe = await post(token, crewForm({ intent: "crew", itemId: items[2].id, nationality: "NL", passportNumber: "NX1", expiresOn: "2031-01-01", file: file(EXE_BYTES, "pass.png") }));
      expect(exe).toMatchObject({ status: 400, body: { outcome: "invalid", errors: { file: "crew.error.fileType" } } });

      const after = await load(token);
      expect(after.crew?.items.map((i) => i.state)).toEqual(["complete", "optional", "complete"]);
      expect(after.crew?.items[0].answer).toEqual({ kind: "text", text: "L" });
      const passport = after.crew?.items[2].answer;
      if (passport?.kind !== "passport" || !passport.file) throw new Error("expected a passport with a file");

      // Their own file: a download, not sniffed, not cached.
      const response = await download(token, passport.file.fileId);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="pass port.png"/);
      expect(response.headers.get("cache-control")).toContain("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      // Nobody else's link opens it.
      expect((await download(placeToken(bas.id), passport.file.fileId)).status).toBe(404);
      expect((await download(token, "not-a-file")).status).toBe(404);

      // The other forms of the page still work beside it.
      const waiver = await post(token, new URLSearchParams({ intent: "waiver", waiverAccepted: "on" }));
      expect(waiver.body).toMatchObject({ intent: "waiver", outcome: "accepted" });
      // An item of another event is not this place's.
      const unknown = await post(token, new URLSearchParams({ intent: "crew", itemId: "00000000-0000-4000-8000-000000000000", text: "x" }));
      expect(unknown).toMatchObject({ status: 400, body: { outcome: "unknown" } });
    });

    it("shows a locked item read-only after its deadline, and no checklist when the event asks nothing", async () => {
      const { event, items, ann } = await crewGroup(database.db(), NOW, [{ kind: "short_text", labelNl: "Maat", labelEn: "Size", dueDaysBefore: 14 }]);
      const token = placeToken(ann.id);
      await post(token, new URLSearchParams({ intent: "crew", itemId: items[0].id, text: "S" }));
      const { lastDay } = crewItemDeadline(items[0], event.startDate);
      setNowForTests(new Date(teamDayStart(lastDay).getTime() + 36 * 3_600_000));
      const view = await load(token);
      expect(view.crew?.items[0]).toMatchObject({ locked: true, state: "complete", answer: { kind: "text", text: "S" } });
      const refused = await post(token, new URLSearchParams({ intent: "crew", itemId: items[0].id, text: "M" }));
      expect(refused).toMatchObject({ status: 409, body: { outcome: "locked" } });
      expect(translate("nl", "crew.result.locked", { item: "Maat" })).toContain("Maat");

      setNowForTests(NOW);
      const plain = await crewGroup(database.db(), NOW, []);
      expect((await load(placeToken(plain.ann.id))).crew).toBeNull();
    });
  });
});
