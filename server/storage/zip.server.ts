/**
 * A minimal reader for a zip file's central directory: entry names and declared sizes, without
 * unpacking anything. Enough to recognise a DOCX and to refuse one that would unpack to far more
 * than its size (a zip bomb) before anybody opens it.
 */

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const EOCD_MIN_LENGTH = 22;
const MAX_COMMENT_LENGTH = 0xffff;
/** Values that mean "look in the ZIP64 record": a document of at most 10 MB never needs ZIP64. */
const ZIP64_MARKER_16 = 0xffff;
const ZIP64_MARKER_32 = 0xffffffff;

export type ZipEntry = { name: string; compressedSize: number; uncompressedSize: number };

export type ZipDirectory =
  | { ok: true; entries: ZipEntry[]; totalUncompressed: number }
  | { ok: false; reason: "not-zip" | "zip64" | "corrupt" | "too-many-entries" };

function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_MIN_LENGTH - MAX_COMMENT_LENGTH);
  for (let offset = bytes.length - EOCD_MIN_LENGTH; offset >= lowest; offset--) {
    if (bytes.readUInt32LE(offset) === EOCD_SIGNATURE) return offset;
  }
  return -1;
}

/** Reads the central directory; stops early when it lists more than `maxEntries` entries. */
export function readZipDirectory(bytes: Buffer, maxEntries: number): ZipDirectory {
  if (bytes.length < EOCD_MIN_LENGTH || bytes.readUInt32LE(0) !== 0x04034b50) return { ok: false, reason: "not-zip" };
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) return { ok: false, reason: "not-zip" };

  const entryCount = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (entryCount === ZIP64_MARKER_16 || directorySize === ZIP64_MARKER_32 || directoryOffset === ZIP64_MARKER_32) {
    return { ok: false, reason: "zip64" };
  }
  if (entryCount > maxEntries) return { ok: false, reason: "too-many-entries" };
  if (directoryOffset + directorySize > eocd) return { ok: false, reason: "corrupt" };

  const entries: ZipEntry[] = [];
  let totalUncompressed = 0;
  let offset = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (offset + 46 > eocd || bytes.readUInt32LE(offset) !== CENTRAL_ENTRY_SIGNATURE) return { ok: false, reason: "corrupt" };
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const uncompressedSize = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (compressedSize === ZIP64_MARKER_32 || uncompressedSize === ZIP64_MARKER_32) return { ok: false, reason: "zip64" };
    const nameStart = offset + 46;
    const next = nameStart + nameLength + extraLength + commentLength;
    if (next > eocd) return { ok: false, reason: "corrupt" };
    const name = bytes.toString("utf8", nameStart, nameStart + nameLength);
    entries.push({ name, compressedSize, uncompressedSize });
    totalUncompressed += uncompressedSize;
    offset = next;
  }
  return { ok: true, entries, totalUncompressed };
}
