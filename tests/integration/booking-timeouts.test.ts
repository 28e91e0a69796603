// @engine both: lock and statement timeouts exist only on a PostgreSQL server (PGlite has one in-process connection)
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RegisterActionData } from "~/schemas/registration";
import { action as registerAction } from "~/routes/booking/register";
import { setNowForTests } from "@server/clock.server";
import { events, registrations } from "@server/db/schema.server";
import { LOCK_TIMEOUT_MS } from "@server/db/timeouts.server";
import { setEnvForTests } from "@server/env.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { insertEvent, participantForm } from "./booking-fixtures";

// A booking held up by a transaction that keeps its event's row locked (stuck, or slow) answers
// "try again" within the lock timeout instead of hanging (server/db/timeouts.server.ts).

describe("a registration while another transaction holds the event's lock", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-03-02T10:00:00Z");
  let visitor = 0;

  beforeAll(() => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
    setNowForTests(NOW);
  });

  async function register(slug: string, n: number) {
    const request = formRequest(`/events/${slug}/register`, participantForm(n), { "accept-language": "en-GB" });
    type Args = Parameters<typeof registerAction>[0];
    const result = await registerAction({ request, params: { slug }, context: testContext(`10.0.9.${++visitor}`) } as unknown as Args);
    if (result instanceof Response) return { status: result.status, headers: result.headers, body: undefined };
    const wrapped = result as unknown as { data: RegisterActionData; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), body: wrapped.data };
  }

  /** Holds the event's row lock in a transaction of its own (another connection) until `release` is called. */
  async function holdLock(eventId: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const done = database.db().transaction(async (tx) => {
      await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
      locked();
      await released;
    });
    await isLocked;
    return { release: async () => (release(), await done) };
  }

  it.runIf(process.env.DATABASE_URL)(
    "PostgreSQL: answers 503 with Retry-After and a clear 'try again' within the lock timeout, saves nothing, and registers once the lock is free",
    async () => {
      const event = await insertEvent(NOW, { maxParticipants: 20 });
      const holder = await holdLock(event.id);
      try {
        const started = performance.now();
        // One alone, then the ones that came meanwhile together: each batch waits for the lock once.
        const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => register(event.slug, n)));
        const elapsed = performance.now() - started;
        for (const answer of answers) {
          expect(answer.status).toBe(503);
          expect(answer.headers.get("Retry-After")).toBe("5");
          expect(answer.body?.failure?.description).toMatch(/try again in a few seconds/);
        }
        expect(elapsed).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 100);
        // Two waits for the lock at most (the first post's, then its followers' together), not one per post.
        expect(elapsed).toBeLessThan(3 * LOCK_TIMEOUT_MS);
        expect(await database.db().select().from(registrations).where(eq(registrations.eventId, event.id))).toHaveLength(0);
      } finally {
        await holder.release();
      }
      const after = await register(event.slug, 6);
      expect(after.status).toBe(303);
      expect(await database.db().select().from(registrations).where(eq(registrations.eventId, event.id))).toHaveLength(1);
    },
    30_000,
  );

  it.runIf(!process.env.DATABASE_URL)(
    "PGlite: one connection in this process, so the registration waits its turn behind the transaction and then registers (no lock wait, no timeout)",
    async () => {
      const event = await insertEvent(NOW, { maxParticipants: 20 });
      const holder = await holdLock(event.id);
      const pending = register(event.slug, 7);
      const outcome = await Promise.race([pending.then(() => "answered"), new Promise((resolve) => setTimeout(() => resolve("waiting"), 300))]);
      expect(outcome).toBe("waiting");
      await holder.release();
      expect((await pending).status).toBe(303);
      expect(await database.db().select().from(registrations).where(eq(registrations.eventId, event.id))).toHaveLength(1);
    },
    30_000,
  );
});
