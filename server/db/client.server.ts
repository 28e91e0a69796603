import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { count, type ExtractTablesWithRelations, type SQL } from "drizzle-orm";
import { pgSchema, serial, text } from "drizzle-orm/pg-core";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { acquireDataDirLock, type DataDirLock } from "./lock.server";
import { LOCK_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from "./timeouts.server";
import * as schema from "./schema.server";

export type Schema = typeof schema;
/** Both drivers share this type, so the rest of the code never knows which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Database | Transaction;

/** The rows of a raw query on either driver: postgres-js answers them as an array, PGlite as `{ rows }`. */
export async function executeRows<T>(database: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await database.execute(query)) as unknown;
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const preparedStatements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement built once per database and reused with new parameters (`sql.placeholder`):
 * building a query through Drizzle costs more CPU than PostgreSQL needs to run a simple one,
 * which shows on the busiest paths (a registration burst, issue 13). Also what such a
 * statement is run through, kept as long as the database (a `batchedWrites` queue, decision 028).
 * Per database, as tests open several.
 */
export function preparedStatement<T>(database: Database, name: string, build: (database: Database) => T): T {
  let statements = preparedStatements.get(database);
  if (!statements) preparedStatements.set(database, (statements = new Map()));
  if (!statements.has(name)) statements.set(name, build(database));
  return statements.get(name) as T;
}

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** The embedded database's client, when this process holds DATA_DIR (backups are made through it). */
  pglite?: PGlite;
  /** The embedded database's client, on disk or in memory: only this process reaches it. */
  embedded?: PGlite;
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

/** The database could not be reached or opened at start: a message for people, no stack. */
export class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
}

/** Errors that mean "no usable connection" rather than a fault in a query or a migration. */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED",
  // PostgreSQL: wrong password or user, no such database, server starting or shutting down.
  "28P01", "28000", "3D000", "57P03", "53300",
]);

/** Where DATABASE_URL points, for people: host, port and database, never the user or password. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || "localhost"}:${url.port || "5432"}${url.pathname.length > 1 ? url.pathname : ""}`;
  } catch {
    return "the server in DATABASE_URL";
  }
}

function unreachable(thrown: unknown, databaseUrl: string): DatabaseUnreachableError | undefined {
  // Drizzle wraps the driver's error (as `cause`) in its own query error.
  let error = thrown;
  for (let depth = 0; depth < 5 && error instanceof Error; depth++) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) break;
    error = error.cause;
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string" || !CONNECTION_ERROR_CODES.has(code)) return undefined;
  // PostgreSQL's own messages ("password authentication failed for user …") name no secret;
  // network errors name the address, which we print ourselves.
  const reason = /^[0-9A-Z]{5}$/.test(code) && error instanceof Error ? `${error.message} (${code})` : code;
  return new DatabaseUnreachableError(
    `Could not reach the PostgreSQL database at ${describeDatabaseUrl(databaseUrl)}: ${reason}. ` +
      `Check DATABASE_URL and that the database server is running.`,
  );
}

/** pg_advisory_lock key of the migrations ("ORTMIGRT" as a number): one instance migrates at a time. */
const MIGRATION_LOCK_KEY = 0x4f52544d49475254n;

/**
 * Several instances may start together on one PostgreSQL: each takes the advisory lock on a
 * connection of its own before migrating, so one migrates and the others wait, then find
 * nothing left to do. The lock ends with that connection, also when the process dies.
 * On connections of their own, without the pool's timeouts: waiting for another instance's
 * migration, or a migration's long statement, is no fault.
 */
