import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { storedFiles } from "../db/schema.server";
import { env, type UploadStorage } from "../env.server";
import { CONTENT_TYPES, isStoredFileKey, storedFileExtension, type Bucket } from "./files.server";

/**
 * Where uploaded files (an image's variants, a document) are kept. Two stores behind one
 * interface: the disk (DATA_DIR/uploads, the default on PGlite: one instance) and the database
 * (the stored_files table, the default with DATABASE_URL: every instance sees every file).
 *
 * Keys are a bucket and a name this app generated (`isStoredFileKey`); anything else is refused
 * by put/delete and unknown to stat/get, so a name from a URL never becomes a path or a query.
 * Files are written once: browsers cache them forever, so a name never gets other bytes.
 */
export interface FileStore {
  readonly kind: UploadStorage;
  /** Stores a new file. Throws `StoredFileExistsError` when the name is taken (nothing changes then). */
  put(bucket: Bucket, name: string, bytes: Uint8Array): Promise<void>;
  /** Size, type and time of a stored file, without reading it; undefined when there is none. */
  stat(bucket: string, name: string): Promise<StoredFileInfo | undefined>;
  /** A stored file with its bytes; undefined when there is none. */
  get(bucket: string, name: string): Promise<StoredFile | undefined>;
  /** Removes files; names that are not stored are ignored. */
  delete(bucket: Bucket, names: readonly string[]): Promise<void>;
  /** The names stored in a bucket, sorted. */
  list(bucket: Bucket): Promise<string[]>;
}

export type StoredFileInfo = { size: number; contentType: string; modifiedAt: Date };
export type StoredFile = { info: StoredFileInfo; body: ReadableStream<Uint8Array> };

export class StoredFileExistsError extends Error {
  override name = "StoredFileExistsError";
}

export class StoredFileKeyError extends Error {
  override name = "StoredFileKeyError";
}

/** Bytes in the database that no longer match their checksum: never served as the file. */
export class StoredFileCorruptError extends Error {
  override name = "StoredFileCorruptError";
}

function checkKey(bucket: Bucket, name: string): void {
  if (!isStoredFileKey(bucket, name)) throw new StoredFileKeyError(`Not a stored file name: ${JSON.stringify(`${String(bucket)}/${String(name)}`).slice(0, 120)}`);
}

function contentTypeOf(name: string): string {
  return CONTENT_TYPES[storedFileExtension(name)];
}

