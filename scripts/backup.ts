// npm run backup: a consistent dump of the embedded database (also while the server runs);
// prints the file's absolute path. With DATABASE_URL it runs pg_dump instead.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { backupEmbeddedDatabase, backupsDir } from "../server/db/backup.server";
import { env } from "../server/env.server";

// The same .env the server reads; real environment variables win over it.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

try {
  const config = env();
  if (config.DATABASE_URL) {
    // A PostgreSQL server: pg_dump's custom format, restorable with pg_restore (see README).
    const dir = backupsDir(config.dataDir);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.resolve(dir, `postgres-${new Date().toISOString().replace(/[-:]/g, "").slice(0, 15)}.dump`);
    const result = spawnSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, config.DATABASE_URL], { stdio: ["ignore", "inherit", "inherit"] });
    if (result.error) throw new Error(`pg_dump could not be run (${result.error.message}); install the PostgreSQL client tools`);
    if (result.status !== 0) throw new Error(`pg_dump stopped with exit code ${result.status}`);
    console.log(file);
  } else {
    console.log(await backupEmbeddedDatabase(config.dataDir));
  }
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
