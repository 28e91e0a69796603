/**
 * Registration → checkout redirect under contention, on PostgreSQL: 60 group bookings of mixed
 * sizes (1–6 places, the same sizes every run) for one event posted at once (as browsers without
 * JavaScript post the form: Origin header, form fields: places, whether the booker sails, each
 * other participant's name and e-mail address), each from its own client address
 * (X-Forwarded-For behind TRUST_PROXY=1) so the per-booker limit stays out of the way. Timed from
 * sending to the end of the 303 answer.
 */
import { type IncomingHttpHeaders } from "node:http";
import postgres from "postgres";
import { type Report } from "./lib/report";
import { atRest, percentile, request, startSite } from "./lib/server";

const CONCURRENT = 60;
const SLUG = "bench-registration";
/** The largest booking posted, and the event's maximum per booking. */
export const BENCH_MAX_PLACES = 6;

/** The size of booking `n`: 1–6, spread by a fixed rule (every size about as often, the same each run). */
export function benchPlaces(n: number): number {
  return 1 + ((n * 7 + 3) % BENCH_MAX_PLACES);
}

/**
 * Booking `n` as the registration form posts it: the booker (who sails), then a name and an
 * e-mail address for each other place. Every address is its own, so no booker's limit and no
 * duplicate-address rule refuses one.
 */
export function benchForm(n: number): Record<string, string> {
  const places = benchPlaces(n);
  const form: Record<string, string> = {
    places: String(places),
    bookerSails: "yes",
    customerName: `Deelnemer ${n}`,
    customerEmail: `bench-${n}@example.com`,
    street: "Havenstraat 1",
    city: "Den Haag",
    postalCode: "2583 AB",
    country: "Nederland",
    birthDate: "1990-05-17",
    nextOfKinName: "Familie",
    nextOfKinPhone: "+31 6 12345678",
    termsAccepted: "on",
  };
  for (let i = 0; i < places - 1; i++) {
    form[`participants[${i}].name`] = `Gast ${n}.${i + 2}`;
    form[`participants[${i}].email`] = `bench-${n}-${i + 2}@example.com`;
  }
  return form;
}

/** `databaseUrl`: a migrated database (a site has run on it); the event is added while no server runs. */
export async function measureBooking(report: Report, databaseUrl: string): Promise<void> {
  const section = "Registration → checkout (PostgreSQL)";
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // An open event with room for everyone (60 bookings of at most 6 places, and the warm-up),
    // starting in two months (a registration opens a hold).
    await sql`
      insert into events (slug, name, name_en, description, description_en, start_date, end_date, location,
                          price_cents, status, booking_mode, max_participants, max_places_per_booking, deposit_percent, kind, listed)
      values (${SLUG}, 'Bench trainingsweekend', 'Bench training weekend', 'Twee dagen trainen op de Noordzee.',
              'Two days of training on the North Sea.', now() + interval '60 days', now() + interval '62 days',
              'Scheveningen', 45000, 'upcoming', 'registration', ${CONCURRENT * 10}, ${BENCH_MAX_PLACES}, 50, 'training', true)`;
  } finally {
    await sql.end();
  }
  // Started after the insert, so nothing the server keeps in memory predates the event.
  const site = await startSite({ databaseUrl, env: { TRUST_PROXY: "1" } });
  try {
    const post = async (n: number) => {
      const answer = await request(`${site.url}/events/${SLUG}/register`, {
        method: "POST",
        body: new URLSearchParams(benchForm(n)).toString(),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: site.url,
          "accept-language": "nl",
          "x-forwarded-for": `2001:db8::${(0x1000 + n).toString(16)}`,
        },
      }).catch((error: Error) => ({ status: 0, ms: Number.NaN, headers: {} as IncomingHttpHeaders, error: error.message }));
      return answer;
    };
    // Measured on a server at rest: what it does once after starting (the start-up jobs, with the
    // demo content's reminder e-mails) is not the registration path's cost.
    const restedMs = await atRest(site);
    // One registration first (route module loaded, pool connections open): not counted.
    const warm = await post(0);
    if (warm.status !== 303) throw new Error(`a registration answered ${warm.status}, not 303`);
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => post(i + 1)));
    const redirected = answers.filter((a) => a.status === 303 && /checkout|pay|betal/i.test(String(a.headers.location ?? "")));
    const times = answers.map((a) => a.ms).filter(Number.isFinite);
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    report.add({
      section,
      measure: `p95 of ${CONCURRENT} concurrent (1–${BENCH_MAX_PLACES} places each)`,
      figure: percentile(times, 95),
      unit: "ms",
      target: { op: "<=", value: 300 },
      note: `server at rest after ${(restedMs / 1000).toFixed(0)} s; p50 ${percentile(times, 50).toFixed(0)} ms, fastest ${Math.min(...times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms`,
      detail: { timesMs: times, statuses, location: answers.find((a) => a.status === 303)?.headers.location },
    });
    report.add({
      section,
      measure: "answered 303 to the checkout",
      figure: redirected.length,
      unit: "",
      target: { op: ">=", value: CONCURRENT },
      note: `statuses ${JSON.stringify(statuses)}`,
    });
  } finally {
    await site.stop();
  }
}
