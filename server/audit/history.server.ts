import { inArray } from "drizzle-orm";
import { translate, type Locale, type MessageKey, type TranslateParams } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import type { DbOrTx } from "../db/client.server";
import { events, payments, refunds, user, type AuditChanges, type AuditRow } from "../db/schema.server";
import { isUuid } from "../db/values.server";
import { eventNameIn } from "../events/view.server";
import { erasedMarksIn } from "../privacy/anonymise.server";
import { reasonText } from "./reasons.server";

/*
 * The audit trail in words: one sentence per row, in the reader's language. The admin's
 * registration page and /admin/privacy read it in Dutch; a person's export (HTML and JSON) in
 * theirs. The machine fields stay beside it in the export.
 *
 * Staff are named by their account's name (the audience "staff"), or "a team member" when the
 * account is gone; a person's own export never names a staff member (the audience "person"), only
 * the team. The reasons are codes or old English sentences, translated by `reasonText`.
 */

export type HistoryRow = Pick<AuditRow, "id" | "action" | "entityType" | "entityId" | "changes" | "actorType" | "actorId" | "reason"> & { at: Date | string };

type EventName = { name: string; nameEn: string | null; startDate: Date | string };

export type HistoryContext = {
  /** Who reads it: staff see each other's names; a person's export says "the team". */
  audience: "staff" | "person";
  staff: Map<string, string>;
  events: Map<string, EventName>;
  payments: Map<string, { amountCents: number; kind: string; provider: string }>;
  refunds: Map<string, { amountCents: number }>;
};

export type HistoryLine = {
  id: string;
  at: string;
  /** What happened ("Booking cancelled"). */
  what: string;
  /** Who did it ("the participant", a staff member's name, "the payment provider"). */
  who: string;
  /** Why, when a reason was recorded. */
  why: string | null;
  /** Technical details the sentence leaves out (provider ids), for staff. */
  details: string[];
  /** All of it as one sentence: what, by whom, and why. */
  sentence: string;
};

const DATE_TIME: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };
const DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The ids a trail mentions that its sentences name: staff accounts, events, payments and refunds. */
function mentioned(rows: HistoryRow[]) {
  const staffIds = new Set<string>();
  const eventIds = new Set<string>();
  const paymentIds = new Set<string>();
  const refundIds = new Set<string>();
  for (const row of rows) {
    if (row.actorType === "staff" && row.actorId) staffIds.add(row.actorId);
    const removedBy = row.reason ? /^removed by staff:(.+)$/.exec(row.reason.trim()) : null;
    if (removedBy) staffIds.add(removedBy[1]);
    if (row.entityType === "payment") paymentIds.add(row.entityId);
    if (row.entityType === "refund") refundIds.add(row.entityId);
    for (const [key, change] of Object.entries(row.changes)) {
      if (key === "eventId" || key === "targetEvent" || key === "newEvent") {
        for (const value of [change.from, change.to]) if (typeof value === "string" && isUuid(value)) eventIds.add(value);
      }
      if (key === "paymentId" && typeof change.to === "string" && isUuid(change.to)) paymentIds.add(change.to);
    }
  }
  return { staffIds: [...staffIds], eventIds: [...eventIds], paymentIds: [...paymentIds].filter(isUuid), refundIds: [...refundIds].filter(isUuid) };
}

/** Staff members' names by account id (the name, or the address when the account has none). */
export async function staffNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, unique));
  return new Map(rows.map((r) => [r.id, r.name?.trim() || r.email]));
}

/**
 * Reads what the sentences of `rows` name (staff, events, amounts). `alsoStaff`: more accounts to
 * name (a refund's "requested by", shown beside the trail).
 */
