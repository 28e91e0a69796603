import { now } from "./clock.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "./db/client.server";
import { seedDemoContentIfEmpty } from "./db/seed/index.server";
import { env } from "./env.server";
import { log } from "./log.server";
import { secrets } from "./secrets.server";

let started: Promise<DatabaseHandle> | undefined;

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
    secrets();
    const handle = config.DATABASE_URL
      ? await openDatabase({ databaseUrl: config.DATABASE_URL })
      : await openDatabase({ dataDir: config.dataDir });
    setDatabase(handle);
    log.info(`Database: ${handle.kind === "postgres" ? "PostgreSQL server" : `embedded PGlite in ${config.dataDir}`}`);
    if (config.DEMO_CONTENT) {
      const seeded = await seedDemoContentIfEmpty(handle.db, now());
      if (seeded) log.info("Seeded demo content (the database held no content yet)");
    }
    return handle;
  })();
  return started;
}
