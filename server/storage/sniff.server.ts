import { DOCX_MAX_ENTRIES, DOCX_MAX_UNPACKED_BYTES } from "./limits.server";
import { readZipDirectory } from "./zip.server";

/**
 * What a file is, judged by its bytes alone. The name and the type the browser claims are never
 * trusted: an executable renamed to .png is still an executable.
 */

export type ImageFormat = "jpeg" | "png" | "gif" | "webp" | "avif";
export type DocumentKind = "pdf" | "doc" | "docx";

function startsWith(bytes: Buffer, signature: number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((value, i) => bytes[at + i] === value);
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.length >= end ? bytes.toString("latin1", start, end) : "";
}

/** AVIF is an ISO-BMFF file whose `ftyp` box names an AVIF brand (major or compatible). */
function isAvif(bytes: Buffer): boolean {
  if (ascii(bytes, 4, 8) !== "ftyp") return false;
  const boxSize = bytes.readUInt32BE(0);
  if (boxSize < 16 || boxSize > 256 || boxSize > bytes.length) return false;
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
    if (offset === 12) continue; // minor version, not a brand
    const brand = ascii(bytes, offset, offset + 4);
    if (brand === "avif" || brand === "avis") return true;
  }
  return false;
}

export function sniffImage(bytes: Buffer): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  const gif = ascii(bytes, 0, 6);
  if (gif === "GIF87a" || gif === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && isAvif(bytes)) return "avif";
  return undefined;
}

const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A Word 97-2003 file is an OLE2 compound file with a stream named "WordDocument" (UTF-16LE). */
const WORD_STREAM_NAME = Buffer.from("WordDocument", "utf16le");

export type DocumentCheck =
  | { ok: true; kind: DocumentKind }
  | { ok: false; reason: "type" | "docx-too-large" | "docx-corrupt" };

/** PDF, DOC or DOCX by their bytes; a DOCX's declared unpacked size is capped. */
export function checkDocument(bytes: Buffer): DocumentCheck {
  if (ascii(bytes, 0, 5) === "%PDF-") return { ok: true, kind: "pdf" };
  if (startsWith(bytes, OLE2_SIGNATURE)) {
    return bytes.includes(WORD_STREAM_NAME) ? { ok: true, kind: "doc" } : { ok: false, reason: "type" };
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const directory = readZipDirectory(bytes, DOCX_MAX_ENTRIES);
    if (!directory.ok) {
      return { ok: false, reason: directory.reason === "not-zip" ? "type" : directory.reason === "corrupt" ? "docx-corrupt" : "docx-too-large" };
    }
    const names = directory.entries.map((entry) => entry.name);
    const isWord = names.includes("[Content_Types].xml") && names.some((name) => name.startsWith("word/"));
    if (!isWord) return { ok: false, reason: "type" };
    if (directory.totalUncompressed > DOCX_MAX_UNPACKED_BYTES) return { ok: false, reason: "docx-too-large" };
    return { ok: true, kind: "docx" };
  }
  return { ok: false, reason: "type" };
}

export const DOCUMENT_CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