export async function historyContext(db: DbOrTx, rows: HistoryRow[], audience: HistoryContext["audience"], alsoStaff: string[] = []): Promise<HistoryContext> {
  const ids = mentioned(rows);
  const [staff, eventRows, paymentRows, refundRows] = await Promise.all([
    audience === "staff" ? staffNames(db, [...ids.staffIds, ...alsoStaff]) : Promise.resolve(new Map<string, string>()),
    ids.eventIds.length ? db.select({ id: events.id, name: events.name, nameEn: events.nameEn, startDate: events.startDate }).from(events).where(inArray(events.id, ids.eventIds)) : [],
    ids.paymentIds.length
      ? db.select({ id: payments.id, amountCents: payments.amountCents, kind: payments.kind, provider: payments.provider }).from(payments).where(inArray(payments.id, ids.paymentIds))
      : [],
    ids.refundIds.length ? db.select({ id: refunds.id, amountCents: refunds.amountCents }).from(refunds).where(inArray(refunds.id, ids.refundIds)) : [],
  ]);
  return {
    audience,
    staff,
    events: new Map(eventRows.map((e) => [e.id, e])),
    payments: new Map(paymentRows.map((p) => [p.id, p])),
    refunds: new Map(refundRows.map((r) => [r.id, r])),
  };
}

/** The trail's rows in words, in their order. */
export async function historyLines(db: DbOrTx, rows: HistoryRow[], locale: Locale, audience: HistoryContext["audience"]): Promise<HistoryLine[]> {
  const context = await historyContext(db, rows, audience);
  return rows.map((row) => historyLine(row, locale, context));
}

/** Who did it, in words. */
export function actorWords(actorType: HistoryRow["actorType"], actorId: string | null, locale: Locale, context: Pick<HistoryContext, "audience" | "staff">): string {
  const t = (key: MessageKey) => translate(locale, key);
  switch (actorType) {
    case "staff":
      if (context.audience === "person") return t("admin.bookings.history.actor.team");
      return (actorId ? context.staff.get(actorId) : undefined) ?? t("admin.bookings.actor.staffGone");
    case "provider":
      return t("admin.bookings.history.actor.provider");
    case "system":
      return t("admin.bookings.history.actor.system");
    default:
      return t("admin.bookings.history.actor.participant");
  }
}

/** A refund's or offer's "requested by" text ("participant", "system", "staff:<id>") in words. */
export function requestedByWords(requestedBy: string, locale: Locale, context: Pick<HistoryContext, "audience" | "staff">): string {
  if (requestedBy.startsWith("staff:")) return actorWords("staff", requestedBy.slice("staff:".length), locale, context);
  const type = (["participant", "provider", "system"] as const).find((t) => t === requestedBy) ?? "system";
  return actorWords(type, null, locale, context);
}

/** The name of an event in `locale`, with its date. */
function eventWords(id: unknown, locale: Locale, context: HistoryContext): string {
  const event = typeof id === "string" ? context.events.get(id) : undefined;
  if (!event) return translate(locale, "admin.bookings.history.otherEvent");
  const start = event.startDate instanceof Date ? event.startDate.toISOString() : event.startDate;
  return `${eventNameIn(event, locale)} (${formatDate(start, locale, DAY)})`;
}

