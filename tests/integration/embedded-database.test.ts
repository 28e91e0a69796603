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
});
