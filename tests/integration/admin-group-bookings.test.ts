// @engine both: places and bookings counted by SQL aggregates (sum of places, filtered counts), participants joined to their bookings
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as detailLoader } from "~/routes/admin/events-detail";
import { loader as registrationsExport } from "~/routes/admin/exports.registrations";
import { bookingPlaces, registrations } from "@server/db/schema.server";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { dashboardCounts, eventManifest, eventOccupancy } from "@server/reports/dashboard.server";
import { REGISTRATION_CSV_HEADER } from "@server/reports/exports.server";
import { staffPlacesOf } from "@server/reports/participants.server";
import { useTestDatabase } from "../support/db";
import { testContext } from "../support/forms";
import { insertEvent, insertRegistration, signedInUser } from "./admin-fixtures";

/*
 * The staff's figures and lists with group bookings (decision 042): the dashboard counts places
 * and bookings apart, the CSV export and the manifest list one row per live participant with the
 * booking's reference and the place number, and the event page lists the places still incomplete
 * with the participants' deadline.
 */

type AnyArgs = never;
const call = (fn: (args: AnyArgs) => unknown, request: Request, params: Record<string, string> = {}) => fn({ request, params, context: testContext() } as AnyArgs);

/** The CSV's cells (no separator inside a quoted value in these rows; amounts are quoted for their comma). */
function cells(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(";").map((cell) => cell.replace(/^"(.*)"$/, "$1").replace(/""/g, '"')));
}

const column = (row: string[], name: (typeof REGISTRATION_CSV_HEADER)[number]) => row[REGISTRATION_CSV_HEADER.indexOf(name)];