const FIELD_LABELS: Record<string, MessageKey> = {
  status: "admin.bookings.audit.field.status",
  eventId: "admin.bookings.audit.field.eventId",
  targetEvent: "admin.bookings.audit.field.eventId",
  newEvent: "admin.bookings.audit.field.eventId",
  disruption: "admin.bookings.audit.field.disruption",
  reminderSentAt: "admin.bookings.audit.field.disruptionReminder",
  phoneNumber: "admin.bookings.field.phone",
  street: "admin.bookings.audit.field.street",
  postalCode: "admin.bookings.audit.field.postalCode",
  city: "admin.bookings.audit.field.city",
  country: "admin.bookings.audit.field.country",
  nextOfKinName: "admin.bookings.audit.field.nextOfKinName",
  nextOfKinPhone: "admin.bookings.audit.field.nextOfKinPhone",
  customerName: "admin.bookings.field.name",
  customerEmail: "admin.bookings.field.email",
  birthDate: "admin.bookings.field.birthDate",
  comments: "admin.bookings.field.comments",
  amountCents: "admin.bookings.payment.amount",
  receivedAmountCents: "admin.bookings.history.field.received",
  balanceDueCents: "admin.bookings.money.balance",
  balanceReminderSentAt: "admin.bookings.audit.field.reminder",
  balanceDueReminderSentAt: "admin.bookings.audit.field.dueReminder",
  kind: "admin.bookings.audit.field.kind",
  provider: "admin.bookings.payment.provider",
  places: "admin.bookings.history.field.places",
  startDate: "admin.bookings.history.field.startDate",
  paidAt: "admin.bookings.audit.field.paidAt",
  openedAt: "admin.bookings.audit.field.openedAt",
  expiresAt: "admin.bookings.audit.field.expiresAt",
  holdExpiresAt: "admin.bookings.audit.field.holdExpiresAt",
  confirmedAt: "admin.bookings.audit.field.confirmedAt",
  cancelledAt: "admin.bookings.audit.field.cancelledAt",
  succeededAt: "admin.bookings.audit.field.succeededAt",
  practicalInfoSentAt: "admin.bookings.audit.field.practicalInfoSentAt",
  paymentId: "admin.bookings.audit.field.paymentId",
  providerPaymentId: "admin.bookings.audit.field.providerPaymentId",
  providerSessionId: "admin.bookings.audit.field.providerSessionId",
  providerRefundId: "admin.bookings.audit.field.providerRefundId",
  waitlistOfferId: "admin.bookings.history.field.offer",
};

/** Stored values said in words: statuses per kind of row, payment kinds and providers, answers to a cancelled date. */
const VALUE_PREFIXES: Record<string, string> = {
  "registration.status": "admin.events.regStatus",
  "payment.status": "admin.bookings.paymentStatus",
  "refund.status": "admin.bookings.refundStatus",
  "payment.kind": "admin.bookings.paymentKind",
  "payment.provider": "admin.bookings.provider",
  "registration.disruption": "admin.bookings.audit.disruption",
  "waitlist_entry.status": "admin.waitlist.status",
  "waitlist_offer.status": "admin.waitlist.offerStatus",
};

/** A label from a prefix, or the value as stored when there is no message for it. */
function labelled(locale: Locale, prefix: string, value: string): string {
  const key = `${prefix}.${value}` as MessageKey;
  const text = translate(locale, key);
  return text === key ? value : text;
}

const lower = (text: string, locale: Locale) => text.charAt(0).toLocaleLowerCase(locale === "nl" ? "nl-NL" : "en-GB") + text.slice(1);

/** One value of a change in words: an event by name, cents as euros, instants in the team's time, nothing as "–". */
function valueWords(entityType: string, key: string, value: unknown, locale: Locale, context: HistoryContext): string {
  if (value === null || value === undefined || value === "") return "–";
  const prefix = VALUE_PREFIXES[`${entityType}.${key}`];
  if (prefix && typeof value === "string") return lower(labelled(locale, prefix, value), locale);
  if ((key === "eventId" || key === "targetEvent" || key === "newEvent") && typeof value === "string") return eventWords(value, locale, context);
  if (/Cents$/.test(key) && typeof value === "number") return formatPrice(value, locale);
  if (typeof value === "string" && ISO_INSTANT.test(value)) return formatDate(value, locale, DATE_TIME);
  if (typeof value === "string") return erasedMarksIn(value, locale);
  return JSON.stringify(value);
}

/** "phone from A to B", "street: X" (a value set for the first time). */
function changeWords(entityType: string, key: string, change: AuditChanges[string], locale: Locale, context: HistoryContext): string {
  const label = FIELD_LABELS[key];
  const field = label ? lower(translate(locale, label), locale) : key;
  const to = valueWords(entityType, key, change.to, locale, context);
  if (change.from === null || change.from === undefined || change.from === "") return translate(locale, "admin.bookings.history.changeSet", { field, to });
  return translate(locale, "admin.bookings.history.change", { field, from: valueWords(entityType, key, change.from, locale, context), to });
}

