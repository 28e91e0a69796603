import { startPracticalInfoScheduler, stopPracticalInfoScheduler } from "./access/practical-info.server";
import { startHoldExpirySweep, stopHoldExpirySweep } from "./booking/holds.server";
import { liveAccessCodeProblems, syncAccessCodes } from "./access/store.server";
import { ensureConfiguredAdmin } from "./auth/users.server";
import { now } from "./clock.server";
import { listenForBackups } from "./db/backup.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "./db/client.server";
import { seedDemoContentIfEmpty } from "./db/seed/index.server";
import { env, EnvError } from "./env.server";
import { log } from "./log.server";
import { startEmailRetryWorker, stopEmailRetryWorker } from "./mail/worker.server";
import { startRetentionSweep, stopRetentionSweep } from "./privacy/retention.server";
import { requireSharedSecret, secrets } from "./secrets.server";

let started: Promise<DatabaseHandle> | undefined;
let stopBackups: (() => Promise<void>) | undefined;
let workersRunning = false;

/** Whether the background work is running (for /readyz). */
export function backgroundWorkRunning(): boolean {
  return workersRunning;
}

/**
 * The graceful stop's second half (after the HTTP server stopped taking requests): ends the
 * background work, waiting for runs in progress, then closes the database.
 */
export async function stopServices(): Promise<void> {
  const opened = started;
  if (!opened) return;
  workersRunning = false;
  await Promise.all([stopEmailRetryWorker(), stopPracticalInfoScheduler(), stopHoldExpirySweep(), stopRetentionSweep(), stopBackups?.()]);
  const handle = await opened;
  setDatabase(undefined);
  await handle.close();
  started = undefined;
}

/**
 * Everything the server needs before it answers: configuration, the database (migrated),
 * generated secrets, demo content on an empty database, and the background workers.
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
      ? await openDatabase({ databaseUrl: config.DATABASE_URL })
      : await openDatabase({ dataDir: config.dataDir });
    setDatabase(handle);
    // `npm run backup` asks the running server for a dump of the embedded database.
    if (handle.pglite) stopBackups = listenForBackups(handle.pglite, config.dataDir);
    log.info(`Database: ${handle.kind === "postgres" ? "PostgreSQL server" : `embedded PGlite in ${config.dataDir}`}`);
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
    // Background work; tests drive it themselves.
    if (config.NODE_ENV !== "test") {
      // Queued and failed e-mails are delivered with backoff.
      startEmailRetryWorker();
      startPracticalInfoScheduler();
      // Unpaid holds lapse; the sweep marks them (capacity already ignores them).
      startHoldExpirySweep();
      // Erases what the privacy policy says we no longer keep (safety data, old interest, mail log).
      startRetentionSweep();
      workersRunning = true;
    }
    return handle;
  })();
  return started;
}
