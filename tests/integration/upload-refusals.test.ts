// @engine pglite: upload refusals before anything is stored: HTTP glue
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as newAction } from "~/routes/admin/blog-new";
import { loader as uploadsLoader } from "~/routes/uploads";
import { translate } from "~/i18n";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { db } from "@server/db/client.server";
import { blogPosts, uploads } from "@server/db/schema.server";
import { fileStore, readStoredFile } from "@server/storage/file-store.server";
import type { Bucket } from "@server/storage/files.server";
import { readUploadForm } from "@server/storage/form.server";
import { saveDocument, saveImage } from "@server/storage/uploads.server";
import { useTestDatabase } from "../support/db";
import { makeDoc, makeDocx, makeDocxBomb, makeElf, makePdf } from "../unit/upload-fixtures";
import { signedInUser } from "./admin-fixtures";
import { call, multipartRequest, unwrap, type UploadPart } from "./admin-articles-helpers";

type FormAnswer = { feedback?: { kind: string; message?: string }; result?: { error?: Record<string, string[] | null> } | null };

const MB = 1024 * 1024;

/** Whether an EXIF block names a GPS directory (tag 0x8825 in IFD0). */
function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.toString("latin1", 0, 6) === "Exif\0\0" ? exif.subarray(6) : exif;
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  for (let i = 0; i < u16(ifd); i++) if (u16(ifd + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** A holiday snap as phones write it: GPS position in EXIF, camera held sideways (orientation 6). */
async function phonePhotoWithGps(): Promise<Buffer> {
  const tagged = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#1b78ad" } })
    .withExif({
      IFD0: { Make: "PhoneCam", Model: "Test 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 6/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "4/1 16/1 0/1" },
    })
    .jpeg()
    .toBuffer();
  return sharp(tagged).withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

const fileOf = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe("uploads", () => {
  const database = useTestDatabase();
  let cookie: string;
  beforeAll(async () => {
    await resetLoginLimitsForTests();
    cookie = (await signedInUser({ admin: true })).cookie;
  });

  // Through the store the app uses: the disk on PGlite, the database with DATABASE_URL.
  const bucketFiles = (bucket: Bucket) => fileStore(database.db()).list(bucket);

  async function submit(files: UploadPart[], slug: string) {
    const fields = { title: "Upload test", slug, description: "Beschrijving", content: "Inhoud" };
    return unwrap<FormAnswer>(await call(newAction, multipartRequest("/admin/blog/new", cookie, fields, files)));
  }

  it("refuses an executable renamed to .png with a claimed image type, and stores nothing", async () => {
    const answer = await submit([{ field: "image", bytes: makeElf(), name: "foto.png", type: "image/png" }], "elf-als-png");
    expect(answer.status).toBe(400);
    expect(answer.data.feedback).toMatchObject({ kind: "error", message: "admin.uploads.imageType" });
    expect(answer.data.result?.error?.image).toEqual([translate("nl", "admin.uploads.imageType")]);
    expect(await database.db().$count(uploads)).toBe(0);
    expect(await database.db().$count(blogPosts)).toBe(0);
    expect(await bucketFiles("blog-images")).toEqual([]);
  });

  it("refuses an image over 5 MB with 'Maximum grootte is 5MB'", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).png().toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(6 * MB - png.length)]);
    const answer = await submit([{ field: "image", bytes: big, name: "groot.png", type: "image/png" }], "te-groot");
    expect(answer.status).toBe(400);
    expect(answer.data.result?.error?.image).toEqual(["Maximum grootte is 5MB"]);
    expect(await database.db().$count(uploads)).toBe(0);
  });

  it("refuses a text file renamed to .pdf, and a document over 10 MB", async () => {
    const text = await submit([{ field: "document", bytes: Buffer.from("Gewoon tekst, geen PDF."), name: "brochure.pdf", type: "application/pdf" }], "tekst-als-pdf");
    expect(text.status).toBe(400);
    expect(text.data.result?.error?.document).toEqual(["Alleen PDF-, DOC- of DOCX-bestanden zijn toegestaan."]);
    const large = Buffer.concat([makePdf(), Buffer.alloc(10 * MB + 1)]);
    expect((await saveDocument(db(), fileOf(large, "groot.pdf", "application/pdf"), null)).ok).toBe(false);
    expect(await saveDocument(db(), fileOf(large, "groot.pdf", "application/pdf"), null)).toEqual({ ok: false, error: "admin.uploads.documentTooLarge" });
    expect(translate("nl", "admin.uploads.documentTooLarge")).toBe("Maximum grootte is 10MB");
    expect(await bucketFiles("documents")).toEqual([]);
  });

  it("removes the image again when the document of the same form is refused", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#0b1f33" } }).jpeg().toBuffer();
    const answer = await submit(
      [
        { field: "image", bytes: jpeg, name: "ok.jpg", type: "image/jpeg" },
        { field: "document", bytes: makeElf(), name: "virus.pdf", type: "application/pdf" },
      ],
      "half-goed",
    );
    expect(answer.status).toBe(400);
    expect(await database.db().$count(uploads)).toBe(0);
    expect(await bucketFiles("blog-images")).toEqual([]);
  });

  it("refuses a DOCX that unpacks beyond the cap (zip bomb), accepts a real DOCX and DOC", async () => {
    expect(await saveDocument(db(), fileOf(makeDocxBomb(), "bom.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), null)).toEqual({
      ok: false,
      error: "admin.uploads.docxTooLarge",
    });
    const docx = await saveDocument(db(), fileOf(makeDocx(), "Programma.docx", "application/octet-stream"), "admin@example.com");
    expect(docx.ok).toBe(true);
    if (!docx.ok) return;
    expect(docx.value.url).toMatch(/\.docx$/);
    const served = (await call(uploadsLoader, new Request(`http://localhost${docx.value.url}`), { bucket: "documents", file: docx.value.url.split("/").pop()! })) as Response;
    expect(served.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment; filename="Programma.docx"/);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    const doc = await saveDocument(db(), fileOf(makeDoc(), "oud.doc", "application/msword"), null);
    expect(doc.ok && doc.value.url.endsWith(".doc")).toBe(true);
  });

  it("re-encodes an accepted photo: upright, AVIF and WebP, no EXIF and no GPS left", async () => {
    const photo = await phonePhotoWithGps();
    const original = await sharp(photo).metadata();
    expect(exifHasGps(original.exif)).toBe(true);

    const saved = await saveImage(db(), fileOf(photo, "strand.jpg", "image/jpeg"), "admin@example.com");
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const { upload } = saved.value;
    // Orientation 6 means the camera was turned: the stored picture is portrait.
    expect({ width: upload.width, height: upload.height }).toEqual({ width: 1200, height: 1600 });
    expect(new Set(upload.variants.map((v) => v.format))).toEqual(new Set(["avif", "webp"]));
    expect(upload.variants.map((v) => v.width).sort((a, b) => a - b)).toEqual([640, 640, 1200, 1200]);
    for (const variant of upload.variants) {
      const stored = await readStoredFile(fileStore(database.db()), "blog-images", variant.file);
      if (!stored) throw new Error(`${variant.file} is not stored`);
      expect(stored.includes(Buffer.from("PhoneCam"))).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(exifHasGps(meta.exif)).toBe(false);
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.height! > meta.width!).toBe(true);
    }
  });

  it("takes pictures of a few pixels (5 px wide, 1 px tall), stores and serves every variant", async () => {
    for (const [width, height] of [
      [5, 5],
      [5, 1],
      [1, 7],
    ]) {
      const png = await sharp({ create: { width, height, channels: 3, background: "#1b78ad" } }).png().toBuffer();
      const answer = await submit([{ field: "image", bytes: png, name: `klein-${width}x${height}.png`, type: "image/png" }], `klein-${width}-${height}`);
      expect(answer.data.feedback?.kind, JSON.stringify(answer.data.feedback)).not.toBe("error");
      const [post] = await database.db().select().from(blogPosts).where(eq(blogPosts.slug, `klein-${width}-${height}`));
      expect(post.image).toMatch(new RegExp(`^/uploads/blog-images/\\d+-[0-9a-f]{16}-${width}\\.webp$`));
      const [upload] = await database.db().select().from(uploads).where(eq(uploads.storageKey, post.image!.split("/").pop()!.replace(/-\d+\.webp$/, "")));
      expect(upload.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual([`avif ${width}x${height}`, `webp ${width}x${height}`]);
      for (const variant of upload.variants) {
        const served = (await call(uploadsLoader, new Request(`http://localhost/uploads/blog-images/${variant.file}`), { bucket: "blog-images", file: variant.file })) as Response;
        expect(served.status).toBe(200);
      }
    }
  });

  it("answers 413 before reading a body larger than the form limit", async () => {
    const request = multipartRequest("/admin/blog/new", cookie, { title: "x" }, [], { "content-length": String(30 * MB) });
    const answer = unwrap<FormAnswer>(await call(newAction, request));
    expect(answer.status).toBe(413);
    expect(answer.data.feedback?.message).toBe("admin.uploads.requestTooLarge");
    // A body without Content-Length is counted while read.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(600));
        controller.enqueue(new Uint8Array(600));
        controller.close();
      },
    });
    const chunked = new Request("http://localhost/x", { method: "POST", body: stream, headers: { "content-type": "multipart/form-data; boundary=x" }, duplex: "half" } as RequestInit);
    expect(await readUploadForm(chunked, 1000)).toEqual({ ok: false, status: 413 });
  });

  it("serves only files it stored: no traversal, no foreign names, no wrong bucket", async () => {
    fs.mkdirSync(path.join(database.dataDir(), "uploads", "documents"), { recursive: true });
    fs.writeFileSync(path.join(database.dataDir(), "uploads", "secret.txt"), "geheim");
    for (const [bucket, file] of [
      ["documents", "../secret.txt"],
      ["documents", "..%2Fsecret.txt"],
      ["blog-images", "1735689600000-0123456789abcdef.pdf"],
      ["private", "1735689600000-0123456789abcdef.pdf"],
      ["documents", "1735689600000-0123456789abcdef.pdf"],
    ]) {
      const response = (await call(uploadsLoader, new Request("http://localhost/uploads/x"), { bucket, file })) as Response;
      expect(response.status, `${bucket}/${file}`).toBe(404);
    }
  });
});
