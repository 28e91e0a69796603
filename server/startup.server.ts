import { liveAccessCodeProblems, syncAccessCodes } from "./access/store.server";
import { ensureConfiguredAdmin } from "./auth/users.server";
import { now } from "./clock.server";
import { listenForBackups } from "./db/backup.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "./db/client.server";
import { seedDemoContentIfEmpty } from "./db/seed/index.server";
import { env, EnvError } from "./env.server";
import { startJobQueue, stopJobQueue } from "./jobs/queue.server";
import { scheduledJobs } from "./jobs/schedule.server";
import { log } from "./log.server";
import { requireSharedSecret, secrets } from "./secrets.server";

let started: Promise<DatabaseHandle> | undefined;
let stopBackups: (() => Promise<void>) | undefined;

/**
 * How long the graceful stop lets running jobs finish: inside server.js's 20 s deadline, with
 * room left for closing the database.
 */
const JOB_STOP_TIMEOUT_MS = 15_000;

/**
 * The graceful stop's second half (after the HTTP server stopped taking requests): ends the
 * background work, waiting for runs in progress, then closes the database.
 */
export async function stopServices(): Promise<void> {
  const opened = started;
  if (!opened) return;
  await Promise.all([stopJobQueue(JOB_STOP_TIMEOUT_MS), stopBackups?.()]);
  const handle = await opened;
  setDatabase(undefined);
  await handle.close();
  started = undefined;
}

/**
 * Everything the server needs before it answers: configuration, the database (migrated),
 * generated secrets, demo content on an empty database, and the job queue.
 */
export function startServices(): Promise<DatabaseHandle> {
  started ??= (async () => {
    const config = env();
    if (config.APP_NOW) {
      log.warn(`!!! APP_NOW is set: the server's clock starts at ${config.APP_NOW} (real time ${new Date().toISOString()}) !!!`);
    }
    requireSharedSecret(config);
    secrets();
    const handle = config.DATABASE_URL
      ? await openDatabase({ databaseUrl: config.DATABASE_URL, openPool: true })
      : await openDatabase({ dataDir: config.dataDir });
    setDatabase(handle);
    // `npm run backup` asks the running server for a dump of the embedded database.
    if (handle.pglite) stopBackups = listenForBackups(handle.pglite, config.dataDir);
    log.info(`Database: ${handle.kind === "postgres" ? "PostgreSQL server" : `embedded PGlite in ${config.dataDir}`}`);
    log.info(`Uploads: ${config.uploadStorage === "database" ? "in the database" : `on disk in ${config.dataDir}/uploads`}`);
    if (handle.kind === "postgres" && config.uploadStorage === "disk") {
      // Allowed (one instance, or a shared volume), but other instances would answer 404.
      log.warn("UPLOAD_STORAGE=disk with DATABASE_URL: uploads are seen only by instances that share this DATA_DIR");
    }
    if (config.DEMO_CONTENT) {
      const seeded = await seedDemoContentIfEmpty(handle.db, now());
      if (seeded) log.info("Seeded demo content (the database held no content yet)");
    }
    // ADMIN_EMAIL + ADMIN_PASSWORD: that admin exists with that password after every start.
    await ensureConfiguredAdmin();
    // Private-page codes: ACCESS_CODE_* win, then stored (admin-rotated) codes, then the demo's.
    const codeOutcomes = await syncAccessCodes();
    if (config.SITE_MODE === "live") {
      const problems = liveAccessCodeProblems(codeOutcomes);
      if (problems.length > 0) {
        throw new EnvError(`Invalid configuration: SITE_MODE=live refuses to start until these are fixed:\n${problems.map((p) => `  ${p}`).join("\n")}`);
      }
    }
    // Background work (mail retries, hold expiry, practical information, retention) runs as
    // jobs in the database's queue (server/jobs/). Tests drive the work themselves.
    if (config.NODE_ENV !== "test") {
      // PostgreSQL: pg-boss's own small pool on DATABASE_URL; PGlite: the one client we hold.
      const connection = handle.pglite ? { pglite: handle.pglite } : config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : undefined;
      if (!connection) throw new Error("The job queue needs the database's client or DATABASE_URL");
      await startJobQueue(connection, scheduledJobs());
      log.info("Job queue running");
    }
    return handle;
  })();
  return started;
}
