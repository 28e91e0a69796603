import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";
import postgres from "postgres";
import { log, safeError } from "../log.server";

/**
 * The one home of background work (decision 010): a pg-boss queue in the application's own
 * database. On PostgreSQL every instance runs one, and pg-boss makes each scheduled tick one job
 * that exactly one instance takes (FOR UPDATE SKIP LOCKED); on the embedded PGlite the same code
 * runs through the process's own PGlite client, as the one instance there is.
 */

/** pg-boss creates and migrates its tables in this schema itself (not a drizzle migration). */
export const JOB_SCHEMA = "pgboss";

/** What a job answers: counts and flags for the jobs view, never personal data. */
export type JobOutput = Record<string, number | string | boolean>;

export type JobDefinition = {
  /** The queue's name; a recurring job's schedule has the same name. */
  name: string;
  /** Cron with minute granularity (pg-boss checks schedules once a minute); none for jobs only sent. */
  cron?: string;
  /** The cron's time zone (default UTC). */
  timezone?: string;
  /** Extra attempts after a failed one, each later than the last (retryBackoff). */
  retryLimit: number;
  /** The first retry's delay; pg-boss doubles it (with jitter) for every further one. */
  retryDelaySeconds: number;
  /** A run still active after this long counts as failed (and is retried): a hung SMTP call. */
  expireInSeconds: number;
  /** Also sent once when the queue starts (work that should not wait for its first tick). */
  runAtStart?: boolean;
  run: (data: Record<string, unknown>) => Promise<JobOutput | void>;
};

/** How often pg-boss looks for work; tests make it quicker. */
export type QueueTiming = {
  pollingIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
};

/** Where the queue lives: the PostgreSQL server (its own small pool), or the app's PGlite. */
export type QueueConnection = { databaseUrl: string } | { pglite: PGlite };

export type QueueState = "not started" | "starting" | "running" | "stopping" | "stopped";

/** pg_advisory_lock key ("ORTJOBSQ" as a number) held while an instance sets up its queues. */
const INSTALL_LOCK_KEY = 0x4f52544a4f425351n;

/** How node-postgres sends a parameter, so PGlite receives what pg-boss's SQL expects. */
function toParameter(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    // pg-boss passes job ids as `$2::uuid[]`: a PostgreSQL array literal.
    return `{${value.map((item) => (item === null || item === undefined ? "NULL" : `"${String(item).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)).join(",")}}`;
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * pg-boss's database interface on a PGlite client. PGlite has one session, and its query() and
 * exec() wait for a transaction of the app (drizzle) to end, so pg-boss never runs inside one.
 * pg-boss sends its schema changes and maintenance as one text "BEGIN; …; COMMIT;" without
 * parameters: that runs inside PGlite's transaction(), so a failure rolls it back instead of
 * leaving the single session in an aborted transaction (the inner BEGIN/COMMIT only warn).
 */
export function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await pglite.query(text, values.map(toParameter));
        return { rows: result.rows as unknown[] };
      }
      if (/^\s*BEGIN\s*;/i.test(text)) {
        const results = await pglite.transaction((tx) => tx.exec(text));
        return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
      }
      const results = await pglite.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
    },
  };
}

/**
 * What a failed job keeps as its error in the queue's tables (shown in the jobs view): the
 * message only, without the query parameters drizzle appends or any e-mail address, and short.
 */
export function jobFailureMessage(error: unknown): string {
  const message = String(safeError(error).message ?? "error");
  return message.replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/gi, "[e-mail]").slice(0, 300);
}

/** A pg-boss instance with its queues, schedules and workers; one per app instance. */
export class JobQueue {
  #boss: PgBoss;
  #definitions: JobDefinition[];
  #databaseUrl: string | undefined;
  #pollingIntervalSeconds: number;
  #state: QueueState = "not started";
  /** Handlers in progress: stop() waits for them, whatever pg-boss already gave up on. */
  #inFlight = new Set<Promise<unknown>>();

