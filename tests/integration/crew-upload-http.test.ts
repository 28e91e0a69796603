// @engine pglite: the request checks in front of the routes (body limits, who may send a large body), HTTP glue
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as PlacesModule from "@server/booking/places.server";
import type * as ClockModule from "@server/clock.server";
import type * as SchemaModule from "@server/db/schema.server";
import { startTestApp, type TestApp } from "../support/http-app";
import type * as CrewFixtures from "./crew-fixtures";
import { PDF_BYTES } from "./crew-fixtures";

/**
 * A participant's crew form over the real HTTP app: the page's own forms (details, a 2 MB medical
 * declaration) pass the request checks with a genuine link and no staff session; a made-up link
 * cannot make the server read more than an ordinary form's body.
 */
let app: TestApp;
let schema: typeof SchemaModule;
let places: typeof PlacesModule;
let group: Awaited<ReturnType<typeof CrewFixtures.crewGroup>>;

/** A real PDF (its first bytes) padded to `size` bytes. */
const pdfOf = (size: number) => Buffer.concat([PDF_BYTES, Buffer.alloc(size - PDF_BYTES.length, 0x20)]);

beforeAll(async () => {
  app = await startTestApp();
  schema = await app.load<typeof SchemaModule>("/server/db/schema.server.ts");
  places = await app.load<typeof PlacesModule>("/server/booking/places.server.ts");
  const fixtures = await app.load<typeof CrewFixtures>("/tests/integration/crew-fixtures.ts");
  group = await fixtures.crewGroup(app.db as never, new Date(), [{ kind: "file", labelNl: "Medische verklaring", labelEn: "Medical declaration", health: true }]);
  // The fixture pinned the app's clock: the server runs on real time again.
  (await app.load<typeof ClockModule>("/server/clock.server.ts")).setNowForTests(undefined);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const post = (path: string, body: FormData | URLSearchParams) => fetch(`${app.url}${path}`, { method: "POST", body, headers: { origin: app.url }, redirect: "manual" });

describe("a participant's crew form over HTTP", () => {
  it("saves the participant's details behind their link, without a staff session", async () => {
    // Ann reads in English: her page's address says so (without it, the page redirects there).
    const path = `${places.placePath(group.ann.id)}?lang=en`;
    const body = new URLSearchParams({ intent: "details", name: "Ann Archer", birthDate: "1990-05-01", street: "Duinweg 4", postalCode: "2585 JV", city: "Den Haag", country: "Nederland", nextOfKinName: "Bob Archer", nextOfKinPhone: "+31 6 11223344" });
    const response = await post(path, body);
    expect(response.status, response.headers.get("location") ?? "").toBe(200);
    expect(await response.text()).toContain("Your details are saved.");
  });

  it("takes a 2 MB file for the medical declaration behind a genuine link, and stores it sealed", async () => {
    const form = new FormData();
    form.append("intent", "crew");
    form.append("itemId", group.items[0]!.id);
    form.append("file", new File([new Uint8Array(pdfOf(2 * 1024 * 1024))], "verklaring.pdf", { type: "application/pdf" }));
    const response = await post(`${places.placePath(group.ann.id)}?lang=en`, form);
    expect(response.status).toBe(200);
    const stored = await app.db.select().from(schema.crewFiles);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ placeId: group.ann.id, itemId: group.items[0]!.id });
  });

  it("refuses the same body with 413 behind a made-up link (its signature is wrong), storing nothing", async () => {
    const token = places.placePath(group.bas.id).split("/")[2]!;
    const forged = `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    const form = new FormData();
    form.append("intent", "crew");
    form.append("itemId", group.items[0]!.id);
    form.append("file", new File([new Uint8Array(pdfOf(2 * 1024 * 1024))], "verklaring.pdf", { type: "application/pdf" }));
    const response = await post(`/my-place/${forged}`, form);
    expect(response.status).toBe(413);
    expect(await app.db.select().from(schema.crewFiles)).toHaveLength(1);
  });

  it("answers a small form behind a made-up link as the page does (404), not as an upload", async () => {
    const response = await post("/my-place/not-a-real-token-at-all", new URLSearchParams({ intent: "details", name: "X" }));
    expect(response.status).toBe(404);
  });
});
