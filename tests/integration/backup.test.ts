// @engine pglite: npm run backup/restore of the embedded database (skips itself on PostgreSQL)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { listenForBackups } from "@server/db/backup.server";
import { openDatabase, type DatabaseHandle } from "@server/db/client.server";
import { registrations } from "@server/db/schema.server";
import { insertEvent, insertRegistration } from "./admin-fixtures";

/** Runs one of the package's scripts as `npm run …` would, with the given DATA_DIR. */
function runScript(script: string, args: string[], dataDir: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

// The embedded database only: PostgreSQL servers are backed up with pg_dump (README).
describe.skipIf(Boolean(process.env.DATABASE_URL))("npm run backup / npm run restore (issue 10)", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-backup-"));
    dirs.push(dir);
    return dir;
  };
  let handle: DatabaseHandle | undefined;
  afterAll(async () => {
    await handle?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("backs up a database a running server holds, and restores it into a fresh data directory with every registration", async () => {
    // This test process plays the running server: it holds DATA_DIR's lock and answers backups.
    const dataDir = tempDir();
    handle = await openDatabase({ dataDir });
    expect(handle.pglite).toBeDefined();
    const stop = listenForBackups(handle.pglite!, dataDir);
    const event = await insertEvent(handle.db, { maxParticipants: 40 });
    for (let i = 0; i < 25; i++) await insertRegistration(handle.db, event.id, { paidCents: 25_000 });

    const backup = await runScript("scripts/backup.ts", [], dataDir);
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    const file = backup.out.trim();
    expect(path.isAbsolute(file)).toBe(true);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    // Written while the server ran: a registration made afterwards is not in it.
    await insertRegistration(handle.db, event.id, { paidCents: 25_000 });
    await stop();

    const restored = tempDir();
    fs.rmSync(restored, { recursive: true });
    const restore = await runScript("scripts/restore.ts", [file], restored);
    expect(restore.code, restore.err).toBe(0);
    const reopened = await openDatabase({ dataDir: restored });
    try {
      const [row] = await reopened.db.select({ n: count() }).from(registrations);
      expect(row.n).toBe(25);
      const names = await reopened.db.select({ reference: registrations.reference }).from(registrations);
      expect(new Set(names.map((r) => r.reference)).size).toBe(25);
    } finally {
      await reopened.close();
    }

    // Never over an existing database.
    const refused = await runScript("scripts/restore.ts", [file], restored);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/not empty/);
  }, 120_000);

  it("refuses a file that is not a backup, leaving the data directory empty", async () => {
    const bogus = path.join(tempDir(), "not-a-backup.tar.gz");
    fs.writeFileSync(bogus, "hello");
    const target = path.join(tempDir(), "data");
    const result = await runScript("scripts/restore.ts", [bogus], target);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/restore failed/);
    expect(fs.existsSync(path.join(target, "pglite"))).toBe(false);
  }, 60_000);
});
