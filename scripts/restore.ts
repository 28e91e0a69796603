// npm run restore -- FILE: a backup from `npm run backup` becomes the embedded database of an
// empty DATA_DIR (a non-empty one is refused). PostgreSQL dumps are restored with pg_restore.
import fs from "node:fs";
import path from "node:path";
import { restoreEmbeddedDatabase } from "../server/db/backup.server";
import { env } from "../server/env.server";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const file = process.argv[2];
try {
  if (!file) throw new Error("name the backup file: npm run restore -- /path/to/pglite-….tar.gz");
  const config = env();
  if (config.DATABASE_URL) throw new Error("DATABASE_URL is set: restore a PostgreSQL dump with pg_restore (see README)");
  await restoreEmbeddedDatabase(path.resolve(file), config.dataDir);
  console.log(`Restored ${path.resolve(file)} into ${config.dataDir}. Start the server with DATA_DIR=${config.dataDir}.`);
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
