import { and, eq, inArray, isNull } from "drizzle-orm";
import type { MessageKey } from "~/i18n";
import type { CrewFileRef } from "~/schemas/crew";
import type { DbOrTx } from "../db/client.server";
import { crewFiles } from "../db/schema.server";
import { cleanOriginalName } from "../storage/files.server";
import { DOCUMENT_MAX_BYTES, MB } from "../storage/limits.server";
import { sniffImage } from "../storage/sniff.server";
import { openBytes, openText, sealBytes, sealText } from "./seal.server";

/**
 * The crew file's documents (issue 27, decision 043): a medical declaration, a certificate, a
 * passport scan. PDF, JPEG or PNG judged by their bytes alone (the name and the type the browser
 * claims are never trusted), at most 10 MB, and never in the public upload store: name and bytes
 * are sealed in `crew_files`, served only to the participant's own link and to staff.
 */

/** The largest file a participant may give (the admin's document limit). */
export const CREW_FILE_MAX_BYTES = DOCUMENT_MAX_BYTES;
/** A crew-file form's whole body: one file and a few text fields (server/http/limits.server.ts). */
export const CREW_FORM_MAX_BYTES = CREW_FILE_MAX_BYTES + MB;

export const CREW_FILE_TYPES = { pdf: "application/pdf", jpeg: "image/jpeg", png: "image/png" } as const;

export type CheckedCrewFile = { name: string; contentType: string; bytes: Buffer };

/** What the file is by its bytes: PDF, JPEG or PNG, else undefined. */
export function sniffCrewFile(bytes: Buffer): keyof typeof CREW_FILE_TYPES | undefined {
  if (bytes.length >= 5 && bytes.toString("latin1", 0, 5) === "%PDF-") return "pdf";
  const image = sniffImage(bytes);
  return image === "jpeg" || image === "png" ? image : undefined;
}

/** A form's file checked: its size, then its bytes. An empty file field is "no file". */
export async function checkCrewFile(file: File): Promise<{ ok: true; file: CheckedCrewFile } | { ok: false; error: MessageKey }> {
  if (file.size > CREW_FILE_MAX_BYTES) return { ok: false, error: "crew.error.fileTooLarge" };
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > CREW_FILE_MAX_BYTES) return { ok: false, error: "crew.error.fileTooLarge" };
  const kind = sniffCrewFile(bytes);
  if (!kind) return { ok: false, error: "crew.error.fileType" };
  return { ok: true, file: { name: cleanOriginalName(file.name), contentType: CREW_FILE_TYPES[kind], bytes } };
}

/** A form field that carries a file (a browser sends an empty, nameless one when none was chosen). */
export function formFile(value: FormDataEntryValue | null): File | undefined {
  return typeof value === "object" && value !== null && value.size > 0 ? value : undefined;
}

/** Stores a checked file of a place's item, sealed; its reference for the answer. */
export async function storeCrewFile(tx: DbOrTx, placeId: string, itemId: string, file: CheckedCrewFile): Promise<CrewFileRef> {
  const [row] = await tx
    .insert(crewFiles)
    .values({ placeId, itemId, contentType: file.contentType, byteSize: file.bytes.length, sealedName: sealText(file.name), sealedBytes: sealBytes(file.bytes) })
    .returning({ id: crewFiles.id });
  return { fileId: row.id, name: file.name, contentType: file.contentType, byteSize: file.bytes.length };
}

/**
 * Erases files' name and bytes (the row stays, with its size, type and `erasedAt`): a replaced
 * file, the retention sweep, a personal-data erasure. Returns how many were erased now.
 */
export async function eraseCrewFiles(tx: DbOrTx, fileIds: string[], at: Date): Promise<number> {
  if (fileIds.length === 0) return 0;
  const erased = await tx
    .update(crewFiles)
    .set({ sealedName: null, sealedBytes: null, erasedAt: at })
    .where(and(inArray(crewFiles.id, fileIds), isNull(crewFiles.erasedAt)))
    .returning({ id: crewFiles.id });
  return erased.length;
}

/** The other files of a place's item (what a new upload replaces). */
export async function otherFilesOfItem(tx: DbOrTx, placeId: string, itemId: string, keep: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: crewFiles.id })
    .from(crewFiles)
    .where(and(eq(crewFiles.placeId, placeId), eq(crewFiles.itemId, itemId), isNull(crewFiles.erasedAt)));
  return rows.map((r) => r.id).filter((id) => !keep.includes(id));
}

/** A place's own file, opened (name and bytes), or undefined when it is not theirs or was erased. */
export async function openCrewFile(db: DbOrTx, placeId: string, fileId: string): Promise<CheckedCrewFile | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) return undefined;
  const [row] = await db
    .select()
    .from(crewFiles)
    .where(and(eq(crewFiles.id, fileId), eq(crewFiles.placeId, placeId)))
    .limit(1);
  if (!row || row.erasedAt || !row.sealedBytes || !row.sealedName) return undefined;
  return { name: openText(row.sealedName), contentType: row.contentType, bytes: openBytes(row.sealedBytes) };
}

/** RFC 6266: an ASCII fallback and the real name in UTF-8. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