describe("group bookings on the staff's pages", () => {
  const database = useTestDatabase();
  const at = new Date();
  let eventId = "";
  let groupReference = "";

  beforeAll(async () => {
    await resetLoginLimitsForTests();
    const db = database.db();
    const event = await insertEvent(db, { name: "Groepsdag", maxParticipants: 20, priceCents: 20_000, participantDeadlineDays: 7 });
    eventId = event.id;
    // One booking of one place whose booker sails (the fixture makes place 1).
    await insertRegistration(db, event.id, { customerName: "Solo Zeiler", customerEmail: "solo@example.com", priceCents: 20_000, amountDueCents: 10_000, paidCents: 10_000 });
    // A group of five, the booker ashore: three complete, one only named, one cancelled, and place 2 replaced.
    const group = await insertRegistration(db, event.id, {
      customerName: "Bea Boeker",
      customerEmail: "bea@example.com",
      priceCents: 80_000,
      amountDueCents: 50_000,
      paidCents: 50_000,
      places: 4,
      bookerSails: false,
    });
    groupReference = group.reference;
    // The fixture made place 1 the booker's own: this booker does not sail, so it is a colleague's.
    await db.delete(bookingPlaces).where(eq(bookingPlaces.registrationId, group.id));
    const complete = { birthDate: "1990-01-01", street: "Weg 1", city: "Delft", postalCode: "2611 AA", country: "Nederland", nextOfKinName: "Kin", nextOfKinPhone: "+31 6 1", waiverVersion: "2026-1", waiverAcceptedAt: at };
    const [newTwo] = await db.insert(bookingPlaces).values({ registrationId: group.id, number: 2, name: "Nieuwe Twee", email: "twee@example.com", ...complete }).returning();
    await db.insert(bookingPlaces).values([
      { registrationId: group.id, number: 1, name: "=Een Formule", email: "een@example.com", ...complete },
      { registrationId: group.id, number: 2, name: "Oude Twee", email: "oud@example.com", replacedAt: at, replacedById: newTwo.id },
      { registrationId: group.id, number: 3, name: "Drie Compleet", email: "drie@example.com", ...complete },
      { registrationId: group.id, number: 4, name: "Vier Genoemd", email: "solo@example.com", invitedAt: at },
      { registrationId: group.id, number: 5, name: "Vijf Geannuleerd", email: "vijf@example.com", cancelledAt: at },
    ]);
    // A running hold of three places and a cancelled booking of two: neither sold.
    await insertRegistration(db, event.id, { customerName: "Houder", places: 3, priceCents: 60_000, holdExpiresAt: new Date(at.getTime() + 600_000) });
    await insertRegistration(db, event.id, { customerName: "Weg", places: 2, status: "cancelled", cancelledAt: at, priceCents: 40_000 });
  });

  it("counts places and bookings apart on the dashboard and per event", async () => {
    const counts = await dashboardCounts(database.db(), at);
    expect(counts).toMatchObject({ liveBookings: 2, livePlaces: 5, heldPlaces: 3, paidBookings: 2 });
    const row = (await eventOccupancy(database.db(), at)).find((r) => r.id === eventId)!;
    expect(row).toMatchObject({ placesSold: 5, bookingsSold: 2, placesHeld: 3, placesTaken: 8 });
  });

  it("lists one CSV row per live participant with the booking's reference and the place number; the money once per booking", async () => {
    const admin = await signedInUser({ admin: true });
    const answer = (await call(registrationsExport, admin.request(`/admin/exports/registrations.csv?event=${eventId}&live=1`))) as Response;
    const rows = cells(await answer.text());
    expect(rows[0]).toEqual([...REGISTRATION_CSV_HEADER]);
    const group = rows.slice(1).filter((r) => column(r, "Referentie") === groupReference);
    // Places 1, 2 (its current participant), 3 and 4; the cancelled place 5 and the replaced participant left out.
    expect(group.map((r) => [column(r, "Plaatsnummer"), column(r, "Deelnemersreferentie"), column(r, "Naam")])).toEqual([
      ["1", `${groupReference}-1`, "'=Een Formule"], // CSV injection: a formula stays text
      ["2", `${groupReference}-2`, "Nieuwe Twee"],
      ["3", `${groupReference}-3`, "Drie Compleet"],
      ["4", `${groupReference}-4`, "Vier Genoemd"],
    ]);
    expect(group.map((r) => column(r, "Boeker"))).toEqual(Array(4).fill("Bea Boeker"));
    expect(group.map((r) => column(r, "Aantal plaatsen in boeking"))).toEqual(Array(4).fill("4"));
    expect(group.map((r) => column(r, "Vrijwaring deelnemer"))).toEqual(["geaccepteerd (versie 2026-1)", "geaccepteerd (versie 2026-1)", "geaccepteerd (versie 2026-1)", "nog niet"]);
    expect(group.map((r) => column(r, "Gegevens compleet"))).toEqual(["ja", "ja", "ja", "nee"]);
    expect(group.map((r) => column(r, "Geboortedatum"))).toEqual(["1990-01-01", "1990-01-01", "1990-01-01", ""]);
    // The booking's money on its first row only: a column sum in Excel is the bookings' sum.
    expect(group.map((r) => column(r, "Prijs (EUR)"))).toEqual(["800,00", "", "", ""]);
    expect(group.map((r) => column(r, "Betaald (EUR)"))).toEqual(["500,00", "", "", ""]);
    // 1 solo + 4 group participants; the hold and the cancelled booking are not live.
    expect(rows).toHaveLength(1 + 5);

    // The full export keeps every booking: the cancelled one and the hold with their places.
    const all = cells(await ((await call(registrationsExport, admin.request(`/admin/exports/registrations.csv?event=${eventId}`))) as Response).text());
    expect(all.slice(1).map((r) => column(r, "Naam")).sort()).toEqual(["'=Een Formule", "Drie Compleet", "Houder", "Nieuwe Twee", "Solo Zeiler", "Vier Genoemd", "Weg"].sort());
  });

  it("the manifest lists the same participants, marking who lacks the waiver or details", async () => {
    const manifest = (await eventManifest(database.db(), eventId, at))!;
    const group = manifest.participants.filter((p) => p.reference.startsWith(`${groupReference}-`));
    expect(group.map((p) => p.reference).sort()).toEqual([1, 2, 3, 4].map((n) => `${groupReference}-${n}`));
    expect(manifest.participants).toHaveLength(5);
    const four = manifest.participants.find((p) => p.name === "Vier Genoemd")!;
    expect(four).toMatchObject({ waiverAccepted: false, detailsComplete: false, bookerName: "Bea Boeker", phoneNumber: null });
    const solo = manifest.participants.find((p) => p.name === "Solo Zeiler")!;
    // The booker's own place: no "booked by", and the booking's phone is theirs.
    expect(solo).toMatchObject({ bookerName: null, phoneNumber: "+31 6 1234 5678", waiverAccepted: true, detailsComplete: true });
  });

  it("the event page counts places in bookings and lists the incomplete places with the deadline", async () => {
    const admin = await signedInUser({ admin: true });
    const page = (await call(detailLoader, admin.request(`/admin/events/${eventId}`), { id: eventId })) as {
      sold: { places: number; bookings: number };
      incomplete: { deadline: string; open: boolean; places: { reference: string; name: string; missing: string[]; waiverAccepted: boolean; bookerName: string }[] };
      registrations: { reference: string; places: number }[];
    };
    expect(page.sold).toEqual({ places: 5, bookings: 2 });
    expect(page.incomplete.open).toBe(true);
    expect(page.incomplete.places).toEqual([
      expect.objectContaining({ reference: `${groupReference}-4`, name: "Vier Genoemd", waiverAccepted: false, bookerName: "Bea Boeker", missing: ["birthDate", "street", "city", "postalCode", "country", "nextOfKinName", "nextOfKinPhone"] }),
    ]);
    expect(page.registrations.find((r) => r.reference === groupReference)?.places).toBe(4);
    // "Vier Genoemd" uses the address of the solo booker: both bookings show it (checked on the booking page's data too).
    const [group] = await database.db().select().from(registrations).where(eq(registrations.reference, groupReference));
    const places = await staffPlacesOf(database.db(), group);
    expect(places.find((p) => p.number === 4)?.alsoBooked.map((o) => o.reference)).toHaveLength(1);
    expect(places.find((p) => p.number === 2)?.replaced.map((p) => p.name)).toEqual(["Oude Twee"]);
    expect(places.find((p) => p.number === 5)).toMatchObject({ cancelledAt: expect.any(String), alsoBooked: [] });
  });
});
