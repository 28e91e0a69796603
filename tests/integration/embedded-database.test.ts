// @engine pglite: the embedded database's own settings (skips itself on PostgreSQL)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { executeRows, openDatabase } from "@server/db/client.server";

// The embedded database keeps its buffer cache in WebAssembly memory that never shrinks: it runs
// with 32 MB of shared buffers, not PostgreSQL's 128 MB (decision 029), on a new data directory
// and on one opened again. PGlite only, so once (not again in the PostgreSQL run).
describe.skipIf(Boolean(process.env.DATABASE_URL))("the embedded database", () => {
  it("runs with 32 MB of shared buffers, in a data directory new or opened again, and in memory", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-embedded-"));
    const sharedBuffers = async (options: Parameters<typeof openDatabase>[0]) => {
      const handle = await openDatabase(options);
      try {
        const [row] = await executeRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
        return row.shared_buffers;
      } finally {
        await handle.close();
      }
    };
    try {
      expect(await sharedBuffers({ dataDir })).toBe("32MB");
      expect(await sharedBuffers({ dataDir })).toBe("32MB");
      expect(await sharedBuffers({ inMemory: true })).toBe("32MB");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("is created by initdb in a child process: this process holds one database engine, not the first one's too", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-embedded-"));
    try {
      const before = process.memoryUsage().external;
      const handle = await openDatabase({ dataDir, migrate: false });
      try {
        // PGlite's engine here: its WebAssembly memory and compiled module, ~140 MB. initdb in this
        // process left a second, ~560 MB together (decision 034).
        expect((process.memoryUsage().external - before) / 1024 / 1024).toBeLessThan(300);
        const [row] = await executeRows<{ n: number }>(handle.db, sql`select 1 as n`);
        expect(row.n).toBe(1);
      } finally {
        await handle.close();
      }
      expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
      expect(fs.readdirSync(dataDir).filter((name) => name.includes(".init-"))).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a data directory it cannot make sense of, changing nothing in it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-embedded-"));
    try {
      // Files where the database belongs, but no database: not overwritten, not half-filled.
      fs.mkdirSync(path.join(dataDir, "pglite"));
      fs.writeFileSync(path.join(dataDir, "pglite", "notes.txt"), "mine");
      await expect(openDatabase({ dataDir, migrate: false })).rejects.toThrow(/Could not create the embedded database/);
      expect(fs.readdirSync(path.join(dataDir, "pglite"))).toEqual(["notes.txt"]);
      expect(fs.readdirSync(dataDir).filter((name) => name.includes(".init-"))).toEqual([]);
      // The directory's lock was let go: opening it again gets the same answer, not "in use".
      await expect(openDatabase({ dataDir, migrate: false })).rejects.toThrow(/Could not create the embedded database/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