/** The changes that only say which place a row is about (its number, under either name, and its id). */
const PLACE_KEYS = ["number", "place", "placeId"];

/** The number of the place a `place.*` row is about ("?" when the row does not say). */
function placeNumber(row: HistoryRow): string {
  const number = row.changes.number?.to ?? row.changes.place?.to ?? row.changes.number?.from ?? row.changes.place?.from;
  return typeof number === "number" || typeof number === "string" ? String(number) : "?";
}

type Said = { key: MessageKey; params?: TranslateParams; extra?: MessageKey[]; uses: string[] };

/** The amount of a payment row's audit entry: its own change, or the payment itself. */
function paymentAmount(row: HistoryRow, locale: Locale, context: HistoryContext): string {
  const cents = typeof row.changes.amountCents?.to === "number" ? row.changes.amountCents.to : (context.payments.get(row.entityId)?.amountCents ?? context.refunds.get(row.entityId)?.amountCents);
  return cents === undefined ? translate(locale, "admin.bookings.history.someAmount") : formatPrice(cents, locale);
}

function paymentKind(row: HistoryRow, locale: Locale, context: HistoryContext): string {
  const kind = typeof row.changes.kind?.to === "string" ? row.changes.kind.to : context.payments.get(row.entityId)?.kind;
  // " (deposit)": said after the amount, or nothing when the kind is not known.
  return kind ? ` (${lower(labelled(locale, "admin.bookings.paymentKind", kind), locale)})` : "";
}

