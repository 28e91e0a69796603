import { and, desc, eq } from "drizzle-orm";
import { bookingMoney } from "../booking/money.server";
import type { DbOrTx } from "../db/client.server";
import { eventInterest, events, newsletterSubscribers, registrations } from "../db/schema.server";
import { toCsv } from "./csv.server";
import { csvDateTime } from "~/lib/dates";
import { csvEuros } from "~/lib/money-format";
import { isLiveBooking, liveBooking } from "./live.server";

/** Every field of every registration, for the office and the safety manifest ashore. */
export const REGISTRATION_CSV_HEADER = [
  "Referentie",
  "Event",
  "Startdatum event",
  "Status",
  "Naam",
  "E-mail",
  "Telefoon",
  "Geboortedatum",
  "Adres",
  "Postcode",
  "Plaats",
  "Land",
  "Contactpersoon noodgeval",
  "Telefoon noodgeval",
  "Opmerkingen",
  "Taal",
  "Prijs (EUR)",
  "Te betalen bij inschrijving (EUR)",
  "Betaald (EUR)",
  "Voorwaarden geaccepteerd op",
  "Versie vrijwaring",
  "Ingeschreven op",
  "Bevestigd op",
  "Geannuleerd op",
  // Added with the balance and refunds (issue 9): at the end, so the columns before keep their places.
  "Terugbetaald (EUR)",
  "Netto ontvangen (EUR)",
  "Openstaand (EUR)",
  "Restbetaling uiterlijk",
  "Achterstallig",
  // Whether the dashboard counts it (server/reports/live.server.ts): a filter for Excel.
  "Lopende boeking",
] as const;

const STATUS_NL: Record<string, string> = {
  pending_payment: "wacht op betaling",
  confirmed: "bevestigd",
  expired: "verlopen",
  cancelled: "geannuleerd",
  refunded: "terugbetaald",
};

/**
 * The registrations CSV, newest first; with `eventId`, only that event's; with `liveOnly`, only
 * live bookings (what the dashboard counts and the manifest lists). Money from `bookingMoney`.
 */
export async function registrationsCsv(db: DbOrTx, at: Date, options: { eventId?: string; liveOnly?: boolean } = {}): Promise<string> {
  const rows = await db
    .select({ registration: registrations, eventName: events.name, eventStart: events.startDate })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(options.eventId ? eq(registrations.eventId, options.eventId) : undefined, options.liveOnly ? liveBooking() : undefined))
    .orderBy(desc(registrations.createdAt), desc(registrations.id));
  const money = await bookingMoney(db, rows.map((r) => r.registration.id), at);
  return toCsv(
    REGISTRATION_CSV_HEADER,
    rows.map(({ registration: r, eventName, eventStart }) => {
      const m = money.get(r.id);
      return [
        r.reference,
        eventName,
        csvDateTime(eventStart),
        STATUS_NL[r.status] ?? r.status,
        r.customerName,
        r.customerEmail,
        r.phoneNumber,
        r.birthDate,
        r.street,
        r.postalCode,
        r.city,
        r.country,
        r.nextOfKinName,
        r.nextOfKinPhone,
        r.comments,
        r.locale,
        csvEuros(r.priceCents),
        csvEuros(r.amountDueCents),
        csvEuros(m?.paidCents ?? 0),
        csvDateTime(r.termsAcceptedAt),
        r.waiverVersion,
        csvDateTime(r.createdAt),
        csvDateTime(r.confirmedAt),
        csvDateTime(r.cancelledAt),
        csvEuros(m?.refundedCents ?? 0),
        csvEuros(m?.netPaidCents ?? 0),
        csvEuros(m?.balanceDueCents ?? 0),
        csvDateTime(m?.balanceDueAt),
        m?.overdue ? "ja" : "nee",
        isLiveBooking(r.status) ? "ja" : "nee",
      ];
    }),
  );
}

export const INTEREST_CSV_HEADER = ["Event", "Startdatum event", "Naam", "E-mail", "Bericht", "Taal", "Aangemeld op"] as const;

export async function interestCsv(db: DbOrTx): Promise<string> {
  const rows = await db
    .select({ interest: eventInterest, eventName: events.name, eventStart: events.startDate })
    .from(eventInterest)
    .innerJoin(events, eq(events.id, eventInterest.eventId))
    .orderBy(desc(eventInterest.createdAt), desc(eventInterest.id));
  return toCsv(
    INTEREST_CSV_HEADER,
    rows.map(({ interest: i, eventName, eventStart }) => [
      eventName,
      csvDateTime(eventStart),
      i.name,
      i.email,
      i.message,
      i.locale,
      csvDateTime(i.createdAt),
    ]),
  );
}

export const NEWSLETTER_CSV_HEADER = ["Naam", "E-mail", "Status", "Taal", "Aangemeld op", "Bevestigd op", "Afgemeld op"] as const;

const SUBSCRIBER_STATUS_NL: Record<string, string> = { pending: "onbevestigd", confirmed: "bevestigd", unsubscribed: "afgemeld" };

export async function newsletterCsv(db: DbOrTx): Promise<string> {
  const rows = await db.select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt));
  return toCsv(
    NEWSLETTER_CSV_HEADER,
    rows.map((s) => [
      s.name,
      s.email,
      SUBSCRIBER_STATUS_NL[s.status] ?? s.status,
      s.locale,
      csvDateTime(s.createdAt),
      csvDateTime(s.confirmedAt),
      csvDateTime(s.unsubscribedAt),
    ]),
  );
}

/** "inschrijvingen-2026-06-12.csv": the kind and the day of the export. */
export function exportFileName(kind: string, at: Date): string {
  return `${kind}-${csvDateTime(at).slice(0, 10)}.csv`;
}
