import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { log } from "../log.server";
import { dataDirLockHolder } from "./lock.server";

/**
 * Backups of the embedded database (`npm run backup`, `npm run restore -- FILE`).
 *
 * PGlite lives inside the server process and only that process may open its files, so while a
 * server runs the backup is made *by the server*: it listens on a Unix socket in DATA_DIR (only
 * users who can read DATA_DIR can reach it), and the backup command asks there. Without a
 * running server the command opens the database itself. Either way the dump is PGlite's own
 * `dumpDataDir()` after a CHECKPOINT, taken under PGlite's query lock: a copy of the data
 * directory that PostgreSQL opens as after a clean stop (its WAL makes it consistent).
 * On a PostgreSQL server, backups are pg_dump's job (see the README).
 */

export const BACKUP_SOCKET = "backup.sock";

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, "backups");
}

function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `pglite-${stamp}-${process.pid}.tar.gz`;
}

/** Writes a dump of an open PGlite to DATA_DIR/backups and returns its absolute path. */
export async function dumpPglite(client: PGlite, dataDir: string): Promise<string> {
  await client.exec("CHECKPOINT");
  const dump = await client.dumpDataDir("gzip");
  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.resolve(dir, backupFileName(new Date()));
  // Written under a temporary name first, so a half-written file is never taken for a backup.
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  fs.renameSync(partial, file);
  return file;
}

/**
 * The running server's side: answers "backup" on DATA_DIR/backup.sock with the path of a fresh
 * dump (or "error: …"). Returns a function that stops listening.
 */
export function listenForBackups(client: PGlite, dataDir: string): () => Promise<void> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  // A socket file left by a crashed server would make listen() fail; this process holds the
  // data directory's lock, so no other server can be using it.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    socket.setTimeout(120_000, () => socket.destroy());
    socket.once("data", (request: string) => {
      if (request.trim() !== "backup") {
        socket.end("error: unknown request\n");
        return;
      }
      dumpPglite(client, dataDir).then(
        (file) => {
          log.info(`Backup written: ${file}`);
          socket.end(`${file}\n`);
        },
        (error: unknown) => {
          log.error("Backup failed", error);
          socket.end(`error: ${error instanceof Error ? error.message : "backup failed"}\n`);
        },
      );
    });
  });
  server.on("error", (error) => log.warn(`Backups through ${socketPath} are not available: ${error.message}`));
  server.listen(socketPath, () => {
    try {
      fs.chmodSync(socketPath, 0o600);
    } catch {
      // the directory's own permissions still apply
    }
  });
  server.unref();
  return () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** Asks the running server for a backup; resolves with the file's path. */
function requestBackupFromServer(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(path.join(dataDir, BACKUP_SOCKET));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write("backup\n"));
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", (error) => reject(new Error(`The running server did not answer on ${BACKUP_SOCKET}: ${error.message}`)));
    socket.on("end", () => {
      const line = answer.trim();
      if (line.startsWith("error:") || line === "") reject(new Error(`The server could not make the backup (${line || "no answer"})`));
      else resolve(line);
    });
  });
}

/**
 * `npm run backup`: a dump of the embedded database in DATA_DIR, made by the running server or,
 * when none runs, by opening the database here. Resolves with the absolute path of the file.
 */
export async function backupEmbeddedDatabase(dataDir: string): Promise<string> {
  if (!fs.existsSync(path.join(dataDir, "pglite"))) throw new Error(`There is no embedded database in ${dataDir}`);
  if (dataDirLockHolder(dataDir) !== undefined) return requestBackupFromServer(dataDir);
  const { acquireDataDirLock } = await import("./lock.server");
  const lock = acquireDataDirLock(dataDir);
  const client = new PGlite(path.join(dataDir, "pglite"));
  try {
    await client.waitReady;
    return await dumpPglite(client, dataDir);
  } finally {
    await client.close();
    lock.release();
  }
}

/**
 * `npm run restore -- FILE`: the dump becomes the embedded database of an empty DATA_DIR.
 * Refuses a data directory that holds anything, so a restore never overwrites a database.
 */
export async function restoreEmbeddedDatabase(file: string, dataDir: string): Promise<void> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new Error(`No backup file at ${file}`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore only into an empty DATA_DIR (a new folder), so nothing is overwritten`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const blob = new Blob([fs.readFileSync(file)]);
  const client = new PGlite(path.join(dataDir, "pglite"), { loadDataDir: blob });
  try {
    await client.waitReady;
    // A dump that is not a database fails here rather than at the next start.
    await client.query("select 1");
  } catch (error) {
    await client.close().catch(() => {});
    fs.rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
    throw new Error(`${file} is not a backup of the embedded database (${error instanceof Error ? error.message : String(error)})`);
  }
  await client.close();
}
