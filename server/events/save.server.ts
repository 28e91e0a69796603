import { storeFormFiles } from "../storage/form-uploads.server";
import { and, eq, ne } from "drizzle-orm";
import type { EventFormValues } from "~/schemas/event";
import type { MessageKey } from "~/i18n";
import { isUniqueViolation } from "../db/values.server";
import type { DbOrTx } from "../db/client.server";
import { events, privatePages, type Event } from "../db/schema.server";
import { placesTakenByEvent } from "./queries.server";
import { log } from "../log.server";
import { discardUploads, releaseUploadIfUnused, uploadByPublicPath } from "../storage/uploads.server";
import { fromLocalInput } from "~/lib/local-time";
import { eventById } from "./admin.server";

export type EventField = keyof EventFormValues;
export type SaveEventResult = { ok: true; event: Event; before?: Event } | { ok: false; field?: EventField; error: MessageKey; params?: Record<string, number> };

function instant(value: string | undefined, field: EventField): Date | null | { field: EventField } {
  if (!value) return null;
  return fromLocalInput(value) ?? { field };
}

/**
 * Creates (no `id`) or updates an event from the admin form, with its picture and brochure.
 * Server-side checks beyond the schema: a unique slug, an existing private page, real Amsterdam
 * times, and a capacity not below the places already taken.
 */
export async function saveEvent(
  db: DbOrTx,
  values: EventFormValues,
  options: { id?: string; uploadedBy: string | null; now: Date },
): Promise<SaveEventResult> {
  const existing = options.id ? await eventById(db, options.id) : undefined;
  if (options.id && !existing) return { ok: false, error: "admin.events.notFound" };

  const times = {
    startDate: instant(values.startDate, "startDate"),
    endDate: instant(values.endDate, "endDate"),
    registrationOpensAt: instant(values.registrationOpensAt, "registrationOpensAt"),
    earlyBirdUntil: instant(values.earlyBirdUntil, "earlyBirdUntil"),
  };
  for (const value of Object.values(times)) {
    if (value && !(value instanceof Date)) return { ok: false, field: value.field, error: "admin.events.validation.dateTime" };
  }
  const startDate = times.startDate as Date;
  const endDate = times.endDate as Date;

  const [slugRow] = await db
    .select({ id: events.id })
    .from(events)
    .where(existing ? and(eq(events.slug, values.slug), ne(events.id, existing.id)) : eq(events.slug, values.slug))
    .limit(1);
  if (slugRow) return { ok: false, field: "slug", error: "admin.events.validation.slugTaken" };

  if (values.privatePageKey) {
    const [page] = await db.select({ key: privatePages.key }).from(privatePages).where(eq(privatePages.key, values.privatePageKey)).limit(1);
    if (!page) return { ok: false, field: "privatePageKey", error: "admin.events.validation.choice" };
  }

  if (existing && values.maxParticipants !== undefined) {
    const taken = (await placesTakenByEvent(db, [existing.id], options.now)).get(existing.id) ?? 0;
    if (values.maxParticipants < taken) {
      return { ok: false, field: "maxParticipants", error: "admin.events.validation.belowTaken", params: { taken } };
    }
  }

  const files = await storeFormFiles(db, values, options.uploadedBy);
  if (!files.ok) return files;
  const { stored, document } = files;
  const imageUrl = files.image === undefined ? undefined : (files.image?.url ?? null);
  const documentUrl = document === undefined ? (existing?.documentUrl ?? null) : (document?.url ?? null);

  const row = {
    name: values.name,
    nameEn: values.nameEn,
    slug: values.slug,
    description: values.description,
    descriptionEn: values.descriptionEn,
    startDate,
    endDate,
    location: values.location ?? "",
    locationEn: values.locationEn ?? null,
    priceCents: values.price,
    status: values.status,
    included: values.included,
    includedEn: values.includedEn.length > 0 ? values.includedEn : null,
    maxParticipants: values.maxParticipants ?? null,
    kind: values.kind,
    bookingMode: values.bookingMode,
    depositPercent: values.depositPercent,
    balanceDueDays: values.balanceDueDays,
    refundUntilDays: values.refundUntilDays,
    refundPercent: values.refundPercent,
    vatBasisPoints: values.vatPercent,
    maxPlacesPerBooking: values.maxPlacesPerBooking,
    participantDeadlineDays: values.participantDeadlineDays,
    registrationOpensAt: times.registrationOpensAt as Date | null,
    earlyBirdPercent: values.earlyBirdPercent ?? null,
    earlyBirdUntil: times.earlyBirdUntil as Date | null,
    listed: values.listed,
    privatePageKey: values.privatePageKey,
    // The crew file and applications (issue 27, decision 043).
    offshore: values.offshore,
    crewRule: values.crewRuleQualification
      ? { qualification: values.crewRuleQualification, minPercent: values.crewRuleMinPercent ?? 0, skipperIncluded: values.crewRuleSkipperIncluded }
      : null,
    healthRetentionDays: values.healthRetentionDays,
    requiresApproval: values.requiresApproval,
    approvalHoldHours: values.approvalHoldHours,
    documentUrl,
    // Without a name the pages show their default ('Bekijk Brochure' / 'View Brochure').
    documentName: documentUrl ? (values.documentName ?? existing?.documentName ?? null) : null,
    ...(imageUrl !== undefined && { imageUrl }),
  };

  let event: Event;
  try {
    if (existing) [event] = await db.update(events).set(row).where(eq(events.id, existing.id)).returning();
    else [event] = await db.insert(events).values(row).returning();
  } catch (error) {
    await discardUploads(db, stored);
    if (isUniqueViolation(error)) return { ok: false, field: "slug", error: "admin.events.validation.slugTaken" };
    log.error("Saving an event failed", error);
    return { ok: false, error: "admin.events.saveFailed" };
  }

  if (existing) {
    for (const [before, after] of [
      [existing.imageUrl, event.imageUrl],
      [existing.documentUrl, event.documentUrl],
    ]) {
      if (before === after) continue;
      const upload = await uploadByPublicPath(db, before);
      if (upload) await releaseUploadIfUnused(db, upload).catch((error) => log.warn("Could not release an upload", error));
    }
  }
  return { ok: true, event, before: existing };
}

/** The admin raised the capacity (or lifted it): places may have freed up for the waiting list. */
export function capacityGrew(before: Pick<Event, "maxParticipants">, after: Pick<Event, "maxParticipants">): boolean {
  if (before.maxParticipants === null) return false;
  return after.maxParticipants === null || after.maxParticipants > before.maxParticipants;
}

/** Cancels an event: it leaves every public list and takes no more bookings. */
export async function cancelEvent(db: DbOrTx, id: string): Promise<Event | undefined> {
  const existing = await eventById(db, id);
  if (!existing) return undefined;
  const [event] = await db.update(events).set({ status: "cancelled" }).where(eq(events.id, existing.id)).returning();
  return event;
}
