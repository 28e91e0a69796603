import { execFileSync } from "node:child_process";
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

/**
 * When a process started (ms since the epoch), as the system reports it: Linux's
 * /proc/<pid>/stat field 22 (clock ticks since boot; USER_HZ is 100 on every Linux ABI) plus
 * the boot time from /proc/stat, elsewhere `ps -o lstart=`. Undefined when neither answers.
 */
export function processStartedAt(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 2 (the command name, in parentheses) may hold spaces: count fields after its ")".
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[22 - 3]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync("/proc/stat", "utf8"))?.[1]);
    if (Number.isFinite(ticks) && bootSeconds > 0) return bootSeconds * 1000 + ticks * 10;
  } catch {
    // no /proc (macOS, BSD), or no such process
  }
  if (process.platform === "win32") return undefined;
  try {
    const started = execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], {
      encoding: "utf8",
      timeout: 2000,
      stdio: ["ignore", "pipe", "ignore"],
      env: { PATH: "/bin:/usr/bin", LC_ALL: "C" },
    });
    const at = Date.parse(started.trim());
    return Number.isFinite(at) ? at : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Slack for comparing start times with the lock file's time: /proc/stat's boot time is in whole
 * seconds and `ps` shows whole seconds. A holder always starts before it writes its lock.
 */
const START_TIME_SLACK_MS = 2000;

/**
 * Which live process holds the embedded database of this data directory, if any. The lock holds
 * the pid; its file time says when it was taken. A pid is reused by later processes (after a
 * reboot or a container restart it is often the same small number): a process with that pid that
 * started after the lock was written is not the one that wrote it, and the lock is stale.
 */
export function dataDirLockHolder(dataDir: string): number | undefined {
  const file = path.join(dataDir, "server.lock");
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !processIsAlive(pid)) return undefined;
    const startedAt = processStartedAt(pid);
    if (startedAt !== undefined && startedAt > fs.statSync(file).mtimeMs + START_TIME_SLACK_MS) return undefined;
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory's lock file (O_EXCL), or throws when a live process holds it.
 * A lock left by a crashed process (its pid is gone, or now names a later process) is taken over.
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
      fs.rmSync(file, { force: true }); // stale: its process is gone (or its pid was reused)
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
