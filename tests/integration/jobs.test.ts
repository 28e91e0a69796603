// @engine pglite: pg-boss on the embedded database (always PGlite, even in the PostgreSQL pass)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@server/db/client.server";
import { setEnvForTests } from "@server/env.server";
import { jobsOverview } from "@server/jobs/overview.server";
import { JobQueue, jobFailureMessage, type JobDefinition } from "@server/jobs/queue.server";
import { scheduledJobs } from "@server/jobs/schedule.server";
import type * as QueueModule from "@server/jobs/queue.server";
import { loader as jobsLoader } from "~/routes/admin/jobs";
import { useTestDatabase } from "../support/db";
import { testContext } from "../support/forms";
import { startTestApp } from "../support/http-app";
import { signedInUser } from "./admin-fixtures";

/**
 * The job queue on the embedded database (issue 10, decision 010): pg-boss through the app's own
 * PGlite client. Always PGlite, also when the suite runs against PostgreSQL (jobs-pg.test.ts
 * covers that side).
 */

const FAST = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function job(name: string, run: JobDefinition["run"], extra: Partial<JobDefinition> = {}): JobDefinition {
  return { name, retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60, run, ...extra };
}

describe("job queue on PGlite", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let pglite: PGlite;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-jobs-"));
    setEnvForTests({ DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: "silent" });
    // As the server opens it: DATA_DIR, locked, with the PGlite client the queue runs on.
    handle = await openDatabase({ dataDir });
    if (!handle.pglite) throw new Error("expected the PGlite client of DATA_DIR");
    pglite = handle.pglite;
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("installs its schema, runs a sent job and a scheduled tick, and keeps their results", async () => {
    const seen: unknown[] = [];
    let ticks = 0;
    const queue = new JobQueue(
      { pglite },
      [
        job("echo", async (data) => {
          seen.push(data);
          return { echoed: 1 };
        }),
        job("tick", async () => {
          ticks += 1;
        }, { cron: "* * * * *" }),
      ],
      FAST,
    );
    await queue.start();
    try {
      expect(queue.state).toBe("running");
      await queue.send("echo", { n: 7 });
      await until(() => seen.length === 1 && ticks >= 1);
      expect(seen).toEqual([{ n: 7 }]);
      await until(async () => (await pglite.query(`select 1 from pgboss.job where name = 'echo' and state = 'completed'`)).rows.length === 1);
      const { rows } = await pglite.query<{ output: { echoed: number } }>(`select output from pgboss.job where name = 'echo'`);
      expect(rows[0].output.echoed).toBe(1);
    } finally {
      await queue.stop();
    }
    expect(queue.state).toBe("stopped");
  });

  it("starts and stops with pg-boss's default timing (as the server runs it)", async () => {
    const queue = new JobQueue({ pglite }, [job("idle", async () => {}, { cron: "0 0 1 1 *" })]);
    await queue.start();
    expect(queue.state).toBe("running");
    await queue.stop();
    expect(queue.state).toBe("stopped");
  });

  it("a graceful stop waits for the job that is running, and it completes", async () => {
    let finished = false;
    let started = false;
    const queue = new JobQueue(
      { pglite },
      [
        job("slow", async () => {
          started = true;
          await new Promise((resolve) => setTimeout(resolve, 1500));
          finished = true;
          return { done: 1 };
        }),
      ],
      FAST,
    );
    await queue.start();
    await queue.send("slow");
    await until(() => started);
    await queue.stop(10_000);
    expect(finished).toBe(true);
    // The app closes the database right after stop(): the job's completion must be in by then.
    const { rows } = await pglite.query<{ state: string }>(`select state::text as state from pgboss.job where name = 'slow'`);
    expect(rows).toEqual([{ state: "completed" }]);
  });

  it("keeps a failed job's cleaned message, shown by the jobs view", async () => {
    const definitions = [
      job("breaks", async () => {
        throw new Error("SMTP refused jan.jansen@example.com");
      }),
    ];
    const queue = new JobQueue({ pglite }, definitions, FAST);
    await queue.start();
    try {
      await queue.send("breaks");
      await until(async () => (await pglite.query(`select 1 from pgboss.job where name = 'breaks' and state = 'failed'`)).rows.length === 1);
    } finally {
      await queue.stop();
    }
    const overview = await jobsOverview(handle.db, definitions, new Date());
    expect(overview.installed).toBe(true);
    expect(overview.jobs[0]).toMatchObject({ name: "breaks", failed: 1, lastRun: { state: "failed" } });
    expect(overview.failures).toEqual([expect.objectContaining({ name: "breaks", state: "failed", attempt: 1, message: "SMTP refused [e-mail]" })]);
  });

  it("cleans failure messages: no query parameters, no e-mail addresses, short", () => {
    const drizzle = new Error("Failed query: insert into emails values ($1)\nparams: piet@example.nl,Piet");
    expect(jobFailureMessage(drizzle)).toBe("Failed query: insert into emails values ($1)\nparams: [redacted]");
    expect(jobFailureMessage(new Error("x".repeat(1000)))).toHaveLength(300);
  });

  it("every scheduled job has a valid cron, retries with a delay and an expiry", async () => {
    const jobs = scheduledJobs();
    expect(jobs.map((j) => j.name).sort()).toEqual(["balance-reminders", "disruption-follow-ups", "hold-expiry", "mail-retry", "practical-info", "retention", "waitlist-offers"]);
    for (const j of jobs) {
      expect(j.retryLimit).toBeGreaterThan(0);
      expect(j.retryDelaySeconds).toBeGreaterThan(0);
      expect(j.expireInSeconds).toBeGreaterThan(0);
      expect(j.expireInSeconds).toBeLessThan(24 * 3600);
    }
    const overview = await jobsOverview(handle.db, jobs, new Date("2026-11-24T12:00:30Z"));
    const next = Object.fromEntries(overview.jobs.map((j) => [j.name, j.nextRunAt]));
    expect(next).toEqual({
      "mail-retry": "2026-11-24T12:01:00.000Z",
      "hold-expiry": "2026-11-24T12:01:00.000Z",
      "practical-info": "2026-11-24T12:15:00.000Z",
      // 03:17 in Amsterdam (UTC+1 in November).
      retention: "2026-11-25T02:17:00.000Z",
      "balance-reminders": "2026-11-24T12:23:00.000Z",
      "waitlist-offers": "2026-11-24T12:01:00.000Z",
      "disruption-follow-ups": "2026-11-24T12:41:00.000Z",
    });
  });

  it("leaves no timer loops in the server code: background work is the queue's", () => {
    const files = fs.readdirSync(path.resolve("server"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const withLoops = files.filter((f) => /\bsetInterval\s*\(/.test(fs.readFileSync(path.resolve("server", f), "utf8")));
    expect(withLoops).toEqual([]);
  });
});

describe("/readyz reports the job queue", () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("ready while the queue runs, 503 once it stopped", async () => {
    // The queue module of the app's own module graph, so /readyz sees this queue.
    const queues = await app.load<typeof QueueModule>("/server/jobs/queue.server.ts");
    const pglite = new PGlite();
    const queue = new queues.JobQueue({ pglite }, [], FAST);
    queues.setJobQueueForTests(queue);
    try {
      await queue.start();
      const running = await fetch(`${app.url}/readyz`);
      expect(running.status).toBe(200);
      expect(await running.json()).toMatchObject({ status: "ok", queue: "running" });

      await queue.stop();
      const stopped = await fetch(`${app.url}/readyz`);
      expect(stopped.status).toBe(503);
      expect(await stopped.json()).toMatchObject({ status: "error", queue: "stopped" });
    } finally {
      queues.setJobQueueForTests(undefined);
      await queue.stop();
      await pglite.close();
    }
    // Tests start no queue of their own accord (they drive the work): not a fault there.
    expect(await (await fetch(`${app.url}/readyz`)).json()).toMatchObject({ status: "ok", queue: "not started" });
  });
});

describe("/admin/jobs (Achtergrondtaken)", () => {
  useTestDatabase();
  const load = (request: Request) => jobsLoader({ request, params: {}, context: testContext() } as never);

  it("is for admins only, and lists every recurring job with its next run", async () => {
    const visitor = await signedInUser({ admin: false });
    const refusal = await load(visitor.request("http://localhost/admin/jobs")).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(403);

    const admin = await signedInUser({ admin: true });
    const page = await load(admin.request("http://localhost/admin/jobs"));
    // Tests start no queue: the page says so instead of failing on the missing pgboss schema.
    expect(page).toMatchObject({ installed: false, queue: "not started", failures: [] });
    expect(page.jobs.map((j) => j.name)).toEqual(["mail-retry", "hold-expiry", "practical-info", "retention", "balance-reminders", "waitlist-offers", "disruption-follow-ups"]);
    for (const j of page.jobs) expect(Date.parse(j.nextRunAt ?? "")).toBeGreaterThan(Date.now());
  });
});
