import { and, inArray, sql } from "drizzle-orm";
import { translate, type Locale } from "~/i18n";
import type { DbOrTx } from "../db/client.server";
import { auditLog } from "../db/schema.server";

/**
 * The one home of the anonymisation rules: which fields of a person the site erases, and how the
 * audit trail forgets them. Used by the retention sweep (`retention.server.ts`, the safety data 12
 * months after the event) and by a person's erasure request (`subject.server.ts`, everything that
 * bookkeeping does not need).
 */

/** Date of birth and emergency contact: erased by the retention sweep 12 months after the event. */
export const SAFETY_FIELDS = ["birthDate", "nextOfKinName", "nextOfKinPhone"] as const;

/**
 * Every field of a registration that describes the person rather than the booking. An erasure on
 * request clears them all; what stays is the bookkeeping (id, reference, event, price, amounts,
 * statuses, dates, terms and waiver accepted, language).
 */
export const REGISTRATION_PERSONAL_FIELDS = [
  "customerName",
  "customerEmail",
  "phoneNumber",
  "street",
  "postalCode",
  "city",
  "country",
  ...SAFETY_FIELDS,
  "comments",
  "clientKey",
] as const;

/**
 * A place's participant (group bookings, decision 042): the safety fields the retention sweep
 * erases, and every field that describes the participant, which an erasure on request clears.
 * What stays is the place itself (booking, number, waiver version and time, dates): the group's
 * bookkeeping.
 */
export const PLACE_SAFETY_FIELDS = ["birthDate", "nextOfKinName", "nextOfKinPhone"] as const;
export const PLACE_PERSONAL_FIELDS = ["name", "email", "street", "postalCode", "city", "country", ...PLACE_SAFETY_FIELDS] as const;

/** The update that erases a place's safety data (the retention sweep). */
export function placeSafetyDataErasure(at: Date) {
  return { birthDate: null, nextOfKinName: null, nextOfKinPhone: null, personalDataErasedAt: at, updatedAt: at };
}

/** The update that erases every personal field of a place (an erasure on request): a neutral name, nothing else. */
export function placePersonalDataErasure(at: Date) {
  return { ...placeSafetyDataErasure(at), name: ERASED_NAME, email: null, street: null, postalCode: null, city: null, country: null };
}

/** The person's fields of a waiting-list entry and an interest sign-up (their rows are deleted). */
export const CONTACT_ROW_FIELDS = ["name", "email", "phone", "message"] as const;

/** Every key the audit trail's `changes` may hold a personal value under. */
export const AUDIT_PERSONAL_KEYS: readonly string[] = [...REGISTRATION_PERSONAL_FIELDS, ...CONTACT_ROW_FIELDS];

/** What an erased required text column of a registration holds (the columns are NOT NULL). */
export const ERASED_TEXT = "";
/**
 * What stands where erased data was: an erased registration's name (the column is NOT NULL) and
 * a name or contact detail taken out of a free text. Stored in Dutch; shown in the reader's
 * language (`erasedMarksIn`): "[removed]" on an English page.
 */
export const ERASED_NAME = "[verwijderd]";

/** `text` with every mark of erased data in `locale`. */
export function erasedMarksIn(text: string, locale: Locale): string {
  return locale === "nl" || !text.includes(ERASED_NAME) ? text : text.split(ERASED_NAME).join(translate(locale, "admin.bookings.erased"));
}

/** The update that erases a registration's safety data (the retention sweep). */
export function safetyDataErasure(at: Date) {
  return { birthDate: null, nextOfKinName: null, nextOfKinPhone: null, personalDataErasedAt: at };
}

/** The update that erases every personal field of a registration (an erasure on request). */
export function personalDataErasure(at: Date) {
  return {
    ...safetyDataErasure(at),
    customerName: ERASED_NAME,
    customerEmail: ERASED_TEXT,
    phoneNumber: null,
    street: ERASED_TEXT,
    postalCode: ERASED_TEXT,
    city: ERASED_TEXT,
    country: ERASED_TEXT,
    comments: null,
    clientKey: null,
  };
}

function textArray(keys: readonly string[]) {
  // Keys are this module's own constants (identifiers), never input: safe to inline.
  for (const key of keys) if (!/^[A-Za-z]+$/.test(key)) throw new Error(`not a field name: ${key}`);
  return sql.raw(`array[${keys.map((k) => `'${k}'`).join(", ")}]::text[]`);
}

/**
 * The history must not keep what was erased: the from → to of those fields goes from the audit
 * rows of these registrations (the only edit the audit trail ever gets). Answers how many rows
 * changed.
 */
export async function scrubAuditChanges(database: DbOrTx, registrationIds: string[], keys: readonly string[]): Promise<number> {
  if (registrationIds.length === 0) return 0;
  const rows = await database
    .update(auditLog)
    .set({ changes: sql`${auditLog.changes} - ${textArray(keys)}` })
    .where(and(inArray(auditLog.registrationId, registrationIds), sql`${auditLog.changes} ?| ${textArray(keys)}`))
    .returning({ id: auditLog.id });
  return rows.length;
}