/** What a row says, by its action: the message, its values, and which changes it tells. */
function said(row: HistoryRow, locale: Locale, context: HistoryContext): Said | undefined {
  const c = row.changes;
  const amount = () => paymentAmount(row, locale, context);
  switch (row.action) {
    case "registration.created": {
      const confirmed = c.status?.to === "confirmed";
      const places = typeof c.places?.to === "number" ? c.places.to : 1;
      // An application (decision 045) holds nothing until it is approved.
      if (c.status?.to === "applied") {
        return {
          key: "admin.bookings.history.created.applied",
          params: { places },
          extra: c.waitlistOfferId ? ["admin.bookings.history.created.viaOffer"] : [],
          uses: ["status", "waitlistOfferId", "places"],
        };
      }
      return {
        // A group booking says how many places it holds (decision 042); a booking of one as before.
        key:
          places > 1
            ? confirmed
              ? "admin.bookings.history.created.groupConfirmed"
              : "admin.bookings.history.created.groupHeld"
            : confirmed
              ? "admin.bookings.history.created.confirmed"
              : "admin.bookings.history.created.held",
        params: { places },
        extra: c.waitlistOfferId ? ["admin.bookings.history.created.viaOffer"] : [],
        uses: ["status", "waitlistOfferId", "places"],
      };
    }
    // A place of a group booking (decision 042): the trail names the place by its number, never
    // by the participant's details (their birth date or emergency contact stays out of it).
    case "place.details_updated": {
      const fields = Array.isArray(c.fields?.to) ? (c.fields.to as unknown[]).filter((f): f is string => typeof f === "string") : [];
      const words = fields.map((field) => lower(labelled(locale, "admin.places.field", field), locale));
      return {
        key: words.length ? "admin.bookings.history.place.detailsUpdatedFields" : "admin.bookings.history.place.detailsUpdated",
        params: { number: placeNumber(row), fields: words.join(", ") },
        extra: c.detailsCompletedAt?.to ? ["admin.bookings.history.place.detailsComplete"] : [],
        uses: [...PLACE_KEYS, "fields", "detailsCompletedAt"],
      };
    }
    case "place.waiver_accepted":
      return {
        key: "admin.bookings.history.place.waiverAccepted",
        params: { number: placeNumber(row), version: typeof c.waiverVersion?.to === "string" ? c.waiverVersion.to : "–" },
        uses: [...PLACE_KEYS, "waiverVersion", "waiverAcceptedAt"],
      };
    case "place.invited":
      return { key: "admin.bookings.history.place.invited", params: { number: placeNumber(row) }, uses: [...PLACE_KEYS, "invitedAt"] };
    case "place.reminded":
      return { key: "admin.bookings.history.place.reminded", params: { number: placeNumber(row) }, uses: [...PLACE_KEYS, "reminderSentAt"] };
    case "place.replaced":
      return {
        key: "admin.bookings.history.place.replaced",
        params: {
          number: placeNumber(row),
          from: valueWords(row.entityType, "participant", c.participant?.from, locale, context),
          to: valueWords(row.entityType, "participant", c.participant?.to, locale, context),
        },
        extra: c.bookerSails ? ["admin.bookings.history.place.bookerAshore"] : [],
        uses: [...PLACE_KEYS, "participant", "bookerSails"],
      };
    case "place.cancelled":
      return {
        key: typeof c.refundCents?.to === "number" && c.refundCents.to > 0 ? "admin.bookings.history.place.cancelledRefund" : "admin.bookings.history.place.cancelled",
        params: {
          number: placeNumber(row),
          participant: valueWords(row.entityType, "participant", c.participant?.from, locale, context),
          places: typeof c.places?.to === "number" ? c.places.to : "–",
          amount: typeof c.refundCents?.to === "number" ? formatPrice(c.refundCents.to, locale) : "",
        },
        extra: c.bookerSails ? ["admin.bookings.history.place.bookerAshore"] : [],
        uses: [...PLACE_KEYS, "participant", "cancelledAt", "places", "priceCents", "shareCents", "refundCents", "bookerSails"],
      };
    case "booking.participants_reminded":
      return { key: "admin.bookings.history.participantsReminded", uses: ["participantsReminderSentAt", "places", "numbers"] };
    case "registration.confirmed":
      return { key: "admin.bookings.history.confirmed", uses: ["status", "confirmedAt"] };
    case "registration.cancelled":
      return { key: c.status?.from === "pending_payment" ? "admin.bookings.history.cancelledUnpaid" : "admin.bookings.history.cancelled", uses: ["status", "cancelledAt"] };
    case "registration.expired":
      return { key: "admin.bookings.history.expired", uses: ["status"] };
    case "registration.approved":
      return typeof c.holdExpiresAt?.to === "string"
        ? { key: "admin.bookings.history.applicationApproved", params: { time: formatDate(c.holdExpiresAt.to, locale, DATE_TIME) }, uses: ["status", "holdExpiresAt"] }
        : { key: "admin.bookings.history.applicationApprovedFree", uses: ["status", "holdExpiresAt"] };
    case "registration.declined":
      return { key: "admin.bookings.history.applicationDeclined", uses: ["status"] };
    case "registration.hold_released":
      return { key: "admin.bookings.history.holdReleased", uses: ["status", "holdExpiresAt"] };
    case "registration.hold_extended":
      return typeof c.holdExpiresAt?.to === "string"
        ? { key: "admin.bookings.history.holdExtended", params: { time: formatDate(c.holdExpiresAt.to, locale, DATE_TIME) }, uses: ["holdExpiresAt"] }
        : undefined;
    case "registration.moved":
      return c.eventId
        ? { key: "admin.bookings.history.moved", params: { from: eventWords(c.eventId.from, locale, context), to: eventWords(c.eventId.to, locale, context) }, uses: ["eventId", "balanceReminderSentAt", "balanceDueReminderSentAt"] }
        : undefined;
    case "registration.details_changed": {
      const list = Object.entries(c).map(([key, change]) => changeWords(row.entityType, key, change, locale, context));
      return list.length
        ? { key: "admin.bookings.history.detailsChanged", params: { changes: list.join("; ") }, uses: Object.keys(c) }
        : { key: "admin.bookings.history.detailsChangedErased", uses: [] };
    }
    case "registration.refunded":
      return { key: "admin.bookings.history.lateRefunded", uses: ["status", "cancelledAt"] };
    case "registration.payment_link_sent":
      return typeof c.balanceDueCents?.to === "number"
        ? { key: "admin.bookings.history.paymentLinkSent", params: { amount: formatPrice(c.balanceDueCents.to, locale) }, uses: ["balanceDueCents"] }
        : { key: "admin.bookings.history.paymentLinkSentPlain", uses: [] };
    case "registration.confirmation_resent":
      return { key: "admin.bookings.history.confirmationResent", uses: [] };
    case "registration.balance_reminder_sent":
      return { key: "admin.bookings.history.reminderSent", uses: ["balanceReminderSentAt"] };
    case "registration.balance_due_reminder_sent":
      return { key: "admin.bookings.history.dueReminderSent", uses: ["balanceDueReminderSentAt"] };
    case "registration.practical_info_sent":
      return { key: "admin.bookings.history.practicalInfoSent", uses: ["practicalInfoSentAt"] };
    case "registration.safety_data_erased":
      return { key: "admin.bookings.history.safetyDataErased", uses: [] };
    case "registration.event_cancelled":
      return { key: "admin.bookings.history.eventCancelled", uses: ["disruption"] };
    case "registration.event_moved":
      return { key: "admin.bookings.history.eventMoved", uses: ["disruption"] };
    case "registration.disruption_answered":
    case "registration.disruption_resolved": {
      const choice = typeof c.disruption?.to === "string" ? c.disruption.to : "";
      const automatic = row.action === "registration.disruption_resolved";
      if (choice === "moved" && c.targetEvent) {
        return {
          key: automatic ? "admin.bookings.history.disruptionMovedAutomatic" : "admin.bookings.history.disruptionMoved",
          params: { event: eventWords(c.targetEvent.to, locale, context) },
          uses: ["disruption", "targetEvent"],
        };
      }
      return {
        key: automatic ? "admin.bookings.history.disruptionChoiceAutomatic" : "admin.bookings.history.disruptionChoice",
        params: { choice: lower(labelled(locale, "admin.bookings.audit.disruption", choice), locale) },
        uses: ["disruption", "targetEvent"],
      };
    }
    case "registration.disruption_reminder_sent":
      return { key: "admin.bookings.history.disruptionReminderSent", uses: ["reminderSentAt"] };
    case "registration.disruption_closed":
      return { key: "admin.bookings.history.disruptionClosed", uses: ["disruption"] };
    case "payment.created":
      return { key: "admin.bookings.history.paymentCreated", params: { amount: amount(), kind: paymentKind(row, locale, context) }, uses: ["status", "kind", "amountCents"] };
    case "payment.opened":
    case "payment.checkout_opened":
      return { key: "admin.bookings.history.paymentOpened", uses: ["openedAt", "providerSessionId"] };
    case "payment.paid": {
      const manual = c.provider?.to === "manual" || context.payments.get(row.entityId)?.provider === "manual";
      return manual
        ? { key: "admin.bookings.history.paymentPaidManual", params: { amount: amount() }, uses: ["status", "provider", "amountCents"] }
        : { key: "admin.bookings.history.paymentPaid", params: { amount: amount(), kind: paymentKind(row, locale, context) }, uses: ["status", "amountCents", "kind"] };
    }
    case "payment.failed":
      return { key: "admin.bookings.history.paymentFailed", params: { amount: amount() }, uses: ["status"] };
    case "payment.expired":
      return { key: "admin.bookings.history.paymentExpired", params: { amount: amount() }, uses: ["status"] };
    case "payment.amount_mismatch":
      return {
        key: "admin.bookings.history.paymentMismatch",
        params: { amount: typeof c.receivedAmountCents?.to === "number" && c.receivedAmountCents.to >= 0 ? formatPrice(c.receivedAmountCents.to, locale) : translate(locale, "admin.bookings.history.someAmount") },
        uses: ["status", "receivedAmountCents"],
      };
    case "refund.requested":
      return { key: "admin.bookings.history.refundRequested", params: { amount: amount() }, uses: ["status", "amountCents", "paymentId"] };
    case "refund.submitted":
      return { key: "admin.bookings.history.refundSubmitted", params: { amount: amount() }, uses: ["status"] };
    case "refund.succeeded":
      return { key: "admin.bookings.history.refundSucceeded", params: { amount: amount() }, uses: ["status", "succeededAt"] };
    case "refund.failed":
      return { key: "admin.bookings.history.refundFailed", params: { amount: amount() }, uses: ["status"] };
    case "privacy.erased":
      return { key: "admin.bookings.history.privacyErased", uses: Object.keys(c) };
    case "waitlist_entry.joined":
      return { key: "admin.bookings.history.waitlistJoined", params: { places: Number(c.places?.to ?? 1) }, uses: ["status", "places"] };
    case "waitlist_entry.offered":
      return { key: "admin.bookings.history.waitlistOffered", uses: ["status"] };
    case "waitlist_entry.booked":
      return { key: "admin.bookings.history.waitlistBooked", uses: ["status"] };
    case "waitlist_entry.lapsed":
      return { key: "admin.bookings.history.waitlistLapsed", uses: ["status"] };
    case "waitlist_entry.removed":
      return { key: "admin.bookings.history.waitlistRemoved", uses: ["status"] };
    case "waitlist_offer.created":
      return {
        key: "admin.bookings.history.offerCreated",
        params: { places: Number(c.places?.to ?? 1), time: typeof c.expiresAt?.to === "string" ? formatDate(c.expiresAt.to, locale, DATE_TIME) : "–" },
        uses: ["status", "places", "expiresAt"],
      };
    case "waitlist_offer.accepted":
      return { key: "admin.bookings.history.offerAccepted", uses: ["status"] };
    case "waitlist_offer.lapsed":
      return { key: "admin.bookings.history.offerLapsed", uses: ["status"] };
    case "waitlist_offer.withdrawn":
      return { key: "admin.bookings.history.offerWithdrawn", uses: ["status"] };
    case "event.cancelled":
      return { key: "admin.bookings.history.eventDateCancelled", uses: ["status"] };
    case "event.moved":
      return c.newEvent
        ? { key: "admin.bookings.history.eventDateMoved", params: { event: eventWords(c.newEvent.to, locale, context) }, uses: ["status", "newEvent", "startDate"] }
        : undefined;
    default:
      return undefined;
  }
}