  constructor(connection: QueueConnection, definitions: JobDefinition[], timing: QueueTiming = {}) {
    this.#definitions = definitions;
    this.#databaseUrl = "databaseUrl" in connection ? connection.databaseUrl : undefined;
    // Schedules run once a minute at most, so looking for new work every few seconds is plenty.
    this.#pollingIntervalSeconds = timing.pollingIntervalSeconds ?? 5;
    const common = {
      schema: JOB_SCHEMA,
      // Only when given: pg-boss refuses a key that is present but undefined.
      ...(timing.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds } : {}),
      ...(timing.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: timing.cronWorkerIntervalSeconds } : {}),
      // Failed jobs stay in the live table a week (the jobs view reads them), then in the archive.
      archiveFailedAfterSeconds: 7 * 86_400,
      deleteAfterDays: 14,
    };
    this.#boss =
      "pglite" in connection
        ? new PgBoss({ ...common, db: pgliteExecutor(connection.pglite) })
        : // A small pool of its own: a few workers poll, and the app keeps its connections.
          new PgBoss({ ...common, connectionString: connection.databaseUrl, max: 4, application_name: "ort-jobs" });
    // pg-boss reports failed polls and maintenance here; its errors name no personal data, but
    // go through the same filter as every other log line.
    this.#boss.on("error", (error) => log.error("Job queue error", error));
  }

  get state(): QueueState {
    return this.#state;
  }

  /** Installs or migrates pg-boss's schema, makes the queues and schedules, starts the workers. */
  async start(): Promise<void> {
    if (this.#state !== "not started" && this.#state !== "stopped") return;
    this.#state = "starting";
    try {
      await this.#boss.start();
      await this.#oneInstanceAtATime(async () => {
        for (const definition of this.#definitions) await this.#install(definition);
      });
      for (const definition of this.#definitions) {
        await this.#boss.work<Record<string, unknown>>(definition.name, { batchSize: 1, pollingIntervalSeconds: this.#pollingIntervalSeconds }, ([job]) =>
          this.#handle(definition, job),
        );
      }
      this.#state = "running";
      for (const definition of this.#definitions.filter((d) => d.runAtStart)) await this.send(definition.name);
    } catch (error) {
      this.#state = "stopped";
      await this.#boss.stop({ graceful: false, wait: true }).catch(() => {});
      throw error;
    }
  }

  /**
   * pg-boss makes a queue by creating a partition of its job table and attaching it: two
   * instances doing that at once deadlock on PostgreSQL (jobs-pg.test.ts found it). Instances
   * take turns under an advisory lock, held on a connection of its own (pg-boss's pool may run
   * each query on another one); it ends with that connection, also if the process dies.
   */
  async #oneInstanceAtATime(work: () => Promise<void>): Promise<void> {
    // PGlite: one session, one instance.
    if (!this.#databaseUrl) return work();
    const client = postgres(this.#databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await client`select pg_advisory_lock(${INSTALL_LOCK_KEY.toString()}::bigint)`;
      try {
        await work();
      } finally {
        await client`select pg_advisory_unlock(${INSTALL_LOCK_KEY.toString()}::bigint)`;
      }
    } finally {
      await client.end({ timeout: 5 });
    }
  }

  async #install(definition: JobDefinition): Promise<void> {
    // A recurring job is "stately": at most one run queued, one waiting for its retry and one
    // active, so a slow run never has a second one beside it and missed ticks do not pile up.
    // Jobs sent with their own data ("standard") each run, however many are queued.
    const queue: PgBoss.Queue = {
      name: definition.name,
      policy: definition.cron ? "stately" : "standard",
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds,
    };
    // Both: create is a no-op for an existing queue, and update applies changed settings.
    await this.#boss.createQueue(definition.name, queue);
    await this.#boss.updateQueue(definition.name, queue);
    if (definition.cron) await this.#boss.schedule(definition.name, definition.cron, {}, { tz: definition.timezone ?? "UTC" });
    else await this.#boss.unschedule(definition.name);
  }

  async #handle(definition: JobDefinition, job: PgBoss.Job<Record<string, unknown>> | undefined): Promise<JobOutput> {
    if (!job) return {};
    const started = Date.now();
    const run = definition.run(job.data ?? {});
    this.#inFlight.add(run);
    try {
      const output = { ...(await run), ms: Date.now() - started };
      if (Object.entries(output).some(([key, value]) => key !== "ms" && typeof value === "number" && value > 0)) {
        log.info(`Job ${definition.name} done`, output);
      }
      return output;
    } catch (error) {
      const message = jobFailureMessage(error);
      // Logged with the clean message but the original stack frames, for whoever debugs it.
      const logged = new Error(message);
      logged.stack = error instanceof Error ? error.stack : undefined;
      log.error(`Job ${definition.name} failed`, logged);
      // pg-boss stores what is thrown (serialised) as the job's output: only the clean message.
      const failure = new Error(message);
      failure.stack = undefined;
      throw failure;
    } finally {
      this.#inFlight.delete(run);
    }
  }

  /** Queues one run of a job now (a recurring one runs between its ticks too). */
  async send(name: string, data: Record<string, unknown> = {}): Promise<string | null> {
    return this.#boss.send(name, data);
  }

  /**
   * Graceful stop: no new jobs are taken, running ones may finish until `timeoutMs`; a job
   * still running then is marked failed, and another instance (or the next start) retries it.
   */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (this.#state !== "running" && this.#state !== "starting") return;
    this.#state = "stopping";
    const deadline = Date.now() + timeoutMs;
    await this.#boss.stop({ graceful: true, wait: true, close: true, timeout: timeoutMs });
    // pg-boss stops waiting for a job once it has handed it to the handler's promise race; the
    // database must stay open until our handlers really returned (or the deadline passed).
    const left = deadline - Date.now();
    if (this.#inFlight.size > 0 && left > 0) {
      await Promise.race([Promise.allSettled([...this.#inFlight]), new Promise((resolve) => setTimeout(resolve, left).unref())]);
    }
    this.#state = "stopped";
  }
}

// The process's queue (started by startServices; tests start their own instances).
let processQueue: JobQueue | undefined;

export async function startJobQueue(connection: QueueConnection, definitions: JobDefinition[]): Promise<JobQueue> {
  if (processQueue && processQueue.state !== "stopped") return processQueue;
  const queue = new JobQueue(connection, definitions);
  processQueue = queue;
  await queue.start();
  return queue;
}

export async function stopJobQueue(timeoutMs?: number): Promise<void> {
  await processQueue?.stop(timeoutMs);
}

/** The process queue's state, for /readyz. */
export function jobQueueState(): QueueState {
  return processQueue?.state ?? "not started";
}

/** For tests that start a queue of their own and want /readyz to report it. */
export function setJobQueueForTests(queue: JobQueue | undefined): void {
  processQueue = queue;
}
