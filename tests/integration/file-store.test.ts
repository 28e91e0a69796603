// @engine both: uploads stored as bytea in the database: driver types
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFiles } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import {
  DatabaseFileStore,
  DiskFileStore,
  fileStore,
  readStoredFile,
  StoredFileExistsError,
  StoredFileKeyError,
  type FileStore,
} from "@server/storage/file-store.server";
import type { Bucket } from "@server/storage/files.server";
import { useTestDatabase } from "../support/db";

// One contract, two stores: whatever an upload does must behave the same on disk and in the
// database. Runs on PGlite and (npm run test:pg) on PostgreSQL.

describe("file stores", () => {
  const database = useTestDatabase();
  const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), "ort-file-store-"));
  afterAll(() => fs.rmSync(diskRoot, { recursive: true, force: true }));

  /** A stored-file name as uploads.server makes them: "<timestamp>-<16 hex>[-<width>].<ext>". */
  const nameOf = (ext: string, width?: number) => `${Date.now()}-${crypto.randomBytes(8).toString("hex")}${width ? `-${width}` : ""}.${ext}`;
  const random = (size: number) => crypto.randomBytes(size);

  const stores: [string, () => FileStore][] = [
    ["disk", () => new DiskFileStore(path.join(diskRoot, "uploads"))],
    ["database", () => new DatabaseFileStore(database.db())],
  ];

  describe.each(stores)("the %s file store", (kind, makeStore) => {
    let store: FileStore;
    beforeAll(() => {
      store = makeStore();
    });

    it("is the kind it says", () => {
      expect(store.kind).toBe(kind);
    });

    it("gives back exactly the bytes it was given, with size, type and time", async () => {
      const name = nameOf("webp", 640);
      const bytes = random(200_000);
      const before = Date.now();
      await store.put("blog-images", name, bytes);
      const read = await readStoredFile(store, "blog-images", name);
      expect(read?.equals(bytes)).toBe(true);
      const info = await store.stat("blog-images", name);
      expect(info).toMatchObject({ size: bytes.length, contentType: "image/webp" });
      // Seconds resolution is what Last-Modified carries; allow for clocks and file systems.
      expect(Math.abs(info!.modifiedAt.getTime() - before)).toBeLessThan(60_000);
      const got = await store.get("blog-images", name);
      expect(got?.info).toEqual(info);
      await got?.body.cancel();
    });

    it("stores empty files and every document type with its own content type", async () => {
      const cases: [string, string][] = [
        ["pdf", "application/pdf"],
        ["doc", "application/msword"],
        ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ];
      for (const [ext, type] of cases) {
        const name = nameOf(ext);
        await store.put("documents", name, Buffer.alloc(0));
        expect(await store.stat("documents", name)).toMatchObject({ size: 0, contentType: type });
        expect((await readStoredFile(store, "documents", name))?.length).toBe(0);
      }
      const avif = nameOf("avif", 1280);
      await store.put("blog-images", avif, random(10));
      expect((await store.stat("blog-images", avif))?.contentType).toBe("image/avif");
    });

    it("refuses to overwrite a stored name, and keeps the first bytes", async () => {
      const name = nameOf("pdf");
      const first = random(1000);
      await store.put("documents", name, first);
      await expect(store.put("documents", name, random(2000))).rejects.toBeInstanceOf(StoredFileExistsError);
      expect((await readStoredFile(store, "documents", name))?.equals(first)).toBe(true);
      // The same name in the other bucket is another file (a name is unique per bucket).
      expect(await store.stat("blog-images", name)).toBeUndefined();
    });

    it("deletes files, ignores names it does not hold, and lists what is left in order", async () => {
      const bucket: Bucket = "blog-images";
      const stem = `${Date.now() + 1}-${crypto.randomBytes(8).toString("hex")}`;
      const names = [`${stem}-640.avif`, `${stem}-640.webp`, `${stem}-1280.webp`];
      for (const name of names) await store.put(bucket, name, random(50));
      const listed = await store.list(bucket);
      expect(listed).toEqual(expect.arrayContaining(names));
      expect(listed).toEqual([...listed].sort());

      await store.delete(bucket, [names[0], names[1], nameOf("webp", 640)]);
      expect(await store.stat(bucket, names[0])).toBeUndefined();
      expect(await store.get(bucket, names[1])).toBeUndefined();
      expect(await readStoredFile(store, bucket, names[2])).toBeDefined();
      const after = await store.list(bucket);
      expect(after).toContain(names[2]);
      expect(after).not.toContain(names[0]);
      expect(after).not.toContain(names[1]);
      await store.delete(bucket, []);
    });

    it("knows nothing of unknown keys", async () => {
      const unknown = nameOf("pdf");
      expect(await store.stat("documents", unknown)).toBeUndefined();
      expect(await store.get("documents", unknown)).toBeUndefined();
      expect(await readStoredFile(store, "documents", unknown)).toBeUndefined();
    });

    it("refuses keys it did not make: traversal, foreign names, wrong buckets and extensions", async () => {
      // A file a traversal would reach if a name were ever used as a path.
      const secret = path.join(diskRoot, "uploads", "secret.txt");
      fs.mkdirSync(path.dirname(secret), { recursive: true });
      fs.writeFileSync(secret, "geheim");
      const bad: [string, string][] = [
        ["documents", "../secret.txt"],
        ["documents", "..%2Fsecret.txt"],
        ["documents", "../../etc/passwd"],
        ["documents", `../documents/${nameOf("pdf")}`],
        ["documents", "/etc/passwd"],
        ["documents", "secret.txt"],
        ["documents", `${nameOf("pdf")}\0.txt`],
        ["documents", nameOf("webp", 640)],
        ["blog-images", nameOf("pdf")],
        ["private", nameOf("pdf")],
        ["..", nameOf("pdf")],
        ["", ""],
      ];
      for (const [bucket, name] of bad) {
        expect(await store.stat(bucket, name), `${bucket}/${name}`).toBeUndefined();
        expect(await store.get(bucket, name), `${bucket}/${name}`).toBeUndefined();
        await expect(store.put(bucket as Bucket, name, Buffer.from("x")), `${bucket}/${name}`).rejects.toBeInstanceOf(StoredFileKeyError);
        await expect(store.delete(bucket as Bucket, [name]), `${bucket}/${name}`).rejects.toBeInstanceOf(StoredFileKeyError);
      }
      expect(fs.readFileSync(secret, "utf8")).toBe("geheim");
      // Nothing was written anywhere by the refused puts.
      expect(await store.list("documents")).not.toContain("secret.txt");
      expect((await store.list("documents")).every((name) => /^\d+-[0-9a-f]{16}(-\d+)?\.(pdf|docx?)$/.test(name))).toBe(true);
    });
  });

  describe("the disk store", () => {
    it("keeps files in <root>/<bucket>/<name> and lists no half-written or foreign files", async () => {
      const root = path.join(diskRoot, "layout");
      const store = new DiskFileStore(root);
      const name = nameOf("pdf");
      await store.put("documents", name, Buffer.from("%PDF-1.4"));
      expect(fs.readFileSync(path.join(root, "documents", name), "utf8")).toBe("%PDF-1.4");
      fs.writeFileSync(path.join(root, "documents", `.${name}.abc.partial`), "half");
      fs.writeFileSync(path.join(root, "documents", "notes.txt"), "x");
      expect(await store.list("documents")).toEqual([name]);
      expect(await store.list("blog-images")).toEqual([]);
    });
  });

  describe("the database store", () => {
    it("keeps size, type and a checksum beside the bytes", async () => {
      const store = new DatabaseFileStore(database.db());
      const name = nameOf("docx");
      const bytes = random(3000);
      await store.put("documents", name, bytes);
      const rows = await database.db().select().from(storedFiles);
      const row = rows.find((r) => r.name === name)!;
      expect(row).toMatchObject({ bucket: "documents", byteSize: 3000, sha256: crypto.createHash("sha256").update(bytes).digest("hex") });
      expect(Buffer.compare(row.bytes, bytes)).toBe(0);
    });

    it("refuses bytes that no longer match their checksum instead of serving them", async () => {
      const store = new DatabaseFileStore(database.db());
      const name = nameOf("pdf");
      await store.put("documents", name, Buffer.from("%PDF-original"));
      await database
        .db()
        .update(storedFiles)
        .set({ bytes: Buffer.from("%PDF-tampered") })
        .where(and(eq(storedFiles.bucket, "documents"), eq(storedFiles.name, name)));
      await expect(store.get("documents", name)).rejects.toThrow(/checksum/);
    });

    it("writes in the caller's transaction: an existing name does not abort it, a rollback removes the file", async () => {
      const taken = nameOf("pdf");
      await new DatabaseFileStore(database.db()).put("documents", taken, Buffer.from("first"));
      const kept = nameOf("pdf");
      const rolledBack = nameOf("pdf");
      await database.db().transaction(async (tx) => {
        const store = new DatabaseFileStore(tx);
        await expect(store.put("documents", taken, Buffer.from("second"))).rejects.toBeInstanceOf(StoredFileExistsError);
        // Still usable after the refusal (on PostgreSQL a failed statement would abort it).
        await store.put("documents", kept, Buffer.from("kept"));
      });
      await database
        .db()
        .transaction(async (tx) => {
          await new DatabaseFileStore(tx).put("documents", rolledBack, Buffer.from("gone"));
          throw new Error("roll back");
        })
        .catch(() => {});
      const store = new DatabaseFileStore(database.db());
      expect((await readStoredFile(store, "documents", taken))?.toString()).toBe("first");
      expect((await readStoredFile(store, "documents", kept))?.toString()).toBe("kept");
      expect(await store.stat("documents", rolledBack)).toBeUndefined();
    });
  });

  describe("fileStore()", () => {
    it("follows UPLOAD_STORAGE, and defaults to the database only with DATABASE_URL", () => {
      const base = { DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, APP_NOW: undefined, LOG_LEVEL: "error" };
      try {
        setEnvForTests({ ...base, UPLOAD_STORAGE: "database" });
        expect(fileStore(database.db()).kind).toBe("database");
        setEnvForTests({ ...base, UPLOAD_STORAGE: "disk" });
        expect(fileStore(database.db()).kind).toBe("disk");
        setEnvForTests({ ...base, UPLOAD_STORAGE: undefined });
        expect(fileStore(database.db()).kind).toBe(process.env.DATABASE_URL ? "database" : "disk");
      } finally {
        setEnvForTests({ ...base, UPLOAD_STORAGE: undefined });
      }
    });
  });
});