function sha256(bytes: Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/** The store uploads go to, by UPLOAD_STORAGE; the database store works in `db` (or its transaction). */
export function fileStore(db: DbOrTx): FileStore {
  const config = env();
  return config.uploadStorage === "database" ? new DatabaseFileStore(db) : new DiskFileStore(path.join(config.dataDir, "uploads"));
}

/** A stored file's bytes in full, e.g. for a test or a mail attachment. */
export async function readStoredFile(store: FileStore, bucket: string, name: string): Promise<Buffer | undefined> {
  const file = await store.get(bucket, name);
  return file ? Buffer.from(await new Response(file.body).arrayBuffer()) : undefined;
}

const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/** `<root>/<bucket>/<name>`: root is DATA_DIR/uploads, outside the build, so files survive deploys. */
export class DiskFileStore implements FileStore {
  readonly kind = "disk";

  constructor(private readonly root: string) {}

  private filePath(bucket: Bucket, name: string): string {
    return path.join(this.root, bucket, name);
  }

  async put(bucket: Bucket, name: string, bytes: Uint8Array): Promise<void> {
    checkKey(bucket, name);
    const dir = path.join(this.root, bucket);
    await fs.promises.mkdir(dir, { recursive: true });
    // Written under a name no reader accepts, then linked into place: a request never sees half
    // a file, and link() (unlike rename) refuses to replace a file that is already there.
    const partial = path.join(dir, `.${name}.${crypto.randomBytes(6).toString("hex")}.partial`);
    try {
      await fs.promises.writeFile(partial, bytes, { flag: "wx" });
      await fs.promises.link(partial, this.filePath(bucket, name)).catch((error: NodeJS.ErrnoException) => {
        // A file system without hard links (some network shares): an exclusive copy instead.
        if (!NO_HARD_LINKS.has(error.code ?? "")) throw error;
        return fs.promises.copyFile(partial, this.filePath(bucket, name), fs.constants.COPYFILE_EXCL);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new StoredFileExistsError(`${bucket}/${name} is already stored`);
      throw error;
    } finally {
      await fs.promises.rm(partial, { force: true });
    }
  }

  async stat(bucket: string, name: string): Promise<StoredFileInfo | undefined> {
    if (!isStoredFileKey(bucket, name)) return undefined;
    try {
      const stat = await fs.promises.stat(this.filePath(bucket, name));
      return stat.isFile() ? { size: stat.size, contentType: contentTypeOf(name), modifiedAt: stat.mtime } : undefined;
    } catch {
      return undefined;
    }
  }

  async get(bucket: string, name: string): Promise<StoredFile | undefined> {
    if (!isStoredFileKey(bucket, name)) return undefined;
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.filePath(bucket, name), "r");
    } catch {
      return undefined;
    }
    // Size and bytes from one open file: a delete in between cannot make them disagree.
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return undefined;
      }
      const stream = handle.createReadStream({ autoClose: true });
      return {
        info: { size: stat.size, contentType: contentTypeOf(name), modifiedAt: stat.mtime },
        body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
      };
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  async delete(bucket: Bucket, names: readonly string[]): Promise<void> {
    for (const name of names) checkKey(bucket, name);
    await Promise.all(names.map((name) => fs.promises.rm(this.filePath(bucket, name), { force: true })));
  }

  async list(bucket: Bucket): Promise<string[]> {
    try {
      const names = await fs.promises.readdir(path.join(this.root, bucket));
      return names.filter((name) => isStoredFileKey(bucket, name)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }
}

/**
 * Rows of stored_files. Reads the whole file into memory (bytea has no streaming read), which
 * the upload limits keep small: at most 10 MB for a document, far less for an image variant.
 */
export class DatabaseFileStore implements FileStore {
  readonly kind = "database";

  constructor(private readonly db: DbOrTx) {}

  private key(bucket: Bucket, name: string) {
    return and(eq(storedFiles.bucket, bucket), eq(storedFiles.name, name));
  }

  async put(bucket: Bucket, name: string, bytes: Uint8Array): Promise<void> {
    checkKey(bucket, name);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // ON CONFLICT DO NOTHING rather than catching a unique violation: inside a transaction on
    // PostgreSQL a failed statement would abort the whole transaction.
    const inserted = await this.db
      .insert(storedFiles)
      .values({ bucket, name, contentType: contentTypeOf(name), byteSize: buffer.byteLength, sha256: sha256(buffer), bytes: buffer })
      .onConflictDoNothing()
      .returning({ name: storedFiles.name });
    if (inserted.length === 0) throw new StoredFileExistsError(`${bucket}/${name} is already stored`);
  }

  async stat(bucket: string, name: string): Promise<StoredFileInfo | undefined> {
    if (!isStoredFileKey(bucket, name)) return undefined;
    const [row] = await this.db
      .select({ size: storedFiles.byteSize, contentType: storedFiles.contentType, modifiedAt: storedFiles.createdAt })
      .from(storedFiles)
      .where(this.key(bucket, name))
      .limit(1);
    return row;
  }

  async get(bucket: string, name: string): Promise<StoredFile | undefined> {
    if (!isStoredFileKey(bucket, name)) return undefined;
    const [row] = await this.db.select().from(storedFiles).where(this.key(bucket, name)).limit(1);
    if (!row) return undefined;
    if (row.bytes.byteLength !== row.byteSize || sha256(row.bytes) !== row.sha256) throw new StoredFileCorruptError(`${bucket}/${name} does not match its checksum`);
    const bytes = row.bytes;
    return {
      info: { size: row.byteSize, contentType: row.contentType, modifiedAt: row.createdAt },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
    };
  }

  async delete(bucket: Bucket, names: readonly string[]): Promise<void> {
    for (const name of names) checkKey(bucket, name);
    if (names.length === 0) return;
    await this.db.delete(storedFiles).where(and(eq(storedFiles.bucket, bucket), inArray(storedFiles.name, [...names])));
  }

  async list(bucket: Bucket): Promise<string[]> {
    const rows = await this.db.select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.bucket, bucket));
    // Sorted here, not by the database's collation, so both stores list in the same order.
    return rows.map((row) => row.name).sort();
  }
}
