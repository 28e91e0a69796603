import { and, eq, inArray } from "drizzle-orm";
import type { CrewRole } from "~/schemas/crew";
import type { DbOrTx } from "../db/client.server";
import { crewAnswers, events, type Event } from "../db/schema.server";
import { log } from "../log.server";
import { liveParticipants, placeReference } from "../reports/participants.server";
import { toCsv } from "../reports/csv.server";
import { eventCrewItems } from "./items.server";
import { openText } from "./seal.server";
import type { CrewAnswerValue } from "~/schemas/crew";

/**
 * The clearance crew list of an offshore event (issue 27): who sails, for customs and
 * immigration — name, date of birth, nationality, passport number and expiry, and the role
 * aboard. Passport details come from the event's passport item (the first active one).
 */

export type ClearanceRow = {
  placeId: string;
  reference: string;
  name: string;
  /** YYYY-MM-DD, or null when missing (or erased). */
  birthDate: string | null;
  nationality: string | null;
  passportNumber: string | null;
  passportExpiresOn: string | null;
  role: CrewRole;
};

export type ClearanceList = {
  event: { id: string; name: string; startDate: Date; location: string; offshore: boolean };
  /** The event has an active passport item; without one the passport columns are all missing. */
  passportItem: boolean;
  rows: ClearanceRow[];
};

const ROLE_ORDER: Record<CrewRole, number> = { skipper: 0, mate: 1, watch_leader: 2, crew: 3 };

/**
 * A passport answer opened (every passport answer is sealed at rest). Who may read it was decided
 * before: the passport item is only chosen when the reader may see it (a passport item marked
 * as health data needs the health permission).
 */
function passportOf(answer: { value: CrewAnswerValue | null; sealed: string | null; erasedAt: Date | null }): CrewAnswerValue | null {
  if (answer.erasedAt) return null;
  if (answer.sealed) {
    try {
      return JSON.parse(openText(answer.sealed)) as CrewAnswerValue;
    } catch (error) {
      log.error("A sealed passport answer could not be opened", error);
      return null;
    }
  }
  return answer.value;
}

/** The list, skipper first, then mates, watch leaders, crew; by name within a role. */
export async function clearanceList(db: DbOrTx, eventId: string, options: { health: boolean }): Promise<ClearanceList | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) return undefined;
  const participants = await liveParticipants(db, { eventId }, true);
  const passport = (await eventCrewItems(db, eventId)).find((item) => item.kind === "passport" && (options.health || !item.health));
  const answers = new Map<string, CrewAnswerValue | null>();
  if (passport && participants.length > 0) {
    const rows = await db
      .select({ placeId: crewAnswers.placeId, value: crewAnswers.value, sealed: crewAnswers.sealed, erasedAt: crewAnswers.erasedAt })
      .from(crewAnswers)
      .where(
        and(
          eq(crewAnswers.itemId, passport.id),
          inArray(
            crewAnswers.placeId,
            participants.map((p) => p.place.id),
          ),
        ),
      );
    for (const row of rows) answers.set(row.placeId, passportOf(row));
  }
  const text = (value: string | undefined | null) => (value && value.trim() !== "" ? value.trim() : null);
  const rows = participants.map(({ place, registration }): ClearanceRow => {
    const value = answers.get(place.id);
    const pass = value?.kind === "passport" ? value : null;
    return {
      placeId: place.id,
      reference: placeReference(registration.reference, place.number),
      name: place.name,
      birthDate: place.personalDataErasedAt ? null : place.birthDate,
      nationality: text(pass?.nationality),
      passportNumber: text(pass?.number),
      passportExpiresOn: text(pass?.expiresOn),
      role: place.crewRole,
    };
  });
  rows.sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.name.localeCompare(b.name, "nl", { sensitivity: "base" }));
  return { event: eventSummary(event), passportItem: passport !== undefined, rows };
}

function eventSummary(event: Event) {
  return { id: event.id, name: event.name, startDate: event.startDate, location: event.location, offshore: event.offshore };
}

/** "1990-04-02" → "02-04-1990", the way the forms of the authorities write a date. */
export function clearanceDate(day: string | null): string | null {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

export const CLEARANCE_MISSING = "ontbreekt";

const ROLE_WORDS: Record<CrewRole, string> = { skipper: "Schipper", mate: "Stuurman", watch_leader: "Wachtleider", crew: "Bemanning" };

/** The list as CSV for Dutch Excel (the site's CSV: formula-safe cells); a missing value reads "ontbreekt". */
export function clearanceCsv(list: ClearanceList): string {
  const or = (value: string | null) => value ?? CLEARANCE_MISSING;
  return toCsv(
    ["Nr", "Naam", "Geboortedatum", "Nationaliteit", "Paspoortnummer", "Paspoort geldig tot", "Rol", "Referentie"],
    list.rows.map((row, index) => [
      index + 1,
      row.name,
      or(clearanceDate(row.birthDate)),
      or(row.nationality),
      or(row.passportNumber),
      or(clearanceDate(row.passportExpiresOn)),
      ROLE_WORDS[row.role],
      row.reference,
    ]),
  );
}
