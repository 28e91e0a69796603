import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isStoredFileName } from "@server/storage/files.server";
import { DOCX_MAX_UNPACKED_BYTES } from "@server/storage/limits.server";
import { checkDocument, sniffImage } from "@server/storage/sniff.server";
import { variantWidths } from "@server/storage/uploads.server";
import { readZipDirectory } from "@server/storage/zip.server";
import { makeDoc, makeDocx, makeDocxBomb, makeElf, makePdf, makeXls, makeZip } from "./upload-fixtures";

async function image(format: "jpeg" | "png" | "webp" | "gif" | "avif"): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: "#0e4a6e" } })
    .toFormat(format)
    .toBuffer();
}

describe("sniffImage: images by their bytes", () => {
  it.each(["jpeg", "png", "webp", "gif", "avif"] as const)("recognises %s", async (format) => {
    expect(sniffImage(await image(format))).toBe(format);
  });

  it("refuses an executable, a PDF, text and SVG", () => {
    expect(sniffImage(makeElf())).toBeUndefined();
    expect(sniffImage(makePdf())).toBeUndefined();
    expect(sniffImage(Buffer.from("just some text, named photo.png"))).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });
});

describe("checkDocument: PDF, DOC, DOCX by their bytes", () => {
  it("accepts a PDF, a Word 97 file and a DOCX", () => {
    expect(checkDocument(makePdf())).toEqual({ ok: true, kind: "pdf" });
    expect(checkDocument(makeDoc())).toEqual({ ok: true, kind: "doc" });
    expect(checkDocument(makeDocx())).toEqual({ ok: true, kind: "docx" });
  });

  it("refuses text renamed to .pdf, an executable, an Excel file and a plain zip", () => {
    expect(checkDocument(Buffer.from("Dit is een tekstbestand met de naam brochure.pdf"))).toEqual({ ok: false, reason: "type" });
    expect(checkDocument(makeElf())).toEqual({ ok: false, reason: "type" });
    expect(checkDocument(makeXls())).toEqual({ ok: false, reason: "type" });
    expect(checkDocument(makeZip([{ name: "notes.txt", data: Buffer.from("hello") }]))).toEqual({ ok: false, reason: "type" });
  });

  it("refuses a DOCX whose central directory says it unpacks to more than the cap", () => {
    const bomb = makeDocxBomb(DOCX_MAX_UNPACKED_BYTES + 1024);
    // Small on disk: the size limit alone would let it through.
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(checkDocument(bomb)).toEqual({ ok: false, reason: "docx-too-large" });
  });

  it("accepts a DOCX just under the cap", () => {
    expect(checkDocument(makeDocxBomb(DOCX_MAX_UNPACKED_BYTES - 4096))).toEqual({ ok: true, kind: "docx" });
  });

  it("refuses a zip whose directory is cut off", () => {
    const docx = makeDocx();
    const truncated = Buffer.concat([docx.subarray(0, docx.length - 60), docx.subarray(docx.length - 22)]);
    expect(checkDocument(truncated).ok).toBe(false);
  });
});

describe("readZipDirectory", () => {
  it("lists names and declared sizes without unpacking", () => {
    const zip = makeZip([
      { name: "a.txt", data: Buffer.from("abc") },
      { name: "dir/b.xml", data: Buffer.alloc(5000, 0x41), deflate: true },
    ]);
    const directory = readZipDirectory(zip, 10);
    expect(directory).toMatchObject({ ok: true, totalUncompressed: 5003 });
    if (directory.ok) expect(directory.entries.map((e) => e.name)).toEqual(["a.txt", "dir/b.xml"]);
  });

  it("stops at the entry limit", () => {
    const zip = makeZip(Array.from({ length: 5 }, (_, i) => ({ name: `f${i}`, data: Buffer.from("x") })));
    expect(readZipDirectory(zip, 4)).toEqual({ ok: false, reason: "too-many-entries" });
  });
});

describe("stored names and widths", () => {
  it("serves only names the app generated", () => {
    expect(isStoredFileName("1735689600000-0123456789abcdef-1280.webp")).toBe(true);
    expect(isStoredFileName("1735689600000-0123456789abcdef.pdf")).toBe(true);
    expect(isStoredFileName("../../etc/passwd")).toBe(false);
    expect(isStoredFileName("1735689600000-0123456789abcdef.html")).toBe(false);
    expect(isStoredFileName("photo.webp")).toBe(false);
  });

  it("never enlarges: widths are capped at the original", () => {
    expect(variantWidths(4000)).toEqual([640, 1280, 1920]);
    expect(variantWidths(1000)).toEqual([640, 1000]);
    expect(variantWidths(1280)).toEqual([640, 1280]);
    expect(variantWidths(300)).toEqual([300]);
  });
});