/** One row of the trail in words, in `locale`. */
export function historyLine(row: HistoryRow, locale: Locale, context: HistoryContext): HistoryLine {
  const t = (key: MessageKey, params?: TranslateParams) => translate(locale, key, params);
  const known = said(row, locale, context);
  const unexplained = Object.entries(row.changes).filter(([key]) => !known?.uses.includes(key));
  let what: string;
  if (known) {
    what = [t(known.key, known.params), ...(known.extra ?? []).map((key) => t(key))].join(". ");
  } else {
    // An action this module does not know yet: its name and every change, in words.
    const list = unexplained.map(([key, change]) => changeWords(row.entityType, key, change, locale, context));
    what = list.length ? t("admin.bookings.history.unknownWithChanges", { action: row.action, changes: list.join("; ") }) : t("admin.bookings.history.unknown", { action: row.action });
  }
  // Known actions: the changes the sentence leaves out are details (provider ids, times) for staff.
  const details = known ? unexplained.map(([key, change]) => changeWords(row.entityType, key, change, locale, context)) : [];
  const who = actorWords(row.actorType, row.actorId, locale, context);
  const staffName = (id: string) => actorWords("staff", id, locale, context);
  const why = row.reason && row.reason.trim() ? reasonText(row.reason, locale, staffName) : null;
  const sentence = why ? t("admin.bookings.history.sentenceWhy", { what, who, why }) : t("admin.bookings.history.sentence", { what, who });
  return { id: row.id, at: row.at instanceof Date ? row.at.toISOString() : row.at, what, who, why, details, sentence };
}
