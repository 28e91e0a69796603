import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { demoArticles } from "../../server/db/seed/articles.server";
import { demoEvents, FULLY_BOOKED_SLUG } from "../../server/db/seed/events.server";
import { signInAdminOverHttp } from "./admin-login";
import { freePort, postgresMissing, registrationFields, startSiteServer, stopSiteServer, waitReady, type SiteServer } from "./servers";

/**
 * Issue 10, "several instances on one PostgreSQL": two `node server.js` processes of the
 * production build on one fresh PostgreSQL database, requests alternating between them, as a
 * load balancer would send them. Each instance has its own DATA_DIR, so nothing they agree on
 * can come from a shared disk. No browser: plain HTTP with the headers a browser would send.
 *
 * Without a reachable PostgreSQL server (TEST_DATABASE_URL; `npm test` always gives one) the
 * spec fails under CI and is skipped with the reason elsewhere.
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const databaseName = `ort_two_instances_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = withDatabase(serverUrl, databaseName);
/** The site's public address (links in e-mails); the same for both, as behind one proxy. */
const PUBLIC_URL = "http://ort-two-instances.test";
const SESSION_SECRET = "two-instances-shared-session-secret-0123456789";
const ADMIN_EMAIL = "admin@two-instances.test";
const ADMIN_PASSWORD = "two-instances-admin-pw";

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The environment both instances share: one database, one secret, one public address, behind one proxy. */
const sharedEnv = {
  DATABASE_URL: databaseUrl,
  SESSION_SECRET,
  PUBLIC_URL,
  SITE_MODE: "demo",
  DEMO_CONTENT: "true",
  // One proxy in front: each request says which client it comes from, as behind the balancer.
  TRUST_PROXY: "1",
};

function startInstance(name: "A" | "B", port: number, dataDir: string, extraEnv: Record<string, string> = {}): SiteServer {
  return startSiteServer({ name, port, dataDir, env: { ...sharedEnv, ...extraEnv } });
}

let sql: postgres.Sql | undefined;
let unreachable: string | undefined;
const instances: SiteServer[] = [];
let A: SiteServer;
let B: SiteServer;
/** Alternates between the two instances, as a round-robin balancer. */
const pick = (i: number) => (i % 2 === 0 ? A : B);

