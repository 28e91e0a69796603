import type { EventFormDefaults } from "~/schemas/event";
import type { Event } from "../db/schema.server";
import { toLocalInput } from "~/lib/local-time";
import { centsToEuros } from "~/lib/money-format";
import { ratePercent } from "../invoices/accounting.server";

/** A stored event as the admin form shows it (Amsterdam times, euros, one item per line). */
export function eventFormDefaults(event: Event): EventFormDefaults {
  return {
    name: event.name,
    nameEn: event.nameEn ?? "",
    slug: event.slug,
    description: event.description,
    descriptionEn: event.descriptionEn ?? "",
    startDate: toLocalInput(event.startDate),
    endDate: toLocalInput(event.endDate),
    location: event.location,
    locationEn: event.locationEn ?? "",
    price: centsToEuros(event.priceCents),
    status: event.status,
    included: event.included.join("\n"),
    includedEn: (event.includedEn ?? []).join("\n"),
    maxParticipants: event.maxParticipants === null ? "" : String(event.maxParticipants),
    kind: event.kind,
    bookingMode: event.bookingMode,
    depositPercent: String(event.depositPercent),
    balanceDueDays: String(event.balanceDueDays),
    refundUntilDays: String(event.refundUntilDays),
    refundPercent: String(event.refundPercent),
    vatPercent: ratePercent(event.vatBasisPoints),
    maxPlacesPerBooking: String(event.maxPlacesPerBooking),
    participantDeadlineDays: String(event.participantDeadlineDays),
    registrationOpensAt: toLocalInput(event.registrationOpensAt),
    earlyBirdPercent: event.earlyBirdPercent === null ? "" : String(event.earlyBirdPercent),
    earlyBirdUntil: toLocalInput(event.earlyBirdUntil),
    listed: event.listed,
    privatePageKey: event.privatePageKey ?? "",
    documentName: event.documentName ?? "",
    offshore: event.offshore,
    crewRuleQualification: event.crewRule?.qualification ?? "",
    crewRuleMinPercent: event.crewRule ? String(event.crewRule.minPercent) : "",
    crewRuleSkipperIncluded: event.crewRule?.skipperIncluded ?? false,
    healthRetentionDays: String(event.healthRetentionDays),
    requiresApproval: event.requiresApproval,
    approvalHoldHours: String(event.approvalHoldHours),
  };
}
