import cronParser from "cron-parser";
import { sql } from "drizzle-orm";
import { executeRows, type DbOrTx } from "../db/client.server";
import { JOB_SCHEMA, type JobDefinition } from "./queue.server";

export type JobRunState = "completed" | "failed" | "retry" | "active" | "created" | "cancelled";

export type JobFailure = {
  id: string;
  name: string;
  /** failed: no retries left; retry: waiting for its next attempt. */
  state: "failed" | "retry";
  at: string;
  attempt: number;
  message: string;
};

export type JobOverview = {
  name: string;
  cron: string | null;
  timezone: string;
  retryLimit: number;
  /** The schedule's next tick (null for jobs that are only sent). */
  nextRunAt: string | null;
  lastRun: { state: JobRunState; at: string; output: Record<string, unknown> | null } | null;
  queued: number;
  active: number;
  /** Failed for good (no retries left) within the last 7 days. */
  failed: number;
};

export type JobsOverview = { installed: boolean; jobs: JobOverview[]; failures: JobFailure[] };

const schema = sql.identifier(JOB_SCHEMA);
const DAY_MS = 86_400_000;

function iso(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}

function nextTick(cron: string, timezone: string, from: Date): string | null {
  try {
    return cronParser.parseExpression(cron, { tz: timezone, currentDate: from }).next().toDate().toISOString();
  } catch {
    return null;
  }
}

/**
 * What the admin's jobs view shows, read from pg-boss's tables (live and archived jobs): per
 * job its schedule, last run and result, next run and counts, and the recent failures with their
 * error message (the queue stores only a cleaned message, see jobFailureMessage). Works from
 * any instance, also one whose own queue is not running.
 */
export async function jobsOverview(database: DbOrTx, definitions: JobDefinition[], at: Date, failureLimit = 20): Promise<JobsOverview> {
  const empty = definitions.map<JobOverview>((d) => ({
    name: d.name,
    cron: d.cron ?? null,
    timezone: d.timezone ?? "UTC",
    retryLimit: d.retryLimit,
    nextRunAt: d.cron ? nextTick(d.cron, d.timezone ?? "UTC", at) : null,
    lastRun: null,
    queued: 0,
    active: 0,
    failed: 0,
  }));
  const [installed] = await executeRows<{ name: string | null }>(database, sql`select to_regclass(${`${JOB_SCHEMA}.version`})::text as name`);
  if (!installed?.name) return { installed: false, jobs: empty, failures: [] };

  const names = definitions.map((d) => d.name);
  const nameList = sql.join(names.map((n) => sql`${n}`), sql`, `);
  const weekAgo = new Date(at.getTime() - 7 * DAY_MS);
  // Finished jobs move from the live table to the archive after a while: read both.
  const finished = sql`(
    select id, name, state::text as state, retry_count, started_on, completed_on, output from ${schema}.job where name in (${nameList})
    union all
    select id, name, state::text as state, retry_count, started_on, completed_on, output from ${schema}.archive where name in (${nameList})
  ) as runs`;

  const counts = await executeRows<{ name: string; state: string; n: number }>(
    database,
    sql`select name, state::text as state, count(*)::int as n from ${schema}.job where name in (${nameList}) and state in ('created', 'retry', 'active') group by name, state`,
  );
  const failedCounts = await executeRows<{ name: string; n: number }>(
    database,
    sql`select name, count(*)::int as n from ${finished} where state = 'failed' and completed_on >= ${weekAgo.toISOString()}::timestamptz group by name`,
  );
  const lastRuns = await executeRows<{ name: string; state: JobRunState; completed_on: string | Date; output: Record<string, unknown> | null }>(
    database,
    sql`select distinct on (name) name, state, completed_on, output from ${finished}
        where state in ('completed', 'failed') order by name, completed_on desc`,
  );
  const failures = await executeRows<{ id: string; name: string; state: "failed" | "retry"; at: string | Date; retry_count: number; output: { message?: unknown } | null }>(
    database,
    sql`select id::text as id, name, state, coalesce(completed_on, started_on) as at, retry_count, output from ${finished}
        where state in ('failed', 'retry') and coalesce(completed_on, started_on) is not null
        order by coalesce(completed_on, started_on) desc limit ${failureLimit}`,
  );

  const jobs = empty.map((job) => {
    const count = (state: string) => counts.find((c) => c.name === job.name && c.state === state)?.n ?? 0;
    const last = lastRuns.find((r) => r.name === job.name);
    return {
      ...job,
      queued: count("created") + count("retry"),
      active: count("active"),
      failed: failedCounts.find((c) => c.name === job.name)?.n ?? 0,
      lastRun: last ? { state: last.state, at: iso(last.completed_on), output: last.output } : null,
    };
  });
  return {
    installed: true,
    jobs,
    failures: failures.map((f) => ({
      id: f.id,
      name: f.name,
      state: f.state,
      at: iso(f.at),
      // retry_count counts the retries before this attempt: the first attempt is 1.
      attempt: Number(f.retry_count) + 1,
      message: typeof f.output?.message === "string" ? f.output.message : "",
    })),
  };
}
