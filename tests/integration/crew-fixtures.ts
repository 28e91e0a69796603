import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createRegistration } from "@server/booking/registration.server";
import { setNowForTests } from "@server/clock.server";
import type { Database } from "@server/db/client.server";
import { bookingPlaces, crewItems, type Event, type NewEvent } from "@server/db/schema.server";
import { insertEvent } from "./booking-fixtures";
import { groupInput, namedParticipant } from "./participant-fixtures";

export type NewCrewItem = Partial<typeof crewItems.$inferInsert> & Pick<typeof crewItems.$inferInsert, "kind">;

/** Items of an event's crew file, in the order given. */
export async function insertCrewItems(database: Database, eventId: string, items: NewCrewItem[]) {
  if (items.length === 0) return [];
  return database
    .insert(crewItems)
    .values(items.map((item, position) => ({ eventId, position, labelNl: `Vraag ${position + 1}`, labelEn: `Question ${position + 1}`, ...item })))
    .returning();
}

/**
 * A free event's confirmed group (the booker sails, Ann in English, Bas in Dutch) with the given
 * crew items: everyone's place is live, their links open.
 */
export async function crewGroup(database: Database, now: Date, items: NewCrewItem[], overrides: Partial<NewEvent> = {}) {
  setNowForTests(now);
  const event: Event = await insertEvent(now, { priceCents: 0, maxParticipants: 20, maxPlacesPerBooking: 8, ...overrides });
  const crew = await insertCrewItems(database, event.id, items);
  const tag = crypto.randomBytes(3).toString("hex");
  const ann = namedParticipant("Ann Archer", `ann.${tag}@example.com`, "en");
  const bas = namedParticipant("Bas Bakker", `bas.${tag}@example.com`, "nl");
  const created = await createRegistration(database, { eventId: event.id, input: groupInput(1, [ann, bas]), locale: "nl", now });
  if (created.outcome !== "confirmed") throw new Error(`expected a confirmation, got ${created.outcome}`);
  const places = await database.select().from(bookingPlaces).where(eq(bookingPlaces.registrationId, created.registration.id));
  const byName = (name: string) => places.find((p) => p.name === name)!;
  return { event, items: crew, registration: created.registration, booker: places.find((p) => p.isBooker)!, ann: byName("Ann Archer"), bas: byName("Bas Bakker") };
}

/** A form as the page posts it (FormData: text fields, and files). */
export function crewForm(fields: Record<string, string | string[] | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const v of value) form.append(name, v);
    else form.append(name, value);
  }
  return form;
}

/** The smallest real PNG (1×1), a minimal PDF, an executable's first bytes, plain text. */
export const PNG_BYTES = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
export const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
export const EXE_BYTES = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(120, 0)]);
export const TEXT_BYTES = Buffer.from("just some text pretending to be a picture\n", "utf8");

export function file(bytes: Buffer, name: string, type = "application/octet-stream"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
