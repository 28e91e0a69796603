import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, dataDirLockHolder, processStartedAt } from "@server/db/lock.server";

describe("data directory lock", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("refuses a second holder while a live process has it", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    try {
      fs.writeFileSync(path.join(dir, "server.lock"), String(child.pid));
      expect(dataDirLockHolder(dir)).toBe(child.pid);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process/);
    } finally {
      child.kill();
    }
  });

  it("takes over a lock whose process is gone, and releases it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "server.lock"), "999999999");
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.file, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
  });
});

describe("data directory lock whose pid was reused", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("takes over a lock older than the live process that now has its pid", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-lock-"));
    dirs.push(dir);
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    try {
      // A server wrote this lock an hour ago and died; its pid now belongs to `child`.
      const file = path.join(dir, "server.lock");
      fs.writeFileSync(file, String(child.pid));
      const anHourAgo = new Date(Date.now() - 3_600_000);
      fs.utimesSync(file, anHourAgo, anHourAgo);
      expect(processStartedAt(child.pid!)).toBeGreaterThan(anHourAgo.getTime());
      expect(dataDirLockHolder(dir)).toBeUndefined();
      const lock = acquireDataDirLock(dir);
      expect(fs.readFileSync(lock.file, "utf8")).toBe(String(process.pid));
      lock.release();
    } finally {
      child.kill();
    }
  });

  it("knows when a process started", () => {
    const started = processStartedAt(process.pid);
    expect(started).toBeLessThanOrEqual(Date.now());
    expect(started).toBeGreaterThan(Date.now() - 3_600_000);
  });
});
