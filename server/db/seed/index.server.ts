import { sql } from "drizzle-orm";
import { makeReference } from "../../booking/reference.server";
import type { Database, DbOrTx } from "../client.server";
import { blogPosts, events, payments, privatePages, registrations } from "../schema.server";
import { demoArticles } from "./articles.server";
import { demoEvents, demoPrivatePages, FULLY_BOOKED_SLUG } from "./events.server";

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

    // The fully booked demo event is full because real, paid registrations fill it.
    const full = insertedEvents.find((e) => e.slug === FULLY_BOOKED_SLUG);
    if (full?.maxParticipants) {
      const amountDueCents = Math.round((full.priceCents * full.depositPercent) / 100);
      for (let i = 0; i < full.maxParticipants; i++) {
        const [name, city] = DEMO_PARTICIPANTS[i % DEMO_PARTICIPANTS.length];
        const bookedAt = new Date(now.getTime() - (20 - i) * 86_400_000);
        const [registration] = await tx
          .insert(registrations)
          .values({
            reference: makeReference(),
            eventId: full.id,
            customerName: name,
            customerEmail: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`,
            phoneNumber: `+31 6 ${String(12345670 + i)}`,
            birthDate: `19${70 + i}-0${(i % 9) + 1}-1${i % 9}`,
            street: `Havenstraat ${i + 1}`,
            city,
            postalCode: `25${10 + i} AB`,
            country: "Nederland",
            nextOfKinName: "Familie " + name.split(" ").slice(-1)[0],
            nextOfKinPhone: `+31 6 ${String(87654320 + i)}`,
            locale: "nl",
            status: "confirmed",
            priceCents: full.priceCents,
            amountDueCents,
            termsAcceptedAt: bookedAt,
            waiverVersion: DEMO_WAIVER_VERSION,
            confirmedAt: bookedAt,
            createdAt: bookedAt,
          })
          .returning();
        await tx.insert(payments).values({
          registrationId: registration.id,
          provider: "test",
          providerSessionId: `seed_${registration.reference}`,
          kind: full.depositPercent >= 100 ? "full" : "deposit",
          amountCents: amountDueCents,
          status: "paid",
          paidAt: bookedAt,
        });
      }
    }
    return true;
  });
}
