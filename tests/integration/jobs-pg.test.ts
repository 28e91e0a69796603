// @engine both: pg-boss on a PostgreSQL server, two queues on one database (skips itself on PGlite)
import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@server/db/client.server";
import { setEnvForTests } from "@server/env.server";
import { jobsOverview } from "@server/jobs/overview.server";
import { JobQueue, type JobDefinition } from "@server/jobs/queue.server";

/**
 * The job queue on PostgreSQL as N instances use it (issue 10, decision 010): two pg-boss
 * instances on one fresh database, as two app instances would run them. Needs DATABASE_URL
 * (`npm run test:pg`); jobs.test.ts covers PGlite.
 */

const serverUrl = process.env.DATABASE_URL;
const FAST = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)("job queue on PostgreSQL, two instances", () => {
  let admin: postgres.Sql;
  let name: string;
  let databaseUrl: string;
  let handle: DatabaseHandle;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    setEnvForTests({ DATABASE_URL: serverUrl, LOG_LEVEL: "silent" });
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    name = `t_jobs_${crypto.randomBytes(6).toString("hex")}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handle = await openDatabase({ databaseUrl });
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop(2_000)));
    await handle?.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** Two instances with the same jobs, started together (both install the schema at once). */
  async function twoInstances(definitions: (instance: string) => JobDefinition[]): Promise<[JobQueue, JobQueue]> {
    const pair: [JobQueue, JobQueue] = [new JobQueue({ databaseUrl }, definitions("a"), FAST), new JobQueue({ databaseUrl }, definitions("b"), FAST)];
    queues.push(...pair);
    await Promise.all(pair.map((q) => q.start()));
    return pair;
  }

  it("runs a scheduled tick once, whichever instance takes it, and every sent job once", async () => {
    // pg-boss makes one job per schedule and minute: keep the observed window inside one minute.
    if (new Date().getSeconds() > 40) await sleep((61 - new Date().getSeconds()) * 1000);
    const ticks: string[] = [];
    const handled: { instance: string; n: number }[] = [];
    const [a, b] = await twoInstances((instance) => [
      {
        name: "tick",
        cron: "* * * * *",
        retryLimit: 1,
        retryDelaySeconds: 1,
        expireInSeconds: 60,
        run: async () => {
          ticks.push(instance);
        },
      },
      {
        name: "work",
        retryLimit: 1,
        retryDelaySeconds: 1,
        expireInSeconds: 60,
        run: async (data) => {
          // Slow enough that both instances poll while others are still queued.
          await sleep(50);
          handled.push({ instance, n: Number(data.n) });
        },
      },
    ]);
    for (let n = 0; n < 20; n++) await (n % 2 === 0 ? a : b).send("work", { n });
    await until(() => ticks.length >= 1 && handled.length >= 20);
    // Both instances keep checking the schedule every second: no second run may appear.
    await sleep(5_000);
    expect(ticks).toHaveLength(1);
    expect(handled.map((h) => h.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  }, 90_000);

  it("retries a failing job with growing delays, then marks it failed and shows it in the jobs view", async () => {
    const attempts: number[] = [];
    const definitions = (): JobDefinition[] => [
      {
        name: "flaky-smtp",
        retryLimit: 2,
        retryDelaySeconds: 1,
        expireInSeconds: 60,
        run: async () => {
          attempts.push(Date.now());
          throw new Error("SMTP 421 for kees@example.org: try again later");
        },
      },
    ];
    const [a] = await twoInstances(definitions);
    await a.send("flaky-smtp");
    await until(async () => (await jobsOverview(handle.db, definitions(), new Date())).jobs[0].failed === 1, 60_000);

    // Once and two retries (retryLimit 2), one instance at a time.
    expect(attempts).toHaveLength(3);
    // Backoff: pg-boss waits retryDelay·2^n/2·(1+jitter), so at least 1 s, then at least 2 s.
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(1_000);
    expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(2_000);

    const overview = await jobsOverview(handle.db, definitions(), new Date());
    expect(overview.jobs[0]).toMatchObject({ name: "flaky-smtp", failed: 1, queued: 0, active: 0, lastRun: { state: "failed" } });
    const failures = overview.failures.filter((f) => f.name === "flaky-smtp");
    expect(failures).toEqual([expect.objectContaining({ state: "failed", attempt: 3, message: "SMTP 421 for [e-mail]: try again later" })]);
  }, 90_000);
});
