import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { acquireDataDirLock, type DataDirLock } from "./lock.server";
import * as schema from "./schema.server";

export type Schema = typeof schema;
/** Both drivers share this type, so the rest of the code never knows which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

/** Where the committed migrations live, both from source and from the server build. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve("server/db/migrations"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "migrations"),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

export type OpenOptions =
  | { databaseUrl: string; migrate?: boolean }
  | { dataDir: string; migrate?: boolean; lock?: boolean }
  | { inMemory: true; migrate?: boolean };

/** Opens PGlite (files in DATA_DIR/pglite, or in memory) or a PostgreSQL server, and migrates. */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if ("databaseUrl" in options) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    if (shouldMigrate) await migratePostgres(db, { migrationsFolder: migrationsFolder() });
    return { db: db as unknown as Database, kind: "postgres", close: () => client.end({ timeout: 5 }) };
  }

  let lock: DataDirLock | undefined;
  let client: PGlite;
  if ("dataDir" in options) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // Two processes writing one PGlite directory corrupt it: the second one must stop first.
    if (options.lock ?? true) lock = acquireDataDirLock(options.dataDir);
    client = new PGlite(path.join(options.dataDir, "pglite"));
  } else {
    client = new PGlite();
  }
  try {
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    if (shouldMigrate) await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

// The process-wide database, set once at start (or by a test).
let current: DatabaseHandle | undefined;

export function setDatabase(handle: DatabaseHandle | undefined): void {
  current = handle;
}

export function db(): Database {
  if (!current) throw new Error("The database is not open yet");
  return current.db;
}

export function databaseKind(): DatabaseHandle["kind"] {
  if (!current) throw new Error("The database is not open yet");
  return current.kind;
}
