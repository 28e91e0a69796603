import { and, desc, eq } from "drizzle-orm";
import { bookingMoney } from "../booking/money.server";
import type { DbOrTx } from "../db/client.server";
import { eventInterest, events, newsletterSubscribers, registrations, type BookingPlace } from "../db/schema.server";
import { toCsv } from "./csv.server";
import { csvDateTime } from "~/lib/dates";
import { csvEuros } from "~/lib/money-format";
import { isLiveBooking, liveBooking } from "./live.server";
import { detailsComplete, liveParticipants, placeReference, waiverWords } from "./participants.server";

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
  // Group bookings (decision 042): one row per participant. "Referentie" stays the booking's; the
  // participant is "Deelnemersreferentie" ("OR-7K3M9Q-2", the reference and "Plaatsnummer"). Naam, E-mail, Geboortedatum, Adres and the
  // emergency contact are the participant's; Telefoon, Opmerkingen and the money are the booking's.
  "Plaatsnummer",
  "Deelnemersreferentie",
  "Boeker",
  "E-mail boeker",
  "Aantal plaatsen in boeking",
  "Vrijwaring deelnemer",
  "Vrijwaring geaccepteerd op",
  "Gegevens compleet",
] as const;

const STATUS_NL: Record<string, string> = {
  pending_payment: "wacht op betaling",
  confirmed: "bevestigd",
  expired: "verlopen",
  cancelled: "geannuleerd",
  refunded: "terugbetaald",
};

/**
 * The registrations CSV, one row per participant: each booking's current live places (cancelled
 * and replaced places left out), newest booking first, its places by number. A booking without a
 * live place (a cancelled one whose places were cancelled) keeps one row of its own, so the full
 * export still shows every booking and its money. The booking's money stands on its first row
 * only: a sum over the column in Excel is then the bookings' sum, not a multiple of it. With
 * `eventId`, only that event's; with `liveOnly`, only live bookings (what the dashboard counts and
 * the manifest lists). Money from `bookingMoney`.
 */
export async function registrationsCsv(db: DbOrTx, at: Date, options: { eventId?: string; liveOnly?: boolean } = {}): Promise<string> {
  const rows = await db
    .select({ registration: registrations, eventName: events.name, eventStart: events.startDate })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(options.eventId ? eq(registrations.eventId, options.eventId) : undefined, options.liveOnly ? liveBooking() : undefined))
    .orderBy(desc(registrations.createdAt), desc(registrations.id));
  const ids = rows.map((r) => r.registration.id);
  const [money, participants] = await Promise.all([bookingMoney(db, ids, at), liveParticipants(db, { registrationIds: ids }, false)]);
  const placesByBooking = new Map<string, BookingPlace[]>();
  for (const { place } of participants) placesByBooking.set(place.registrationId, [...(placesByBooking.get(place.registrationId) ?? []), place]);
  return toCsv(
    REGISTRATION_CSV_HEADER,
    rows.flatMap(({ registration: r, eventName, eventStart }) => {
      const m = money.get(r.id);
      const places: (BookingPlace | null)[] = placesByBooking.get(r.id) ?? [null];
      return places.map((place, index) => {
        const first = index === 0;
        const euros = (cents: number | undefined) => (first ? csvEuros(cents ?? 0) : "");
        return [
          r.reference,
          eventName,
          csvDateTime(eventStart),
          STATUS_NL[r.status] ?? r.status,
          place ? place.name : r.customerName,
          place ? place.email : r.customerEmail,
          r.phoneNumber,
          // The participant's own details live on the place only (the booking's columns are legacy).
          place?.birthDate ?? null,
          place?.street ?? null,
          place?.postalCode ?? null,
          place?.city ?? null,
          place?.country ?? null,
          place?.nextOfKinName ?? null,
          place?.nextOfKinPhone ?? null,
          r.comments,
          place?.locale ?? r.locale,
          euros(r.priceCents),
          euros(r.amountDueCents),
          euros(m?.paidCents),
          csvDateTime(r.termsAcceptedAt),
          r.waiverVersion,
          csvDateTime(r.createdAt),
          csvDateTime(r.confirmedAt),
          csvDateTime(r.cancelledAt),
          euros(m?.refundedCents),
          euros(m?.netPaidCents),
          euros(m?.balanceDueCents),
          csvDateTime(m?.balanceDueAt),
          m?.overdue ? "ja" : "nee",
          isLiveBooking(r.status) ? "ja" : "nee",
          place ? String(place.number) : "",
          place ? placeReference(r.reference, place.number) : "",
          r.customerName,
          r.customerEmail,
          String(r.places),
          place ? waiverWords(place) : "",
          csvDateTime(place?.waiverAcceptedAt ?? null),
          place ? (detailsComplete(place) ? "ja" : "nee") : "",
        ];
      });
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
