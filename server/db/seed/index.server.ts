import { sql } from "drizzle-orm";
import { amountDue } from "~/lib/booking";
import { makeReference } from "../../booking/reference.server";
import { issueInvoice } from "../../invoices/issue.server";
import type { Database, DbOrTx, Transaction } from "../client.server";
import { audit, PARTICIPANT, SYSTEM, type AuditEntry } from "../../audit/audit.server";
import { blogPosts, bookingPlaces, crewItems, events, payments, privatePages, registrations, type Event } from "../schema.server";
import { demoArticles } from "./articles.server";
import { CREW_FILE_SLUG, demoCrewItems, demoEvents, demoPrivatePages, FULLY_BOOKED_SLUG, GROUP_BOOKING_SLUG } from "./events.server";

/** The waiver version the demo participants agreed to. */
const DEMO_WAIVER_VERSION = "2025-01";

const DEMO_PARTICIPANTS = [
  ["Sanne de Vries", "Utrecht"],
  ["Joris Bakker", "Den Haag"],
  ["Emma Janssen", "Rotterdam"],
  ["Lucas Visser", "Leiden"],
  ["Fleur Smit", "Haarlem"],
  ["Daan Meijer", "Amsterdam"],
  ["Noor van Dijk", "Delft"],
  ["Bram Mulder", "Zoetermeer"],
  ["Lotte de Boer", "Wassenaar"],
  ["Thijs Bos", "Scheveningen"],
] as const;

/** True when the database holds no content yet. Accounts do not count as content. */
export async function hasNoContent(db: DbOrTx): Promise<boolean> {
  return (await db.$count(events)) + (await db.$count(blogPosts)) === 0;
}

