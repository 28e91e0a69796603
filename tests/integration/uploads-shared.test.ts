// @engine both: uploads shared by instances through the database
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@server/db/client.server";
import { storedFiles } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { serveUpload } from "@server/storage/serve.server";
import { discardUploads, saveDocument, saveImage } from "@server/storage/uploads.server";
import { useTestDatabase } from "../support/db";
import { makePdf } from "../unit/upload-fixtures";

// Two app instances on one PostgreSQL: an upload stored through one is served by the other,
// byte for byte and with the same headers. Needs a PostgreSQL server (npm run test:pg):
// an in-memory PGlite cannot be opened twice.

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)("uploads shared by instances on one PostgreSQL", () => {
  const database = useTestDatabase();
  let second: DatabaseHandle;
  /** B's own DATA_DIR: another machine's disk, so a file kept on A's disk cannot reach B. */
  const secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-instance-b-"));
  const envOf = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: serverUrl, APP_NOW: undefined, LOG_LEVEL: "error", UPLOAD_STORAGE: undefined });

  /** Serves as instance A or B would: its own database handle and its own configuration. */
  async function serveAs(instance: "A" | "B", request: Request, bucket: string, file: string): Promise<Response> {
    setEnvForTests(envOf(instance === "A" ? database.dataDir() : secondDataDir));
    try {
      return await serveUpload(instance === "A" ? database.db() : second.db, request, bucket, file);
    } finally {
      setEnvForTests(envOf(database.dataDir()));
    }
  }

  beforeAll(async () => {
    // Instance A is the test database's handle; instance B opens the same database on its own
    // connection pool, as a second process would.
    const [{ name }] = (await database.db().execute(sql`select current_database() as name`)) as unknown as { name: string }[];
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    second = await openDatabase({ databaseUrl: url.toString(), migrate: false });
    setEnvForTests(envOf(database.dataDir()));
  });

  afterAll(async () => {
    await second?.close();
    fs.rmSync(secondDataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method = "GET") => new Request(`http://localhost${url}`, { method, headers });
  const parts = (url: string) => url.split("/").slice(2) as [string, string];

  async function compare(url: string) {
    const [bucket, file] = parts(url);
    const fromA = await serveAs("A", get(url), bucket, file);
    const fromB = await serveAs("B", get(url), bucket, file);
    expect(fromA.status, url).toBe(200);
    expect(fromB.status, url).toBe(200);
    expect(Object.fromEntries(fromB.headers)).toEqual(Object.fromEntries(fromA.headers));
    const [bytesA, bytesB] = [Buffer.from(await fromA.arrayBuffer()), Buffer.from(await fromB.arrayBuffer())];
    expect(bytesB.length).toBeGreaterThan(0);
    expect(bytesB.equals(bytesA)).toBe(true);
    return { headers: fromB.headers, bytes: bytesB };
  }

  it("serves an image stored through A from B, byte-identical, with the same headers and ETag", async () => {
    const jpeg = await sharp({ create: { width: 1400, height: 800, channels: 3, background: "#14608c" } }).jpeg().toBuffer();
    const saved = await saveImage(database.db(), new File([new Uint8Array(jpeg)], "haven.jpg", { type: "image/jpeg" }), "admin@example.com");
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const { upload, url } = saved.value;

    // Every variant (AVIF and WebP, every width) is there for B, not only the default one.
    expect(upload.variants.length).toBe(6);
    for (const variant of upload.variants) {
      const { headers, bytes } = await compare(`/uploads/blog-images/${variant.file}`);
      expect(headers.get("content-type")).toBe(variant.format === "avif" ? "image/avif" : "image/webp");
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(headers.get("content-length")).toBe(String(bytes.length));
      expect((await sharp(bytes).metadata()).width).toBe(variant.width);
    }

    // B revalidates with A's ETag (a browser moving between instances) and answers HEAD.
    const [bucket, file] = parts(url);
    const etag = (await serveAs("A", get(url), bucket, file)).headers.get("etag")!;
    const revalidated = await serveAs("B", get(url, { "if-none-match": etag }), bucket, file);
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
    const head = await serveAs("B", get(url, {}, "HEAD"), bucket, file);
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);

    // Nothing went to either instance's disk.
    expect(fs.existsSync(path.join(database.dataDir(), "uploads"))).toBe(false);
    expect(fs.existsSync(path.join(secondDataDir, "uploads"))).toBe(false);

    // Removed through A: gone for B as well.
    await discardUploads(database.db(), [upload]);
    expect((await serveAs("B", get(url), bucket, file)).status).toBe(404);
    expect(await second.db.$count(storedFiles)).toBe(0);
  });

  it("serves a document stored through A from B with its name and type", async () => {
    const saved = await saveDocument(database.db(), new File([new Uint8Array(makePdf("Programma"))], "Programma ARC 2026.pdf", { type: "application/pdf" }), null);
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const { headers, bytes } = await compare(saved.value.url);
    expect(headers.get("content-type")).toBe("application/pdf");
    expect(headers.get("content-disposition")).toMatch(/^inline; filename="Programma ARC 2026.pdf"/);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.equals(makePdf("Programma"))).toBe(true);
  });

  it("answers 404 on B for unknown and foreign names", async () => {
    for (const [bucket, file] of [
      ["documents", "1735689600000-0123456789abcdef.pdf"],
      ["documents", "../secret.txt"],
      ["blog-images", "1735689600000-0123456789abcdef.pdf"],
    ]) {
      expect((await serveAs("B", get(`/uploads/${bucket}/x`), bucket, file)).status, `${bucket}/${file}`).toBe(404);
    }
  });
});