async function migrateUnderLock(databaseUrl: string): Promise<void> {
  const client = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const reserved = await client.reserve();
    try {
      await reserved`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
      try {
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await reserved`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
      }
    } finally {
      reserved.release();
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Connections per instance to a PostgreSQL server (several instances share its max_connections). */
export const POOL_SIZE = 10;

export type OpenOptions =
  /**
   * `openPool`: open every pooled connection now (the server does; tests don't), so the first
   * burst after a start does not pay for nine connection handshakes and type lookups while
   * visitors wait (a registration burst, issue 13).
   */
  | { databaseUrl: string; migrate?: boolean; openPool?: boolean }
  | { dataDir: string; migrate?: boolean; lock?: boolean }
  /**
   * `template`: a data directory written by PGlite's `dumpDataDir()` to start from instead of an
   * empty database (the tests' migrated copy: ~0.9 s instead of ~3 s for a new, migrated one).
   */
  | { inMemory: true; migrate?: boolean; template?: Blob };

/**
 * The embedded database's buffer cache: 32 MB instead of PostgreSQL's 128 MB. PGlite keeps it in
 * the process's WebAssembly memory, which never shrinks, so the default grew the server's memory
 * by up to ~100 MB for pages the operating system's file cache holds anyway; a site's database
 * (the demo, or 1,000 articles and events) fits in 32 MB (decision 029).
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"] };

/**
 * A new embedded data directory is created by PGlite's initdb in a short-lived child process,
 * then opened here like any existing one. Run in this process, initdb left its own copy of the
 * database engine alive beside the one that serves (a 189 MB WebAssembly memory and the compiled
 * module: ~330 MB resident after the first start against ~190 MB after a restart; decision 034).
 * Written to a sibling directory and renamed when complete, so a failed run leaves no half-made
 * data directory behind.
 */
async function initializeDataDir(pgDir: string): Promise<void> {
  if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
    throw new Error(`Could not create the embedded database in ${pgDir}: the folder holds files but no database (no PG_VERSION); move them away or choose another DATA_DIR`);
  }
  const building = `${pgDir}.init-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const script = `const { PGlite } = await import(process.argv[1]);
const db = new PGlite(process.argv[2], { startParams: JSON.parse(process.argv[3]) });
await db.waitReady;
await db.close();`;
  try {
    await promisify(execFile)(
      process.execPath,
      ["--input-type=module", "-e", script, import.meta.resolve("@electric-sql/pglite"), building, JSON.stringify(PGLITE_OPTIONS.startParams)],
      { timeout: 120_000, maxBuffer: 1024 * 1024 },
    );
    fs.rmSync(pgDir, { recursive: true, force: true }); // an empty folder, if any
    fs.renameSync(building, pgDir);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${pgDir}${stderr ? `: ${stderr.slice(-500)}` : ""}`, { cause: error });
  }
}

/** Opens PGlite (files in DATA_DIR/pglite, or in memory) or a PostgreSQL server, and migrates. */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if ("databaseUrl" in options) {
    // The timeouts are the connections' own settings, sent when each opens: no statement, and no
    // registration under its event's lock, pays a round trip for a `set`.
    const client = postgres(options.databaseUrl, {
      max: POOL_SIZE,
      onnotice: () => {},
      connection: { lock_timeout: LOCK_TIMEOUT_MS, statement_timeout: STATEMENT_TIMEOUT_MS },
    });
    const db = drizzlePostgres(client, { schema });
    try {
      // The first query opens the first connection: a server that is down fails here.
      if (shouldMigrate) await migrateUnderLock(options.databaseUrl);
      await client`select 1`;
      if (options.openPool) await Promise.all(Array.from({ length: POOL_SIZE }, () => client`select pg_sleep(0.02)`));
    } catch (error) {
      await client.end({ timeout: 1 }).catch(() => {});
      throw unreachable(error, options.databaseUrl) ?? error;
    }
    return { db: db as unknown as Database, kind: "postgres", close: () => client.end({ timeout: 5 }) };
  }

  let lock: DataDirLock | undefined;
  let client: PGlite;
  if ("dataDir" in options) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // Two processes writing one PGlite directory corrupt it: the second one must stop first.
    if (options.lock ?? true) lock = acquireDataDirLock(options.dataDir);
    const pgDir = path.join(options.dataDir, "pglite");
    try {
      if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) await initializeDataDir(pgDir);
    } catch (error) {
      lock?.release();
      throw error;
    }
    client = new PGlite(pgDir, PGLITE_OPTIONS);
  } else {
    client = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: options.template });
  }
  try {
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    if (shouldMigrate) await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      pglite: lock ? client : undefined,
      embedded: client,
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

/** Drizzle's own record of applied migrations (not part of our schema, so not in schema.server). */
const appliedMigrations = pgSchema("drizzle").table("__drizzle_migrations", { id: serial("id").primaryKey(), hash: text("hash").notNull() });

/** How many committed migrations the database has not applied (for /readyz). */
export async function pendingMigrationCount(database: Database): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  const [row] = await database.select({ n: count() }).from(appliedMigrations);
  return Math.max(0, journal.entries.length - row.n);
}

// The process-wide database, set once at start (or by a test).
let current: DatabaseHandle | undefined;

export function setDatabase(handle: DatabaseHandle | undefined): void {
  current = handle;
}

/**
 * The embedded database's client when the open database is PGlite (then every commit to it is
 * made by this process); undefined on PostgreSQL.
 */
export function embeddedClient(): PGlite | undefined {
  return current?.embedded;
}

export function db(): Database {
  if (!current) throw new Error("The database is not open yet");
  return current.db;
}