/** Inserts the demo content when the database holds none. Returns whether it seeded. */
export async function seedDemoContentIfEmpty(db: Database, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent starts against one PostgreSQL server.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    if (!(await hasNoContent(tx))) return false;

    await tx.insert(privatePages).values(demoPrivatePages).onConflictDoNothing();
    const insertedEvents = await tx.insert(events).values(demoEvents(now)).returning();
    await tx.insert(blogPosts).values(demoArticles(now));

    // The fully booked demo event is full because real, paid registrations fill it. They are what
    // the booking rules would have made of them, as of today: each paid what was due when it
    // booked (`amountDue`: the deposit, or the whole price once the balance's due day had come),
    // and a deposit's balance came in two days later (or today), before its due day had ended.
    // So a first start finds no balance open, overdue or to remind anyone of.
    const full = insertedEvents.find((e) => e.slug === FULLY_BOOKED_SLUG);
    if (full?.maxParticipants) {
      for (let i = 0; i < full.maxParticipants; i++) {
        const [name, city] = DEMO_PARTICIPANTS[i % DEMO_PARTICIPANTS.length];
        const bookedAt = new Date(now.getTime() - (20 - i) * 86_400_000);
        const due = amountDue(full, bookedAt);
        const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`;
        const [registration] = await tx
          .insert(registrations)
          .values({
            reference: makeReference(),
            eventId: full.id,
            customerName: name,
            customerEmail: email,
            phoneNumber: `+31 6 ${String(12345670 + i)}`,
            street: `Havenstraat ${i + 1}`,
            city,
            postalCode: `25${10 + i} AB`,
            country: "Nederland",
            locale: "nl",
            status: "confirmed",
            priceCents: due.priceCents,
            amountDueCents: due.amountDueCents,
            termsAcceptedAt: bookedAt,
            waiverVersion: DEMO_WAIVER_VERSION,
            confirmedAt: bookedAt,
            createdAt: bookedAt,
          })
          .returning();
        // A booking of one place whose booker sails: the participant's details are on place 1
        // (decision 042; the registration's own birth date and emergency contact are legacy).
        await tx.insert(bookingPlaces).values({
          registrationId: registration.id,
          number: 1,
          isBooker: true,
          name,
          email,
          locale: "nl",
          birthDate: `19${70 + i}-0${(i % 9) + 1}-1${i % 9}`,
          street: registration.street,
          city,
          postalCode: registration.postalCode,
          country: "Nederland",
          nextOfKinName: "Familie " + name.split(" ").slice(-1)[0],
          nextOfKinPhone: `+31 6 ${String(87654320 + i)}`,
          waiverVersion: DEMO_WAIVER_VERSION,
          waiverAcceptedAt: bookedAt,
          detailsCompletedAt: bookedAt,
          createdAt: bookedAt,
        });
        const paid: { kind: "deposit" | "full" | "balance"; cents: number; at: Date; session: string }[] = [
          { kind: due.kind === "full" ? "full" : "deposit", cents: due.amountDueCents, at: bookedAt, session: `seed_${registration.reference}` },
        ];
        if (due.balanceCents > 0) {
          const at = new Date(Math.min(now.getTime(), bookedAt.getTime() + 2 * 86_400_000));
          paid.push({ kind: "balance", cents: due.balanceCents, at, session: `seed_${registration.reference}_balance` });
        }
        const rows = paid.filter((p) => p.cents > 0);
        if (rows.length === 0) continue;
        const paymentRow = (p: (typeof rows)[number]) => ({
          registrationId: registration.id,
          provider: "test" as const,
          providerSessionId: p.session,
          kind: p.kind,
          amountCents: p.cents,
          status: "paid" as const,
          paidAt: p.at,
          createdAt: p.at,
        });
        // The invoice came with the first payment (decision 046), before the balance: it lists that payment only.
        await tx.insert(payments).values(paymentRow(rows[0]));
        await issueInvoice(tx, registration.id, rows[0].at);
        if (rows.length > 1) await tx.insert(payments).values(rows.slice(1).map(paymentRow));
      }
    }
    const corporate = insertedEvents.find((e) => e.slug === GROUP_BOOKING_SLUG);
    if (corporate) await seedGroupBooking(tx, corporate, now);
    const training = insertedEvents.find((e) => e.slug === CREW_FILE_SLUG);
    if (training) await tx.insert(crewItems).values(demoCrewItems(training.id));
    return true;
  });
}

/** The colleagues of the demo group booking: the first three completed their details themselves. */
const DEMO_GROUP = [
  { name: "Iris Hoekstra", birthDate: "1986-03-14", city: "Rotterdam", kin: "Tom Hoekstra" },
  { name: "Ruben Kok", birthDate: "1979-11-02", city: "Schiedam", kin: "Anouk Kok" },
  { name: "Yara el Amrani", birthDate: "1993-06-21", city: "Delft", kin: "Samir el Amrani" },
  { name: "Pieter de Graaf", birthDate: null, city: null, kin: null },
  { name: "Mila Brouwer", birthDate: null, city: null, kin: null },
] as const;

/**
 * One demo group booking (decision 042), so the admin pages show one on a first start: an HR
 * manager books five places of the corporate day for colleagues and does not sail, pays the
 * deposit of the whole booking; every colleague got their own link, three completed their
 * details and accepted the waiver, two have not yet. Its history says so.
 */
async function seedGroupBooking(tx: Transaction, event: Event, now: Date) {
  const places = DEMO_GROUP.length;
  const bookedAt = new Date(now.getTime() - 5 * 86_400_000);
  const invitedAt = new Date(bookedAt.getTime() + 60_000);
  const due = amountDue(event, bookedAt, places);
  const [booking] = await tx
    .insert(registrations)
    .values({
      reference: makeReference(),
      eventId: event.id,
      customerName: "Marloes Verhoeven",
      customerEmail: "hr@kustlijn-verzekeringen.example",
      phoneNumber: "+31 10 2345678",
      street: "Maasboulevard 100",
      city: "Rotterdam",
      postalCode: "3011 TX",
      country: "Nederland",
      comments: "Teamuitje afdeling Schade. Factuur graag op naam van Kustlijn Verzekeringen.",
      locale: "nl",
      status: "confirmed",
      priceCents: due.priceCents,
      amountDueCents: due.amountDueCents,
      termsAcceptedAt: bookedAt,
      waiverVersion: DEMO_WAIVER_VERSION,
      confirmedAt: bookedAt,
      createdAt: bookedAt,
      places,
      bookerSails: false,
    })
    .returning();
  if (due.amountDueCents > 0) {
    await tx.insert(payments).values({
      registrationId: booking.id,
      provider: "test",
      providerSessionId: `seed_${booking.reference}`,
      kind: due.kind === "full" ? "full" : "deposit",
      amountCents: due.amountDueCents,
      status: "paid",
      paidAt: bookedAt,
      createdAt: bookedAt,
    });
  }
  const rows = await tx
    .insert(bookingPlaces)
    .values(
      DEMO_GROUP.map((person, index) => {
        const complete = person.birthDate !== null;
        const completedAt = new Date(bookedAt.getTime() + (index + 1) * 86_400_000);
        return {
          registrationId: booking.id,
          number: index + 1,
          isBooker: false,
          name: person.name,
          email: `${person.name.toLowerCase().replace(/[^a-z]+/g, ".")}@kustlijn-verzekeringen.example`,
          locale: index === 2 ? "en" : "nl",
          birthDate: person.birthDate,
          street: complete ? `Havenkade ${index + 10}` : null,
          city: person.city,
          postalCode: complete ? `30${11 + index} AB` : null,
          country: complete ? "Nederland" : null,
          nextOfKinName: person.kin,
          nextOfKinPhone: complete ? `+31 6 ${String(55500010 + index)}` : null,
          waiverVersion: complete ? DEMO_WAIVER_VERSION : null,
          waiverAcceptedAt: complete ? completedAt : null,
          detailsCompletedAt: complete ? completedAt : null,
          invitedAt,
          createdAt: bookedAt,
        };
      }),
    )
    .returning();
  // The deposit's invoice (decision 046), issued with it.
  if (due.amountDueCents > 0) await issueInvoice(tx, booking.id, bookedAt);
  const base = { entityType: "registration" as const, entityId: booking.id, registrationId: booking.id, eventId: event.id };
  await audit(tx, [
    { ...base, action: "registration.created", changes: { status: { from: null, to: "confirmed" }, places: { from: null, to: places } }, actor: PARTICIPANT, at: bookedAt },
    ...rows.map((place) => ({
      ...base,
      action: "place.invited",
      changes: { placeId: { from: null, to: place.id }, number: { from: null, to: place.number }, invitedAt: { from: null, to: invitedAt.toISOString() } },
      actor: SYSTEM("booking"),
      at: invitedAt,
    })),
    ...rows
      .filter((place) => place.waiverAcceptedAt)
      .flatMap((place): AuditEntry[] => [
        {
          ...base,
          action: "place.details_updated",
          changes: { placeId: { from: null, to: place.id }, number: { from: null, to: place.number }, fields: { from: null, to: ["birthDate", "street", "city", "postalCode", "country", "nextOfKinName", "nextOfKinPhone"] } },
          actor: PARTICIPANT,
          at: place.waiverAcceptedAt!,
        },
        {
          ...base,
          action: "place.waiver_accepted",
          changes: { placeId: { from: null, to: place.id }, number: { from: null, to: place.number }, waiverVersion: { from: null, to: DEMO_WAIVER_VERSION } },
          actor: PARTICIPANT,
          at: place.waiverAcceptedAt!,
        },
      ]),
  ]);
}
