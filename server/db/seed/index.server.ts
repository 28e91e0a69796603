import { sql } from "drizzle-orm";
import { amountDue } from "~/lib/booking";
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
            priceCents: due.priceCents,
            amountDueCents: due.amountDueCents,
            termsAcceptedAt: bookedAt,
            waiverVersion: DEMO_WAIVER_VERSION,
            confirmedAt: bookedAt,
            createdAt: bookedAt,
          })
          .returning();
        const paid: { kind: "deposit" | "full" | "balance"; cents: number; at: Date; session: string }[] = [
          { kind: due.kind === "full" ? "full" : "deposit", cents: due.amountDueCents, at: bookedAt, session: `seed_${registration.reference}` },
        ];
        if (due.balanceCents > 0) {
          const at = new Date(Math.min(now.getTime(), bookedAt.getTime() + 2 * 86_400_000));
          paid.push({ kind: "balance", cents: due.balanceCents, at, session: `seed_${registration.reference}_balance` });
        }
        const rows = paid.filter((p) => p.cents > 0);
        if (rows.length === 0) continue;
        await tx.insert(payments).values(
          rows.map((p) => ({
            registrationId: registration.id,
            provider: "test" as const,
            providerSessionId: p.session,
            kind: p.kind,
            amountCents: p.cents,
            status: "paid" as const,
            paidAt: p.at,
            createdAt: p.at,
          })),
        );
      }
    }
    return true;
  });
}