/** A form post as a browser sends it (Origin: the address it was sent to, which React Router checks too). */
async function post(
  instance: SiteServer,
  pathname: string,
  fields: Record<string, string>,
  client: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Headers | undefined }> {
  try {
    const response = await fetch(`${instance.base}${pathname}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: instance.base,
        "accept-language": "en",
        "x-forwarded-for": client,
        ...headers,
      },
    });
    return { status: response.status, body: await response.text(), headers: response.headers };
  } catch {
    // Refused at the door or cut off before an answer: never acknowledged.
    return { status: 0, body: "", headers: undefined };
  }
}

/** A distinct client address per request (documentation range), so per-address limits stay out of the way. */
const clientAddress = (n: number) => `2001:db8::${n.toString(16)}`;

test.describe("two instances on one PostgreSQL database", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const admin = postgres(withDatabase(serverUrl, "postgres"), { max: 1, connect_timeout: 3, onnotice: () => {} });
    try {
      await admin`select 1`;
    } catch (error) {
      unreachable = `PostgreSQL is not reachable at ${new URL(serverUrl).host} (${(error as Error).message}); set TEST_DATABASE_URL`;
    }
    if (unreachable) {
      await admin.end({ timeout: 1 }).catch(() => {});
      postgresMissing(unreachable);
      return;
    }
    await admin.unsafe(`create database "${databaseName}"`);
    await admin.end();
    sql = postgres(databaseUrl, { max: 4, onnotice: () => {} });

    const dataDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `ort-e2e-two-${name}-`));
    // Both start at once on the empty database: migrations and demo seeding run once, under locks.
    // Only A creates the admin (the account is in the shared database; B's admins sign in there).
    A = startInstance("A", await freePort(), dataDir("A"), { ADMIN_EMAIL, ADMIN_PASSWORD });
    B = startInstance("B", await freePort(), dataDir("B"));
    instances.push(A, B);
    await Promise.all([waitReady(A), waitReady(B)]);
  });

  test.afterAll(async () => {
    await Promise.all(instances.map((i) => stopSiteServer(i).catch(() => null)));
    for (const instance of instances) {
      if (instance.process.exitCode === null) instance.process.kill("SIGKILL");
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await sql?.end({ timeout: 5 });
    if (unreachable) return;
    const admin = postgres(withDatabase(serverUrl, "postgres"), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
    } finally {
      await admin.end();
    }
  });

  test("both started together: migrated once, demo content seeded once", async () => {
    // Each migration of the journal recorded once (a second run would record it again, or fail).
    const journal = JSON.parse(fs.readFileSync("server/db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    const [migrations] = await sql!<{ rows: number; hashes: number }[]>`
      select count(*)::int as rows, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`;
    expect(migrations).toEqual({ rows: journal.entries.length, hashes: journal.entries.length });
    // Exactly the demo content, once: the seed's own lists, and the fully booked event's paid
    // registrations (no unique key would stop a second seed from adding those again).
    const now = new Date();
    const [counts] = await sql!<{ events: number; articles: number }[]>`
      select (select count(*)::int from events) as events, (select count(*)::int from blog_posts) as articles`;
    expect(counts).toEqual({ events: demoEvents(now).length, articles: demoArticles(now).length });
    // Each registration paid what was due when it booked: a deposit and its balance, or the whole
    // price, so one or two payments each, every one with its own session.
    const [full] = await sql!<{ places: number; registrations: number; paid: number; payments: number; sessions: number }[]>`
      select e.max_participants as places, count(distinct r.id)::int as registrations, count(distinct p.registration_id)::int as paid,
        count(p.id)::int as payments, count(distinct p.provider_session_id)::int as sessions
      from events e join registrations r on r.event_id = e.id left join payments p on p.registration_id = r.id
      where e.slug = ${FULLY_BOOKED_SLUG} group by e.max_participants`;
    expect(full.places).toBeGreaterThan(0);
    expect(full).toEqual({ places: full.places, registrations: full.places, paid: full.places, payments: full.sessions, sessions: full.sessions });
    expect(full.payments).toBeLessThanOrEqual(2 * full.places);
    for (const instance of instances) expect(instance.stderr(), `instance ${instance.name} stderr`).not.toMatch(/"level":(50|60)/);
  });

  test("60 concurrent registrations for 5 places, alternating instances, give exactly 5", async () => {
    const slug = "noordzee-recordpoging";
    const [event] = await sql!<{ id: string }[]>`update events set max_participants = 5 where slug = ${slug} returning id`;
    expect(event, `seeded event ${slug}`).toBeDefined();

    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const email = `five-${i}@example.com`;
        const answer = await post(pick(i), `/events/${slug}/register`, registrationFields(email, i), clientAddress(0x5000 + i));
        return { ...answer, email, instance: pick(i).name };
      }),
    );

    const booked = answers.filter((a) => a.status === 303);
    const refused = answers.filter((a) => a.status === 409);
    expect(booked.length).toBe(5);
    expect(refused.length).toBe(55);
    // The visitor's answer, not an error page.
    for (const answer of refused) expect(answer.body).toContain("Fully Booked");
    // Both instances took part in the race.
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(["A", "B"]));

    const rows = await sql!<{ customer_email: string }[]>`
      select customer_email from registrations where event_id = ${event.id} and status in ('pending_payment', 'confirmed')`;
    expect(rows.length).toBe(5);
    expect(new Set(rows.map((r) => r.customer_email))).toEqual(new Set(booked.map((b) => b.email)));
    // And every page agrees: both instances show the event as full.
    for (const instance of instances) {
      const page = await fetch(`${instance.base}/events/${slug}/register`, { headers: { "accept-language": "en" } });
      expect(await page.text()).toContain("Fully Booked");
    }
  });

  test("a code unlocked on one instance is unlocked on the other", async () => {
    const client = "203.0.113.10";
    const before = await fetch(`${B.base}/vwdtp`);
    expect(before.status).toBe(200);
    expect(await before.text()).not.toContain("/events/vwdtp-challenge/register");

    const unlocked = await post(A, "/vwdtp", { code: "vwdtp2025" }, client);
    expect(unlocked.status).toBe(303);
    const setCookie = unlocked.headers!.get("set-cookie") ?? "";
    const cookie = setCookie.split(";")[0];
    expect(cookie).toMatch(/^access_vwdtp=/);

    // The cookie A signed opens the page on B (one SESSION_SECRET, codes in the database) ...
    const onB = await fetch(`${B.base}/vwdtp`, { headers: { cookie, "x-forwarded-for": client } });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("/events/vwdtp-challenge/register");
    // ... and on A.
    const onA = await fetch(`${A.base}/vwdtp`, { headers: { cookie, "x-forwarded-for": client } });
    expect(await onA.text()).toContain("/events/vwdtp-challenge/register");
  });

  test("the 11th wrong code is refused whichever instance it hits", async () => {
    // Two guessers: one whose 11th try lands on A, one whose 11th lands on B.
    for (const [client, first] of [["198.51.100.21", 0], ["198.51.100.22", 1]] as const) {
      const at = (i: number) => pick(i + first);
      for (let i = 0; i < 10; i++) {
        const answer = await post(at(i), "/vwdtp", { code: `wrong-${i}` }, client);
        expect(answer.status, `wrong code ${i + 1} on ${at(i).name}`).toBe(200);
        expect(answer.body).toContain("Onjuist wachtwoord");
      }
      const eleventh = await post(at(10), "/vwdtp", { code: "wrong-10" }, client);
      expect(eleventh.status, `11th wrong code on ${at(10).name}`).toBe(429);
      expect(Number(eleventh.headers!.get("retry-after"))).toBeGreaterThan(0);
      // The other instance refuses as well, even the right code: guessing stays slow everywhere.
      const twelfth = await post(at(11), "/vwdtp", { code: "vwdtp2025" }, client);
      expect(twelfth.status, `12th try (right code) on ${at(11).name}`).toBe(429);
    }
    // Another address is not affected.
    const other = await post(B, "/vwdtp", { code: "wrong" }, "198.51.100.23");
    expect(other.status).toBe(200);
  });

  test("a rolling restart of one instance loses no request it acknowledged", async () => {
    const slug = "offshore-trainingsweekend";
    const [event] = await sql!<{ id: string }[]>`update events set max_participants = 100000 where slug = ${slug} returning id`;
    expect(event).toBeDefined();

    type Sent = { email: string; instance: string; phase: "before" | "stopping" | "restarted"; status: number };
    const sent: Promise<Sent>[] = [];
    const answered: Sent[] = [];
    /** Registrations `instance` acknowledged so far that were sent in `phase`. */
    const acknowledgedBy = (instance: string, at: Sent["phase"]) => answered.filter((a) => a.instance === instance && a.phase === at && a.status === 303).length;
    let phase: Sent["phase"] = "before";
    let n = 0;
    let streaming = true;
    // A steady stream: one registration every 20 ms, alternating instances, never awaited in turn.
    const stream = (async () => {
      while (streaming && n < 1500) {
        const i = n++;
        const instance = pick(i);
        const email = `roll-${i}@example.com`;
        const at = phase;
        sent.push(
          post(instance, `/events/${slug}/register`, registrationFields(email, i), clientAddress(0x10000 + i)).then((a) => {
            const answer = { email, instance: instance.name, phase: at, status: a.status };
            answered.push(answer);
            return answer;
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    // A stops once it is busy: it has acknowledged a few registrations of the stream.
    await expect.poll(() => acknowledgedBy("A", "before"), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    phase = "stopping";
    const stopStarted = Date.now();
    const exitCode = await stopSiteServer(A);
    const stopMs = Date.now() - stopStarted;
    expect(exitCode, `A's exit code; stderr:\n${A.stderr()}`).toBe(0);
    // Kept-alive connections with requests still arriving on them do not hold the stop up.
    expect(stopMs).toBeLessThan(10_000);
    A = startInstance("A", A.port, A.dataDir, { ADMIN_EMAIL, ADMIN_PASSWORD });
    instances[0] = A;
    await waitReady(A);
    phase = "restarted";
    // The stream goes on until the restarted A has taken its share again.
    await expect.poll(() => acknowledgedBy("A", "restarted"), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    streaming = false;
    await stream;
    const answers = await Promise.all(sent);

    // Every answer is an acknowledgement (303 to the checkout), or a visible failure: the
    // connection refused while A was down (0) or a 503 while it was stopping. Never a 500.
    const statuses = new Set(answers.map((a) => a.status));
    for (const status of statuses) expect([0, 303, 503], `status ${status}`).toContain(status);
    // B answered every request it got; A answered before the stop and after the restart.
    expect(answers.filter((a) => a.instance === "B").every((a) => a.status === 303)).toBe(true);
    expect(answers.some((a) => a.instance === "A" && a.phase === "before" && a.status === 303)).toBe(true);
    expect(answers.some((a) => a.instance === "A" && a.phase === "restarted" && a.status === 303)).toBe(true);

    const acknowledged = answers.filter((a) => a.status === 303).map((a) => a.email);
    const rows = await sql!<{ customer_email: string }[]>`
      select customer_email from registrations where event_id = ${event.id}`;
    const stored = new Set(rows.map((r) => r.customer_email));
    const lost = acknowledged.filter((email) => !stored.has(email));
    expect(lost, "acknowledged but not in the database").toEqual([]);
    // Nothing stored that nobody was told about, apart from requests cut off mid-answer.
    expect(stored.size).toBeLessThanOrEqual(answers.length);
    test.info().annotations.push({
      type: "rolling restart",
      description: `${answers.length} requests, ${acknowledged.length} acknowledged, ${answers.filter((a) => a.status === 0).length} refused while A was down, ${answers.filter((a) => a.status === 503).length} answered 503; A stopped in ${stopMs} ms`,
    });
  });

  test("a job is run once: each scheduled tick by one instance, each queued e-mail sent once", async () => {
    // Twenty queued e-mails due now: whichever instance's mail job picks each one up, it must be
    // delivered (written to that instance's outbox) exactly once.
    const subjects = Array.from({ length: 20 }, (_, i) => `two-instances-job-${i}`);
    for (const subject of subjects) {
      await sql!`insert into emails ("to", subject, template, locale, html, text, status, next_attempt_at)
        values ('job-once@example.test', ${subject}, 'test', 'en', '<p>x</p>', 'x', 'queued', now() - interval '1 minute')`;
    }
    // The mail job runs every minute on whichever instance takes the tick.
    await expect
      .poll(async () => (await sql!<{ n: number }[]>`select count(*)::int as n from emails where subject like 'two-instances-job-%' and status = 'sent'`)[0].n, {
        timeout: 80_000,
        intervals: [1_000],
      })
      .toBe(subjects.length);
    const rows = await sql!<{ attempts: number }[]>`select attempts from emails where subject like 'two-instances-job-%'`;
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    // Both outboxes together hold each message once.
    const delivered = instances.flatMap((instance) => {
      const dir = path.join(instance.dataDir, "outbox");
      return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), "utf8")) : [];
    });
    for (const subject of subjects) expect(delivered.filter((text) => text.includes(`Subject: ${subject}\n`)).length, subject).toBe(1);
    // Every minute's tick of a recurring job became one job, run by one of the instances.
    const ticks = await sql!<{ slot: string; n: number }[]>`
      select coalesce(singleton_on::text, id::text) as slot, count(*)::int as n from pgboss.job
      where name = 'hold-expiry' group by 1`;
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.filter((t) => t.n > 1)).toEqual([]);
  });

  test("an upload made through one instance is served by the other", async () => {
    // Sign in on A (the account is in the shared database) and post an article with a picture.
    // Password and second factor (set up on this first sign-in; decision 017).
    const cookie = await signInAdminOverHttp(A.base, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { origin: A.base, "x-forwarded-for": clientAddress(9001) });
    const sharp = (await import("sharp")).default;
    const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#0b1f33" } }).jpeg().toBuffer();
    const form = new FormData();
    const fields = { title: "Twee instanties", slug: "twee-instanties", description: "Gedeelde upload", content: "Inhoud", date: "2026-03-14", category: "team" };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("image", new File([new Uint8Array(jpeg)], "boot.jpg", { type: "image/jpeg" }));
    const saved = await fetch(`${A.base}/admin/blog/new`, { method: "POST", body: form, redirect: "manual", headers: { cookie, origin: A.base, "x-forwarded-for": clientAddress(9001) } });
    expect(saved.status).toBeLessThan(400);
    const [post] = await sql!<{ image: string | null }[]>`select image from blog_posts where slug = 'twee-instanties'`;
    expect(post?.image).toMatch(/^\/uploads\/blog-images\//);
    const fromA = await fetch(`${A.base}${post!.image}`);
    const fromB = await fetch(`${B.base}${post!.image}`);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe(fromA.headers.get("content-type"));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    // Neither instance has it on its own disk: it came from the shared database.
    for (const instance of instances) expect(fs.existsSync(path.join(instance.dataDir, "uploads"))).toBe(false);
  });
});
