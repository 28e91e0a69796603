import type { MessageKey } from "~/i18n";
import type { DbOrTx } from "../db/client.server";
import type { Upload } from "../db/schema.server";
import { discardUploads, saveDocument, saveImage } from "./uploads.server";

/** The picture and document fields an admin form may carry. */
export type FormFiles = { image?: File; removeImage?: boolean; document?: File; removeDocument?: boolean };

/**
 * What a save does with the form's files: `undefined` keeps the stored one, `null` removes it,
 * a value replaces it. `stored` are the new uploads, to discard if the save fails later.
 */
export type StoredFormFiles = {
  stored: Upload[];
  image: { url: string; uploadId: string } | null | undefined;
  document: { url: string; name: string } | null | undefined;
};

/**
 * Stores a form's picture and document (checked by their bytes). When the document is refused
 * after the picture was stored, the picture is removed again: a refused form leaves nothing behind.
 */
export async function storeFormFiles(
  db: DbOrTx,
  files: FormFiles,
  uploadedBy: string | null,
): Promise<({ ok: true } & StoredFormFiles) | { ok: false; field: "image" | "document"; error: MessageKey }> {
  const stored: Upload[] = [];
  let image: StoredFormFiles["image"];
  let document: StoredFormFiles["document"];
  if (files.image) {
    const saved = await saveImage(db, files.image, uploadedBy);
    if (!saved.ok) return { ok: false, field: "image", error: saved.error };
    stored.push(saved.value.upload);
    image = { url: saved.value.url, uploadId: saved.value.upload.id };
  } else if (files.removeImage) {
    image = null;
  }
  if (files.document) {
    const saved = await saveDocument(db, files.document, uploadedBy);
    if (!saved.ok) {
      await discardUploads(db, stored);
      return { ok: false, field: "document", error: saved.error };
    }
    stored.push(saved.value.upload);
    document = { url: saved.value.url, name: saved.value.name };
  } else if (files.removeDocument) {
    document = null;
  }
  return { ok: true, stored, image, document };
}
