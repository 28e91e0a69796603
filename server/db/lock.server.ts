import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export type DataDirLock = { release: () => void; file: string };

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Which live process holds the embedded database of this data directory, if any. */
export function dataDirLockHolder(dataDir: string): number | undefined {
  const file = path.join(dataDir, "server.lock");
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid !== process.pid && processIsAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory's lock file (O_EXCL), or throws when a live process holds it.
 * A lock left by a crashed process (its pid is gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return { release, file };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = dataDirLockHolder(dataDir);
      if (holder !== undefined) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder}). ` +
            `Stop that server first, or start this one with another DATA_DIR or with DATABASE_URL.`,
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
